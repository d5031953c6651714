"""Transcodings that let snapshots store the variants' rule state (plain dataclasses)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from eventsourcing.persistence import JSONTranscoder, Transcoding


class DataclassAsDict(Transcoding):
    """Stores a dataclass as a dict of its fields; nested dataclasses are transcoded in turn."""

    def __init__(self, cls: type, name: str) -> None:
        self.type = cls
        self.name = name

    def encode(self, obj: Any) -> dict[str, Any]:
        """The dataclass's fields."""
        return {f.name: getattr(obj, f.name) for f in fields(obj)}

    def decode(self, data: dict[str, Any]) -> Any:
        """The dataclass rebuilt from its fields."""
        return self.type(**data)


def stored_name(cls: type) -> str:
    """The name a snapshot stores a state dataclass under: its module and class, or, for a class that has moved since
    snapshots began, the name it declares (`STORED_AS`, its module and class then). Stored names are schema: a
    snapshot written before a move must still be read after it."""
    return "meldbook:" + (getattr(cls, "STORED_AS", None) or f"{cls.__module__}.{cls.__qualname__}")


def register_state_types(transcoder: JSONTranscoder, types: set[type]) -> None:
    """Register one transcoding per state dataclass, under its stored name."""
    for cls in sorted(types, key=stored_name):
        transcoder.register(DataclassAsDict(cls, stored_name(cls)))
