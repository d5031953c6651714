"""Sample games for everyone: the bots play whole games of a variant and each is written in the notation, the same
text for the same seed.

A bot plays a shuffled game in memory (bots/); it is written by the one exporter (service/notation_export.py)
from a scratch in-memory store that is renewed every few hundred games, so memory stays flat however many games
are asked for. In the recorded deal mode (the default) each game is its recorded twin, as a scorer at a real
table writes it: every cut, deal and draw names its cards and no seeds are written.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from bots import NothingListed
from bots.samples import SAMPLE_GAMES
from bots.twins import recorded_twin
from domain.access.visibility import Viewer
from domain.notation.archive import join_archive
from service.application import Meldbook
from service.notation_export import export_record

SCRATCH = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": ":memory:"}
SCRATCH_GAMES = 200
"""Games written through one scratch store before it is dropped for a new one."""
DEAL_MODES = ("recorded", "shuffled")


MIXED = "mixed"
"""Not a variant: the three bots in turn."""
CHOICES: dict[str, list[Callable[[int], list[Any]]]] = {
    **{name: [sample_game] for name, sample_game in SAMPLE_GAMES.items()},
    MIXED: list(SAMPLE_GAMES.values()),
}
"""The bots each choice of `meldbook simulate --variant` plays in turn: a variant's own, or every variant's."""


class BotGameFailed(Exception):
    """A bot game that could not be played to its end: which game of which seed, and why (the bot's error names the
    position)."""

    def __init__(self, number: int, games: int, seed: int, game_seed: int, cause: NothingListed) -> None:
        self.number, self.seed, self.game_seed, self.cause = number, seed, game_seed, cause
        super().__init__(f"game {number} of {games} of seed {seed} (the bot's seed {game_seed}): {cause}")


Failed = Callable[[BotGameFailed], None]
"""Told of each bot game that failed, the games after it carrying on; without one, the first failure is raised."""


def bot_games(choice: str, games: int, seed: int, failed: Failed | None = None) -> Iterator[list[Any]]:
    """The events of `games` bot games of a choice (CHOICES: a variant, or each in turn), drawn from one seed."""
    seeds = random.Random(seed)
    players = CHOICES[choice]
    for number in range(games):
        game_seed = seeds.getrandbits(32)
        try:
            events = players[number % len(players)](game_seed)
        except NothingListed as error:
            failure = BotGameFailed(number + 1, games, seed, game_seed, error)
            if failed is None:
                raise failure from error
            failed(failure)
            continue
        yield events


def simulated_records(
    variant: str, games: int, seed: int, deal_mode: str = "recorded", failed: Failed | None = None
) -> Iterator[str]:
    """Each bot game's canonical text in the full view (seeds only in the shuffled deal mode), without a digest:
    the scratch store that held it is thrown away, so there is no game to check one against."""
    scratch: Meldbook | None = None
    try:
        for number, events in enumerate(bot_games(variant, games, seed, failed)):
            if number % SCRATCH_GAMES == 0:
                if scratch is not None:
                    scratch.close()
                scratch = Meldbook(SCRATCH)
            assert scratch is not None
            if deal_mode == "recorded":
                twin = recorded_twin(events)
                scratch.save(twin)
                yield export_record(scratch, twin.id, Viewer.FULL, digest=False)
            else:
                scratch.save(*events)
                yield export_record(scratch, events[0].originator_id, Viewer.FULL, digest=False)
    finally:
        if scratch is not None:
            scratch.close()


def simulated_archive(
    variant: str, games: int, seed: int, deal_mode: str = "recorded", failed: Failed | None = None
) -> Iterator[str]:
    """An archive of bot games, piece by piece (less those that failed, each told to `failed`)."""
    return join_archive(simulated_records(variant, games, seed, deal_mode, failed))
