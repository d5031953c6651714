"""Royal Rummy in the Meldbook notation: the fields each action writes in place (docs/notation.md), and its chips."""

from __future__ import annotations

from domain.irregularities.kinds import IN_PLACE

POSITIONAL: dict[str, tuple[str, ...]] = {
    "cut": ("card",),
    "ace_bet": ("ace", "amount"),
    "no_ace_bet": (),
    "cover": (),
    "decline": (),
    "deal": ("hands",),
    "swap": (),
    "keep": (),
    "bid": ("amount",),
    "pass": (),
    "poker_hand": ("cards",),
    "check": (),
    "bet": ("amount",),
    "call": (),
    "raise": ("amount",),
    "fold": (),
    "all_in": (),
    "play": ("cards",),
    "enter_hand": ("cards",),
    "state_count": ("points",),
    "end_game": ("confirm",),
    "bring_forward": ("stacks", "board", "aces"),
    **{kind: IN_PLACE[kind] for kind in ("misdeal", "expose_card", "abandon")},
}
"""`4. p1 ace_bet H 5`, `20. p3 raise 12`, `31. p2 play [7H 8H 9H]`, `32. p1 enter_hand [2C 3C ...]`, `40. p2
state_count 7`, `58. * end_game confirm`; a deal that names no hand is `5. p3 deal`."""
TRANSFERS = "chips"
"""Royal Rummy's stakes are chips."""
