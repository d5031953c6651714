"""Rule state as JSON-friendly documents, with secret zones marked for the visibility filter."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

from domain.zones import Zone


def to_doc(value: Any) -> Any:
    """Dataclasses, zones, lists and dicts as plain JSON data."""
    if isinstance(value, Zone):
        return {
            "cards": list(value.known),
            "unknown": value.hidden,
            "count": value.size,
            "secret": value.secret,
        }
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_doc(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, dict):
        return {str(k): to_doc(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_doc(v) for v in value]
    return value
