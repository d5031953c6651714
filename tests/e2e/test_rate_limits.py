"""Creating games is limited per client address (429 with Retry-After); X-Forwarded-For counts only behind a proxy
the configuration trusts."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.config import ConfigError
from tests.e2e.helpers import AppFactory, assert_problem

GAME = {"variant": "roby", "players": ["ann", "bob"], "deal_mode": "shuffled"}


def from_address(app: Flask, address: str) -> FlaskClient:
    """A client whose requests come from this peer address."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def games_stored(client: FlaskClient) -> int:
    return int(client.get("/games").get_json()["total"])


def test_creating_games_beyond_the_limit_is_a_429_with_retry_after_and_stores_nothing(
    limited_app: AppFactory,
) -> None:
    client = from_address(limited_app(MELDBOOK_RATE_LIMIT_CREATE="2/minute"), "10.0.0.1")
    assert [client.post("/games", json=GAME).status_code for _ in range(2)] == [201, 201]
    refused = client.post("/games", json=GAME)
    problem = assert_problem(refused, 429, "rate-limited")
    assert 1 <= int(refused.headers["Retry-After"]) <= 30
    assert "2 per 60 s" in problem["detail"]
    assert games_stored(client) == 2


def test_the_limit_is_per_client_address(limited_app: AppFactory) -> None:
    app = limited_app(MELDBOOK_RATE_LIMIT_CREATE="1/hour")
    first, second = from_address(app, "10.0.0.1"), from_address(app, "10.0.0.2")
    assert first.post("/games", json=GAME).status_code == 201
    assert_problem(first.post("/games", json=GAME), 429, "rate-limited")
    assert second.post("/games", json=GAME).status_code == 201


def test_without_trusted_proxies_x_forwarded_for_is_ignored(limited_app: AppFactory) -> None:
    client = from_address(limited_app(MELDBOOK_RATE_LIMIT_CREATE="1/hour"), "10.0.0.9")
    assert client.post("/games", json=GAME, headers={"X-Forwarded-For": "203.0.113.1"}).status_code == 201
    refused = client.post("/games", json=GAME, headers={"X-Forwarded-For": "203.0.113.2"})
    assert_problem(refused, 429, "rate-limited")


def test_behind_a_trusted_proxy_the_client_address_comes_from_x_forwarded_for(limited_app: AppFactory) -> None:
    app = limited_app(MELDBOOK_RATE_LIMIT_CREATE="1/hour", MELDBOOK_TRUSTED_PROXIES="1")
    proxy = from_address(app, "10.0.0.9")
    assert proxy.post("/games", json=GAME, headers={"X-Forwarded-For": "203.0.113.1"}).status_code == 201
    assert proxy.post("/games", json=GAME, headers={"X-Forwarded-For": "203.0.113.2"}).status_code == 201
    refused = proxy.post("/games", json=GAME, headers={"X-Forwarded-For": "198.51.100.7, 203.0.113.1"})
    assert_problem(refused, 429, "rate-limited")  # one trusted hop: the address that proxy saw, not the spoofed one


def test_a_limit_set_off_never_refuses(limited_app: AppFactory) -> None:
    client = limited_app(MELDBOOK_RATE_LIMIT_CREATE="off").test_client()
    assert {client.post("/games", json=GAME).status_code for _ in range(5)} == {201}


def test_every_attempt_counts_a_refused_setup_and_a_retry_under_its_key_included(limited_app: AppFactory) -> None:
    client = from_address(limited_app(MELDBOOK_RATE_LIMIT_CREATE="3/hour"), "10.0.0.3")
    assert_problem(client.post("/games", json={**GAME, "options": {"no_such_option": 1}}), 422, "invalid-setup")
    keyed = {"Idempotency-Key": "k"}
    assert [client.post("/games", json=GAME, headers=keyed).status_code for _ in range(3)] == [201, 201, 429]
    assert games_stored(client) == 1


BAD_SETTINGS = {
    "MELDBOOK_RATE_LIMIT_CREATE": ("30 per minute", "0/minute", "30/0minutes", "-1/minute", "30/fortnight"),
    "MELDBOOK_RATE_LIMIT_IMPORT": ("lots",),
    "MELDBOOK_TRUSTED_PROXIES": ("yes", "-1", "11", "10.0.0.1"),
    "MELDBOOK_STREAMS_PER_CLIENT": ("0", "-1", "lots", "1.5"),
}


@pytest.mark.parametrize(
    ("name", "value"), [(name, value) for name, values in BAD_SETTINGS.items() for value in values]
)
def test_an_unusable_setting_stops_the_start_naming_the_variable(
    limited_app: AppFactory, name: str, value: str
) -> None:
    with pytest.raises(ConfigError, match=name):
        limited_app(**{name: value})


def test_rate_limits_and_idempotency_keys_are_in_the_contract(sqlite_app: Flask) -> None:
    spec = sqlite_app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()
    create = spec["paths"]["/games"]["post"]
    assert "Retry-After" in create["responses"]["429"]["headers"]
    for operation in (create, spec["paths"]["/games/{game_id}/moves"]["post"]):
        assert "Idempotency-Key" in {p["name"] for p in operation["parameters"]}


def test_opening_nights_spends_the_same_limit_as_creating_games(limited_app: AppFactory) -> None:
    client = from_address(limited_app(MELDBOOK_RATE_LIMIT_CREATE="2/minute"), "10.0.0.2")
    assert client.post("/games", json=GAME).status_code == 201
    assert client.post("/nights", json={"title": "Friday"}).status_code == 201
    refused = client.post("/nights", json={"title": "Saturday"})
    assert_problem(refused, 429, "rate-limited")
    assert "Retry-After" in refused.headers
