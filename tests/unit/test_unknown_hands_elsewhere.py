"""Robins Rummy deals still name every hand: a recorded deal without hands is refused, naming the field, and stores
nothing (Roby and Royal Rummy deal hands their players enter: tests/unit/roby/test_unknown_hands.py,
tests/unit/royal/test_unknown_hands.py)."""

from __future__ import annotations

import pytest

from bots import concrete_bodies
from domain.errors import InvalidActionError
from domain.game import Game
from domain.reexecution import NoChance

PLAYERS = {"robins": ["ann", "bob"]}


@pytest.mark.parametrize("variant", sorted(PLAYERS))
def test_a_recorded_deal_without_hands_is_refused_in_the_other_variants(variant: str) -> None:
    game = Game.set_up(variant, PLAYERS[variant], {}, "recorded", "", NoChance())
    while game.legal_actions()[0]["type"] == "cut":
        game.record(concrete_bodies(game.legal_actions()[0])[0], NoChance())
    deal = next(entry for entry in game.legal_actions() if entry["type"] == "deal")
    version = game.version
    body = {"type": "deal", "player": deal["player"], "upcard": "QD"} if variant == "robins" else {
        "type": "deal", "player": deal["player"]
    }
    with pytest.raises(InvalidActionError) as refused:
        game.record(body, NoChance())
    assert refused.value.field == "hands" and game.version == version
    assert "enter_hand" not in game.rules.action_kinds
