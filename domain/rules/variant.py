"""The contract every variant keeps: options, action kinds, decide, legal actions and views."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from domain.errors import IllegalMoveError, MeldbookError, Problem, SetupError
from domain.events import GameEvent
from domain.money.movements import Conservation, Readings
from domain.rules.actions import Action, ActionKind, parse_action
from domain.rules.decision import Chance as Chance  # re-exported: variants and callers import them from here
from domain.rules.decision import Decision as Decision
from domain.rules.decision import NoChance as NoChance
from domain.rules.decision import Scratch
from domain.rules.rule import Rule
from domain.rules.table_events import OVER
from domain.rules.versions import FIRST, RulesVersion
from domain.rules.wiring import wire
from domain.rules.words import Phrase

DEAL_MODES = ("recorded", "shuffled")


@dataclass(frozen=True)
class KnownValue:
    """A value of an option known by name: a layout a table may pick rather than write out."""

    name: str
    description: str
    value: Any


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One house-rule option: its name, default, and either its choices or its whole-number range."""

    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    default_by_deal_mode: tuple[tuple[str, Any], ...] = ()
    """Where the default depends on the deal mode: each mode with its default (`default` serves the modes not named)."""
    known: tuple[KnownValue, ...] = ()
    """Values known by name (a board layout), for a page to offer; any other value the option's check allows stands."""

    def check(self, value: Any) -> Any:
        """The value, if it is allowed for this option; otherwise a SetupError naming the option."""
        if self.choices:
            if value not in self.choices:
                allowed = ", ".join(str(c) for c in self.choices)
                raise SetupError(
                    f"option {self.name} must be one of: {allowed}", field=f"options.{self.name}"
                )
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise SetupError(f"option {self.name} must be a whole number", field=f"options.{self.name}")
        low = self.minimum if self.minimum is not None else 0
        high = self.maximum if self.maximum is not None else 10**9
        if not low <= value <= high:
            raise SetupError(
                f"option {self.name} must be between {low} and {high}", field=f"options.{self.name}"
            )
        return value


Handler = Callable[[Decision, Action], None]
"""A rule that decides one kind of action: it validates and records events, or raises a MeldbookError."""


class Variant(ABC):
    """A rummy variant: its data (name, players, options, actions) and its pure rules."""

    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    jokers: ClassVar[bool] = False
    """Whether the variant's pack holds jokers (a page offers JK only then)."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    option_specs: ClassVar[tuple[OptionSpec, ...]]
    action_kinds: ClassVar[Mapping[str, ActionKind]]
    state_types: ClassVar[tuple[type, ...]]
    """Every dataclass that appears in the variant's rule state, so snapshots can store it."""
    phase_actions: ClassVar[Mapping[str, Mapping[str, Handler]]]
    """For each phase of the game, the rule deciding each kind of action open in it."""
    table_rules: ClassVar[Mapping[str, Handler]] = {}
    """The rule deciding each action of the table (kinds declared with `table=True`), whatever the phase: by default
    the function of the kind's name in the variant's irregular module (domain/rules/wiring.py)."""
    legacy_openers: ClassVar[frozenset[str]] = frozenset()
    """Event types that may open a move in a record stored before moves carried an envelope."""
    problems: ClassVar[tuple[Problem, ...]] = ()
    """The variant's rule codes: what each refusal by its rules names (domain/<variant>/problems.py)."""
    hand_starters: ClassVar[frozenset[str]] = frozenset()
    """Topics of the events that start a hand (its deal): a record's hands run from one to the next."""
    hand_enders: ClassVar[frozenset[str]] = frozenset()
    """Topics of the events that end a hand: from one on, the hand's record may be shown in full to those allowed."""
    phrases: ClassVar[Mapping[str, Phrase]] = {}
    """Each action kind in words, for replays (domain/<variant>/words.py); other kinds read by the fallback."""
    rule_table: ClassVar[tuple[Rule, ...]] = ()
    """The variant's rule table (domain/<variant>/catalogue.py): every rule it applies, with its sentence and source."""
    list_legal: ClassVar[Callable[[Any, Any, int], list[dict[str, Any]]]]
    """How the variant lists the legal actions (the variant, its state, the version): domain/<variant>/legal.py."""
    opens_move: ClassVar[Callable[[Any, Sequence[GameEvent], int], bool] | None] = None
    """Which stored event opened a move in a record stored before moves carried an envelope, where its type alone
    does not say (domain/<variant>/legacy.py); none: `legacy_openers` says."""
    examples_of_the_table: ClassVar[Callable[[Any, str], list[dict[str, Any]]] | None] = None
    """Example bodies of the table's actions that need a player and a card (domain/<variant>/irregular.py)."""
    ledger_readings: ClassVar[Readings] = {}
    """The movements of money, chips or points each of its stored events made, by topic (the settlement's)."""
    conservation: ClassVar[tuple[Conservation, ...]] = ()
    """The conservation laws of its units, checked by the settlement at every event."""

    night_parties: ClassVar[tuple[str, ...]] = ()
    """The parties a game of the variant brings to a night's sheet beside its players (Royal Rummy's banker)."""
    counts_in_chips: ClassVar[bool] = False
    """Whether its games count in chips, which a night turns into money at its chip value (so it needs one)."""

    count_for_night: ClassVar[Callable[[Any, tuple[str, ...], Any], dict[str, Any]] | None] = None
    """How a night counts a game of the variant (domain/<variant>/night.py `night_lines`); none: it is not counted."""
    notation_fields: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """The fields each action kind writes in place in the notation, in order (domain/<variant>/notation.py
    `POSITIONAL`); a kind not named writes every field by name."""
    notation_transfers: ClassVar[str] = ""
    """What the variant's transfers count in the notation: money or chips (domain/<variant>/notation.py)."""

    movers: ClassVar[Mapping[str, Callable[[Any], list[str]]]] = {}
    """Who may act in each phase of the game (domain/rules/movers.py holds those variants share); nobody in a phase
    not named."""
    recorder_actions: ClassVar[Mapping[str, frozenset[str]]] = {}
    """The kinds of a player's action the recorder may also record, by phase, in a game recorded by seats (at the end
    of a hand, entering a hand nobody entered or stating its count); none by default."""

    rules_versions: ClassVar[tuple[RulesVersion, ...]] = (FIRST,)
    """The versions of the variant's rules, oldest first, each with what it changed (domain/<variant>/versions.py
    `VERSIONS`): a new game follows the newest; a game follows the one it was created (or carried on) under."""

    rule_modules: ClassVar[tuple[str, ...]] = ()
    """The names of the variant's rule modules in its own package (its legacy, words, catalogue, legal, irregular,
    night and notation modules): each supplies the attributes domain/rules/wiring.py says it does, so a variant does
    not forward them one by one."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        wire(cls, cls.__dict__.get("rule_modules", ()))

    @property
    def newest_rules(self) -> int:
        """The number of the newest version of the variant's rules: the one a new game follows."""
        return self.rules_versions[-1].number

    def night_lines(self, settlement: Any, players: tuple[str, ...], money: Any) -> dict[str, Any]:
        """How a night counts a game of the variant: each party's NightLine (domain/nights/lines.py) from the game's
        settlement and the night's Money, by the variant's `count_for_night`."""
        count = type(self).count_for_night
        if count is None:
            raise NotImplementedError(f"{self.title} games are not counted by nights")
        return count(settlement, players, money)

    def resolve_options(
        self, players: list[str], given: Mapping[str, Any], deal_mode: str = "recorded"
    ) -> dict[str, Any]:
        """The game's full option set: given values checked, the rest at their defaults (for this deal mode)."""
        specs = self.known_options(given)
        return {
            name: spec.check(given.get(name, self.default_option(spec, players, deal_mode)))
            for name, spec in specs.items()
        }

    def known_options(
        self, given: Iterable[str], specs: Iterable[OptionSpec] | None = None
    ) -> dict[str, OptionSpec]:
        """The variant's option specs by name (or those named by `specs`), once every option given is one of them:
        an option it does not have is refused, named."""
        known = {spec.name: spec for spec in (self.option_specs if specs is None else specs)}
        for name in given:
            if name not in known:
                raise SetupError(f"{self.title} has no option '{name}'", field=f"options.{name}")
        return known

    def default_option(self, spec: OptionSpec, players: list[str], deal_mode: str = "recorded") -> Any:
        """The default of an option: by the deal mode where the option says so; variants override this where it
        depends on the players."""
        return dict(spec.default_by_deal_mode).get(deal_mode, spec.default)

    def check_players(self, players: list[str]) -> None:
        """Refuse a seating the variant cannot be played with."""
        if not self.min_players <= len(players) <= self.max_players:
            raise SetupError(
                f"{self.title} is played by {self.min_players} to {self.max_players} players, not {len(players)}",
                field="players",
            )

    def check_setup(self, players: list[str], options: Mapping[str, Any]) -> None:
        """Refuse option combinations that cannot be played; variants override this."""

    @abstractmethod
    def new_state(self, players: list[str], options: Mapping[str, Any], deal_mode: str) -> Any:
        """The rule state of a game that has just been created."""

    def fresh_state(self, players: list[str], options: Mapping[str, Any], deal_mode: str, rules_version: int) -> Any:
        """The rule state of a game just created under that version of the variant's rules."""
        state = self.new_state(players, options, deal_mode)
        state.rules_version = rules_version
        return state

    def open(self, decision: Decision) -> None:
        """Events stored with the creation of the game (buy-ins, stacks); none by default."""

    def legacy_opens(self, state: Any, events: Sequence[GameEvent], index: int) -> bool:
        """Whether `events[index]` opened a move, in a record stored before moves carried an envelope.

        `state` is the rule state before that event. An event opens a move when its type is one of `legacy_openers`,
        unless the variant names its own test (`opens_move`), where one type both opens moves and follows within them.
        """
        opens = type(self).opens_move
        return opens(state, events, index) if opens else events[index].event_name() in self.legacy_openers

    def decide(self, decision: Decision, action: Action) -> None:
        """Dispatch the action to its rule: a table action's whatever the phase, else the rule for the game's phase."""
        table_rule = self.table_rules.get(action.type)
        if table_rule is not None:
            table_rule(decision, action)
            return
        state = decision.state
        if action.player not in state.players:
            raise IllegalMoveError(f"{action.player} is not a player in this game", code="unknown-player")
        rules = self.phase_actions[state.phase]
        handler = rules.get(action.type)
        if handler is None:
            allowed = ", ".join(rules) or "nothing (the game is over)"
            raise IllegalMoveError(
                f"a {action.type} action is not open now: the game is at the {state.phase} stage, where "
                f"the actions are {allowed}",
                code="wrong-phase",
            )
        handler(decision, action)

    def legal_actions(self, state: Any, version: int) -> list[dict[str, Any]]:
        """Every kind of action open now, with concrete bodies or a template (the legal-actions contract), built by
        the variant's `list_legal` from the same rules that validate moves."""
        return type(self).list_legal(self, state, version)

    def table_examples(self, state: Any, kind: str) -> list[dict[str, Any]]:
        """Example bodies of an action of the table that needs facts only the table knows (a player, a card), for
        its template in the table's actions: the variant's `examples_of_the_table` decide which; none by default."""
        examples = type(self).examples_of_the_table
        return examples(state, kind) if examples else []

    @abstractmethod
    def to_doc(self, state: Any) -> dict[str, Any]:
        """The full state as JSON-friendly data; secret zones are marked for the visibility filter."""

    def to_move(self, state: Any) -> list[str]:
        """The players who may act now (empty when the game is over): as the variant's `movers` say for the game's
        phase."""
        mover = self.movers.get(state.phase)
        return mover(state) if mover else []

    def recorder_too(self, state: Any, action_type: str) -> bool:
        """Whether the recorder may also record this kind of a player's action now, in a game recorded by seats (a
        hand nobody entered, at the end of the hand): as the variant's `recorder_actions` say for the game's phase."""
        return action_type in self.recorder_actions.get(state.phase, ())

    def is_over(self, state: Any) -> bool:
        """True once the game has ended: its phase is the one every variant ends in."""
        return bool(state.phase == OVER)

    def describe(self) -> dict[str, Any]:
        """The variant as `GET /variants` lists it."""
        return {
            "name": self.name,
            "title": self.title,
            "aliases": list(self.aliases),
            "players": {"min": self.min_players, "max": self.max_players},
            "options": [
                {
                    "name": spec.name,
                    "default": spec.default,
                    "description": spec.description,
                    **({"choices": list(spec.choices)} if spec.choices else {}),
                    **({"minimum": spec.minimum} if spec.minimum is not None else {}),
                    **({"maximum": spec.maximum} if spec.maximum is not None else {}),
                    **({"default_by_deal_mode": dict(spec.default_by_deal_mode)} if spec.default_by_deal_mode else {}),
                    **({"known": [{"name": k.name, "description": k.description, "value": k.value} for k in spec.known]}
                       if spec.known else {}),
                }
                for spec in self.option_specs
            ],
            "jokers": self.jokers,
            "deal_modes": list(DEAL_MODES),
            "actions": [
                {
                    "type": kind.type,
                    "summary": kind.summary,
                    "fields": [
                        {
                            "name": p.name,
                            "kind": p.kind,
                            "required": p.required,
                            **({"choices": list(p.choices)} if p.choices else {}),
                            **({"secret": True} if p.secret else {}),
                        }
                        for p in kind.params
                    ],
                    **({"table_action": True} if kind.table else {}),
                }
                for kind in self.action_kinds.values()
            ],
            "rules_version": self.newest_rules,
            "rules_versions": [version.doc() for version in self.rules_versions],
        }


def with_version(body: dict[str, Any], version: int) -> dict[str, Any]:
    """An action body as the API accepts it, carrying the version it was listed at."""
    return {**body, "expected_version": version}


def legal_bodies(
    variant: Variant, state: Any, version: int, bodies: list[dict[str, Any]], scratch: Scratch | None = None
) -> list[dict[str, Any]]:
    """The candidate bodies the rules accept: each is decided on a scratch copy of the state, so legality is defined
    once; one `Scratch` may serve every candidate of a listing (the state pickled once, a copy a refusal left
    untouched decided on again)."""
    accepted = []
    scratch = scratch or Scratch(state)
    for body in bodies:
        try:
            action = parse_action(variant.action_kinds, body)
        except MeldbookError:
            continue
        decision = scratch.decision(version, Chance())
        try:
            variant.decide(decision, action)
        except MeldbookError:
            scratch.refused(decision)
            continue
        accepted.append(with_version(body, version))
    return accepted
