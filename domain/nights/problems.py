"""The nights' problem codes (`night-not-found`, `night.*`): what a night may hold, and who may change it. They
reach the one registry (domain/variants.py) beside the generic codes and each variant's."""

from __future__ import annotations

from domain.errors import Problem, problems_of
from domain.nights.night import NightGameAlreadyInError, NightGameNotInError

NIGHTS: tuple[Problem, ...] = (
    Problem(
        "night.no-chip-value",
        "Night without a chip value",
        "`chip_value`: a Royal Rummy game is settled in chips, so its night needs a chip value to turn them into money",
        "this night has no chip_value: a Royal Rummy game cannot join it",
    ),
    Problem(
        "night.currency-mismatch",
        "Two currencies",
        "`robins_stake.currency`, or a game's `currency`: a night keeps one currency, so its chip value and its stake "
        "share it, and a game in the night counts its money in it",
        "chip_value is in NOK and robins_stake in EUR: a night keeps one currency",
    ),
    Problem(
        "night.too-many-players",
        "Too many players for one night",
        "`game`: the night's sheet settles up exactly, which it does for at most 12 parties (the players, and the "
        "banker of a Royal Rummy game)",
        "with this game the night would have 13 parties: it settles at most 12",
    ),
    *problems_of(NightGameAlreadyInError, NightGameNotInError),
)
