"""Which stored events still count after corrections: the one reading the settlement and the corrections share.

A voided move and everything it caused count no more. A payout that a correction reversed stays, marked
`reversed`, beside its reversal (`reversal`) and the entries derived again (`replacement`), so a ledger built from
what this returns shows the original and the corrected lines, and its sums are the corrected ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from domain.corrections.events import RecordCorrected
from domain.record.grouping import group_moves, move_numbers
from domain.rules.registry import variant_named

REVERSAL_RULE, REPLACEMENT_RULE = "correction.reversal", "correction.replacement"
"""The rule ids of the entries a correction posts: a reversal's cause is the entry it reverses, a replacement's
the envelope of the move whose payout it derives again."""
COUNTED, REVERSED, REVERSAL, REPLACEMENT = "counted", "reversed", "reversal", "replacement"


@dataclass(frozen=True, slots=True)
class CountedEvent:
    """A stored event that still counts: the move it was stored in, the move whose consequence it is (for a
    reversal or a replacement, the corrected move), and its status (counted, reversed, reversal, replacement)."""

    event: Any
    move: int
    owner: int
    status: str


def is_entry(event: Any) -> bool:
    """Whether an event is a ledger entry: a payout of money, chips or points, naming its rule and cause."""
    return hasattr(event, "rule") and hasattr(event, "cause") and (hasattr(event, "amount") or hasattr(event, "points"))


def voided_moves(events: Iterable[Any]) -> dict[int, int]:
    """Each voided move of a record, with the version of the correction (its RecordCorrected event) that voided
    it: the voided marker that /events and the replay frames show."""
    return {
        voided: event.originator_version
        for event in events
        if isinstance(event, RecordCorrected)
        for voided in event.voided
    }


def counting_events(events: Sequence[Any]) -> list[CountedEvent]:
    """The events of a record (its creation first) that still count, in order, each with its status."""
    numbers = _numbers(events)
    voided = voided_moves(events)
    owner: dict[int, int] = {}
    reversed_versions: set[int] = set()
    counted: list[CountedEvent] = []
    for event in events:
        version = event.originator_version
        move = numbers[version]
        status, own = COUNTED, move
        if is_entry(event) and event.rule == REVERSAL_RULE:
            status, own = REVERSAL, owner[event.cause]
            reversed_versions.add(event.cause)
        elif is_entry(event) and event.rule == REPLACEMENT_RULE:
            status, own = REPLACEMENT, owner[event.cause]
        owner[version] = own
        if move not in voided and own not in voided:
            counted.append(CountedEvent(event, move, own, status))
    return [replace(c, status=REVERSED) if c.event.originator_version in reversed_versions else c for c in counted]


def standing_entries(counted: Sequence[CountedEvent]) -> dict[int, list[Any]]:
    """The payouts each move stands by now (neither reversed nor reversals), by the move they belong to."""
    standing: dict[int, list[Any]] = {}
    for item in counted:
        if is_entry(item.event) and item.status in (COUNTED, REPLACEMENT):
            standing.setdefault(item.owner, []).append(item.event)
    return standing


def _numbers(events: Sequence[Any]) -> dict[int, int]:
    return move_numbers(group_moves(variant_named(events[0].variant), events))
