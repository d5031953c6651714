"""Robins Rummy as a variant: its data (players, options, actions) and the wiring of its rules."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from domain.cards.card import JOKER
from domain.cards.zones import Zone
from domain.errors import SetupError
from domain.irregularities import kinds as irregular_kinds
from domain.irregularities.events import GameAbandoned, MisdealDeclared
from domain.record.unknown import COUNT_KINDS, ENTER_HAND, STATE_COUNT
from domain.robins import dealing, entering, events, forward, irregular, results, settle, table, turn
from domain.robins.melds import KINDS
from domain.robins.problems import PROBLEMS
from domain.robins.rules import deck, hands_shown
from domain.robins.state import COUNT, CUT, DEAL, OVER, PLAY, Claim, RobinsState, TableMeld
from domain.rules.actions import MELD_ID, SEEDS, ActionKind, Param, by_type
from domain.rules.docs import state_doc
from domain.rules.movers import the_dealer, the_turn
from domain.rules.registry import register
from domain.rules.variant import Decision, Handler, OptionSpec, Variant
from domain.text import normal_name

_DECLARE = Param("declare", "cards", False, description="the natural card each deuce stands for, in order")
_USE_MELD = Param("meld", "int", False, description="the id of the meld the card taken goes on")
_KIND = Param("kind", "text", False, KINDS, "the meld's kind when the cards could be read as more than one")

PHASE_ACTIONS: dict[str, dict[str, Handler]] = {
    CUT: {"cut": dealing.cut},
    DEAL: {"deal": dealing.deal, "hand_result": results.hand_result},
    PLAY: {
        "claim": lambda d, a: turn.claim(d, a.player, a.get("card"), a.get("meld"), a.get("declare")),
        "draw": lambda d, a: turn.draw(d, a.player, a.get("card")),
        "pick_up": lambda d, a: turn.pick_up(d, a.player, a.get("card"), dict(a.args)),
        "meld": lambda d, a: table.meld(d, a.player, a.get("cards"), a.get("declare", []), a.get("kind")),
        "lay_off": lambda d, a: table.lay_off(d, a.player, a.get("card"), a.get("meld"), a.get("declare")),
        "exchange": lambda d, a: table.exchange(d, a.player, a.get("meld"), a.get("card")),
        "discard": lambda d, a: turn.discard(d, a.player, a.get("card")),
        "enter_hand": entering.enter_hand,
    },
    COUNT: {"enter_hand": entering.enter_hand, "state_count": entering.state_count},
    OVER: {},
}
MOVERS: dict[str, Callable[[RobinsState], list[str]]] = {
    CUT: lambda state: [p for p in state.players if p not in state.cuts],
    DEAL: the_dealer,
    PLAY: the_turn,
    COUNT: settle.uncounted,
}
"""Who may act in each phase: both players cut, once each."""


class Robins(Variant):
    """Robins Rummy: two players, seven cards, jokers and deuces wild, Rummy claims, first to 505."""

    name = "robins"
    title = "Robins Rummy"
    aliases = ("robins-rummy",)
    jokers = JOKER in deck()
    min_players = 2
    max_players = 2
    option_specs = (
        OptionSpec("deuce_in_hand", 5, "what a deuce left in hand counts against its holder", (5, 20)),
        OptionSpec("first_dealer", None, "the first dealer, from a linked earlier game (its loser); else a cut"),
        irregular.ABANDON_SETTLEMENT,
    )
    problems = PROBLEMS
    state_types = (RobinsState, TableMeld, Claim, Zone)
    phase_actions: ClassVar[Mapping[str, Mapping[str, Handler]]] = PHASE_ACTIONS
    hand_starters = frozenset({events.HandDealt.TOPIC, events.HandStated.TOPIC})
    hand_enders = frozenset({events.HandEnded.TOPIC, MisdealDeclared.TOPIC, GameAbandoned.TOPIC})

    movers = MOVERS
    recorder_actions: ClassVar[Mapping[str, frozenset[str]]] = {COUNT: COUNT_KINDS}
    rule_modules = ("legacy", "words", "catalogue", "legal", "irregular", "night", "notation")

    action_kinds: ClassVar[Mapping[str, ActionKind]] = by_type(
        ActionKind(
            "cut", "cut a card for the first deal (recorded: name it)", (Param("card", "card", False), SEEDS)
        ),
        ActionKind(
            "deal", "deal the hand (recorded: the upcard, and both hands or none: then each player enters his own)",
            (Param("hands", "card_map", False, secret=True), Param("upcard", "card", False), SEEDS),
        ),
        ActionKind(
            "hand_result",
            "record the hand by its result instead of its moves (recorded games): who went out, or nobody (the stock"
            " ran out), each player's table points, and the hand points (or the cards left) of each player who held"
            " cards, with the Rummies each claimed",
            (
                Param("went_out", "text", False, description="the player who went out; none: the stock ran out"),
                Param("table", "count_map", description="each player's table points, as stated at the table"),
                Param("points", "count_map", False, description="each player's hand points, as stated at the table"),
                Param("cards", "card_map", False, description="each player's cards left, if shown"),
                Param("rummies", "count_map", False, description="the Rummies each player claimed this hand"),
            ),
        ),
        ActionKind(
            "claim", "claim a Rummy before drawing: pull the discard out and lay it off",
            (Param("card", "card"), MELD_ID, _DECLARE),
        ),
        ActionKind(
            "draw", "draw the top of the stock (recorded: name it; shuffled: the service names it)",
            (Param("card", "card", False, secret=True),),
        ),
        ActionKind(
            "pick_up", "take the top discard, or several down to a card used at once",
            (Param("card", "card"), Param("cards", "cards", False), _USE_MELD, _DECLARE, _KIND),
        ),
        ActionKind("meld", "lay a meld", (Param("cards", "cards"), _DECLARE, _KIND)),
        ActionKind("lay_off", "add a card to a meld that is not closed",
                   (Param("card", "card"), MELD_ID, _DECLARE)),
        ActionKind("exchange", "put the natural card a wild stands for in its place; take the wild",
                   (MELD_ID, Param("card", "card"))),
        ActionKind("discard", "discard a card (two in a turn with a pickup)", (Param("card", "card"),)),
        ENTER_HAND,
        STATE_COUNT,
        irregular_kinds.MISDEAL,
        irregular_kinds.EXPOSE_CARD,
        irregular_kinds.DRAW_OUT_OF_TURN,
        irregular_kinds.ABANDON,
        ActionKind(
            "bring_forward",
            "carry the game on from a paper sheet, before its first hand here: each player's running total as stated",
            (
                Param("scores", "count_map", description="each player's running total, as the paper sheet has it"),
                irregular_kinds.CONFIRM,
            ),
            table=True,
        ),
    )
    table_rules: ClassVar[Mapping[str, Handler]] = {"bring_forward": forward.bring_forward}

    def check_players(self, players: list[str]) -> None:
        """Robins Rummy is played by exactly two players."""
        if len(players) != 2:
            raise SetupError(f"{self.title} is played by exactly two players, not {len(players)}", field="players")

    def resolve_options(
        self, players: list[str], given: Mapping[str, Any], deal_mode: str = "recorded"
    ) -> dict[str, Any]:
        """The options checked, with `first_dealer` (a player's name, or none for a cut) checked apart."""
        rest = {k: v for k, v in given.items() if k != "first_dealer"}
        specs = self.known_options(rest, (s for s in self.option_specs if s.name != "first_dealer"))
        resolved = {name: spec.check(rest.get(name, spec.default)) for name, spec in specs.items()}
        first = given.get("first_dealer")
        first = normal_name(first) if isinstance(first, str) else first
        if first is not None and first not in players:
            raise SetupError("option first_dealer must name one of the players", field="options.first_dealer")
        return {**resolved, "first_dealer": first}

    def new_state(self, players: list[str], options: Mapping[str, Any], deal_mode: str) -> RobinsState:
        """Both players still to cut (unless a linked game names the dealer); scores at 0."""
        return RobinsState(list(players), dict(options), deal_mode, scores={p: 0 for p in players})

    def open(self, decision: Decision) -> None:
        """A dealer named from a linked earlier game deals first, without a cut."""
        dealing.open_game(decision)

    def to_doc(self, state: RobinsState) -> dict[str, Any]:
        """The whole state, with the discards still owed this turn; each hand is its player's, shown by the rule."""
        doc = state_doc(state, shown=hands_shown(state))
        doc["discards_owed"] = state.discards_owed - state.discarded if state.turn and state.drawn else 0
        return doc


register(Robins())
