"""Robins Rummy's turn outside the table plays: Rummy claims, the stock draw, the pickup, the discards."""

from __future__ import annotations

from domain.cards.zones import Zone, check_can_name, named_counts
from domain.errors import IllegalMoveError, InvalidActionError
from domain.robins import settle, table
from domain.robins.checks import make_checks
from domain.robins.events import CardDiscarded, DiscardPileTaken, RummyClaimed, StockCardDrawn
from domain.robins.melds import lay_off_choices
from domain.robins.rules import deck
from domain.robins.state import RobinsState
from domain.rules.variant import Decision

EXPIRED = "robins.rummy.expired"


def named_cards(state: RobinsState) -> Zone:
    """Every card the record names, as one zone: hands, stock, discard pile and melds."""
    named = named_counts([*state.hands.values(), state.stock]).elements()
    return Zone([*named, *state.discard, *(c for m in state.melds for c in m.cards)])


def claim(decision: Decision, player: str, card: str, meld_id: int, declare: list[str] | None) -> None:
    """Claim a Rummy at the start of the turn: the discard is pulled out of the pile and laid off at once."""
    state: RobinsState = decision.state
    table.verify_turn(state, player)
    if state.drawn:
        raise IllegalMoveError(
            f"a Rummy is claimed at the start of a turn, before the draw; {player} has drawn already", code=EXPIRED
        )
    if not any(c.card == card and c.holder == player for c in state.claims):
        where = "is not in the discard pile" if card not in state.discard else "is not an open Rummy for him"
        raise IllegalMoveError(
            f"{player} cannot claim {card}: it {where}. A Rummy is claimed by the opponent at the start of his "
            "next turn, or else by the discarder at the start of his own next turn; then the claim lapses",
            code=EXPIRED,
        )
    standing = table.stands_for(state, meld_id, card, declare)
    decision.record(RummyClaimed, player=player, card=card, stands_for=standing, meld=meld_id)


def draw(decision: Decision, player: str, card: str | None) -> None:
    """Draw the top card of the stock (naming it, in recorded mode); with the stock empty, the hand ends."""
    state: RobinsState = decision.state
    table.verify_turn(state, player)
    if state.drawn:
        raise IllegalMoveError(f"{player} has already drawn this turn", code="robins.one-draw")
    if state.stock.size == 0:
        if card is not None:
            raise InvalidActionError("the stock is empty: leave out 'card' (the draw ends the hand)", field="card")
        settle.stock_ran_out(decision)
        return
    if state.stock.ordered:
        card = card or state.stock.known[0]  # the service draws; a card named must be the top one
        decision.fill("card", card)
    elif card is None:
        raise InvalidActionError("a recorded draw from the stock names the 'card' drawn", field="card")
    check_can_name(card, deck(), named_counts([named_cards(state)]), state.stock, "stock")
    decision.record(StockCardDrawn, player=player, card=card)


def pick_up(
    decision: Decision, player: str, card: str, use: dict[str, object]
) -> None:
    """Take the top discard, or several down to a chosen card that is used at once in a meld or a lay-off."""
    state: RobinsState = decision.state
    table.verify_turn(state, player)
    if not state.drawn or state.picked or state.tabled or state.discarded:
        raise IllegalMoveError(
            "the discard pile is taken from once a turn, right after the stock draw and before any table play",
            code="robins.pickup.order",
        )
    if card not in state.discard:
        raise IllegalMoveError(f"{card} is not in the discard pile", code="robins.pickup.not-in-pile")
    index = len(state.discard) - 1 - state.discard[::-1].index(card)
    taken = state.discard[index:]
    cards, meld_id = use.get("cards"), use.get("meld")
    if cards is not None and meld_id is not None:
        raise InvalidActionError("use the chosen card in a new meld ('cards') or a lay-off ('meld'), not both",
                                 field="meld")
    if cards is None and use.get("kind") is not None:
        raise InvalidActionError("'kind' is the kind of a new meld with the card taken: it goes with 'cards'",
                                 field="kind")
    if cards is None and meld_id is None and use.get("declare") is not None:
        raise InvalidActionError("'declare' goes with a use of the card taken: 'cards' (a new meld) or 'meld' "
                                 "(a lay-off)", field="declare")
    if len(taken) > 1 and cards is None and meld_id is None:
        raise IllegalMoveError(
            f"taking {len(taken)} cards down to {card} needs {card} used in this same action: add 'cards' (a meld "
            f"with {card}) or 'meld' (the meld to lay it off on)",
            code="robins.pickup.unused",
        )
    first_wild = index == 0 and state.first_upcard_wild_in_pile
    decision.record(DiscardPileTaken, player=player, cards=taken, first_upcard_wild=first_wild)
    declare = use.get("declare")
    if isinstance(cards, list):
        if card not in cards:
            raise IllegalMoveError(f"the meld must use {card}, the card taken down to", code="robins.pickup.unused")
        table.lay_meld(decision, player, cards, list(declare or []), use.get("kind"))  # type: ignore[call-overload,arg-type]
    elif isinstance(meld_id, int):
        table.lay_off_card(decision, player, card, meld_id, declare)  # type: ignore[arg-type]
    table.check_can_end(decision, player)


def discard(decision: Decision, player: str, card: str) -> None:
    """Discard a card (two after a pickup); a discard that fits a meld opens a Rummy claim."""
    state: RobinsState = decision.state
    table.verify_turn(state, player)
    if not state.drawn:
        raise IllegalMoveError(f"{player} must draw from the stock first", code="robins.draw-first")
    table.verify_held(state, player, [card])
    held = state.hands[player].size
    if held == 1 and state.barred:
        raise IllegalMoveError(
            f"{player} took the first upcard while it was wild and may not go out this turn", code=table.NO_GOING_OUT
        )
    rummy = any(lay_off_choices(m.kind, m.cards, m.stands_for, card) for m in state.melds)
    last = held == 1
    ends_turn = not last and state.discarded + 1 >= state.discards_owed
    following = state.opponent(player) if ends_turn else None
    decision.record(CardDiscarded, player=player, card=card, rummy=rummy, next_player=following)
    make_checks(decision)
    if last:
        settle.went_out(decision, player)
