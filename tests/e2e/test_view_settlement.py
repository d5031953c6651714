"""The viewer page's settlement panel in a real headless Chromium: for a finished Roby game, a player's balance
explained entry by entry adds up to the balance shown, and each entry's link moves the viewer to that entry's frame;
for a game with a past hand corrected, the reversed line is struck through beside its reversal and replacement; each
entry names who paid the player, or whom the player paid. Without Chromium or Playwright the test fails rather than
skips. Screenshots (phone and desktop) go to test-artifacts/."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from typing import Any

import pytest
from babel.numbers import format_decimal

from tests.e2e import test_view_page as viewer_page
from tests.e2e.chromium import opened_chromium
from tests.e2e.test_languages import TRANSLATED
from tests.e2e.test_view_page import ARTIFACTS, DESKTOP, PHONE, call, open_token_box, shows, watched
from tests.unit.corrections.test_roby_past_hand import AMEND, second_deal, two_hands

pytestmark = pytest.mark.browser
server = viewer_page.server  # the real app on a localhost port, one for this module
PLAYERS = ("ann", "bob", "cy")

# The explanation the page shows: each entry's data, and each player's balances in the panel.
EXPLAINED = """() => ({
  entries: [...document.querySelectorAll('#explanation-entries .entry')].map((e) => ({
    version: Number(e.dataset.version), move: Number(e.dataset.move), unit: e.dataset.unit,
    change: Number(e.dataset.change), running: Number(e.dataset.running), status: e.dataset.status,
    partner: e.dataset.partner ? Number(e.dataset.partner) : null,
    struck: getComputedStyle(e.querySelector('.line')).textDecorationLine,
    text: e.textContent})),
  balances: Object.fromEntries([...document.querySelectorAll('#balances .balance')].map((b) => [b.dataset.player,
    Object.fromEntries([...b.querySelectorAll('.total')].map((t) => [t.dataset.unit, Number(t.dataset.total)]))])),
})"""


def finished_roby(server: str) -> tuple[str, str, Any]:
    """Two hands of Roby recorded through the API, ann winning the game: its id, token and the table behind it."""
    table = two_hands(*PLAYERS)
    created = call(f"{server}/games", {"variant": "roby", "players": list(PLAYERS), "deal_mode": "recorded",
                                       "title": "A settled Roby game"})
    version = created["version"]
    for envelope in table.events("MoveRecorded"):
        body = {**envelope.action, "expected_version": version}
        version = call(f"{server}/games/{created['id']}/moves", body, created["token"])["version"]
    return created["id"], created["token"], table


def explain(page: Any, player: str) -> dict[str, Any]:
    """Ask the page why the player's balance is what it is; what it then shows."""
    page.locator(f'#balances .balance[data-player="{player}"] .explain').click()
    page.wait_for_selector("#explanation:not([aria-busy]) #explanation-status:has-text('adding up to')",
                           timeout=30_000)  # a busy CI machine runs two suites side by side
    shown: dict[str, Any] = page.evaluate(EXPLAINED)
    return shown


def adds_up(shown: dict[str, Any], player: str, api: dict[str, Any]) -> None:
    """The entries shown are the API's, in order, and in each unit they add up to the balance the panel shows."""
    entries = shown["entries"]
    assert [(e["version"], e["move"], e["change"], e["status"]) for e in entries] == [
        (e["version"], e["move"], e["change"], e["status"]) for e in api["entries"]
    ]
    assert all(e["action"] in s["text"] and e["rule"]["sentence"] in s["text"] for e, s in zip(
        api["entries"], entries, strict=True))
    sums: dict[str, int] = defaultdict(int)
    for entry in entries:
        sums[entry["unit"]] += entry["change"]
        assert entry["running"] == sums[entry["unit"]]
    assert dict(sums) == shown["balances"][player] == {b["unit"]: b["total"] for b in api["balances"]}
    assert shown["balances"][player]  # the player's balance is not empty: there is something to add up


def follow_link(page: Any, server: str, game: str, entry: dict[str, Any]) -> None:
    """Click the entry's link: the viewer shows the frame of its move, as the replay API gives it."""
    page.locator(f'#explanation-entries .entry[data-version="{entry["version"]}"] a.frame').first.click()
    shows(page, call(f"{server}/games/{game}/replay?at={entry['move']}")["frames"][0])
    assert page.url.endswith(f"at={entry['move']}")


def screenshots(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.set_viewport_size(PHONE)
    page.locator("#explanation").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"{name}-phone.png"), full_page=True)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(ARTIFACTS / f"{name}-desktop.png"), full_page=True)


def balances_of(settlement: dict[str, Any]) -> dict[str, dict[str, int]]:
    """Each player's balances in a settlement, by unit, as the panel shows them."""
    balances: dict[str, dict[str, int]] = defaultdict(dict)
    for balance in settlement["balances"]:
        if balance["player"]:
            balances[balance["player"]][balance["unit"]] = balance["total"]
    return dict(balances)


def rendered(page: Any, server: str, game: str) -> None:
    """Without script, the server's panel shows every player's balances as the spectator's settlement states them,
    and no button that would need the script."""
    page.goto(f"{server}/games/{game}/view")
    assert page.evaluate(EXPLAINED)["balances"] == balances_of(call(f"{server}/games/{game}/settlement"))
    assert page.locator("#balances .explain").first.is_hidden() and page.locator("#explanation").is_hidden()


def test_a_balance_explained_on_the_view_page_adds_up_and_each_entry_links_to_its_frame(server: str) -> None:
    game, token, _ = finished_roby(server)
    spectator = call(f"{server}/games/{game}/settlement/players/ann")
    full = call(f"{server}/games/{game}/settlement/players/ann", token=token)
    problems: list[str] = []
    sent: list[str] = []
    with opened_chromium() as chromium:
        try:
            page = watched(chromium.new_page(viewport=PHONE), problems)
            page.on("request", lambda r: sent.append(r.url))
            page.goto(f"{server}/games/{game}/view", wait_until="networkidle")
            shown = explain(page, "ann")
            adds_up(shown, "ann", spectator)
            hands = {e["hand"] for e in spectator["entries"]}
            assert hands == {1, 2}, "entries of both hands, so a link moves the viewer to another hand"
            for entry in (spectator["entries"][0], spectator["entries"][-1], spectator["entries"][1]):
                follow_link(page, server, game, entry)
            screenshots(page, "view-settlement-roby")
            open_token_box(page)
            page.locator("#token").fill(token)
            page.locator("#view").select_option("full")
            with page.expect_response(lambda r: "/settlement/players/ann" in r.url
                                      and r.request.headers.get("authorization") == f"Bearer {token}"):
                page.get_by_role("button", name="Use").click()
            page.wait_for_selector("#explanation:not([aria-busy])", timeout=10_000)
            adds_up(page.evaluate(EXPLAINED), "ann", full)
            rendered(chromium.new_context(java_script_enabled=False).new_page(), server, game)
        finally:
            chromium.close()
    assert not problems, problems
    assert not [url for url in sent if token in url]


def test_a_corrected_game_shows_the_reversed_line_struck_through_beside_its_reversal_and_replacement(
    server: str,
) -> None:
    game, token, table = finished_roby(server)
    version = call(f"{server}/games/{game}", token=token)["version"]
    correction = {**AMEND, "kind": "amend", "move": second_deal(table), "expected_version": version}
    del correction["type"]
    call(f"{server}/games/{game}/corrections", correction, token)
    api = call(f"{server}/games/{game}/settlement/players/cy")
    problems: list[str] = []
    with opened_chromium() as chromium:
        try:
            page = watched(chromium.new_page(viewport=DESKTOP), problems)
            page.goto(f"{server}/games/{game}/view", wait_until="networkidle")
            shown = explain(page, "cy")
            adds_up(shown, "cy", api)
            by_status = {e["status"]: e for e in shown["entries"] if e["status"] != "counted"}
            assert sorted(by_status) == ["replacement", "reversal", "reversed"]
            reversed_, reversal = by_status["reversed"], by_status["reversal"]
            assert "line-through" in reversed_["struck"] and reversal["change"] == -reversed_["change"]
            assert "line-through" not in reversal["struck"] + by_status["replacement"]["struck"]
            crossed = page.locator("#explanation-entries .entry.reversed .counterparty").evaluate(
                "(e) => getComputedStyle(e).textDecorationLine")
            assert "line-through" in crossed  # who paid, struck through with the rest of the line
            assert "reversal" in reversal["text"] and "replacement" in by_status["replacement"]["text"]
            assert reversal["version"] > reversed_["version"]
            assert (reversed_["partner"], reversal["partner"]) == (reversal["version"], reversed_["version"])
            follow_link(page, server, game, reversal)
            follow_link(page, server, game, reversed_)
            screenshots(page, "view-settlement-corrected")
        finally:
            chromium.close()
    assert not problems, problems


# The entries of the explanation shown: each one's move, change, unit and the account it names as the other side.
SIDES = """() => [...document.querySelectorAll('#explanation-entries .entry')].map((e) => ({
  move: Number(e.dataset.move), change: Number(e.dataset.change), unit: e.dataset.unit,
  account: e.querySelector('.counterparty').dataset.account,
  named: e.querySelector('.counterparty').textContent,
  line: e.querySelector('.line').textContent.replace(/\\s+/g, ' ').trim()}))"""
# How the page names an account of the ledger (in English).
NAMED = {"player:ann": "ann", "player:bob": "bob", "player:cy": "cy", "pot": "the pot",
         "score-sheet": "the score sheet"}


def shown_change(change: int, unit: str) -> str:
    """A change as the explanation shows it: money (of a game naming no currency) in major units as Babel writes
    them for the browser's locale (United States English), chips and points with their unit."""
    if unit != "money":
        return f"{change:+} {unit}"
    return ("+" if change > 0 else "") + format_decimal(Decimal(change).scaleb(-2), format="#,##0.00", locale="en_US")


def other_side(entry: dict[str, Any], player: str) -> str:
    """The account at the other end of a player's entry: its source when it paid the player, else its destination."""
    return str(entry["source"] if entry["destination"] == f"player:{player}" else entry["destination"])


def test_each_entry_of_a_balance_explained_names_who_paid_the_player_or_whom_the_player_paid(server: str) -> None:
    game, _, _ = finished_roby(server)
    problems: list[str] = []
    with opened_chromium() as chromium:
        try:
            page = watched(chromium.new_page(viewport=PHONE), problems)
            page.goto(f"{server}/games/{game}/view", wait_until="networkidle")
            for player in PLAYERS:
                api = call(f"{server}/games/{game}/settlement/players/{player}")["entries"]
                explain(page, player)
                shown = page.evaluate(SIDES)
                assert [s["account"] for s in shown] == [other_side(e, player) for e in api]
                for entry, side in zip(api, shown, strict=True):
                    word = "from" if entry["destination"] == f"player:{player}" else "to"
                    assert side["named"] == f"{word} {NAMED[side['account']]}", side
                    change = shown_change(side["change"], side["unit"])
                    assert side["line"].startswith(f"{change} {side['named']} "), side
                if player == "ann":
                    # Her two winnings of each hand were the same line; each now names its payer.
                    won = [s["line"] for s in shown if s["move"] == 6 and s["unit"] == "money"]
                    assert len(won) == 2 and won[0] != won[1], won
                    assert [s["named"] for s in shown if s["move"] == 6] == ["from bob", "from cy"]
            explain(page, "ann")
            page.locator(".chart-box").first.scroll_into_view_if_needed()
            ARTIFACTS.mkdir(exist_ok=True)
            for viewport in (PHONE, DESKTOP):
                page.set_viewport_size(viewport)
                shot = ARTIFACTS / f"view-finished-explained-{viewport['width']}.png"
                page.screenshot(path=str(shot), full_page=True)
            # In Norwegian, the same entries in the catalogue's words.
            norwegian = chromium.new_context(viewport=PHONE, locale="nb-NO").new_page()
            norwegian.goto(f"{server}/games/{game}/view", wait_until="networkidle")
            norwegian.locator('#balances .balance[data-player="bob"] .explain').click()
            norwegian.wait_for_selector("#explanation:not([aria-busy]) #explanation-entries .entry", timeout=30_000)
            named = {s["account"]: s["named"] for s in norwegian.evaluate(SIDES)}
            assert named == {
                "pot": TRANSLATED["to %(account)s"].replace("%(account)s", TRANSLATED["the pot"]),
                "score-sheet": TRANSLATED["from %(account)s"].replace("%(account)s", TRANSLATED["the score sheet"]),
                "player:ann": TRANSLATED["to %(account)s"].replace("%(account)s", "ann"),
            }
        finally:
            chromium.close()
    assert not problems, problems
