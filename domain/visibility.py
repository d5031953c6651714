"""The one visibility filter: what a spectator at the table sees, and what the recorder sees."""

from __future__ import annotations

from enum import Enum
from typing import Any

NEVER_SHOWN = frozenset({"token_hash"})
SECRET_KEYS = frozenset({"seed"})


class Viewer(Enum):
    """Who reads: a spectator at the table, or the recorder holding the game's token."""

    SPECTATOR = "spectator"
    RECORDER = "recorder"


def view_doc(doc: Any, viewer: Viewer) -> Any:
    """A state or event document as the viewer may see it: secret zones and seeds masked for spectators."""
    if isinstance(doc, list):
        return [view_doc(item, viewer) for item in doc]
    if not isinstance(doc, dict):
        return doc
    if viewer is Viewer.SPECTATOR and doc.get("secret") is True:
        return {"count": doc.get("count"), "secret": True}
    shown: dict[str, Any] = {}
    for key, value in doc.items():
        if key in NEVER_SHOWN:
            continue
        if viewer is Viewer.SPECTATOR and key in SECRET_KEYS:
            shown[key] = None
            continue
        shown[key] = view_doc(value, viewer)
    return shown


def view_event(payload: dict[str, Any], secret_fields: tuple[str, ...], viewer: Viewer) -> dict[str, Any]:
    """An event's payload as the viewer may see it: the event's secret fields masked for spectators.

    A secret field is a name ("hands") or a dotted path into the payload ("action.card").
    """
    shown: dict[str, Any] = view_doc(payload, viewer)
    if viewer is Viewer.SPECTATOR:
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
