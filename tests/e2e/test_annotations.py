"""Annotations through HTTP: written, edited and deleted as events of their own stream (the game never moves),
with alternative lines validated by the branching service, and hidden from every other caller while their hand
is in progress."""

from __future__ import annotations

import random
from typing import Any

from flask.testing import FlaskClient

from domain.variants import variant_named
from tests.e2e.helpers import Created, all_events, assert_problem, bearer, create, legal_actions, pick_body, play

PLAYERS = ("Ann", "Bob", "Cy")


def envelopes(client: FlaskClient, game: Created) -> list[dict[str, Any]]:
    """The game's move envelopes, as the recorder reads them."""
    return [e for e in all_events(client, game.url, game.auth) if e["type"] == "MoveRecorded"]


def listed(client: FlaskClient, game: Created, headers: dict[str, str], **query: Any) -> list[dict[str, Any]]:
    """Every annotation a caller may see, page after page."""
    items: list[dict[str, Any]] = []
    query = {"limit": 2, **query}
    while True:
        response = client.get(f"{game.url}/annotations", headers=headers, query_string=query)
        assert response.status_code == 200, response.get_json()
        page = response.get_json()
        assert set(page) == {"items", "limit", "next_cursor", "total"}
        items += page["items"]
        if page["next_cursor"] is None:
            assert len(items) == page["total"]
            return items
        query = {**query, "cursor": page["next_cursor"]}


def test_an_annotation_with_an_alternative_line_round_trips_through_the_api(shared_client: FlaskClient) -> None:
    game = create(shared_client, players=PLAYERS)
    play(shared_client, game, random.Random(3), 14)
    before = shared_client.get(game.url, headers=game.auth).get_json()["version"]
    moves = envelopes(shared_client, game)
    at = moves[6]["version"] - 1
    line = [m["data"]["action"] for m in moves[6:9]]
    body = {"target": "event", "at": at, "comment": "Better:\r\n\tkeep the 7", "glyph": "?!", "line": line}
    response = shared_client.post(f"{game.url}/annotations", json=body, headers=game.auth)
    assert response.status_code == 201, response.get_json()
    written = response.get_json()
    assert written["line"] == line
    assert {k: written[k] for k in ("id", "target", "at", "comment", "glyph", "author", "role", "revision")} == {
        "id": 1, "target": "event", "at": at, "comment": body["comment"], "glyph": "?!", "author": "Recorder",
        "role": "recorder", "revision": 1,
    }
    assert written["move"] == moves[5]["move"] and written["hand"] >= 1
    assert listed(shared_client, game, game.auth) == [written]
    assert listed(shared_client, game, game.auth, hand=written["hand"]) == [written]
    assert shared_client.get(game.url, headers=game.auth).get_json()["version"] == before


def test_an_illegal_line_is_refused_at_its_bad_move_with_the_code_post_moves_gives(shared_client: FlaskClient) -> None:
    game = create(shared_client, players=PLAYERS)
    play(shared_client, game, random.Random(4), 6)
    version, legal, _ = legal_actions(shared_client, game)
    move = {k: v for k, v in pick_body(legal, random.Random(1)).items() if k != "expected_version"}
    response = shared_client.post(
        f"{game.url}/annotations", json={"target": "event", "comment": "x", "line": [move, move]}, headers=game.auth
    )
    refused = assert_problem(response, 422)
    assert refused["index"] == 1 and refused["field"].startswith("line[1]"), refused
    assert listed(shared_client, game, game.auth) == []
    first = shared_client.post(f"{game.url}/moves", json={**move, "expected_version": version}, headers=game.auth)
    assert first.status_code == 201, first.get_json()
    again = {**move, "expected_version": first.get_json()["version"]}
    assert_problem(shared_client.post(f"{game.url}/moves", json=again, headers=game.auth), 422, refused["code"])
    malformed = {"type": 5, "player": "Ann"}
    moves_says = assert_problem(shared_client.post(f"{game.url}/moves", json=malformed, headers=game.auth), 422)
    line = {"target": "game", "comment": "x", "line": [move, malformed]}
    answer = shared_client.post(f"{game.url}/annotations", json=line, headers=game.auth)
    assert_problem(answer, 422, moves_says["code"], "line.1.type")


def test_editing_and_deleting_are_new_versions_and_only_the_writing_role_may(shared_client: FlaskClient) -> None:
    game = create(shared_client, players=PLAYERS)
    seat = shared_client.post(f"{game.url}/tokens/seats/Ann", headers=game.auth).get_json()["token"]
    other = shared_client.post(f"{game.url}/tokens/seats/Bob", headers=game.auth).get_json()["token"]
    url = f"{game.url}/annotations"
    body = {"target": "game", "comment": "good cut", "glyph": "!"}
    written = shared_client.post(url, json=body, headers=bearer(seat))
    assert written.status_code == 201 and written.get_json()["role"] == "seat:Ann"
    assert written.get_json()["author"] == "Ann"
    note = f"{url}/{written.get_json()['id']}"
    assert_problem(shared_client.patch(note, json={"comment": "no"}, headers=bearer(other)), 403, "not-permitted")
    assert_problem(shared_client.patch(note, json={"comment": "no"}, headers=game.auth), 403, "not-permitted")
    edit = {"comment": "a good cut", "glyph": None, "author": "Ann B."}
    edited = shared_client.patch(note, json=edit, headers=bearer(seat))
    assert edited.status_code == 200, edited.get_json()
    assert (edited.get_json()["revision"], edited.get_json()["glyph"]) == (2, None)
    assert_problem(shared_client.delete(note, headers=game.auth), 403, "not-permitted")
    assert shared_client.delete(note, headers=bearer(seat)).status_code == 204
    assert_problem(shared_client.delete(note, headers=bearer(seat)), 404, "annotation-not-found")
    assert listed(shared_client, game, bearer(seat)) == []
    history = listed(shared_client, game, bearer(seat), history=1)
    assert [(v["revision"], v["comment"], v["deleted"]) for v in history] == [
        (1, "good cut", False), (2, "a good cut", False), (3, "a good cut", True)
    ]
    assert shared_client.get(game.url, headers=game.auth).get_json()["version"] == game.version


def test_a_comment_or_author_name_that_breaks_its_text_rules_is_refused_naming_the_field(
    sqlite_client: FlaskClient,
) -> None:
    client = sqlite_client
    game = create(client, players=PLAYERS)
    url = f"{game.url}/annotations"
    allowed = client.post(url, json={"target": "game", "comment": "two\nlines\tand a tab"}, headers=game.auth)
    assert allowed.status_code == 201
    bell = client.post(url, json={"target": "game", "comment": "bell\x07"}, headers=game.auth)
    assert_problem(bell, 422, names="comment")
    refused = client.post(url, json={"target": "game", "comment": "x", "author": "A\nB"}, headers=game.auth)
    assert_problem(refused, 422, names="author")
    assert_problem(client.post(url, json={"target": "game", "comment": "x", "glyph": "?!?"}, headers=game.auth), 422)
    assert_problem(client.post(url, json={"target": "event", "comment": "x", "at": 99}, headers=game.auth), 422)


def next_hand_began(client: FlaskClient, game: Created, after: int) -> bool:
    """Whether an event after version `after` begins a hand (so the one before has ended), by Roby's events."""
    starters = variant_named("roby").hand_starters
    return any(e["topic"] in starters for e in all_events(client, game.url, game.auth, after=after))


def test_an_annotation_of_a_hand_in_progress_is_invisible_to_every_other_caller_until_the_hand_ends(
    sqlite_client: FlaskClient,
) -> None:
    client = sqlite_client
    game = create(client, players=PLAYERS)
    issued = {
        "seat:Ann": client.post(f"{game.url}/tokens/seats/Ann", headers=game.auth),
        "seat:Bob": client.post(f"{game.url}/tokens/seats/Bob", headers=game.auth),
        "viewer": client.post(f"{game.url}/tokens/viewers", json={"label": "club"}, headers=game.auth),
        "arbiter": client.post(f"{game.url}/tokens/arbiter", headers=game.auth),
    }
    callers = {"anonymous": {}, "recorder": game.auth} | {k: bearer(r.get_json()["token"]) for k, r in issued.items()}
    rng = random.Random(11)
    play(client, game, rng, 8)  # the first hand is dealt and played on (the checks below fail if it has ended)
    draw = next(b for b in (pick_body(legal_actions(client, game)[1], rng) for _ in range(50)) if b["type"] == "draw")
    line = [{k: v for k, v in draw.items() if k != "expected_version"}]
    at = draw["expected_version"]
    url = f"{game.url}/annotations"
    with_line = {"target": "event", "at": at, "comment": "draw instead", "line": line}
    probe = client.post(url, json=with_line, headers=callers["seat:Ann"])
    assert_problem(probe, 403, "not-permitted", "line")  # its legality would tell what the stock holds
    written: dict[str, list[dict[str, Any]]] = {"seat:Ann": [], "recorder": []}
    for writer in written:
        for body in (
            {"target": "hand", "comment": "she holds two jokers"},
            {"target": "event", "comment": "a wrong discard", "glyph": "wrong-discard"},
            {"target": "game", "comment": "written mid-hand"},
            *([with_line] if writer == "recorder" else []),
        ):
            response = client.post(url, json=body, headers=callers[writer])
            assert response.status_code == 201, response.get_json()
            written[writer].append(response.get_json())
    assert written["recorder"][3]["line"][0]["card"]  # the recorder sees everything
    for name, headers in callers.items():
        for query in ({}, {"history": 1}, {"hand": 1}):
            ids = {n["id"] for n in listed(client, game, headers, **query)}
            own = {n["id"] for n in written.get(name, [])}
            assert ids == own, (name, query)
    while True:
        version = legal_actions(client, game)[0]
        assert play(client, game, rng, 1) == 1
        if next_hand_began(client, game, after=version):
            break
    after = client.post(url, json=with_line, headers=callers["seat:Ann"])
    assert after.status_code == 201, after.get_json()
    assert after.get_json()["line"][0]["card"] is None  # played on the real stock: masked for a seat
    everyone = sorted(n["id"] for notes in written.values() for n in notes)
    seen = {name: listed(client, game, headers) for name, headers in callers.items()}
    late = after.get_json()["id"]  # written while the second hand is played: Ann's alone until it ends
    for name, notes in seen.items():
        assert sorted(n["id"] for n in notes) == everyone + ([late] if name == "seat:Ann" else []), name
    lines = {name: [n["line"] for n in notes if n["line"]] for name, notes in seen.items()}
    recorder_line = lines["recorder"][0][0]
    assert lines["arbiter"] == [[recorder_line]]  # the arbiter sees ended hands in full
    for name in ("anonymous", "viewer", "seat:Bob"):
        assert lines[name] == [[{**recorder_line, "card": None}]], name
    assert lines["seat:Ann"] == [[{**recorder_line, "card": None}]] * 2
