"""The base of every stored game event: a past-tense fact whose body only assigns state."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, ClassVar

from eventsourcing.domain import AggregateEvent
from eventsourcing.utils import register_topic

_METADATA = frozenset({"originator_id", "originator_version", "timestamp"})


class GameEvent(AggregateEvent):
    """A fact about one game. Subclasses set a stable `TOPIC` and say how the fact evolves the state."""

    TOPIC: ClassVar[str] = ""
    SECRET_FIELDS: ClassVar[tuple[str, ...]] = ()
    """Fields a spectator at the table does not see (hands, drawn stock cards, shuffle seeds), as paths into the
    payload: a seat sees the one beside a `player` that is its own, and its own entry of a map such as `hands.*`."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "TOPIC" in cls.__dict__:
            register_topic(cls.TOPIC, cls)

    def apply(self, aggregate: Any) -> None:
        """Evolve the aggregate: its own fields, then its rule state; never validates, never raises on a stored fact."""
        self.settle(aggregate)
        self.evolve(aggregate.state)

    def settle(self, aggregate: Any) -> None:
        """What the fact changes on the aggregate beside its rule state (a decision made on the game's own state has
        evolved that already: Game.record)."""
        if aggregate.moves == 0 and self.event_name() in aggregate.rules.legacy_openers:
            aggregate.moves = None  # a move stored before moves carried an envelope: the record is read to number it
            aggregate.counted = None  # nor can its moves be recorded again, so it is never corrected
            aggregate.hand_moves = aggregate.amendable = None

    def evolve(self, state: Any) -> None:
        """Assign the fact's consequences to the rule state."""

    @property
    def payload(self) -> dict[str, Any]:
        """The fact's own fields, without the store's metadata."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name not in _METADATA}

    @classmethod
    def event_name(cls) -> str:
        """The event's short name, e.g. 'CardDiscarded'."""
        return cls.TOPIC.rsplit(".", 1)[-1]
