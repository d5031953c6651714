"""Finished bot games of every variant, stored through the application with a known recorder token, for the
settlement, audit and what-if tests; and records with deliberately wrong payouts, written underneath the API."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from flask import Flask

from bots.twins import recorded_twin, shuffled_again
from service.tokens import token_hash
from tests.bot_games import play_robins, play_roby, play_royal

TOKEN = "settlement-recorder-token-0123456789"
ROBY_SEED = 39
"""A four-player Roby game with a re-enlistment whose pot share (2000 over 3) is rounded up, to 667."""
ROBINS_SEED = 10
"""A Robins Rummy game that ends a hand with a deuce in bob's hand (5 points, or 20 under deuce_in_hand=20)."""


@cache
def bot_events(variant: str) -> tuple[Any, ...]:
    """The events of one finished bot game of a variant (played once per process)."""
    played: dict[str, Callable[[], list[Any]]] = {
        "roby": lambda: play_roby(ROBY_SEED, players=4).collect_events(),
        "robins": lambda: play_robins(ROBINS_SEED)[1],
        "royal": lambda: play_royal(3, players=4, deals=3).collect_events(),
    }
    return tuple(played[variant]())


def new_record(variant: str, recorded: bool = False) -> list[Any]:
    """A fresh copy of a variant's bot game (a new id), with the recorder token TOKEN, as events not yet stored;
    `recorded`: entered as a recorder enters a real table's game (every card named)."""
    events = bot_events(variant)
    game = recorded_twin(events, token_hash(TOKEN)) if recorded else shuffled_again(events, token_hash(TOKEN))
    return list(game.pending_events)


def store(app: Flask, events: Sequence[Any]) -> str:
    """Write a record's events into the store underneath the API (mapper and recorder); the game's id."""
    meldbook = app.extensions["meldbook"]
    meldbook.recorder.insert_events([meldbook.mapper.to_stored_event(event) for event in events])
    return str(events[0].originator_id)


def changed(event: Any, **values: Any) -> Any:
    """The same stored event with some of its data changed."""
    return dataclasses.replace(event, **values)


def renumbered(events: Sequence[Any], start: int) -> list[Any]:
    """Events given consecutive versions from `start` (after one is taken out or put in)."""
    return [dataclasses.replace(e, originator_version=start + i) for i, e in enumerate(events)]
