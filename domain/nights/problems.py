"""The nights' problem codes (`night-not-found`, `night.*`): what a night may hold, and who may change it. They
reach the one registry (domain/variants.py) beside the generic codes and each variant's."""

from __future__ import annotations

from domain.problems import Problem

NIGHTS: tuple[Problem, ...] = (
    Problem(
        "night-not-found",
        "No such night",
        "the night id: no night has it, or it holds a private game and the request carries no night token",
        "there is no night 00000000-0000-4000-8000-000000000000",
        404,
    ),
    Problem(
        "night.missing-token",
        "Night token needed",
        "the X-Night-Token header: adding a game to a night, or taking one out, needs the night's token",
        "this needs the night's token: X-Night-Token: <token>",
        401,
    ),
    Problem(
        "night.invalid-token",
        "Not this night's token",
        "the X-Night-Token header: the token shown once when the night was opened",
        "this token is not the night's",
        403,
    ),
    Problem(
        "night.game-already-in",
        "Game already in the night",
        "`game`: a game belongs to a night once",
        "game 5b1e... is in this night already",
        409,
    ),
    Problem(
        "night.game-not-in",
        "Game not in the night",
        "the game in the path: only a game the night holds is taken out of it",
        "game 5b1e... is not in this night",
        404,
    ),
    Problem(
        "night.no-chip-value",
        "Night without a chip value",
        "`chip_value`: a Royal Rummy game is settled in chips, so its night needs a chip value to turn them into money",
        "this night has no chip_value: a Royal Rummy game cannot join it",
        422,
    ),
    Problem(
        "night.currency-mismatch",
        "Two currencies",
        "`robins_stake.currency`: a night keeps one money unit, so its chip value and its stake share a currency",
        "chip_value is in NOK and robins_stake in EUR: a night keeps one currency",
        422,
    ),
    Problem(
        "night.too-many-players",
        "Too many players for one night",
        "`game`: the night's sheet settles up exactly, which it does for at most 12 parties (the players, and the "
        "banker of a Royal Rummy game)",
        "with this game the night would have 13 parties: it settles at most 12",
        422,
    ),
)
