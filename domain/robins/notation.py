"""Robins Rummy in the Meldbook notation: the fields each action writes in place (docs/notation.md)."""

from __future__ import annotations

from domain.irregularities.kinds import IN_PLACE

POSITIONAL: dict[str, tuple[str, ...]] = {
    "cut": ("card",),
    "deal": ("hands", "upcard"),
    "claim": ("card", "meld"),
    "draw": ("card",),
    "pick_up": ("card",),
    "meld": ("cards",),
    "lay_off": ("card", "meld"),
    "exchange": ("meld", "card"),
    "discard": ("card",),
    "enter_hand": ("cards",),
    "state_count": ("points",),
    "hand_result": ("went_out",),
    "bring_forward": ("scores",),
    **{kind: IN_PLACE[kind] for kind in ("misdeal", "expose_card", "draw_out_of_turn", "abandon")},
}
"""`9. bob pick_up 7H cards=[7H 2C] meld=3 declare=[8H]`, `10. bob exchange 2 5S`; deuces are declared by name;
`11. ann enter_hand [KH QH ...]`, `12. bob state_count 45`; a deal that names no hand is `3. bob deal upcard=KC`."""
TRANSFERS = "money"
"""Robins Rummy moves no money (its scores are points), but a transfer would be money."""
