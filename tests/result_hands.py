"""Games with hands recorded by their result or carried on from a paper sheet, for the tests that need every action
kind or event type of a variant (golden events, notation round trips): the bots do neither."""

from __future__ import annotations

from domain.record.game import Game
from domain.rules.variant import Chance
from tests.unit.roby.table import Table as RobyTable


def roby_result_hands() -> Game:
    """Carried on from a paper sheet (bob out at 120); dee deals; the hand is recorded by its result (ann shows her
    cards, cy and dee state counts); then ann's hand is recorded as called off."""
    table = RobyTable()
    scores, money = {"ann": 40, "bob": 120, "cy": 50, "dee": 12}, {"ann": -700, "bob": -300, "cy": -900, "dee": 100}
    table.game.record({"type": "bring_forward", "scores": scores, "money": money, "pot": 1800, "confirm": True},
                      table.chance)
    table.cut_for("dee")
    table.act("hand_result", "dee", went_out="cy", points={"dee": 7}, cards={"ann": ["KH", "QH"]})
    table.act("hand_result", "ann")
    return table.game


def robins_result_hands() -> Game:
    """Carried on from a paper sheet at 380 and 410; bob deals; ann went out (bob's hand points stated, a Rummy
    claimed); then ann's deal ends with the stock out, bob's cards shown."""
    game = Game.set_up("robins", ["ann", "bob"], {"first_dealer": "bob"}, "recorded", "", Chance())
    game.record({"type": "bring_forward", "scores": {"ann": 380, "bob": 410}, "confirm": True}, Chance())
    game.record({"type": "hand_result", "player": "bob", "went_out": "ann", "table": {"ann": 95, "bob": 40},
                 "points": {"bob": 25}, "rummies": {"ann": 1}}, Chance())
    game.record({"type": "hand_result", "player": "ann", "table": {"ann": 30, "bob": 45}, "points": {"ann": 10},
                 "cards": {"bob": ["JK", "2C", "AS"]}}, Chance())
    return game


def royal_brought_forward() -> Game:
    """Carried on from a paper sheet: four stacks, chips on three spaces and an ace; then the cut and the first
    deal's ante."""
    game = Game.set_up("royal", ["p1", "p2", "p3", "p4"], {}, "recorded", "", Chance())
    game.record({"type": "bring_forward", "stacks": {"p1": 120, "p2": 60, "p3": 90, "p4": 80},
                 "board": {"pot": 22, "kitty": 12, "AH": 5, "marriage": 1}, "aces": {"S": 10}, "confirm": True},
                Chance())
    for player, card in (("p1", "AS"), ("p2", "2C"), ("p3", "3C"), ("p4", "4C")):
        game.record({"type": "cut", "player": player, "card": card}, Chance())
    return game


RESULT_HAND_GAMES = {"roby": roby_result_hands, "robins": robins_result_hands, "royal": royal_brought_forward}
"""A recorded game with result hands or standings brought forward, by variant."""
