"""The fewest transfers that settle a night: each party's net (positive: owed money) paid off in as few payments as
can be.

A set of nets that adds up to zero can always be settled with n - 1 payments (n parties whose net is not zero), and
with n - k when the parties split into k disjoint groups that each add up to zero (each group settles within itself
with one payment fewer than its size). So the minimum is n minus the largest number of zero-sum groups the nets
split into, which `fewest_transfers` finds exactly by a dynamic programme over the subsets of parties: for each
subset, the most zero-sum groups that an ordering of its members closes, where a group closes each time the running
sum returns to zero. That is 2^n x n steps, so the parties are bounded (MAX_PARTIES). Within each group the largest
debtor pays the largest creditor until the group is square, which takes at most one payment fewer than its size.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

MAX_PARTIES = 12
"""The most parties with a net that is not zero one night settles exactly (2^12 subsets)."""


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment: who pays whom how much (in the night's unit)."""

    payer: str
    payee: str
    amount: int


class TooManyPartiesError(ValueError):
    """More parties than the exact search settles."""


def greedy_transfers(nets: Mapping[str, int]) -> list[Transfer]:
    """The usual matching: the largest debtor pays the largest creditor as much as he can, again and again (ties by
    name). Settles any nets that add up to zero, not always in the fewest payments."""
    if sum(nets.values()) != 0:
        raise ValueError(f"the nets add up to {sum(nets.values())}, not 0")
    owed = {name: net for name, net in nets.items() if net}
    transfers = []
    while owed:
        payer = min(owed, key=lambda name: (owed[name], name))
        payee = max(owed, key=lambda name: (owed[name], [-ord(c) for c in name]))
        amount = min(-owed[payer], owed[payee])
        transfers.append(Transfer(payer, payee, amount))
        for name, change in ((payer, amount), (payee, -amount)):
            owed[name] += change
            if not owed[name]:
                del owed[name]
    return transfers


def zero_sum_groups(nets: Mapping[str, int]) -> list[list[str]]:
    """The parties whose net is not zero, split into the most groups that each add up to zero (exactly)."""
    names = sorted(name for name, net in nets.items() if net)
    if len(names) > MAX_PARTIES:
        raise TooManyPartiesError(f"{len(names)} parties owe or are owed: exact settling takes at most {MAX_PARTIES}")
    size = len(names)
    full = (1 << size) - 1
    total = [0] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        total[mask] = total[mask & (mask - 1)] + nets[names[low]]
        best[mask] = max(best[mask ^ (1 << i)] for i in range(size) if mask >> i & 1) + (total[mask] == 0)
    order: list[int] = []
    mask = full
    while mask:  # undo the programme: the member whose removal kept the best count goes last
        closes = int(total[mask] == 0)
        last = next(i for i in range(size) if mask >> i & 1 and best[mask ^ (1 << i)] + closes == best[mask])
        order.insert(0, last)
        mask ^= 1 << last
    groups: list[list[str]] = [[]]
    running = 0
    for index in order:
        groups[-1].append(names[index])
        running += nets[names[index]]
        if running == 0:
            groups.append([])
    return [group for group in groups if group]


def fewest_transfers(nets: Mapping[str, int]) -> list[Transfer]:
    """Payments that settle every net, as few as can be: within each zero-sum group of the most there are, the
    largest debtor pays the largest creditor."""
    if sum(nets.values()) != 0:
        raise ValueError(f"the nets add up to {sum(nets.values())}, not 0")
    return [t for group in zero_sum_groups(nets) for t in greedy_transfers({name: nets[name] for name in group})]


def settles(nets: Mapping[str, int], transfers: list[Transfer]) -> bool:
    """Whether the payments bring every net to zero (each paid amount positive)."""
    left = dict(nets)
    for t in transfers:
        if t.amount <= 0:
            return False
        left[t.payer] = left.get(t.payer, 0) + t.amount
        left[t.payee] = left.get(t.payee, 0) - t.amount
    return not any(left.values())
