"""What each reader sees: spectators get counts for hands and the stock and no seeds; the recorder sees all."""

from __future__ import annotations

import random
from typing import Any

import pytest
from eventsourcing.utils import resolve_topic
from flask.testing import FlaskClient

from tests.e2e.helpers import Created, all_events, create, legal_actions, listed_bodies, play
from tests.walk import json_paths as walk

Path = str


def secret_zones(doc: Any) -> list[tuple[Path, dict[str, Any]]]:
    """Every zone marked secret (hands, the stock) in a document."""
    return [(p, v) for p, _, v in walk({"doc": doc}) if isinstance(v, dict) and v.get("secret") is True]


def assert_never_shows_the_token_hash(doc: Any) -> None:
    """No reader ever sees a token hash."""
    assert not [p for p, key, _ in walk(doc) if key == "token_hash"]


def assert_masked(doc: Any) -> None:
    """A spectator's document: secret zones reduced to counts, seeds blanked, no legal actions."""
    zones = secret_zones(doc)
    assert zones, "a Roby state has secret hands and a secret stock"
    for path, zone in zones:
        assert set(zone) == {"count", "secret"} and isinstance(zone["count"], int), (path, zone)
    assert not [(p, v) for p, key, v in walk(doc) if key == "seed" and v is not None]
    assert not [p for p, key, _ in walk(doc) if key == "legal_actions"]
    assert_never_shows_the_token_hash(doc)


def assert_shown_in_full(doc: Any) -> None:
    """The recorder's document: secret zones list their cards."""
    for path, zone in secret_zones(doc):
        assert len(zone["cards"]) + zone["unknown"] == zone["count"], (path, zone)
    assert_never_shows_the_token_hash(doc)


def assert_events_masked(events: list[dict[str, Any]], recorder: bool) -> None:
    """Every event's secret fields are blank for spectators and present for the recorder."""
    for event in events:
        secret = getattr(resolve_topic(event["topic"]), "SECRET_FIELDS", ())
        for name in (path.removesuffix(".*") for path in secret):
            if name in event["data"] and not recorder:
                assert event["data"][name] is None, (event["type"], name)
        if recorder:
            assert_shown_in_full(event["data"])
        else:
            assert_masked_event(event["data"])


def assert_masked_event(data: dict[str, Any]) -> None:
    """An event's payload as a spectator sees it."""
    for path, zone in secret_zones(data):
        assert set(zone) == {"count", "secret"}, (path, zone)
    assert not [(p, v) for p, key, v in walk(data) if key == "seed" and v is not None]
    assert_never_shows_the_token_hash(data)


def recorded_game(client: FlaskClient) -> Created:
    """A recorded game through its cuts (named as cut at the table) and the deal (the listed example)."""
    game = create(client, deal_mode="recorded")
    for player, card in (("ann", "KS"), ("bob", "2H"), ("cy", "7D")):
        move = {"type": "cut", "player": player, "card": card, "expected_version": legal_actions(client, game)[0]}
        assert client.post(f"{game.url}/moves", json=move, headers=game.auth).status_code == 201
    legal = legal_actions(client, game)[1]
    deal = next(b for b in listed_bodies(legal) if b["type"] == "deal")
    assert client.post(f"{game.url}/moves", json=deal, headers=game.auth).status_code == 201
    legal = legal_actions(client, game)[1]
    assert {entry["type"] for entry in legal} == {"draw"}
    return game


def shuffled_game(client: FlaskClient) -> Created:
    """A shuffled game a few dozen moves in (past the deal, with draws and discards)."""
    game = create(client)
    play(client, game, random.Random(11), 30)
    return game


@pytest.mark.parametrize("make", [shuffled_game, recorded_game], ids=["shuffled", "recorded"])
def test_spectators_see_counts_for_hands_and_stock_and_no_seed_or_legal_actions(
    shared_client: FlaskClient, make: Any
) -> None:
    game = make(shared_client)
    shown = shared_client.get(game.url).get_json()
    assert_masked(shown)
    assert set(shown["state"]["hands"]) == set(shown["players"])
    last = shown["version"]
    for at in range(1, last + 1):
        assert_masked(shared_client.get(f"{game.url}/state?at={at}").get_json())
    events = all_events(shared_client, game.url)
    assert len(events) == last
    assert_events_masked(events, recorder=False)
    dealt = [e for e in events if e["type"] == "HandDealt"]
    assert dealt and all(e["data"]["hands"] is None for e in dealt)


@pytest.mark.parametrize("make", [shuffled_game, recorded_game], ids=["shuffled", "recorded"])
def test_the_recorder_sees_hands_stock_seeds_and_legal_actions_but_never_the_token_hash(
    shared_client: FlaskClient, make: Any
) -> None:
    game = make(shared_client)
    shown = shared_client.get(game.url, headers=game.auth).get_json()
    assert_shown_in_full(shown)
    assert shown["legal_actions"]
    assert all(len(zone["cards"]) == zone["count"] for zone in shown["state"]["hands"].values())
    for at in range(1, shown["version"] + 1):
        past = shared_client.get(f"{game.url}/state?at={at}", headers=game.auth).get_json()
        assert_shown_in_full(past)
        assert "legal_actions" in past
    events = all_events(shared_client, game.url, game.auth)
    assert_events_masked(events, recorder=True)
    dealt = next(e for e in events if e["type"] == "HandDealt")
    assert all(len(cards) == 10 for cards in dealt["data"]["hands"].values())
    if shown["deal_mode"] == "shuffled":
        assert isinstance(dealt["data"]["seed"], int)


def test_no_stock_card_appears_in_what_a_spectator_reads_of_the_game_now(shared_client: FlaskClient) -> None:
    game = shuffled_game(shared_client)
    shown = shared_client.get(game.url, headers=game.auth).get_json()
    stock = shown["state"]["stock"]["cards"]
    assert stock
    public = [
        shared_client.get(game.url).get_data(as_text=True),
        shared_client.get(f"{game.url}/state?at={shown['version']}").get_data(as_text=True),
    ]
    for card in stock:
        assert not [text for text in public if f'"{card}"' in text], card


def test_a_spectator_sees_the_same_game_as_the_recorder_apart_from_secrets(shared_client: FlaskClient) -> None:
    game = shuffled_game(shared_client)
    spectator = shared_client.get(game.url).get_json()
    recorder = shared_client.get(game.url, headers=game.auth).get_json()
    del recorder["legal_actions"], recorder["table_actions"]
    for key in ("hands", "stock"):
        del spectator["state"][key], recorder["state"][key]
    assert (spectator.pop("role"), recorder.pop("role")) == (None, "recorder")
    assert (spectator.pop("may_rule"), recorder.pop("may_rule")) == (False, True)  # no arbiter: the recorder rules
    assert spectator == recorder


@pytest.mark.parametrize("make", [shuffled_game, recorded_game], ids=["shuffled", "recorded"])
def test_a_moves_envelope_never_shows_a_spectator_a_hidden_card(shared_client: FlaskClient, make: Any) -> None:
    """Drawn stock cards, dealt hands and seeds are blank in the envelope a spectator reads; the recorder's has
    them; and no card in an envelope a spectator reads is one the move's own public events do not show."""
    game = make(shared_client)
    public = all_events(shared_client, game.url)
    full = all_events(shared_client, game.url, game.auth)
    envelopes = [(shown, whole) for shown, whole in zip(public, full, strict=True) if shown["type"] == "MoveRecorded"]
    assert envelopes
    secret_by_type = {"draw": ["card"], "deal": ["hands", "seeds"], "cut": ["seeds"], "discard": ["seeds"]}
    for shown, whole in envelopes:
        action, hidden = shown["data"]["action"], secret_by_type.get(shown["data"]["action"]["type"], [])
        for name in hidden:
            if name in whole["data"]["action"] and name != "source":
                assert action[name] is None and whole["data"]["action"][name] is not None, (action, name)
        if action["type"] == "draw" and action["source"] == "stock":
            assert "card" in whole["data"]["action"], "the recorder's envelope names the card drawn"
        own = [e for e in public if e["move"] == shown["move"] and e["type"] != "MoveRecorded"]
        named = {value for e in own for _, _, value in walk(e["data"]) if isinstance(value, str)}
        cards = {value for _, _, value in walk(action) if isinstance(value, str) and value not in ("stock", "discard")}
        cards -= {action["type"], action["player"]}
        assert cards <= named, (action, cards - named)
