"""The poker showdown: pots built from the bets, each won by its best hand; ties split, odd chips stay on the Pot."""

from __future__ import annotations

from domain.money.ledger import player_account
from domain.royal.board import POT, bet_account
from domain.royal.events_play import PokerShown, PotAwarded
from domain.royal.ledger import move
from domain.royal.pots import PotShare, build_pots
from domain.royal.ranking import best_of
from domain.royal.state import RoyalState
from domain.rules.variant import Decision


def pots(state: RoyalState) -> list[PotShare]:
    """The pots the bets make: the main pot (with the Pot space's chips), then a side pot above each all-in level."""
    order = _contenders(state, folded=True)
    bets = {p: state.poker.bets[p] for p in order if state.poker.bets[p]}
    return build_pots(bets, _contenders(state), state.ledger.balance(POT))


def _contenders(state: RoyalState, folded: bool = False) -> list[str]:
    """The players still in the hand from the dealer's left (with those who folded, when `folded` says)."""
    assert state.dealer is not None
    return [p for p in state.left_of(state.dealer) if folded or p not in state.poker.folded]


def settle(decision: Decision, closed: int) -> str:
    """Award every pot and return the main pot's winner (on a split, the tied player nearest the dealer's left).

    `closed` is the version of the event that ended the betting: the cause of gathering the bets into pots.
    """
    state: RoyalState = decision.state
    poker = state.poker
    contenders = _contenders(state)
    if len(contenders) > 1:
        decision.record(PokerShown, hands={p: list(poker.chosen[p]) for p in contenders})
    wheel = state.options["poker_wheel"]
    main_winner = contenders[0]
    for index, pot in enumerate(pots(state)):
        account = POT if index == 0 else f"side-pot:{index}"
        for player, chips in pot.layer:
            move(decision, bet_account(player), account, chips, "royal.poker.pot", closed)
        winners = best_of(poker.chosen, pot.eligible, wheel) if len(pot.eligible) > 1 else list(pot.eligible)
        share, odd = divmod(pot.amount, len(winners))
        decision.record(PotAwarded, pot=account, amount=pot.amount, eligible=list(pot.eligible), winners=winners,
                        share=share, odd=odd)
        cause = decision.last_version
        for winner in winners:
            move(decision, account, player_account(winner), share, "royal.poker.won", cause)
        if index:
            move(decision, account, POT, odd, "royal.poker.odd-chip", cause)
        else:
            main_winner = winners[0]
    return main_winner
