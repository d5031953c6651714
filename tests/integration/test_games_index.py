"""The games index lists games by player, variant and date, a page at a time; it catches up and can be rebuilt."""

from __future__ import annotations

import sqlite3
import threading
from datetime import date, timedelta

from service.application import Meldbook
from service.index import GameEntry, GameFilter
from service.setup import create_game
from tests import pg
from tests.integration.conftest import OpenMeldbook, service_settings

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
        game, _ = create_game(app, variant, players, {}, "shuffled", title=f"game {number}")
        entries.append(GameEntry(str(game.id), variant, f"game {number}", players, game.created_on.isoformat()))
    return entries


def _listed(app: Meldbook, **wanted: object) -> tuple[list[str], int]:
    page = app.list_games(GameFilter(**wanted))  # type: ignore[arg-type]
    return [game.title for game in page.items], page.total


def _pages(app: Meldbook, **wanted: object) -> list[tuple[list[str], int, bool]]:
    """Every page of a listing, each following the last game of the one before."""
    pages, after = [], None
    while True:
        page = app.list_games(GameFilter(after=after, **wanted))  # type: ignore[arg-type]
        pages.append(([game.title for game in page.items], page.total, page.more))
        if not page.more:
            return pages
        after = (page.items[-1].created_at, page.items[-1].id)


def _titles(*numbers: int) -> list[str]:
    return [f"game {n}" for n in numbers]


def test_games_are_listed_newest_first_with_their_players_variant_and_creation_time(
    open_meldbook: OpenMeldbook,
) -> None:
    app = open_meldbook()
    entries = _create(app, SETUPS)
    page = app.list_games(GameFilter())
    assert (page.items, page.total, page.more) == (entries[::-1], len(entries), False)


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


def test_games_are_listed_a_page_at_a_time_after_the_last_game_of_the_page_before(
    open_meldbook: OpenMeldbook,
) -> None:
    app = open_meldbook()
    _create(app, SETUPS)
    assert _pages(app, limit=2) == [(_titles(4, 3), 5, True), (_titles(2, 1), 5, True), (_titles(0), 5, False)]
    assert _pages(app, limit=5) == [(_titles(4, 3, 2, 1, 0), 5, False)]
    assert _pages(app, limit=1, player="bob") == [(_titles(n), 3, n != 0) for n in (4, 2, 0)]
    assert _pages(app, player="nobody") == [([], 0, False)]


def test_a_page_continues_after_its_cursor_game_even_when_games_share_a_creation_time(
    open_meldbook: OpenMeldbook,
) -> None:
    app = open_meldbook()
    _create(app, SETUPS)
    every = app.list_games(GameFilter(limit=5)).items
    moment = every[2].created_at
    after = [entry.id for entry in every if entry.created_at < moment or entry.created_at == moment]
    page = app.list_games(GameFilter(limit=5, after=(moment, "")))
    assert [entry.id for entry in page.items] == after


def test_the_index_catches_up_with_games_created_before_a_restart_and_by_other_applications(
    open_meldbook: OpenMeldbook,
) -> None:
    first = open_meldbook()
    entries = _create(first, SETUPS[:2])
    assert first.list_games(GameFilter()).items == entries[::-1]
    entries += _create(first, SETUPS[2:4], first=2)  # not listed yet: the index lags behind
    first.close()

    restarted = open_meldbook()
    assert restarted.list_games(GameFilter()).items == entries[::-1]
    other = open_meldbook()
    entries += _create(other, SETUPS[4:], first=4)
    assert restarted.list_games(GameFilter()).items == entries[::-1]
    assert restarted.index.position() == restarted.recorder.max_notification_id()


def _drop_index_tables(store_env: dict[str, str]) -> None:
    _execute(store_env, [f"DROP TABLE {table}" for table in INDEX_TABLES])


def _execute(store_env: dict[str, str], statements: list[str]) -> None:
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
    filters = [GameFilter(), GameFilter(player="bob"), GameFilter(variant="robins"), GameFilter(limit=2)]
    before = [app.list_games(wanted) for wanted in filters]
    assert before[0].items == entries[::-1]
    app.close()

    _drop_index_tables(store_env)
    rebuilt = open_meldbook()
    assert rebuilt.index.position() == 0
    assert [rebuilt.list_games(wanted) for wanted in filters] == before


def test_an_index_of_the_older_row_format_is_rebuilt_from_the_events(
    open_meldbook: OpenMeldbook, store_env: dict[str, str]
) -> None:
    app = open_meldbook()
    entries = _create(app, SETUPS)
    app.list_games(GameFilter())
    app.close()
    _execute(  # as the index stored games before: players joined by a unit separator, position named "games"
        store_env,
        [
            "UPDATE meldbook_games SET players = 'ann\x1fbob'",
            "UPDATE meldbook_index_position SET name = 'games'",
        ],
    )
    rebuilt = open_meldbook()
    assert rebuilt.list_games(GameFilter()).items == entries[::-1]
    assert rebuilt.index.position() == rebuilt.recorder.max_notification_id()


def test_the_index_misses_no_game_created_while_other_applications_list_games(open_meldbook: OpenMeldbook) -> None:
    writers, per_writer = 4, 50
    lister, done = open_meldbook(), threading.Event()
    errors: list[BaseException] = []

    def create(app: Meldbook) -> None:
        try:
            for _ in range(per_writer):
                create_game(app, "roby", ["ann", "bob"], {}, "shuffled")
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
    assert lister.list_games(GameFilter(limit=1)).total == writers * per_writer
    assert open_meldbook().list_games(GameFilter(limit=1)).total == writers * per_writer


def _sessions(dbname: str) -> int:
    """How many sessions PostgreSQL has opened on the database so far."""
    with pg.connect() as admin:
        row = admin.execute("SELECT sessions FROM pg_stat_database WHERE datname = %s", (dbname,)).fetchone()
    assert row is not None
    return int(row[0])


def test_listing_games_on_postgres_reuses_the_event_stores_pooled_connections(fresh_postgres_dbname: str) -> None:
    app = Meldbook(service_settings(pg.eventsourcing_env(fresh_postgres_dbname)))
    try:
        _create(app, SETUPS)
        app.list_games(GameFilter())
        before = _sessions(fresh_postgres_dbname)
        for number in range(30):
            create_game(app, "roby", ["ann", "bob"], {}, "shuffled", title=f"more {number}")
            assert app.list_games(GameFilter(limit=5)).total == len(SETUPS) + number + 1
        assert _sessions(fresh_postgres_dbname) - before <= 4  # at most the pool's overflow, never one a query
    finally:
        app.close()
