"""The random part of a run: samples drawn from one seed per run, printed in pytest's header, so a failure replays.

The default run plays the games chosen for what they show (rare events, each checked to still show it) plus a
small random sample that differs from run to run; the `slow` stage plays the full ranges. The seed comes from
MELDBOOK_TEST_SEED, or is drawn when the run starts (tests/conftest.py, or tools/test_stages.py for every stage of
one run) and set there, so xdist's workers, which inherit it, collect the same tests:

    MELDBOOK_TEST_SEED=123456 make test-fast     # the same samples again
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from typing import Any

import pytest

SEED_VARIABLE = "MELDBOOK_TEST_SEED"


def run_seed() -> int:
    """The run's seed: MELDBOOK_TEST_SEED, else a new one, set in the environment for the processes to come."""
    given = os.environ.get(SEED_VARIABLE, "").strip()
    if not given:
        given = str(random.SystemRandom().randrange(1, 10**6))
        os.environ[SEED_VARIABLE] = given
    try:
        return int(given)
    except ValueError:
        raise ValueError(f"{SEED_VARIABLE} must be a whole number, not {given!r}") from None


def sample(population: Sequence[int], k: int, salt: str) -> list[int]:
    """k members of the population, the same for the same run seed and salt (each sample names its own salt, so
    two samples of one run are drawn apart), in ascending order."""
    rng = random.Random(f"{run_seed()}:{salt}")
    return sorted(rng.sample(population, min(k, len(population))))


def sampled_ids(seeds: Sequence[int], prefix: str = "sampled") -> list[str]:
    """Test ids that say a seed was drawn at random (`sampled-1234`), beside the chosen ones' plain numbers."""
    return [f"{prefix}-{seed}" for seed in seeds]


def drawn_params(values: Sequence[Any], k: int, salt: str) -> list[Any]:
    """Each value as a test parameter: k of them drawn for this run's default stages, the others marked `slow`, so
    that the default run meets a different k each time and a whole run (`make test`, `.ci/run`) meets every one.
    The test ids are the same whichever are drawn; a tuple is one parameter set (several argument names)."""
    rng = random.Random(f"{run_seed()}:{salt}")
    drawn = set(rng.sample(range(len(values)), min(k, len(values))))
    return [value if index in drawn else pytest.param(*value if isinstance(value, tuple) else (value,),
                                                      marks=pytest.mark.slow)
            for index, value in enumerate(values)]
