"""Importing a record in the Meldbook notation: the game is set up from its tags and every move is recorded by
the same `Game.record` that records `POST /moves`, so there is no second rules engine. Nothing is drawn from
chance: a shuffled record carries the seeds each move drew (a full-view export writes them), so the same text
always imports as the same game; a move that would draw without its seeds is refused at its line. Its comments
and glyphs become annotations, its variations are played through the branching service, and its result lines are
compared with what the rules computed. The game, its annotations and its claims are saved together, or nothing is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.beside.annotations import GameAnnotations
from domain.beside.claims import GameClaims
from domain.corrections.kinds import is_correction
from domain.errors import MeldbookError
from domain.notation.budget import StepBudget
from domain.notation.errors import NotationError
from domain.notation.grammars import grammar_of
from domain.notation.reader import Read, RecordReader
from domain.notation.record import Hand, Move, Note, Record
from domain.notation.results import add_figures
from domain.notation.tags import CURRENCY, DEFAULTS, RULES, UNKNOWN
from domain.record.game import Game
from domain.record.moves import RECORDER, MoveRecorded
from domain.rules.decision import NoChance
from domain.rules.docs import to_doc
from domain.text import check_text
from service.annotations import MAX_COMMENT
from service.branching import branch
from service.notation_corrections import VoidMarks
from service.ports import GameStore
from service.tokens import new_token, token_hash

CLAIMS = ("refuse", "keep")
"""What an import does with a stated result the rules compute otherwise: refuse the record, or keep it as a claim."""
AUTHOR = "Recorder"
"""The author of the annotations an import writes, as the recorder's own are signed."""


@dataclass(frozen=True, slots=True)
class ImportedGame:
    """What an import answers, as `POST /games` does: the game's id, its version and its recorder token."""

    game_id: UUID
    version: int
    recorder_token: str


def import_record(
    app: GameStore, text: str | Iterable[str], *, claims: str = "refuse", first_line: int = 1,
    budget: StepBudget | None = None, beside: Callable[[Game], Sequence[Any]] | None = None,
) -> ImportedGame:
    """Import one record, its text or its lines (the first being line `first_line` of its file); a NotationError at the
    first line that cannot be read or recorded, with the move's own code for a refused move, and nothing stored.

    Each line is recorded as it is read, so a record is refused at its first bad line having read no further; and
    no record spends more than its step budget (domain/notation/budget.py). `beside` gives aggregates to save with
    the game, in the same transaction (the record's import record: service/archives.py)."""
    if claims not in CLAIMS:
        raise MeldbookError(f"claims must be one of: {', '.join(CLAIMS)}", code="validation-error", field="claims")
    budget = budget or StepBudget()
    reader = RecordReader(first_line)
    recording: _Recording | None = None
    lines = text.split("\n") if isinstance(text, str) else text
    for number, raw in enumerate(lines, first_line):
        budget.spend("lines", 1, number)
        budget.check_line(raw, number)
        read = reader.read(number, raw)
        if read is None:
            continue
        if recording is None:  # the tag pairs are over: the game is set up from them
            recording = _Recording(app, reader.record, claims == "keep", budget)
        recording.take(read)
    record = reader.finish()
    return (recording or _Recording(app, record, claims == "keep", budget)).finish(app, beside)


class _Recording:
    """A record's game as its lines are read: set up from its tags, each move recorded as it comes, each hand's
    stated result checked as the hand ends, and the annotations written once the last line is read."""

    def __init__(self, app: GameStore, record: Record, keep: bool, budget: StepBudget) -> None:
        self.record, self.keep, self.budget = record, keep, budget
        self.token = new_token()
        self.game = _set_up(app, record, token_hash(self.token))
        tags = [str(record.tags.get(tag, UNKNOWN)) for tag in ("Event", "Site", "Date")]
        self.stated = GameClaims.open(self.game.id, *tags)
        self.marks = VoidMarks()
        self.transfers = grammar_of(self.game.variant).transfers
        self.hand: Hand | None = None
        self.hands = 0
        self.totals: dict[tuple[str, str], int] = {}
        self.versions: dict[int, tuple[int, int]] = {}
        """Each move's versions before and after it was recorded, by the move's id()."""
        self.lines: dict[int, list[dict[str, Any]]] = {}
        """Each variation's line as accepted, by the variation's id()."""

    def take(self, read: Read) -> None:
        """Act on what one line added: a hand begun, a move recorded, a variation played."""
        if read.hand is not None and read.hand is not self.hand:
            self._end_hand()
            self.hand, self.hands, self.totals = read.hand, self.hands + 1, {}
        if read.kind == "move" and read.move is not None and read.hand is not None:
            self._move(read.hand, read.move)
        elif read.kind == "variation" and read.move is not None and read.variation is not None:
            before = self.versions[id(read.move)][0]
            self.budget.spend("replayed", before, read.variation.line)
            self.budget.spend("actions", len(read.variation.moves), read.variation.line)
            self.lines[id(read.variation)] = _variation(self.game, before, read.variation.moves)

    def _move(self, hand: Hand, move: Move) -> None:
        self.budget.spend("actions", 1, move.line)
        if hand.deal() is move:
            _check_dealer(self.game, hand)
        game, before = self.game, self.game.version
        _record_move(game, move, self.marks)
        for event in [] if move.voided else _events_after(game, before):  # a voided move's figures count no more
            add_figures(self.totals, _data(event), game.players, self.transfers)
        self.versions[id(move)] = (before, game.version)

    def _end_hand(self) -> None:
        """Compare the stated result of the hand just read, if it states one, with what the rules computed."""
        hand = self.hand
        if hand is None or hand.result is None:
            return
        for figure in hand.result.figures:
            player = _seat(self.game, figure.player)
            computed = self.totals.get((player, figure.what), 0)
            if figure.amount == computed:
                continue
            if not self.keep:
                raise NotationError(
                    f"the record states {figure.amount} {figure.what} for {player} in hand {self.hands}, the rules "
                    f"compute {computed}; import with claims=keep to keep the stated figure as a claim",
                    line=hand.result.line, column=figure.column, code="stated-result-differs",
                    details={"stated": figure.amount, "computed": computed},
                )
            self.stated.claim(self.hands, player, figure.what, figure.amount, computed, hand.result.line)

    def finish(self, app: GameStore, beside: Callable[[Game], Sequence[Any]] | None = None) -> ImportedGame:
        """Check the last hand and the voided marks, write the annotations, and save it all together."""
        self._end_hand()
        self.marks.finish()
        game, notes = self.game, GameAnnotations.open(self.game.id)
        written: list[tuple[str, int, Note, list[dict[str, Any]]]] = [
            ("game", 1, note, []) for note in self.record.notes
        ]
        for hand in self.record.hands:
            for move in hand.moves:
                before, after = self.versions[id(move)]
                written += [("event", after, note, []) for note in move.notes]
                written += [("event", before, v.note, self.lines[id(v)]) for v in move.variations]
        for target, at, note, line in written:
            notes.add(target, at, game.version, _comment(note), note.glyph, AUTHOR, RECORDER, line)
        app.save(game, self.stated, *([notes] if written else []), *(beside(game) if beside else ()))
        return ImportedGame(game.id, game.version, self.token)


def _set_up(app: GameStore, record: Record, hashed: str) -> Game:
    tags = {**DEFAULTS, **record.tags}
    title = tags.get("Title", "")  # a record that does not say has no title; "?" is a title like any other
    try:
        return Game.set_up(
            tags["Variant"], record.players, record.options, tags["DealMode"], hashed, NoChance(), title,
            tags["Recording"], tags["Access"], tags[RULES], tags[CURRENCY],
        )
    except MeldbookError as error:
        raise NotationError.at(error, _tag_line(record, error.field), 1) from None


def _tag_line(record: Record, field: str | None) -> int:
    """The line of the tag a setup error names (its field), else the Variant tag's."""
    head = (field or "").split(".", 1)
    names = {"players": "Seat1", "deal_mode": "DealMode", "recording": "Recording", "access": "Access",
             "rules_version": RULES, "currency": CURRENCY, "title": "Title",
             "options": f"Option.{head[1] if len(head) > 1 else ''}"}
    name = names.get(head[0], f"Option.{head[0]}")
    return record.tag_lines.get(name, record.tag_lines.get("Variant", record.first_line))


def _check_dealer(game: Game, hand: Hand) -> None:
    """The dealer a hand's header names is the actor of its deal line (whom the rules then check)."""
    deal = hand.deal()
    if hand.dealer is None or deal is None:
        return
    named, dealing = _seat(game, hand.dealer), _seat(game, str(deal.body.get("player", "")))
    if named != dealing:
        raise NotationError(
            f"the header names {named} the dealer of hand {hand.number}, but its deal line is {dealing}'s",
            line=hand.line, column=hand.dealer_column, code="notation-dealer",
        )


def _record_move(game: Game, move: Move, marks: VoidMarks) -> None:
    """Record a move line as POST /moves records it, or a correction line as the corrections service does; a line
    marked voided is recorded as it was, for a correction after it to void."""
    expected = (game.moves or 0) + 1
    if move.number is not None and move.number != expected:
        raise NotationError(f"this is move {expected} of the game, not {move.number}", line=move.line, column=1,
                            code="notation-move-number")
    if is_correction(move.body):
        marks.correct(game, move)
    else:
        try:  # decided on the game itself: a refused line refuses the whole record, so the game is thrown away
            game.record(seated(game, move.body), NoChance(), in_place=True)
        except MeldbookError as error:
            raise NotationError.at(error, move.line, move.column_of(error.field)) from None
    if move.voided:
        marks.mark(game.moves or 0, move.line)


def _variation(game: Game, at: int, moves: list[Move]) -> list[dict[str, Any]]:
    """A variation played from `at` through the branching service; the line as accepted."""
    bodies = [seated(game, m.body) for m in moves]
    try:
        branched = branch(list(game.pending_events), at, bodies, field="line")
    except MeldbookError as error:
        index = error.details.get("index", 0)
        move = moves[index]
        field = (error.field or "").split(".", 1)[1] if "." in (error.field or "") else None
        raise NotationError.at(error, move.line, move.column_of(field)) from None
    return [to_doc(dict(e.action)) for e in branched.events if isinstance(e, MoveRecorded)]


def seated(game: Game, body: dict[str, Any]) -> dict[str, Any]:
    """An action body with its player named as seated (the record may write Ann for ann)."""
    return {**body, "player": _seat(game, str(body["player"]))} if "player" in body else dict(body)


def _comment(note: Note) -> str:
    """A comment as an annotation may hold it (the annotations' own check), else refused at its line."""
    try:
        return check_text(note.comment, "comment", max_length=MAX_COMMENT)
    except MeldbookError as error:
        raise NotationError.at(error, note.line, 1) from None


def _seat(game: Game, name: str) -> str:
    """A player's name as seated, read in any case or spacing; an unknown name as written, for the rules to refuse."""
    wanted = " ".join(name.split()).casefold()
    return next((p for p in game.players if p.casefold() == wanted), name)


def _events_after(game: Game, version: int) -> Iterable[Any]:
    """The events recorded after `version` (nothing is saved during an import, so all are still pending)."""
    pending = game.pending_events
    return pending[len(pending) - (game.version - version):]


def _data(event: Any) -> dict[str, Any]:
    return {k: v for k, v in vars(event).items() if k not in ("originator_id", "originator_version", "timestamp")}
