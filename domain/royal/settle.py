"""Each deal's start (outs, antes, repeat ace bets) and the end of the game, with the board's leftovers."""

from __future__ import annotations

from domain.errors import IllegalMoveError
from domain.money.ledger import player_account
from domain.royal.board import BANK, ace_account, bet_account, board_accounts, space_account
from domain.royal.events import AceBetReleased, DealStarted, GameEnded, PlayerOut
from domain.royal.ledger import move, stack
from domain.royal.rules import ante_total
from domain.royal.state import ACE_BET, ACE_COVER, DEAL, OVER, RoyalState
from domain.royal.versions import ANTE_BELONGS_TO_ITS_DEAL
from domain.rules.actions import Action
from domain.rules.variant import Decision


def start_deal(decision: Decision, dealer: str | None = None) -> None:
    """Players who cannot ante go out; the game may end; else the next deal starts with antes and repeat bets."""
    state: RoyalState = decision.state
    total = int(state.options["stack"]) * len(state.players)
    rich = [p for p in state.still_in() if stack(state, p) == total]
    if rich:
        end_game(decision, f"{rich[0]} holds every chip")
        return
    for player in state.still_in():
        if stack(state, player) < ante_total(state):
            decision.record(PlayerOut, player=player, stack=stack(state, player))
    if len(state.still_in()) < 3:
        end_game(decision, "fewer than three players can ante")
        return
    if dealer is None or dealer in state.out:
        assert state.dealer is not None
        dealer = state.left_of(state.dealer)[0]
    decision.record(DealStarted, dealer=dealer, deal_number=state.deal_number + 1)
    cause = decision.last_version
    for player in state.left_of(dealer):
        for space in state.options["board"]:
            move(decision, player_account(player), space_account(space), int(state.options["ante"]), "royal.ante",
                 cause)
    for suit in sorted(state.ace_bets):
        bet = state.ace_bets[suit]
        for player in list(bet.bettors):
            if stack(state, player) >= bet.amount:
                move(decision, player_account(player), ace_account(suit), bet.amount, "royal.aces.repeat", cause)
            else:
                decision.record(AceBetReleased, suit=suit, player=player)


ENDED_BY_TABLE = "ended by the recorder"


def end_by_table(decision: Decision, action: Action) -> None:
    """The table ends the game (an action of the table, confirmed in its body), whatever the phase."""
    if decision.state.phase == OVER:
        raise IllegalMoveError("an end_game action is not open now: the game is over", code="wrong-phase")
    end_game(decision, ENDED_BY_TABLE)


def end_game(decision: Decision, reason: str) -> None:
    """The game ends: bets go back to their players, and so (from rules version 2) does what a deal not dealt yet
    collected; the board's chips stay with the banker, or are split."""
    state: RoyalState = decision.state
    undealt = state.rules_version >= ANTE_BELONGS_TO_ITS_DEAL and state.phase in NOT_DEALT_YET
    decision.record(GameEnded, reason=reason)
    cause = decision.last_version
    if undealt:
        _return_what_the_deal_collected(decision, cause)
    for player in state.players:
        move(decision, bet_account(player), player_account(player), state.ledger.balance(bet_account(player)),
             "royal.end.bets-returned", cause)
    accounts = board_accounts(state.options["board"])
    if state.options["leftover"] == "banker":
        for account in accounts:
            move(decision, account, BANK, state.ledger.balance(account), "royal.end.to-banker", cause)
        return
    _split(decision, accounts, cause)


NOT_DEALT_YET = (ACE_BET, ACE_COVER, DEAL)
"""The phases of a deal that started (its antes and repeat ace bets paid) and was not dealt yet."""


def _return_what_the_deal_collected(decision: Decision, cause: int) -> None:
    """A deal never dealt takes nothing: each player who anted for it takes his ante back from every space, and each
    bettor of an ace bet standing on it the amount he staked for it (repeated or new, they all paid the bet's
    amount for this deal)."""
    state: RoyalState = decision.state
    assert state.dealer is not None
    for player in state.left_of(state.dealer):
        for space in state.options["board"]:
            move(decision, space_account(space), player_account(player), int(state.options["ante"]),
                 "royal.end.ante-returned", cause)
    for suit in sorted(state.ace_bets):
        bet = state.ace_bets[suit]
        for player in bet.bettors:
            move(decision, ace_account(suit), player_account(player), bet.amount, "royal.end.ace-bet-returned", cause)


def _split(decision: Decision, accounts: list[str], cause: int) -> None:
    """Leftovers split equally among the players still in; odd units to those nearest the dealer's left."""
    state: RoyalState = decision.state
    players = state.left_of(state.dealer) if state.dealer else state.still_in()
    players = players or state.still_in()
    total = sum(state.ledger.balance(a) for a in accounts)
    if not total:
        return
    if not players:
        for account in accounts:
            move(decision, account, BANK, state.ledger.balance(account), "royal.end.to-banker", cause)
        return
    share, odd = divmod(total, len(players))
    owed = {p: share + (1 if i < odd else 0) for i, p in enumerate(players)}
    for account in accounts:
        left = state.ledger.balance(account)
        for player in players:
            amount = min(left, owed[player])
            move(decision, account, player_account(player), amount, "royal.end.split", cause)
            owed[player] -= amount
            left -= amount
