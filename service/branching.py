"""One branching service: a game at a position, played on in a scratch copy through the same rules that record
moves, with other actions or under other house-rule options. Nothing it does is stored.

Annotations' alternative lines and the settlement's what-if both read it: a line of moves from a position, or the
record itself recorded again under other options (every stored action, with the seeds it drew, in order) and then
played on. A refused move is the move's own error (the same `code` as `POST /moves`), with `index` naming it.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.errors import InvalidActionError, MeldbookError
from domain.record.game import Game
from domain.record.grouping import group_moves
from domain.record.replay import Step, counted_steps, replay
from domain.rules.decision import Chance
from domain.variants import variant_named
from service.application import GameNotFoundError
from service.ports import GameStore
from service.store.projector import project

MAX_LINE = 200
"""The most moves one alternative line may hold."""


class BranchChance(Chance):
    """Chance for a branch: seeds drawn from a generator seeded by the game and position, so the same branch of
    the same record always deals the same cards."""

    def __init__(self, game_id: UUID, version: int) -> None:
        digest = hashlib.sha256(f"{game_id}:{version}".encode()).digest()
        self._random = random.Random(int.from_bytes(digest[:8], "big"))

    def seed(self) -> int:
        """The next seed of the branch's generator."""
        return self._random.getrandbits(63)


@dataclass(frozen=True, slots=True)
class Branch:
    """A scratch game after a branch: where it left the record, and the events the branch recorded after that."""

    game: Game
    at: int
    """The version of the record the branch starts from."""
    events: list[Any]
    """The events the alternative actions recorded, in order (each move's envelope first)."""


def branch(
    events: Sequence[Any],
    at: int,
    actions: Sequence[Mapping[str, Any]] = (),
    options: Mapping[str, Any] | None = None,
    field: str = "actions",
) -> Branch:
    """The record's `events` (from its creation) read up to version `at`, played on with `actions`.

    With `options`, the record up to `at` is first recorded again under those house-rule options (the others as the
    game was set up); a stored move that they make illegal is refused with `index` naming that move. Each action of
    the line is then recorded in turn; the first refused is the error, with `index` its place in `actions`.
    """
    if len(actions) > MAX_LINE:
        raise InvalidActionError(f"{field} holds {len(actions)} moves; a line holds at most {MAX_LINE}", field=field)
    check_position(events, at)
    created, upto = events[0], [e for e in events if e.originator_version <= at]
    game = _base(created, upto, options) if options is not None else _replayed(upto)
    start = game.version
    refused = replay(game, line_steps(actions, field), BranchChance(created.originator_id, at), stop_at_refusal=True)
    if refused is not None:
        raise at_move(refused.error, field, refused.index) from None
    return Branch(game, at, [e for e in game.pending_events if e.originator_version > start])


def line_steps(actions: Sequence[Any], field: str) -> Iterator[Step]:
    """The line's moves as steps, in order; a move that is not an action body is refused when its turn comes."""
    for index, body in enumerate(actions):
        if not isinstance(body, Mapping):
            error = InvalidActionError("each move of a line must be an action body (a JSON object)")
            raise at_move(error, field, index)
        yield Step(body)


def branch_game(
    app: GameStore,
    game_id: UUID,
    at: int,
    actions: Sequence[Mapping[str, Any]] = (),
    options: Mapping[str, Any] | None = None,
    field: str = "actions",
) -> Branch:
    """A branch of a stored game (read from the application's store up to the position, and one event past it)."""
    events = list(app.repository.event_store.get(game_id))
    if not events:
        raise GameNotFoundError(f"there is no game {game_id}")
    return branch(events, at, actions, options, field)


def check_position(events: Sequence[Any], at: int) -> None:
    """Refuse a position that is not in the record or falls inside a move: a branch starts after a move's last
    event (or after the game's setup)."""
    last = events[-1].originator_version
    if not 1 <= at <= last:
        raise InvalidActionError(f"at must be a version of the game, 1 to {last}", field="at")
    if at == last:
        return
    groups = group_moves(variant_named(events[0].variant), [e for e in events if e.originator_version <= at + 1])
    if groups[-1].first_version != at + 1:
        raise InvalidActionError(
            f"version {at} falls inside move {groups[-1].number}: a branch starts where a move ends", field="at"
        )


def at_move(error: MeldbookError, field: str, index: int) -> MeldbookError:
    """The move's own error (its class and code kept), naming the move of the line that it refused."""
    error.field = f"{field}[{index}].{error.field}" if error.field else f"{field}[{index}]"
    error.details = {**error.details, "index": index}
    error.message = f"move {index + 1} of the line: {error.message}"
    return error


def _replayed(upto: Sequence[Any]) -> Game:
    """The game as its stored events left it at the position (a scratch aggregate, never saved)."""
    game: Game | None = project(None, upto)
    assert game is not None
    game.moves = game.moves if game.moves is not None else group_moves(game.rules, upto)[-1].number
    return game


def _base(created: Any, upto: Sequence[Any], options: Mapping[str, Any]) -> Game:
    """The record up to the position recorded again under other options: every move that counts there (corrections
    applied: voided moves left out, amended ones as amended), with the seeds it drew, in order."""
    counted = _replayed(upto).counted
    if counted is None:
        raise InvalidActionError(
            "this game was stored before moves carried their actions, so it cannot be recorded again under other "
            "options",
            field="options",
        )
    game = Game.set_up_again(created, options)
    refused = replay(game, counted_steps(counted), stop_at_refusal=True)
    if refused is not None:
        raise at_move(refused.error, "record", refused.index) from None
    return game
