"""The contract every variant keeps: options, action kinds, decide, legal actions and views."""

from __future__ import annotations

import pickle
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, ClassVar
from uuid import UUID

from domain.actions import Action, ActionKind, parse_action
from domain.errors import IllegalMoveError, MeldbookError, SetupError
from domain.events import GameEvent
from domain.problems import Problem

DEAL_MODES = ("recorded", "shuffled")
_SCRATCH_ID = UUID(int=0)
_SCRATCH_TIME = datetime(2000, 1, 1, tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One house-rule option: its name, default, and either its choices or its whole-number range."""

    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

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


class Chance:
    """The source of randomness for shuffled deals; every seed it gives is stored in an event."""

    def seed(self) -> int:
        """A fresh seed."""
        return secrets.randbits(63)


class Decision:
    """Decide, then evolve: rules run on a scratch copy of the state and collect the events to store."""

    def __init__(self, state: Any, version: int, chance: Chance) -> None:
        self.state = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))  # a deep copy, several times faster
        self.base_version = version
        self.chance = chance
        self.events: list[tuple[type[GameEvent], dict[str, Any]]] = []

    @property
    def next_version(self) -> int:
        """The version the next recorded event will have: a cause that later events can name."""
        return self.base_version + len(self.events) + 1

    @property
    def last_version(self) -> int:
        """The version of the event recorded last."""
        return self.base_version + len(self.events)

    def record(self, event_class: type[GameEvent], **data: Any) -> None:
        """Record one event: evolve the scratch state with it and keep it for the aggregate."""
        event = event_class(
            originator_id=_SCRATCH_ID, originator_version=self.next_version, timestamp=_SCRATCH_TIME, **data
        )
        event.evolve(self.state)
        self.events.append((event_class, data))


Handler = Callable[[Decision, Action], None]
"""A rule that decides one kind of action: it validates and records events, or raises a MeldbookError."""


class Variant(ABC):
    """A rummy variant: its data (name, players, options, actions) and its pure rules."""

    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    option_specs: ClassVar[tuple[OptionSpec, ...]]
    action_kinds: ClassVar[Mapping[str, ActionKind]]
    state_types: ClassVar[tuple[type, ...]]
    """Every dataclass that appears in the variant's rule state, so snapshots can store it."""
    phase_actions: ClassVar[Mapping[str, Mapping[str, Handler]]]
    """For each phase of the game, the rule deciding each kind of action open in it."""
    problems: ClassVar[tuple[Problem, ...]] = ()
    """The variant's rule codes: what each refusal by its rules names (domain/<variant>/problems.py)."""

    def resolve_options(self, players: list[str], given: Mapping[str, Any]) -> dict[str, Any]:
        """The game's full option set: given values checked, the rest at their defaults."""
        specs = {spec.name: spec for spec in self.option_specs}
        for name in given:
            if name not in specs:
                raise SetupError(f"{self.title} has no option '{name}'", field=f"options.{name}")
        return {
            name: spec.check(given.get(name, self.default_option(spec, players)))
            for name, spec in specs.items()
        }

    def default_option(self, spec: OptionSpec, players: list[str]) -> Any:
        """The default of an option; variants override this where it depends on the players."""
        return spec.default

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

    def open(self, decision: Decision) -> None:
        """Events stored with the creation of the game (buy-ins, stacks); none by default."""

    def decide(self, decision: Decision, action: Action) -> None:
        """Dispatch the action to the rule for the game's phase, or refuse it as not open now."""
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

    @abstractmethod
    def legal_actions(self, state: Any, version: int) -> list[dict[str, Any]]:
        """Every kind of action open now, with concrete bodies or a template (the legal-actions contract)."""

    @abstractmethod
    def to_doc(self, state: Any) -> dict[str, Any]:
        """The full state as JSON-friendly data; secret zones are marked for the visibility filter."""

    @abstractmethod
    def to_move(self, state: Any) -> list[str]:
        """The players who may act now (empty when the game is over)."""

    @abstractmethod
    def is_over(self, state: Any) -> bool:
        """True once the game has ended."""

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
                }
                for spec in self.option_specs
            ],
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
                        }
                        for p in kind.params
                    ],
                }
                for kind in self.action_kinds.values()
            ],
        }


def with_version(body: dict[str, Any], version: int) -> dict[str, Any]:
    """An action body as the API accepts it, carrying the version it was listed at."""
    return {**body, "expected_version": version}


def legal_bodies(
    variant: Variant, state: Any, version: int, bodies: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The candidate bodies the rules accept: each is decided on a scratch copy, so legality is defined once."""
    accepted = []
    for body in bodies:
        try:
            variant.decide(Decision(state, version, Chance()), parse_action(variant.action_kinds, body))
        except MeldbookError:
            continue
        accepted.append(with_version(body, version))
    return accepted
