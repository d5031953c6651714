"""A Roby game carried on from a paper sheet: scores, money and the pot as stated before the first hand here, brought
forward marked stated (the players over 99 out of the game); the game then runs as usual and conserves money."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import MeldbookError
from domain.money.ledger import player_account
from domain.roby.state import OVER
from tests.unit.roby.table import Table

SCORES = {"ann": 40, "bob": 120, "cy": 95, "dee": 12}
MONEY = {"ann": -700, "bob": -300, "cy": -900, "dee": 100}
"""Four buy-ins of 500, a re-enlistment fee of 400 and a few Robies: 1,800 in the pot."""
STATED = {"type": "bring_forward", "scores": SCORES, "money": MONEY, "pot": 1800, "confirm": True}


def refused(table: Table, **body: Any) -> MeldbookError:
    """A bring_forward refused with its code, storing nothing."""
    version = table.game.version
    with pytest.raises(MeldbookError) as caught:
        table.game.record({"type": "bring_forward", "confirm": True, **body}, table.chance)
    assert caught.value.code == "roby.forward.standings" and table.game.version == version
    return caught.value


def test_standings_are_brought_forward_and_the_game_plays_on_from_them_to_the_pot() -> None:
    table = Table(buy_in=500, per_roby=100)
    listed = {e["type"]: e for e in table.game.table_actions()}["bring_forward"]
    assert listed["template"]["scores"] == dict.fromkeys(("ann", "bob", "cy", "dee"), "<int>")
    assert listed["examples"][0]["pot"] == 2000  # the buy-ins the game took when it was created
    own = table.game.record(STATED, table.chance)
    assert own and table.state.brought_forward and table.state.scores == SCORES
    assert table.state.standing["bob"] == "left" and table.state.still_in() == ["ann", "cy", "dee"]
    assert table.state.cutters == ["ann", "cy", "dee"]  # a player out of the game does not cut
    ledger = table.state.ledger
    assert {p: ledger.balance(player_account(p)) for p in SCORES} == MONEY and ledger.balance("pot") == 1800
    assert ledger.balance("brought-forward") == 0
    assert {m for *_, m in table.transfers("roby.stakes.brought-forward")} == {"StandingsStated"}
    table.cut_for("dee")
    table.act("hand_result", "dee", went_out="ann", points={"cy": 10, "dee": 8})  # cy 105 busts, may not stay
    assert table.state.deciding == ["cy"]
    table.act("leave", "cy")
    table.act("hand_result", table.state.dealer or "", went_out="ann", points={"dee": 90})  # dee 110: ann wins
    assert table.state.phase == OVER and table.state.winner == "ann"
    assert ledger.balance(player_account("ann")) == -700 + 200 + 100 + 1800 and ledger.balance("pot") == 0


def test_standings_that_cannot_be_are_refused_naming_the_field() -> None:
    table = Table()
    for body, field in (
        ({"scores": {**SCORES, "eve": 3}, "money": MONEY, "pot": 1800}, "scores.eve"),
        ({"scores": SCORES, "money": {"ann": -700}, "pot": 1800}, "money.bob"),
        ({"scores": {**SCORES, "ann": -1}, "money": MONEY, "pot": 1800}, "scores.ann"),
        ({"scores": {**SCORES, "cy": 100, "dee": 101}, "money": MONEY, "pot": 1800}, "scores"),
        ({"scores": SCORES, "money": MONEY, "pot": 1900}, "pot"),
        ({"scores": SCORES, "money": {**MONEY, "dee": 1900}, "pot": -100}, "pot"),
    ):
        assert refused(table, **body).field == field, body


def test_standings_are_brought_forward_once_and_before_the_first_hand() -> None:
    table = Table()
    table.game.record(STATED, table.chance)
    assert "already" in refused(table, scores=SCORES, money=MONEY, pot=1800).message
    cutting = Table()
    cutting.act("cut", "ann", card="5D")
    assert "before the cut" in refused(cutting, scores=SCORES, money=MONEY, pot=1800).message
    later = Table()
    later.cut_for("dee")
    later.act("hand_result", "dee")
    assert "before the first hand" in refused(later, scores=SCORES, money=MONEY, pot=1800).message
