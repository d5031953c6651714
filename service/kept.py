"""The games this process saved last: the state a move made at that version decides on, without reading the store."""

from __future__ import annotations

import pickle
from uuid import UUID

from eventsourcing.application import LRUCache

from domain.game import Game


class KeptGames:
    """Each game as this process last saved it, pickled (so never changed in place), by id; at most `size` games.

    A game at version N is the same whoever reads it, so a move made at version N can decide on the kept copy.
    Whether the store is still at N is not known from it: the save answers that, because the store refuses a
    second event N+1 (a stale version), and a refusal decided on a kept copy is given only once a read of the store
    has found the game still at N (Meldbook.record_move).
    """

    def __init__(self, size: int) -> None:
        self._kept: LRUCache[UUID, tuple[int, bytes]] | None = LRUCache(maxsize=size) if size > 0 else None

    def at(self, game_id: UUID, version: int) -> Game | None:
        """A fresh copy of the game as kept, if it was kept at this version; else None."""
        if self._kept is None:
            return None
        try:
            kept_version, pickled = self._kept.get(game_id)
        except KeyError:
            return None
        if kept_version != version:
            return None
        game: Game = pickle.loads(pickled)
        return game

    def keep(self, game: Game) -> None:
        """Keep a game just saved (its pending events collected), at its version."""
        if self._kept is not None:
            self._kept.put(game.id, (game.version, pickle.dumps(game, pickle.HIGHEST_PROTOCOL)))
