"""Royal Rummy carried on from a paper sheet: each player's stack and the chips on each space of the board and on
each corner ace, as stated before the first deal here (and its cut); everything after is computed as usual, and the
chips are conserved from them. Standing ace bets are not carried: their chips stay on the ace for the next bet on it
(RULINGS: the holder of a bet-on ace among its bettors takes every chip on it)."""

from __future__ import annotations

from domain.cards.card import SUITS
from domain.errors import IllegalMoveError
from domain.money.ledger import player_account
from domain.royal.board import BANK, ace_account, space_account
from domain.royal.events import StandingsStated
from domain.royal.state import RoyalState
from domain.rules.actions import Action
from domain.rules.forward import bring_accounts_to, check_every_player, check_first
from domain.rules.variant import Decision

RULE = "royal.setup.brought-forward"
"""The rule of the chip movements that bring the game to the standings stated."""
CODE = "royal.forward.standings"


def bring_forward(decision: Decision, action: Action) -> None:
    """The stacks and the chips on the board and the aces as stated, moved there from where they lie."""
    state: RoyalState = decision.state
    check_first(state, CODE)
    stacks: dict[str, int] = action.get("stacks")
    board: dict[str, int] = action.get("board") or {}
    aces: dict[str, int] = action.get("aces") or {}
    check_every_player(state, "stacks", stacks, CODE)
    spaces = {space["id"]: space for space in state.options["board"]}
    _check_keys("board", board, list(spaces))
    _check_keys("aces", aces, list(SUITS))
    wanted = {player_account(p): stacks[p] for p in state.players}
    wanted |= {space_account(space): board.get(key, 0) for key, space in spaces.items()}
    wanted |= {ace_account(suit): aces.get(suit, 0) for suit in SUITS}
    for field, figures in (("stacks", stacks), ("board", board), ("aces", aces)):
        for key, chips in figures.items():
            if chips < 0:
                raise IllegalMoveError(f"{field} of {chips} for {key} is below nothing", code=CODE,
                                       field=f"{field}.{key}")
    handed_out = -state.ledger.balance(BANK)
    if sum(wanted.values()) != handed_out:
        raise IllegalMoveError(
            f"the chips in the stacks, on the board and on the aces always add up to what the banker handed out: "
            f"{sum(wanted.values())} stated, {handed_out} handed out",
            code=CODE,
            field="stacks",
        )
    decision.record(StandingsStated, stacks=stacks, board=board, aces=aces)
    bring_accounts_to(decision, state.ledger, wanted, RULE, decision.last_version)


def _check_keys(field: str, figures: dict[str, int], known: list[str]) -> None:
    for key in figures:
        if key not in known:
            raise IllegalMoveError(f"{field} names {key}, which is not one of {', '.join(known)}", code=CODE,
                                   field=f"{field}.{key}")


def example(state: RoyalState) -> dict[str, object]:
    """Standings the rules accept: every stack, space and ace as it stands."""
    return {
        "stacks": {p: state.ledger.balance(player_account(p)) for p in state.players},
        "board": {space["id"]: state.ledger.balance(space_account(space)) for space in state.options["board"]},
        "aces": {suit: state.ledger.balance(ace_account(suit)) for suit in SUITS},
    }
