"""Roby's turn: draw, meld, lay off, discard and go out. Each `verify_*` raises with the rule broken."""

from __future__ import annotations

from domain.cards.zones import check_can_name
from domain.errors import IllegalMoveError, InvalidActionError, OutOfTurnError
from domain.record.unknown import defer, hand_place, take
from domain.roby import settle, waiting
from domain.roby.events import CardDiscarded, CardLaidOff, DiscardTaken, MeldLaid, StockCardDrawn
from domain.roby.lookahead import GoingOut, NinetyNine, find_plan
from domain.roby.rules import (
    PASS_LIMIT,
    card_places,
    deck_of,
    fitting_meld,
    named_cards,
    new_meld,
    next_in_game,
    next_meld_id,
    with_card,
)
from domain.roby.state import RobyState, TableMeld
from domain.rules.actions import Action
from domain.rules.variant import Decision


def verify_turn(state: RobyState, player: str) -> None:
    """Refuse an action by a player whose turn it is not."""
    if player != state.turn:
        raise OutOfTurnError(f"it is {state.turn}'s turn, not {player}'s")


def verify_drawn(state: RobyState, player: str, drawn: bool) -> None:
    """Refuse a draw after drawing, or a table play or discard before drawing."""
    verify_turn(state, player)
    if drawn and not state.drawn:
        raise IllegalMoveError(f"{player} must draw first, from the stock or the discard pile", code="roby.draw-first")
    if not drawn and state.drawn:
        raise IllegalMoveError(f"{player} has already drawn this turn", code="roby.one-draw")


def draw(decision: Decision, action: Action) -> None:
    """Draw the top of the stock (naming it, in recorded mode) or the top of the discard pile."""
    state: RobyState = decision.state
    verify_drawn(state, action.player, drawn=False)
    card = action.get("card")
    if action.get("source") == "discard":
        top = state.discard[-1]
        if card is not None and card != top:
            raise IllegalMoveError(f"the top of the discard pile is {top}, not {card}", code="roby.discard-top")
        decision.record(DiscardTaken, player=action.player, card=top)
        return
    if state.stock.size == 0:
        raise IllegalMoveError("the stock is empty: draw from the discard pile")
    if state.stock.ordered:
        card = card or state.stock.known[0]  # the service draws; a card named must be the top one
        decision.fill("card", card)
    elif card is None:
        raise InvalidActionError("a recorded draw from the stock names the 'card' drawn", field="card")
    named = named_cards(state)
    check_can_name(card, deck_of(state.options), named, state.stock, "stock")
    decision.record(StockCardDrawn, player=action.player, card=card)


def verify_table_play(state: RobyState, player: str) -> None:
    """Refuse a table play before the draw or in the player's first turn of the hand."""
    verify_drawn(state, player, drawn=True)
    if state.turns_taken[player] == 0:
        raise IllegalMoveError(
            f"{player} may not lay cards on the table in his first turn, unless he goes out (use go_out)",
            code="roby.first-turn",
        )


def not_held(player: str, cards: list[str]) -> IllegalMoveError:
    """The refusal of a play with cards the player's hand does not hold."""
    return IllegalMoveError(f"{player} does not hold {' '.join(cards)}", code="roby.not-held")


def taken_from_hand(state: RobyState, player: str, cards: list[str]) -> tuple[list[str], int]:
    """The named cards and the number of unknown ones the player's hand keeps once `cards` leave it; a card the
    hand does not name comes out of its unknown ones, checked against every place (domain/record/unknown.py)."""
    return take(
        state.hands[player],
        cards,
        deck_of(state.options),
        card_places(state),
        hand_place(player),
        lambda: not_held(player, cards),
    )


def verify_meld(state: RobyState, player: str, cards: list[str]) -> TableMeld:
    """The meld these cards make, if the player may lay it now."""
    verify_table_play(state, player)
    rest, hidden = taken_from_hand(state, player, cards)
    meld = new_meld(next_meld_id(state.melds), player, cards)
    if meld is None:
        raise IllegalMoveError(
            f"{' '.join(cards)} is not a meld: a group is 3+ cards of one rank, a sequence 3+ consecutive "
            "cards of one suit (ace low or high, no wrap-around)",
            code="roby.meld.invalid",
        )
    if not hidden:
        verify_can_end_turn(state, player, rest, [*state.melds, meld])
    return meld


def verify_lay_off(state: RobyState, player: str, card: str, meld_id: int) -> None:
    """Refuse a lay-off the player may not make now."""
    verify_table_play(state, player)
    rest, hidden = taken_from_hand(state, player, [card])
    target = state.meld(meld_id)
    if target is None:
        raise IllegalMoveError(f"there is no meld {meld_id} on the table", code="roby.lay-off.no-meld")
    if not state.own_melds(player):
        raise IllegalMoveError(
            f"{player} needs a meld of his own on the table before laying off", code="roby.lay-off.own-meld"
        )
    if fitting_meld(card, [target]) is None:
        raise IllegalMoveError(f"{card} does not fit the meld {' '.join(target.cards)}", code="roby.lay-off.fit")
    if not hidden:
        table = [with_card(m, card) if m.id == meld_id else m for m in state.melds]
        verify_can_end_turn(state, player, rest, table)


def verify_can_end_turn(state: RobyState, player: str, hand: list[str], melds: list[TableMeld]) -> None:
    """Refuse a table play after which the player could not end his turn within the 99 rule."""
    if not hand:
        return
    limit = PASS_LIMIT - state.scores[player]
    goal = NinetyNine(limit, state.options["measure_99"] == "before_discard")
    if find_plan(hand, melds, player, True, state.taken_card, goal) is None:
        raise IllegalMoveError(
            f"with {state.scores[player]} points, {player} may put cards on the table only if what he keeps "
            f"after his discard is worth at most {limit}, and this play leaves no way to do that",
            code="roby.99-rule",
        )


def meld(decision: Decision, action: Action) -> None:
    """Lay a group or a sequence."""
    state: RobyState = decision.state
    laid = verify_meld(state, action.player, action.get("cards"))
    decision.record(MeldLaid, player=action.player, meld=laid.id, kind=laid.kind, cards=laid.cards)
    waiting.defer_table_check(decision, action.player)
    waiting.make_checks(decision)
    settle.after_table_play(decision, action.player)


def lay_off(decision: Decision, action: Action) -> None:
    """Add a card to any player's meld."""
    state: RobyState = decision.state
    verify_lay_off(state, action.player, action.get("card"), action.get("meld"))
    decision.record(CardLaidOff, player=action.player, card=action.get("card"), meld=action.get("meld"))
    waiting.defer_table_check(decision, action.player)
    waiting.make_checks(decision)
    settle.after_table_play(decision, action.player)


def verify_discard(state: RobyState, player: str, card: str) -> None:
    """Refuse a discard the rules forbid; from a hand with unknown cards, the checks that need the whole hand wait
    for it (`discard` defers them)."""
    verify_drawn(state, player, drawn=True)
    rest, hidden = taken_from_hand(state, player, [card])
    if hidden:
        return
    refusal = waiting.discard_refusal(player, [*rest, card], card, waiting.check_context(state, player))
    if refusal is not None:
        raise refusal


def discard(decision: Decision, action: Action) -> None:
    """Discard a card, ending the turn (or going out with the last card)."""
    state: RobyState = decision.state
    verify_discard(state, action.player, action.get("card"))
    last = state.hands[action.player].size == 1
    following = None if last else next_in_game(state, action.player)
    context = {"at": "discard", "card": action.get("card"), **waiting.check_context(state, action.player)}
    decision.record(CardDiscarded, player=action.player, card=action.get("card"), next_player=following)
    hand = state.hands[action.player]
    if hand.hidden:
        defer(decision, action.player, waiting.DISCARD_RULES, hand.known, context)
    waiting.make_checks(decision)
    if last:
        settle.went_out(decision, action.player, "discarded")
    else:
        settle.after_discard(decision)


def go_out(decision: Decision, action: Action) -> None:
    """Table every card at once (melds, then lay-offs, then perhaps a last discard), even in a first turn."""
    state: RobyState = decision.state
    player = action.player
    verify_drawn(state, player, drawn=True)
    melds: list[list[str]] = action.get("melds", [])
    lay_offs: list[dict[str, int | str]] = action.get("lay_offs", [])
    final: str | None = action.get("discard")
    used = [c for m in melds for c in m] + [str(x["card"]) for x in lay_offs] + ([final] if final else [])
    all_cards = IllegalMoveError(
        f"going out must use every card in {player}'s hand exactly once", code="roby.go-out.all-cards"
    )
    if len(used) != state.hands[player].size:
        raise all_cards
    rest, _ = take(
        state.hands[player], used, deck_of(state.options), card_places(state), hand_place(player), lambda: all_cards
    )
    if rest:
        raise all_cards
    eleven = not melds and not state.own_melds(player) and final is None
    if eleven and state.taken_card is not None:
        raise IllegalMoveError(
            "laying off all eleven cards without a meld of one's own makes Roby only after a draw from the stock",
            code="roby.go-out.eleven-from-stock",
        )
    for cards in melds:
        laid = verify_new_meld(state, player, cards)
        decision.record(MeldLaid, player=player, meld=laid.id, kind=laid.kind, cards=laid.cards)
    for item in lay_offs:
        card, meld_id = str(item["card"]), int(item["meld"])
        target = state.meld(meld_id)
        if target is None or fitting_meld(card, [target]) is None:
            where = f"the meld {' '.join(target.cards)}" if target else f"meld {meld_id}, which is not on the table"
            raise IllegalMoveError(f"{card} does not fit {where}", code="roby.lay-off.fit")
        if not state.own_melds(player) and not eleven:
            raise IllegalMoveError(
                f"{player} needs a meld of his own on the table before laying off",
                code="roby.lay-off.own-meld",
            )
        decision.record(CardLaidOff, player=player, card=card, meld=meld_id)
    if final is not None:
        verify_discard(state, player, final)
        decision.record(CardDiscarded, player=player, card=final, next_player=None)
    waiting.make_checks(decision)
    method = "laid_off_eleven" if eleven else ("discarded" if final else "tabled")
    settle.went_out(decision, player, method)


def verify_new_meld(state: RobyState, player: str, cards: list[str]) -> TableMeld:
    """The meld these cards make, or the reason they make none."""
    meld_ = new_meld(next_meld_id(state.melds), player, cards)
    if meld_ is None:
        raise IllegalMoveError(f"{' '.join(cards)} is not a meld", code="roby.meld.invalid")
    return meld_


def plan_to_go_out(state: RobyState, player: str) -> dict[str, object] | None:
    """A concrete go_out body for the player, when there is one."""
    hand = state.hands[player].known
    own = bool(state.own_melds(player))
    plan = find_plan(hand, state.melds, player, own, state.taken_card, GoingOut())
    if plan is None and not own and state.taken_card is None:
        plan = find_plan(hand, state.melds, player, True, state.taken_card, GoingOut(discard=False))
    if plan is None:
        return None
    return {
        "melds": [list(m) for m in plan.melds],
        "lay_offs": [{"card": c, "meld": m} for c, m in plan.lay_offs],
        **({"discard": plan.discard} if plan.discard else {}),
    }


