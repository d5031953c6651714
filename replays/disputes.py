"""A game's disputes as a caller may read them, and evidence resolved against the record before it is attached.

Visibility is the annotations' (replays/annotations.py): a claim, a piece of evidence or a ruling written while a
hand was in progress is shown to its author's role-holder at once, and to every other caller only once the hands
holding its position and the version it was written at have ended, so "I held the 7H" cannot leak a card. A view
that sees everything (it already sees every card) sees them at once, and so does the arbiter, who judges and holds
no cards. A dispute a caller may not see yet is, to that caller, not there: it cannot add evidence to it or rule on
it until its hand has ended (the recorder of a game recorded by seats, ruling where no arbiter was issued, waits
for the hand to end).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from uuid import UUID

from domain.access.game_access import ARBITER
from domain.access.visibility import Viewer
from domain.beside.disputes import DisputeNotFoundError, EvidenceNotFoundError, GameDisputes
from replays.annotations import Placing, placing, shown_annotations
from service.disputes import disputes_of
from service.ports import GameStore


def visible(item: Mapping[str, Any], author: str, grant: str | None, viewer: Viewer, place: Placing) -> bool:
    """Whether a caller may see a claim, evidence or ruling: its author's role-holder, the arbiter and a view that
    sees everything always, others once the hands of its position and of its writing have ended."""
    if grant in (author, ARBITER) or viewer.sees_everything:
        return True
    return place.ended(item["at"]) and place.ended(item["written_at"])


def shown_disputes(
    app: GameStore, game_id: UUID, viewer: Viewer, grant: str | None, hand: int | None = None
) -> list[dict[str, Any]]:
    """The disputes the caller may see, each with the evidence and ruling it may see and its history, of one hand
    (the hand holding its position) if asked."""
    place = placing(app, game_id)
    disputes = disputes_of(app, game_id).disputes.values()
    seen = [d for d in disputes if visible(d, d["opened_by"], grant, viewer, place)]
    shown = [shown_dispute(dispute, viewer, grant, place) for dispute in seen]
    return [dispute for dispute in shown if hand is None or dispute["hand"] == hand]


def shown_dispute(dispute: dict[str, Any], viewer: Viewer, grant: str | None, place: Placing) -> dict[str, Any]:
    """One dispute as the API shows it: its move and hand, what the caller may see of it, and its history."""
    evidence = [e for e in dispute["evidence"] if visible(e, e["by"], grant, viewer, place)]
    ruling = dispute["ruling"]
    if ruling is not None and not visible({**ruling, "at": dispute["at"]}, ruling["by"], grant, viewer, place):
        ruling = {"by": ruling["by"], "timestamp": ruling["timestamp"], "withheld": True}
    history = [{"step": "opened", "by": dispute["opened_by"], "timestamp": dispute["opened_at"]}]
    history += [{"step": "evidence", "evidence": e["id"], "by": e["by"], "timestamp": e["timestamp"]} for e in evidence]
    if ruling is not None:
        history.append({"step": "ruled", "by": ruling["by"], "timestamp": ruling["timestamp"]})
    return {
        **{k: v for k, v in dispute.items() if k not in ("evidence", "ruling")},
        "move": place.moves[dispute["at"]],
        "hand": place.hand_of(dispute["at"]),
        "evidence": evidence,
        "ruling": ruling,
        "history": history,
    }


def check_visible_dispute(app: GameStore, game_id: UUID, number: int, viewer: Viewer, grant: str | None) -> None:
    """Refuse a dispute that the game does not hold, or that the caller may not see yet."""
    disputes: GameDisputes = disputes_of(app, game_id)
    dispute = disputes.dispute(number)
    if not visible(dispute, dispute["opened_by"], grant, viewer, placing(app, game_id)):
        raise DisputeNotFoundError(f"this game has no dispute {number}")


def resolve_evidence(
    app: GameStore, game_id: UUID, viewer: Viewer, grant: str | None, given: Mapping[str, Any]
) -> tuple[str, dict[str, Any], int]:
    """Evidence as given (exactly one of `event`, `annotation`, `replay`): its kind, its reference, and the
    version of the record it points at; refused when it points at nothing the caller may see."""
    place = placing(app, game_id)
    latest = max(place.moves)
    if "event" in given:
        version = given["event"]
        if not 1 <= version <= latest:
            raise EvidenceNotFoundError(f"the game has events 1 to {latest}, not {version}", field="event")
        return "event", {"event": version}, version
    if "annotation" in given:
        number = given["annotation"]
        notes = {n["id"]: n for n in shown_annotations(app, game_id, viewer, grant)}
        if number not in notes:
            raise EvidenceNotFoundError(f"this game has no annotation {number} to point at", field="annotation")
        return "annotation", {"annotation": number}, notes[number]["at"]
    hand, move = given["replay"]["hand"], given["replay"]["at"]
    span = next((h for h in place.hands if h.number == hand), None)
    if span is None or not span.first_move <= move <= span.last_move:
        where = f"hand {hand} has no move {move}" if span else f"the game has no hand {hand}"
        raise EvidenceNotFoundError(f"{where}: a replay position is a hand and one of its moves", field="replay")
    version = max(v for v, m in place.moves.items() if m == move)
    return "replay", {"replay": {"hand": hand, "at": move}}, version
