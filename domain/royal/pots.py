"""The poker pots: the main pot (with the Pot space's chips) and the side pots made by all-ins."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PotShare:
    """One pot: its chips, who may win it, and what each bettor put into it."""

    amount: int
    eligible: tuple[str, ...]
    layer: tuple[tuple[str, int], ...]


def build_pots(bets: Mapping[str, int], contenders: Sequence[str], pot_space: int) -> list[PotShare]:
    """Slice the bets into pots at each contender's level; the first (main) pot also holds the Pot space.

    Chips of folded players count in every layer they reach; chips above every contender's level (none
    when the round was played by the rules) go into the last pot.
    """
    levels = sorted({bets.get(p, 0) for p in contenders})
    top = max([*bets.values(), levels[-1]])
    pots: list[PotShare] = []
    previous = 0
    for i, level in enumerate(levels):
        cap = top if i == len(levels) - 1 else level
        layer = tuple(
            (p, min(b, cap) - min(b, previous)) for p, b in bets.items() if min(b, cap) - min(b, previous) > 0
        )
        eligible = tuple(p for p in contenders if bets.get(p, 0) >= level)
        amount = sum(c for _, c in layer) + (pot_space if i == 0 else 0)
        pots.append(PotShare(amount, eligible, layer))
        previous = cap
    return pots
