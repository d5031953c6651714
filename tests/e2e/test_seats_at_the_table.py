"""A 4-player Roby hand recorded by its seats through the pages alone, on PostgreSQL, in a real headless Chromium.

The recorder creates the game on /play (recorded deal, each player recording his own moves) and shows a pairing code
for each seat on the setup page; each player types his code on /pair in a browser context of his own (his phone)
and lands on the record page with his seat's token. The seats cut, the dealer turns the upcard, and each player
enters his own hand when he likes; Dee, his hand not entered yet, discards a card Bob entered, then enters a card the
discard pile already shows, and each time is refused in place, both places named, with what he typed kept; the hand
is played to its end and each seat confirms its result from the page, which keeps the digest confirmed and checks it
against the record, and one disputes it. Before the hand ends no seat's page holds another player's cards, in its
DOM or in any JSON response it received (but the card a refusal named). Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import psycopg
import pytest

from bots.twins import entered_twin, moves_of, recorded_action
from tests import pg
from tests.bot_games import play_roby
from tests.e2e.chromium import opened_chromium
from tests.e2e.record_driver import Recorder, call
from tests.e2e.seated import shows
from tests.e2e.test_view_page import ARTIFACTS, PHONE, watched
from tests.e2e.threaded_app import served_app

pytestmark = pytest.mark.browser
TABLET = {"width": 820, "height": 1180}
PLAYERS = ("Ann", "Bob", "Cy", "Dee")
CUTS = {"Ann": "2H", "Bob": "3S", "Cy": "4S", "Dee": "KH"}
HANDS = {
    "Ann": ["4H", "5H", "6H", "9C", "9D", "9S", "KC", "KD", "KS", "2S"],
    "Bob": ["7C", "8C", "10S", "JS", "QS", "3D", "3H", "5D", "6D", "8D"],
    "Cy": ["2C", "3C", "4C", "5C", "6C", "7D", "8H", "10C", "JD", "QH"],
    "Dee": ["2D", "4D", "9H", "10H", "JH", "AC", "AD", "AH", "10D", "7S"],
}
DEE_MISTYPED = [*HANDS["Dee"][:-1], "QH"]
"""Dee's hand with the card Cy discarded typed in place of his 7S."""
TOKEN_KEPT = "(g) => sessionStorage.getItem('meldbook-token:' + g)"
"""The token a tab keeps for a game."""
REFUSED = "Failed to load resource: the server responded with a status of 4"
OUTSIDE_GRID = """() => { const page = document.documentElement.cloneNode(true);
  for (const grid of page.querySelectorAll('#grid')) grid.remove();
  return page.outerHTML; }"""
"""The page's HTML less the card grid, which lists every card of the pack (greyed as the token's legal actions
say) whoever holds it."""


@pytest.fixture(scope="module")
def pg_server(postgres_admin: psycopg.Connection) -> Iterator[str]:
    """The real app on a database of its own on PostgreSQL, served by werkzeug on a free port; its base URL."""
    dbname = pg.create_database(postgres_admin)
    with served_app(pg.eventsourcing_env(dbname)) as url:
        yield url
    pg.drop_database(postgres_admin, dbname)


class Seat:
    """One player's phone: its page on the game's record page, and every JSON answer it received."""

    def __init__(self, player: str, page: Any) -> None:
        self.player, self.page, self.recorder = player, page, Recorder(page)
        self.answers: list[str] = []
        page.on("requestfinished", self._keep)

    def _keep(self, request: Any) -> None:
        """Keep a JSON answer's body as it arrives: a page that navigates later no longer has it."""
        response = request.response()
        if response is not None and "json" in (response.headers.get("content-type") or ""):
            self.answers.append(response.text())

    def act(self, version: int, **body: Any) -> None:
        """Once the page shows `version`, record the player's action by its controls."""
        catch_up(self.page, version)
        self.recorder.act({"player": self.player, **body})

    def received(self) -> str:
        """The bodies of the JSON answers this page received, as one text."""
        return "\n".join(self.answers)


def catch_up(page: Any, version: int) -> None:
    """Wait until the page has read the game at `version` (its stream tells it of other devices' moves)."""
    page.wait_for_function("(v) => Number(document.getElementById('record').dataset.version) >= v", arg=version,
                           timeout=15_000)


def around(text: str, card: str) -> str:
    """Where a card shows in a text, with what surrounds it, to say what leaked."""
    found = re.search(rf".{{0,80}}(?<![0-9A-Za-z]){re.escape(card)}(?![0-9A-Za-z]).{{0,40}}", text)
    return found.group(0) if found else ""


def create_by_hand(page: Any, server: str, players: tuple[str, ...], options: dict[str, Any] | None = None) -> str:
    """On /play: Roby for these players, a recorded deal, each player recording his own moves, the options given
    set in their fields; the game's id."""
    page.goto(f"{server}/play", wait_until="networkidle")
    page.select_option("#variant", "roby")
    while page.locator("#players .player-name").count() < len(players):
        page.get_by_role("button", name="Add a player").click()
    for index, name in enumerate(players):
        page.locator("#players .player-name").nth(index).fill(name)
    for name, value in (options or {}).items():
        field = page.locator(f"#option-{name}")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(json.dumps(value))
        else:
            field.fill(str(value))
    page.select_option("#deal_mode", "recorded")
    page.select_option("#recording", "seats")
    page.fill("#title", "Seats at the table")
    page.get_by_role("button", name="Create the game").click()
    page.locator("#created").wait_for(state="visible", timeout=15_000)
    return str(page.get_by_role("link", name="Go to the game").get_attribute("href").split("/")[2])


def pairing_codes(page: Any, server: str, game: str, players: tuple[str, ...]) -> dict[str, str]:
    """On the setup page: a pairing code shown for each seat."""
    page.goto(f"{server}/games/{game}/setup", wait_until="networkidle")
    codes = {}
    for player in players:
        row = page.locator(f'.seat-row[data-player="{player}"]')
        row.locator(".pair-button").click()
        row.locator(".pairing").wait_for(state="visible", timeout=15_000)
        codes[player] = row.locator(".pair-code").text_content()
    return codes


def pair(context: Any, server: str, game: str, code: str, problems: list[str]) -> Any:
    """A phone typing its pairing code on /pair: its page, on the game's record page with the seat's token."""
    page = watched(context.new_page(), problems)
    page.goto(f"{server}/pair", wait_until="networkidle")
    page.fill("#code", code)
    page.get_by_role("button", name="Take my seat").click()
    page.wait_for_url(f"{server}/games/{game}/record", timeout=15_000)
    page.wait_for_selector("#record[data-version]", timeout=15_000)
    return page


@dataclass
class SeatedTable:
    """A game created on /play by the recorder's tablet, and each player's phone on its record page."""

    server: str
    game: str
    host: Any
    recorder_token: str
    seats: dict[str, Seat]
    tokens: dict[str, str]

    def version(self) -> int:
        return int(call(f"{self.server}/games/{self.game}", token=self.recorder_token)["version"])


def seat_the_table(chromium: Any, server: str, players: tuple[str, ...], problems: list[str], urls: list[str],
                   options: dict[str, Any] | None = None) -> SeatedTable:
    """Create the game on /play, show each seat's pairing code on the setup page, and pair a phone (a browser context
    of its own) for each player by typing his code on /pair."""
    host = watched(chromium.new_context(viewport=TABLET).new_page(), problems)
    host.on("request", lambda request: urls.append(request.url))
    game = create_by_hand(host, server, players, options)
    recorder_token = host.evaluate(TOKEN_KEPT, game)
    codes = pairing_codes(host, server, game, players)
    host.screenshot(path=str(ARTIFACTS / "seats-pairing-820.png"), full_page=True)
    seats: dict[str, Seat] = {}
    for player in players:
        page = pair(chromium.new_context(viewport=PHONE), server, game, codes[player], problems)
        page.on("request", lambda request: urls.append(request.url))
        seats[player] = Seat(player, page)

    tokens = {player: seat.page.evaluate(TOKEN_KEPT, game) for player, seat in seats.items()}
    assert len(set(tokens.values())) == len(players) and recorder_token not in tokens.values()
    return SeatedTable(server, game, host, recorder_token, seats, tokens)


@pytest.mark.postgres
def test_four_seats_record_a_roby_hand_on_their_phones_and_confirm_it(pg_server: str) -> None:
    server = pg_server
    problems: list[str] = []
    urls: list[str] = []
    ARTIFACTS.mkdir(exist_ok=True)
    with opened_chromium() as chromium:
        try:
            table = seat_the_table(chromium, server, PLAYERS, problems, urls)
            game, host, recorder_token, seats, tokens = (
                table.game, table.host, table.recorder_token, table.seats, table.tokens
            )
            version = table.version

            for player in PLAYERS:
                seats[player].act(version(), type="cut", card=CUTS[player])
            seats["Dee"].act(version(), type="deal", upcard="QD")
            for player in ("Ann", "Bob", "Cy"):  # Dee waits: he enters his hand later
                seats[player].act(version(), type="enter_hand", cards=HANDS[player])
            seats["Ann"].act(version(), type="draw", source="stock", card="8S")
            seats["Ann"].act(version(), type="discard", card="8S")
            seats["Bob"].act(version(), type="draw", source="stock", card="AS")
            seats["Bob"].act(version(), type="discard", card="AS")
            seats["Cy"].act(version(), type="draw", source="stock", card="JC")
            seats["Cy"].act(version(), type="discard", card="QH")

            dee = seats["Dee"]
            dee.act(version(), type="draw", source="stock", card="5S")
            before = version()  # Dee, his hand not entered yet, names a card Bob entered: refused, both places named
            dee.recorder.submit({"type": "discard", "player": "Dee", "card": "3D"})  # one tap on the grid
            refusal = dee.page.locator("#refusal:not([hidden])")
            refusal.wait_for(timeout=15_000)
            said = refusal.text_content()
            assert "3D" in said and "Dee's hand" in said and "Bob's hand" in said, said
            assert version() == before  # nothing stored
            dee.recorder.submit({"type": "enter_hand", "player": "Dee", "cards": DEE_MISTYPED})
            refusal = dee.page.locator('#forms .entry[data-action="enter_hand"] .refusal:not([hidden])')
            refusal.wait_for(timeout=15_000)
            said = refusal.text_content()
            assert "QH" in said and "Dee's hand" in said and "the discard pile" in said, said
            assert said.startswith(dee.page.evaluate("() => window.meldbookText('problem:card-conflict')"))
            typed = dee.page.locator('#forms .entry[data-action="enter_hand"] .cards-input').input_value()
            assert typed.split()[-1].upper() == "QH" and len(typed.split()) == 10  # what was typed is kept
            dee.page.screenshot(path=str(ARTIFACTS / "seat-refused-375.png"), full_page=True)
            assert version() == before  # nothing stored
            dee.page.locator('#forms .entry[data-action="enter_hand"] .cards-input').fill("")
            dee.act(before, type="enter_hand", cards=HANDS["Dee"])
            dee.act(version(), type="discard", card="7S")

            # Before anyone goes out: what each page holds of the others' hands.
            held = {
                "Ann": HANDS["Ann"],
                "Bob": HANDS["Bob"],
                "Cy": [*HANDS["Cy"][:-1], "JC"],
                "Dee": [*HANDS["Dee"][:-1], "5S"],
            }
            last = version()
            for player, seat in seats.items():
                catch_up(seat.page, last)
                dom = seat.page.evaluate(OUTSIDE_GRID)
                received = seat.received()
                for other, cards in held.items():
                    if (player, other) == ("Dee", "Bob"):  # the refusal told Dee where the 3D he named is
                        cards = [card for card in cards if card != "3D"]
                    if other == player:
                        assert all(shows(received, card) for card in cards), f"{player}'s page lacks his own hand"
                        continue
                    assert [c for c in cards if shows(dom, c)] == [], f"{player}'s page shows {other}'s cards"
                    assert [around(received, c) for c in cards if shows(received, c)] == [], f"{player} got {other}'s"
            seats["Bob"].page.screenshot(path=str(ARTIFACTS / "seat-playing-375.png"), full_page=True)

            seats["Ann"].act(last, type="draw", source="stock", card="7H")
            seats["Ann"].act(version(), type="go_out", melds=[["4H", "5H", "6H", "7H"], ["9C", "9D", "9S"],
                                                            ["KC", "KD", "KS"]], discard="2S")
            scored = call(f"{server}/games/{game}/confirmations", token=recorder_token)["scored"]
            last = version()
            assert scored == {"1": last}  # the hand's result is the record's last event: its digest is the game's now
            digest = call(f"{server}/games/{game}", token=recorder_token)["digest"]
            for seat in seats.values():
                catch_up(seat.page, last)
                button = seat.page.locator('#sheet tr[data-hand="1"] .confirm-hand')
                button.wait_for(timeout=15_000)
                button.click()
                kept = seat.page.locator('#kept-list li[data-hand="1"]')
                kept.wait_for(timeout=15_000)
                assert kept.get_attribute("data-matches") == "true"
                assert seat.page.locator('#sheet tr[data-hand="1"] .confirm-hand').count() == 0
            seats["Dee"].page.screenshot(path=str(ARTIFACTS / "seat-confirmed-375.png"), full_page=True)
            cy = seats["Cy"].page  # on second thoughts, Cy disputes the hand's result from his page
            cy.locator('#sheet tr[data-hand="1"] .dispute-hand').click()
            form = cy.locator('#dispute-open .dispute-form[data-hand="1"]')  # below the sheet, the page's width
            assert form.bounding_box()["width"] > 300
            form.locator(".dispute-claim").fill("My hand counts 60, not 65")
            form.locator(".dispute-figure").fill("60")
            form.locator("button.primary").click()
            cy.locator('#sheet tr[data-hand="1"] .disputed[data-dispute="1"]').wait_for(timeout=15_000)
            claim = cy.locator('#disputes .dispute[data-dispute="1"] .claim')
            assert claim.text_content() == "Cy: My hand counts 60, not 65"
            (opened,) = call(f"{server}/games/{game}/disputes", token=recorder_token)["items"]
            assert (opened["hand"], opened["opened_by"], opened["figure"], opened["claim"], opened["target"]) == (
                1, "seat:Cy", 60, "My hand counts 60, not 65", "hand")
            cy.screenshot(path=str(ARTIFACTS / "seat-disputed-375.png"), full_page=True)
            listed = call(f"{server}/games/{game}/confirmations", token=recorder_token)
            assert sorted((c["player"], c["recorded_by"], c["matches"]) for c in listed["items"]) == [
                (p, f"seat:{p}", True) for p in PLAYERS
            ]
            assert call(f"{server}/games/{game}", token=recorder_token)["version"] == last  # confirming moves nothing
            for player, seat in seats.items():
                kept_digest = seat.page.evaluate(
                    "([g, p]) => JSON.parse(localStorage.getItem('meldbook-confirmed:' + g))[p]['1'].digest",
                    [game, player])
                assert kept_digest == digest == next(c["digest"] for c in listed["items"] if c["player"] == player)
            host.goto(f"{server}/games/{game}/record", wait_until="networkidle")
            confirmed = host.locator('#sheet tr[data-hand="1"] .confirmed')
            confirmed.wait_for(timeout=15_000)
            assert all(f"{p} ✓" in confirmed.text_content() for p in PLAYERS)
            # The recorder sees the claim as the API shows it to his token, and rules on it (no arbiter was issued).
            shown = host.locator('#disputes .dispute[data-dispute="1"]')
            assert shown.locator(".claim").text_content() == "Cy: My hand counts 60, not 65"
            assert "60" in shown.locator(".figure").text_content()
            host.screenshot(path=str(ARTIFACTS / "seats-sheet-820.png"), full_page=True)
        finally:
            chromium.close()
    secrets = [recorder_token, *tokens.values()]
    assert urls and not [url for url in urls if any(secret in url for secret in secrets)]
    assert [p for p in problems if not p.startswith(REFUSED)] == []


@pytest.mark.slow
@pytest.mark.postgres
def test_a_whole_roby_game_recorded_by_four_seats_on_their_phones(pg_server: str) -> None:
    """A bot's 4-player game (204 moves, five hands, three players bust), its deals naming no hand, recorded action by
    action on the acting player's own phone: hands entered by their players in some hands, cards coming out of
    unknown hands in others, counts stated; the record ends where the bot's game ended."""
    events = list(play_roby(2, 4).collect_events())
    original = entered_twin(events)
    actions = [recorded_action(move) for move in moves_of(list(original.collect_events()))]
    players = tuple(events[0].players)
    options = {k: v for k, v in events[0].options.items() if v is not None}
    problems: list[str] = []
    urls: list[str] = []
    ARTIFACTS.mkdir(exist_ok=True)
    with opened_chromium() as chromium:
        try:
            table = seat_the_table(chromium, pg_server, players, problems, urls, options)
            for action in actions:
                table.seats[action["player"]].act(table.version(), **action)
            shown = call(f"{pg_server}/games/{table.game}", token=table.recorder_token)
            assert shown["over"]
            for seat in table.seats.values():
                catch_up(seat.page, shown["version"])
                assert seat.page.locator("#turn").text_content() == "The game is over."
            table.seats[players[0]].page.screenshot(path=str(ARTIFACTS / "seats-game-over-375.png"), full_page=True)
        finally:
            chromium.close()
    expected = original.rules.to_doc(original.state)
    for key in ("phase", "scores", "standing", "winner", "ledger", "findings", "stated", "hand_number"):
        assert shown["state"][key] == expected[key], key
    secrets = [table.recorder_token, *table.tokens.values()]
    assert not [url for url in urls if any(secret in url for secret in secrets)]
    assert [p for p in problems if not p.startswith(REFUSED)] == []
