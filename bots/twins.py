"""Bot games as records: the moves of a stored game, and the same game recorded again, shuffled or as recorded.

A bot plays shuffled games. Its recorded twin is the same game entered as a recorder at a real table would
enter it: each cut and deal names the cards the shuffle gave, each draw the card drawn (the envelope of a
shuffled draw already names it), and no action brings seeds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.record.game import Game
from domain.record.moves import MoveRecorded
from domain.record.replay import action_steps, replay
from domain.robins.rules import hand_total
from domain.roby.rules import hand_value
from domain.rules.decision import NoChance

DEALT = ("HandDealt", "HandsDealt")
COUNTS: dict[str, Callable[[Any, list[str]], int]] = {
    "roby": lambda state, cards: hand_value(cards),
    "robins": lambda state, cards: hand_total(cards, state.options),
}
"""What the cards left in a hand count, as its player states them at the table, by variant."""


@dataclass
class Move:
    """One stored move: its envelope and the events that followed it."""

    envelope: MoveRecorded
    events: list[Any] = field(default_factory=list)


def moves_of(events: Iterable[Any]) -> list[Move]:
    """The moves of a record whose every move carries an envelope (the setup's events are left out)."""
    moves: list[Move] = []
    for event in events:
        if isinstance(event, MoveRecorded):
            moves.append(Move(event))
        elif moves:
            moves[-1].events.append(event)
    return moves


def recorded_action(move: Move) -> dict[str, Any]:
    """The action a recorder enters for a move the service shuffled: the cards named, the seeds left out."""
    action = {k: v for k, v in move.envelope.action.items() if k != "seeds"}
    first = move.events[0]
    if action["type"] == "cut":
        action["card"] = first.card
    if action["type"] == "deal":
        dealt = next(e for e in move.events if type(e).__name__ in DEALT)
        action["hands"] = {player: list(cards) for player, cards in dealt.hands.items()}
        if hasattr(dealt, "upcard"):
            action["upcard"] = dealt.upcard
    return action


def record_game(created: Any, deal_mode: str, token_hash: str, actions: Sequence[dict[str, Any]]) -> Game:
    """A new game set up like `created` (its variant, players, options and title), in a deal mode, with a token,
    and the actions recorded in turn."""
    game = Game.set_up(
        created.variant, list(created.players), dict(created.options), deal_mode, token_hash, NoChance(), created.title
    )
    replay(game, action_steps(actions))
    return game


def shuffled_again(events: Sequence[Any], token_hash: str) -> Game:
    """The shuffled game of these events recorded again from its envelopes, with a recorder token."""
    return record_game(events[0], "shuffled", token_hash, [m.envelope.action for m in moves_of(events)])


def recorded_twin(events: Sequence[Any], token_hash: str = "") -> Game:
    """The shuffled game of these events entered as a recorded game."""
    return record_game(events[0], "recorded", token_hash, [recorded_action(m) for m in moves_of(events)])


def entered_twin(events: Sequence[Any], token_hash: str = "") -> Game:
    """The shuffled Roby or Robins Rummy game of these events entered as a recorded game whose deals name no hand,
    as players entering their own would: in even hands every player enters his hand right after the deal; in odd
    hands nobody does, the cards each play names come out of the unknown ones, and once the hand has ended the
    first hand left is scored at the count its player states (the true one) and the others are entered. The game
    goes on exactly as the original did."""
    original = record_game(events[0], "shuffled", "", [])
    game = record_game(events[0], "recorded", token_hash, [])
    for move in moves_of(events):
        original.record(move.envelope.action, NoChance(), in_place=True)
        action = recorded_action(move)
        if action["type"] == "deal":
            del action["hands"]
        game.record(action, NoChance(), in_place=True)
        _enter_hands(game, original)
    return game


def _enter_hands(game: Game, original: Game) -> None:
    state, truth = game.state, original.state
    if state.phase == "play" and state.hand_number % 2 == 0:
        for player in [p for p in state.players if p in state.hands and state.hands[p].hidden]:
            game.record(
                {"type": "enter_hand", "player": player, "cards": truth.hands[player].known}, NoChance(), in_place=True
            )
    for index, player in enumerate(list(game.rules.to_move(state)) if state.phase == "count" else []):
        held = list(truth.hands[player].known)
        for card in state.hands[player].known:
            held.remove(card)
        if index == 0:
            points = COUNTS[game.rules.name](truth, truth.hands[player].known)
            game.record({"type": "state_count", "player": player, "points": points}, NoChance(), in_place=True)
        else:
            game.record({"type": "enter_hand", "player": player, "cards": held}, NoChance(), in_place=True)
