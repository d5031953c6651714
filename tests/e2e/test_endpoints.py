"""Every endpoint of the core API answers as documented, on SQLite and PostgreSQL."""

from __future__ import annotations

import random
import re
from datetime import date, timedelta

from flask import Flask
from flask.testing import FlaskClient

from api.version import __version__
from tests.e2e.helpers import all_events, bearer, create, legal_actions, listed_bodies, play


def test_health_answers_ok_and_names_the_store_and_the_version(client: FlaskClient, store_env: dict[str, str]) -> None:
    response = client.get("/health")
    assert response.status_code == 200
    store = store_env["PERSISTENCE_MODULE"].rsplit(".", 1)[-1]
    assert response.get_json() == {"status": "ok", "store": store, "version": __version__}


def test_variants_lists_every_variant_with_its_players_options_defaults_and_actions(
    sqlite_client: FlaskClient,
) -> None:
    response = sqlite_client.get("/variants")
    assert response.status_code == 200
    variants = {v["name"]: v for v in response.get_json()["variants"]}
    assert {"roby", "robins", "royal"} <= set(variants)
    for variant in variants.values():
        assert variant["players"]["min"] <= variant["players"]["max"]
        assert set(variant["deal_modes"]) == {"recorded", "shuffled"}
        assert variant["actions"] and all(a["type"] and "fields" in a for a in variant["actions"])
        for option in variant["options"]:
            assert {"name", "default", "description"} <= set(option)
    roby = {o["name"]: o for o in variants["roby"]["options"]}
    assert roby["packs"]["default"] == 1 and roby["packs"]["choices"] == [1, 2]
    assert roby["buy_in"]["default"] == 500 and roby["buy_in"]["minimum"] == 0


def test_creating_a_game_answers_201_with_id_version_token_location_and_etag(shared_client: FlaskClient) -> None:
    response = shared_client.post("/games", json={"variant": "roby", "players": ["ann", "bob"], "title": "Friday"})
    assert response.status_code == 201
    body = response.get_json()
    assert set(body) == {"id", "version", "token"}
    assert re.fullmatch(r"[0-9a-f-]{36}", body["id"]) and len(body["token"]) >= 20
    assert response.headers["Location"].endswith(f"/games/{body['id']}")
    assert response.headers["ETag"] == f'"{body["version"]}"'
    shown = shared_client.get(response.headers["Location"]).get_json()
    assert shown["version"] == body["version"]
    assert (shown["variant"], shown["title"], shown["players"]) == ("roby", "Friday", ["ann", "bob"])
    assert shown["deal_mode"] == "recorded"


def test_a_game_is_created_with_its_options_resolved_and_defaults_filled_in(shared_client: FlaskClient) -> None:
    game = create(shared_client, options={"buy_in": 200, "measure_99": "before_discard"})
    shown = shared_client.get(game.url).get_json()
    assert shown["options"]["buy_in"] == 200 and shown["options"]["measure_99"] == "before_discard"
    assert shown["options"]["packs"] == 1 and shown["options"]["per_roby"] == 100
    assert shown["id"] == game.id and shown["version"] == game.version and shown["over"] is False
    assert shown["to_move"]


def test_reading_a_game_gives_its_state_version_and_etag(shared_client: FlaskClient) -> None:
    game = create(shared_client)
    response = shared_client.get(game.url)
    assert response.status_code == 200
    assert response.headers["ETag"] == f'"{game.version}"'
    assert {"id", "variant", "players", "options", "version", "created_at", "to_move", "over", "state"} <= set(
        response.get_json()
    )


def test_listing_games_filters_by_player_variant_and_dates_with_pages_and_totals(client: FlaskClient) -> None:
    for i in range(5):
        create(client, players=("ann", f"guest{i}"), title=f"roby {i}")
    create(client, players=("ann", "zed"), variant="robins")
    create(client, players=("bob", "cy", "dee"), variant="royal")
    listed = client.get("/games").get_json()
    assert (listed["total"], len(listed["items"]), listed["limit"], listed["next_cursor"]) == (7, 7, 20, None)
    stamps = [g["created_at"] for g in listed["items"]]
    assert stamps == sorted(stamps, reverse=True)
    assert client.get("/games?player=ann").get_json()["total"] == 6
    assert client.get("/games?player=guest3").get_json()["items"][0]["title"] == "roby 3"
    nobody = {"items": [], "limit": 20, "next_cursor": None, "total": 0}
    assert client.get("/games?player=nobody").get_json() == nobody
    assert client.get("/games?variant=royal").get_json()["items"][0]["players"] == ["bob", "cy", "dee"]
    assert client.get("/games?variant=robins&player=ann").get_json()["total"] == 1
    assert client.get("/games?variant=roby&player=bob").get_json()["total"] == 0
    first = client.get("/games?player=ann&limit=4").get_json()
    second = client.get("/games", query_string={"player": "ann", "limit": 4, "cursor": first["next_cursor"]}).get_json()
    assert [len(p["items"]) for p in (first, second)] == [4, 2] and all(p["total"] == 6 for p in (first, second))
    assert first["next_cursor"] and second["next_cursor"] is None
    anns = client.get("/games?player=ann").get_json()["items"]
    assert first["items"] + second["items"] == anns
    assert len({g["id"] for p in (first, second) for g in p["items"]}) == 6
    today = date.fromisoformat(stamps[0][:10])
    day_after, day_before = today + timedelta(days=1), today - timedelta(days=1)
    assert client.get(f"/games?since={today}").get_json()["total"] == 7
    assert client.get(f"/games?since={day_after}").get_json()["total"] == 0
    assert client.get(f"/games?until={day_after}&variant=roby").get_json()["total"] == 5
    assert client.get(f"/games?until={today}").get_json()["total"] == 0
    assert client.get(f"/games?since={day_before}&until={day_after}&player=zed").get_json()["total"] == 1


def test_events_are_listed_in_order_and_after_returns_only_later_ones(shared_client: FlaskClient) -> None:
    game = create(shared_client)
    play(shared_client, game, random.Random(1), 6)
    response = shared_client.get(f"{game.url}/events")
    assert response.status_code == 200
    body = response.get_json()
    versions = [e["version"] for e in body["items"]]
    assert versions == list(range(1, len(versions) + 1)) and len(versions) > game.version
    assert (body["total"], body["next_cursor"]) == (len(versions), None)
    first = body["items"][0]
    assert first["type"] == "GameCreated" and first["topic"] == "meldbook.GameCreated"
    assert {"version", "move", "type", "topic", "timestamp", "data", "voided"} == set(first) and first["voided"] is None
    moves = [e["move"] for e in body["items"] if e["type"] == "MoveRecorded"]
    assert moves == list(range(1, 7)), "every move is numbered by its envelope, from 1"
    assert first["move"] == 0 and body["items"][-1]["move"] == 6
    later = all_events(shared_client, game.url, after=3)
    assert later == body["items"][3:]
    assert all_events(shared_client, game.url, after=versions[-1]) == []


def test_events_are_listed_a_bounded_page_at_a_time_following_the_cursor(shared_client: FlaskClient) -> None:
    game = create(shared_client)
    play(shared_client, game, random.Random(1), 6)
    every = all_events(shared_client, game.url)
    pages, query = [], {"limit": 3}
    while True:
        page = shared_client.get(f"{game.url}/events", query_string=query).get_json()
        assert len(page["items"]) <= 3 and page["total"] == len(every) and page["limit"] == 3
        pages.append(page["items"])
        if page["next_cursor"] is None:
            break
        query = {"limit": 3, "cursor": page["next_cursor"]}
    assert [event for items in pages for event in items] == every
    assert len(pages) == -(-len(every) // 3)
    after = shared_client.get(f"{game.url}/events", query_string={"after": 2, "limit": 3}).get_json()
    assert after["items"] == every[2:5] and after["total"] == len(every)


def test_the_state_at_an_event_is_the_game_as_it_was_after_that_event(shared_client: FlaskClient) -> None:
    game = create(shared_client)
    seen = {game.version: shared_client.get(game.url, headers=game.auth).get_json()}
    rng = random.Random(2)
    for _ in range(8):
        play(shared_client, game, rng, 1)
        shown = shared_client.get(game.url, headers=game.auth).get_json()
        seen[shown["version"]] = shown
    for shown in seen.values():  # the record's digest, which GET /games/{id} alone shows (GET /verify checks it)
        assert len(shown.pop("digest")) == 64
        assert shown.pop("confirmations") == {}  # and the confirmations' summary (none here)
        assert shown.pop("role") == "recorder"  # and whose token asks
        assert shown.pop("may_rule") is True  # whether it rules on disputes (no arbiter issued: the recorder)
        assert shown.pop("no_device") == []  # and which seats have no device
    last = max(seen)
    for version, shown in seen.items():
        response = shared_client.get(f"{game.url}/state?at={version}", headers=game.auth)
        assert response.status_code == 200
        past = response.get_json()
        assert past["latest_version"] == last and past["latest"] is (version == last)
        if version == last:
            assert past == shown
        else:
            assert past["legal_actions"] == [] and past["table_actions"] == [], "actions only at the latest version"
            listed_then = {k: v for k, v in shown.items() if k not in ("legal_actions", "table_actions", "latest")}
            assert {**listed_then, "latest_version": last} == {
                k: v for k, v in past.items() if k not in ("legal_actions", "table_actions", "latest")
            }
    assert shared_client.get(f"{game.url}/state?at=1").get_json()["version"] == 1


def test_a_listed_move_is_recorded_with_201_its_events_and_the_new_etag(shared_client: FlaskClient) -> None:
    game = create(shared_client)
    version, legal, _ = legal_actions(shared_client, game)
    body = listed_bodies(legal)[0]
    response = shared_client.post(f"{game.url}/moves", json=body, headers=game.auth)
    assert response.status_code == 201
    result = response.get_json()
    assert result["version"] > version and response.headers["ETag"] == f'"{result["version"]}"'
    assert [e["version"] for e in result["events"]] == list(range(version + 1, result["version"] + 1))
    stored = all_events(shared_client, game.url, game.auth, after=version)
    assert stored == result["events"]


def test_a_move_may_carry_its_version_in_if_match_instead_of_the_body(shared_client: FlaskClient) -> None:
    game = create(shared_client)
    version, legal, _ = legal_actions(shared_client, game)
    body = {k: v for k, v in listed_bodies(legal)[0].items() if k != "expected_version"}
    response = shared_client.post(f"{game.url}/moves", json=body, headers={**game.auth, "If-Match": f'"{version}"'})
    assert response.status_code == 201
    assert shared_client.get(game.url).get_json()["version"] == response.get_json()["version"]


def test_a_whole_float_expected_version_is_accepted(shared_client: FlaskClient) -> None:
    game = create(shared_client)
    version, legal, _ = legal_actions(shared_client, game)
    body = {**listed_bodies(legal)[0], "expected_version": float(version)}
    assert shared_client.post(f"{game.url}/moves", json=body, headers=game.auth).status_code == 201


def test_a_whole_float_option_value_is_accepted_as_a_whole_number(shared_client: FlaskClient) -> None:
    game = create(shared_client, options={"buy_in": 300.0})
    assert shared_client.get(game.url).get_json()["options"]["buy_in"] == 300


def test_the_docs_page_and_its_assets_are_served_from_this_server(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    page = client.get("/docs")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    sources = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert sources and all(s.startswith("/docs/assets/") for s in sources), sources
    for source in sources:
        assert client.get(source).status_code == 200, source
    assert "/openapi.json" in html


def test_the_openapi_yaml_is_served_as_yaml(sqlite_client: FlaskClient) -> None:
    response = sqlite_client.get("/openapi.yaml")
    assert response.status_code == 200 and response.mimetype == "application/yaml"
    assert "/games/{game_id}/moves" in response.get_data(as_text=True)


def test_a_wrong_scheme_in_authorization_reads_as_a_spectator(shared_client: FlaskClient) -> None:
    game = create(shared_client)
    shown = shared_client.get(game.url, headers={"Authorization": f"Basic {game.token}"}).get_json()
    assert "legal_actions" not in shown
    assert "legal_actions" in shared_client.get(game.url, headers=bearer(game.token)).get_json()
