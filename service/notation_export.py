"""Exporting a game in the Meldbook notation, in the caller's view: what a viewer may not see is written ??,
seeds only in the full view. Hands are cut where the variant's events end one; each ended hand gets its result
line; annotations become comments, glyphs and variations. A voided move is written with the voided marker (~) and a
correction as a line of its own, naming who asked; the tags end with the game's digest at its latest version.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.access.visibility import Viewer
from domain.corrections.kinds import is_correction
from domain.errors import MeldbookError
from domain.notation.grammars import grammar_of
from domain.notation.record import Hand, Move, Note, Record, Result, Variation
from domain.notation.results import add_figures
from domain.notation.tags import CHECKS, CURRENCY, FIRST_RULES, RULES, UNKNOWN
from domain.notation.writer import figures_of, write_record
from domain.record.hands import HandSpans
from domain.record.setup import GameDiscarded, SetupAmended
from domain.record.unknown import COUNT_KINDS
from domain.variants import variant_named
from service.annotations import annotations_of
from service.claims import claims_of
from service.ports import GameStore
from service.presenting import StoredEvent, present_event
from service.verify import digest_at


def export_record(app: GameStore, game_id: UUID, viewer: Viewer, *, digest: bool = True) -> str:
    """The game's canonical text in the viewer's view (domain/access/visibility.py); without its digest when `digest` is
    false (a game stored nowhere for good, as a simulation's scratch games, has none worth checking)."""
    return write_record(game_record(app, game_id, viewer, digest=digest))


def game_record(app: GameStore, game_id: UUID, viewer: Viewer, *, digest: bool = True) -> Record:
    """The game as a notation `Record`, in the viewer's view, its tags ending with its digest unless told not."""
    events = app.stored_events(game_id)
    if any(event.topic == GameDiscarded.TOPIC for event in events):
        raise MeldbookError(
            f"game {game_id} was discarded by its recorder: a discarded game is not exported (its events still read)",
            code="notation-discarded",
        )
    spans = app.hand_spans(game_id, viewer)
    created = as_amended(events)
    rules = variant_named(created["variant"])
    claims = claims_of(app, game_id)
    tags: dict[str, Any] = {
        "Variant": rules.name,
        "Event": claims.event if claims else UNKNOWN,
        "Site": claims.site if claims else UNKNOWN,
        "Date": claims.date if claims else UNKNOWN,
        "Title": created["title"],
        **{f"Seat{seat}": player for seat, player in enumerate(created["players"], 1)},
        "DealMode": created["deal_mode"],
        "Recording": created["recording"],
        "Access": created["access"],
        RULES: created.get("rules_version", FIRST_RULES),  # a game stored before rules versions: the first
        CURRENCY: created.get("currency"),  # a game stored before games named a currency names none
        **{f"Option.{name}": value for name, value in created["options"].items()},
    }
    kept = digest_at(app, game_id, events[-1].version) if digest else None
    if kept is not None:
        tags.update(zip(CHECKS, (kept, events[-1].version), strict=True))
    record = Record(tags=tags)
    _hands(record, events[1:], viewer, spans, rules.hand_enders, grammar_of(rules.name).transfers)
    _annotate(record, app, game_id, viewer, spans)
    return record


def as_amended(events: list[StoredEvent]) -> dict[str, Any]:
    """The game's setup as its last amendment left it (all amendments come before the first move): the record is
    written as if set up so, and an import of it sets up the game with the corrected names and options."""
    setup = dict(events[0].data)
    for event in events:
        if event.topic == SetupAmended.TOPIC:
            setup.update(players=event.data["players"], options=event.data["options"])
    return setup


def _hands(record: Record, events: list[StoredEvent], viewer: Viewer, spans: HandSpans | None,
           enders: frozenset[str], transfers: str) -> None:
    """Cut the moves into hands (a hand ends with the move whose events end one, unless it was voided, and the
    entries and stated counts of hands nobody entered that follow it) with their result lines, which count no
    voided move's figures."""
    hand: Hand | None = None
    totals: dict[tuple[str, str], int] = {}
    ended = False
    for event in events:
        if event.type == "MoveRecorded":
            action = present_event(event, viewer, spans)["data"]["action"]
            if hand is None or (ended and action.get("type") not in COUNT_KINDS):
                _close(record, hand, totals, ended)
                hand, totals, ended = Hand(len(record.hands) + 1, 0), {}, False
                record.hands.append(hand)
            by = event.data["recorded_by"] if is_correction(action) else None
            hand.moves.append(Move(0, 0, str(action.get("player", "")), action, event.data["move"],
                                   voided=event.voided is not None, first_version=event.version,
                                   last_version=event.version, requested_by=by))
        elif hand is not None:
            hand.moves[-1].last_version = event.version
            if not hand.moves[-1].voided:  # a voided move's payouts count no more, nor does its end of a hand
                add_figures(totals, event.data, record.players, transfers)
                ended = ended or event.topic in enders
    _close(record, hand, totals, ended)


def _close(record: Record, hand: Hand | None, totals: dict[tuple[str, str], int], ended: bool) -> None:
    if hand is not None and ended:
        hand.result = Result(0, figures_of(totals, record.players))


def _annotate(record: Record, app: GameStore, game_id: UUID, viewer: Viewer, spans: HandSpans | None) -> None:
    """Each annotation on the game, on the move ending at its position, or as a variation of the move after it."""
    moves = [move for hand in record.hands for move in hand.moves]
    ending = {move.last_version: move for move in moves}
    starting = {move.first_version: move for move in moves}
    for note in annotations_of(app, game_id).notes.values():
        if note["deleted"]:
            continue
        written = Note(note["comment"], note["glyph"])
        at = note["at"]
        if note["line"] and at + 1 in starting:
            if viewer.sees_everything or (spans is not None and spans.hand_ended(at)):
                line = [Move(0, 0, str(a.get("player", "")), a) for a in note["line"]]
                starting[at + 1].variations.append(Variation(0, 0, line, written))
            continue
        target = ending.get(at) if note["target"] != "game" else None
        (target.notes if target is not None else record.notes).append(written)
