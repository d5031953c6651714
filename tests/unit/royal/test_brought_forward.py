"""A Royal Rummy game carried on from a paper sheet: the stacks and the chips on the board and the aces as stated
before the first deal here, brought forward marked stated; the game then runs as usual and conserves its chips from
them."""

from __future__ import annotations

from typing import Any

import pytest

from bots import SeededChance
from domain.errors import MeldbookError
from domain.money.settlement import settlement_of
from tests.irregular_games import play
from tests.unit.royal.helpers import FixedChance, chips, new_game

STACKS = {"p1": 120, "p2": 60, "p3": 90, "p4": 80}
BOARD = {"pot": 22, "kitty": 12, "AH": 5, "marriage": 1}
ACES = {"S": 10}
"""400 chips, as the banker handed out: 100 to each of four players."""


def stated(game: Any, **body: Any) -> int:
    return game.record({"type": "bring_forward", "confirm": True, **body}, FixedChance())


def test_stacks_board_and_aces_are_brought_forward_and_the_game_conserves_chips_from_them() -> None:
    game = new_game()
    listed = {e["type"]: e for e in game.table_actions()}["bring_forward"]
    assert listed["template"]["stacks"] == dict.fromkeys(STACKS, "<int>")
    assert list(listed["template"]["board"]) == ["AH", "KH", "QH", "JH", "10H", "marriage", "sequence", "kitty", "pot"]
    assert list(listed["template"]["aces"]) == ["C", "D", "H", "S"]
    stated(game, stacks=STACKS, board=BOARD, aces=ACES)
    assert {p: chips(game, p) for p in STACKS} == STACKS
    assert (chips(game, "pot"), chips(game, "kitty"), chips(game, "space:AH"), chips(game, "ace:S")) == (22, 12, 5, 10)
    assert chips(game, "brought-forward") == 0 and game.state.brought_forward
    play(game, SeededChance(3), 400)
    assert game.state.deal_number >= 2
    events = list(game.collect_events())
    settled = settlement_of(events[0], events)
    assert [check.held for check in settled.checks] == [True]
    assert sum(b for a, b in game.state.ledger.balances.items() if a != "bank") == 400
    assert {e.movement.rule for e in settled.entries if e.stated} == {"royal.setup.brought-forward"}


@pytest.mark.parametrize(("body", "field"), [
    ({"stacks": {**STACKS, "p1": 130}, "board": BOARD, "aces": ACES}, "stacks"),
    ({"stacks": {"p1": 400}}, "stacks.p2"),
    ({"stacks": STACKS, "board": {**BOARD, "moon": 0}, "aces": ACES}, "board.moon"),
    ({"stacks": STACKS, "board": BOARD, "aces": {"X": 10}}, "aces.X"),
    ({"stacks": {**STACKS, "p2": -10}, "board": {**BOARD, "pot": 92}, "aces": ACES}, "stacks.p2"),
])
def test_standings_that_cannot_be_are_refused_naming_the_field(body: dict[str, Any], field: str) -> None:
    game = new_game()
    with pytest.raises(MeldbookError) as caught:
        stated(game, **body)
    assert (caught.value.code, caught.value.field) == ("royal.forward.standings", field)
