"""The bots' games as the tests share them: a seed plays the same game whoever asks, so each test process plays it
once and hands every caller a copy of its own.

`play_roby`, `play_robins` and `play_royal` take what bots/ takes and give what it gives: a finished game whose
events are still pending (with Robins Rummy's list of them), unpickled afresh for each call, so a test may collect,
save or change its copy without another test seeing it, and under an id of its own, as a game played again would
be (two copies saved in one store are two games). A game asked for with a callback after each move is played
again, since the callback is what the caller wants. The bots' own tests (tests/unit/*/test_bot_games*.py and the
like) play through bots/ itself.
"""

from __future__ import annotations

import inspect
import json
import os
import pickle
from collections.abc import Callable
from typing import Any, TypeVar
from uuid import UUID, uuid4

from eventsourcing.domain import AggregateEvent

from bots import robins, roby, royal
from domain.record.game import Game

Played = TypeVar("Played")
KEPT = 256
"""Games kept per process at most (the suite's default run asks for about 150 different ones); the oldest go first."""
_played: dict[str, bytes] = {}
_player = os.getpid()
"""The process that played the games kept: a process forked from it (mutmut runs each mutant's tests in one, with
the rules mutated) plays its own, under its own rules, rather than reuse its parent's."""


def shared(play: Callable[..., Played], *args: Any, **kwargs: Any) -> Played:
    """What `play(*args, **kwargs)` returns, played once per process and these arguments, copied for each call."""
    global _player
    if os.getpid() != _player:
        _played.clear()
        _player = os.getpid()
    bound = inspect.signature(play).bind(*args, **kwargs)
    bound.apply_defaults()
    key = f"{play.__module__}.{play.__qualname__}{json.dumps(bound.arguments, sort_keys=True, default=repr)}"
    if key not in _played:
        if len(_played) >= KEPT:
            del _played[next(iter(_played))]
        _played[key] = pickle.dumps(play(*args, **kwargs), pickle.HIGHEST_PROTOCOL)
    copy: Played = pickle.loads(_played[key])
    renamed(copy, {})
    return copy


def renamed(played: Any, ids: dict[UUID, UUID]) -> None:
    """Give each game in what was played (a game, its events, or a tuple or list of them) a new id, its events
    with it."""
    if isinstance(played, Game):
        played._id = ids.setdefault(played.id, uuid4())
        renamed(played.pending_events, ids)
    elif isinstance(played, AggregateEvent):
        vars(played)["originator_id"] = ids.setdefault(played.originator_id, uuid4())
    elif isinstance(played, list | tuple):
        for item in played:
            renamed(item, ids)


def _sharing(play: Callable[..., Played]) -> Callable[..., Played]:
    """`play`, its games shared unless a callback after each move is given."""

    def shared_play(*args: Any, **kwargs: Any) -> Played:
        if inspect.signature(play).bind(*args, **kwargs).arguments.get("after_each") is not None:
            return play(*args, **kwargs)
        return shared(play, *args, **kwargs)

    shared_play.__doc__ = f"bots' {play.__name__}, its game played once per process for these arguments"
    return shared_play


play_roby = _sharing(roby.play_roby)
play_robins = _sharing(robins.play_robins)
play_royal = _sharing(royal.play_royal)
