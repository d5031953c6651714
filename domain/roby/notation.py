"""Roby in the Meldbook notation: the fields each action writes in place (docs/notation.md), and its stakes."""

from __future__ import annotations

from domain.irregularities.kinds import IN_PLACE

POSITIONAL: dict[str, tuple[str, ...]] = {
    "cut": ("card",),
    "deal": ("hands", "upcard"),
    "draw": ("source", "card"),
    "meld": ("cards",),
    "lay_off": ("card", "meld"),
    "discard": ("card",),
    "go_out": ("melds", "lay_offs", "discard"),
    "enter_hand": ("cards",),
    "state_count": ("points",),
    "hand_result": ("went_out",),
    "bring_forward": ("scores", "money", "pot"),
    "reenlist": (),
    "leave": (),
    **{kind: IN_PLACE[kind] for kind in ("misdeal", "expose_card", "draw_out_of_turn", "call_off", "abandon")},
}
"""`12. ann draw stock 7H`, `13. ann lay_off 7H 2`, `14. ann go_out [[7H 8H 9H]] [QS>1] 4C`, `15. bob enter_hand
[2C 3C ...]`, `16. cy state_count 40`; a deal that names no hand is `5. dee deal upcard=QD`."""
TRANSFERS = "money"
"""Roby's stakes are money, in minor units."""
