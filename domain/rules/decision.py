"""Decide, then evolve: the scratch state a command decides on, the events it records, and the chance it drew."""

from __future__ import annotations

import pickle
import secrets
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from domain.errors import InvalidActionError
from domain.events import GameEvent

_SCRATCH_ID = UUID(int=0)
_SCRATCH_TIME = datetime(2000, 1, 1, tzinfo=UTC)


class Chance:
    """The source of randomness for shuffled deals; every seed it gives is stored in an event."""

    def seed(self) -> int:
        """A fresh seed."""
        return secrets.randbits(63)


class NoChance(Chance):
    """Chance for re-execution: a stored action brings its seeds, so asking for a fresh one is an error."""

    def seed(self) -> int:
        """Refuse: the action should have brought the seeds it drew."""
        raise InvalidActionError("this action drew chance but stored no seeds to draw it again", field="seeds")


class ChanceLog(Chance):
    """The chance of one decision: the seeds an action brings are given back in order, else fresh ones are drawn;
    either way every seed given is kept, so the move stores what chance gave it."""

    def __init__(self, source: Chance, given: list[int] | None = None) -> None:
        self.source = source
        self.given = given
        self.used: list[int] = []

    def seed(self) -> int:
        """The next seed: the next one the action brought, or a fresh one when it brought none."""
        if self.given is None:
            value = self.source.seed()
        elif len(self.used) < len(self.given):
            value = self.given[len(self.used)]
        else:
            raise InvalidActionError(
                f"seeds holds {len(self.given)} seed(s), and this action needs more", field="seeds"
            )
        self.used.append(value)
        return value

    def check_all_used(self) -> None:
        """Refuse seeds the action brought but did not need."""
        if self.given is not None and len(self.used) != len(self.given):
            raise InvalidActionError(
                f"seeds holds {len(self.given)} seed(s), and this action needs {len(self.used)}", field="seeds"
            )


def pickled_state(state: Any) -> bytes:
    """The state pickled: unpickling it is a deep copy, several times faster than copy.deepcopy's walk."""
    return pickle.dumps(state, pickle.HIGHEST_PROTOCOL)


class Scratch:
    """Scratch copies of one state, for deciding many candidate actions from one position (the legal-actions
    listing): the state is pickled once, when a copy is first needed, and each copy unpickled from it.

    A rule changes the state it decides on only by recording events (`Decision.record`): a decision refused before
    it recorded any has left its copy as it was, and that copy serves the next decision rather than a new one
    (tests/unit/test_scratch_copies.py holds the rules of every variant to it)."""

    def __init__(self, state: Any) -> None:
        self._state = state
        self._pickled: bytes | None = None
        self._clean: Any = None

    def decision(self, version: int, chance: Chance) -> Decision:
        """A decision on a copy that no other decision is using."""
        state, self._clean = self._clean, None
        if state is None:
            self._pickled = self._pickled or pickled_state(self._state)
            state = pickle.loads(self._pickled)
        return Decision(state, version, chance, in_place=True)

    def refused(self, decision: Decision) -> None:
        """The rules refused this decision: its copy serves again if it recorded nothing."""
        if not decision.events:
            self._clean = decision.state


class Decision:
    """Decide, then evolve: rules run on a scratch copy of the state and collect the events to store.

    `in_place` decides on the state itself, not a copy: the events it records have evolved that state once the
    decision is made, and a refused decision leaves it part evolved, for its owner to throw away (Game.record)."""

    def __init__(
        self, state: Any, version: int, chance: Chance, seeds: list[int] | None = None, *, in_place: bool = False
    ) -> None:
        self.in_place = in_place
        self.state = state if in_place else pickle.loads(pickled_state(state))  # a deep copy
        self.base_version = version
        self.chance = ChanceLog(chance, seeds)
        self.events: list[tuple[type[GameEvent], dict[str, Any]]] = []
        self.filled: dict[str, Any] = {}

    @property
    def next_version(self) -> int:
        """The version the next recorded event will have: a cause that later events can name."""
        return self.base_version + len(self.events) + 1

    @property
    def last_version(self) -> int:
        """The version of the event recorded last."""
        return self.base_version + len(self.events)

    def record(self, event_class: type[GameEvent], **data: Any) -> dict[str, Any]:
        """Record one event: evolve the scratch state with it and keep it for the aggregate; return its data."""
        event = event_class(
            originator_id=_SCRATCH_ID, originator_version=self.next_version, timestamp=_SCRATCH_TIME, **data
        )
        event.evolve(self.state)
        self.events.append((event_class, data))
        return data

    def fill(self, name: str, value: Any) -> None:
        """Note a field of the action that the service filled in (the card a shuffled draw took)."""
        self.filled[name] = value

    def settle_on(self, aggregate: Any) -> None:
        """Keep the events of a decision made in place on the aggregate whose state it evolved: each only settles the
        aggregate's own fields, as eventsourcing's `mutate` would less the rule state, and waits to be saved."""
        if not self.in_place:
            raise RuntimeError("a decision made on a copy is applied through the aggregate's trigger_event")
        for event_class, data in self.events:
            event = event_class(
                originator_id=aggregate.id,
                originator_version=aggregate.version + 1,
                timestamp=event_class.create_timestamp(),
                **data,
            )
            event.settle(aggregate)
            aggregate.version, aggregate.modified_on = event.originator_version, event.timestamp
            aggregate.pending_events.append(event)
