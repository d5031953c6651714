"""Roby's cut for the deal and the deal itself, in recorded and shuffled mode."""

from __future__ import annotations

from collections import Counter

from domain.cards.zones import check_counts, seeded_order
from domain.errors import IllegalMoveError
from domain.roby.events import CardCut, CutTied, DealerChosen, HandDealt
from domain.roby.rules import HAND_SIZE, cut_rank, deck_of, from_left_of
from domain.roby.state import RobyState
from domain.rules import cutting
from domain.rules.actions import Action
from domain.rules.dealt import recorded_hands_and_upcard, refuse_named_cards, unnamed_deal
from domain.rules.variant import Decision


def cut(decision: Decision, action: Action) -> None:
    """A player cuts a card; after the last cut the highest deals, and tied players cut again."""
    state: RobyState = decision.state
    cutting.check_due(action.player, state.cutters, state.cuts, "roby.cut.not-due")
    cutting.cut(
        decision, action, cutters=state.cutters, deck=deck_of(state.options), rank=cut_rank, card_cut=CardCut,
        tied=lambda players: decision.record(CutTied, players=players),
        chosen=lambda dealer: decision.record(DealerChosen, dealer=dealer),
    )


def deal(decision: Decision, action: Action) -> None:
    """The dealer deals ten cards to each player still in and turns up the first discard (recorded: naming every hand,
    or none, each player then entering his own)."""
    state: RobyState = decision.state
    if action.player != state.dealer:
        raise IllegalMoveError(f"{state.dealer} deals this hand, not {action.player}", code="roby.deal.not-dealer")
    seats = from_left_of(state, action.player, state.still_in())
    deck = deck_of(state.options)
    seed = None
    unknown = None if state.deal_mode == "shuffled" else unnamed_deal(action, seats, HAND_SIZE)
    if unknown is not None:
        hands, upcard, stock = {}, action.get("upcard"), None
        check_counts(deck, Counter([upcard]))
    elif state.deal_mode == "shuffled":
        refuse_named_cards(action, ("hands", "upcard"))
        seed = decision.chance.seed()
        order = seeded_order(deck.elements(), seed)
        hands = {
            p: [order[2 * (r * len(seats) + i) + k] for r in range(HAND_SIZE // 2) for k in (0, 1)]
            for i, p in enumerate(seats)
        }
        dealt = HAND_SIZE * len(seats)
        upcard, stock = order[dealt], order[dealt + 1 :]
    else:
        hands, upcard = recorded_hands_and_upcard(action, seats, HAND_SIZE, deck, "every player", "roby.deal.ten-cards")
        stock = None
    stock_size = sum(deck.values()) - HAND_SIZE * len(seats) - 1
    decision.record(
        HandDealt,
        dealer=action.player,
        hands=hands,
        upcard=upcard,
        stock_size=stock_size,
        stock=stock,
        seed=seed,
        first_player=seats[0],
        unknown=unknown or {},
    )
