"""Each variant's bot as the samples use it (service/simulation.py): a seed to the events of one whole shuffled game,
chosen by the variant's bot module (how many players, how many deals)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bots import robins, roby, royal

SAMPLE_GAMES: dict[str, Callable[[int], list[Any]]] = {
    "roby": roby.sample_game,
    "robins": robins.sample_game,
    "royal": royal.sample_game,
}
"""Each variant's sample game, by the variant's name (domain/variants.py)."""
