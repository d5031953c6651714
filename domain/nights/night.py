"""The Night aggregate: its title, its money (a chip value for Royal Rummy, a stake per point for Robins Rummy), its
token's hash, and the games it holds, each event in a stream of the night's own.

The night's token is shown once when it is opened and kept only as a hash (compared in constant time); adding or
taking out a game needs it, and so does reading the sheet of a night that holds a private game.
"""

from __future__ import annotations

import hmac
from typing import Any
from uuid import UUID, uuid4

from eventsourcing.domain import Aggregate

from domain.errors import MeldbookError, Problem


class NightGameAlreadyInError(MeldbookError):
    """A game the night holds already."""

    problem = Problem(
        "night.game-already-in",
        "Game already in the night",
        "`game`: a game belongs to a night once",
        "game 5b1e... is in this night already",
    )


class NightGameNotInError(MeldbookError):
    """A game the night does not hold."""

    problem = Problem(
        "night.game-not-in",
        "Game not in the night",
        "the game in the path: only a game the night holds is taken out of it",
        "game 5b1e... is not in this night",
    )


class Night(Aggregate):
    """The games of one evening and the money they are played for."""

    TOPIC = "meldbook.Night"

    class Created(Aggregate.Created):
        """A night was opened: its title, chip value and stake (each `{"amount", "currency"}` or None: amounts in
        minor units) and its token's hash."""

        TOPIC = "meldbook.NightOpened"
        class_version = 1
        title: str
        chip_value: dict[str, Any] | None
        robins_stake: dict[str, Any] | None
        token_hash: str

    class GameAdded(Aggregate.Event):
        """A game joined the night."""

        TOPIC = "meldbook.NightGameAdded"
        class_version = 1
        game_id: str

        def apply(self, aggregate: Any) -> None:
            """The night holds it, after those before it."""
            aggregate.games.append(self.game_id)

    class GameRemoved(Aggregate.Event):
        """A game was taken out of the night."""

        TOPIC = "meldbook.NightGameRemoved"
        class_version = 1
        game_id: str

        def apply(self, aggregate: Any) -> None:
            """The night no longer holds it."""
            aggregate.games = [game for game in aggregate.games if game != self.game_id]

    def __init__(
        self, title: str, chip_value: dict[str, Any] | None, robins_stake: dict[str, Any] | None, token_hash: str
    ) -> None:
        self.title = title
        self.chip_value = chip_value
        self.robins_stake = robins_stake
        self.token_hash = token_hash
        self.games: list[str] = []

    @classmethod
    def open(
        cls, title: str, chip_value: dict[str, Any] | None, robins_stake: dict[str, Any] | None, token_hash: str
    ) -> Night:
        """A new night, holding no game yet."""
        return cls._create(
            cls.Created,
            id=uuid4(),
            title=title,
            chip_value=chip_value,
            robins_stake=robins_stake,
            token_hash=token_hash,
        )

    @property
    def currency(self) -> str | None:
        """The night's currency: its chip value's or its stake's (None when it declares neither)."""
        money = self.chip_value or self.robins_stake
        return None if money is None else str(money["currency"])

    def opens(self, hashed: str) -> bool:
        """Whether a token's hash is the night's (compared in constant time)."""
        return hmac.compare_digest(hashed, self.token_hash)

    def add_game(self, game_id: UUID) -> None:
        """Take a game into the night; refused when it is in already."""
        if str(game_id) in self.games:
            raise NightGameAlreadyInError(f"game {game_id} is in this night already", field="game")
        self.trigger_event(self.GameAdded, game_id=str(game_id))

    def remove_game(self, game_id: UUID) -> None:
        """Take a game out of the night; refused when it is not in it."""
        if str(game_id) not in self.games:
            raise NightGameNotInError(f"game {game_id} is not in this night", field="game")
        self.trigger_event(self.GameRemoved, game_id=str(game_id))
