"""Robins Rummy's table plays: melds, lay-offs, wild exchanges, and the check that a turn can still end."""

from __future__ import annotations

from collections.abc import Sequence

from domain.errors import IllegalMoveError, InvalidActionError, OutOfTurnError
from domain.record.unknown import hand_place, take
from domain.robins import settle
from domain.robins.checks import make_checks
from domain.robins.events import CardLaidOff, MeldLaid, WildExchanged
from domain.robins.melds import CLOSED, build, lay_off_choices
from domain.robins.rules import card_places, deck, is_wild
from domain.robins.state import RobinsState
from domain.rules.variant import Decision

NO_GOING_OUT = "robins.upcard-wild.no-going-out"


def verify_turn(state: RobinsState, player: str) -> None:
    """Refuse an action by a player whose turn it is not."""
    if player != state.turn:
        raise OutOfTurnError(f"it is {state.turn}'s turn, not {player}'s")


def verify_table_time(state: RobinsState, player: str) -> None:
    """Table plays come after the stock draw and before the first discard."""
    verify_turn(state, player)
    if not state.drawn:
        raise IllegalMoveError(f"{player} must draw from the stock first", code="robins.draw-first")
    if state.discarded:
        raise IllegalMoveError(f"{player} has begun discarding: only the discard he still owes is left",
                               code="robins.turn-order")


def verify_held(state: RobinsState, player: str, cards: Sequence[str]) -> None:
    """Refuse cards the player does not hold. A card his hand does not name comes out of its unknown cards (a
    hand nobody entered yet), checked against every place the record names (domain/record/unknown.py)."""
    take(
        state.hands[player],
        cards,
        deck(),
        card_places(state),
        hand_place(player),
        lambda: IllegalMoveError(f"{player} does not hold {' '.join(cards)}", code="robins.not-held"),
    )


def stands_for(state: RobinsState, meld_id: int, card: str, declare: Sequence[str] | None) -> str:
    """What the card stands for when laid off on the meld, or the reason it cannot be."""
    target = state.meld(meld_id)
    if target is None:
        raise IllegalMoveError(f"there is no meld {meld_id} on the table", code="robins.lay-off.no-meld")
    if target.kind in CLOSED:
        raise IllegalMoveError("a Nat is closed once played: nobody adds to it", code="robins.lay-off.closed")
    choices = lay_off_choices(target.kind, target.cards, target.stands_for, card)
    shown = " ".join(target.cards)
    if not is_wild(card) or card == "JK":
        if declare:
            raise InvalidActionError("only a deuce is declared; a joker is placed by rule", field="declare")
        if not choices:
            raise IllegalMoveError(f"{card} does not fit the meld {shown}", code="robins.lay-off.fit")
        return choices[0]
    if not declare or len(declare) != 1 or declare[0] not in choices:
        allowed = ", ".join(choices) or "nothing on this meld"
        raise IllegalMoveError(
            f"a deuce laid off on {shown} must be declared as one natural card it can stand for there: {allowed}",
            code="robins.wild.declaration",
        )
    return declare[0]


def lay_meld(decision: Decision, player: str, cards: list[str], declare: list[str], kind: str | None) -> None:
    """Record a new meld of cards the player holds."""
    state: RobinsState = decision.state
    verify_held(state, player, cards)
    laid_kind, ordered, stands = build(cards, declare, kind)
    meld_id = len(state.melds) + 1
    decision.record(MeldLaid, player=player, meld=meld_id, kind=laid_kind, cards=ordered, stands_for=stands)


def lay_off_card(decision: Decision, player: str, card: str, meld_id: int, declare: list[str] | None) -> None:
    """Record a card the player holds added to a meld on the table."""
    verify_held(decision.state, player, [card])
    standing = stands_for(decision.state, meld_id, card, declare)
    decision.record(CardLaidOff, player=player, card=card, stands_for=standing, meld=meld_id)


def meld(decision: Decision, player: str, cards: list[str], declare: list[str], kind: str | None) -> None:
    """Lay a meld of one's own."""
    verify_table_time(decision.state, player)
    lay_meld(decision, player, cards, declare, kind)
    check_can_end(decision, player)


def lay_off(decision: Decision, player: str, card: str, meld_id: int, declare: list[str] | None) -> None:
    """Add a card to any meld that is not closed."""
    verify_table_time(decision.state, player)
    lay_off_card(decision, player, card, meld_id, declare)
    check_can_end(decision, player)


def exchange(decision: Decision, player: str, meld_id: int, card: str) -> None:
    """Put the natural card a wild stands for in its place; the wild goes to the player's hand."""
    state: RobinsState = decision.state
    verify_table_time(state, player)
    verify_held(state, player, [card])
    if is_wild(card):
        raise IllegalMoveError("a wild is exchanged only for a natural card", code="robins.exchange.natural")
    target = state.meld(meld_id)
    if target is None:
        raise IllegalMoveError(f"there is no meld {meld_id} on the table", code="robins.lay-off.no-meld")
    wild = next((c for c, s in zip(target.cards, target.stands_for, strict=True) if is_wild(c) and s == card), None)
    if wild is None:
        raise IllegalMoveError(f"no wild in the meld {' '.join(target.cards)} stands for {card}",
                               code="robins.exchange.no-wild")
    decision.record(WildExchanged, player=player, meld=meld_id, card=card, wild=wild)
    check_can_end(decision, player)


def check_can_end(decision: Decision, player: str) -> None:
    """After a table play: an empty hand goes out, unless going out is barred and the play must be refused.

    A player barred from going out needs a card left after the discards he still owes.
    """
    state: RobinsState = decision.state
    held = state.hands[player].size
    still_owed = state.discards_owed - state.discarded
    if state.barred and held < still_owed + 1:
        raise IllegalMoveError(
            f"{player} took the first upcard while it was wild and may not go out this turn: this play would "
            f"leave him {held} card(s) for {still_owed} discard(s) and a card to keep",
            code=NO_GOING_OUT,
        )
    make_checks(decision)
    if held == 0:
        settle.went_out(decision, player)
