"""The disputes of one game: a claim about an event or a hand, the evidence for it, and the ruling that closes it.

A seat or the recorder opens a dispute, with a claim in words and optionally the figure it claims; either adds
evidence (an event, an annotation, a replay position, each with a note); the arbiter, if the recorder issued
one, or else the recorder, rules, with a text and optionally a correction to apply, and the dispute is closed.
Like the annotations, the disputes are a stream of their own beside the game's, whose id derives from the game's;
nothing in it is ever deleted or changed: each step is a new event, and `history` keeps every step.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate

from domain.access.game_access import ARBITER, RECORDER, NotPermittedError
from domain.errors import MeldbookError, Problem

NAMESPACE = UUID("5d1c7b4e-2f3a-5b6c-8d9e-0a1b2c3d4e5f")
TARGETS = ("event", "hand")
"""What a dispute is about: the event at its position, or the hand holding it."""
EVIDENCE_KINDS = ("event", "annotation", "replay")
"""What evidence points at: an event of the record, an annotation, a position of the replay (a hand and a move)."""
OPEN, CLOSED = "open", "closed"


class DisputeNotFoundError(MeldbookError):
    """A dispute this game does not hold."""

    problem = Problem(
        "dispute-not-found",
        "No such dispute",
        "the dispute number in the path: the game holds no dispute of that number, or not one the caller may see yet "
        "(another's claim about a hand in progress is shown once that hand has ended)",
        "this game has no dispute 2",
    )


class DisputeClosedError(MeldbookError):
    """A dispute already ruled on: it takes no more evidence and no second ruling."""

    problem = Problem(
        "dispute-closed",
        "Dispute closed",
        "the dispute in the path: once ruled on, a dispute is closed and takes no more evidence and no second ruling",
        "dispute 1 was ruled on and is closed: it takes nothing more",
    )


class EvidenceNotFoundError(MeldbookError):
    """Evidence that points at nothing the caller may see: no such event, annotation or replay position."""

    problem = Problem(
        "evidence-not-found",
        "Evidence points at nothing",
        "the evidence's `event` (a version of the game), `annotation` (one the caller may see) or `replay` (a hand "
        "and one of its moves), named by `field`",
        "hand 2 has no move 12: a replay position is a hand and one of its moves",
    )


def disputes_id(game_id: UUID) -> UUID:
    """The id of a game's disputes stream."""
    return uuid5(NAMESPACE, str(game_id))


def ruler_of(arbiter_issued: bool) -> str:
    """Who rules on a game's disputes: its arbiter, or, when none was issued, its recorder."""
    return ARBITER if arbiter_issued else RECORDER


def check_ruler(grant: str, arbiter_issued: bool) -> None:
    """Refuse a ruling by anyone but the game's arbiter, or, when none was issued, its recorder."""
    ruler = ruler_of(arbiter_issued)
    if grant != ruler:
        why = "an arbiter was issued for this game" if arbiter_issued else "this game has no arbiter"
        raise NotPermittedError(f"{why}: the {ruler} rules on its disputes, not {grant}")


class GameDisputes(Aggregate):
    """Every dispute of one game, numbered from 1 in the order opened, each with its evidence and ruling."""

    TOPIC = "meldbook.GameDisputes"

    class Created(Aggregate.Created):
        """A game's disputes stream was opened, with its first dispute."""

        TOPIC = "meldbook.DisputesOpened"
        class_version = 1
        game_id: UUID

    class Opened(Aggregate.Event):
        """A dispute was opened: about what, by whom, the claim and the figure claimed (if any)."""

        TOPIC = "meldbook.DisputeOpened"
        class_version = 1
        number: int
        target: str
        at: int
        written_at: int
        claim: str
        figure: int | None
        by: str

        def apply(self, aggregate: Any) -> None:
            """Keep the dispute, open, with no evidence yet."""
            dispute = {
                "id": self.number,
                "target": self.target,
                "at": self.at,
                "written_at": self.written_at,
                "claim": self.claim,
                "figure": self.figure,
                "opened_by": self.by,
                "status": OPEN,
                "evidence": [],
                "ruling": None,
                "opened_at": self.timestamp.isoformat(),
            }
            aggregate.disputes[self.number] = dispute

    class EvidenceAdded(Aggregate.Event):
        """Evidence was attached to a dispute: what it points at, where that sits in the record, and a note."""

        TOPIC = "meldbook.DisputeEvidenceAdded"
        class_version = 1
        number: int
        kind: str
        ref: dict[str, Any]
        at: int
        written_at: int
        note: str
        by: str

        def apply(self, aggregate: Any) -> None:
            """The dispute's next piece of evidence, numbered from 1."""
            evidence = aggregate.disputes[self.number]["evidence"]
            evidence.append(
                {
                    "id": len(evidence) + 1,
                    "kind": self.kind,
                    "ref": dict(self.ref),
                    "at": self.at,
                    "written_at": self.written_at,
                    "note": self.note,
                    "by": self.by,
                    "timestamp": self.timestamp.isoformat(),
                }
            )

    class Ruled(Aggregate.Event):
        """A dispute was ruled on and closed: the ruling's text, the correction it orders (if any), and who."""

        TOPIC = "meldbook.DisputeRuled"
        class_version = 1
        number: int
        ruling: str
        correction: dict[str, Any] | None
        corrected_at: int | None
        """The game's version once the ruling's correction was applied to the record; None when it was only kept."""
        written_at: int
        by: str

        def apply(self, aggregate: Any) -> None:
            """The ruling, and the dispute closed."""
            dispute = aggregate.disputes[self.number]
            dispute["status"] = CLOSED
            dispute["ruling"] = {
                "text": self.ruling,
                "correction": self.correction,
                "correction_applied": self.corrected_at is not None,
                "corrected_at": self.corrected_at,
                "written_at": self.written_at,
                "by": self.by,
                "timestamp": self.timestamp.isoformat(),
            }

    def __init__(self, game_id: UUID) -> None:
        self.game_id = game_id
        self.disputes: dict[int, dict[str, Any]] = {}

    @classmethod
    def open_stream(cls, game_id: UUID) -> GameDisputes:
        """A game's disputes stream, before any dispute is opened in it."""
        return cls._create(cls.Created, id=disputes_id(game_id), game_id=game_id)

    def dispute(self, number: int) -> dict[str, Any]:
        """A dispute as it stands; refused when there is none."""
        found = self.disputes.get(number)
        if found is None:
            raise DisputeNotFoundError(f"this game has no dispute {number}")
        return found

    def open_dispute(
        self, target: str, at: int, written_at: int, claim: str, figure: int | None, by: str
    ) -> int:
        """Open a dispute (its claim already checked); its number."""
        if target not in TARGETS:
            raise ValueError(f"a dispute is about one of {TARGETS}, not {target}")
        number = len(self.disputes) + 1
        self.trigger_event(
            self.Opened, number=number, target=target, at=at, written_at=written_at, claim=claim, figure=figure, by=by
        )
        return number

    def add_evidence(
        self, number: int, kind: str, ref: dict[str, Any], at: int, written_at: int, note: str, by: str
    ) -> int:
        """Attach evidence (its reference already checked) to an open dispute; its number in the dispute."""
        self._open(number)
        if kind not in EVIDENCE_KINDS:
            raise ValueError(f"evidence is one of {EVIDENCE_KINDS}, not {kind}")
        self.trigger_event(
            self.EvidenceAdded, number=number, kind=kind, ref=ref, at=at, written_at=written_at, note=note, by=by
        )
        return len(self.disputes[number]["evidence"])

    def rule(
        self,
        number: int,
        ruling: str,
        correction: dict[str, Any] | None,
        written_at: int,
        by: str,
        corrected_at: int | None = None,
    ) -> None:
        """Rule on an open dispute and close it (`corrected_at`: the game's version after the ruling's correction,
        when it was applied)."""
        self._open(number)
        self.trigger_event(
            self.Ruled,
            number=number,
            ruling=ruling,
            correction=correction,
            corrected_at=corrected_at,
            written_at=written_at,
            by=by,
        )

    def check_open(self, number: int) -> None:
        """Refuse a dispute that does not exist or is closed (before a ruling's correction touches the record)."""
        self._open(number)

    def _open(self, number: int) -> dict[str, Any]:
        dispute = self.dispute(number)
        if dispute["status"] != OPEN:
            raise DisputeClosedError(f"dispute {number} was ruled on and is closed: it takes nothing more")
        return dispute
