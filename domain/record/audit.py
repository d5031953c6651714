"""The audit: every event the rules derived, derived again from the record's moves and compared with the stored one.

The record's setup amendments and move envelopes are recorded again, in order, into a scratch game set up the same way
(the one rules engine, through the one replay driver: domain/record/replay.py); the stored events and the derived
ones are then aligned, and every difference is a discrepancy: an event changed (a payment moved to another player, a
fee rounded the wrong way), missing from the store (a payment never stored), or extra in it (a payment the rules
never made).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Any

from eventsourcing.utils import get_topic

from domain.corrections.plan import plan_correction
from domain.errors import MeldbookError, Problem
from domain.record.grouping import group_moves
from domain.record.moves import MoveRecorded
from domain.record.reexecution import reexecute
from domain.record.replay import Step, record_steps, replay
from domain.record.setup import GameDiscarded, SetupAmended, amend_setup, discard
from domain.rules.docs import to_doc
from domain.rules.registry import variant_named

CHANGED, MISSING, EXTRA, REFUSED = "changed", "missing", "extra", "refused"
KINDS = (CHANGED, MISSING, EXTRA, REFUSED)
"""What a discrepancy is: a stored event the rules derive otherwise, one they derive that is not stored, one
stored that they do not derive, or a stored move the rules refuse now."""
_METADATA = frozenset({"originator_id", "originator_version", "timestamp", "originator_topic"})


class RecordNotAuditableError(MeldbookError):
    """A record stored before moves carried their actions: there is nothing to record again."""

    problem = Problem(
        "audit.no-envelopes",
        "Record cannot be audited",
        "the audit records a game's stored actions again: a game stored before moves carried their actions has none",
        "this game was stored before moves carried their actions: its moves cannot be recorded again",
    )


@dataclass(frozen=True, slots=True)
class Discrepancy:
    """One difference between the record and what its moves derive: the stored event, the derived one, or both."""

    kind: str
    stored: Any | None
    recomputed: Any | None
    detail: str = ""
    """What differs, naming fields and codes only (never a card)."""
    reason: str = ""
    """A refused move's refusal as the rules word it, which may name hidden cards: for the full view only."""

    @property
    def rule(self) -> str | None:
        """The rule the event names (a payout's or a score's), if it names one."""
        event = self.stored if self.stored is not None else self.recomputed
        rule = getattr(event, "rule", None)
        return rule if isinstance(rule, str) else None


def payload(event: Any) -> dict[str, Any]:
    """An event's own data, without its id, version and time."""
    return {k: to_doc(v) for k, v in vars(event).items() if k not in _METADATA}


def _key(event: Any) -> str:
    return json.dumps([get_topic(type(event)), payload(event)], sort_keys=True, default=str)


def audit_record(events: Sequence[Any]) -> list[Discrepancy]:
    """The discrepancies between a stored record (`events`, its creation first) and what its moves derive."""
    created = events[0]
    envelopes = [e for e in events if isinstance(e, MoveRecorded)]
    if group_moves(variant_named(created.variant), events)[-1].number != len(envelopes):
        raise RecordNotAuditableError(
            "this game was stored before moves carried their actions: its moves cannot be recorded again"
        )
    game = reexecute(created, [])
    refused = replay(game, record_steps(events, SetupAmended), correct=_correct_again, amend=_amend_again,
                     stop_at_refusal=True)
    if refused is not None:
        detail = f"the rules refuse this stored move now ({refused.error.code})"
        return [Discrepancy(REFUSED, refused.step.source, None, detail, refused.error.message)]
    for discarded in (e for e in events if isinstance(e, GameDiscarded)):  # the last event, if any
        discard(game, discarded.reason, discarded.by)
    found: list[Discrepancy] = []
    stored, derived = list(events[1:]), list(game.pending_events[1:])
    matcher = SequenceMatcher(None, [_key(e) for e in stored], [_key(e) for e in derived], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        olds, news = stored[i1:i2], derived[j1:j2]
        for old, new in zip(olds, news, strict=False):
            found.append(Discrepancy(CHANGED, old, new, _difference(old, new)))
        for old in olds[len(news):]:
            found.append(Discrepancy(EXTRA, old, None, "stored, but the moves of the record do not derive it"))
        for new in news[len(olds):]:
            found.append(Discrepancy(MISSING, None, new, "the moves of the record derive it, but it is not stored"))
    return found


def _correct_again(game: Any, step: Step) -> None:
    """A stored correction decided again through the same planning that decided it when it was stored (so its voids,
    reversals and replacements are derived again too)."""
    plan = plan_correction(game, list(game.pending_events), step.action, step.recorded_by)
    game.store_correction(plan, step.recorded_by, step.device)


def _amend_again(game: Any, step: Step) -> None:
    """A stored setup amendment made again (all come before the first move)."""
    amended = step.source
    amend_setup(game, amended.renamed, amended.options, amended.by)


def _difference(old: Any, new: Any) -> str:
    """The fields that differ between a stored event and the derived one, named only: their values are in the two
    events, which the visibility filter shows (a dealt hand's cards are not for every view)."""
    if type(old) is not type(new):
        return f"stored {type(old).__name__}, derived {type(new).__name__}"
    a, b = payload(old), payload(new)
    return "stored and derived differ in " + ", ".join(k for k in sorted(a) if a.get(k) != b.get(k))

