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


def register_state_types(transcoder: JSONTranscoder, types: set[type]) -> None:
    """Register one transcoding per state dataclass, named after its module and class."""
    for cls in sorted(types, key=lambda c: f"{c.__module__}.{c.__qualname__}"):
        transcoder.register(DataclassAsDict(cls, f"meldbook:{cls.__module__}.{cls.__qualname__}"))
