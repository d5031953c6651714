"""Rules versions over HTTP: GET /variants lists them with their changes; a game says which it follows; the
notation writes and reads the version (a record without the tag is under the first, as every record written before
versions existed); a recorder carries a game on under the newest rules with If-Match; a record a newer Meldbook
wrote answers a problem naming what it does not know, never a 500."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from domain.record.moves import MoveRecorded
from tests.e2e.helpers import Created, assert_problem, bearer, create, stored
from tests.integration.test_rules_versions import royal_ended_between_deals, stored_as_a_newer_meldbook_would

NOTATION = "application/vnd.meldbook.notation"


def test_the_variants_list_each_version_of_their_rules_with_what_it_changed(shared_client: FlaskClient) -> None:
    variants = {v["name"]: v for v in shared_client.get("/variants").get_json()["variants"]}
    assert {name: v["rules_version"] for name, v in variants.items()} == {"roby": 2, "robins": 1, "royal": 2}
    for variant in variants.values():
        versions = variant["rules_versions"]
        assert [v["version"] for v in versions] == list(range(1, variant["rules_version"] + 1))
        assert all(v["changes"] for v in versions)
    assert variants["royal"]["rules_versions"][1]["changes"][0].startswith("royal.end.ante-returned: ")
    assert variants["roby"]["rules_versions"][1]["changes"][0].startswith("roby.reenlist.two-remain: ")
    adopt = {a["type"]: a for a in variants["roby"]["actions"]}["adopt_rules"]
    assert adopt["table_action"] and {f["name"]: f.get("choices") for f in adopt["fields"]} == {
        "rules": [1, 2], "confirm": None}


def recorded_over_http(client: FlaskClient, rules: int) -> Created:
    """The hand-worked Royal Rummy game (tests/integration/test_rules_versions.py) recorded move by move."""
    game = create(client, ("p1", "p2", "p3"), "royal", "recorded", options={"poker": False})
    version = game.version
    for envelope in royal_ended_between_deals(rules).pending_events:
        if isinstance(envelope, MoveRecorded):
            answer = client.post(f"{game.url}/moves", json=envelope.action,
                                 headers={**game.auth, "If-Match": f'"{version}"'})
            assert answer.status_code == 201, answer.get_json()
            version = answer.get_json()["version"]
    return game


def chips_of(client: FlaskClient, game_id: str) -> dict[str, int]:
    balances = client.get(f"/games/{game_id}/settlement").get_json()["balances"]
    return {b["player"] or b["account"]: b["total"] for b in balances if b["unit"] == "chips"}


def export(client: FlaskClient, game_id: str, token: str) -> str:
    text: str = client.get(f"/games/{game_id}/notation", headers=bearer(token)).get_data(as_text=True)
    return "".join(line for line in text.splitlines(True) if not line.startswith(("[Digest", "[DigestAt")))


def imported(client: FlaskClient, text: str) -> dict[str, Any]:
    answer = client.post("/games/import", data=text.encode(), content_type=NOTATION)
    assert answer.status_code == 201, answer.get_json()
    body: dict[str, Any] = answer.get_json()
    return body


def first_hand_under_the_first_rules(text: str) -> str:
    """A record of the hand-worked game cut after its first hand's result (the next deal's antes paid, not dealt),
    without its rules tag: what a record written before rules versions holds."""
    end = text.index("\n", text.index("Result", text.index("Hand 1"))) + 1
    return text[:end].replace("[Rules 2]\n", "")


def end_game(client: FlaskClient, game: dict[str, Any]) -> None:
    url, auth = f"/games/{game['id']}", bearer(game["token"])
    version = client.get(url, headers=auth).get_json()["version"]
    ended = client.post(f"{url}/moves", json={"type": "end_game", "confirm": True},
                        headers={**auth, "If-Match": f'"{version}"'})
    assert ended.status_code == 201, ended.get_json()


def test_the_notation_writes_and_reads_the_rules_version_and_a_record_without_it_is_under_the_first(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    game = recorded_over_http(shared_client, 2)
    assert shared_client.get(game.url).get_json()["rules_version"] == 2
    text = export(shared_client, game.id, game.token)
    assert "[Rules 2]\n" in text
    again = imported(shared_client, text)
    assert export(shared_client, again["id"], again["token"]) == text
    assert shared_client.get(f"/games/{again['id']}").get_json()["rules_version"] == 2

    older = imported(shared_client, first_hand_under_the_first_rules(text))
    shown = shared_client.get(f"/games/{older['id']}").get_json()
    assert (shown["rules_version"], shown["state"]["rules_version"], shown["over"]) == (1, 1, False)
    end_game(shared_client, older)
    written = export(shared_client, older["id"], older["token"])
    assert "[Rules" not in written and written.startswith(first_hand_under_the_first_rules(text))
    copy = imported(shared_client, written)
    assert export(shared_client, copy["id"], copy["token"]) == written
    first, newest = chips_of(shared_client, older["id"]), chips_of(shared_client, again["id"])
    assert [first[p] for p in ("p1", "p2", "p3")] == [82, 91, 82] and first["bank"] == -300 + 45
    assert [newest[p] for p in ("p1", "p2", "p3")] == [91, 100, 91] and newest["bank"] == -300 + 18
    for kept in (older, again, copy):
        audited = shared_client.get(f"/games/{kept['id']}/audit").get_json()
        assert (audited["ok"], audited["discrepancies"]) == (True, [])

    before = stored(shared_app)
    unknown = text.replace("[Rules 2]", "[Rules 9]")
    problem = assert_problem(shared_client.post("/games/import", data=unknown.encode(), content_type=NOTATION),
                             422, "invalid-setup")
    assert problem["line"] == unknown.split("\n").index("[Rules 9]") + 1 and "rules_version" in problem["detail"]
    assert stored(shared_app) == before


def test_a_recorder_carries_a_game_on_under_the_newest_rules_from_the_next_deal_with_if_match(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    game = recorded_over_http(shared_client, 2)
    older = imported(shared_client, first_hand_under_the_first_rules(export(shared_client, game.id, game.token)))
    url, auth = f"/games/{older['id']}", bearer(older["token"])
    shown = shared_client.get(url, headers=auth).get_json()
    assert [a["choices"] for a in shown["table_actions"] if a["type"] == "adopt_rules"] == [
        [{"type": "adopt_rules", "rules": 2, "confirm": True, "expected_version": shown["version"]}]]
    body = {"type": "adopt_rules", "rules": 2, "confirm": True}
    before = stored(shared_app)
    stale = shared_client.post(f"{url}/moves", json=body, headers={**auth, "If-Match": f'"{shown["version"] - 1}"'})
    assert_problem(stale, 412)
    assert stored(shared_app) == before
    adopted = shared_client.post(f"{url}/moves", json=body, headers={**auth, "If-Match": f'"{shown["version"]}"'})
    assert adopted.status_code == 201, adopted.get_json()
    after = shared_client.get(url, headers=auth).get_json()
    assert (after["rules_version"], after["state"]["next_rules_version"]) == (1, 2)
    again = shared_client.post(f"{url}/moves", json=body, headers={**auth, "If-Match": f'"{after["version"]}"'})
    assert_problem(again, 422, "rules-version-not-newer")
    assert stored(shared_app) == before + 2, "the adoption's envelope and its event, nothing for the refusal"
    end_game(shared_client, older)  # before the next deal is dealt: under version 1 still, the antes stay
    assert chips_of(shared_client, older["id"])["bank"] == -300 + 45
    written = export(shared_client, older["id"], older["token"])
    assert "* adopt_rules 2 confirm\n" in written
    copy = imported(shared_client, written)
    assert export(shared_client, copy["id"], copy["token"]) == written


def test_a_record_a_newer_meldbook_wrote_answers_409_naming_it(shared_app: Flask, shared_client: FlaskClient) -> None:
    app = shared_app.extensions["meldbook"]
    game = royal_ended_between_deals(2)
    app.save(game)
    newer = stored_as_a_newer_meldbook_would(app, game, "meldbook.GameCreated", class_version=9)
    for path in ("", "/settlement", "/audit", "/notation", "/replay?hand=1"):
        problem = assert_problem(shared_client.get(f"/games/{newer}{path}"), 409, "record-too-new")
        assert "class version 9" in problem["detail"] and "upgrade" in problem["detail"]
    moved = shared_client.post(f"/games/{newer}/moves", json={"type": "end_game", "confirm": True},
                               headers={"If-Match": '"70"', "Authorization": "Bearer x"})
    assert moved.status_code in (403, 409), moved.get_json()
