"""Bad moves are refused with a 4xx problem document naming the field or rule, and store nothing."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from domain.cards.card import packs
from tests.e2e.helpers import Created, assert_problem, bearer, create, footprint, legal_actions, listed_bodies, stored

QUIET = ("draw", "discard", "cut", "deal")


@dataclass
class Table:
    """A shuffled game in play, at a turn where the player to move has drawn and may meld."""

    game: Created
    version: int
    player: str
    others: list[str]
    hand: list[str]
    legal: list[dict[str, Any]]

    def body(self, **fields: Any) -> dict[str, Any]:
        """A move by the player to act at the current version."""
        return {"player": self.player, "expected_version": self.version, **fields}


def table_in_play(client: FlaskClient) -> Table:
    """Play quiet listed moves (no melds) until a player who has had a turn has drawn again."""
    game = create(client)
    rng = random.Random(5)
    for _ in range(200):
        version, legal, _ = legal_actions(client, game)
        state = client.get(game.url, headers=game.auth).get_json()["state"]
        if state["phase"] == "play" and state["drawn"] and state["turns_taken"][state["turn"]] > 0:
            player = state["turn"]
            others = [p for p in state["players"] if p != player]
            return Table(game, version, player, others, state["hands"][player]["cards"], legal)
        bodies = [b for b in listed_bodies(legal) if b["type"] in QUIET]
        response = client.post(f"{game.url}/moves", json=rng.choice(bodies), headers=game.auth)
        assert response.status_code == 201
    raise AssertionError("no turn with a drawn card came up")


def not_a_meld(hand: list[str]) -> list[str]:
    """Three held cards of three different ranks and not all of one suit."""
    by_rank = {card[:-1]: card for card in hand}
    for trio in ([a, b, c] for a in by_rank.values() for b in by_rank.values() for c in by_rank.values()):
        ranks, suits = {c[:-1] for c in trio}, {c[-1] for c in trio}
        if len(ranks) == 3 and len(suits) > 1:
            return trio
    raise AssertionError(f"no non-meld trio in {hand}")


Post = Callable[[Table], dict[str, Any]]
JSON = {"Content-Type": "application/json"}


def raw(text: str) -> Post:
    """A request whose body is this text, sent as JSON."""
    return lambda t: {"data": text, "headers": {**bearer(t.game.token), **JSON}}


def body(make: Callable[[Table], dict[str, Any]], headers: Callable[[Table], dict[str, str]] | None = None) -> Post:
    """A JSON request with the recorder token (or other headers)."""
    return lambda t: {"json": make(t), "headers": headers(t) if headers else bearer(t.game.token)}


def unheld(t: Table) -> str:
    """A card of the pack that the player does not hold."""
    return next(c for c in sorted(packs(1, 0)) if c not in t.hand)


def unheld_group(t: Table) -> list[str]:
    """Three cards of one rank that the player does not hold."""
    for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"):
        free = [rank + suit for suit in "CDHS" if rank + suit not in t.hand]
        if len(free) >= 3:
            return free[:3]
    raise AssertionError(t.hand)


REFUSALS: dict[str, tuple[Post, int, str]] = {
    "malformed JSON": (raw('{"type": "discard",'), 400, "body"),
    "a JSON array body": (raw("[1, 2]"), 422, "body"),
    "a JSON string body": (raw('"discard"'), 422, "body"),
    "a null body": (raw("null"), 422, "body"),
    "NaN in the body": (
        lambda t: raw(json.dumps(t.body(type="discard", card=t.hand[0], x=0)).replace("0}", "NaN}"))(t),
        400,
        "body",
    ),
    "an oversized body": (
        body(lambda t: t.body(type="discard", card=t.hand[0], note="x" * 70_000)),
        413,
        "request-entity-too-large",
    ),
    "an unknown field": (body(lambda t: t.body(type="discard", card=t.hand[0], colour="red")), 422, "colour"),
    "an unknown action type": (body(lambda t: t.body(type="shuffle")), 422, "type"),
    "an unknown card": (body(lambda t: t.body(type="discard", card="KZ")), 422, "card"),
    "a card as a number": (body(lambda t: t.body(type="discard", card=10)), 422, "card"),
    "a card the player does not hold": (body(lambda t: t.body(type="discard", card=unheld(t))), 422, "roby.not-held"),
    "an illegal meld": (body(lambda t: t.body(type="meld", cards=not_a_meld(t.hand))), 422, "roby.meld.invalid"),
    "a meld of cards not held": (body(lambda t: t.body(type="meld", cards=unheld_group(t))), 422, "roby.not-held"),
    "a lay-off on no meld": (
        body(lambda t: t.body(type="lay_off", card=t.hand[0], meld=999)),
        422,
        "roby.lay-off.no-meld",
    ),
    "a huge meld id": (body(lambda t: t.body(type="lay_off", card=t.hand[0], meld=10**40)), 422, "meld"),
    "a meld id of 101 digits": (
        lambda t: raw(
            json.dumps(t.body(type="lay_off", card=t.hand[0], meld=0)).replace('"meld": 0', '"meld": ' + "9" * 101)
        )(t),
        400,
        "body",
    ),
    "a meld id as a boolean": (body(lambda t: t.body(type="lay_off", card=t.hand[0], meld=True)), 422, "meld"),
    "a meld id as a fraction": (body(lambda t: t.body(type="lay_off", card=t.hand[0], meld=1.5)), 422, "meld"),
    "an out-of-turn move": (
        body(lambda t: {**t.body(type="draw", source="stock"), "player": t.others[0]}),
        422,
        "out-of-turn",
    ),
    "a stranger's move": (
        body(lambda t: {**t.body(type="draw", source="stock"), "player": "mallory"}),
        422,
        "unknown-player",
    ),
    "a second draw": (body(lambda t: t.body(type="draw", source="stock")), 422, "roby.one-draw"),
    "no token": (body(lambda t: t.body(type="discard", card=t.hand[0]), lambda t: {}), 401, "missing-token"),
    "a wrong token": (
        body(lambda t: t.body(type="discard", card=t.hand[0]), lambda t: bearer("not-the-token")),
        403,
        "invalid-token",
    ),
    "another game's token": (
        body(lambda t: t.body(type="discard", card=t.hand[0]), lambda t: bearer(t.game.token[::-1])),
        403,
        "invalid-token",
    ),
    "a stale expected_version": (
        body(lambda t: {**t.body(type="discard", card=t.hand[0]), "expected_version": t.version - 1}),
        409,
        "stale-version",
    ),
    "a future expected_version": (
        body(lambda t: {**t.body(type="discard", card=t.hand[0]), "expected_version": t.version + 1}),
        409,
        "stale-version",
    ),
    "a stale If-Match": (
        body(
            lambda t: {"type": "discard", "player": t.player, "card": t.hand[0]},
            lambda t: {**bearer(t.game.token), "If-Match": f'"{t.version - 1}"'},
        ),
        412,
        "precondition-failed",
    ),
    "a malformed If-Match": (
        body(
            lambda t: {"type": "discard", "player": t.player, "card": t.hand[0]},
            lambda t: {**bearer(t.game.token), "If-Match": "*"},
        ),
        412,
        "If-Match",
    ),
    "a huge If-Match": (
        body(
            lambda t: {"type": "discard", "player": t.player, "card": t.hand[0]},
            lambda t: {**bearer(t.game.token), "If-Match": '"' + "9" * 40 + '"'},
        ),
        412,
        "If-Match",
    ),
    "no version at all": (
        body(lambda t: {"type": "discard", "player": t.player, "card": t.hand[0]}),
        428,
        "version-required",
    ),
    "a huge expected_version": (
        body(lambda t: {**t.body(type="discard", card=t.hand[0]), "expected_version": 10**30}),
        422,
        "expected_version",
    ),
    "a negative expected_version": (
        body(lambda t: {**t.body(type="discard", card=t.hand[0]), "expected_version": -1}),
        422,
        "expected_version",
    ),
    "a boolean expected_version": (
        body(lambda t: {**t.body(type="discard", card=t.hand[0]), "expected_version": True}),
        422,
        "expected_version",
    ),
    "a string expected_version": (
        body(lambda t: {**t.body(type="discard", card=t.hand[0]), "expected_version": str(t.version)}),
        422,
        "expected_version",
    ),
    "a fractional expected_version": (
        body(lambda t: {**t.body(type="discard", card=t.hand[0]), "expected_version": t.version + 0.5}),
        422,
        "expected_version",
    ),
    "a player that is not text": (
        body(lambda t: {**t.body(type="discard", card=t.hand[0]), "player": 7}),
        422,
        "player",
    ),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_a_bad_move_is_refused_with_a_problem_naming_its_fault_and_stores_nothing(
    shared_app: Flask, shared_client: FlaskClient, case: str
) -> None:
    app, client = shared_app, shared_client
    table = table_in_play(client)
    before, everything = footprint(client, table.game), stored(app)
    request, status, names = REFUSALS[case]
    response = client.post(f"{table.game.url}/moves", **request(table))
    assert_problem(response, status, names=names)
    assert footprint(client, table.game) == before and stored(app) == everything
    if status == 401:
        assert response.headers["WWW-Authenticate"].startswith("Bearer")


def test_a_move_without_a_token_is_refused_and_stores_nothing(shared_app: Flask, shared_client: FlaskClient) -> None:
    game = create(shared_client)
    version, legal, _ = legal_actions(shared_client, game)
    before = stored(shared_app)
    response = shared_client.post(f"{game.url}/moves", json=listed_bodies(legal)[0])
    assert_problem(response, 401, "missing-token")
    assert stored(shared_app) == before and footprint(shared_client, game)[0] == version


def test_a_move_on_an_unknown_game_or_a_bad_uuid_is_a_404(shared_app: Flask, shared_client: FlaskClient) -> None:
    game = create(shared_client)
    before = stored(shared_app)
    move = {"type": "cut", "player": "ann", "expected_version": game.version}
    unknown = "00000000-0000-4000-8000-000000000000"
    assert_problem(shared_client.post(f"/games/{unknown}/moves", json=move, headers=game.auth), 404, "game-not-found")
    assert_problem(shared_client.post("/games/not-a-uuid/moves", json=move, headers=game.auth), 404, "not-found")
    assert stored(shared_app) == before


def test_a_get_on_the_moves_collection_is_a_405_with_an_allow_header(shared_client: FlaskClient) -> None:
    game = create(shared_client)
    response = shared_client.get(f"{game.url}/moves")
    assert_problem(response, 405, "method-not-allowed")
    assert "POST" in response.headers["Allow"]
