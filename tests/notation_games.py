"""Bot games for the notation's tests: each variant played shuffled by its bot, and its recorded twin."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any
from uuid import UUID

from bots import SeededChance
from bots.roby import moves as roby_moves
from bots.royal_twin import entered_royal_twin
from bots.twins import entered_twin, recorded_twin
from domain.record.game import Game
from tests.bot_games import play_robins, play_roby, play_royal, shared

STORE_METADATA = frozenset({"originator_id", "timestamp", "token_hash", "recorded_by"})
"""What an imported game may store otherwise than the original: its id, the times, the token's hash, the role
that recorded each move."""


ROBY_MOVES = 250
"""A Roby game of the CI's round trips stops after this many moves (a game in progress round-trips as well): the
bot plays a whole game in about a second."""


def _roby(seed: int, whole: bool = False) -> list[Any]:
    if whole:
        return list(play_roby(seed, 2 + seed % 4).collect_events())
    chance = SeededChance(seed)
    game = Game.set_up("roby", [f"p{i + 1}" for i in range(2 + seed % 4)], {}, "shuffled", "", chance)
    for _ in zip(range(ROBY_MOVES), roby_moves(game, random.Random(seed), chance), strict=False):
        pass
    return list(game.collect_events())


def _robins(seed: int) -> list[Any]:
    return play_robins(seed)[1]


def _royal(seed: int) -> list[Any]:
    return list(play_royal(seed, players=3 + seed % 3, deals=2).collect_events())


PLAY: dict[str, Callable[[int], list[Any]]] = {"roby": _roby, "robins": _robins, "royal": _royal}


def bot_events(variant: str, seed: int, deal_mode: str, whole: bool = False) -> list[Any]:
    """The events of a bot game of a variant, shuffled as the bot played it or its recorded twin (a Roby game
    whole, or its first ROBY_MOVES moves); `entered`: a twin of any variant dealt without hands, which its
    players enter. Played once per process (tests/bot_games.py), a copy for each call."""
    return shared(_bot_events, variant, seed, deal_mode, whole)


def _bot_events(variant: str, seed: int, deal_mode: str, whole: bool) -> list[Any]:
    events = _roby(seed, whole) if variant == "roby" else PLAY[variant](seed)
    if deal_mode == "shuffled":
        return events
    if deal_mode == "entered":
        twinned = entered_royal_twin(events) if variant == "royal" else entered_twin(events)
        return list(twinned.collect_events())
    twin: Game = recorded_twin(events)
    return list(twin.collect_events())


def without_digest(text: str) -> str:
    """A record's text less its Digest and DigestAt tags: every stored game has a chain of its own, so an imported
    game's export carries its own digest, not its source's (docs/notation.md)."""
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith("[Digest"))


def stored_facts(app: Any, game_id: UUID) -> list[tuple[str, dict[str, Any]]]:
    """A game's stored events as comparable facts: each type and data, less what an import may store otherwise."""
    facts = []
    for event in app.repository.event_store.get(game_id):
        data = {k: v for k, v in vars(event).items() if k not in STORE_METADATA}
        facts.append((type(event).__qualname__, data))
    return facts
