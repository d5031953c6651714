"""Money shown as money on the table's pages, in a real headless Chromium: a Roby game played for NOK keeps a row of
each player's money on the record page's score sheet after its first hand is scored in points, and the viewer shows
the pot and the balances in kroner, each formatted as Babel formats it for the browser's language and region
(British English and Bokmål here). Screenshots go to test-artifacts/."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from babel.numbers import format_currency

from tests.e2e import test_view_page as viewer_page
from tests.e2e.chromium import opened_chromium
from tests.e2e.test_languages import RULED, SAID
from tests.e2e.test_view_page import ARTIFACTS, PHONE, call, watched
from tests.unit.corrections.test_roby_past_hand import two_hands

pytestmark = pytest.mark.browser
server = viewer_page.server  # the real app on a localhost port, one for this module
PLAYERS = ("ann", "bob", "cy")
MONEY_ROW = """() => Object.fromEntries([...document.querySelectorAll('#sheet tr.money td')].map((td) =>
  [td.dataset.player, {money: Number(td.dataset.money), text: td.textContent}]))"""


def kroner(minor: int, locale: str) -> str:
    return format_currency(Decimal(minor).scaleb(-2), "NOK", locale=locale)


def money_of(base: str, game: str) -> dict[str, int]:
    """Each player's money balance, from the API's settlement."""
    balances = call(f"{base}/games/{game}/settlement")["balances"]
    return {b["player"]: b["total"] for b in balances if b["player"] and b["unit"] == "money"}


def test_a_roby_game_for_kroner_shows_its_money_as_kroner_on_the_score_sheet_and_in_the_viewer(server: str) -> None:
    table = two_hands(*PLAYERS)
    created = call(f"{server}/games", {"variant": "roby", "players": list(PLAYERS), "deal_mode": "recorded",
                                       "title": "For kroner", "currency": "NOK"})
    game, token, version = created["id"], created["token"], created["version"]
    moves = [envelope.action for envelope in table.events("MoveRecorded")]
    first_hand = next(i for i, action in enumerate(moves) if action["type"] == "go_out") + 1
    for action in moves[:first_hand]:
        version = call(f"{server}/games/{game}/moves", {**action, "expected_version": version}, token)["version"]
    problems: list[str] = []
    ARTIFACTS.mkdir(exist_ok=True)
    with opened_chromium() as chromium:
        try:
            page = watched(chromium.new_context(viewport=PHONE, locale="en-GB").new_page(), problems)
            page.goto(f"{server}/games/{game}/record")
            page.locator("#token").fill(token)
            page.locator("#use-token").click()
            page.wait_for_selector('#sheet tr[data-hand="1"]')
            page.wait_for_selector("#sheet tr.money td")
            row = page.evaluate(MONEY_ROW)
            money = money_of(server, game)
            assert {p: shown["money"] for p, shown in row.items()} == money and any(money.values())
            assert {p: shown["text"] for p, shown in row.items()} == {p: kroner(m, "en_GB") for p, m in money.items()}
            assert page.locator("#sheet-unit").text_content() == "points"  # the hands are scored in points
            page.locator("#sheet").scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / "record-sheet-money-375.png"), full_page=True)

            norwegian = watched(chromium.new_context(viewport=PHONE, locale="nb-NO").new_page(), problems)
            norwegian.goto(f"{server}/games/{game}/view")
            pot = call(f"{server}/games/{game}")["state"]["pot"]
            shown_pot = norwegian.locator('.pile [data-account="pot"]')
            assert pot > 0 and shown_pot.text_content() == kroner(pot, "nb_NO")
            for action in moves[first_hand:]:
                body = {**action, "expected_version": version}
                version = call(f"{server}/games/{game}/moves", body, token)["version"]
            norwegian.goto(f"{server}/games/{game}/view")
            money = money_of(server, game)
            for player, minor in money.items():
                total = norwegian.locator(f'#balances .balance[data-player="{player}"] .total[data-unit="money"]')
                assert total.text_content() == kroner(minor, "nb_NO")
            # The money chart: each balance in kroner in its legend, its axis labels inside the drawing.
            legend = norwegian.locator('section[aria-labelledby="money-chart-label"] .chart-legend li')
            assert {item.get_attribute("data-player"): item.locator(".amount").text_content()
                    for item in legend.all()} == {p: kroner(m, "nb_NO") for p, m in money.items()}
            ticks = norwegian.evaluate("""() => { const chart = document.querySelector(
              'svg[aria-labelledby="money-chart-title"]'), box = chart.getBoundingClientRect();
              return [...chart.querySelectorAll('.tick')].map((t) => { const r = t.getBoundingClientRect();
              return {text: t.textContent, inside: r.left >= box.left && r.right <= box.right}; }); }""")
            assert [t["inside"] for t in ticks] == [True, True] and all("kr" in t["text"] for t in ticks)
            norwegian.locator('#balances .balance[data-player="ann"] .explain').click()
            norwegian.wait_for_selector("#explanation:not([aria-busy]) #explanation-entries .entry")
            changes: list[dict[str, Any]] = norwegian.evaluate("""() => [...document.querySelectorAll(
              '#explanation-entries .entry[data-unit="money"]')].map((e) => ({change: Number(e.dataset.change),
              text: e.querySelector('.change').textContent}))""")
            assert changes and all(c["text"] == ("+" if c["change"] > 0 else "") + kroner(c["change"], "nb_NO")
                                   for c in changes)
            # The move's words and the rule's sentence in Norwegian (the API's JSON says both in English).
            first = norwegian.locator("#explanation-entries .entry").first
            assert first.locator(".action").text_content() == SAID["the game is set up"]
            rule = call(f"{server}/games/{game}/settlement/players/ann")["entries"][0]["rule"]
            assert first.locator(".rule").text_content() == RULED[rule["sentence"]] != rule["sentence"]
            assert first.locator(".rule").get_attribute("lang") is None
            assert norwegian.locator('#explanation-entries [lang="en"]').count() == 0
            norwegian.screenshot(path=str(ARTIFACTS / "view-money-nb-375.png"), full_page=True)
        finally:
            chromium.close()
    assert problems == []
