"""The viewer and record pages in a real headless Chromium when their reads come back out of order: the frame shown is
that of the viewer's last step, the balances those of the last read, the game on the record page its latest version,
whatever order the answers arrive in. Each test holds one answer back (tests/e2e/held_answers.py) while the page
moves on, then lets it through."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tests.e2e import test_view_page as viewer_page
from tests.e2e.chromium import opened_chromium
from tests.e2e.held_answers import Held
from tests.e2e.record_driver import open_page
from tests.e2e.test_view_page import DESKTOP, call, open_token_box, record_listed_move, shows, watched
from tests.e2e.test_view_settlement import EXPLAINED, PLAYERS, balances_of, finished_roby
from tests.unit.corrections.test_roby_past_hand import two_hands

pytestmark = pytest.mark.browser
server = viewer_page.server  # the real app on a localhost port, one for this module


@contextmanager
def browsing() -> Iterator[tuple[Any, list[str]]]:
    """Debian's headless Chromium and the list its pages' console and script errors go to (tests/e2e/test_view_page.py
    `watched`); once the block is done, the pages it opened are closed and no error may have been kept."""
    problems: list[str] = []
    with opened_chromium() as chromium:
        try:
            yield chromium, problems
        finally:
            chromium.close()
    assert not problems, problems


def opened_stream(page: Any) -> None:
    """Wait until the page has opened the game's stream."""
    page.wait_for_function(
        "() => [...performance.getEntriesByType('resource')].some((e) => e.name.includes('/stream'))", timeout=10_000
    )


def shown_move(page: Any) -> int:
    return int(page.evaluate("() => Number(document.querySelector('#table .words').dataset.move)"))


def test_a_live_game_read_again_while_the_viewer_stepped_back_keeps_the_frame_stepped_to(server: str) -> None:
    created = call(f"{server}/games", {"variant": "roby", "players": ["ann", "bob"], "deal_mode": "shuffled"})
    game, token = created["id"], created["token"]
    for _ in range(3):
        record_listed_move(server, game, token)
    latest = call(f"{server}/games/{game}/replay")["hands"][-1]["last_move"]
    frames = {f["move"]: f for f in call(f"{server}/games/{game}/replay")["frames"]}
    with browsing() as (chromium, problems):
        page = watched(chromium.new_page(viewport=DESKTOP), problems)
        page.goto(f"{server}/games/{game}/view?at={latest}")
        shows(page, frames[latest])
        opened_stream(page)
        # The stream's read of the whole game (no hand named) is held while the viewer steps back a move.
        held = Held(page, lambda url: "/replay?" in url and "hand=" not in url)
        record_listed_move(server, game, token)
        reread = held.one()
        page.get_by_role("button", name="Previous move").click()
        shows(page, frames[latest - 1])
        held.release(reread)
        page.wait_for_function(f"() => document.getElementById('move').max === '{latest + 1}'")
        assert shown_move(page) == latest - 1, "the answer read while at the latest move pulled the viewer on"
        added = call(f"{server}/games/{game}/replay?at={latest + 1}")["frames"][0]
        for frame in (frames[latest], added):  # the hand's frames were read again: the new move is there
            page.get_by_role("button", name="Next move").click()
            shows(page, frame)


def test_the_answer_for_a_hand_left_before_it_came_is_dropped_whatever_the_later_step(server: str) -> None:
    game, _, _ = finished_roby(server)
    second = call(f"{server}/games/{game}/replay?hand=2")["frames"]
    with browsing() as (chromium, problems):
        page = watched(chromium.new_page(viewport=DESKTOP), problems)
        page.goto(f"{server}/games/{game}/view?hand=2&at={second[0]['move']}", wait_until="networkidle")
        shows(page, second[0])
        held = Held(page, lambda url: "/replay?" in url and "hand=1" in url)
        page.locator("#hand").select_option("1")
        first_hand = held.one()
        with page.expect_response(lambda r: "/replay?" in r.url and "hand=2" in r.url):
            page.locator("#hand").select_option("2")
        page.wait_for_selector("#viewer:not([aria-busy])", timeout=10_000)
        shows(page, second[0])
        held.release(first_hand)
        assert shown_move(page) == second[0]["move"], "the first hand's late answer replaced the second's frames"
        assert page.locator("#hand").input_value() == "2"
        assert page.locator("#viewer[aria-busy]").count() == 0
        shows(page, second[0])
        # Again, the viewer's later step now one within the hand shown.
        page.locator("#hand").select_option("1")
        first_hand = held.one()
        page.get_by_role("button", name="Next move").click()
        shows(page, second[1])
        assert page.locator("#hand").input_value() == "2" and page.locator("#viewer[aria-busy]").count() == 0
        held.release(first_hand)
        assert shown_move(page) == second[1]["move"], "the first hand's late answer undid a step in the second"
        shows(page, second[1])


# The balances as one string, whatever order the players and units come in.
CANONICAL = """((shown) => JSON.stringify(Object.keys(shown).sort().map((player) =>
  [player, Object.keys(shown[player]).sort().map((unit) => [unit, shown[player][unit]])])))"""


def test_the_balances_read_before_the_token_was_entered_do_not_replace_those_read_after(server: str) -> None:
    moves = list(two_hands(*PLAYERS).events("MoveRecorded"))
    created = call(f"{server}/games", {"variant": "roby", "players": list(PLAYERS), "deal_mode": "recorded"})
    game, token, version = created["id"], created["token"], created["version"]
    for envelope in moves[:-1]:
        body = {**envelope.action, "expected_version": version}
        version = call(f"{server}/games/{game}/moves", body, token)["version"]
    with browsing() as (chromium, problems):
        page = watched(chromium.new_page(viewport=DESKTOP), problems)
        # The script's first read of the balances, the spectator's, is held; the game's last move is recorded.
        held = Held(page, lambda url: url.endswith("/settlement"))
        page.goto(f"{server}/games/{game}/view")
        spectators = held.one()
        call(f"{server}/games/{game}/moves", {**moves[-1].action, "expected_version": version}, token)
        final = balances_of(call(f"{server}/games/{game}/settlement", token=token))
        rendered = page.evaluate(EXPLAINED)["balances"]
        assert final != rendered, "the last move changes the balances: a stale answer would show"
        held.stop()
        open_token_box(page)
        page.locator("#token").fill(token)
        with page.expect_response(lambda r: r.url.endswith("/settlement")
                                  and r.request.headers.get("authorization") == f"Bearer {token}"):
            page.get_by_role("button", name="Use").click()
        page.wait_for_function(f"(want) => {CANONICAL}(({EXPLAINED})().balances) === {CANONICAL}(want)", arg=final)
        held.release(spectators)
        assert page.evaluate(EXPLAINED)["balances"] == final, "the spectator's earlier answer replaced the balances"


def test_the_record_page_draws_no_earlier_version_over_a_later_one(server: str) -> None:
    created = call(f"{server}/games", {"variant": "roby", "players": ["ann", "bob"], "deal_mode": "shuffled"})
    game, token = created["id"], created["token"]
    record_listed_move(server, game, token)
    with browsing() as (chromium, problems):
        recorder = open_page(chromium.new_context(viewport=DESKTOP), server, game, token)
        page = watched(recorder.page, problems)
        opened_stream(page)
        # Another device records two moves: the page's read after the first is answered only after the second's.
        held = Held(page, lambda url: url.endswith(f"/games/{game}"))
        record_listed_move(server, game, token)
        earlier = held.one()
        held.stop()
        record_listed_move(server, game, token)
        latest = call(f"{server}/games/{game}", token=token)["version"]
        recorder.wait_for_version(latest - 1)
        assert recorder.version() == latest
        held.release(earlier)
        assert recorder.version() == latest, "the earlier read's answer was drawn over the latest version"
