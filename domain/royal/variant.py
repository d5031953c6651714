"""Royal Rummy as a variant: its data (players, options, actions) and the wiring of its rules."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from domain.cards.card import SUITS
from domain.cards.zones import Zone
from domain.errors import SetupError
from domain.irregularities import kinds as irregular_kinds
from domain.irregularities.events import MisdealDeclared
from domain.money.ledger import AmountTransferred, Ledger, player_account
from domain.nights.lines import BANKER
from domain.record.unknown import COUNT_KINDS, ENTER_HAND, STATE_COUNT, unknown_players
from domain.royal import aces, auction, dealing, entering, events, events_play, forward, poker, rummy, settle
from domain.royal.board import BANK, LAYOUTS, TRIPOLEY, board_accounts, check_board
from domain.royal.ledger import stack
from domain.royal.problems import PROBLEMS
from domain.royal.rules import ante_total
from domain.royal.state import (
    ACE_BET,
    ACE_COVER,
    AUCTION,
    COUNT,
    CUT,
    DEAL,
    DUMMY,
    OVER,
    POKER_BET,
    POKER_PICK,
    RUMMY,
    AceBet,
    Poker,
    RoyalState,
    Rummy,
)
from domain.rules.actions import SEEDS, ActionKind, Param, by_type
from domain.rules.docs import owned_cards_doc, state_doc
from domain.rules.movers import still_to_cut, the_dealer
from domain.rules.registry import register
from domain.rules.variant import Decision, Handler, KnownValue, OptionSpec, Variant

BETTING: dict[str, Handler] = {kind: poker.bet for kind in ("check", "bet", "call", "raise", "fold", "all_in")}
ENTRY: dict[str, Handler] = {"enter_hand": entering.enter_hand}
"""Open to a player whose hand the record does not name, in every phase of a dealt deal, whatever the turn."""
PHASE_ACTIONS: dict[str, dict[str, Handler]] = {
    CUT: {"cut": dealing.cut},
    ACE_BET: {"ace_bet": aces.open_bet, "no_ace_bet": aces.skip},
    ACE_COVER: {"cover": aces.answer, "decline": aces.answer},
    DEAL: {"deal": dealing.deal},
    DUMMY: {"swap": auction.swap, "keep": auction.keep, **ENTRY},
    AUCTION: {"bid": auction.bid, "pass": auction.pass_bid, **ENTRY},
    POKER_PICK: {"poker_hand": poker.choose, **ENTRY},
    POKER_BET: {**BETTING, **ENTRY},
    RUMMY: {"play": rummy.play, "pass": rummy.pass_turn, **ENTRY},
    COUNT: {**ENTRY, "state_count": entering.state_count},
    OVER: {},
}
_ACE = Param("ace", "text", choices=SUITS, description="the suit of the corner ace")
STATE_CARDS = ActionKind(
    STATE_COUNT.type,
    "at the end of the rummy hand, leave a hand nobody entered unshown at its number of cards, as stated (marked "
    "as stated)",
    (Param("points", "int", description="the number of cards the hand holds, as stated (the record's count)"),),
)
"""Royal Rummy's stated count: the chips paid at the end are per card held, so a count is a number of cards."""
_AMOUNT = (Param("amount", "int", description="whole chips"),)


def _to_bet(state: RoyalState) -> list[str]:
    turn = poker.to_act(state)
    return [turn] if turn else []


MOVERS: dict[str, Callable[[RoyalState], list[str]]] = {
    CUT: still_to_cut,
    ACE_BET: the_dealer,
    ACE_COVER: lambda state: state.covering[:1],
    DEAL: the_dealer,
    DUMMY: lambda state: unknown_players(state.hands, state.hands) if state.aces_due else the_dealer(state),
    AUCTION: lambda state: state.bidders[:1],
    POKER_PICK: lambda state: [p for p in poker.seats(state) if p not in state.poker.chosen],
    POKER_BET: _to_bet,
    RUMMY: lambda state: [state.rummy.turn] if state.rummy.turn else [],
    COUNT: entering.uncounted,
}
"""Who may act in each phase: in the dummy's, the players who must enter their hands for the ace bets to be judged,
before the dealer."""


class RoyalRummy(Variant):
    """Royal Rummy: a board of pay spaces, the dummy auction, optional ace bets, a poker hand and the stops hand."""

    name = "royal"
    title = "Royal Rummy"
    aliases = ("michigan", "tripoley", "poch", "calliente")
    min_players = 3
    max_players = 8
    option_specs = (
        OptionSpec("stack", 100, "the chips the banker hands each player at the start", minimum=1),
        OptionSpec("ante", 1, "what each player puts on every board space each deal", minimum=1),
        OptionSpec("aces", "high", "aces high or low in the rummy hand (in poker they are always high)",
                   ("high", "low")),
        OptionSpec("ace_betting", False, "the dealer may bet on a corner ace each deal", (False, True)),
        OptionSpec("poker", True, "play the poker hand before the rummy hand", (True, False)),
        OptionSpec("poker_wheel", True, "A-2-3-4-5 is the lowest straight (false: aces strictly high)",
                   (True, False)),
        OptionSpec("losers_pay", False, "losers also pay the first player out 1 unit per card held", (False, True)),
        OptionSpec("leftover", "banker", "chips left on the board at the end: banker keeps them, or split",
                   ("banker", "split")),
        OptionSpec(
            "board",
            TRIPOLEY,
            "the board layout: a list of spaces (default: the nine Tripoley spaces)",
            known=tuple(KnownValue(name, words, layout) for name, (words, layout) in LAYOUTS.items()),
        ),
    )
    problems = PROBLEMS
    state_types = (RoyalState, AceBet, Poker, Rummy, Zone, Ledger)
    phase_actions: ClassVar[Mapping[str, Mapping[str, Handler]]] = PHASE_ACTIONS
    hand_starters = frozenset({events.HandsDealt.TOPIC})
    hand_enders = frozenset(
        {events_play.WentOut.TOPIC, events_play.HandBlocked.TOPIC, events.GameEnded.TOPIC, MisdealDeclared.TOPIC}
    )
    night_parties = (BANKER,)
    counts_in_chips = True

    movers = MOVERS
    recorder_actions: ClassVar[Mapping[str, frozenset[str]]] = {COUNT: COUNT_KINDS}
    rule_modules = ("legacy", "words", "catalogue", "legal", "irregular", "night", "notation", "versions")

    table_rules: ClassVar[Mapping[str, Handler]] = {
        "end_game": settle.end_by_table,
        "bring_forward": forward.bring_forward,
    }
    """The table ending the game; the other actions of the table are its irregular module's (domain/rules/wiring.py)."""
    action_kinds: ClassVar[Mapping[str, ActionKind]] = by_type(
        ActionKind(
            "cut", "cut a card for the first deal (recorded: name it)", (Param("card", "card", False), SEEDS)
        ),
        ActionKind("ace_bet", "the dealer bets on a corner ace", (_ACE, *_AMOUNT)),
        ActionKind("no_ace_bet", "the dealer opens no ace bet this deal"),
        ActionKind("cover", "cover the dealer's ace bet with the same amount"),
        ActionKind("decline", "do not cover the dealer's ace bet"),
        ActionKind("deal", "deal the pack (recorded: every player's hand, the dummy being the rest; or no hand: "
                   "each player then enters his own)", (Param("hands", "card_map", False, secret=True), SEEDS)),
        ActionKind("swap", "the dealer takes the dummy; his own hand is dead"),
        ActionKind("keep", "the dealer keeps his hand and auctions the dummy"),
        ActionKind("bid", "bid for the dummy", _AMOUNT),
        ActionKind("pass", "pass: in the auction for good; in the rummy hand when not holding the next card"),
        ActionKind(
            "poker_hand", "choose the five cards of the poker hand", (Param("cards", "cards", secret=True),)
        ),
        ActionKind("check", "check: no bet yet"),
        ActionKind("bet", "open the betting", _AMOUNT),
        ActionKind("call", "meet the bet (all in when short)"),
        ActionKind("raise", "raise: amount is the player's new total bet in the round", _AMOUNT),
        ActionKind("fold", "fold the poker hand"),
        ActionKind("all_in", "bet, raise or call with every chip left"),
        ActionKind("play", "play the lead or the next card, and consecutive cards after it",
                   (Param("cards", "cards"),)),
        ActionKind(
            "end_game",
            "end the game now: bets go back, the board's chips are settled as the options say; it cannot be undone",
            (Param("confirm", "confirm", description="true: the table means to end the game"),),
            table=True,
        ),
        ENTER_HAND,
        STATE_CARDS,
        irregular_kinds.MISDEAL,
        irregular_kinds.EXPOSE_CARD,
        irregular_kinds.ABANDON,
        ActionKind(
            "bring_forward",
            "carry the game on from a paper sheet, before its first deal here: each player's stack, and the chips on "
            "each space of the board and on each corner ace, as stated (they add up to what the banker handed out)",
            (
                Param("stacks", "count_map", description="each player's chips, as the paper sheet has them"),
                Param("board", "count_map", False, description="the chips on each space of the board, by its id"),
                Param("aces", "count_map", False, description="the chips on each corner ace, by its suit"),
                irregular_kinds.CONFIRM,
            ),
            table=True,
        ),
    )

    def resolve_options(
        self, players: list[str], given: Mapping[str, Any], deal_mode: str = "recorded"
    ) -> dict[str, Any]:
        """The full option set; the board is checked as a layout and flags must be true or false."""
        specs = self.known_options(given)
        resolved: dict[str, Any] = {}
        for name, spec in specs.items():
            value = given.get(name, spec.default)
            if name == "board":
                resolved[name] = check_board(value)
            elif isinstance(spec.default, bool) and not isinstance(value, bool):
                raise SetupError(f"option {name} must be true or false", field=f"options.{name}")
            else:
                resolved[name] = spec.check(value)
        return resolved

    def check_setup(self, players: list[str], options: Mapping[str, Any]) -> None:
        """The starting stack must cover at least one deal's ante."""
        need = int(options["ante"]) * len(options["board"])
        if int(options["stack"]) < need:
            raise SetupError(f"a stack of {options['stack']} cannot pay one ante of {need}", field="options.stack")

    def new_state(self, players: list[str], options: Mapping[str, Any], deal_mode: str) -> RoyalState:
        """Everyone still to cut for the first deal."""
        return RoyalState(players=list(players), options=dict(options), deal_mode=deal_mode, cutters=list(players))

    def open(self, decision: Decision) -> None:
        """The banker hands every player the same stack."""
        state: RoyalState = decision.state
        for player in state.players:
            decision.record(
                AmountTransferred, source=BANK, destination=player_account(player), amount=int(state.options["stack"]),
                rule="royal.setup.stack", cause=decision.base_version,
            )

    def to_doc(self, state: RoyalState) -> dict[str, Any]:
        """The whole state, with stacks, board chips and the one to act.

        What the table sees: no hand, not even at the end of the rummy hand (a loser pays by the number of cards
        he holds, which every view sees), nor the dummy or the dead hand; a chosen poker hand is its player's
        until a showdown shows it (a lone survivor's stays unshown).
        """
        doc = state_doc(state)
        doc["poker"]["shown"] = poker.shown_hands(state)
        doc["poker"]["chosen"] = owned_cards_doc(state.poker.chosen, shown=doc["poker"]["shown"])
        doc["poker"]["pots"] = poker.pots_doc(state)
        doc["still_in"] = state.still_in()
        doc["stacks"] = {p: stack(state, p) for p in state.players}
        doc["board_chips"] = {a: state.ledger.balance(a) for a in board_accounts(state.options["board"])}
        doc["ante_total"] = ante_total(state)
        doc["to_move"] = self.to_move(state)
        return doc


register(RoyalRummy())
