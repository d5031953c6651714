"""The replays' problem codes: a move the game (or the hand asked for) does not hold. Each error class declares its
problem (domain/errors.py); api/problem_table.py gathers them with every other layer's."""

from __future__ import annotations

from domain.errors import Problem, problems_of
from replays.frames import MoveNotFoundError

REPLAY_PROBLEMS: tuple[Problem, ...] = problems_of(MoveNotFoundError)
"""Every code of the replays'."""
