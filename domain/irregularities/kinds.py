"""The irregularities as actions of the table: the recorder records them, no player acts in them."""

from __future__ import annotations

from domain.rules.actions import SEEDS, ActionKind, Param

MISDEAL_REASONS = ("wrong_count", "card_exposed", "other")
CONFIRM = Param("confirm", "confirm", description="true: the table means it, as it cannot be undone")

MISDEAL = ActionKind(
    "misdeal",
    "declare the deal void (a wrong count, a card exposed while dealing): the same dealer deals again; it cannot "
    "be undone",
    (
        Param("reason", "text", choices=MISDEAL_REASONS, description="what went wrong with the deal"),
        CONFIRM,
    ),
    table=True,
)
EXPOSE_CARD = ActionKind(
    "expose_card",
    "record a card a player exposed during play: the table has seen it, and it stays in his hand",
    (
        Param("holder", "text", description="the player whose card was exposed"),
        Param("card", "card", description="the card the table saw"),
    ),
    table=True,
)
DRAW_OUT_OF_TURN = ActionKind(
    "draw_out_of_turn",
    "record a card drawn from the stock out of turn: shown to the table and shuffled back into the stock",
    (
        Param("drawer", "text", description="the player who drew out of turn"),
        Param("card", "card", False, description="the card drawn (recorded: name it; shuffled: the service does)"),
        SEEDS,
    ),
    table=True,
)
ABANDON = ActionKind(
    "abandon",
    "the players leave: the game ends here, settled as the game's abandon option says; it cannot be undone",
    (CONFIRM,),
    table=True,
)

IN_PLACE: dict[str, tuple[str, ...]] = {
    "misdeal": ("reason", "confirm"),
    "expose_card": ("holder", "card"),
    "draw_out_of_turn": ("drawer", "card"),
    "call_off": ("confirm",),
    "abandon": ("confirm",),
}
"""The notation's fields in place: `9. * misdeal wrong_count confirm`, `15. * expose_card ann 7H`,
`16. * draw_out_of_turn bob QS`, `40. * abandon confirm`."""
