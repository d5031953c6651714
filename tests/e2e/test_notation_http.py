"""POST /games/import and GET /games/{id}/notation over HTTP, on SQLite and PostgreSQL (what the store does not
change, the body's media type, how much of it is read, the step budget, on SQLite alone): a record imports as a game,
exports in the caller's view with its digest, and every bad record is a located 4xx problem that stores nothing."""

from __future__ import annotations

import base64
import hashlib
import io
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient

from domain.notation import budget
from service.claims import stated_results
from tests.e2e.helpers import assert_problem, bearer, stored
from tests.notation_games import without_digest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ROBINS = (EXAMPLES / "robins.mbn").read_text(encoding="utf-8")
NOTATION = "application/vnd.meldbook.notation"


def send(client: FlaskClient, text: str, query: str = "", content_type: str = NOTATION, **headers: str) -> object:
    return client.post(f"/games/import{query}", data=text.encode("utf-8"), content_type=content_type,
                       headers=headers)


def lines_through(text: str, last: str) -> str:
    """The record's lines up to and including the first that starts with `last`."""
    lines = text.split("\n")
    end = next(i for i, line in enumerate(lines) if line.startswith(last))
    return "\n".join(lines[: end + 1]) + "\n"


def test_an_imported_record_answers_as_post_games_and_exports_as_the_same_text(shared_client: FlaskClient) -> None:
    response = send(shared_client, ROBINS)
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    assert set(created) == {"id", "version", "token"}
    assert response.headers["ETag"] == f'"{created["version"]}"'
    assert response.headers["Location"].endswith(f"/games/{created['id']}")
    exported = shared_client.get(f"/games/{created['id']}/notation", headers=bearer(created["token"]))
    assert exported.status_code == 200 and exported.mimetype == "text/plain"
    assert without_digest(exported.get_data(as_text=True)) == ROBINS
    assert f"[DigestAt {created['version']}]" in exported.get_data(as_text=True)
    digest = base64.b64encode(hashlib.sha256(exported.get_data()).digest()).decode()
    assert exported.headers["Repr-Digest"] == f"sha-256=:{digest}:"
    own_type = shared_client.get(f"/games/{created['id']}/notation?format=notation", headers=bearer(created["token"]))
    assert own_type.mimetype == "application/vnd.meldbook.notation" and own_type.get_data() == exported.get_data()
    accepted = shared_client.get(f"/games/{created['id']}/notation",
                          headers={**bearer(created["token"]), "Accept": "application/vnd.meldbook.notation"})
    assert accepted.mimetype == "application/vnd.meldbook.notation"


def test_a_spectator_export_hides_the_hands_dealt_and_the_cards_drawn(shared_client: FlaskClient) -> None:
    created = send(shared_client, ROBINS).get_json()
    seen = shared_client.get(f"/games/{created['id']}/notation").get_data(as_text=True)
    assert "3. bob deal ?? 5D" in seen and "3. bob deal [ann" not in seen
    assert "4. ann draw ??" in seen
    assert "25. bob discard AH ! {A careful start.}" in seen


def test_a_shuffled_games_seeds_are_in_the_full_export_only(shared_client: FlaskClient) -> None:
    setup = {"variant": "roby", "players": ["ann", "bob"], "deal_mode": "shuffled"}
    response = shared_client.post("/games", json=setup)
    game = response.get_json()
    cut = {"type": "cut", "player": "ann"}
    headers = {**bearer(game["token"]), "If-Match": f'"{game["version"]}"'}
    moved = shared_client.post(f"/games/{game['id']}/moves", json=cut, headers=headers)
    assert moved.status_code == 201, moved.get_json()
    full = shared_client.get(f"/games/{game['id']}/notation", headers=bearer(game["token"])).get_data(as_text=True)
    spectator = shared_client.get(f"/games/{game['id']}/notation").get_data(as_text=True)
    assert "1. ann cut seeds=[" in full and "seeds" not in spectator
    assert '[DealMode "shuffled"]' in full


def test_the_first_illegal_move_is_refused_at_its_line_and_column_with_the_code_post_moves_gives(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    bad = ROBINS.replace("26. bob discard 7D", "26. bob discard 2S")
    before = stored(shared_app)
    problem = assert_problem(send(shared_client, bad), 422)
    assert stored(shared_app) == before, "nothing is stored"
    line = bad.split("\n").index("26. bob discard 2S") + 1
    assert (problem["line"], problem["column"]) == (line, len("26. bob ") + 1), "a rule names no field: the action"
    assert f"line {line}, column 9" in problem["detail"]
    prefix = send(shared_client, lines_through(bad, "25. ")).get_json()
    live = shared_client.post(
        f"/games/{prefix['id']}/moves",
        json={"type": "discard", "player": "bob", "card": "2S"},
        headers={**bearer(prefix["token"]), "If-Match": f'"{prefix["version"]}"'},
    )
    assert live.status_code == 422
    assert live.get_json()["code"] == problem["code"]


def test_a_move_out_of_turn_keeps_the_code_and_status_of_post_moves(shared_client: FlaskClient) -> None:
    bad = ROBINS.replace("4. ann draw QC", "4. bob draw QC")
    problem = send(shared_client, bad).get_json()
    prefix = send(shared_client, lines_through(ROBINS, "3. ")).get_json()
    live = shared_client.post(f"/games/{prefix['id']}/moves", json={"type": "draw", "player": "bob", "card": "QC"},
                       headers={**bearer(prefix["token"]), "If-Match": f'"{prefix["version"]}"'})
    assert (problem["status"], problem["code"]) == (live.status_code, live.get_json()["code"])
    assert problem["column"] == len("4. ") + 1 or problem["column"] == len("4. bob ") + 1


def test_a_stated_result_the_rules_compute_otherwise_is_refused_or_kept_as_a_claim(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    bad = ROBINS.replace("Result ann 115 points, bob 75 points", "Result ann 115 points, bob 80 points")
    before = stored(shared_app)
    problem = assert_problem(send(shared_client, bad), 422, "stated-result-differs")
    assert stored(shared_app) == before
    assert "80" in problem["detail"] and "75" in problem["detail"]
    assert (problem["stated"], problem["computed"]) == (80, 75)
    line = bad.split("\n").index("Result ann 115 points, bob 80 points") + 1
    assert (problem["line"], problem["column"]) == (line, len("Result ann 115 points, ") + 1)
    kept = send(shared_client, bad, "?claims=keep")
    assert kept.status_code == 201
    claims = stated_results(shared_app.extensions["meldbook"], UUID(kept.get_json()["id"]))
    assert claims == [{"hand": 1, "player": "bob", "what": "points", "stated": 80, "computed": 75, "line": line}]
    audit = shared_client.get(f"/games/{kept.get_json()['id']}/audit").get_json()
    assert (audit["ok"], audit["discrepancies"]) == (True, []), "the record itself is sound: nothing to report"
    assert audit["claims_agree"] is False, "the claim is reported apart from the verdict"
    assert audit["claims"] == [{**claims[0], "recorded": 75}]
    agreed = shared_client.get(f"/games/{send(shared_client, ROBINS).get_json()['id']}/audit").get_json()
    assert (agreed["ok"], agreed["claims_agree"], agreed["claims"]) == (True, True, [])
    assert_problem(send(shared_client, bad, "?claims=maybe"), 422, "validation-error")


def test_a_voided_mark_no_correction_answers_an_unknown_card_and_an_unknown_tag_are_refused_by_name(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    before = stored(shared_app)
    marked = ROBINS.replace("26. bob discard 7D", "~26. bob discard 7D")
    voided = assert_problem(send(shared_client, marked), 422, "notation-voided-mark")
    assert (voided["line"], voided["column"], voided["move"]) == (marked.split("\n").index("~26. bob discard 7D") + 1,
                                                                  1, 26), "no correction after it voids it"
    unknown = assert_problem(send(shared_client, ROBINS.replace("27. ann draw KS", "27. ann draw ??")), 422,
                             "unknown-card-not-supported")
    assert unknown["column"] == len("27. ann draw ") + 1
    assert_problem(send(shared_client, ROBINS.replace("[Site ", "[Stakes ")), 422, "notation-unknown-tag")
    assert_problem(send(shared_client, "4. ann draw QC\n"), 422, "notation-missing-tag")
    assert_problem(send(shared_client, ROBINS.replace("26. bob", "27. bob")), 422, "notation-move-number")
    dealer = assert_problem(send(shared_client, ROBINS.replace("Hand 2 dealer ann", "Hand 2 dealer bob")), 422,
                            "notation-dealer")
    assert (dealer["line"], dealer["column"]) == (ROBINS.split("\n").index("Hand 2 dealer ann") + 1, 15)
    assert_problem(send(shared_client, ROBINS + "\n" + ROBINS), 400, "notation-body")
    control = assert_problem(send(shared_client, ROBINS.replace("{A careful start.}", "{A careful\x07 start.}")), 422,
                             "invalid-text")
    assert control["line"] == ROBINS.split("\n").index("25. bob discard AH ! {A careful start.}") + 1
    assert_problem(send(shared_client, ROBINS, content_type="application/json"), 415, "unsupported-media-type")
    assert_problem(send(shared_client, ROBINS.replace("[Seat2 \"bob\"]", "[Seat2 \"ann\"]")), 422, "invalid-setup")
    assert stored(shared_app) == before


def test_a_record_beyond_the_stated_size_is_refused_with_413(shared_app: Flask, shared_client: FlaskClient) -> None:
    before = stored(shared_app)
    huge = ROBINS + "{" + "x" * (8 * 1024 * 1024) + "}\n"
    assert_problem(send(shared_client, huge), 413)
    assert stored(shared_app) == before


def test_an_illegal_variation_is_refused_at_its_move_with_the_moves_code(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    legal = "( !? {Better was this.} bob pick_up 9C )"
    bad = ROBINS.replace(legal, "( !? {Better was this.} bob pick_up 9C ; bob discard 2S )")
    before = stored(shared_app)
    problem = assert_problem(send(shared_client, bad), 422)
    assert stored(shared_app) == before
    line = bad.split("\n").index("( !? {Better was this.} bob pick_up 9C ; bob discard 2S )") + 1
    assert (problem["line"], problem["column"]) == (line, bad.split("\n")[line - 1].index("discard 2S") + 1)
    assert problem["code"] == "robins.not-held" and problem["index"] == 1


def test_text_plain_is_taken_only_with_an_authorization_header_which_a_page_elsewhere_cannot_send_unasked(
    sqlite_app: Flask, sqlite_client: FlaskClient
) -> None:
    before = stored(sqlite_app)
    refused = assert_problem(send(sqlite_client, ROBINS, content_type="text/plain"), 415, "unsupported-media-type")
    assert NOTATION in refused["detail"] and "Authorization" in refused["detail"]
    assert_problem(send(sqlite_client, ROBINS, content_type="application/x-www-form-urlencoded"), 415)
    assert_problem(send(sqlite_client, ROBINS, content_type="multipart/form-data"), 415)
    assert stored(sqlite_app) == before
    with_token = send(sqlite_client, ROBINS, content_type="text/plain", Authorization="Bearer any-token")
    assert with_token.status_code == 201, with_token.get_json()
    assert send(sqlite_client, ROBINS).status_code == 201


class CountingStream(io.BytesIO):
    """A request body that counts the bytes the service read of it."""

    taken = 0

    def read(self, size: int | None = -1) -> bytes:
        data = super().read(size)
        self.taken += len(data)
        return data

    def readinto(self, buffer: Any) -> int:
        count = super().readinto(buffer)
        self.taken += count
        return count

    def readline(self, size: int | None = -1) -> bytes:
        data = super().readline(size)
        self.taken += len(data)
        return data


def padded(text: str, size: int) -> bytes:
    """The record followed by legal-looking move lines up to `size` bytes."""
    lines, filler = [text.rstrip("\n")], "27. ann draw KS {" + "x" * 40 + "}"
    total = len(lines[0])
    while total < size:
        lines.append(filler)
        total += len(filler) + 1
    return ("\n".join(lines) + "\n").encode()[:size]


def test_a_record_wrong_early_is_refused_having_read_no_more_of_a_long_body_than_of_a_short_one(
    sqlite_app: Flask, sqlite_client: FlaskClient
) -> None:
    wrong_at = ROBINS.split("\n").index("26. bob discard 7D")
    early = "\n".join([*ROBINS.split("\n")[:wrong_at], "27. bob discard 7D"])
    taken = {}
    for size in (40 * 1024, 8 * 1024 * 1024 - 1):
        body = CountingStream(padded(early, size))
        answer = sqlite_client.post("/games/import", input_stream=body, content_length=size, content_type=NOTATION)
        problem = assert_problem(answer, 422, "notation-move-number")
        assert problem["line"] == wrong_at + 1
        taken[size] = body.taken
    assert taken[8 * 1024 * 1024 - 1] == taken[40 * 1024] < 40 * 1024, taken


def test_a_record_needing_more_steps_than_its_budget_is_refused_at_the_line_where_it_runs_out(
    sqlite_app: Flask, sqlite_client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = stored(sqlite_app)
    monkeypatch.setitem(budget.LIMITS, "actions", 20)
    move_lines = [i for i, line in enumerate(ROBINS.split("\n")) if line[:1].isdigit()]
    actions = assert_problem(send(sqlite_client, ROBINS), 413, "notation-too-long")
    assert actions["line"] == move_lines[20] + 1 and "20 actions" in actions["detail"]
    monkeypatch.setitem(budget.LIMITS, "actions", budget.MAX_ACTIONS)
    monkeypatch.setitem(budget.LIMITS, "lines", 30)
    lines = assert_problem(send(sqlite_client, ROBINS), 413, "notation-too-long")
    assert lines["line"] == 31
    monkeypatch.setitem(budget.LIMITS, "lines", budget.MAX_LINES)
    long_line = ROBINS.replace("{A careful start.}", "{" + "x" * budget.MAX_LINE_CHARACTERS + "}")
    assert_problem(send(sqlite_client, long_line), 413, "notation-too-long")
    tag_like = '[Variant "robins"]\n[Event ' + " " * (8 * 1024 * 1024 - 100) + "x\n"
    assert_problem(send(sqlite_client, tag_like), 413, "notation-too-long")
    assert stored(sqlite_app) == before
    assert send(sqlite_client, ROBINS).status_code == 201
