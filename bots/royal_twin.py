"""A Royal Rummy bot game entered again as a recorded game whose deals name no hand, as players entering their own
would (bots/twins.py has the same for Roby)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from bots.twins import moves_of, record_game, recorded_action
from domain.record.game import Game
from domain.rules.decision import NoChance


def entered_royal_twin(events: Sequence[Any], token_hash: str = "") -> Game:
    """The shuffled Royal Rummy game of these events entered as a recorded game whose deals name no hand.

    In even deals every player enters his hand right after the deal; in odd deals nobody does until he must: the
    holders of the bet-on aces (every live hand, for an ace in the dummy) before the dummy is decided, and at the
    end of the rummy hand the first hand left is left unshown at its count of cards and the others are entered.
    The cards each poker hand and each play names come out of the unknown ones; a player given the lead or the
    turn back who truly holds no card for it passes, as he would at the table. The game goes on exactly as the
    original did."""
    original = record_game(events[0], "shuffled", "", [])
    game = record_game(events[0], "recorded", token_hash, [])
    for move in moves_of(events):
        truth = {p: list(zone.known) for p, zone in original.state.hands.items()}
        action = recorded_action(move)
        if action["type"] == "deal":
            del action["hands"]
        _before(game, original, action, truth)
        original.record(move.envelope.action, NoChance(), in_place=True)
        game.record(action, NoChance(), in_place=True)
        _after(game, original, action, truth)
    return game


def _enter(game: Game, player: str, truth: dict[str, list[str]], played: Sequence[str] = ()) -> None:
    held = Counter(truth[player]) - Counter(game.state.hands[player].known) - Counter(played)
    game.record({"type": "enter_hand", "player": player, "cards": sorted(held.elements())}, NoChance(), in_place=True)


def _before(game: Game, original: Game, action: dict[str, Any], truth: dict[str, list[str]]) -> None:
    state = game.state
    if state.phase == "dummy":
        for player in list(state.hands):
            if state.aces_due and state.hands[player].hidden:
                _enter(game, player, truth)
    if state.phase == "rummy" and action["type"] in ("play", "pass"):
        leads = original.state.rummy.lead is not None
        while state.phase == "rummy" and (state.rummy.turn, state.rummy.lead is not None) != (action["player"], leads):
            game.record({"type": "pass", "player": state.rummy.turn}, NoChance(), in_place=True)


def _after(game: Game, original: Game, action: dict[str, Any], truth: dict[str, list[str]]) -> None:
    state = game.state
    # The original's hand is over (blocked: nobody held the colour to lead) while the twin gave the lead to a hand it
    # does not know: each player given it passes, holding none, until the twin's hand is blocked too.
    while state.phase == "rummy" and original.state.phase != "rummy":
        game.record({"type": "pass", "player": state.rummy.turn}, NoChance(), in_place=True)
    if action["type"] == "deal" and state.deal_number % 2 == 0:
        dealt = {p: list(zone.known) for p, zone in original.state.hands.items()}
        for player in list(state.hands):
            if state.hands[player].hidden:
                _enter(game, player, dealt)
    if state.phase != "count":
        return
    played = action.get("cards", []) if action["type"] == "play" else []
    for index, player in enumerate(list(game.rules.to_move(state))):
        if index == 0:
            game.record(
                {"type": "state_count", "player": player, "points": state.hands[player].size}, NoChance(), in_place=True
            )
        else:
            _enter(game, player, truth, played if player == action["player"] else ())
