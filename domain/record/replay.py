"""The one replay driver: steps recorded again, in order, into a game, through the same `Game.record` that recorded
them, with the policy for corrections, setup amendments and refusals given by the caller.

Every place that records a list of actions again goes through `replay`: re-execution and the audit (a record's
envelopes, its setup amendments and corrections among them: domain/record/reexecution.py, audit.py), the state
rebuilt after a correction and a correction's rerun of the moves that count (game.py, domain/corrections/plan.py),
the what-if and alternative lines (service/branching.py) and the bots' twins (bots/twins.py).

A step is a move's action (with who recorded it and from which device, when they are known), or a setup amendment
(a stored `SetupAmended`). The caller says how to record a correction (`correct`: a stored correction is decided
again by the planning that decided it) and a setup amendment (`amend`); without `correct`, a correction is recorded
as any action (which the rules refuse), and a setup amendment needs `amend`. The first step the rules refuse is
raised as the rules raised it, or, with `stop_at_refusal`, returned (`Refused`: its place, the step and the error),
the steps after it left unrecorded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from domain.corrections.kinds import is_correction
from domain.errors import MeldbookError
from domain.record.moves import RECORDER, MoveRecorded
from domain.rules.decision import Chance, NoChance


class Replayable(Protocol):
    """What the driver needs of a game: its pending events and `record` (domain/record/game.py's Game)."""

    @property
    def pending_events(self) -> Sequence[Any]: ...

    def record(self, body: Mapping[str, Any], chance: Chance, recorded_by: str = ..., device: str | None = ...) -> int:
        ...


@dataclass(frozen=True, slots=True)
class Step:
    """One thing to record again: a move's action, or a setup amendment; `source` is what it was read from (a stored
    envelope, a move that counts, an amendment), `move` the record's move number when it is one."""

    action: Mapping[str, Any]
    recorded_by: str = RECORDER
    device: str | None = None
    move: int | None = None
    source: Any = None
    amendment: bool = False


@dataclass(frozen=True, slots=True)
class Refused:
    """The step the rules refused: its place among the steps, the step, and the rules' error."""

    index: int
    step: Step
    error: MeldbookError


def action_steps(bodies: Iterable[Mapping[str, Any]]) -> list[Step]:
    """Steps of plain action bodies (a line of moves, a bot's actions)."""
    return [Step(body) for body in bodies]


def envelope_steps(envelopes: Iterable[MoveRecorded]) -> list[Step]:
    """Steps of stored move envelopes: each action as stored (with the seeds it drew), by whom and from where."""
    return [Step(e.action, e.recorded_by, e.device, e.move, e) for e in envelopes]


def counted_steps(counted: Iterable[Mapping[str, Any]]) -> list[Step]:
    """Steps of the moves that count (a game's `counted`: voided moves left out, amended ones as amended)."""
    return [Step(entry["action"], move=entry["move"], source=entry) for entry in counted]


def record_steps(events: Iterable[Any], amendments: type) -> list[Step]:
    """Steps of a stored record: its setup amendments (events of the class `amendments`) and its move envelopes, in
    the record's order."""
    steps: list[Step] = []
    for event in events:
        if isinstance(event, amendments):
            steps.append(Step({}, source=event, amendment=True))
        elif isinstance(event, MoveRecorded):
            steps.append(Step(event.action, event.recorded_by, event.device, event.move, event))
    return steps


Policy = Callable[[Any, Step], None]
"""How a correction or a setup amendment is recorded again: given the game and the step."""


def replay(
    game: Replayable,
    steps: Iterable[Step],
    chance: Chance | None = None,
    *,
    correct: Policy | None = None,
    amend: Policy | None = None,
    stop_at_refusal: bool = False,
    recorded: Callable[[Step, Sequence[Any]], None] | None = None,
) -> Refused | None:
    """Record each step into `game` in turn (its seeds from `chance`, none by default: a stored action carries the
    seeds it drew); `recorded(step, events)` hears the events each step stored. The first refused step is raised,
    or returned with `stop_at_refusal`; None once every step is recorded."""
    drawn = chance or NoChance()
    for index, step in enumerate(steps):
        before = len(game.pending_events)
        try:
            if step.amendment:
                if amend is None:
                    raise TypeError("a setup amendment is recorded again only through an `amend` policy")
                amend(game, step)
            elif correct is not None and is_correction(step.action):
                correct(game, step)
            else:
                game.record(step.action, drawn, step.recorded_by, step.device)
        except MeldbookError as error:
            if stop_at_refusal:
                return Refused(index, step, error)
            raise
        if recorded is not None:
            recorded(step, game.pending_events[before:])
    return None
