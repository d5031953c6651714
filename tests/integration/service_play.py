"""Bot games played through the service, with a live in-memory twin that keeps every state's canonical doc."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from bots import SeededChance, without_version
from bots.roby import moves
from domain.record.game import Game
from service.application import Meldbook
from service.moving import record_move
from service.presenting import StoredEvent
from service.setup import create_game

PLAYERS = ["p1", "p2"]

Stop = Callable[[dict[str, Any], list[Any]], bool]


@dataclass(frozen=True, slots=True)
class Move:
    """One recorded move: its body, the version it expected, and the events record_move returned."""

    body: dict[str, Any]
    expected_version: int
    returned: list[StoredEvent]


@dataclass
class Played:
    """A game recorded through the service, and what its live twin saw while it was played."""

    game_id: UUID
    token: str
    live: Game
    docs: dict[int, dict[str, Any]] = field(default_factory=dict)
    """The live state's canonical doc after each event, by version."""
    moves: list[Move] = field(default_factory=list)


def twin_moves(seed: int) -> list[tuple[dict[str, Any], list[str]]]:
    """The seeded bot game played in memory only: each move's body and the names of the events it produced."""
    chance = SeededChance(seed)
    live = Game.set_up("roby", PLAYERS, {}, "shuffled", "", chance)
    live.collect_events()
    return [
        (without_version(body), [type(e).__name__ for e in live.collect_events()])
        for body in moves(live, random.Random(seed), chance)
    ]


def play_through_service(app: Meldbook, seed: int, max_moves: int | None = None) -> Played:
    """Record a seeded Roby bot game through moving.record_move, the bot picking from the live twin's legal actions.

    The service and the twin draw shuffle seeds from equal SeededChances, so both record the same facts;
    the twin is an in-memory Game that records each body just before the service does.
    """
    app.chance = SeededChance(seed)
    created, token = create_game(app, "roby", PLAYERS, {}, "shuffled")
    chance = SeededChance(seed)
    live = Game.set_up("roby", PLAYERS, {}, "shuffled", created.token_hash, chance)
    played = Played(created.id, token, live)
    shadow = live.rules.fresh_state(live.players, live.options, live.deal_mode, live.rules_version)
    _follow(played, shadow, live.collect_events())
    for body in moves(live, random.Random(seed), chance):
        if max_moves is not None and len(played.moves) >= max_moves:
            break
        move = Move(without_version(body), int(body["expected_version"]), [])
        move.returned.extend(record_move(app, created.id, move.body, move.expected_version, token))
        played.moves.append(move)
        _follow(played, shadow, live.collect_events())
    return played


def _follow(played: Played, shadow: Any, events: list[Any]) -> None:
    """Evolve the shadow state event by event, keeping its doc at each version the live game passed through."""
    rules = played.live.rules
    for event in events:
        if not isinstance(event, Game.Created):
            event.evolve(shadow)
        played.docs[event.originator_version] = rules.to_doc(shadow)
    if events:
        assert events[-1].originator_version == played.live.version
        assert played.docs[played.live.version] == rules.to_doc(played.live.state)


def doc_of(game: Game) -> dict[str, Any]:
    """A game's rule state in canonical form."""
    return game.rules.to_doc(game.state)


def canonical(events: list[StoredEvent]) -> list[tuple[int, str, str, dict[str, Any]]]:
    """Stored events without their timestamps (which differ between the service and the twin)."""
    return [(e.version, e.type, e.topic, e.data) for e in events]
