"""A replay is the game's events in order, each with the state right after it, through one visibility filter."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.access.visibility import Viewer
from domain.record.game import Game
from service.ports import GameStore
from service.presenting import present_event, present_state


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a replay: the event and the state it left."""

    event: dict[str, Any]
    state: dict[str, Any]


def replay(app: GameStore, game_id: UUID, viewer: Viewer) -> Iterator[Step]:
    """Every event of a game with the state after it, rebuilt by applying the stored events in order."""
    game: Game | None = None
    stored_events = app.stored_events(game_id)
    latest = stored_events[-1].version
    hands = app.hand_spans(game_id, viewer)
    for stored, event in zip(stored_events, app.repository.event_store.get(game_id), strict=True):
        game = event.mutate(game)
        assert game is not None
        yield Step(present_event(stored, viewer, hands), present_state(game, viewer, latest, hands))
