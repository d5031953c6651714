"""The games this process saved last: the game a move made at that version decides on, without reading the store."""

from __future__ import annotations

from uuid import UUID

from eventsourcing.application import LRUCache

from domain.record.game import Game


class KeptGames:
    """Each game as this process last saved it, by id; at most `size` games.

    A game at version N is the same whoever reads it, so a move made at version N can decide on the kept game.
    Whether the store is still at N is not known from it: the save answers that, because the store refuses a
    second event N+1 (a stale version), and a refusal decided on a kept game is given only once a read of the store
    has found the game still at N (moving.record_move).

    A kept game is handed out once (`take` removes it), so no two requests ever hold the same object, and it is
    kept again only once its next move is saved: it needs no copy, neither when kept nor when taken. A game kept at an
    earlier version than a move's (another process has recorded moves since) may be handed out too, for the caller
    to bring up to date from the store.
    """

    def __init__(self, size: int) -> None:
        self._kept: LRUCache[UUID, Game] | None = LRUCache(maxsize=size) if size > 0 else None

    def take(self, game_id: UUID, version: int, *, behind: bool = False) -> Game | None:
        """The game as kept, removed from the kept games, if it was kept at this version (or, with `behind`, at this
        version or an earlier one); else None."""
        if self._kept is None:
            return None
        try:
            if not _fits(self._kept.get(game_id).version, version, behind):
                return None
            game = self._kept.get(game_id, evict=True)
        except KeyError:  # never kept, or taken by another request in between
            return None
        return game if _fits(game.version, version, behind) else None

    def keep(self, game: Game) -> None:
        """Keep a game just saved (its pending events collected), at its version: the caller no longer changes it."""
        if self._kept is not None:
            self._kept.put(game.id, game)


def _fits(kept: int, wanted: int, behind: bool) -> bool:
    return kept == wanted or (behind and kept < wanted)
