"""An independent oracle of what each view may see, written from the rules rather than from the filter.

From the full record (every event as the full view gets it, and the full state at a version) it says, for each
place that holds cards (a zone of the state, a field of an event), how many of its cards a view sees: all of
them, or none. It reads neither the product's secret fields nor the `secret`/`owner` marks of its documents: its
tables below say which places are private and whose, and its own reading of the events says when a hand was
shown to the table and when a hand has ended. Cards are counted per place, never matched by code: with two packs
the same code can be public in one place and hidden in another.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from domain.access.visibility import Viewer
from domain.cards.card import InvalidCardError, canonical

# Private places of a state, by variant: a pattern over the place's path, and whose cards they are ("hand": the
# player named in the path; "poker": his chosen poker hand; "nobody": no seat's).
STATE_PLACES: dict[str, list[tuple[str, str]]] = {
    "roby": [(r"\.hands\.(?P<owner>[^.]+)\.cards", "hand"), (r"\.stock\.cards", "nobody")],
    "robins": [(r"\.hands\.(?P<owner>[^.]+)\.cards", "hand"), (r"\.stock\.cards", "nobody")],
    "royal": [
        (r"\.hands\.(?P<owner>[^.]+)\.cards", "hand"),
        (r"\.poker\.chosen\.(?P<owner>[^.]+)\.cards", "poker"),
        (r"\.dummy\.cards", "nobody"),
        (r"\.dead\.cards", "nobody"),
    ],
}
# Private fields of events and of the actions envelopes carry: "each" (a map of each player's cards), "player"
# (the cards of the player the event or action names), "nobody".
EVENT_FIELDS: dict[str, dict[str, str]] = {
    "HandDealt": {"hands": "each", "stock": "nobody"},
    "HandsDealt": {"hands": "each", "dummy": "nobody"},
    "StockCardDrawn": {"card": "player"},
    "StockReshuffled": {"order": "nobody"},
    "CardDrawnOutOfTurn": {"order": "nobody"},
    "DummyTaken": {"cards": "player"},
    "PokerHandChosen": {"cards": "player"},
    "HandEntered": {"cards": "player"},
    "CheckDeferred": {"hand": "player"},
}
ACTION_FIELDS: dict[str, dict[str, str]] = {
    "draw": {"card": "player"},
    "deal": {"hands": "each"},
    "poker_hand": {"cards": "player"},
    "enter_hand": {"cards": "player"},
}
DEALS = frozenset({"HandDealt", "HandsDealt"})
HAND_ENDS = {
    "roby": frozenset({"WentOut", "HandVoided", "MisdealDeclared", "GameAbandoned"}),
    "robins": frozenset({"HandEnded", "MisdealDeclared", "GameAbandoned"}),
    "royal": frozenset({"WentOut", "HandBlocked", "GameEnded", "MisdealDeclared"}),
}
# When the table sees every hand of the deal: Roby once a player went out (the others score their cards), Robins at
# the hand's end (the cards left count against their holders); Royal never (losers pay by the count of cards).
HANDS_SHOWN_BY = {"roby": frozenset({"WentOut"}), "robins": frozenset({"HandEnded"}), "royal": frozenset()}
LIST_INDEX = re.compile(r"\[\d+\]$")


def card_places(doc: Any, path: str = "") -> Counter[str]:
    """How many card codes each place of a document holds: a place is the path of a list of cards or of a card."""
    found: Counter[str] = Counter()
    for place, value in _leaves(doc, path):
        if isinstance(value, str) and _is_card(value):
            found[LIST_INDEX.sub("", place)] += 1
    return found


def _leaves(doc: Any, path: str) -> Iterator[tuple[str, Any]]:
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _leaves(value, f"{path}.{key}")
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            yield from _leaves(value, f"{path}[{index}]")
    else:
        yield path, doc


def _is_card(text: str) -> bool:
    try:
        canonical(text)
    except InvalidCardError:
        return False
    return True


@dataclass(frozen=True)
class Oracle:
    """The full record of one game, read for what each view may see at each version."""

    variant: str
    events: Sequence[dict[str, Any]]
    """Every event of the game, in order, as the full view gets it."""

    @cached_property
    def _hands(self) -> list[tuple[int, bool, set[str]]]:
        """For each version (from 1): the deal that started its hand (0 before the first), whether the table has
        seen every hand since that deal, and whose poker hands it has seen since."""
        read: list[tuple[int, bool, set[str]]] = []
        start, shown, poker = 0, False, set[str]()
        for event in self.events:
            if event["type"] in DEALS:
                start, shown, poker = event["version"], False, set()
            shown = shown or event["type"] in HANDS_SHOWN_BY[self.variant]
            if event["type"] == "PokerShown":
                poker = poker | set(event["data"]["hands"])
            read.append((start, shown, poker))
        return read

    @cached_property
    def _ended_deals(self) -> set[int]:
        """The deals (by version; 0 for the time before the first) whose hand has ended by the last event."""
        return {self._hands[e["version"] - 1][0] for e in self.events if e["type"] in HAND_ENDS[self.variant]}

    def ended(self, version: int) -> bool:
        """Whether the hand `version` is in has ended by the last event: an end lies before the next deal."""
        return self._hands[version - 1][0] in self._ended_deals

    def state_sees(self, viewer: Viewer, version: int, place: str) -> bool:
        """Whether the view sees the cards of this place of the state at `version`."""
        if viewer.view == "full" or (viewer.ended_hands_in_full and self.ended(version)):
            return True
        for pattern, kind in STATE_PLACES[self.variant]:
            match = re.fullmatch(pattern, place)
            if match is None:
                continue
            if kind == "nobody":
                return False
            owner = match.group("owner")
            if viewer.view == "seat" and owner in viewer.players:
                return True
            _, shown, poker = self._hands[version - 1]
            return shown if kind == "hand" else owner in poker
        return True

    def event_sees(self, viewer: Viewer, event: dict[str, Any], place: str) -> bool:
        """Whether the view sees the cards of this place of an event (as the full view got the event)."""
        if viewer.view == "full" or (viewer.ended_hands_in_full and self.ended(event["version"])):
            return True
        data, base = event["data"], ""
        fields = EVENT_FIELDS.get(event["type"], {})
        if event["type"] == "MoveRecorded":
            data, base = data["action"], ".action"
            fields = ACTION_FIELDS.get(data["type"], {})
        for name, whose in fields.items():
            prefix = f"{base}.{name}"
            if place != prefix and not place.startswith(f"{prefix}."):
                continue
            if whose == "nobody":
                return False
            owner = place[len(prefix) + 1 :] if whose == "each" else data.get("player")
            return viewer.view == "seat" and owner in viewer.players
        return True

    def expected_state(self, viewer: Viewer, version: int, full_state: dict[str, Any]) -> Counter[str]:
        """How many cards the view sees in each place of the state at `version`."""
        return Counter(
            {p: n for p, n in card_places(full_state).items() if self.state_sees(viewer, version, p)}
        )

    def expected_event(self, viewer: Viewer, event: dict[str, Any]) -> Counter[str]:
        """How many cards the view sees in each place of the event."""
        return Counter({p: n for p, n in card_places(event["data"]).items() if self.event_sees(viewer, event, p)})
