"""The one visibility filter: what a spectator at the table sees, what a seat sees, and the full record.

A secret zone of a state document (`"secret": true`) names its `owner` when it is one player's (a hand, a chosen
poker hand): that player's seat sees its cards, every other view only its count. A zone without an owner (the
stock, the dummy, the dead hand) shows its cards to the full view alone. What the table sees once a hand has
ended is each variant's to say, in its own package: its state documents mark those zones as no longer secret.

An event names its secret fields as paths into its payload: `card`, `action.card`, or `hands.*` for a map of
each player's cards. A seat sees the entry of its own player in such a map, and a secret field beside a
`player` that is its own (the card it drew, the cards it chose); nobody but the full view sees a shuffle seed.

A viewer with `ended_hands_in_full` (the arbiter; the recorder of a game recorded by seats) sees a state or an
event of a hand that has ended as the full view does, seeds excepted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

NEVER_SHOWN = frozenset({"token_hash"})
SECRET_KEYS = frozenset({"seed", "seeds"})
"""Keys that only the full view sees, at any depth: the shuffle seeds."""
EACH_PLAYER = "*"
"""The path segment of a secret field that maps each player to his own cards (`hands.*`)."""


@dataclass(frozen=True)
class Viewer:
    """Which view a reader gets: `spectator` (what a person watching the table saw), `seat` (that plus the cards
    of `players`, usually one), or `full` (everything the record holds, shuffle seeds included).

    `ended_hands_in_full` shows states and events of hands that have ended as the full view does, seeds excepted.
    """

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

    def owns(self, player: object) -> bool:
        """Whether this view sees the secrets of that player: a seat's own players."""
        return self.view == "seat" and player in self.players

    def in_full(self, ended: bool) -> bool:
        """Whether this view sees a state or event as the full view does (seeds apart): `ended` says that its
        hand has ended."""
        return self.sees_everything or (ended and self.ended_hands_in_full)


Viewer.SPECTATOR = Viewer("spectator")
Viewer.FULL = Viewer("full")


def view_doc(doc: Any, viewer: Viewer, ended: bool = False) -> Any:
    """A state or event document as the viewer may see it: others' secret zones masked to counts, no seeds.

    `ended` says that the document belongs to a hand that has ended (see `Viewer.ended_hands_in_full`).
    """
    if isinstance(doc, list):
        return [view_doc(item, viewer, ended) for item in doc]
    if not isinstance(doc, dict):
        return doc
    if doc.get("secret") is True and not viewer.in_full(ended) and not viewer.owns(doc.get("owner")):
        return {"count": doc.get("count"), "secret": True}
    shown: dict[str, Any] = {}
    for key, value in doc.items():
        if key in NEVER_SHOWN:
            continue
        if key in SECRET_KEYS and not viewer.sees_everything:
            shown[key] = None
            continue
        shown[key] = view_doc(value, viewer, ended)
    return shown


def view_event(
    payload: dict[str, Any], secret_fields: tuple[str, ...], viewer: Viewer, ended: bool = False
) -> dict[str, Any]:
    """An event's payload as the viewer may see it: the secret fields that are not the viewer's own masked.

    A secret field is a name ("hands"), a dotted path into the payload ("action.card"), or a map of each
    player's cards ("hands.*": a seat gets its own entries and null for the others; a view owning none gets null).
    `ended` says that the event belongs to a hand that has ended.
    """
    shown: dict[str, Any] = view_doc(payload, viewer, ended)
    if not viewer.in_full(ended):
        for path in secret_fields:
            _mask(shown, path.split("."), viewer)
    return shown


def _mask(doc: dict[str, Any], path: list[str], viewer: Viewer) -> None:
    head, rest = path[0], path[1:]
    if head not in doc:
        return
    if rest == [EACH_PLAYER]:
        entries = doc[head]
        if isinstance(entries, Mapping) and any(viewer.owns(p) for p in entries):
            doc[head] = {p: cards if viewer.owns(p) else None for p, cards in entries.items()}
        else:
            doc[head] = None
    elif not rest:
        if not viewer.owns(doc.get("player")):
            doc[head] = None
    elif isinstance(doc[head], dict):
        _mask(doc[head], rest, viewer)
