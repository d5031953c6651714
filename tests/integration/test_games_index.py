"""The games index lists games by player, variant and date, a page at a time; it catches up and can be rebuilt."""

from __future__ import annotations

import sqlite3
import threading
from datetime import date, timedelta

import pytest

from service.application import Meldbook
from service.index import GameEntry, GameFilter
from tests import pg
from tests.integration.conftest import OpenMeldbook

SETUPS = [
    ("roby", ["ann", "bob"]),
    ("robins", ["ann", "cy"]),
    ("roby", ["bob", "cy", "dee"]),
    ("roby", ["dee", "eve"]),
    ("robins", ["bob", "eve"]),
]
INDEX_TABLES = ("meldbook_games", "meldbook_game_players", "meldbook_index_position")


def _create(app: Meldbook, setups: list[tuple[str, list[str]]], first: int = 0) -> list[GameEntry]:
    """Create the games in order; return the entries the index should list for them."""
    entries = []
    for number, (variant, players) in enumerate(setups, start=first):
        game, _ = app.create_game(variant, players, {}, "shuffled", title=f"game {number}")
        entries.append(GameEntry(str(game.id), variant, f"game {number}", players, game.created_on.isoformat()))
    return entries


def _listed(app: Meldbook, **wanted: object) -> tuple[list[str], int]:
    games, total = app.list_games(GameFilter(**wanted))  # type: ignore[arg-type]
    return [game.title for game in games], total


def _titles(*numbers: int) -> list[str]:
    return [f"game {n}" for n in numbers]


def test_games_are_listed_newest_first_with_their_players_variant_and_creation_time(
    open_meldbook: OpenMeldbook,
) -> None:
    app = open_meldbook()
    entries = _create(app, SETUPS)
    games, total = app.list_games(GameFilter())
    assert (games, total) == (entries[::-1], len(entries))


def test_games_are_listed_by_player_and_by_variant(open_meldbook: OpenMeldbook) -> None:
    app = open_meldbook()
    _create(app, SETUPS)
    assert _listed(app, player="bob") == (_titles(4, 2, 0), 3)
    assert _listed(app, player="ann") == (_titles(1, 0), 2)
    assert _listed(app, variant="robins") == (_titles(4, 1), 2)
    assert _listed(app, variant="roby", player="dee") == (_titles(3, 2), 2)
    assert _listed(app, variant="robins", player="dee") == ([], 0)
    assert _listed(app, player="nobody") == ([], 0)
    assert _listed(app, player="Bob") == ([], 0)


def test_games_are_listed_by_creation_date_range(open_meldbook: OpenMeldbook) -> None:
    app = open_meldbook()
    entries = _create(app, SETUPS)
    created = [entry.created_at for entry in entries]
    assert _listed(app, since=created[2]) == (_titles(4, 3, 2), 3)
    assert _listed(app, until=created[2]) == (_titles(1, 0), 2)
    assert _listed(app, since=created[1], until=created[3]) == (_titles(2, 1), 2)
    first_day = date.fromisoformat(created[0][:10])
    last_day = date.fromisoformat(created[-1][:10])
    everything = (_titles(4, 3, 2, 1, 0), 5)
    assert _listed(app, since=first_day.isoformat(), until=(last_day + timedelta(days=1)).isoformat()) == everything
    assert _listed(app, since=(last_day + timedelta(days=1)).isoformat()) == ([], 0)
    assert _listed(app, until=first_day.isoformat()) == ([], 0)


@pytest.mark.parametrize(
    ("limit", "offset", "numbers"),
    [(2, 0, (4, 3)), (2, 2, (2, 1)), (2, 4, (0,)), (2, 6, ()), (10, 0, (4, 3, 2, 1, 0)), (1, 3, (1,))],
)
def test_games_are_listed_a_page_at_a_time_with_the_total_of_all_pages(
    open_meldbook: OpenMeldbook, limit: int, offset: int, numbers: tuple[int, ...]
) -> None:
    app = open_meldbook()
    _create(app, SETUPS)
    assert _listed(app, limit=limit, offset=offset) == (_titles(*numbers), 5)
    assert _listed(app, player="bob", limit=2, offset=1) == (_titles(2, 0), 3)


def test_the_index_catches_up_with_games_created_before_a_restart_and_by_other_applications(
    open_meldbook: OpenMeldbook,
) -> None:
    first = open_meldbook()
    entries = _create(first, SETUPS[:2])
    assert first.list_games(GameFilter()) == (entries[::-1], 2)
    entries += _create(first, SETUPS[2:4], first=2)  # not listed yet: the index lags behind
    first.close()

    restarted = open_meldbook()
    assert restarted.list_games(GameFilter()) == (entries[::-1], 4)
    other = open_meldbook()
    entries += _create(other, SETUPS[4:], first=4)
    assert restarted.list_games(GameFilter()) == (entries[::-1], 5)
    assert restarted.index.position() == restarted.recorder.max_notification_id()


def _drop_index_tables(store_env: dict[str, str]) -> None:
    statements = [f"DROP TABLE {table}" for table in INDEX_TABLES]
    if store_env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite":
        with sqlite3.connect(store_env["SQLITE_DBNAME"]) as connection:
            for statement in statements:
                connection.execute(statement)
        connection.close()
        return
    with pg.connect(store_env["POSTGRES_DBNAME"]) as connection:
        for statement in statements:
            connection.execute(statement)


def test_the_index_is_rebuilt_from_the_events_once_its_tables_are_dropped(
    open_meldbook: OpenMeldbook, store_env: dict[str, str]
) -> None:
    app = open_meldbook()
    entries = _create(app, SETUPS)
    filters = [GameFilter(), GameFilter(player="bob"), GameFilter(variant="robins"), GameFilter(limit=2, offset=1)]
    before = [app.list_games(wanted) for wanted in filters]
    assert before[0] == (entries[::-1], 5)
    app.close()

    _drop_index_tables(store_env)
    rebuilt = open_meldbook()
    assert rebuilt.index.position() == 0
    assert [rebuilt.list_games(wanted) for wanted in filters] == before


def test_the_index_misses_no_game_created_while_other_applications_list_games(open_meldbook: OpenMeldbook) -> None:
    writers, per_writer = 4, 50
    lister, done = open_meldbook(), threading.Event()
    errors: list[BaseException] = []

    def create(app: Meldbook) -> None:
        try:
            for _ in range(per_writer):
                app.create_game("roby", ["ann", "bob"], {}, "shuffled")
        except BaseException as error:  # reported below
            errors.append(error)

    def keep_listing() -> None:
        while not done.is_set():
            lister.list_games(GameFilter(limit=1))

    threads = [threading.Thread(target=create, args=(open_meldbook(),)) for _ in range(writers)]
    listing = threading.Thread(target=keep_listing)
    listing.start()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    done.set()
    listing.join(timeout=60)

    assert not errors, errors
    assert lister.list_games(GameFilter(limit=1))[1] == writers * per_writer
    assert open_meldbook().list_games(GameFilter(limit=1))[1] == writers * per_writer
