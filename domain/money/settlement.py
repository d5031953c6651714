"""The settlement: every movement of money, chips or points in a game, read from its stored events in one loop.

`settlement_of(created, events, viewer)` is the one place the ledger is read: each event that counts is read by
its variant's readings (domain/money/movements.py), numbered by move and hand, explained by the move behind it (the
envelope's action in words, as the viewer may see it) and the rule it names (domain/rules/catalogue.py), and folded
into balances per account per hand, checked against the variant's conservation laws at every event.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from eventsourcing.utils import get_topic

from domain.access.visibility import Viewer, view_event
from domain.corrections.counting import COUNTED, REPLACEMENT, REVERSAL, REVERSED, counting_events
from domain.money.movements import Movement
from domain.record.grouping import MoveGroup, group_moves
from domain.record.hands import hand_spans
from domain.record.moves import MoveRecorded, secret_fields
from domain.rules.catalogue import rule_named
from domain.rules.registry import variant_named
from domain.rules.variant import Variant
from domain.rules.words import SET_UP, Said, events_in_words, in_words

STATUSES = (COUNTED, REVERSED, REVERSAL, REPLACEMENT)
"""An entry counts as recorded, or was reversed by a correction (and stays, beside the reversal that undoes it), or
is that reversal, or replaces a reversed one (domain/corrections/counting.py decides which)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One movement of the settlement: the stored event behind it, its move and hand, and what moved where."""

    version: int
    move: int
    hand: int
    action: str
    """The move behind it, in words, as the viewer may see it."""
    movement: Movement
    status: str = COUNTED
    phrase: Mapping[str, Any] | None = None
    """The move's words as data (domain/rules/words.py: Said.doc), for a page that says them in its language."""

    def doc(self) -> dict[str, Any]:
        """The entry as the API shows it, with its rule's sentence and source from the catalogue."""
        rule = rule_named(self.movement.rule)
        return {
            "version": self.version,
            "move": self.move,
            "hand": self.hand,
            "action": self.action,
            "phrase": self.phrase,
            "source": self.movement.source,
            "destination": self.movement.destination,
            "amount": self.movement.amount,
            "unit": self.movement.unit,
            "rule": {"id": rule.id, "sentence": rule.sentence, "source": rule.source, "stated": rule.stated},
            "status": self.status,
        }

    @property
    def stated(self) -> bool:
        """Whether the figure is one the table stated rather than one the rules computed from cards."""
        return rule_named(self.movement.rule).stated

    def key(self) -> tuple[Any, ...]:
        """What makes two entries the same movement, wherever its version lies (for comparing settlements)."""
        m = self.movement
        return (self.hand, m.source, m.destination, m.unit, m.rule)


@dataclass(frozen=True, slots=True)
class Check:
    """A conservation law checked at every event: held, or the first version where it broke and why."""

    unit: str
    law: str
    held: bool
    broken_at: int | None = None
    detail: str = ""


@dataclass(slots=True)
class Settlement:
    """Every entry in order, the balances per account and unit (in total and per hand), and the checks."""

    variant: str
    entries: list[Entry] = field(default_factory=list)
    totals: dict[tuple[str, str], int] = field(default_factory=dict)
    """Balance by (account, unit)."""
    by_hand: dict[tuple[str, str], dict[int, int]] = field(default_factory=dict)
    """Change by (account, unit), by hand."""
    checks: list[Check] = field(default_factory=list)

    def balance(self, account: str, unit: str) -> int:
        """An account's balance in a unit (0 when it never moved)."""
        return self.totals.get((account, unit), 0)

    def add(self, entry: Entry) -> None:
        """Fold one entry into the balances. A reversed entry still counts: the reversal beside it undoes it, so
        the sums are the corrected ones and the original line stays readable."""
        self.entries.append(entry)
        m = entry.movement
        for account, amount in ((m.source, -m.amount), (m.destination, m.amount)):
            self.totals[(account, m.unit)] = self.balance(account, m.unit) + amount
            hands = self.by_hand.setdefault((account, m.unit), {})
            hands[entry.hand] = hands.get(entry.hand, 0) + amount


def settlement_of(created: Any, events: Sequence[Any], viewer: Viewer = Viewer.FULL) -> Settlement:
    """The settlement of a record: `created` is its creation event, `events` its stored events in order (the
    creation among them or not). Voided moves and what they caused count no more; a corrected payout shows as its
    original (reversed), its reversal and its replacement. Action words are as `viewer` may see them."""
    rules = variant_named(created.variant)
    stored = [created, *[e for e in events if e is not created and e.originator_version > 1]]
    counted = counting_events(stored)
    status = {c.event.originator_version: c.status for c in counted}
    record = [c.event for c in counted]
    groups = group_moves(rules, stored)
    spans = hand_spans(rules, ((e.originator_version, get_topic(type(e))) for e in stored))
    by_version = {e.originator_version: e for e in stored}
    settlement = Settlement(rules.name)
    broken: dict[str, Check] = {}
    topics = {get_topic(type(e)) for e in record}
    group_index = 0
    for event in record:
        version = event.originator_version
        while groups[group_index].last_version < version:
            group_index += 1
        reading = rules.ledger_readings.get(get_topic(type(event)))
        if reading is None:
            continue
        group = groups[group_index]
        hand = max(1, bisect_right(spans.starts, version))
        said = _words(rules, group, by_version, viewer, spans.ended(version))
        for movement in reading(event, settlement.balance):
            settlement.add(Entry(version, group.number, hand, str(said), movement, status[version], said.doc()))
        _check(rules, settlement, version, broken, at_end=False)
    _check(rules, settlement, record[-1].originator_version, broken, at_end=True, topics=topics)
    settlement.checks = [broken.get(law.unit) or Check(law.unit, law.law, True) for law in rules.conservation]
    return settlement


def _check(
    rules: Variant,
    settlement: Settlement,
    version: int,
    broken: dict[str, Check],
    at_end: bool,
    topics: frozenset[str] | set[str] = frozenset(),
) -> None:
    """Check each conservation law after an event, and at the record's end (`topics`: the record's event topics,
    which say whether the game was won); keep the first break of each unit."""
    for law in rules.conservation:
        if law.unit in broken:
            continue
        balances = {a: b for (a, u), b in settlement.totals.items() if u == law.unit}
        detail = ""
        if sum(balances.values()) != 0:
            detail = f"the {law.unit} accounts add up to {sum(balances.values())}, not 0"
        elif owing := sorted(a for a, b in balances.items() if b < 0 and not law.may_owe(a)):
            detail = f"{owing[0]} holds {balances[owing[0]]} {law.unit}, less than nothing"
        elif at_end and topics & law.end_topics and (held := [a for a in law.empty_at_end if balances.get(a, 0)]):
            detail = f"the game is over and {held[0]} still holds {balances[held[0]]} {law.unit}"
        if detail:
            broken[law.unit] = Check(law.unit, law.law, False, version, detail)


def _words(rules: Variant, group: MoveGroup, by_version: dict[int, Any], viewer: Viewer, ended: bool) -> Said:
    """The move behind an entry in words: its envelope's action as the viewer may see it (no hidden card)."""
    if group.number == 0:
        return SET_UP()
    first = by_version[group.first_version]
    if isinstance(first, MoveRecorded):
        payload = {"action": dict(first.action)}
        shown = view_event(payload, secret_fields(rules.action_kinds, payload), viewer, ended)
        return in_words(rules.phrases, shown.get("action") or {}, {})
    stored = [by_version[v] for v in range(group.first_version, group.last_version + 1)]
    actor = next((e.player for e in stored if isinstance(getattr(e, "player", None), str)), None)
    return events_in_words([type(e).__name__ for e in stored], actor)
