"""Roby's look-ahead: every way a turn can still end from a position, tried until one meets a goal.

A turn goes on with melds from the hand and lay-offs onto any meld on the table, in any order, and ends with a
legal discard (or with the last card gone). No meld depends on the table, so laying the melds first loses no way:
the search chooses the new melds first, then tries every sequence of lay-offs one card at a time (a card fits the
meld as the cards laid off before it left it, so AS follows 2S on 3S 4S 5S, and a second copy of a card from two
packs goes wherever it still fits), and at every position tries each legal discard. It is bounded by what
it remembers: a position (the hand and the table) found to lead nowhere is not searched again, whatever order of
lay-offs reached it. There is no depth cap: every way is tried before the answer is no.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from domain.cards.card import Card
from domain.cards.melds import GROUP, candidate_melds
from domain.roby.rules import (
    card_value,
    fitting_meld,
    hand_value,
    legal_discards,
    new_meld,
    next_meld_id,
    with_card,
    without,
)
from domain.roby.state import TableMeld


@dataclass(frozen=True, slots=True)
class Plan:
    """A way to end a turn from here: melds to lay, lay-offs (card, meld id), then a discard or none."""

    melds: tuple[tuple[str, ...], ...]
    lay_offs: tuple[tuple[str, int], ...]
    discard: str | None
    left: tuple[str, ...]


class Goal(Protocol):
    """How a turn may end."""

    def met(self, hand: list[str], discard: str | None) -> bool:
        """Whether the turn may end with this hand (before the discard) and this discard (None: the hand is gone)."""
        ...

    def out_of_reach(self, kept: list[str]) -> bool:
        """Whether no hand that still holds these cards can meet the goal, whatever else it holds and discards."""
        ...


@dataclass(frozen=True, slots=True)
class NinetyNine:
    """The 99 rule as a goal: what is left after the discard (or before it) is worth at most `limit`; going out (the
    hand gone, or its last card discarded) always meets it."""

    limit: int
    before_discard: bool

    def met(self, hand: list[str], discard: str | None) -> bool:
        if discard is None or len(hand) == 1:
            return True
        if self.before_discard:
            return hand_value(hand) <= self.limit
        return hand_value(hand) - card_value(discard) <= self.limit

    def out_of_reach(self, kept: list[str]) -> bool:
        """Two cards kept or more: the hand cannot go out, and keeps at least their value (less the most valuable,
        which may be the discard)."""
        if len(kept) < 2:
            return False
        least = hand_value(kept) - (0 if self.before_discard else max(card_value(c) for c in kept))
        return least > self.limit


@dataclass(frozen=True, slots=True)
class GoingOut:
    """The goal of going out: the hand gone, or (when `discard`) its last card discarded."""

    discard: bool = True

    def met(self, hand: list[str], discard: str | None) -> bool:
        return discard is None or (self.discard and len(hand) == 1)

    def out_of_reach(self, kept: list[str]) -> bool:
        return len(kept) > (1 if self.discard else 0)


def find_plan(
    hand: Sequence[str],
    melds: Sequence[TableMeld],
    owner: str,
    may_lay_off: bool,
    taken: str | None,
    goal: Goal,
) -> Plan | None:
    """A way to finish the turn that meets the goal, or None when no way does: new melds first, then lay-offs (only
    when the player may lay off, or has just laid a meld), then a legal discard or none."""
    options = [tuple(str(c) for c in m) for m in candidate_melds(Card.parse(c) for c in hand)]
    if _out_of_reach(goal, hand, melds, may_lay_off or bool(options), {c for m in options for c in m}):
        return None
    search = _Search(taken, goal)
    for chosen, rest in _meld_choices(sorted(hand), options, 0):
        table = list(melds)
        for cards in chosen:
            laid = new_meld(next_meld_id(table), owner, cards)
            assert laid is not None
            table.append(laid)
        lay_ok = may_lay_off or bool(chosen)
        if _out_of_reach(goal, rest, table, lay_ok):
            continue
        plan = search.lay_offs(rest, table, lay_ok, ())
        if plan is not None:
            return Plan(tuple(chosen), plan.lay_offs, plan.discard, plan.left)
    return None


def _meld_choices(
    hand: list[str], options: list[tuple[str, ...]], start: int
) -> Iterator[tuple[list[tuple[str, ...]], list[str]]]:
    """Every set of melds the hand can lay at once, with what is left: each set once, in the order of `options`, the
    same meld twice when two packs give the hand its cards twice."""
    yield [], hand
    for index in range(start, len(options)):
        rest = without(hand, options[index])
        if rest is None:
            continue
        for chosen, left in _meld_choices(rest, options, index):
            yield [options[index], *chosen], left


def _out_of_reach(
    goal: Goal, hand: Sequence[str], table: Sequence[TableMeld], may_lay_off: bool, free: Iterable[str] = ()
) -> bool:
    """Whether the goal is out of reach for what this hand keeps in every way on (`kept`); worked out only when the
    cards that no meld of the hand could take (`free`: the cards some meld of it could) would put it out of reach."""
    unmelded = [c for c in hand if c not in set(free)]
    return goal.out_of_reach(unmelded) and goal.out_of_reach(kept(unmelded, hand, table, may_lay_off))


def kept(cards: Sequence[str], hand: Sequence[str], table: Sequence[TableMeld], may_lay_off: bool) -> list[str]:
    """Those of `cards` (from the hand) that no lay-off could place, even once every card of the hand that may fit a
    meld one day has been laid on it: each card is laid on every meld it fits at once, and both copies of a card are
    placed once one is, so what this keeps is kept in every way on."""
    placed: set[str] = set()
    if may_lay_off:
        grown = list(table)
        growing = True
        while growing:
            growing = False
            for card in sorted(set(hand) - placed):
                fitting = [i for i, meld in enumerate(grown) if fitting_meld(card, [meld])]
                if fitting:
                    placed.add(card)
                    growing = True
                    for i in fitting:
                        grown[i] = with_card(grown[i], card)
    return [c for c in cards if c not in placed]


def _takes(meld: TableMeld) -> tuple[str, ...]:
    """What a meld will take from a card that fits it, now and after any lay-off: a group, every card of its rank (so
    all the groups one card fits take the same); a sequence, what its cards allow. Laid on either of two melds that
    take the same, a card leaves the same way on, so the search tries the first (two groups of sevens, two packs)."""
    return () if meld.kind == GROUP else tuple(meld.cards)


class _Search:
    """The lay-offs and the discard of one turn's look-ahead, remembering the positions that lead nowhere."""

    def __init__(self, taken: str | None, goal: Goal) -> None:
        self.taken = taken
        self.goal = goal
        self.dead_ends: set[tuple[tuple[str, ...], tuple[tuple[str, ...], ...], bool]] = set()

    def lay_offs(
        self, hand: list[str], table: list[TableMeld], may_lay_off: bool, done: tuple[tuple[str, int], ...]
    ) -> Plan | None:
        """A way to end the turn from this hand (sorted) and table, after the lay-offs `done`: lay off one more card
        onto any meld it fits and go on from there, or else stop here and discard (so a way out tables every card when
        it can)."""
        position = (tuple(hand), tuple(tuple(m.cards) for m in table), may_lay_off)
        if position in self.dead_ends:
            return None
        if may_lay_off:
            for card in dict.fromkeys(hand):
                targets: set[tuple[str, ...]] = set()
                for index, target in enumerate(table):
                    if fitting_meld(card, [target]) is None or _takes(target) in targets:
                        continue
                    targets.add(_takes(target))
                    rest = list(hand)
                    rest.remove(card)
                    extended = [*table[:index], with_card(target, card), *table[index + 1 :]]
                    plan = self.lay_offs(rest, extended, True, (*done, (card, target.id)))
                    if plan is not None:
                        return plan
        plan = self.finish(hand, table, done)
        if plan is not None:
            return plan
        self.dead_ends.add(position)
        return None

    def finish(self, hand: list[str], table: list[TableMeld], done: tuple[tuple[str, int], ...]) -> Plan | None:
        """The turn ended here: with the hand gone, or with the most valuable legal discard that meets the goal."""
        if not hand:
            return Plan((), done, None, ()) if self.goal.met(hand, None) else None
        for card in sorted(legal_discards(hand, table, self.taken), key=card_value, reverse=True):
            if self.goal.met(hand, card):
                left = list(hand)
                left.remove(card)
                return Plan((), done, card, tuple(left))
        return None
