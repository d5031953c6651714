"""The checked-in openapi.yaml is the spec the app serves; regenerate it with `make openapi` when this fails."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from flask import Flask
from flask.testing import FlaskClient

CONTRACT = Path(__file__).resolve().parents[2] / "openapi.yaml"
NOT_IN_SPEC = {"/openapi.json", "/openapi.yaml", "/docs", "/docs/assets/<path:name>", "/static/<path:filename>"}
HINT = "openapi.yaml is out of date: run `make openapi` (MELDBOOK_SQLITE_PATH=<a temp file>) and commit it"


def served_spec(app: Flask) -> dict[str, Any]:
    """The spec flask-smorest builds from the app's blueprints and schemas."""
    api = app.extensions["flask-smorest"]["apis"][""]["ext_obj"]
    spec: dict[str, Any] = api.spec.to_dict()
    return spec


def test_the_served_spec_equals_the_checked_in_openapi_yaml(sqlite_app: Flask) -> None:
    checked_in = yaml.safe_load(CONTRACT.read_text(encoding="utf8"))
    assert served_spec(sqlite_app) == checked_in, HINT


def test_get_openapi_yaml_serves_exactly_the_checked_in_file(sqlite_client: FlaskClient) -> None:
    response = sqlite_client.get("/openapi.yaml")
    assert response.status_code == 200
    assert response.get_data() == CONTRACT.read_bytes()


def test_get_openapi_json_serves_the_same_spec(sqlite_app: Flask) -> None:
    response = sqlite_app.test_client().get("/openapi.json")
    assert response.status_code == 200
    assert response.get_json() == yaml.safe_load(CONTRACT.read_text(encoding="utf8"))


def test_every_api_route_of_the_app_is_in_the_spec_with_its_methods(sqlite_app: Flask) -> None:
    paths = served_spec(sqlite_app)["paths"]
    routes = [rule for rule in sqlite_app.url_map.iter_rules() if rule.rule not in NOT_IN_SPEC]
    assert routes
    for rule in routes:
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        assert path in paths, f"{rule.rule} is served but not in the spec"
        methods = {m.lower() for m in rule.methods or ()} - {"head", "options"}
        assert methods <= set(paths[path]), (rule.rule, methods, set(paths[path]))
    served = {re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule) for rule in routes}
    assert set(paths) == served


def test_every_operation_documents_its_problem_responses(sqlite_app: Flask) -> None:
    spec = served_spec(sqlite_app)
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            if method == "parameters":
                continue
            assert "default" in operation["responses"], (path, method)
    moves = spec["paths"]["/games/{game_id}/moves"]["post"]["responses"]
    assert {"201", "401", "403", "409", "412", "422", "428"} <= set(moves)
