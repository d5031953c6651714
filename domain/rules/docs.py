"""Rule state as JSON-friendly documents, with secret zones marked (and owned) for the visibility filter."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields, is_dataclass
from typing import Any

from domain.cards.zones import Zone

_PLAIN = frozenset({str, int, float, bool, type(None)})
"""The types a document holds as they are (most of an event's fields): found by one look-up, before any other check."""


def to_doc(value: Any) -> Any:
    """Dataclasses, zones, lists and dicts as plain JSON data."""
    if type(value) in _PLAIN:
        return value
    if isinstance(value, Zone):
        return zone_doc(value)
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_doc(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, dict):
        return {str(k): to_doc(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_doc(v) for v in value]
    return value


def zone_doc(zone: Zone, owner: str | None = None, shown: bool = False) -> dict[str, Any]:
    """A zone: its named cards, how many are unknown, its size, whether it is secret, and whose it is.

    A secret zone with an `owner` is one player's (his hand): his seat sees it. `shown` says the table has seen
    it (a hand laid down for scoring, by the variant's rule), so it is no longer secret.
    """
    doc: dict[str, Any] = {
        "cards": list(zone.known),
        "unknown": zone.hidden,
        "count": zone.size,
        "secret": zone.secret and not shown,
    }
    if owner is not None:
        doc["owner"] = owner
    return doc


def hands_doc(hands: Mapping[str, Zone], shown: bool = False) -> dict[str, dict[str, Any]]:
    """Each player's hand, owned by him; `shown` when the variant's rule says the table has seen them."""
    return {player: zone_doc(zone, player, shown) for player, zone in hands.items()}


def state_doc(state: Any, shown: bool = False) -> dict[str, Any]:
    """A variant's rule state as a document: each hand its player's (`shown` when the variant's rule says the table
    has seen them), and without the checks waiting for a hand (they hold its cards; their findings are shown)."""
    doc: dict[str, Any] = to_doc(state)
    doc["hands"] = hands_doc(state.hands, shown=shown)
    del doc["pending"]
    return doc


def owned_cards_doc(cards: Mapping[str, Sequence[str]], shown: Sequence[str] = ()) -> dict[str, dict[str, Any]]:
    """Each player's secret cards (a chosen poker hand) as an owned zone; those of `shown` players are public."""
    return {p: zone_doc(Zone(list(c), secret=True), p, p in shown) for p, c in cards.items()}
