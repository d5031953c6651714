"""Faults under gunicorn as production runs it (api/gunicorn_config.py: the asgi worker class serving api/asgi.py):
races, crashes, a database outage, SQLite under two workers, and the access log.

They are marked `faults`: their xdist group (tests/conftest.py) keeps them on one worker, one after another, never
two at once, in the faults stage of `make test` as in any other parallel run. Each counts what
it does (rounds, kills, requests) and never asserts on time; its waits are generous deadlines only.
"""

from __future__ import annotations

import http.client
import random
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from bots import concrete_bodies
from bots.twins import moves_of
from domain.record.game import Game as DomainGame
from domain.record.moves import MoveRecorded
from domain.record.reexecution import reexecute
from service.application import Meldbook
from tests import pg
from tests.e2e.proxy import Proxy
from tests.e2e.served import Answer, Client, Gunicorn, gunicorn, postgres_env, start

pytestmark = pytest.mark.faults
PROBLEM = "application/problem+json"
RACE_ROUNDS, RACERS = 50, 20
KILLS, WRITERS, MOVES_PER_LIFE = 4, 4, 2
SLOW_RACE_ROUNDS, SLOW_KILLS = 500, 100
"""The bigger variants, behind the `slow` marker."""
SQLITE_WRITERS, SQLITE_MOVES = 8, 12
SETUP = {"variant": "roby", "players": ["ann", "bob", "cy"], "deal_mode": "shuffled"}


@dataclass
class Game:
    """A game created through the API: its id and token."""

    id: str
    token: str
    version: int

    @property
    def path(self) -> str:
        """The game's path."""
        return f"/games/{self.id}"


@dataclass
class Book:
    """What the clients were told, shared by their threads: games created and moves acknowledged with 201."""

    games: list[Game] = field(default_factory=list)
    acknowledged: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Per game, every event of every 201 answer."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def created(self, game: Game) -> None:
        with self.lock:
            self.games.append(game)
            self.acknowledged.setdefault(game.id, [])

    def recorded(self, game: Game, answer: Answer) -> None:
        with self.lock:
            self.acknowledged[game.id] += answer.body["events"]


def create(client: Client, book: Book | None = None) -> Game:
    """POST /games, answered 201."""
    answer = client.post("/games", SETUP)
    assert answer.status == 201, answer.text
    game = Game(answer.body["id"], answer.body["token"], answer.body["version"])
    if book is not None:
        book.created(game)
    return game


def legal_bodies(client: Client, game: Game) -> tuple[int, list[dict[str, Any]]]:
    """The game's version and every body its legal actions list."""
    shown = client.get(game.path, game.token)
    assert shown.status == 200, shown.text
    assert not shown.body["over"], "the game ended; these tests play far fewer moves than a game takes"
    return shown.body["version"], [body for entry in shown.body["legal_actions"] for body in concrete_bodies(entry)]


def next_move(client: Client, game: Game, rng: random.Random) -> tuple[int, dict[str, Any]]:
    """The game's version and one of the bodies its legal actions list."""
    version, bodies = legal_bodies(client, game)
    return version, rng.choice(bodies)


def all_events(client: Client, game: Game) -> list[dict[str, Any]]:
    """Every stored event of a game, as the recorder sees them."""
    events: list[dict[str, Any]] = []
    query = "after=0&limit=500"
    while True:
        page = client.get(f"{game.path}/events?{query}", game.token)
        assert page.status == 200, page.text
        events += page.body["items"]
        if page.body["next_cursor"] is None:
            return events
        query = f"cursor={page.body['next_cursor']}&limit=500"


def listed_ids(client: Client) -> tuple[set[str], int]:
    """Every game id GET /games lists, page after page, and the total it reports."""
    ids: set[str] = set()
    query = "limit=100"
    while True:
        page = client.get(f"/games?{query}")
        assert page.status == 200, page.text
        ids |= {entry["id"] for entry in page.body["items"]}
        if page.body["next_cursor"] is None:
            return ids, page.body["total"]
        query = f"cursor={page.body['next_cursor']}&limit=100"


def at_once(calls: list[Callable[[], Answer]]) -> list[Answer]:
    """Run the calls in threads released together by a barrier; their answers in order."""
    barrier = threading.Barrier(len(calls))
    answers: list[Answer | BaseException | None] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        try:
            answers[i] = calls[i]()
        except BaseException as error:  # reported below, in the test's thread
            answers[i] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    failed = [a for a in answers if not isinstance(a, Answer)]
    assert not failed, failed
    return [a for a in answers if isinstance(a, Answer)]


def assert_clean_log(server: Gunicorn, tokens: list[str]) -> None:
    """No traceback, no 500, one well-formed access line per request, and no token anywhere in the output."""
    log = server.log()
    assert "Traceback" not in log, log[-3000:]
    lines = server.access_lines()
    assert lines
    for line in lines:
        assert set(line) == {"request_id", "method", "route", "path", "status", "duration_ms"}, line
        assert line["status"] != 500, line
    leaked = [token for token in tokens if token in log]
    assert not leaked, f"{len(leaked)} tokens are in the server's log"


def play_in_background(server: Gunicorn, book: Book, stop: threading.Event, seed: int, errors: list[str]) -> None:
    """Create games and record moves on them one after another until told to stop (a new game every 5 moves)."""
    client = server.client()
    rng = random.Random(seed)
    try:
        while not stop.is_set():
            game = create(client, book)
            for _ in range(5):
                _, body = next_move(client, game, rng)
                answer = client.post(f"{game.path}/moves", body, game.token)
                if answer.status != 201:
                    errors.append(answer.text)
                    return
                book.recorded(game, answer)
    except BaseException as error:  # reported by the test
        errors.append(repr(error))


@pytest.mark.postgres
@pytest.mark.parametrize("rounds", [RACE_ROUNDS, pytest.param(SLOW_RACE_ROUNDS, marks=pytest.mark.slow)])
def test_twenty_clients_racing_on_one_game_through_two_workers_store_exactly_one_move_per_version(
    fresh_postgres_dbname: str, tmp_path: Path, rounds: int
) -> None:
    env = postgres_env(fresh_postgres_dbname, pg.host(), pg.port())
    with gunicorn(env, tmp_path / "server.log", workers=2) as server:
        lead = server.client()
        book = Book()
        raced = [create(lead, book)]
        racers = [server.client() for _ in range(RACERS)]
        stop, errors = threading.Event(), []
        others = [threading.Thread(target=play_in_background, args=(server, book, stop, s, errors)) for s in (1, 2)]
        for thread in others:
            thread.start()
        rng = random.Random(20)
        won = {raced[0].id: 0}
        gained = {raced[0].id: 0}
        try:
            while sum(won.values()) < rounds:
                game = raced[-1]
                shown = lead.get(game.path, game.token).body
                if shown["over"]:  # only the slow variant plays a game to its end: the race goes on on a new one
                    raced.append(create(lead, book))
                    won[raced[-1].id] = gained[raced[-1].id] = 0
                    continue
                version = shown["version"]
                choices = [b for entry in shown["legal_actions"] for b in concrete_bodies(entry)]
                bodies = [rng.choice(choices) for _ in racers]
                pairs = enumerate(zip(racers, bodies, strict=True))
                calls = [racer_call(racer, game, body, i % 2 == 1) for i, (racer, body) in pairs]
                answers = at_once(calls)
                winners = [a for a in answers if a.status == 201]
                assert len(winners) == 1, [a.status for a in answers]
                for i, answer in enumerate(answers):
                    if answer.status != 201:
                        expected = (412, "precondition-failed") if i % 2 == 1 else (409, "stale-version")
                        assert (answer.status, answer.body["code"]) == expected, answer.text
                        assert answer.mimetype == PROBLEM
                winner = winners[0].body
                assert [e["version"] for e in winner["events"]] == list(range(version + 1, winner["version"] + 1))
                book.recorded(game, winners[0])
                won[game.id] += 1
                gained[game.id] += winner["version"] - version
        finally:
            stop.set()
            for thread in others:
                thread.join(timeout=300)
        assert not errors, errors
        for game in raced:
            events = all_events(lead, game)
            versions = [e["version"] for e in events]
            assert versions == list(range(1, len(events) + 1)), "no gap, no duplicate"
            assert gained[game.id] == versions[-1] - game.version, "the 201s gained every version"
            assert sum(e["type"] == "MoveRecorded" for e in events) == won[game.id]
            assert events[game.version :] == book.acknowledged[game.id]
        assert sum(won.values()) == rounds
        ids, total = listed_ids(lead)
        assert ids == {g.id for g in book.games} and total == len(book.games)
        assert len(book.games) > len(raced), "the other games were created while the race ran"
        assert_clean_log(server, [g.token for g in book.games])
    assert server.process.returncode == 0


def racer_call(client: Client, game: Game, body: dict[str, Any], if_match: bool) -> Callable[[], Answer]:
    """A move posted with its version in If-Match (the body then carries none) or in `expected_version`."""
    if not if_match:
        return lambda: client.post(f"{game.path}/moves", body, game.token)
    headers = {"If-Match": f'"{body["expected_version"]}"'}
    bare = {k: v for k, v in body.items() if k != "expected_version"}
    return lambda: client.post(f"{game.path}/moves", bare, game.token, headers)


def write_until_killed(
    server: Gunicorn, game: Game, seed: int, book: Book, wrote: Callable[[], None], errors: list[str]
) -> None:
    """Record listed moves on one game, one after another, until the server is killed under the client."""
    client = server.client()
    rng = random.Random(seed)
    try:
        while True:
            if client.get(game.path).body["over"]:  # only the slow variant plays a game to its end
                game = create(client, book)
            _, body = next_move(client, game, rng)
            answer = client.post(f"{game.path}/moves", body, game.token)
            if answer.status != 201:
                errors.append(answer.text)
                return
            book.recorded(game, answer)
            wrote()
    except (OSError, http.client.HTTPException):  # killed: no answer, so nothing was acknowledged
        return
    except BaseException as error:  # reported by the test
        errors.append(repr(error))


def one_life(server: Gunicorn, games: list[Game], life: int, book: Book) -> None:
    """Writers record on their games until each has had MOVES_PER_LIFE answers; then the whole server is killed."""
    written = [0] * len(games)
    enough = threading.Event()
    errors: list[str] = []

    def counter(i: int) -> Callable[[], None]:
        def wrote() -> None:
            written[i] += 1
            if min(written) >= MOVES_PER_LIFE:
                enough.set()

        return wrote

    writers = [
        threading.Thread(target=write_until_killed, args=(server, game, life * 100 + i, book, counter(i), errors))
        for i, game in enumerate(games)
    ]
    for writer in writers:
        writer.start()
    reached = enough.wait(timeout=300)
    server.kill()
    for writer in writers:
        writer.join(timeout=300)
    assert reached, f"life {life}: the writers did not record {MOVES_PER_LIFE} moves each: {errors}"
    assert not errors, errors


def facts(events: list[Any]) -> list[tuple[str, dict[str, Any]]]:
    """Each event after the game's creation: its type and its data."""
    return [(type(e).__name__, e.payload) for e in events[1:]]


def check_whole_moves(store: Meldbook, game_id: str) -> None:
    """Every stored move is whole: numbered in order, with events after its envelope, and re-executing the stored
    actions stores exactly the stored events."""
    events = list(store.repository.event_store.get(UUID(game_id)))
    moves = moves_of(events)
    assert [m.envelope.move for m in moves] == list(range(1, len(moves) + 1))
    assert all(m.events for m in moves), "a move stored its envelope without its events"
    again = reexecute(events[0], [e for e in events if isinstance(e, MoveRecorded)]).collect_events()
    assert facts(again) == facts(events)


@pytest.mark.postgres
@pytest.mark.parametrize("kills", [KILLS, pytest.param(SLOW_KILLS, marks=pytest.mark.slow)])
def test_killing_the_whole_server_while_clients_record_loses_no_acknowledged_move_and_stores_none_by_half(
    fresh_postgres_dbname: str, tmp_path: Path, kills: int
) -> None:
    env = postgres_env(fresh_postgres_dbname, pg.host(), pg.port())
    output = tmp_path / "server.log"
    book = Book()
    games: list[Game] = []
    for life in range(kills):
        server = start(env, output, workers=2)
        try:
            client = server.client()
            games = games or [create(client, book) for _ in range(WRITERS - 1)]
            fresh = create(client, book)  # every life creates a game too, then records on it
            one_life(server, [*games, fresh], life, book)
        finally:
            if server.process.poll() is None:
                server.kill()
    with gunicorn(env, output) as server:
        client = server.client()
        ids, total = listed_ids(client)
        assert {g.id for g in book.games} <= ids and total == len(ids), "every acknowledged game is listed"
        for game in book.games:
            events = all_events(client, game)
            assert [e["version"] for e in events] == list(range(1, len(events) + 1))
            by_version = {e["version"]: e for e in events}
            for acknowledged in book.acknowledged[game.id]:
                assert by_version.get(acknowledged["version"]) == acknowledged, "a move answered 201 was lost"
            assert client.get(game.path, game.token).status == 200
            assert client.get(f"{game.path}/state?at={len(events)}", game.token).status == 200
        assert_clean_log(server, [g.token for g in book.games])
    store = Meldbook(env=pg.eventsourcing_env(fresh_postgres_dbname))
    try:
        created = [n for n in store.recorder.select_notifications(1, 100_000) if n.topic == DomainGame.Created.TOPIC]
        assert len(created) == total, "the games list holds every stored game"
        for game_id in ids:
            check_whole_moves(store, game_id)
    finally:
        store.close()
    moves = sum(e["type"] == "MoveRecorded" for events in book.acknowledged.values() for e in events)
    assert moves >= kills * WRITERS * MOVES_PER_LIFE


def store_unavailable(answer: Answer) -> bool:
    """A 503 problem document with Retry-After and the store-unavailable code, and no traceback."""
    return (
        answer.status == 503
        and answer.mimetype == PROBLEM
        and answer.body["code"] == "store-unavailable"
        and int(answer.headers["retry-after"]) > 0
        and "Traceback" not in answer.text
    )


@pytest.mark.postgres
def test_a_database_outage_is_answered_503_with_retry_after_and_the_same_workers_serve_again(
    fresh_postgres_dbname: str, tmp_path: Path
) -> None:
    proxy = Proxy(pg.host(), int(pg.port()))
    env = postgres_env(fresh_postgres_dbname, "127.0.0.1", proxy.port, MELDBOOK_POSTGRES_CONNECT_TIMEOUT="1")
    try:
        with gunicorn(env, tmp_path / "server.log", workers=2) as server:
            workers = server.worker_pids()
            client = server.client()
            game = create(client)
            rng = random.Random(5)
            for _ in range(3):
                _, body = next_move(client, game, rng)
                assert client.post(f"{game.path}/moves", body, game.token).status == 201
            _, body = next_move(client, game, rng)
            proxy.cut()
            during = [
                client.post(f"{game.path}/moves", body, game.token),
                client.get(game.path, game.token),
                client.get(f"{game.path}/events"),
                client.get("/games"),
                client.post("/games", SETUP),
                client.get("/ready"),
            ]
            assert [store_unavailable(a) for a in during] == [True] * len(during), [a.text for a in during]
            assert client.get("/health").status == 200, "liveness asks no store"
            proxy.restore()
            deadline = time.monotonic() + 300

            def served(ask: Callable[[], Answer]) -> Answer:
                """The answer once the worker that takes the request is out of its cool-down: each worker finds
                the store back on its own, so a 503 with Retry-After is waited out as a client would."""
                while store_unavailable(answer := ask()):
                    assert time.monotonic() < deadline, "the service did not serve again after the database returned"
                    time.sleep(int(answer.headers["retry-after"]))
                return answer

            assert served(lambda: client.get("/ready")).status == 200
            for _ in range(3):
                shown = served(lambda: client.get(game.path, game.token))
                assert shown.status == 200, shown.text
                body = rng.choice([b for entry in shown.body["legal_actions"] for b in concrete_bodies(entry)])
                answer = served(lambda: client.post(f"{game.path}/moves", body, game.token))  # noqa: B023
                assert answer.status == 201, answer.text
            assert served(lambda: client.get("/games")).body["total"] == 1
            assert server.worker_pids() == workers, "no worker was restarted"
            assert server.process.poll() is None
            assert_clean_log(server, [game.token])
    finally:
        proxy.close()


def write_sqlite_moves(
    server: Gunicorn, seed: int, answers: list[Answer], refused: threading.Event, errors: list[str]
) -> None:
    """Create a game and record moves on it; a 503 is waited out (Retry-After) and the request sent again."""
    client = server.client()
    rng = random.Random(seed)

    def send(method: str, path: str, body: Any = None, token: str | None = None) -> Answer:
        while True:
            answer = client.request(method, path, body, {"Authorization": f"Bearer {token}"} if token else None)
            answers.append(answer)
            if answer.status != 503:
                return answer
            refused.set()
            time.sleep(int(answer.headers.get("retry-after", "1")))

    try:
        created = send("POST", "/games", SETUP)
        game = Game(created.body["id"], created.body["token"], created.body["version"])
        for _ in range(SQLITE_MOVES):
            shown = send("GET", game.path, token=game.token)
            choices = [b for entry in shown.body["legal_actions"] for b in concrete_bodies(entry)]
            send("POST", f"{game.path}/moves", rng.choice(choices), game.token)
    except BaseException as error:  # reported by the test
        errors.append(repr(error))


def hold_the_write_lock(path: Path, until: threading.Event) -> None:
    """Hold SQLite's write lock on the file (as another process writing a long transaction would) until told."""
    connection = sqlite3.connect(path, isolation_level=None, timeout=60)
    try:
        connection.execute("BEGIN IMMEDIATE")
        until.wait(timeout=600)
        connection.execute("COMMIT")
    finally:
        connection.close()


def test_two_workers_writing_to_one_sqlite_file_never_answer_500_and_answer_503_while_it_is_locked(
    tmp_path: Path,
) -> None:
    path = tmp_path / "meldbook.sqlite"
    answers: list[Answer] = []
    errors: list[str] = []
    refused = threading.Event()
    with gunicorn({"MELDBOOK_STORE": "sqlite", "MELDBOOK_SQLITE_PATH": str(path)}, tmp_path / "server.log") as server:
        locker = threading.Thread(target=hold_the_write_lock, args=(path, refused))
        locker.start()  # held until a request has been refused for it: the writers start behind the lock
        writers = [
            threading.Thread(target=write_sqlite_moves, args=(server, seed, answers, refused, errors))
            for seed in range(SQLITE_WRITERS)
        ]
        for writer in writers:
            writer.start()
        for thread in [*writers, locker]:
            thread.join(timeout=600)
        assert not errors, errors
        statuses = {a.status for a in answers}
        assert statuses <= {200, 201, 503}, statuses
        assert all(store_unavailable(a) for a in answers if a.status == 503)
        assert any(a.status == 503 for a in answers), "a write behind the lock was answered 503"
        assert sum(a.status == 201 for a in answers) == SQLITE_WRITERS * (SQLITE_MOVES + 1)
        assert listed_ids(server.client())[1] == SQLITE_WRITERS
        assert_clean_log(server, [])
