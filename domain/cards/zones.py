"""What the record knows about a pile or a hand: named cards plus a count of cards not yet named.

A card is either named (its code is listed) or unknown (counted in `hidden`). A recorded deal names
every hand and leaves the stock unknown, or leaves the hands unknown too until each player enters his own
(domain/record/unknown.py); a shuffled deal knows the stock's order. A card named out of the unknown part (a card
discarded from a hand nobody entered yet) is noted in `unveiled`, so that what the zone held earlier can be
told once it is known in full.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from domain.errors import CardConflictError


@dataclass
class Zone:
    """Cards in one place. `known` lists named cards (top first when `ordered`); `hidden` counts the rest.

    A `secret` zone (a hand, the stock) shows spectators only how many cards it holds.
    """

    STORED_AS: ClassVar[str] = "domain.zones.Zone"
    """The name snapshots store it under (service/transcodings.py): its module's before the domain was regrouped."""

    known: list[str] = field(default_factory=list)
    hidden: int = 0
    ordered: bool = False
    secret: bool = False
    unveiled: list[str] = field(default_factory=list)
    """The cards named out of `hidden` since the zone was made, in order (the last ones revealed last)."""

    @property
    def size(self) -> int:
        """How many cards the zone holds, named or not."""
        return len(self.known) + self.hidden

    def count(self, code: str) -> int:
        """How many copies of a named card the zone is known to hold."""
        return self.known.count(code)

    def remove(self, code: str) -> None:
        """Take out one named copy, or one unknown card that the caller has just named."""
        if code in self.known:
            self.known.remove(code)
        else:
            self.hidden -= 1
            self.unveiled.append(code)

    def take_top(self) -> str:
        """Take the top card of an ordered zone."""
        return self.known.pop(0)


def seeded_order(cards: Iterable[str], seed: int) -> list[str]:
    """The cards shuffled by a seeded generator: the same seed always gives the same order."""
    order = sorted(cards)
    random.Random(seed).shuffle(order)
    return order


def named_counts(zones: Iterable[Zone]) -> Counter[str]:
    """How many copies of each card all the given zones name."""
    total: Counter[str] = Counter()
    for zone in zones:
        total.update(zone.known)
    return total


def check_can_name(code: str, deck: Counter[str], named: Counter[str], zone: Zone, where: str) -> None:
    """Refuse to name a card that the zone cannot hold: it is neither named there nor an unseen copy."""
    if code in zone.known and not zone.ordered:
        return
    if zone.ordered:
        if zone.known and zone.known[0] == code:
            return
        raise CardConflictError(f"{code} is not the top card of the {where}")
    if code not in deck:
        raise CardConflictError(f"{code} is not in this game's deck")
    if zone.hidden <= 0 or named[code] >= deck[code]:
        raise CardConflictError(
            f"{code} cannot come from the {where}: every copy of it is already accounted for"
        )


def check_counts(deck: Counter[str], named: Counter[str]) -> None:
    """Refuse a set of named cards that holds some card more often than the deck does."""
    for code, count in named.items():
        if count > deck[code]:
            copies = "once" if deck[code] == 1 else f"{deck[code]} times"
            raise CardConflictError(f"{code} is named {count} times, but the deck holds it {copies}")


def dealt_hands(hands: Mapping[str, list[str]], unknown: Mapping[str, int] | None = None) -> dict[str, Zone]:
    """Each player's hand as dealt, secret: the cards named, or (`unknown`) how many the record does not name."""
    dealt = {p: Zone(list(cards), secret=True) for p, cards in hands.items()}
    dealt.update({p: Zone(hidden=size, secret=True) for p, size in (unknown or {}).items()})
    return dealt


def dealt_stock(stock: list[str] | None, size: int) -> Zone:
    """The stock after a deal: its order when the service shuffled, else only how many cards it holds."""
    if stock is None:
        return Zone(hidden=size, secret=True)
    return Zone(list(stock), ordered=True, secret=True)
