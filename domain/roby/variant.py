"""Roby as a variant: its data (players, options, actions) and the wiring of its rules."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from domain.cards.zones import Zone
from domain.errors import SetupError
from domain.irregularities import kinds as irregular_kinds
from domain.irregularities.events import GameAbandoned, MisdealDeclared
from domain.money.ledger import AmountTransferred, Ledger, player_account
from domain.record.unknown import COUNT_KINDS, ENTER_HAND, STATE_COUNT
from domain.roby import dealing, entering, events, forward, irregular, play, results, settle
from domain.roby.problems import PROBLEMS
from domain.roby.rules import hands_shown
from domain.roby.state import COUNT, CUT, DEAL, DECIDE, IN, OVER, PLAY, RobyState, TableMeld
from domain.rules.actions import MELD_ID, SEEDS, ActionKind, Param, by_type
from domain.rules.docs import state_doc
from domain.rules.movers import still_to_cut, the_dealer, the_turn
from domain.rules.registry import register
from domain.rules.variant import Decision, Handler, OptionSpec, Variant

_SOURCE = Param("source", "text", choices=("stock", "discard"), description="the pile drawn from")
PHASE_ACTIONS: dict[str, dict[str, Handler]] = {
    CUT: {"cut": dealing.cut},
    DEAL: {"deal": dealing.deal, "hand_result": results.hand_result},
    PLAY: {
        "draw": play.draw,
        "meld": play.meld,
        "lay_off": play.lay_off,
        "discard": play.discard,
        "go_out": play.go_out,
        "enter_hand": entering.enter_hand,
    },
    COUNT: {"enter_hand": entering.enter_hand, "state_count": entering.state_count},
    DECIDE: {"reenlist": settle.reenlist, "leave": settle.leave},
    OVER: {},
}
MOVERS: dict[str, Callable[[RobyState], list[str]]] = {
    CUT: still_to_cut,
    DEAL: the_dealer,
    PLAY: the_turn,
    DECIDE: lambda state: state.deciding[:1],
    COUNT: settle.uncounted,
}
"""Who may act in each phase: the busted players decide in turn."""


class Roby(Variant):
    """Roby: ten cards each, melds of three, the 99 rule, busts at 100 and re-enlistment for a fee."""

    name = "roby"
    title = "Roby"
    min_players = 2
    max_players = 8
    option_specs = (
        OptionSpec("packs", 1, "52-card packs: 1 for 2-4 players, 2 for 5-8 (one pack is refused for 5+)", (1, 2)),
        OptionSpec("buy_in", 500, "what each player pays into the pot before the game, in minor units", minimum=0),
        OptionSpec(
            "per_roby",
            100,
            "what each opponent still in pays the winner of a hand, in minor units",
            minimum=0,
        ),
        OptionSpec(
            "reenlist_fee",
            "pot_share",
            "pot_share: the pot over the players staying in, rounded up; buy_in",
            ("pot_share", "buy_in"),
        ),
        OptionSpec(
            "max_reshuffles",
            3,
            "a hand is void when its stock runs out after this many rebuilds (0: no limit). Default by deal mode: "
            "0 in recorded games (the service never voids a real table's hand; the recorder calls a hand off with "
            "call_off), 3 in shuffled games",
            minimum=0,
            maximum=100,
            default_by_deal_mode=(("recorded", 0), ("shuffled", 3)),
        ),
        OptionSpec(
            "measure_99",
            "after_discard",
            "whether the 99 rule measures the hand after or before the discard",
            ("after_discard", "before_discard"),
        ),
        irregular.ABANDON_SETTLEMENT,
    )
    problems = PROBLEMS
    state_types = (RobyState, TableMeld, Zone, Ledger)
    phase_actions: ClassVar[Mapping[str, Mapping[str, Handler]]] = PHASE_ACTIONS
    hand_starters = frozenset({events.HandDealt.TOPIC, events.HandStated.TOPIC})
    hand_enders = frozenset(
        {events.WentOut.TOPIC, events.HandVoided.TOPIC, MisdealDeclared.TOPIC, GameAbandoned.TOPIC}
    )

    movers = MOVERS
    recorder_actions: ClassVar[Mapping[str, frozenset[str]]] = {COUNT: COUNT_KINDS}
    rule_modules = ("legacy", "words", "catalogue", "legal", "irregular", "night", "notation", "versions")

    action_kinds: ClassVar[Mapping[str, ActionKind]] = by_type(
        ActionKind("cut", "cut a card for the deal (recorded: name it)", (Param("card", "card", False), SEEDS)),
        ActionKind(
            "deal",
            "deal the hand (recorded: the upcard, and every hand or none: then each player enters his own)",
            (Param("hands", "card_map", False, secret=True), Param("upcard", "card", False), SEEDS),
        ),
        ActionKind(
            "hand_result",
            "record the hand by its result instead of its moves (recorded games): who went out, or nobody (called off),"
            " and what each other player still in was left holding: the count stated at the table, or the cards shown",
            (
                Param("went_out", "text", False, description="the player who went out (made Roby); none: called off"),
                Param("points", "count_map", False, description="each other player's count, as stated at the table"),
                Param("cards", "card_map", False, description="each other player's cards left, if shown"),
            ),
        ),
        ActionKind(
            "draw",
            "draw the top of the stock (recorded: name it; shuffled: the service names it) or of the discard pile",
            (_SOURCE, Param("card", "card", False, secret=True)),
        ),
        ActionKind("meld", "lay a group or a sequence of your own", (Param("cards", "cards"),)),
        ActionKind("lay_off", "add a card to a meld on the table", (Param("card", "card"), MELD_ID)),
        ActionKind(
            "discard", "discard a card, ending the turn (an empty stock is rebuilt)", (Param("card", "card"), SEEDS)
        ),
        ActionKind(
            "go_out",
            "table every card at once: melds, then lay-offs, then perhaps a last discard",
            (
                Param("melds", "melds", False),
                Param("lay_offs", "lay_offs", False),
                Param("discard", "card", False),
            ),
        ),
        ENTER_HAND,
        STATE_COUNT,
        ActionKind("reenlist", "re-enlist after busting, paying the fee"),
        ActionKind("leave", "leave the game after busting"),
        irregular_kinds.MISDEAL,
        irregular_kinds.EXPOSE_CARD,
        irregular_kinds.DRAW_OUT_OF_TURN,
        ActionKind(
            "call_off",
            "call off a hand that can no longer end (every meld closed off): it is void, nobody scores or pays, "
            "and the deal passes on; it cannot be undone",
            (irregular_kinds.CONFIRM,),
            table=True,
        ),
        irregular_kinds.ABANDON,
        ActionKind(
            "bring_forward",
            "carry the game on from a paper sheet, before its first hand here: each player's score (over 99: out of "
            "the game) and money so far, and the pot, as stated",
            (
                Param("scores", "count_map", description="each player's score, as the paper sheet has it"),
                Param("money", "count_map", description="each player's money balance so far (buy-in and fees paid: "
                      "below 0), in minor units"),
                Param("pot", "int", description="the pot, in minor units"),
                irregular_kinds.CONFIRM,
            ),
            table=True,
        ),
    )
    table_rules: ClassVar[Mapping[str, Handler]] = {"bring_forward": forward.bring_forward}

    def default_option(self, spec: OptionSpec, players: list[str], deal_mode: str = "recorded") -> Any:
        """Two packs by default from five players on; the others as declared."""
        if spec.name == "packs":
            return 2 if len(players) >= 5 else 1
        return super().default_option(spec, players, deal_mode)

    def check_setup(self, players: list[str], options: Mapping[str, Any]) -> None:
        """One pack cannot deal ten cards to five or more players and leave a stock."""
        if options["packs"] == 1 and len(players) >= 5:
            raise SetupError(
                "one pack cannot deal ten cards to five or more players: use packs 2", field="options.packs"
            )

    def new_state(self, players: list[str], options: Mapping[str, Any], deal_mode: str) -> RobyState:
        """Everyone still to cut; scores at 0; everyone in."""
        return RobyState(
            players=list(players),
            options=dict(options),
            deal_mode=deal_mode,
            cutters=list(players),
            scores={p: 0 for p in players},
            standing={p: IN for p in players},
            reenlistments={p: 0 for p in players},
        )

    def open(self, decision: Decision) -> None:
        """Every player pays the buy-in into the pot."""
        state: RobyState = decision.state
        amount = int(state.options["buy_in"])
        if amount:
            for player in state.players:
                decision.record(
                    AmountTransferred,
                    source=player_account(player),
                    destination=settle.POT,
                    amount=amount,
                    rule="roby.stakes.buy-in",
                    cause=decision.base_version,
                )

    def to_doc(self, state: RobyState) -> dict[str, Any]:
        """The whole state, with the pot and the players still in; each hand is its player's, shown by the rule."""
        doc = state_doc(state, shown=hands_shown(state))
        doc["pot"] = state.ledger.balance(settle.POT)
        doc["still_in"] = state.still_in()
        return doc


register(Roby())
