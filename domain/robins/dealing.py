"""Robins Rummy's choice of the first dealer (linked game or cut) and the deal, recorded or shuffled."""

from __future__ import annotations

from collections import Counter

from domain.cards.zones import check_counts, seeded_order
from domain.errors import IllegalMoveError
from domain.robins.events import CardCut, CutTied, DealerChosen, HandDealt
from domain.robins.rules import HAND_SIZE, STOCK_SIZE, cut_rank, deck, is_wild
from domain.robins.state import RobinsState
from domain.rules import cutting
from domain.rules.actions import Action
from domain.rules.dealt import recorded_hands_and_upcard, refuse_named_cards, unnamed_deal
from domain.rules.variant import Decision


def open_game(decision: Decision) -> None:
    """With a first dealer named from a linked earlier game, the game starts at the deal; else with a cut."""
    state: RobinsState = decision.state
    first = state.options.get("first_dealer")
    if first is not None:
        decision.record(DealerChosen, dealer=first, reason="robins.dealer.linked-game")


def cut(decision: Decision, action: Action) -> None:
    """A player cuts a card; once both have cut, the higher card deals (ace high), and a tie cuts again."""
    state: RobinsState = decision.state
    player = action.player
    if player in state.cuts:
        raise IllegalMoveError(f"{player} has already cut: waiting for {state.opponent(player)}",
                               code="robins.cut.not-due")
    cutting.cut(
        decision, action, cutters=state.players, deck=deck(), rank=cut_rank, card_cut=CardCut,
        tied=lambda players: decision.record(CutTied),
        chosen=lambda dealer: decision.record(DealerChosen, dealer=dealer, reason="robins.dealer.cut"),
    )


def deal(decision: Decision, action: Action) -> None:
    """The dealer deals seven cards each and turns up the 15th card; the non-dealer plays first (recorded: naming
    both hands, or none, each player then entering his own)."""
    state: RobinsState = decision.state
    if action.player != state.dealer:
        raise IllegalMoveError(f"{state.dealer} deals this hand, not {action.player}", code="robins.deal.not-dealer")
    first = state.opponent(action.player)
    seats = [first, action.player]
    seed = None
    stock: list[str] | None = None
    unknown = None if state.deal_mode == "shuffled" else unnamed_deal(action, seats, HAND_SIZE)
    if unknown is not None:
        hands, upcard = {}, action.get("upcard")
        check_counts(deck(), Counter([upcard]))
    elif state.deal_mode == "shuffled":
        refuse_named_cards(action, ("hands", "upcard"))
        seed = decision.chance.seed()
        order = seeded_order(deck().elements(), seed)
        hands = {p: order[i : 2 * HAND_SIZE : 2] for i, p in enumerate(seats)}
        upcard, stock = order[2 * HAND_SIZE], order[2 * HAND_SIZE + 1 :]
    else:
        hands, upcard = recorded_hands_and_upcard(
            action, seats, HAND_SIZE, deck(), "both players", "robins.deal.seven-cards"
        )
    decision.record(
        HandDealt, dealer=action.player, hands=hands, upcard=upcard, upcard_wild=is_wild(upcard),
        stock_size=STOCK_SIZE, stock=stock, seed=seed, first_player=first,
        unknown=unknown or {},
    )
