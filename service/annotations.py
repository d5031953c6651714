"""The annotation use cases: write, edit and delete an annotation of a game, each in the game's annotations stream.

Each loads the stream (or opens it), calls one command and saves it; the game's own stream is only read, so its
version never moves. An alternative line is played on from its position by the one branching service
(service/branching.py) and stored as it was accepted; a refused move is the move's own error, naming its index.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError

from domain.access.game_access import RECORDER, NotPermittedError, seat_player
from domain.access.visibility import Viewer
from domain.beside.annotations import GameAnnotations, annotations_id
from domain.errors import InvalidTextError, MeldbookError
from domain.record.hands import hand_spans
from domain.record.moves import MoveRecorded
from domain.rules.docs import to_doc
from domain.text import check_line, check_text, normal_name
from service.access import SAVE_ATTEMPTS
from service.branching import branch_game
from service.ports import GameStore

Stream = TypeVar("Stream", bound=Aggregate)
Default = TypeVar("Default")
MAX_COMMENT = 4000
MAX_AUTHOR = 40


def stored_or(app: GameStore, stream_id: UUID, missing: Callable[[], Default]) -> Any | Default:
    """A stream beside a game (its annotations, its disputes, its claims) as stored, or what `missing` gives when
    none has been written yet."""
    try:
        return app.repository.get(stream_id)
    except AggregateNotFoundError:
        return missing()


def annotations_of(app: GameStore, game_id: UUID) -> GameAnnotations:
    """The game's annotations as stored, or a new stream when none has been written yet."""
    found: GameAnnotations = stored_or(app, annotations_id(game_id), lambda: GameAnnotations.open(game_id))
    return found


def author_name(grant: str, given: object) -> str:
    """The author's name as given (one line), or by default the seat's player, or "Recorder"."""
    if given is None:
        return seat_player(grant) or "Recorder"
    name = normal_name(check_line(given, "author", max_length=10 * MAX_AUTHOR))
    if not 1 <= len(name) <= MAX_AUTHOR:
        raise InvalidTextError(f"author must be a name of 1 to {MAX_AUTHOR} characters", field="author")
    return name


def add_annotation(
    app: GameStore,
    game_id: UUID,
    grant: str,
    viewer: Viewer,
    target: str,
    comment: str,
    glyph: str | None = None,
    author: str | None = None,
    at: int | None = None,
    line: Sequence[Mapping[str, Any]] = (),
) -> int:
    """Write an annotation of the game, the hand holding version `at` or the event at it (by default the game's
    latest version); its alternative line, if any, is played on from `at` first, by a writer whose `viewer` sees
    everything there or once that hand has ended. Its number."""
    latest = app.latest_version(game_id)
    position = latest if at is None else at
    if not 1 <= position <= latest:
        raise MeldbookError(f"at must be a version of the game, 1 to {latest}", code="validation-error", field="at")
    text = check_text(comment, "comment", max_length=MAX_COMMENT)
    name = author_name(grant, author)
    accepted: list[dict[str, Any]] = []
    if line:
        check_line_allowed(app, game_id, viewer, position)
        branched = branch_game(app, game_id, position, line, field="line")
        accepted = [to_doc(dict(e.action)) for e in branched.events if isinstance(e, MoveRecorded)]
    return _change(
        app, game_id, lambda notes: notes.add(target, position, latest, text, glyph, name, grant, accepted)
    )


def check_line_allowed(app: GameStore, game_id: UUID, viewer: Viewer, at: int) -> None:
    """Refuse a line from a hand in progress to a writer who does not see everything there: whether a move of it
    is legal, or what a draw brings, would tell what the other hands and the stock hold."""
    if viewer.sees_everything:
        return
    rules = app.created(game_id).rules
    spans = hand_spans(rules, ((e.originator_version, e.topic) for e in app.recorder.select_events(game_id)))
    if not spans.hand_ended(at):
        raise NotPermittedError(
            "a line from a hand in progress would reveal its hidden cards (which moves are legal, what a draw brings): "
            "only a view that sees everything there may write one; write it once the hand has ended",
            field="line",
        )


def edit_annotation(
    app: GameStore, game_id: UUID, grant: str, number: int, changes: Mapping[str, Any]
) -> None:
    """Replace an annotation's comment, glyph or author name (those given): its author's role-holder only."""

    def edit(notes: GameAnnotations) -> None:
        note = _own(notes, number, grant)
        comment = check_text(changes["comment"], "comment", max_length=MAX_COMMENT) if "comment" in changes else None
        name = author_name(grant, changes["author"]) if "author" in changes else note["author"]
        glyph = changes["glyph"] if "glyph" in changes else note["glyph"]
        notes.edit(number, note["comment"] if comment is None else comment, glyph, name, grant)

    _change(app, game_id, edit)


def delete_annotation(app: GameStore, game_id: UUID, grant: str, number: int) -> None:
    """Delete an annotation: its author's role-holder only."""
    _change(app, game_id, lambda notes: notes.delete(_own(notes, number, grant)["id"], grant))


def _own(notes: GameAnnotations, number: int, grant: str) -> dict[str, Any]:
    note = notes.current(number)
    if note["role"] != grant:
        who = "the recorder" if note["role"] == RECORDER else note["role"]
        raise NotPermittedError(f"annotation {number} was written by {who}: only it may change it, not {grant}")
    return note


def _change(app: GameStore, game_id: UUID, command: Callable[[GameAnnotations], Any]) -> Any:
    """Load the annotations stream, run one command and save; a concurrent change is met by trying again."""
    return change_stream(app, lambda: annotations_of(app, game_id), command)


def change_stream(app: GameStore, load: Callable[[], Stream], command: Callable[[Stream], Any]) -> Any:
    """Load a stream beside a game (its annotations, its disputes), run one command and save; a concurrent change
    is met by loading again and trying again."""
    for attempt in range(SAVE_ATTEMPTS):
        stream = load()
        result = command(stream)
        try:
            app.save(stream)
            return result
        except IntegrityError:
            if attempt == SAVE_ATTEMPTS - 1:
                raise
    return None
