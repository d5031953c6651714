"""The confirmations of one game: each seat's word that a scored hand's result is right, kept with the digest then.

When a hand is scored, each of its players may confirm it (his seat, or the recorder for a seat without a device).
A confirmation keeps the game's digest at the hand's result (the link of the last event that scored it,
domain/record/chain.py), so it can be checked later: a correction of that hand, or a record changed underneath, makes it
no longer match. The confirmations are a stream of their own beside the game's, whose id derives from the game's:
confirming never moves the game's version. A player who disagrees opens a dispute instead (domain/beside/disputes.py).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate
from eventsourcing.utils import get_topic

from domain.corrections.counting import REVERSAL, counting_events
from domain.errors import HandNotFoundError, MeldbookError, Problem, problems_of
from domain.record.grouping import group_moves
from domain.record.hands import hand_spans
from domain.rules.registry import variant_named

NAMESPACE = UUID("3c9e4a71-8b2d-5e6f-9a0b-1c2d3e4f5a6b")


class HandNotScoredError(MeldbookError):
    """A hand still in play: there is no result to confirm yet."""

    problem = Problem(
        "hand-not-scored",
        "Hand not scored yet",
        "the hand in the path: a hand's result is confirmed once the hand has ended and been scored",
        "hand 3 is still being played: its result can be confirmed once it is scored",
    )


class AlreadyConfirmedError(MeldbookError):
    """A player who confirmed this hand's result as it stands already."""

    problem = Problem(
        "hand-already-confirmed",
        "Hand already confirmed",
        "the player: each player confirms a hand's result once (again only after a correction changed it)",
        "Ann has confirmed hand 2 already",
    )


class DigestDiffersError(MeldbookError):
    """A digest sent with a confirmation that is not the record's at the hand's result."""

    problem = Problem(
        "confirmation.digest-differs",
        "Not the record's digest",
        "`digest`: when given, it must be the game's digest at the hand's result (the link of the event that "
        "scored it), which the confirmation keeps",
        "this digest is not the record's at hand 2's result (version 41)",
    )


def confirmations_id(game_id: UUID) -> UUID:
    """The id of a game's confirmations stream."""
    return uuid5(NAMESPACE, str(game_id))


@dataclass(frozen=True, slots=True)
class HandResults:
    """The hands of a record: how many were dealt, and the version of each scored hand's result."""

    dealt: int
    results: dict[int, int] = field(default_factory=dict)
    """Hand number -> the version of the last event that settled its result: the last event of the move that
    ended it, or of a later correction that posted its payouts again."""

    def result_of(self, hand: int) -> int:
        """The version of a hand's result; refused for a hand not dealt, or not scored yet."""
        if not 1 <= hand <= max(self.dealt, 1):
            raise HandNotFoundError(f"this game has no hand {hand}: it has dealt {self.dealt}", field="hand")
        if hand not in self.results:
            raise HandNotScoredError(
                f"hand {hand} is still being played: its result can be confirmed once it is scored", field="hand"
            )
        return self.results[hand]


def hand_results(events: Sequence[Any]) -> HandResults:
    """The hands of a record (its creation first) and where each scored hand's result stands, corrections counted:
    a voided ending does not score its hand, and a correction that reverses a hand's payouts moves its result to
    the correction's last event."""
    created = events[0]
    rules = variant_named(created.variant)
    spans = hand_spans(rules, ((e.originator_version, get_topic(type(e))) for e in events))
    groups = group_moves(rules, events)
    last_of_move = {v: g.last_version for g in groups for v in range(g.first_version, g.last_version + 1)}

    def hand_at(version: int) -> int:
        return max(1, bisect_right(spans.starts, version))

    results: dict[int, int] = {}
    for item in counting_events(list(events)):
        event, version = item.event, item.event.originator_version
        if get_topic(type(event)) in rules.hand_enders:
            hand = hand_at(version)
            results[hand] = max(results.get(hand, 0), last_of_move[version])
        elif item.status == REVERSAL and hand_at(event.cause) in results:
            hand = hand_at(event.cause)
            results[hand] = max(results[hand], last_of_move[version])
    return HandResults(len(spans.starts), results)


class GameConfirmations(Aggregate):
    """Every confirmation of one game's hands, in the order given."""

    TOPIC = "meldbook.GameConfirmations"

    class Created(Aggregate.Created):
        """A game's confirmations stream was opened, with its first confirmation."""

        TOPIC = "meldbook.ConfirmationsOpened"
        class_version = 1
        game_id: UUID

    class Confirmed(Aggregate.Event):
        """A player confirmed a hand's result: the digest of the record at it, and who recorded the confirmation."""

        TOPIC = "meldbook.HandConfirmed"
        class_version = 1
        hand: int
        player: str
        digest: str
        at: int
        by: str

        def apply(self, aggregate: Any) -> None:
            """Keep the confirmation."""
            aggregate.items.append(
                {
                    "hand": self.hand,
                    "player": self.player,
                    "digest": self.digest,
                    "at": self.at,
                    "confirmed_at": self.timestamp.isoformat(),
                    "recorded_by": self.by,
                }
            )

    def __init__(self, game_id: UUID) -> None:
        self.game_id = game_id
        self.items: list[dict[str, Any]] = []

    @classmethod
    def open_stream(cls, game_id: UUID) -> GameConfirmations:
        """A game's confirmations stream, before any hand is confirmed."""
        return cls._create(cls.Created, id=confirmations_id(game_id), game_id=game_id)

    def confirm(self, hand: int, player: str, digest: str, at: int, by: str) -> dict[str, Any]:
        """Confirm a hand's result as it stands at version `at` (its digest already read); the confirmation kept.
        Refused when the player confirmed that result already."""
        if any(c["hand"] == hand and c["player"] == player and c["at"] == at for c in self.items):
            raise AlreadyConfirmedError(f"{player} has confirmed hand {hand} already", field="player")
        self.trigger_event(self.Confirmed, hand=hand, player=player, digest=digest, at=at, by=by)
        return self.items[-1]


CONFIRMATIONS: tuple[Problem, ...] = problems_of(HandNotScoredError, AlreadyConfirmedError, DigestDiffersError)
"""The confirmations' problem codes: which hand's result may be confirmed, by whom, and with which digest."""
