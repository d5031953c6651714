"""A store written by an older Meldbook opens, serves, audits and verifies under today's code, on both stores.

tests/golden/store/ was written by tools/golden_store.py at commit b41311b (see its docstring for the command):
`meldbook.sqlite.gz` (the SQLite file, gzipped), `postgres.sql.gz` (`pg_dump --no-owner --no-privileges` of the
PostgreSQL database, gzipped) and `manifest.json.gz`, which keeps per store each game's id, variant and tokens, the
digests kept along the way, and what the old code answered (status and body) to GET /games/{id} in every view,
its notation, settlement, audit, verify, annotations, disputes, confirmations, replay and events, the night's sheet
and the games list. Each test opens a copy of a store with today's app and compares its answers with those.

Fields today's code added are allowed only where ADDED names them, with the commit that added them; every field the
old code answered must be there with the same value. When this test was written (against 9689541) nothing else
differed: the notation byte for byte with its Repr-Digest, the settlements, audits, verifications, events, views,
the night's sheet and CSV, and the games list.
"""

from __future__ import annotations

import gzip
import json
import re
import sqlite3
import subprocess
from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from itertools import zip_longest
from pathlib import Path
from typing import Any
from uuid import UUID

import psycopg
import pytest
from eventsourcing.persistence import StoredEvent
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from bots import concrete_bodies
from domain.cards.zones import Zone
from domain.money.ledger import Ledger
from domain.record.game import Game
from tests import pg
from tests.stores import sqlite_settings

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "store"
MANIFEST: dict[str, Any] = json.loads(gzip.decompress((GOLDEN / "manifest.json.gz").read_bytes()))
STORES = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
GAMES = sorted(MANIFEST["stores"]["sqlite"]["games"])
READ = (
    "",
    "/notation",
    "/settlement",
    "/audit",
    "/verify",
    "/annotations?history=1",
    "/disputes",
    "/confirmations",
    "/replay?hand=1",
)
"""What the manifest keeps of every game, as the generator read it with the recorder's token."""
ADDED = {
    # GET /games/{id}, in every view: `may_rule` (whether the caller's token rules on the game's disputes) and
    # `no_device` (the seats without a device), both added by 5641356 for the table's pages.
    # And `rules_version`, with the rule state's `rules_version` and `next_rules_version` (the rules a game follows,
    # and one its table adopted for the deals to come), added for the rules versions issue: 1 and null for every
    # game stored before them, which the test below checks.
    # And `currency` (the ISO 4217 code of the game's money, null for every game stored before it), added for the
    # nights and money issue.
    # And the rule state's `brought_forward` (whether the game was carried on from a paper sheet: false for every game
    # stored before it), added for the result hands issue.
    "": {"body.may_rule", "body.no_device", "body.rules_version", "body.state.rules_version",
         "body.state.next_rules_version", "body.currency", "body.state.brought_forward"},
    # GET /games/{id}/settlement: each entry's words as data (`phrase`), which the pages say in their reader's
    # language, added for the nights and languages issue.
    # And each entry's rule says whether its figure was stated at the table (`rule.stated`), added for the result
    # hands issue.
    "/settlement": {"body.entries[*].phrase", "body.entries[*].rule.stated"},
    # GET /games/{id}/audit: `claims_agree` (the stated results of an imported record, reported apart from the
    # verdict `ok`), added for the rules versions issue; and `stated` (the figures the table stated, listed apart from
    # the computed ones), added for the result hands issue.
    "/audit": {"body.claims_agree", "body.stated"},
    # The replay's frames show the game document's state, with the fields above.
    "/replay?hand=1": {"body.frames[*].state.rules_version", "body.frames[*].state.state.rules_version",
                       "body.frames[*].state.state.next_rules_version", "body.frames[*].state.currency",
                       "body.frames[*].state.state.brought_forward",
                       # And each frame's words as data (`phrase`), which the pages say in their reader's language.
                       "body.frames[*].phrase"},
}
"""The fields today's code answers beyond the old ones, by path read."""


def test_the_manifest_was_written_at_the_rounds_starting_commit_and_holds_every_kind() -> None:
    assert MANIFEST["commit"].startswith("b41311b")
    assert sorted(MANIFEST["stores"]) == ["postgres", "sqlite"]
    for store in MANIFEST["stores"].values():
        games = store["games"]
        assert sorted(games) == GAMES
        assert {g["variant"] for g in games.values()} == {"roby", "robins", "royal"}
        assert any(g["old"][""]["body"]["over"] for g in games.values())
        assert all(g["old"]["/audit"]["body"]["ok"] and g["old"]["/verify"]["body"]["ok"] for g in games.values())


def differences(old: Any, new: Any, path: str = "body") -> tuple[list[str], set[str]]:
    """Where `new` does not hold `old`: each value of `old` at its path (dictionaries key by key, lists item by
    item, the same length); and the paths of the keys only `new` has, list indices written `[*]`."""
    if isinstance(old, dict) and isinstance(new, dict):
        found: tuple[list[str], set[str]] = (
            [],
            {re.sub(r"\[\d+\]", "[*]", f"{path}.{k}") for k in new.keys() - old.keys()},
        )
        for key, value in old.items():
            more = differences(value, new[key], f"{path}.{key}") if key in new else ([f"{path}.{key}: gone"], set())
            found[0].extend(more[0])
            found[1].update(more[1])
        return found
    if isinstance(old, list) and isinstance(new, list):
        found = ([f"{path}: {len(old)} items, now {len(new)}"] if len(old) != len(new) else [], set())
        for number, (a, b) in enumerate(zip(old, new, strict=False)):
            more = differences(a, b, f"{path}[{number}]")
            found[0].extend(more[0])
            found[1].update(more[1])
        return found
    if old == new:
        return [], set()
    if isinstance(old, str) and isinstance(new, str) and "\n" in old:  # a text: its first line that differs
        lines = enumerate(zip_longest(old.split("\n"), new.split("\n")), start=1)
        number, (was, now) = next((n, pair) for n, pair in lines if pair[0] != pair[1])
        return [f"{path}, line {number}: {was!r} was, now {now!r}"], set()
    return [f"{path}: {old!r:.200} was, now {new!r:.200}"], set()


def assert_as_before(
    what: str, old: dict[str, Any], new: dict[str, Any], added: AbstractSet[str] = frozenset()
) -> None:
    """The answer's status, body and digest header hold the old ones; any field added is one `added` names."""
    assert new["status"] == old["status"], (what, old, new)
    assert new["Repr-Digest"] == old["Repr-Digest"], what
    changed, extra = differences(old["body"], new["body"])
    assert not changed, (what, changed[:20])
    assert extra <= added, f"{what}: fields the old code did not answer: {sorted(extra - added)}"


EVENTS_ADDED = {"body[*].data.rules_version", "body[*].data.currency"}
"""The fields today's events answer beyond the old ones: a creation stored before rules versions reads with
`rules_version` 1 (its upcaster, Game.Created.upcast_v2_v3), and one stored before games named a currency with
`currency` null (Game.Created.upcast_v3_v4)."""
ADOPTING = "adopt_rules"
"""The action of the table that carries a game on under a newer rules version (added for the rules versions issue):
offered, among the table's actions, to the recorder of every game under an older version than its variant's newest
that is not over. `read` sets it apart from the old answers' table actions (`adopting` below checks it)."""


def read(client: FlaskClient, url: str, token: str | None = None, **kw: Any) -> dict[str, Any]:
    """A GET's answer as the manifest keeps it (tools/golden_store.py, Table.read), less the adopt_rules entries of
    its table actions, kept apart under "adopting"."""
    headers = kw.pop("headers", {}) | ({"Authorization": f"Bearer {token}"} if token else {})
    response = client.get(url, headers=headers, **kw)
    body = response.get_json() if response.is_json else response.get_data(as_text=True)
    adopting = []
    if isinstance(body, dict) and "table_actions" in body:
        adopting = [entry for entry in body["table_actions"] if entry["type"] == ADOPTING]
        body["table_actions"] = [entry for entry in body["table_actions"] if entry["type"] != ADOPTING]
    return {"status": response.status_code, "body": body, "Repr-Digest": response.headers.get("Repr-Digest"),
            "adopting": adopting}


def every_event(client: FlaskClient, game: dict[str, Any]) -> list[dict[str, Any]]:
    events, query = [], {"after": 0, "limit": 500}
    while query:
        page = read(client, f"{game['url']}/events", game["tokens"]["recorder"], query_string=query)["body"]
        events += page["items"]
        query = page["next_cursor"] and {"cursor": page["next_cursor"], "limit": 500}
    return events


def views(game: dict[str, Any]) -> dict[str, str]:
    """The tokens of every role the generator read the game with ("" for a spectator, in a public game)."""
    tokens = {f"seat:{p}": token for p, token in game["tokens"]["seats"].items()}
    tokens |= {"arbiter": game["tokens"]["arbiter"]} if "arbiter" in game["tokens"] else {}
    tokens |= {f"viewer:{label}": token for label, token in game["tokens"]["viewers"].items()}
    return tokens | ({"spectator": ""} if game["public"] else {})


@contextmanager
def golden_app(store: str, request: pytest.FixtureRequest, folder: Path) -> Iterator[Flask]:
    """Today's app on a copy of the golden store: a SQLite file in `folder`, or a new PostgreSQL database loaded
    from the dump and dropped afterwards."""
    admin: psycopg.Connection | None = None
    if store == "sqlite":
        path = folder / "meldbook.sqlite"
        path.write_bytes(gzip.decompress((GOLDEN / "meldbook.sqlite.gz").read_bytes()))
        env = sqlite_settings(path)
    else:
        admin = request.getfixturevalue("postgres_admin")
        dbname = pg.create_database(admin)  # empty, not the template: the dump creates the old tables
        load = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", pg.host(), "-p", pg.port(), "-U", pg.USER, dbname]
        # pg_dump 15.14 and later fence a dump with \restrict and \unrestrict, which older clients do not know;
        # this dump is the project's own, so those two lines are left out for any psql to load it.
        dump = gzip.decompress((GOLDEN / "postgres.sql.gz").read_bytes()).decode()
        dump = "".join(line for line in dump.splitlines(True) if not line.startswith(("\\restrict", "\\unrestrict")))
        loaded = subprocess.run(load, input=dump.encode(), capture_output=True)
        assert loaded.returncode == 0, loaded.stderr.decode()
        env = pg.eventsourcing_env(dbname)
    app = create_app(env=env)
    app.config["TESTING"] = True
    try:
        yield app
    finally:
        app.extensions["meldbook"].close()
        if admin is not None:
            pg.drop_database(admin, dbname)


@pytest.fixture(scope="module", params=STORES)
def golden(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Today's client on a copy of one golden store, shared by the tests that only read, and that store's manifest."""
    with golden_app(request.param, request, tmp_path_factory.mktemp("golden")) as app:
        yield app.test_client(), MANIFEST["stores"][request.param]


@pytest.fixture(params=STORES)
def golden_copy(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """Today's client on a copy of one golden store of this test's own, to write to."""
    with golden_app(request.param, request, tmp_path) as app:
        yield app.test_client(), MANIFEST["stores"][request.param]


def test_the_store_lists_every_golden_game_but_the_discarded_one(golden: Any) -> None:
    client, store = golden
    listing = read(client, "/games", query_string={"limit": 100})
    assert_as_before("GET /games", store["listing"], listing)
    listed = {item["id"] for item in listing["body"]["items"]}
    expected = {g["id"] for g in store["games"].values() if g["public"] and not g["old"][""]["body"]["discarded"]}
    assert listed == expected and len(expected) == len(GAMES) - 2  # the private game and the discarded one


@pytest.mark.parametrize("name", GAMES)
def test_each_golden_game_answers_as_the_old_code_did(golden: Any, name: str) -> None:
    client, store = golden
    game = store["games"][name]
    for path in READ:
        answer = read(client, game["url"] + path, game["tokens"]["recorder"])
        assert_as_before(path or "GET /games/{id}", game["old"][path], answer, ADDED.get(path, set()))
        if path == "":
            shown = answer["body"]
            newer = {"roby": 2, "royal": 2}.get(shown["variant"])
            offered = [] if shown["over"] or shown["discarded"] or newer is None else [
                {"type": ADOPTING, "rules": newer, "confirm": True, "expected_version": shown["version"]}]
            assert [c for entry in answer["adopting"] for c in entry["choices"]] == offered
            assert (shown["rules_version"], shown["state"]["rules_version"], shown["state"]["next_rules_version"]) == (
                1, 1, None), "every game stored before rules versions is under the first"
    for view, token in views(game).items():
        assert_as_before(view, game["old"]["views"][view], read(client, game["url"], token), ADDED[""])
    changed, extra = differences(game["old"]["/events"], every_event(client, game))
    assert not changed and extra <= EVENTS_ADDED, (changed[:20], extra)


@pytest.mark.parametrize("name", GAMES)
def test_the_kept_digests_verify_and_another_does_not(golden: Any, name: str) -> None:
    client, store = golden
    game = store["games"][name]
    url, token = f"{game['url']}/verify", game["tokens"]["recorder"]
    for kept, old in zip(game["digests"], game["old"]["/verify kept"], strict=True):
        answer = read(client, url, token, query_string=kept)
        assert_as_before(f"verify at {kept['at']}", old, answer)
        assert answer["body"]["ok"] and answer["body"]["digest"] == {"at": kept["at"], "broken": None, "ok": True}
        wrong = read(client, url, token, query_string={**kept, "digest": kept["digest"][::-1]})
        assert wrong["status"] == 200 and not wrong["body"]["ok"] and not wrong["body"]["digest"]["ok"]
    assert len(game["digests"]) >= (0 if name == "royal-discarded" else 1)


def test_annotations_disputes_confirmations_and_tokens_of_the_table_read_back(golden: Any) -> None:
    client, store = golden
    game = store["games"]["roby-table"]
    url, rec = game["url"], game["tokens"]["recorder"]
    notes = read(client, f"{url}/annotations", rec, query_string={"history": 1})["body"]["items"]
    assert any(n["revision"] > 1 and n["author"] == "Ann B." for n in notes) and any(n["deleted"] for n in notes)
    disputes = read(client, f"{url}/disputes", game["tokens"]["arbiter"])["body"]["items"]
    assert [(d["status"], len(d["evidence"])) for d in disputes] == [("closed", 3), ("open", 1)]
    assert disputes[0]["ruling"]["text"] == "the record stands" and disputes[0]["ruling"]["by"] == "arbiter"
    confirmed = read(client, f"{url}/confirmations", rec)["body"]["items"]
    assert sorted((c["hand"], c["player"], c["matches"]) for c in confirmed) == [
        (1, "Ann", True),
        (1, "Bob", True),
        (1, "Cy", True),
        (2, "Ann", True),
    ]
    for confirmation in confirmed:  # the digest kept with each confirmation verifies at its version
        kept = {"digest": confirmation["digest"], "at": confirmation["at"]}
        assert read(client, f"{url}/verify", rec, query_string=kept)["body"]["digest"]["ok"], confirmation
    for view, token in views(game).items():  # every token kept works, the redeemed pairing's among them
        assert read(client, url, token)["body"]["role"] == game["old"]["views"][view]["body"]["role"]


POT = "[pot]"
"""The party the old sheet made of a Roby pot still in play. Since the nights issue it is no party: the money is
shown with its game (`in_play`), and each player's figure leaves aside what he paid into it."""


def staked(client: FlaskClient, game: dict[str, Any], player: str) -> int:
    """What a player paid into a Roby game's pot, less what it paid him, read from the game's own settlement."""
    shown = read(client, f"{game['url']}/settlement/players/{player}", game["tokens"]["recorder"])["body"]
    return sum(
        e["amount"] if e["destination"] == "pot" else -e["amount"]
        for e in shown["entries"]
        if e["unit"] == "money" and "pot" in (e["source"], e["destination"])
    )


def test_the_night_reads_back_with_its_sheet(golden: Any) -> None:
    """The night's sheet reads as the old code gave it, but for the Roby pot in play: the old party [pot] is the
    game's money in play now, and each player's figure in that game gains what he has in the pot."""
    client, store = golden
    night = store["nights"]["night"]
    headers = {"X-Night-Token": night["token"]}
    old, new = night["old"][""], read(client, f"/nights/{night['id']}", headers=headers)
    assert new["status"] == old["status"] == 200
    games = {g["id"]: g for g in store["games"].values()}
    before = {g["id"]: g for g in old["body"]["games"]}
    assert [g["id"] for g in new["body"]["games"]] == list(before)
    assert {g["id"] for g in new["body"]["games"]} == {
        store["games"][name]["id"] for name in ("roby-table", "robins-finished", "royal-ended")
    }
    nets: dict[str, int] = {}
    for game in new["body"]["games"]:
        was = dict(before[game["id"]])
        old_nets = dict(was.pop("nets"))
        pot = old_nets.pop(POT, 0)
        assert (game["in_play"] or {"money": 0})["money"] == pot
        left_aside = {p: staked(client, games[game["id"]], p) if pot else 0 for p in old_nets}
        assert game["nets"] == {p: net + left_aside[p] for p, net in old_nets.items()}
        assert {k: v for k, v in game.items() if k not in ("nets", "in_play")} == was
        for party, net in game["nets"].items():
            nets[party] = nets.get(party, 0) + net
    assert any(g["in_play"] for g in new["body"]["games"]), "the golden Roby game is still being played"
    assert {p["name"]: p["net"] for p in new["body"]["parties"]} == nets and sum(nets.values()) == 0
    assert new["body"]["check"]["holds"] and POT not in nets
    left = dict(nets)
    for transfer in new["body"]["transfers"]:
        left[transfer["from"]] += transfer["amount"]
        left[transfer["to"]] -= transfer["amount"]
    assert not any(left.values())
    csv = read(client, f"/nights/{night['id']}/sheet.csv", headers=headers)
    rows = [line.split(",") for line in csv["body"].splitlines()]
    assert csv["status"] == 200 and {row[0]: int(row[-1]) for row in rows[1 : 1 + len(nets)]} == nets


def test_a_new_move_is_recorded_on_every_unfinished_golden_game_and_reads_back(golden_copy: Any) -> None:
    client, store = golden_copy
    unfinished = {
        name: g
        for name, g in store["games"].items()
        if not g["old"][""]["body"]["over"] and not g["old"][""]["body"]["discarded"]
    }
    assert sorted(unfinished) == ["robins-seats", "roby-recorded", "roby-table"]
    for game in unfinished.values():
        tokens = [game["tokens"]["recorder"], *game["tokens"]["seats"].values()]
        token, shown = next((t, s) for t in tokens if (s := read(client, game["url"], t)["body"])["legal_actions"])
        body = next(b for entry in shown["legal_actions"] for b in concrete_bodies(entry))
        moved = client.post(f"{game['url']}/moves", json=body, headers={"Authorization": f"Bearer {token}"})
        assert moved.status_code == 201, moved.get_json()
        version = game["old"][""]["body"]["version"]
        assert moved.get_json()["version"] == version + len(moved.get_json()["events"]) > version
        events = every_event(client, game)
        changed, extra = differences(game["old"]["/events"], events[:version])
        assert not changed and extra <= EVENTS_ADDED and events[version:] == moved.get_json()["events"]
        assert read(client, game["url"], game["tokens"]["recorder"])["body"]["version"] == moved.get_json()["version"]
        for check in ("audit", "verify"):
            assert read(client, f"{game['url']}/{check}", game["tokens"]["recorder"])["body"]["ok"], check


def test_retries_under_the_old_idempotency_keys_answer_as_the_old_code_did(golden_copy: Any) -> None:
    client, store = golden_copy
    table = store["games"]["roby-table"]
    kept = table["idempotent_move"]
    again = client.post(
        f"{table['url']}/moves",
        json=kept["body"],
        headers={"Authorization": f"Bearer {table['tokens']['recorder']}", "Idempotency-Key": kept["key"]},
    )
    assert again.status_code == 201 and again.get_json() == kept["answer"]
    seats = store["games"]["robins-seats"]
    created = seats["idempotent_create"]
    again = client.post("/games", json=created["body"], headers={"Idempotency-Key": created["key"]})
    assert again.status_code == 201, again.get_json()
    assert (again.get_json()["id"], again.get_json()["token"]) == (seats["id"], seats["tokens"]["recorder"])
    assert (
        read(client, table["url"], table["tokens"]["recorder"])["body"]["version"]
        == table["old"][""]["body"]["version"]
    )


def test_every_snapshot_of_the_golden_store_reads_back_under_the_names_it_was_stored_with(tmp_path: Path) -> None:
    """Snapshots store the rule state's dataclasses under names (service/transcodings.py) that are schema: a class
    moved since then (Zone, Ledger) still reads under its old name, into the class it is now."""
    path = tmp_path / "meldbook.sqlite"
    path.write_bytes(gzip.decompress((GOLDEN / "meldbook.sqlite.gz").read_bytes()))
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT originator_id, originator_version, topic, state FROM stored_snapshots").fetchall()
    names = {name for *_, state in rows for name in re.findall(rb"meldbook:domain[\w.]*", state)}
    assert {b"meldbook:domain.zones.Zone", b"meldbook:domain.ledger.Ledger"} <= names
    app = create_app(env=sqlite_settings(tmp_path / "empty.sqlite"))
    try:
        mapper = app.extensions["meldbook"].mapper
        found: set[type] = set()
        for originator, version, topic, state in rows:
            snapshot = mapper.to_domain_event(StoredEvent(UUID(originator), version, topic, state))
            game = snapshot.mutate(None)
            assert isinstance(game, Game) and game.version == version
            found |= {type(v) for v in vars(game.state).values()}
    finally:
        app.extensions["meldbook"].close()
    assert {Zone, Ledger} <= found
