"""The claims of imported records, as the settlement audit reads them."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.beside.claims import GameClaims, claims_id
from service.annotations import stored_or
from service.ports import GameStore


def claims_of(app: GameStore, game_id: UUID) -> GameClaims | None:
    """The game's claims stream, or None for a game that was not imported."""
    found: GameClaims | None = stored_or(app, claims_id(game_id), lambda: None)
    return found


def stated_results(app: GameStore, game_id: UUID) -> list[dict[str, Any]]:
    """Every result figure the game's imported record stated otherwise than the rules computed, in record order:
    hand, player, what (points, money, chips), stated, computed, and the line of the record that stated it."""
    claims = claims_of(app, game_id)
    return [dict(result) for result in claims.results] if claims is not None else []
