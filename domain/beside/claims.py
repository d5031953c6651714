"""What an imported record stated beside what the rules computed: its Event, Site and Date, and every result
figure that disagreed, kept as a claim when it was imported with `claims=keep`.

Its events are a stream of their own beside the game's, with an id derived from the game's; nothing in it
changes the game, and the settlement audit lists its claims (service/claims.py `stated_results`).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate

NAMESPACE = UUID("5b0f9d4e-8e61-4c1e-9a57-2f3c6d7e8a90")


def claims_id(game_id: UUID) -> UUID:
    """The id of a game's claims stream."""
    return uuid5(NAMESPACE, str(game_id))


class GameClaims(Aggregate):
    """The facts an imported record states that the game's own events do not hold."""

    TOPIC = "meldbook.GameClaims"

    class Created(Aggregate.Created):
        """A record was imported: where and when it says the game was played (`?` when it does not say)."""

        TOPIC = "meldbook.RecordImported"
        class_version = 1
        game_id: UUID
        event: str
        site: str
        date: str

    class ResultClaimed(Aggregate.Event):
        """The record stated a figure of a hand's result that the rules compute otherwise: both are kept."""

        TOPIC = "meldbook.ResultClaimed"
        class_version = 1
        hand: int
        player: str
        what: str
        stated: int
        computed: int
        line: int

        def apply(self, aggregate: Any) -> None:
            """Keep the claim beside the others."""
            aggregate.results.append(
                {"hand": self.hand, "player": self.player, "what": self.what, "stated": self.stated,
                 "computed": self.computed, "line": self.line}
            )

    def __init__(self, game_id: UUID, event: str, site: str, date: str) -> None:
        self.game_id = game_id
        self.event = event
        self.site = site
        self.date = date
        self.results: list[dict[str, Any]] = []

    @classmethod
    def open(cls, game_id: UUID, event: str, site: str, date: str) -> GameClaims:
        """The claims of a record imported as game `game_id`."""
        return cls._create(cls.Created, id=claims_id(game_id), game_id=game_id, event=event, site=site, date=date)

    def claim(self, hand: int, player: str, what: str, stated: int, computed: int, line: int) -> None:
        """Keep a stated figure that the rules compute otherwise."""
        self.trigger_event(self.ResultClaimed, hand=hand, player=player, what=what, stated=stated,
                           computed=computed, line=line)
