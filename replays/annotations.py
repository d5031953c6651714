"""A game's annotations as a caller may read them: where each sits in the record (its move and hand), whether the
caller may see it yet, and its alternative line through the visibility filter.

An annotation is shown to its author's role-holder (the seat that wrote it, or the recorder) at once, and to
every other caller only once the hand holding its position and the hand in progress when it was written have
both ended, so a comment cannot leak the cards of a hand still being played. A line's moves go through the same
filter as the record's events, in a view that shows their secret fields (a drawn card) only to a caller who sees
everything at the line's position: its moves are played on the real stock, so they would reveal it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from eventsourcing.utils import get_topic

from domain.access.visibility import Viewer, view_event
from domain.record.grouping import group_moves, move_numbers
from domain.record.hands import HandSpans, hand_spans
from domain.record.moves import secret_fields
from domain.variants import variant_named
from replays.frames import HandSpan, hands_of
from service.annotations import annotations_of
from service.application import GameNotFoundError
from service.ports import GameStore


@dataclass(frozen=True, slots=True)
class Placing:
    """The record as annotations are read against it: which move each version is, and the hands."""

    moves: dict[int, int]
    hands: list[HandSpan]
    spans: HandSpans
    kinds: Any

    def hand_of(self, version: int) -> int:
        """The number of the hand (from 1) holding a version, as the replay numbers them."""
        move = self.moves[version]
        return next(h.number for h in self.hands if h.first_move <= move <= h.last_move)

    def ended(self, version: int) -> bool:
        """Whether the hand holding a version has ended (the setup and cuts belong to the first hand)."""
        return self.spans.hand_ended(version)


def placing(app: GameStore, game_id: UUID) -> Placing:
    """Read the game's record once, for placing its annotations."""
    events = list(app.repository.event_store.get(game_id))
    if not events:
        raise GameNotFoundError(f"there is no game {game_id}")
    rules = variant_named(events[0].variant)
    groups = group_moves(rules, events)
    topics = {e.originator_version: get_topic(type(e)) for e in events}
    return Placing(move_numbers(groups), hands_of(rules, groups, topics), hand_spans(rules, topics.items()), rules)


def visible(note: dict[str, Any], grant: str | None, place: Placing) -> bool:
    """Whether a caller may see an annotation: its author's role-holder always, others once its hands have ended."""
    return note["role"] == grant or (place.ended(note["at"]) and place.ended(note["written_at"]))


def shown_annotations(
    app: GameStore, game_id: UUID, viewer: Viewer, grant: str | None, hand: int | None = None, history: bool = False
) -> list[dict[str, Any]]:
    """The annotations the caller may see (every version of each with `history`), of one hand if asked."""
    notes = annotations_of(app, game_id)
    place = placing(app, game_id)
    listed = notes.history if history else [n for n in notes.notes.values() if not n["deleted"]]
    shown = [shown_note(note, viewer, place) for note in listed if visible(note, grant, place)]
    return [note for note in shown if hand is None or note["hand"] == hand]


def shown_note(note: dict[str, Any], viewer: Viewer, place: Placing) -> dict[str, Any]:
    """One annotation as the API shows it: with its move and hand, and its line as the viewer may see it."""
    ended = place.ended(note["at"])
    line_viewer = viewer if viewer.in_full(ended) else Viewer.SPECTATOR
    kinds = place.kinds.action_kinds
    line = [
        view_event({"action": body}, secret_fields(kinds, {"action": body}), line_viewer, ended)["action"]
        for body in note["line"]
    ]
    return {
        **{k: v for k, v in note.items() if k != "line"},
        "move": place.moves[note["at"]],
        "hand": place.hand_of(note["at"]),
        "line": line,
    }
