"""The checked-in openapi.yaml is the spec the app serves; regenerate it with `make openapi` when this fails."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from flask import Flask
from flask.testing import FlaskClient

CONTRACT = Path(__file__).resolve().parents[2] / "openapi.yaml"
NOT_IN_SPEC = {
    "/openapi.json",
    "/openapi.yaml",
    "/docs",
    "/docs/assets/<path:name>",
    "/static/<path:filename>",
    "/games/<uuid:game_id>/view",  # a page for people (api/pages.py), not an operation of the API
    "/games/<uuid:game_id>/record",  # the record page (api/record_page.py), likewise
    "/language/<code>",  # the pages' language switch (api/i18n.py)
}
MANAGED = (("setup", "patch"), ("discard", "post"), ("pairings", "post"))
"""The recorder's operations on a game beside its tokens and seats: fixing its setup, discarding it, pairing codes."""
PAGE_ENDPOINTS = ("play_pages.",)
"""Blueprints of pages for people (api/play_pages.py: /play, /pair, GET /games/{id}/setup), not operations of the API;
a page may share its path with an operation (PATCH /games/{id}/setup is one)."""
HINT = "openapi.yaml is out of date: run `make openapi` (MELDBOOK_SQLITE_PATH=<a temp file>) and commit it"


def served_spec(app: Flask) -> dict[str, Any]:
    """The spec flask-smorest builds from the app's blueprints and schemas."""
    api = app.extensions["flask-smorest"]["apis"][""]["ext_obj"]
    spec: dict[str, Any] = api.spec.to_dict()
    return spec


def test_the_served_spec_equals_the_checked_in_openapi_yaml(shared_sqlite_app: Flask) -> None:
    checked_in = yaml.safe_load(CONTRACT.read_text(encoding="utf8"))
    assert served_spec(shared_sqlite_app) == checked_in, HINT


def test_get_openapi_yaml_serves_exactly_the_checked_in_file(shared_sqlite_client: FlaskClient) -> None:
    response = shared_sqlite_client.get("/openapi.yaml")
    assert response.status_code == 200
    assert response.get_data() == CONTRACT.read_bytes()


def test_get_openapi_json_serves_the_same_spec(shared_sqlite_app: Flask) -> None:
    response = shared_sqlite_app.test_client().get("/openapi.json")
    assert response.status_code == 200
    assert response.get_json() == yaml.safe_load(CONTRACT.read_text(encoding="utf8"))


def test_every_api_route_of_the_app_is_in_the_spec_with_its_methods(shared_sqlite_app: Flask) -> None:
    paths = served_spec(shared_sqlite_app)["paths"]
    routes = [
        rule
        for rule in shared_sqlite_app.url_map.iter_rules()
        if rule.rule not in NOT_IN_SPEC and not rule.endpoint.startswith(PAGE_ENDPOINTS)
    ]
    assert routes
    for rule in routes:
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        assert path in paths, f"{rule.rule} is served but not in the spec"
        methods = {m.lower() for m in rule.methods or ()} - {"head", "options"}
        assert methods <= set(paths[path]), (rule.rule, methods, set(paths[path]))
    served = {re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule) for rule in routes}
    assert set(paths) == served


def test_every_operation_documents_its_problem_responses(shared_sqlite_app: Flask) -> None:
    spec = served_spec(shared_sqlite_app)
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            if method == "parameters":
                continue
            assert "default" in operation["responses"], (path, method)
    moves = spec["paths"]["/games/{game_id}/moves"]["post"]["responses"]
    assert {"201", "401", "403", "409", "412", "422", "428"} <= set(moves)


def _resolved(spec: dict[str, Any], item: dict[str, Any]) -> dict[str, Any]:
    """A response or parameter, following a $ref into the components."""
    while "$ref" in item:
        section, name = item["$ref"].split("/")[-2:]
        item = spec["components"][section][name]
    return item


def _operations(spec: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (path, method, operation)
        for path, operations in spec["paths"].items()
        for method, operation in operations.items()
        if method != "parameters"
    ]


def test_every_error_response_is_documented_as_the_problem_document_it_is_served_as(shared_sqlite_app: Flask) -> None:
    spec = served_spec(shared_sqlite_app)
    for path, method, operation in _operations(spec):
        for status, response in operation["responses"].items():
            if status == "default" or int(status) >= 400:
                content = _resolved(spec, response).get("content", {})
                assert set(content) == {"application/problem+json"}, (path, method, status, content)
                assert content["application/problem+json"]["schema"] == {"$ref": "#/components/schemas/Problem"}


def test_every_json_body_documents_its_400_413_and_415(shared_sqlite_app: Flask) -> None:
    spec = served_spec(shared_sqlite_app)
    bodies = [(p, m, o) for p, m, o in _operations(spec) if "requestBody" in o]
    assert {(p, m) for p, m, _ in bodies} == {
        ("/games", "post"),
        ("/games/{game_id}/moves", "post"),
        ("/games/{game_id}/corrections", "post"),
        ("/games/{game_id}/tokens/viewers", "post"),
        ("/games/{game_id}/seats/{player}", "put"),
        ("/games/{game_id}/annotations", "post"),
        ("/games/{game_id}/annotations/{annotation_id}", "patch"),
        ("/games/{game_id}/stream-tickets", "post"),
        ("/games/{game_id}/what-if", "post"),
        ("/games/{game_id}/disputes", "post"),
        ("/games/{game_id}/disputes/{dispute_id}/evidence", "post"),
        ("/games/{game_id}/disputes/{dispute_id}/ruling", "post"),
        ("/games/import", "post"),
        ("/games/{game_id}/hands/{hand}/confirmations", "post"),
        ("/nights", "post"),
        ("/nights/{night_id}/games", "post"),
        ("/games/{game_id}/setup", "patch"),
        ("/games/{game_id}/discard", "post"),
        ("/games/{game_id}/pairings", "post"),
        ("/pairings/redeem", "post"),
    }
    for path, method, operation in bodies:
        assert {"400", "413", "415", "422"} <= set(operation["responses"]), (path, method)


def test_the_import_takes_the_notation_as_text_up_to_a_stated_size(shared_sqlite_app: Flask) -> None:
    operation = served_spec(shared_sqlite_app)["paths"]["/games/import"]["post"]
    content = operation["requestBody"]["content"]
    assert set(content) == {"application/vnd.meldbook.notation"}, "text/plain only with a token: not a body to fuzz"
    assert {c["schema"]["maxLength"] for c in content.values()} == {8 * 1024 * 1024}
    assert "8 MiB" in operation["responses"]["413"]["description"]


def test_moves_need_a_recorder_or_seat_token_reads_accept_any_token_tokens_the_recorders_and_the_rest_none(
    shared_sqlite_app: Flask,
) -> None:
    spec = served_spec(shared_sqlite_app)
    schemes = spec["components"]["securitySchemes"]
    assert set(schemes) == {"recorderToken", "seatToken", "viewerToken", "arbiterToken"}
    assert {(s["type"], s["scheme"]) for s in schemes.values()} == {("http", "bearer")}
    security = {(p, m): o.get("security") for p, m, o in _operations(spec)}
    assert security.pop(("/games/{game_id}/moves", "post")) == [{"recorderToken": []}, {"seatToken": []}]
    assert security.pop(("/games/{game_id}/corrections", "post")) == [{"recorderToken": []}, {"arbiterToken": []}]
    annotation = "/games/{game_id}/annotations/{annotation_id}"
    evidence = "/games/{game_id}/disputes/{dispute_id}/evidence"
    for write in (
        ("/games/{game_id}/annotations", "post"),
        (annotation, "patch"),
        (annotation, "delete"),
        ("/games/{game_id}/disputes", "post"),
        (evidence, "post"),
        ("/games/{game_id}/hands/{hand}/confirmations", "post"),
    ):
        assert security.pop(write) == [{"recorderToken": []}, {"seatToken": []}], write
    ruling = ("/games/{game_id}/disputes/{dispute_id}/ruling", "post")
    assert security.pop(ruling) == [{"arbiterToken": []}, {"recorderToken": []}]
    paths = ("", "/events", "/state", "/replay", "/stream", "/annotations", "/disputes", "/verify", "/confirmations")
    paths += ("/settlement", "/audit", "/notation", "/setup")
    reads = [(f"/games/{{game_id}}{path}", "get") for path in paths]
    reads += [("/games/{game_id}/settlement/players/{player}", "get"), ("/games/{game_id}/what-if", "post")]
    for read in [*reads, ("/games/{game_id}/stream-tickets", "post")]:
        assert security.pop(read) == [{}, *({name: []} for name in schemes)], read
    recorder_only = [key for key in security if "/tokens/" in key[0] or "/seats/" in key[0]]
    recorder_only += [(f"/games/{{game_id}}/{path}", method) for path, method in MANAGED]
    for path, method in recorder_only:
        assert security.pop((path, method)) == [{"recorderToken": []}], (path, method)
    for night_games in (("/nights/{night_id}/games", "post"), ("/nights/{night_id}/games/{game_id}", "delete")):
        assert security.pop(night_games) == [{"recorderToken": []}], night_games  # and the night's X-Night-Token
    assert set(security.values()) == {None}


def test_the_version_headers_and_their_answers_are_documented(shared_sqlite_app: Flask) -> None:
    spec = served_spec(shared_sqlite_app)
    move = spec["paths"]["/games/{game_id}/moves"]["post"]
    if_match = [_resolved(spec, p) for p in move["parameters"] if _resolved(spec, p)["name"] == "If-Match"]
    assert if_match and if_match[0]["in"] == "header" and "428" in if_match[0]["description"]
    assert {"409", "412", "428"} <= set(move["responses"])
    assert "ETag" in move["responses"]["201"]["headers"]
    assert "ETag" in spec["paths"]["/games/{game_id}"]["get"]["responses"]["200"]["headers"]
    assert {"ETag", "Location"} <= set(spec["paths"]["/games"]["post"]["responses"]["201"]["headers"])


def test_the_stream_is_documented_as_server_sent_events_resuming_after_last_event_id(shared_sqlite_app: Flask) -> None:
    stream = served_spec(shared_sqlite_app)["paths"]["/games/{game_id}/stream"]["get"]
    assert set(stream["responses"]["200"]["content"]) == {"text/event-stream"}
    parameters = {(p["in"], p["name"]) for p in stream["parameters"]}
    assert {("header", "Last-Event-ID"), ("query", "last_event_id"), ("query", "ticket")} <= parameters
