"""The irregularities' shared mechanics: each variant says when one is open and what follows, these record it.

Rulings (each variant's rules index lists them with their tests):
- A misdeal is declared by the table before anything is played on the deal; the same dealer deals again, in a
  shuffled game from a fresh shuffle. What was paid before the deal (antes, bets) stays where it is.
- An exposed card stays in its holder's hand; the table has seen it, so every view may show it. No penalty.
  Exposed from the cards of a hand nobody entered yet, the check that the hand held it waits for the hand
  (domain/record/unknown.py): a hand entered without it records a finding under the variant's exposed-card rule.
- A card drawn from the stock out of turn is shown to the table and shuffled back into the stock; the player
  whose turn it is plays on. No penalty.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from domain.cards.zones import Zone, check_can_name, seeded_order
from domain.errors import IllegalMoveError, InvalidActionError
from domain.irregularities.events import CardDrawnOutOfTurn, CardExposed, GameAbandoned, MisdealDeclared
from domain.record.unknown import Check, defer
from domain.rules.actions import Action
from domain.rules.variant import Decision


def declare_misdeal(decision: Decision, action: Action, dealer: str | None, open_now: bool, when: str) -> None:
    """Void the deal, if the table may still do so (`open_now`; `when` says when it may, for the refusal)."""
    if dealer is None or not open_now:
        raise IllegalMoveError(
            f"a misdeal is declared {when}; it is too late, or there is no deal", code="irregularity.misdeal-too-late"
        )
    decision.record(MisdealDeclared, dealer=dealer, reason=action.get("reason"))


def verify_player(players: list[str], name: str, field: str) -> None:
    """Refuse a name that is not a player of the game, naming the field."""
    if name not in players:
        raise InvalidActionError(f"{field} must name a player in this game, not {name}", field=field)


def expose_card(
    decision: Decision,
    action: Action,
    hands: Mapping[str, Zone],
    deck: Counter[str],
    named: Counter[str],
    rule: str,
) -> None:
    """A card of the holder's hand was exposed: the table saw it; it stays in his hand. From cards the record does
    not name, the check that the hand held it waits for the hand (`rule`, the variant's exposed-card rule)."""
    holder, card = action.get("holder"), action.get("card")
    verify_player(list(decision.state.players), holder, "holder")
    if holder not in hands:
        raise IllegalMoveError(f"{holder} holds no hand in this deal", code="irregularity.not-in-hand")
    hand = hands[holder]
    try:
        check_can_name(card, deck, named, hand, f"hand of {holder}")
    except IllegalMoveError:
        raise IllegalMoveError(f"{card} is not in {holder}'s hand", code="irregularity.not-in-hand") from None
    decision.record(CardExposed, player=holder, card=card)
    if hand.hidden and card not in hand.known:
        defer(decision, holder, rule, hand.known, {"card": card})


def exposure_check(rule: str) -> Check:
    """The check an exposure from unknown cards waits for: the card was in the hand as it was then (its cards
    named since included), or a finding under `rule`."""

    def exposed_finding(player: str, hand: list[str], context: Mapping[str, Any]) -> tuple[str, str] | None:
        card = str(context["card"])
        if card in hand:
            return None
        return rule, f"{card} was exposed from {player}'s hand, but the hand as known held no {card} then ({rule})"

    return exposed_finding


def draw_out_of_turn(
    decision: Decision, action: Action, on_turn: str | None, deck: Counter[str], named: Counter[str]
) -> None:
    """A card drawn from the stock out of turn goes back into it, shuffled, once the table has seen it."""
    state: Any = decision.state
    drawer, card = action.get("drawer"), action.get("card")
    verify_player(list(state.players), drawer, "drawer")
    if drawer == on_turn:
        raise IllegalMoveError(
            f"it is {drawer}'s turn: his draw is an ordinary draw, not one out of turn", code="irregularity.on-turn"
        )
    stock: Zone = state.stock
    if stock.size == 0:
        raise IllegalMoveError("the stock is empty: nothing was drawn from it", code="irregularity.stock-empty")
    if stock.ordered:
        top = stock.known[0]
        if card is not None and card != top:
            raise IllegalMoveError(f"the top of the stock is not {card}", code="irregularity.not-in-stock")
        decision.fill("card", top)
        seed = decision.chance.seed()
        decision.record(CardDrawnOutOfTurn, drawer=drawer, card=top, order=seeded_order(stock.known, seed), seed=seed)
        return
    if card is None:
        raise InvalidActionError("a recorded game names the 'card' drawn out of turn", field="card")
    try:
        check_can_name(card, deck, named, stock, "stock")
    except IllegalMoveError as error:
        raise IllegalMoveError(error.message, code="irregularity.not-in-stock") from None
    decision.record(CardDrawnOutOfTurn, drawer=drawer, card=card, order=None, seed=None)


def abandon(decision: Decision, over: bool, settlement: str) -> None:
    """The players leave: the game ends where it stands; the variant then settles it as its option says."""
    if over:
        raise IllegalMoveError("an abandon action is not open now: the game is over", code="wrong-phase")
    decision.record(GameAbandoned, settlement=settlement)


def table_examples(
    kind: str, state: Any, hands: Mapping[str, Zone], deck: Counter[str], named: Counter[str], on_turn: str | None
) -> list[dict[str, Any]]:
    """One example body of an irregularity that needs a player and a card (its template says the rest): the first
    card of the first hand for an exposure; for a draw out of turn, the first player not to act, with a card the
    stock may hold. The rules then decide whether it is listed. One, because the list is built at every read."""
    examples: list[dict[str, Any]] = []
    if kind == "expose_card":
        examples = [{"holder": p, "card": hands[p].known[0]} for p in state.players if p in hands and hands[p].known]
    elif kind == "draw_out_of_turn":
        drawers = [p for p in state.players if p != on_turn]
        unseen = [] if state.stock.ordered else sorted(code for code in deck if named[code] < deck[code])
        if state.stock.ordered:
            examples = [{"drawer": p} for p in drawers]
        elif unseen:
            examples = [{"drawer": p, "card": unseen[0]} for p in drawers]
    return examples[:1]
