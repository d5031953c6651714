"""Write the golden store: a SQLite file and a PostgreSQL dump written by an older Meldbook, and what it answered.

Run at commit b41311b (the starting commit of the round that added it), with the old checkout first on the path:

    git worktree add --detach ../golden-old b41311b
    PYTHONPATH=../golden-old .venv/bin/python tools/golden_store.py --out tests/golden/store

It builds the app with the checkout's own factory (api.app.create_app) and drives it through HTTP alone (Flask's
test client), so the same script runs on later code. On each store (a SQLite file; a fresh PostgreSQL database,
dumped with `pg_dump --no-owner --no-privileges` and dropped) it records the same games: a Roby game at a table
(seat, arbiter and viewer tokens, a seat without a device, a pairing, an idempotent move, two hands confirmed,
annotations added, edited and deleted, disputes with evidence and a ruling, a void), a recorded private Roby game
(its setup amended, a card amended), a Robins Rummy game recorded by seats under an Idempotency-Key, a Robins Rummy
game played to its end, a Royal Rummy game ended by the table, a game imported from examples/roby.mbn and a
discarded one; and a night holding three of them (the recorded game joined it and left). It writes
meldbook.sqlite.gz (the SQLite file, gzipped), postgres.sql.gz (the dump, gzipped) and manifest.json.gz: per store,
each game's id, variant, tokens, the digests kept along the way and the old code's answers (status and body), which
tests/integration/test_golden_store.py compares with today's.
"""

from __future__ import annotations

import argparse
import gzip
import json
import logging
import os
import random
import secrets
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

PREFERRED = ("go_out", "meld", "lay_off")
NIGHT = {"title": "Golden night", "chip_value": {"amount": 50, "currency": "NOK"}}
NIGHT |= {"robins_stake": {"amount": 10, "currency": "NOK"}}
PLAYERS = ["Ann", "Bob", "Cy"]
READ = ("", "/notation", "/settlement", "/audit", "/verify", "/annotations?history=1", "/disputes", "/confirmations")
READ += ("/replay?hand=1",)
"""What the manifest keeps of every game, read with the recorder's token (besides its events and its views)."""
ROBY_DEALT = {
    "ann": ["4H", "5H", "6H", "7H", "KC", "KD", "KS", "QS", "QH", "QC"],
    "bob": ["7C", "7D", "7S", "8C", "9C", "10C", "JH", "JD", "9S", "10S"],
    "cy": ["5C", "5D", "5S", "6C", "6D", "6S", "8D", "8H", "8S", "9D"],
}


def load_code(code: Path) -> Any:
    """Put the checkout to run first on the path and make sure its modules are the ones imported."""
    sys.path.insert(0, str(code))
    os.environ.setdefault("MELDBOOK_RATE_LIMIT_CREATE", "off")
    assert "MELDBOOK_SECRET" not in os.environ, "the secret must be drawn and kept in the store"
    import api.app

    assert Path(api.app.__file__).resolve().is_relative_to(code), f"{api.app.__file__} is not under {code}"
    return api.app


class Table:
    """The app on one store, driven through HTTP; the games and nights it wrote, and the old answers."""

    def __init__(self, client: Any, concrete_bodies: Any) -> None:
        self.client, self.concrete_bodies = client, concrete_bodies
        self.games: dict[str, dict[str, Any]] = {}
        self.nights: dict[str, dict[str, Any]] = {}

    def call(self, method: str, url: str, token: str | None = None, status: int | None = 201, **kw: Any) -> Any:
        headers = kw.pop("headers", {}) | ({"Authorization": f"Bearer {token}"} if token else {})
        response = self.client.open(url, method=method, headers=headers, **kw)
        answered = f"{method} {url}: {response.status_code} {response.get_data(as_text=True)}"
        assert status in (None, response.status_code), answered
        return response

    def read(self, url: str, token: str | None = None, **kw: Any) -> dict[str, Any]:
        """A GET's answer as the manifest keeps it: the status, the body (JSON, or text) and its digest header."""
        response = self.call("GET", url, token, None, **kw)
        body = response.get_json() if response.is_json else response.get_data(as_text=True)
        return {"status": response.status_code, "body": body, "Repr-Digest": response.headers.get("Repr-Digest")}

    def post(self, url: str, body: Any, token: str | None = None, status: int = 201, **kw: Any) -> Any:
        return self.call("POST", url, token, status, json=body, **kw).get_json()

    def create(self, name: str, variant: str, players: list[str], **body: Any) -> dict[str, Any]:
        headers, body = body.pop("headers", {}), {"deal_mode": "shuffled", **body}
        answer = self.post("/games", {"variant": variant, "players": players, **body}, headers=headers)
        return self.keep(name, variant, answer, public=body.get("access") != "private")

    def keep(self, name: str, variant: str, answer: dict[str, Any], public: bool = True) -> dict[str, Any]:
        game = {"id": answer["id"], "variant": variant, "url": f"/games/{answer['id']}", "public": public}
        game |= {"digests": [], "tokens": {"recorder": answer["token"], "seats": {}, "viewers": {}}}
        self.games[name] = game
        return game

    def issue(self, game: dict[str, Any], path: str, body: Any = None) -> str:
        token: str = self.post(f"{game['url']}/tokens/{path}", body, game["tokens"]["recorder"])["token"]
        return token

    def shown(self, game: dict[str, Any], token: str | None = None) -> Any:
        return self.call("GET", game["url"], token or game["tokens"]["recorder"], 200).get_json()

    def hand(self, shown: dict[str, Any]) -> int:
        return int(shown["state"].get("hand_number") or shown["state"].get("deal_number") or 0)

    def play(self, game: dict[str, Any], rng: random.Random, moves: int, until_hand: int = 0) -> None:
        """Post listed bodies (table plays preferred, as the bots do) until `moves`, the game's end or a hand."""
        for _ in range(moves):
            shown = self.shown(game)
            if shown["over"] or (until_hand and self.hand(shown) >= until_hand):
                return
            self.move(game, shown, rng, game["tokens"]["recorder"])
        assert not until_hand, f"hand {until_hand} not reached in {moves} moves"

    def choose(self, shown: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        bodies = [b for entry in shown["legal_actions"] for b in self.concrete_bodies(entry)]
        plays = [b for b in bodies if b["type"] in PREFERRED]
        body: dict[str, Any] = rng.choice(plays if plays and rng.random() < 0.9 else bodies)
        return body

    def move(self, game: dict[str, Any], shown: dict[str, Any], rng: random.Random, token: str, **kw: Any) -> Any:
        return self.post(f"{game['url']}/moves", self.choose(shown, rng), token, **kw)

    def keep_digest(self, game: dict[str, Any]) -> None:
        shown = self.shown(game)
        game["digests"].append({"at": shown["version"], "digest": shown["digest"]})


def roby_at_a_table(t: Table, night: dict[str, Any], rng: random.Random) -> None:
    headers = {"X-Night-Token": night["token"]}
    game = t.create("roby-table", "roby", PLAYERS, title="Golden Roby", night=night["id"], headers=headers)
    rec, tokens = game["tokens"]["recorder"], game["tokens"]
    tokens["seats"] = {p: t.issue(game, f"seats/{p}") for p in PLAYERS}
    tokens["arbiter"] = t.issue(game, "arbiter")
    tokens["viewers"] = {"club": t.issue(game, "viewers", {"label": "club"}), "temp": t.issue(game, "viewers", {})}
    t.issue(game, "viewers", {"label": "gone"})
    t.call("DELETE", f"{game['url']}/tokens/viewers/gone", rec, 204)
    t.call("PUT", f"{game['url']}/seats/Cy", rec, 200, json={"device": False})
    t.play(game, rng, 400, until_hand=2)
    t.keep_digest(game)
    url = game["url"]
    for player in ("Ann", "Bob"):
        t.post(f"{url}/hands/1/confirmations", {}, tokens["seats"][player])
    t.post(f"{url}/hands/1/confirmations", {"player": "Cy"}, rec)
    ann, bob = tokens["seats"]["Ann"], tokens["seats"]["Bob"]
    note = t.post(f"{url}/annotations", {"target": "game", "comment": "a good cut", "glyph": "!"}, ann)
    t.call("PATCH", f"{url}/annotations/{note['id']}", ann, 200, json={"comment": "a fine cut", "author": "Ann B."})
    t.post(f"{url}/annotations", {"target": "event", "at": 10, "comment": "take the discard", "glyph": "?!"}, rec)
    t.post(f"{url}/annotations", {"target": "hand", "at": 12, "comment": "line one\n\tline two"}, rec)
    gone = t.post(f"{url}/annotations", {"target": "hand", "at": 12, "comment": "written twice"}, rec)
    t.call("DELETE", f"{url}/annotations/{gone['id']}", rec, 204)
    frame = t.call("GET", f"{url}/replay", rec, 200, query_string={"hand": 1}).get_json()["frames"][2]
    dispute = t.post(f"{url}/disputes", {"target": "hand", "at": 12, "claim": "I went out with 15", "figure": 15}, bob)
    own = t.post(f"{url}/annotations", {"target": "event", "at": 11, "comment": "my draw"}, bob)
    for evidence in (
        {"event": 11, "note": "the draw before"},
        {"annotation": own["id"]},
        {"replay": {"hand": 1, "at": frame["move"]}, "note": "see here"},
    ):
        t.post(f"{url}/disputes/{dispute['id']}/evidence", evidence, bob)
    t.post(f"{url}/disputes/{dispute['id']}/ruling", {"ruling": "the record stands"}, tokens["arbiter"])
    other = t.post(f"{url}/disputes", {"target": "event", "at": 8, "claim": "misdealt?"}, rec)
    t.post(f"{url}/disputes/{other['id']}/evidence", {"event": 8, "note": "the deal"}, rec)
    code = t.post(f"{url}/pairings", {"player": "Bob"}, rec)["code"]
    tokens["seats"]["Bob"] = t.post("/pairings/redeem", {"code": code})["token"]
    body, key = t.choose(t.shown(game), rng), {"Idempotency-Key": "golden-move-1"}
    first = t.post(f"{url}/moves", body, rec, headers=key)
    assert t.post(f"{url}/moves", body, rec, headers=key) == first, "a retry under the key answers the first answer"
    game["idempotent_move"] = {"key": key["Idempotency-Key"], "body": body, "answer": first}
    t.play(game, rng, 400, until_hand=3)
    t.keep_digest(game)
    t.post(f"{url}/hands/2/confirmations", {}, ann)
    t.play(game, rng, 6)
    void = next(a for a in t.shown(game)["table_actions"] if a["type"] == "void")
    t.post(f"{url}/corrections", {**void["examples"][0], "reason": "entered at the wrong table"}, rec)
    t.keep_digest(game)


def roby_recorded(t: Table, night: dict[str, Any], rng: random.Random) -> None:
    game = t.create(
        "roby-recorded", "roby", ["ann", "bobb", "cy"], deal_mode="recorded", access="private", options={"buy_in": 400}
    )
    rec = game["tokens"]["recorder"]
    t.call("PATCH", f"{game['url']}/setup", rec, 200, json={"rename": {"bobb": "bob"}, "options": {"buy_in": 300}})
    game["tokens"]["seats"]["ann"] = t.issue(game, "seats/ann")
    bodies: list[dict[str, Any]] = [
        {"type": "cut", "player": p, "card": c} for p, c in zip(ROBY_DEALT, ["2C", "3C", "KH"], strict=True)
    ]
    bodies += [
        {"type": "deal", "player": "cy", "hands": ROBY_DEALT, "upcard": "QD"},
        {"type": "draw", "player": "ann", "source": "stock", "card": "2D"},
        {"type": "discard", "player": "ann", "card": "2D"},
    ]
    for body in bodies:
        version = t.shown(game)["version"]
        label = {"X-Device-Label": "club tablet"}
        t.post(f"{game['url']}/moves", {**body, "expected_version": version}, rec, headers=label)
    t.keep_digest(game)
    amend = {"kind": "amend", "move": 5, "card": "2D", "replacement": "3D", "reason": "misread", "then": "void-rest"}
    t.post(f"{game['url']}/corrections", {**amend, "expected_version": t.shown(game)["version"]}, rec)
    t.play(game, rng, 2)
    t.keep_digest(game)
    headers = {"X-Night-Token": night["token"]}
    t.post(f"/nights/{night['id']}/games", {"game": game["id"]}, rec, headers=headers)
    t.call("DELETE", f"/nights/{night['id']}/games/{game['id']}", rec, 204, headers=headers)


def robins_by_seats(t: Table, rng: random.Random) -> None:
    body = {"variant": "robins", "players": ["Ann", "Bob"], "deal_mode": "shuffled", "recording": "seats"}
    key = {"Idempotency-Key": "golden-game-1"}
    game = t.keep("robins-seats", "robins", t.post("/games", body, headers=key))
    again = t.post("/games", body, headers=key)
    assert (again["id"], again["token"]) == (game["id"], game["tokens"]["recorder"]), "a retry answers the game"
    game["idempotent_create"] = {"key": key["Idempotency-Key"], "body": body}
    seats = game["tokens"]["seats"] = {p: t.issue(game, f"seats/{p}") for p in ("Ann", "Bob")}
    game["tokens"]["viewers"] = {"club": t.issue(game, "viewers", {"label": "club"})}
    for _ in range(24):
        player = next(p for p, token in seats.items() if t.shown(game, token)["legal_actions"])
        t.move(game, t.shown(game, seats[player]), rng, seats[player], headers={"X-Device-Label": f"{player}'s phone"})
    t.keep_digest(game)


def night_games(t: Table, night: dict[str, Any], rng: random.Random) -> None:
    robins = t.create("robins-finished", "robins", ["Ann", "Bob"])
    t.play(robins, rng, 600)
    assert t.shown(robins)["over"], "the Robins Rummy game ends"
    t.keep_digest(robins)
    royal = t.create("royal-ended", "royal", PLAYERS)
    royal["tokens"]["arbiter"] = t.issue(royal, "arbiter")
    t.play(royal, rng, 30)
    t.keep_digest(royal)
    end = next(a for a in t.shown(royal)["table_actions"] if a["type"] == "end_game")
    t.post(f"{royal['url']}/moves", end["choices"][0], royal["tokens"]["recorder"])
    t.keep_digest(royal)
    for game in (robins, royal):
        headers = {"X-Night-Token": night["token"]}
        t.post(f"/nights/{night['id']}/games", {"game": game["id"]}, game["tokens"]["recorder"], headers=headers)


def imported_and_discarded(t: Table, code: Path) -> None:
    text = (code / "examples" / "roby.mbn").read_bytes()
    answer = t.post("/games/import", None, data=text, content_type="application/vnd.meldbook.notation")
    t.keep_digest(t.keep("roby-imported", "roby", answer))
    gone = t.create("royal-discarded", "royal", PLAYERS)
    t.post(f"{gone['url']}/discard", {"reason": "created twice"}, gone["tokens"]["recorder"], 200)


def answers(t: Table) -> dict[str, Any]:
    """What the old code answers for every game and night (status and body), to compare today's with."""
    for game in t.games.values():
        url, rec = game["url"], game["tokens"]["recorder"]
        got = {path: t.read(url + path, rec) for path in READ}
        got["/verify kept"] = [t.read(f"{url}/verify", rec, query_string=kept) for kept in game["digests"]]
        events, query = [], {"after": 0, "limit": 500}
        while query:
            page = t.call("GET", f"{url}/events", rec, 200, query_string=query).get_json()
            events += page["items"]
            query = page["next_cursor"] and {"cursor": page["next_cursor"], "limit": 500}
        got["/events"] = events
        views = {f"seat:{p}": token for p, token in game["tokens"]["seats"].items()}
        views |= {"arbiter": game["tokens"]["arbiter"]} if "arbiter" in game["tokens"] else {}
        views |= {f"viewer:{label}": token for label, token in game["tokens"]["viewers"].items()}
        views |= {"spectator": ""} if game["public"] else {}
        got["views"] = {view: t.read(url, token) for view, token in views.items()}
        game["old"] = got
    for night in t.nights.values():
        headers = {"X-Night-Token": night["token"]}
        night["old"] = {path: t.read(f"/nights/{night['id']}{path}", headers=headers) for path in ("", "/sheet.csv")}
    return {"games": t.games, "nights": t.nights, "listing": t.read("/games", query_string={"limit": 100})}


def write_store(app_module: Any, env: dict[str, str], code: Path) -> dict[str, Any]:
    from bots import SeededChance, concrete_bodies

    app = app_module.create_app(env=env, chance=SeededChance(20260101))
    app.config["TESTING"] = True
    try:
        t = Table(app.test_client(), concrete_bodies)
        opened = t.post("/nights", NIGHT)
        night = t.nights["night"] = {"id": opened["id"], "token": opened["token"]}
        rng = random.Random(20260101)
        roby_at_a_table(t, night, rng)
        roby_recorded(t, night, rng)
        robins_by_seats(t, rng)
        night_games(t, night, rng)
        imported_and_discarded(t, code)
        return answers(t)
    finally:
        app.extensions["meldbook"].close()


def commit_of(code: Path) -> str:
    """The commit the checkout is at; refused when it holds changes (the store would not be that commit's)."""
    git = ["git", "-C", str(code)]
    changes = subprocess.run([*git, "status", "--porcelain"], capture_output=True, text=True, check=True).stdout
    assert not changes.strip(), f"the checkout at {code} has changes: {changes}"
    return subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()


def on_postgres(app_module: Any, code: Path, store_env: Any) -> tuple[dict[str, Any], bytes]:
    """The games written into a new PostgreSQL database, and its dump; the database dropped afterwards."""
    host, port = os.environ.get("MELDBOOK_PG_HOST", "127.0.0.1"), os.environ.get("MELDBOOK_PG_PORT", "5432")
    dbname = f"meldbook_golden_{secrets.token_hex(4)}"
    with psycopg.connect(host=host, port=port, user="postgres", dbname="postgres", autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(dbname)))
        try:
            settings = {"MELDBOOK_POSTGRES_HOST": host, "MELDBOOK_POSTGRES_PORT": port}
            env = store_env({"MELDBOOK_STORE": "postgres", "MELDBOOK_POSTGRES_DBNAME": dbname, **settings})
            written = write_store(app_module, env, code)
            dump = ["pg_dump", "--no-owner", "--no-privileges", "-h", host, "-p", port, "-U", "postgres", dbname]
            return written, subprocess.run(dump, capture_output=True, check=True).stdout
        finally:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(dbname)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--code", type=Path, default=Path(os.environ.get("PYTHONPATH", ".").split(os.pathsep)[0]))
    args = parser.parse_args()
    code = args.code.resolve()
    logging.basicConfig(level=logging.WARNING)  # the access log's lines stay quiet
    app_module = load_code(code)
    from service.config import store_env

    manifest: dict[str, Any] = {"commit": commit_of(code), "written_by": "tools/golden_store.py", "stores": {}}
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        sqlite = Path(scratch) / "meldbook.sqlite"
        env = store_env({"MELDBOOK_STORE": "sqlite", "MELDBOOK_SQLITE_PATH": str(sqlite)})
        manifest["stores"]["sqlite"] = write_store(app_module, env, code)
        assert not Path(f"{sqlite}-wal").exists(), "closing the store leaves everything in the file itself"
        (args.out / "meldbook.sqlite.gz").write_bytes(gzip.compress(sqlite.read_bytes(), mtime=0))
    manifest["stores"]["postgres"], dump = on_postgres(app_module, code, store_env)
    (args.out / "postgres.sql.gz").write_bytes(gzip.compress(dump, mtime=0))
    text = json.dumps(manifest, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    (args.out / "manifest.json.gz").write_bytes(gzip.compress(text.encode(), mtime=0))
    print(f"wrote {args.out} at {manifest['commit']}")


if __name__ == "__main__":
    main()
