"""A hand's frames: the table after each move, what changed since the move before, and the action in words.

Frames are built in one pass over the game's events: each event is folded into the aggregate once (as a load
does), and a frame is taken at the last version of each move of the hand asked for. A move is what
domain/grouping.py says it is: an envelope and its events, or an older record's move by its variant's reading.
Every frame goes through the one visibility filter: its action as `present_event` shows the envelope, its state
as `present_state` shows the game, and its changes are read from two such filtered states, so none can leak.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from eventsourcing.utils import get_topic

from domain.corrections.counting import voided_moves
from domain.errors import MeldbookError
from domain.game import Game
from domain.grouping import MoveGroup, group_moves
from domain.moves import MoveRecorded
from domain.variant import Variant
from domain.variants import variant_named
from domain.visibility import Viewer
from domain.words import events_in_words, in_words
from replays.changes import changes
from service.application import GameNotFoundError, Meldbook
from service.presenting import describe, present_event, present_state


class HandNotFoundError(MeldbookError):
    """A replay asked for a hand the game has not reached."""

    code = "hand-not-found"


class MoveNotFoundError(MeldbookError):
    """A replay asked for a move the game (or the hand asked for) does not hold."""

    code = "move-not-found"


ACTIONS = ("legal_actions", "table_actions")
"""What a frame leaves out of the state: actions are listed only at the latest version, to the recorder."""


@dataclass(frozen=True, slots=True)
class HandSpan:
    """One hand of a game: its number (from 1) and its first and last moves."""

    number: int
    first_move: int
    last_move: int

    def doc(self) -> dict[str, int]:
        """The hand as the API lists it."""
        return {"hand": self.number, "first_move": self.first_move, "last_move": self.last_move}


@dataclass(frozen=True, slots=True)
class Replay:
    """The frames of one hand (or of one move of it), with every hand of the game for navigation."""

    hand: int
    hands: list[HandSpan]
    frames: list[dict[str, Any]]


def hands_of(rules: Variant, groups: Sequence[MoveGroup], topics: dict[int, str]) -> list[HandSpan]:
    """The game's hands by move: a hand begins with the move that stores one of the variant's hand starters (its
    deal); the moves before the first hand began (the setup, the cuts) belong to hand 1."""
    starts = [
        group.number
        for group in groups
        if any(topics[v] in rules.hand_starters for v in range(group.first_version, group.last_version + 1))
    ]
    starts = sorted({0, *starts[1:]})
    last = groups[-1].number
    return [
        HandSpan(n + 1, first, starts[n + 1] - 1 if n + 1 < len(starts) else last) for n, first in enumerate(starts)
    ]


def replay_hand(app: Meldbook, game_id: UUID, viewer: Viewer, hand: int | None = None, at: int | None = None) -> Replay:
    """The frames of a hand (the current one unless `hand` says), or only the frame of move `at`."""
    events = list(app.repository.event_store.get(game_id))
    if not events:
        raise GameNotFoundError(f"there is no game {game_id}")
    rules = variant_named(events[0].variant)
    groups = group_moves(rules, events)
    topics = {e.originator_version: get_topic(type(e)) for e in events}
    hands = hands_of(rules, groups, topics)
    voided = voided_moves(events)
    span = _chosen(hands, hand, at)
    wanted = range(at, at + 1) if at is not None else range(span.first_move, span.last_move + 1)
    latest = events[-1].originator_version
    by_version = {e.originator_version: e for e in events}
    frames: list[dict[str, Any]] = []
    previous: dict[str, Any] | None = None
    game: Game | None = None
    moves = iter(groups)
    group = next(moves)
    for event in events:
        game = event.mutate(game)
        if event.originator_version != group.last_version:
            continue
        assert game is not None
        if group.number == wanted.start - 1 or group.number in wanted:
            shown = present_state(game, viewer, latest)
            for key in ACTIONS:
                shown.pop(key, None)
            if group.number in wanted:
                frame = _frame(rules, group, by_version, span.number, viewer, previous, shown)
                frames.append({**frame, "voided": voided.get(group.number)})
            previous = shown
        if group.number >= wanted.stop - 1:
            break
        group = next(moves)
    return Replay(span.number, hands, frames)


def _chosen(hands: list[HandSpan], hand: int | None, at: int | None) -> HandSpan:
    if hand is not None and not 1 <= hand <= len(hands):
        raise HandNotFoundError(f"this game has {len(hands)} hands, not {hand}", field="hand")
    if at is None:
        return hands[(hand or len(hands)) - 1]
    holding = next((h for h in hands if h.first_move <= at <= h.last_move), None)
    if holding is None:
        raise MoveNotFoundError(f"this game has moves 0 to {hands[-1].last_move}, not {at}", field="at")
    if hand is not None and holding.number != hand:
        span = hands[hand - 1]
        raise MoveNotFoundError(
            f"hand {hand} holds moves {span.first_move} to {span.last_move}, not {at}", field="at"
        )
    return holding


def _frame(
    rules: Variant,
    group: MoveGroup,
    by_version: dict[int, Any],
    hand: int,
    viewer: Viewer,
    previous: dict[str, Any] | None,
    shown: dict[str, Any],
) -> dict[str, Any]:
    first = by_version[group.first_version]
    before = previous["state"] if previous else {}
    action: dict[str, Any] | None = None
    recorded_by = device = None
    if isinstance(first, MoveRecorded):
        envelope = present_event(describe(first, group.number, rules.action_kinds), viewer)["data"]
        action, recorded_by, device = envelope["action"], envelope.get("recorded_by"), envelope.get("device")
        actor = action.get("player") if action else None
        words = in_words(rules.phrases, action or {}, before)
    else:
        stored = [by_version[v] for v in range(group.first_version, group.last_version + 1)]
        actor = next((e.player for e in stored if isinstance(getattr(e, "player", None), str)), None)
        kinds = [type(e).__name__ for e in stored]
        words = "the game is set up" if group.number == 0 else events_in_words(kinds, actor)
    return {
        "move": group.number,
        "hand": hand,
        "versions": {"first": group.first_version, "last": group.last_version},
        "actor": actor,
        "recorded_by": recorded_by,
        "device": device,
        "action": action,
        "words": words,
        "state": shown,
        "changes": changes(before, shown["state"]) if previous else changes({}, {}),
    }
