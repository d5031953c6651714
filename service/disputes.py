"""The dispute use cases: open a dispute, attach evidence, rule on it; each in the game's disputes stream.

Each loads the stream (or opens it), calls one command and saves it (service/annotations.py's `change_stream`);
the game's own stream is only read, so its version never moves. Where evidence points in the record is resolved
by the reading side first (replays/disputes.py), which also decides who may see what.

A ruling may carry a correction, in the body `POST /games/{id}/corrections` takes. It is kept with the ruling; with
`apply_correction` it is first applied to the record through the corrections service, as the ruler (the same
checks, the same refusals), and the ruling then names the game's version after it. A refused correction stores
nothing, in the game or in its disputes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from uuid import UUID

from domain.access.game_access import ARBITER
from domain.beside.disputes import GameDisputes, check_ruler, disputes_id
from domain.errors import MeldbookError
from domain.record.chain import canonical
from domain.text import check_text
from service.annotations import change_stream, stored_or
from service.corrections import record_correction
from service.ports import GameStore

MAX_TEXT = 4000
MAX_CORRECTION = 4000
"""The largest correction request kept with a ruling, in characters of canonical JSON."""


def disputes_of(app: GameStore, game_id: UUID) -> GameDisputes:
    """The game's disputes as stored, or a new stream when none has been opened yet."""
    found: GameDisputes = stored_or(app, disputes_id(game_id), lambda: GameDisputes.open_stream(game_id))
    return found


def open_dispute(
    app: GameStore,
    game_id: UUID,
    grant: str,
    target: str,
    claim: str,
    at: int | None = None,
    figure: int | None = None,
) -> int:
    """Open a dispute about the event at version `at` or the hand holding it (by default the latest version); its
    number."""
    latest = app.latest_version(game_id)
    position = latest if at is None else at
    if not 1 <= position <= latest:
        raise MeldbookError(f"at must be a version of the game, 1 to {latest}", code="validation-error", field="at")
    text = check_text(claim, "claim", max_length=MAX_TEXT)
    return int(
        change_stream(
            app,
            lambda: disputes_of(app, game_id),
            lambda disputes: disputes.open_dispute(target, position, latest, text, figure, grant),
        )
    )


def add_evidence(
    app: GameStore, game_id: UUID, grant: str, number: int, kind: str, ref: Mapping[str, Any], at: int, note: str
) -> int:
    """Attach evidence, already resolved to the version `at` it points at, to an open dispute; its number."""
    latest = app.latest_version(game_id)
    text = check_text(note, "note", max_length=MAX_TEXT)
    return int(
        change_stream(
            app,
            lambda: disputes_of(app, game_id),
            lambda disputes: disputes.add_evidence(number, kind, dict(ref), at, latest, text, grant),
        )
    )


def rule_dispute(
    app: GameStore,
    game_id: UUID,
    grant: str,
    number: int,
    ruling: str,
    correction: Mapping[str, Any] | None = None,
    apply_correction: bool = False,
    token: str | None = None,
) -> None:
    """Rule on an open dispute and close it: the arbiter, if one was issued, or else the recorder (whose `token`
    applies the ruling's correction when `apply_correction` asks for it)."""
    check_ruler(grant, ARBITER in app.access_of(game_id).hashes)
    text = check_text(ruling, "ruling", max_length=MAX_TEXT)
    if correction is not None and len(canonical(dict(correction))) > MAX_CORRECTION:
        raise MeldbookError(
            f"a correction request holds at most {MAX_CORRECTION} characters of JSON",
            code="validation-error",
            field="correction",
        )
    kept = None if correction is None else dict(correction)
    corrected_at = None
    if apply_correction:
        if kept is None:
            raise MeldbookError(
                "apply_correction needs a correction to apply", code="validation-error", field="correction"
            )
        disputes_of(app, game_id).check_open(number)
        action = {"type": kept.get("kind"), **{k: v for k, v in kept.items() if k != "kind"}}
        stored = record_correction(app, game_id, action, app.latest_version(game_id), token)
        corrected_at = stored[-1].version
    latest = app.latest_version(game_id)
    change_stream(
        app,
        lambda: disputes_of(app, game_id),
        lambda disputes: disputes.rule(number, text, kept, latest, grant, corrected_at),
    )
