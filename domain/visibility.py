"""The one visibility filter: what a spectator at the table sees, what a seat sees, and the full record."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

NEVER_SHOWN = frozenset({"token_hash"})
SECRET_KEYS = frozenset({"seed"})


@dataclass(frozen=True)
class Viewer:
    """Which view a reader gets: `spectator` (what a person watching the table saw), `seat` (that plus the hands
    of `players`, usually one), or `full` (everything the record holds, shuffle seeds included).

    `ended_hands_in_full` is declared here; the filter does not honour it yet."""

    view: str
    players: frozenset[str] = frozenset()
    ended_hands_in_full: bool = False
    """Whether hands that have ended are shown in full (the arbiter; the recorder of a game recorded by seats)."""

    SPECTATOR: ClassVar[Viewer]
    FULL: ClassVar[Viewer]

    @classmethod
    def seat(cls, *players: str) -> Viewer:
        """The view of a seat: the public table plus these players' own cards."""
        return cls("seat", frozenset(players))

    @property
    def sees_everything(self) -> bool:
        """Whether nothing is masked: the full view."""
        return self.view == "full"


Viewer.SPECTATOR = Viewer("spectator")
Viewer.FULL = Viewer("full")


def view_doc(doc: Any, viewer: Viewer) -> Any:
    """A state or event document as the viewer may see it: secret zones and seeds masked for spectators."""
    if isinstance(doc, list):
        return [view_doc(item, viewer) for item in doc]
    if not isinstance(doc, dict):
        return doc
    if not viewer.sees_everything and doc.get("secret") is True:
        return {"count": doc.get("count"), "secret": True}
    shown: dict[str, Any] = {}
    for key, value in doc.items():
        if key in NEVER_SHOWN:
            continue
        if not viewer.sees_everything and key in SECRET_KEYS:
            shown[key] = None
            continue
        shown[key] = view_doc(value, viewer)
    return shown


def view_event(payload: dict[str, Any], secret_fields: tuple[str, ...], viewer: Viewer) -> dict[str, Any]:
    """An event's payload as the viewer may see it: the event's secret fields masked for spectators.

    A secret field is a name ("hands") or a dotted path into the payload ("action.card").
    """
    shown: dict[str, Any] = view_doc(payload, viewer)
    if not viewer.sees_everything:
        for path in secret_fields:
            _mask(shown, path.split("."))
    return shown


def _mask(doc: dict[str, Any], path: list[str]) -> None:
    head, rest = path[0], path[1:]
    if head not in doc:
        return
    if not rest:
        doc[head] = None
    elif isinstance(doc[head], dict):
        _mask(doc[head], rest)
