"""Verify a game's record: each of its chained streams recomputed against its stored links, and a kept digest.

The game's own stream, its annotations and its disputes (with their evidence) are each a chain of their own
(service/store/chain.py). A kept digest is the link of the game's event at some version (GET /games/{id} shows the
current one): it catches what the links alone cannot, a whole chain rewritten consistently or a tail cut off.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from domain.beside.annotations import annotations_id
from domain.beside.confirmations import confirmations_id
from domain.beside.disputes import disputes_id
from domain.record.chain import BrokenLink, ChainReport, check_digest
from service.ports import GameStore
from service.restored import restored_head
from service.store.chain import read_chain, stored_link

STREAMS: dict[str, Callable[[UUID], UUID]] = {
    "game": lambda game_id: game_id,
    "annotations": annotations_id,
    "disputes": disputes_id,
    "confirmations": confirmations_id,
}
"""The chained streams of a game, by name, each with its id."""


def digest_at(app: GameStore, game_id: UUID, version: int) -> str | None:
    """The digest of the game's record up to a version (the link stored with that event); None before the chain."""
    return stored_link(app.recorder, game_id, version)


def verify_game(app: GameStore, game_id: UUID, digest: str | None = None, at: int | None = None) -> dict[str, Any]:
    """Each stream's chain, the first broken link of each, and, given a digest kept at version `at`, whether the
    record still holds it."""
    app.latest_version(game_id)  # refused when there is no such game
    reports = {name: read_chain(app.recorder, stream(game_id)) for name, stream in STREAMS.items()}
    cut = {name: since_restored(app, stream(game_id), reports[name]) for name, stream in STREAMS.items()}
    shown: dict[str, Any] = {
        "streams": {name: shown_report(report, cut[name]) for name, report in reports.items()}
    }
    ok = all(report.ok and cut[name] is None for name, report in reports.items())
    if digest is not None and at is not None:
        kept = check_digest(reports["game"], digest, at)
        shown["digest"] = {"at": at, "ok": kept is None, "broken": shown_broken(kept)}
        ok = ok and kept is None
    else:
        shown["digest"] = None
    return {"ok": ok, **shown}


def since_restored(app: GameStore, stream_id: UUID, report: ChainReport) -> BrokenLink | None:
    """What no longer holds of a stream as the last backup restored into this store left it (service/restored.py):
    its events up to the version it ended at in the backup, with that digest. None when it holds (or no backup held
    the stream, or its own chain is broken already, which says more)."""
    kept = restored_head(app.recorder, stream_id)
    if kept is None or not report.ok:
        return None
    if kept.digest is None:  # a stream stored before the chain existed: its length alone can be checked
        broken = None if report.length >= kept.version else check_digest(report, "", kept.version)
    else:
        broken = check_digest(report, kept.digest, kept.version)
    if broken is None:
        return None
    source = f"the backup restored at {kept.restored_at} holds this stream up to version {kept.version}"
    return BrokenLink(broken.version, broken.kind, f"{source}: {broken.detail}")


def shown_report(report: ChainReport, since_restore: BrokenLink | None = None) -> dict[str, Any]:
    """A stream's chain as the API shows it (broken where it no longer holds what a restored backup held)."""
    first = report.first_linked
    unlinked = report.length if first is None else first - 1
    return {
        "ok": report.ok and since_restore is None,
        "length": report.length,
        "first_linked": first,
        "unlinked": unlinked,
        "head": report.head if since_restore is None else None,
        "broken": shown_broken(report.broken or since_restore),
        "note": chain_note(report.length, first),
    }


def chain_note(length: int, first_linked: int | None) -> str:
    """Where a stream's chain starts, in words: events stored before the chain existed carry no link."""
    if length == 0:
        return "nothing stored yet"
    if first_linked is None:
        return "no event of this stream carries a link: all were stored before the chain existed"
    if first_linked > 1:
        return (
            f"versions 1 to {first_linked - 1} were stored before the chain existed and carry no link: the chain "
            f"starts at version {first_linked}"
        )
    return "every event is linked"


def shown_broken(broken: BrokenLink | None) -> dict[str, Any] | None:
    """A broken link as the API shows it."""
    return None if broken is None else {"version": broken.version, "kind": broken.kind, "detail": broken.detail}
