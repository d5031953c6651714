"""Actions of the table (ending a game) are listed apart from the players' actions, named as such, and ending a
game needs an explicit confirmation in its body."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.e2e.helpers import assert_problem, create, footprint, legal_actions, own_events

ROYAL = ("ann", "bob", "cy")


def _post(client: FlaskClient, url: str, auth: dict[str, str], body: dict[str, object]) -> object:
    return client.post(f"{url}/moves", json=body, headers=auth)


def test_ending_a_royal_game_is_a_table_action_listed_apart_from_the_players_actions(
    shared_client: FlaskClient
) -> None:
    game = create(shared_client, ROYAL, variant="royal", deal_mode="recorded")
    shown = shared_client.get(game.url, headers=game.auth).get_json()
    assert shown["version"] == 4 and shown["to_move"] == list(ROYAL)
    assert {entry["type"] for entry in shown["legal_actions"]} == {"cut"}, "no player is offered to end the game"
    ending, carried = shown["table_actions"][:2], shown["table_actions"][2:]
    assert ending == [
        {
            "type": kind,
            "table_action": True,
            "summary": shown["table_actions"][index]["summary"],
            "confirm": ["confirm"],
            "choices": [{"type": kind, "confirm": True, "expected_version": 4}],
        }
        for index, kind in enumerate(("end_game", "abandon"))
    ]
    assert all("cannot be undone" in entry["summary"] for entry in ending)
    assert [entry["type"] for entry in carried] == ["bring_forward"]  # before the first deal: from a paper sheet


def test_ending_a_game_without_its_confirmation_is_refused_naming_the_field_and_stores_nothing(
    shared_client: FlaskClient,
) -> None:
    game = create(shared_client, ROYAL, variant="royal", deal_mode="recorded")
    before = footprint(shared_client, game)
    for body, field in (
        ({"type": "end_game"}, "confirm"),
        ({"type": "end_game", "confirm": False}, "confirm"),
        ({"type": "end_game", "confirm": "yes"}, "confirm"),
        ({"type": "end_game", "confirm": True, "player": "ann"}, "player"),
    ):
        problem = assert_problem(_post(shared_client, game.url, game.auth, {**body, "expected_version": 4}), 422)
        assert problem["field"] == field, (body, problem)
    assert footprint(shared_client, game) == before


def test_the_listed_confirmed_end_ends_the_game_and_is_then_listed_no_more(shared_client: FlaskClient) -> None:
    game = create(shared_client, ROYAL, variant="royal", deal_mode="recorded")
    choice = shared_client.get(game.url, headers=game.auth).get_json()["table_actions"][0]["choices"][0]
    response = _post(shared_client, game.url, game.auth, choice)
    assert response.status_code == 201, response.get_json()
    events = response.get_json()["events"]
    assert events[0]["data"]["action"] == {"type": "end_game", "confirm": True}
    assert own_events(events)[0]["type"] == "GameEnded"
    shown = shared_client.get(game.url, headers=game.auth).get_json()
    assert shown["over"] and shown["legal_actions"] == []
    assert [entry["type"] for entry in shown["table_actions"]] == ["void"], "only a void of the ending is left"
    again = _post(shared_client, game.url, game.auth, {**choice, "expected_version": shown["version"]})
    assert_problem(again, 422, "wrong-phase", "the game is over")


def test_before_the_first_deal_the_table_of_roby_and_robins_may_only_abandon_the_game_or_carry_it_on_from_paper(
    shared_client: FlaskClient
) -> None:
    for variant, players in (("roby", ("ann", "bob", "cy")), ("robins", ("ann", "bob"))):
        game = create(shared_client, players, variant=variant, deal_mode="recorded")
        listed = shared_client.get(game.url, headers=game.auth).get_json()["table_actions"]
        assert [entry["type"] for entry in listed] == ["abandon", "bring_forward"]
        assert listed[0]["choices"] == [{"type": "abandon", "confirm": True, "expected_version": game.version}]
        assert listed[1]["template"]["scores"] == dict.fromkeys(players, "<int>")
        assert legal_actions(shared_client, game)[1]
