"""The record page records a hand by its result from the legal-actions template alone: on a 375 px phone the result
form fits one screen, its fields are the template's (who went out, a count per player, optional cards), and what it
sends is the result the rules then score. In a real headless Chromium."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.chromium import opened_chromium
from tests.e2e.record_driver import call, open_page
from tests.e2e.test_view_page import ARTIFACTS, PHONE, server  # noqa: F401  (the served app)

pytestmark = pytest.mark.browser
RESULT = '#forms form.template[data-action="hand_result"]'


def by_result(base: str, game: dict[str, Any], body: dict[str, Any], shot: str) -> tuple[int, int, str]:
    """Record the body on the game's record page at 375 px, from its result form (which must fit one screen), with a
    screenshot before the last tap; the taps and keys it took, and the words the page says it sent."""
    with opened_chromium() as chromium:
        try:
            recorder = open_page(chromium.new_context(viewport=PHONE), base, game["id"], game["token"])
            page = recorder.page
            recorder.kind = "hand_result"
            recorder.tap(page.locator(f'#forms details.another-way:has({RESULT.removeprefix("#forms ")}) summary'))
            form = page.locator(RESULT)
            form.scroll_into_view_if_needed()
            box, screen = form.bounding_box(), page.viewport_size
            assert box and screen and box["height"] <= screen["height"] and box["width"] <= screen["width"], box
            ARTIFACTS.mkdir(exist_ok=True)
            recorder.before_last_tap = lambda: page.screenshot(path=str(ARTIFACTS / shot))
            recorder.act(body)
            assert recorder.sent[-1] == {k: v for k, v in body.items() if k != "expected_version"}
            said = page.locator("#last-sent").text_content() or ""
            return recorder.taps["hand_result"], recorder.keys["hand_result"], said
        finally:
            chromium.close()


def test_a_roby_hand_is_recorded_by_its_result_from_one_screen_of_a_phone(server: str) -> None:  # noqa: F811
    game = call(f"{server}/games", {"variant": "roby", "players": ["Ann", "Bob", "Cy"], "deal_mode": "recorded",
                                    "options": {"per_roby": 100}})
    url, token = f"{server}/games/{game['id']}", game["token"]
    version = game["version"]
    for player, card in (("Ann", "KD"), ("Bob", "5H"), ("Cy", "2C")):
        body = {"type": "cut", "player": player, "card": card, "expected_version": version}
        version = call(f"{url}/moves", body, token=token)["version"]
    body = {"type": "hand_result", "player": "Ann", "went_out": "Bob", "points": {"Ann": 7, "Cy": 23}}
    taps, keys, said = by_result(server, game, body, "result-hand-roby-375.png")
    assert (taps, keys) == (5, 3)  # open the form, who went out, two counts, Record; the counts' three digits
    assert "Bob" in said and "23" in said, said
    state = call(url, token=token)["state"]
    assert state["scores"] == {"Ann": 7, "Bob": 0, "Cy": 23} and state["dealer"] == "Bob"


def test_a_robins_hand_is_recorded_by_its_result_from_one_screen_of_a_phone(server: str) -> None:  # noqa: F811
    game = call(f"{server}/games", {"variant": "robins", "players": ["Ann", "Bob"], "deal_mode": "recorded",
                                    "options": {"first_dealer": "Bob"}})
    body = {"type": "hand_result", "player": "Bob", "went_out": "Ann", "table": {"Ann": 95, "Bob": 40},
            "points": {"Bob": 25}}
    taps, keys, _ = by_result(server, game, body, "result-hand-robins-375.png")
    assert (taps, keys) == (6, 6)  # open, who went out, two table points and one hand's, Record; six digits
    state = call(f"{server}/games/{game['id']}", token=game["token"])["state"]
    assert state["scores"] == {"Ann": 95, "Bob": 15} and state["dealer"] == "Ann"


def test_a_robins_game_is_carried_on_from_a_paper_sheet_from_the_table_menu(server: str) -> None:  # noqa: F811
    game = call(f"{server}/games", {"variant": "robins", "players": ["Ann", "Bob"], "deal_mode": "recorded",
                                    "options": {"first_dealer": "Bob"}})
    url, token = f"{server}/games/{game['id']}", game["token"]
    form = '#table-actions form.template[data-action="bring_forward"]'
    with opened_chromium() as chromium:
        try:
            recorder = open_page(chromium.new_context(viewport=PHONE), server, game["id"], token)
            page = recorder.page
            recorder.kind = "bring_forward"
            recorder.tap("#table-menu summary")
            assert page.locator(form).count() == 1
            page.locator(form).scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / "bring-forward-robins-375.png"))
            before = recorder.version()
            for player, total in (("Ann", "380"), ("Bob", "410")):
                recorder.tap(f'{form} [data-field="scores.{player}"]')
                recorder.type(total)
            recorder.tap(f"{form} button.primary")
            recorder.wait_for_version(before)
            assert (recorder.taps["bring_forward"], recorder.keys["bring_forward"]) == (4, 6)
        finally:
            chromium.close()
    shown = call(url, token=token)
    assert shown["state"]["scores"] == {"Ann": 380, "Bob": 410}
    settled = call(f"{url}/settlement")["entries"]
    assert {(e["destination"], e["amount"], e["rule"]["id"], e["rule"]["stated"]) for e in settled} == {
        ("player:Ann", 380, "robins.scoring.brought-forward", True),
        ("player:Bob", 410, "robins.scoring.brought-forward", True),
    }
