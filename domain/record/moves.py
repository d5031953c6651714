"""The move envelope: the first event of every accepted move, naming its number, its action and who recorded it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.corrections.kinds import CORRECTION_KINDS, HAND_STARTS, is_amendable, is_correction
from domain.events import GameEvent
from domain.rules.actions import Action, ActionKind
from domain.rules.decision import Decision

RECORDER = "recorder"
"""The role that records moves in a game recorded by its recorder; seats record as "seat:<name>"."""


class MoveRecorded(GameEvent):
    """One move was accepted: its number in the game, the action as accepted, the role that recorded it
    (`recorder` or `seat:<player>`) and the label of the device it was recorded on (None when none was given).

    The action is canonical and complete: the parsed body plus whatever the service filled in (the card a
    shuffled draw took, the seeds a shuffled cut, deal or reshuffle drew), so that recording the stored
    actions again, in order, into a game set up the same way stores the same events. The move's own events
    follow it, with the versions that follow its own.
    """

    TOPIC = "meldbook.MoveRecorded"
    class_version = 2
    move: int
    action: dict[str, Any]
    recorded_by: str
    device: str | None

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """An envelope stored before devices were named."""
        state["device"] = None

    def settle(self, aggregate: Any) -> None:
        """Count the move, and list it among the moves that count unless it is a correction (with the moves a
        correction may name); the rule state is the move's own events' to change."""
        aggregate.moves = self.move
        if is_correction(self.action):
            return
        if aggregate.counted is not None:
            aggregate.counted.append({"move": self.move, "action": dict(self.action)})
        if aggregate.hand_moves is not None:
            if self.action.get("type") in HAND_STARTS:
                aggregate.hand_moves = [self.move]
            else:
                aggregate.hand_moves.append(self.move)
        if aggregate.amendable is not None and is_amendable(self.action, aggregate.deal_mode):
            aggregate.amendable.append(self.move)


def secret_fields(kinds: Mapping[str, ActionKind], payload: Mapping[str, Any]) -> tuple[str, ...]:
    """The paths of an envelope's action fields that a spectator does not see, as the action's kind declares them.

    A map of each player's cards (the hands dealt) is `action.<name>.*`: each seat sees its own entry.
    """
    action = payload.get("action")
    if not isinstance(action, Mapping):
        return ()
    kind = kinds.get(str(action.get("type"))) or CORRECTION_KINDS.get(str(action.get("type")))
    if kind is None:
        return ("action",)  # a kind this variant no longer knows: show nothing of it
    return tuple(
        f"action.{p.name}.*" if p.kind == "card_map" else f"action.{p.name}"
        for p in kind.params
        if p.secret and p.name in action
    )


def accepted_action(kind: ActionKind, action: Action, decision: Decision) -> dict[str, Any]:
    """The action as the envelope stores it: the parsed body, the fields the service filled in, the seeds drawn."""
    decision.chance.check_all_used()
    values = {**action.args, **decision.filled}
    if decision.chance.used:
        if kind.param("seeds") is None:
            raise AssertionError(f"a {kind.type} action drew chance, but its kind declares no 'seeds' to store it in")
        values["seeds"] = list(decision.chance.used)
    unknown = set(values) - {p.name for p in kind.params}
    if unknown:
        raise AssertionError(f"a {kind.type} action filled in {sorted(unknown)}, which its kind does not declare")
    return kind.canonical(action.player, values)
