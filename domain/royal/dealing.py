"""The cut for the first deal and the deal itself (recorded or shuffled), with the ace bets judged on it."""

from __future__ import annotations

from domain.cards.zones import Zone, check_counts, named_counts, seeded_order
from domain.errors import IllegalMoveError, InvalidActionError
from domain.royal import entering, settle
from domain.royal.events import CardCut, CutTied, HandsDealt
from domain.royal.rules import DECK, cut_rank, deal_order, hand_sizes, holder
from domain.royal.state import RoyalState
from domain.rules import cutting
from domain.rules.actions import Action
from domain.rules.dealt import refuse_named_cards
from domain.rules.variant import Decision


def cut(decision: Decision, action: Action) -> None:
    """A player cuts a card; after the last cut the highest deals, and tied players cut again."""
    state: RoyalState = decision.state
    cutting.check_due(action.player, state.cutters, state.cuts, "royal.cut.not-due")
    cutting.cut(
        decision, action, cutters=state.cutters, deck=DECK, rank=cut_rank, card_cut=CardCut,
        tied=lambda players: decision.record(CutTied, players=players),
        chosen=lambda dealer: settle.start_deal(decision, dealer),
    )


def deal(decision: Decision, action: Action) -> None:
    """The dealer deals the whole pack into a hand for each player and the dummy; ace bets are judged (recorded:
    naming every player's hand, or none, each player then entering his own, and the ace bets waiting for their
    aces' holders)."""
    state: RoyalState = decision.state
    if action.player != state.dealer:
        raise IllegalMoveError(f"{state.dealer} deals this hand, not {action.player}", code="royal.deal.not-dealer")
    live = state.left_of(action.player)
    sizes = hand_sizes(len(live))
    unknown: dict[str, int] = {}
    if state.deal_mode == "recorded" and action.get("hands") is None:
        hands, dummy, seed_used = {}, None, None
        unknown = dict(zip(live, sizes, strict=False))
    elif state.deal_mode == "shuffled":
        refuse_named_cards(action, ("hands",))
        seed = decision.chance.seed()
        dealt = deal_order(seeded_order(DECK.elements(), seed), len(live))
        hands, dummy, seed_used = {p: dealt[i] for i, p in enumerate(live)}, dealt[-1], seed
    else:
        hands, dummy, seed_used = _recorded_hands(action, live, sizes), None, None
    decision.record(
        HandsDealt, dealer=action.player, hands=hands, dummy=dummy, dummy_size=sizes[-1], seed=seed_used,
        unknown=unknown,
    )
    if unknown:
        return
    for suit in sorted(state.ace_bets):
        entering.show_ace(decision, suit, holder(state, f"A{suit}"))


def _recorded_hands(action: Action, live: list[str], sizes: list[int]) -> dict[str, list[str]]:
    hands = action.get("hands")
    if set(hands) != set(live):
        raise InvalidActionError(f"hands must be given for exactly: {', '.join(live)}", field="hands")
    for player, size in zip(live, sizes, strict=False):
        if len(hands[player]) != size:
            raise IllegalMoveError(
                f"{player} is dealt {size} cards with {len(live)} players and a dummy, not {len(hands[player])}",
                code="royal.deal.hand-size",
            )
    check_counts(DECK, named_counts([Zone(list(cards)) for cards in hands.values()]))
    return {p: list(hands[p]) for p in live}
