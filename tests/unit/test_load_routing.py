"""The load benchmark's routing by game (bench/load.py `port_of`): what a proxy hashing game ids does, one server for
every request of a game, the games spread over all the servers."""

from __future__ import annotations

import random
import uuid
from collections import Counter

from bench.load import port_of

PORTS = [8001, 8002, 8003, 8004]


def _game_ids(count: int) -> list[str]:
    seeded = random.Random(0)
    return [str(uuid.UUID(int=seeded.getrandbits(128), version=4)) for _ in range(count)]


def test_every_request_of_a_game_goes_to_the_same_server() -> None:
    for game_id in _game_ids(50):
        assert len({port_of(game_id, PORTS) for _ in range(5)}) == 1
        assert port_of(game_id, PORTS) == port_of(game_id.upper(), list(PORTS))


def test_the_games_spread_over_every_server() -> None:
    counts = Counter(port_of(game_id, PORTS) for game_id in _game_ids(400))
    assert set(counts) == set(PORTS)
    assert min(counts.values()) >= 60  # 100 each on average


def test_one_server_takes_every_game() -> None:
    assert {port_of(game_id, [9000]) for game_id in _game_ids(20)} == {9000}
