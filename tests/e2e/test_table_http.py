"""What the table-side pages read from the API besides the legal actions: whether a variant's pack holds jokers (the
card grid offers JK only then), the board layouts known by name (a menu rather than a JSON box), who rules on a
game's disputes (`may_rule`, so that a page offers the ruling to that token alone) and which seats have no device
(`no_device`, the setup page's switch)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from domain.royal.board import HEARTS_SEQUENCE, TRIPOLEY
from tests.e2e.helpers import bearer, create


def test_only_a_variant_whose_pack_holds_jokers_says_so(sqlite_client: FlaskClient) -> None:
    variants = {v["name"]: v for v in sqlite_client.get("/variants").get_json()["variants"]}
    assert {name: v["jokers"] for name, v in variants.items()} == {"roby": False, "robins": True, "royal": False}


def test_the_royal_board_lists_its_known_layouts_and_each_sets_up_a_game(sqlite_client: FlaskClient) -> None:
    royal = next(v for v in sqlite_client.get("/variants").get_json()["variants"] if v["name"] == "royal")
    board = next(o for o in royal["options"] if o["name"] == "board")
    known = {k["name"]: k for k in board["known"]}
    assert set(known) == {"tripoley", "hearts-sequence"}
    assert known["tripoley"]["value"] == board["default"] == TRIPOLEY
    assert known["hearts-sequence"]["value"] == HEARTS_SEQUENCE
    assert all(k["description"] for k in known.values())
    for layout in known.values():
        game = create(sqlite_client, variant="royal", deal_mode="recorded", options={"board": layout["value"]})
        options = sqlite_client.get(game.url, headers=game.auth).get_json()["options"]
        assert options["board"] == layout["value"]
    sequence = next(s for s in HEARTS_SEQUENCE if s["id"] == "sequence")
    assert sequence == {"id": "sequence", "pays": "all", "cards": ["8H", "9H", "10H"]}
    assert [s["id"] for s in HEARTS_SEQUENCE] == [s["id"] for s in TRIPOLEY if s["id"] != "sequence"] + ["sequence"]


def test_no_other_option_lists_known_values(sqlite_client: FlaskClient) -> None:
    variants = sqlite_client.get("/variants").get_json()["variants"]
    assert [(v["name"], o["name"]) for v in variants for o in v["options"] if "known" in o] == [("royal", "board")]


def test_the_recorder_rules_until_an_arbiter_is_issued_and_then_the_arbiter_alone(sqlite_client: FlaskClient) -> None:
    game = create(sqlite_client, deal_mode="recorded", recording="seats")
    seat = sqlite_client.post(f"{game.url}/tokens/seats/ann", headers=game.auth).get_json()["token"]

    def may_rule(token: str | None) -> bool:
        shown = sqlite_client.get(game.url, headers=bearer(token) if token else {}).get_json()
        ruling: bool = shown["may_rule"]
        return ruling

    assert (may_rule(game.token), may_rule(seat), may_rule(None)) == (True, False, False)
    arbiter = sqlite_client.post(f"{game.url}/tokens/arbiter", headers=game.auth).get_json()["token"]
    assert (may_rule(game.token), may_rule(seat), may_rule(arbiter), may_rule(None)) == (False, False, True, False)


@pytest.mark.parametrize("marks", [[], [("bob", False)], [("bob", False), ("cy", False), ("bob", True)]])
def test_the_game_lists_the_seats_without_a_device(sqlite_client: FlaskClient, marks: list[tuple[str, bool]]) -> None:
    game = create(sqlite_client, deal_mode="recorded", recording="seats")
    for player, device in marks:
        answer = sqlite_client.put(f"{game.url}/seats/{player}", json={"device": device}, headers=game.auth)
        assert answer.status_code == 200
    without = {p for p, d in dict(marks).items() if not d}
    assert set(sqlite_client.get(game.url, headers=game.auth).get_json()["no_device"]) == without
    assert set(sqlite_client.get(game.url).get_json()["no_device"]) == without  # not a secret: the table knows it


def test_the_home_page_is_where_a_person_starts_in_either_language(sqlite_client: FlaskClient) -> None:
    from api.headers import PAGE_POLICY
    from tests.e2e.test_languages import catalogued, page_in

    answer = sqlite_client.get("/")
    assert answer.status_code == 200 and answer.mimetype == "text/html"
    assert answer.headers["Content-Security-Policy"] == PAGE_POLICY
    page = answer.get_data(as_text=True)
    for link in ('href="/"', 'href="/play#new-title"', 'href="/docs"', 'href="/problems"'):
        assert link in page, link
    english, norwegian = page_in(sqlite_client, "/", None), page_in(sqlite_client, "/", "nb")
    assert (english.lang, norwegian.lang) == ("en", "nb") and len(english.texts) == len(norwegian.texts)
    untranslated = [(en, nb) for en, nb in zip(english.texts, norwegian.texts, strict=True)
                    if not catalogued(en, nb) and en not in ("Meldbook", "English", "Norsk bokmål")]
    assert untranslated == []
