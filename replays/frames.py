"""A hand's frames: the table after each move, what changed since the move before, and the action in words.

Frames are built from the game as it was before the hand's first move (as a load does: its latest snapshot and the
events since), folding each move of the hand in turn and taking a frame after each. A move is what
domain/record/grouping.py says it is: an envelope and its events, or an older record's move by its variant's reading.
Every frame goes through the one visibility filter: its action as `present_event` shows the envelope, its state
as `present_state` shows the game, and its changes are read from two such filtered states, so none can leak.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from eventsourcing.utils import get_topic

from domain.access.visibility import Viewer
from domain.errors import HandNotFoundError, MeldbookError, Problem
from domain.record.game import Game
from domain.record.grouping import MoveGroup, group_moves
from domain.record.moves import MoveRecorded
from domain.rules.variant import Variant
from domain.rules.words import SET_UP, events_in_words, in_words
from replays.changes import changes
from service.ports import GameStore
from service.presenting import describe, present_event, present_state


class MoveNotFoundError(MeldbookError):
    """A replay asked for a move the game (or the hand asked for) does not hold."""

    problem = Problem(
        "move-not-found",
        "No such move",
        "the replay's `at`: a move number of the game (of the hand asked for, when `hand` is given)",
        "hand 2 holds moves 41 to 80, not 12",
    )


PAGE = 200
"""Events read per query when a replay walks a game's record."""

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


def hands_of(rules: Variant, groups: Sequence[MoveGroup], topics: Mapping[int, str]) -> list[HandSpan]:
    """The game's hands by move: a hand begins with the move that stores one of the variant's hand starters (its
    deal); the moves before the first hand began (the setup, the cuts) belong to hand 1. `topics` holds the topic
    of each version (those of the hand starters are enough)."""
    starts = [
        group.number
        for group in groups
        if any(topics.get(v) in rules.hand_starters for v in range(group.first_version, group.last_version + 1))
    ]
    starts = sorted({0, *starts[1:]})
    last = groups[-1].number
    return [
        HandSpan(n + 1, first, starts[n + 1] - 1 if n + 1 < len(starts) else last) for n, first in enumerate(starts)
    ]


def record_in_pages(app: GameStore, game_id: UUID, after: int = 0, upto: int | None = None) -> Iterator[Any]:
    """A game's events after a version (up to another), read PAGE at a time: none is held once the caller lets it go."""
    while True:
        page = list(app.repository.event_store.get(game_id, gt=after or None, lte=upto, limit=PAGE))
        yield from page
        if len(page) < PAGE:
            return
        after = page[-1].originator_version


def replay_hand(
    app: GameStore, game_id: UUID, viewer: Viewer, hand: int | None = None, at: int | None = None
) -> Replay:
    """The frames of a hand (the current one unless `hand` says), or only the frame of move `at`.

    The record is read twice, a page at a time: once for its moves and hands, once for the hand asked for, from
    the game as it was before the hand's first move (its latest snapshot and the events since), so a replay holds
    the events of one hand, however long the game."""
    starters: dict[int, str] = {}

    def noting_starters(events: Iterator[Any]) -> Iterator[Any]:
        for event in events:
            topic = get_topic(type(event))
            if topic in rules.hand_starters:
                starters[event.originator_version] = topic
            yield event

    latest_game = app.game(game_id)
    rules = latest_game.rules
    groups = group_moves(rules, noting_starters(record_in_pages(app, game_id)), actions=False)
    hands = hands_of(rules, groups, starters)
    span = _chosen(hands, hand, at)
    wanted = range(at, at + 1) if at is not None else range(span.first_move, span.last_move + 1)
    numbered = {group.number: group for group in groups}
    voided, latest = latest_game.voided_moves, latest_game.version
    before = numbered.get(wanted.start - 1)
    game: Game | None = app.game(game_id, before.last_version) if before else None
    previous = _shown(game, viewer, latest) if game is not None else None
    upto = numbered[wanted.stop - 1].last_version
    read = record_in_pages(app, game_id, after=before.last_version if before else 0, upto=upto)
    by_version = {e.originator_version: e for e in read}
    frames: list[dict[str, Any]] = []
    for number in wanted:
        group = numbered[number]
        game = app.fold(game, [by_version[v] for v in range(group.first_version, group.last_version + 1)])
        shown = _shown(game, viewer, latest)
        frame = _frame(rules, group, by_version, span.number, viewer, previous, shown)
        frames.append({**frame, "voided": voided.get(group.number)})
        previous = shown
    return Replay(span.number, hands, frames)


def _shown(game: Game, viewer: Viewer, latest: int) -> dict[str, Any]:
    """The game as a frame shows it: through the visibility filter, without the actions."""
    shown = present_state(game, viewer, latest)
    for key in ACTIONS:
        shown.pop(key, None)
    return shown


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
        said = in_words(rules.phrases, action or {}, before)
    else:
        stored = [by_version[v] for v in range(group.first_version, group.last_version + 1)]
        actor = next((e.player for e in stored if isinstance(getattr(e, "player", None), str)), None)
        kinds = [type(e).__name__ for e in stored]
        said = SET_UP() if group.number == 0 else events_in_words(kinds, actor)
    return {
        "move": group.number,
        "hand": hand,
        "versions": {"first": group.first_version, "last": group.last_version},
        "actor": actor,
        "recorded_by": recorded_by,
        "device": device,
        "action": action,
        "words": str(said),
        "phrase": said.doc(),
        "state": shown,
        "changes": changes(before, shown["state"]) if previous else changes({}, {}),
    }
