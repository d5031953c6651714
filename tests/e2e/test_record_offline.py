"""The record page when the connection goes: a recorder keeps recording a Roby hand on his phone with Chromium's
network cut (offline mode) for three moves; the page says how many moves wait, keeps them on the device, and sends
them in order, each with the Idempotency-Key it was given, once the network returns. Cut again, a move the service
refuses on arrival is shown in place with its refusal while the move after it is held back, and sent once the
refused one is dropped. Before each move recorded online, the player to act, his hand (the recorder's full view)
and his actions' buttons lie within the first 812 pixels of a 375-pixel phone. The record equals the same actions
sent through the API. Screenshots go to test-artifacts/table-night/."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.e2e.chromium import opened_chromium
from tests.e2e.record_driver import Recorder, bot_events, call, create, record_of, twin
from tests.e2e.table_night import NAMES, first_hands, renamed
from tests.e2e.test_table_night import PHONE, SHOTS, first_screen, server, shoot, watched

pytestmark = pytest.mark.browser
__all__ = ["server"]  # the night's live app, whose streams stay open


def roby_hand() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The opening of Roby seed 10's first hand for Ann, Bob and Cy, recorded by the recorder: the setup and the
    actions."""
    events = bot_events("roby", 10, 3)
    names = dict(zip(events[0].players, NAMES, strict=False))
    setup = {"variant": "roby", "players": [names[p] for p in events[0].players], "deal_mode": "recorded",
             "options": {k: v for k, v in events[0].options.items() if v is not None}, "title": "Offline"}
    return setup, [renamed(a, names) for a in first_hands(events, "roby", 2)[:13]]


def waiting(page: Any) -> list[dict[str, Any]]:
    """The moves the device keeps for the game, as stored."""
    game = page.get_attribute("#record", "data-game")
    kept: list[dict[str, Any]] = json.loads(page.evaluate("(g) => localStorage.getItem('meldbook-queue:' + g)", game)
                                            or "[]")
    return kept


def test_moves_entered_offline_are_kept_counted_and_sent_in_order_and_a_refused_one_holds_back_the_rest(
    server: str,
) -> None:
    setup, actions = roby_hand()
    cuts_and_deal, opening, offline, rest = actions[:4], actions[4:6], actions[6:9], actions[9:]
    bob_discard, cy_draw, cy_meld, cy_discard = rest
    wrong = {"type": "discard", "player": "Bob", "card": "2S"}  # Bob discarded already: refused on arrival
    game, token = create(server, setup)
    posted: list[Any] = []
    problems: list[str] = []
    SHOTS.mkdir(parents=True, exist_ok=True)
    with opened_chromium() as chromium:
        try:
            context = chromium.new_context(viewport=PHONE)
            page = watched(context.new_page(), problems)
            page.on("request", lambda r: posted.append(r) if r.method == "POST" and r.url.endswith("/moves") else None)
            page.goto(f"{server}/games/{game}/record")
            page.locator("#token").fill(token)
            page.locator("#use-token").click()
            page.wait_for_selector("#record[data-version]")
            recorder = Recorder(page)
            for action in cuts_and_deal + opening:
                first_screen(page)
                recorder.act(action)
            assert recorder.taps["deal"] <= 35, recorder.taps  # 31 cards tapped on the grid, and Record

            version = recorder.version()
            context.set_offline(True)
            for action in offline:
                recorder.submit(action)
            page.locator("#queue-count").wait_for(state="visible")
            assert page.locator("#queue-count").text_content() == "3 moves waiting to be sent"
            assert page.locator("#queue-list .queued-move").count() == 3
            shoot(page, "offline-waiting")
            kept = waiting(page)
            assert [m["body"]["type"] for m in kept] == [a["type"] for a in offline]
            assert call(f"{server}/games/{game}", token=token)["version"] == version  # nothing reached the service
            sent_before = len(posted)
            context.set_offline(False)
            page.wait_for_function("() => document.getElementById('queue').hidden", timeout=20_000)
            recorder.wait_for_version(version)
            resent = [r for r in posted[sent_before:] if r.failure is None]
            assert [r.headers["idempotency-key"] for r in resent[-3:]] == [m["key"] for m in kept]
            assert [json.loads(r.post_data or "{}")["type"] for r in resent[-3:]] == [a["type"] for a in offline]
            assert waiting(page) == []

            version = call(f"{server}/games/{game}", token=token)["version"]
            context.set_offline(True)
            for action in (bob_discard, wrong, cy_draw):
                recorder.submit(action)
            assert page.locator("#queue-count").text_content() == "3 moves waiting to be sent"
            context.set_offline(False)
            refused = page.locator('#queue-list .queued-move[data-state="refused"]')
            refused.wait_for(timeout=20_000)
            assert "2S" in refused.text_content()
            assert page.locator('#queue-list .queued-move[data-state="held"]').count() == 1
            assert page.locator("#queue-count").text_content() == "2 moves waiting to be sent"
            shoot(page, "offline-refused")
            recorder.wait_for_version(version)  # the discard before it is recorded; the draw after it waits
            assert call(f"{server}/games/{game}", token=token)["version"] == recorder.version()
            refused.get_by_role("button", name="Drop it", exact=True).click()
            page.wait_for_function("() => document.getElementById('queue').hidden", timeout=20_000)
            catch = call(f"{server}/games/{game}", token=token)["version"]
            page.wait_for_function("(v) => Number(document.getElementById('record').dataset.version) >= v", arg=catch)
            for action in (cy_meld, cy_discard):
                first_screen(page)
                recorder.act(action)
        finally:
            chromium.close()
    assert [p for p in problems if "status of 4" not in p and "ERR_INTERNET_DISCONNECTED" not in p] == []
    sent = [*recorder.sent[:len(cuts_and_deal + opening + offline)], bob_discard, cy_draw, cy_meld, cy_discard]
    assert record_of(server, game, token) == record_of(server, *twin(server, setup, sent))
