"""The night use cases: open a night, take games into it (at their creation or later) and out of it, and read its
sheet, each game's figures from its own settlement (service/settlement.py, domain/money/settlement.py).

A night is an aggregate with a stream of its own (domain/nights/night.py); its token is shown once and stored as a
hash. Taking a game in or out needs the night's token and the game's recorder token (the API checks the latter with
the game's own access rules); reading the sheet of a night that holds a private game needs the night's token, and
without it the night answers 404 as one that does not exist.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from domain.errors import MeldbookError, Problem
from domain.money.settlement import settlement_of
from domain.nights.lines import Money
from domain.nights.night import Night
from domain.nights.sheet import NightGame, night_sheet, parties_of
from domain.nights.transfers import MAX_PARTIES
from domain.record.game import Game
from domain.text import check_line
from domain.variants import variant_named
from service.annotations import SAVE_ATTEMPTS, change_stream
from service.ports import GameStore
from service.settlement import record_of
from service.tokens import new_token, token_hash

NIGHT_TOKEN = "X-Night-Token"
MAX_TITLE = 200


class NightNotFoundError(MeldbookError):
    """A night that does not exist, or one holding a private game asked about without its token."""

    problem = Problem(
        "night-not-found",
        "No such night",
        "the night id: no night has it, or it holds a private game and the request carries no night token",
        "there is no night 00000000-0000-4000-8000-000000000000",
    )


class NightTokenMissingError(MeldbookError):
    """A change to a night without its token."""

    problem = Problem(
        "night.missing-token",
        "Night token needed",
        "the X-Night-Token header: adding a game to a night, or taking one out, needs the night's token",
        "this needs the night's token: X-Night-Token: <token>",
    )


class NightTokenError(MeldbookError):
    """A token that is not the night's."""

    problem = Problem(
        "night.invalid-token",
        "Not this night's token",
        "the X-Night-Token header: the token shown once when the night was opened",
        "this token is not the night's",
    )


def open_night(
    app: GameStore, title: str, chip_value: Mapping[str, Any] | None, robins_stake: Mapping[str, Any] | None
) -> tuple[Night, str]:
    """Open a night; it and its token (shown once, stored as a hash)."""
    text = check_line(title, "title", max_length=MAX_TITLE)
    if chip_value and robins_stake and chip_value["currency"] != robins_stake["currency"]:
        raise MeldbookError(
            f"chip_value is in {chip_value['currency']} and robins_stake in {robins_stake['currency']}: a night keeps "
            "one currency",
            code="night.currency-mismatch",
            field="robins_stake.currency",
        )
    token = new_token()
    night = Night.open(
        text,
        None if chip_value is None else dict(chip_value),
        None if robins_stake is None else dict(robins_stake),
        token_hash(token),
    )
    app.save(night)
    return night, token


def night_of(app: GameStore, night_id: UUID) -> Night:
    """The night as stored; refused when there is none."""
    night: Any
    try:
        night = app.repository.get(night_id)
    except AggregateNotFoundError:
        night = None
    if not isinstance(night, Night):
        raise NightNotFoundError(f"there is no night {night_id}")
    return night


def opened_by(night: Night, token: str | None) -> bool:
    """Whether a token is the night's (compared in constant time)."""
    return token is not None and night.opens(token_hash(token))


def check_token(night: Night, token: str | None) -> None:
    """Refuse a change to the night without its token, or with another."""
    if token is None:
        raise NightTokenMissingError(f"this needs the night's token: {NIGHT_TOKEN}: <token>", field=NIGHT_TOKEN)
    if not opened_by(night, token):
        raise NightTokenError("this token is not the night's", field=NIGHT_TOKEN)


def check_joinable(
    app: GameStore, night: Night, variant: str, players: list[str], game_id: UUID | None, currency: str | None
) -> None:
    """Refuse a game the night cannot settle: another currency than the night's, Royal Rummy without a chip value,
    or more parties than the sheet settles exactly."""
    if currency is not None and night.currency is not None and currency != night.currency:
        raise MeldbookError(
            f"this game counts its money in {currency}, and the night in {night.currency}: a night keeps one currency",
            code="night.currency-mismatch",
            field="currency" if game_id is None else "game",
        )
    if variant_named(variant).counts_in_chips and night.chip_value is None:
        raise MeldbookError(
            "this night has no chip_value: a Royal Rummy game cannot join it", code="night.no-chip-value", field="game"
        )
    games = [_setup(app, UUID(game)) for game in night.games if game != str(game_id)]
    parties = parties_of([*games, {"variant": variant_named(variant).name, "players": players}])
    if len(parties) > MAX_PARTIES:
        raise MeldbookError(
            f"with this game the night would have {len(parties)} parties: it settles at most {MAX_PARTIES}",
            code="night.too-many-players",
            field="game",
        )


def _setup(app: GameStore, game_id: UUID) -> dict[str, Any]:
    created = app.created(game_id)
    return {"variant": created.variant, "players": list(created.players)}


def joining(
    app: GameStore, night_id: UUID, token: str | None, variant: str, players: list[str], currency: str | None
) -> Night:
    """The night a game about to be created will join, once its token and the game are checked."""
    night = night_of(app, night_id)
    check_token(night, token)
    check_joinable(app, night, variant, players, None, currency)
    return night


def joined(night: Night, game_id: UUID) -> Night:
    """The night, with a game just set up taken in (saved with the game, in its transaction)."""
    night.add_game(game_id)
    return night


Beside = Callable[[Game], Sequence[Any]]
"""What a game's creation saves beside it, in its transaction (service/application.py: create_game)."""
Created = TypeVar("Created")


def created_in_night(
    app: GameStore,
    night_id: UUID,
    token: str | None,
    variant: str,
    players: list[str],
    currency: str | None,
    create: Callable[[Beside, str | None], Created],
) -> Created:
    """Create a game (`create`, given what to save beside it and its currency: the one asked for, else the
    night's) that joins a night in the same transaction, once the night's token and the game are checked; a game
    that joined the night meanwhile is met by loading it again."""
    for attempt in range(SAVE_ATTEMPTS):
        night = joining(app, night_id, token, variant, players, currency)

        def beside(game: Game, night: Night = night) -> list[Any]:
            return [joined(night, game.id)]

        try:
            return create(beside, currency or night.currency)
        except IntegrityError:
            if attempt == SAVE_ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")


def add_game(app: GameStore, night_id: UUID, token: str | None, game_id: UUID) -> None:
    """Take an existing game into the night (its recorder token already checked)."""
    check_token(night_of(app, night_id), token)
    created = app.created(game_id)

    def add(night: Night) -> None:
        check_joinable(app, night, created.variant, list(created.players), game_id, created.currency)
        night.add_game(game_id)

    change_stream(app, lambda: night_of(app, night_id), add)


def remove_game(app: GameStore, night_id: UUID, token: str | None, game_id: UUID) -> None:
    """Take a game out of the night (its recorder token already checked)."""
    check_token(night_of(app, night_id), token)
    change_stream(app, lambda: night_of(app, night_id), lambda night: night.remove_game(game_id))


def sheet(app: GameStore, night_id: UUID, token: str | None, operator: bool = False) -> dict[str, Any]:
    """The night's sheet; a night holding a private game answers only its token (404 otherwise), or the operator
    (the command line, which holds the store)."""
    night = night_of(app, night_id)
    games = [_night_game(app, UUID(game)) for game in night.games]
    private = any(app.created(UUID(game.id)).access == "private" for game in games)
    if private and not operator and not opened_by(night, token):
        raise NightNotFoundError(f"there is no night {night_id}")
    money = Money(
        night.currency,
        None if night.chip_value is None else int(night.chip_value["amount"]),
        None if night.robins_stake is None else int(night.robins_stake["amount"]),
    )
    return {
        "id": str(night.id),
        "title": night.title,
        "currency": night.currency,
        "unit": "minor units" + (f" of {night.currency}" if night.currency else ""),
        "chip_value": night.chip_value,
        "robins_stake": night.robins_stake,
        "access": "private" if private else "public",
        **night_sheet(games, money),
    }


def _night_game(app: GameStore, game_id: UUID) -> NightGame:
    events = record_of(app, game_id)
    created: Game.Created = events[0]
    rules = variant_named(created.variant)
    over = rules.is_over(app.game(game_id).state)
    settled = settlement_of(created, events)
    return NightGame(str(game_id), rules.name, created.title, tuple(created.players), over, settled)
