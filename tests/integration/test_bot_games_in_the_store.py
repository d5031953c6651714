"""Property: for many bot games, the state loaded back from the real store at every version, across snapshots,
equals the state after that event (every variant, SQLite and PostgreSQL)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from domain.record.game import Game
from service.application import Meldbook
from tests.bot_games import play_robins, play_roby, play_royal
from tests.integration.conftest import OpenMeldbook
from tests.sampling import sample

CHOSEN = {"roby": 9, "robins": 3, "royal": 0}
"""The game of each variant chosen for what it holds: every event type and entry rule that the first ten seeds show
between them, but for a tied cut (Roby) and three of Royal Rummy's board and pot rules, which the store keeps alike."""
SAMPLED = 1
"""Games drawn anew each run (tests/sampling.py), per variant and store: each game is loaded at every version, and
snapshots every 20 events, each holding the moves that count (corrections), make a load cost more than it did."""
SLOW_SEEDS = [*range(10), *range(1000, 1030)]
"""The slow test's games per variant and store: the first ten, and thirty more."""


Played = tuple[Game, list[Any]]


def roby(seed: int) -> Played:
    game = play_roby(seed, 2 + seed % 7)
    return game, list(game.collect_events())


def royal(seed: int) -> Played:
    game = play_royal(seed)
    return game, list(game.collect_events())


PLAYERS: dict[str, Callable[[int], Played]] = {"roby": roby, "robins": play_robins, "royal": royal}


def docs_after_each_event(game: Game, events: list[Any]) -> dict[int, Any]:
    """The canonical doc after every event, rebuilt by applying the game's events one by one."""
    docs, rebuilt = {}, None
    for event in events:
        rebuilt = event.mutate(rebuilt)
        assert rebuilt is not None
        docs[rebuilt.version] = game.rules.to_doc(rebuilt.state)
    assert docs[game.version] == game.rules.to_doc(game.state)
    return docs


def check_games(app: Meldbook, reader: Meldbook, seeds: dict[str, list[int]]) -> None:
    interval = Meldbook.snapshotting_intervals[Game]
    for variant, play in PLAYERS.items():
        for seed in seeds[variant]:
            game, events = play(seed)
            docs = docs_after_each_event(game, events)
            app.save(*events, game)
            assert reader.snapshots is not None
            snapshots = [s.originator_version for s in reader.snapshots.get(game.id)]
            assert snapshots == list(range(interval, game.version + 1, interval)), (variant, seed)
            for version, doc in docs.items():
                loaded = reader.game(game.id, version=version)
                assert game.rules.to_doc(loaded.state) == doc, f"{variant} seed {seed}: differs at version {version}"


def test_bot_games_of_every_variant_load_back_equal_at_every_version(
    open_meldbook: OpenMeldbook, store_env: dict[str, str]
) -> None:
    store = store_env["PERSISTENCE_MODULE"]
    seeds = {v: [chosen, *sample(range(100_000), SAMPLED, f"{v} in {store}")] for v, chosen in CHOSEN.items()}
    check_games(open_meldbook(), open_meldbook(), seeds)


@pytest.mark.slow
def test_dozens_of_bot_games_load_back_equal_at_every_version(open_meldbook: OpenMeldbook) -> None:
    check_games(open_meldbook(), open_meldbook(), dict.fromkeys(PLAYERS, SLOW_SEEDS))
