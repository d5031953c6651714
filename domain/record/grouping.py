"""A game's record read as moves: by the envelope each move stores, or by its variant's reading of older records."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from domain.events import GameEvent
from domain.record.moves import MoveRecorded
from domain.rules.variant import Variant


@dataclass(frozen=True, slots=True)
class MoveGroup:
    """The events of one move, by version; move 0 is the game's setup (its creation and opening events)."""

    number: int
    first_version: int
    last_version: int
    action: dict[str, Any] | None
    """The action as accepted, when the move carries an envelope; None for a move stored before envelopes."""


def group_moves(rules: Variant, events: Iterable[Any], *, actions: bool = True) -> list[MoveGroup]:
    """The moves of a whole record (its creation first), in order.

    From the first envelope on, every move begins with its `MoveRecorded`. Before it (a game stored before
    moves carried an envelope), the variant says which events opened a move, reading the rule state each
    event found, which is rebuilt here by evolving a fresh state with the record's own events.

    The record may come as an iterator (read page by page): only the events up to its first envelope are held,
    since the variant's reading of older records looks ahead within a turn, which an envelope always ends (it is
    no table play, discard or going out); a record with no envelope is held whole. With `actions=False` each
    group's action is left out (None), for a reader that needs only where the moves begin and end.
    """
    stream = iter(events)
    created = next(stream)
    state = rules.fresh_state(list(created.players), dict(created.options), created.deal_mode, created.rules_version)
    version = created.originator_version
    groups = [MoveGroup(0, version, version, None)]
    opening: list[GameEvent] = []
    for event in stream:
        if isinstance(event, GameEvent):
            opening.append(event)
            if isinstance(event, MoveRecorded):
                break
    for index, event in enumerate(opening):
        if isinstance(event, MoveRecorded):
            break
        version = event.originator_version
        if rules.legacy_opens(state, opening, index):
            groups.append(MoveGroup(groups[-1].number + 1, version, version, None))
        else:
            groups[-1] = replace(groups[-1], last_version=version)
        event.evolve(state)
    first_envelope = [e for e in opening[-1:] if isinstance(e, MoveRecorded)]
    for event in itertools.chain(first_envelope, stream):
        if isinstance(event, MoveRecorded):
            action = dict(event.action) if actions else None
            groups.append(MoveGroup(event.move, event.originator_version, event.originator_version, action))
        elif isinstance(event, GameEvent):
            groups[-1] = replace(groups[-1], last_version=event.originator_version)
    return groups


def move_numbers(groups: Sequence[MoveGroup]) -> dict[int, int]:
    """The number of the move each version belongs to (0 for the setup)."""
    return {
        version: group.number
        for group in groups
        for version in range(group.first_version, group.last_version + 1)
    }


def numbered_by_envelopes(events: Sequence[Any]) -> Iterator[tuple[Any, int]]:
    """Each event with the number of its move, for events that begin with a move's envelope: from the first envelope
    on, every move begins with its own (group_moves), so each event belongs to the move of the last envelope before
    it, or its own."""
    move = events[0].move
    for event in events:
        if isinstance(event, MoveRecorded):
            move = event.move
        yield event, move
