"""The contract describes every action type of every variant (MoveBody, a oneOf with `type` as discriminator),
generated from the action kinds the domain parser uses; it refuses no move the service accepts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator

from api.action_schemas import schema_name
from bots.twins import recorded_twin
from domain.record.moves import MoveRecorded
from domain.variants import VARIANTS
from tests.bot_games import play_robins, play_roby, play_royal
from tests.e2e.helpers import assert_problem, create
from tests.e2e.test_openapi_contract import served_spec

BOTS: dict[str, Callable[[], list[Any]]] = {
    "roby": lambda: play_roby(4, 2).collect_events(),
    "robins": lambda: play_robins(3)[1],
    "royal": lambda: play_royal(3, 4, deals=2).collect_events(),
}


def move_body_validator(app: Flask) -> Draft202012Validator:
    """A JSON Schema validator of MoveBody, resolving references within the served spec."""
    spec = served_spec(app)
    return Draft202012Validator({"$ref": "#/components/schemas/MoveBody", "components": spec["components"]})


def test_every_action_type_of_every_variant_has_its_schema_with_the_fields_the_parser_reads(
    shared_sqlite_app: Flask,
) -> None:
    spec = served_spec(shared_sqlite_app)
    schemas = spec["components"]["schemas"]
    body = spec["paths"]["/games/{game_id}/moves"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/MoveBody"}
    types = {kind.type for variant in VARIANTS.values() for kind in variant.action_kinds.values()}
    mapping = schemas["MoveBody"]["discriminator"]
    assert mapping["propertyName"] == "type"
    assert set(mapping["mapping"]) == types
    assert {one["$ref"] for one in schemas["MoveBody"]["oneOf"]} == set(mapping["mapping"].values())
    for variant in VARIANTS.values():
        for kind in variant.action_kinds.values():
            schema = schemas[schema_name(kind.type)]
            assert schema["properties"]["type"]["enum"] == [kind.type]
            assert {p.name for p in kind.params} | {"expected_version"} <= set(schema["properties"])
            assert ("player" in schema["properties"]) is not kind.table
            assert set(schema["required"]) <= {"type", "player"} | {p.name for p in kind.params if p.required}
            assert schema["additionalProperties"] is False


@pytest.mark.parametrize("variant", sorted(BOTS))
def test_every_listed_and_every_accepted_body_of_bot_games_is_valid_against_the_contract(
    shared_sqlite_app: Flask, variant: str
) -> None:
    validator = move_body_validator(shared_sqlite_app)
    shuffled = BOTS[variant]()
    checked = 0
    for events in (shuffled, recorded_twin(shuffled).collect_events()):
        for envelope in (e for e in events if isinstance(e, MoveRecorded)):
            body = {**envelope.action, "expected_version": envelope.originator_version - 1}
            errors = [error.message for error in validator.iter_errors(body)]
            assert not errors, (body, errors[:3])
            checked += 1
    assert checked > 100


def test_listed_legal_and_table_actions_are_valid_against_the_contract(shared_sqlite_app: Flask) -> None:
    validator = move_body_validator(shared_sqlite_app)
    client = shared_sqlite_app.test_client()
    for variant, players, mode in (("roby", 3, "recorded"), ("robins", 2, "recorded"), ("royal", 4, "recorded")):
        game = create(client, tuple(f"p{i + 1}" for i in range(players)), variant=variant, deal_mode=mode)
        shown = client.get(game.url, headers=game.auth).get_json()
        listed = [b for e in shown["legal_actions"] + shown["table_actions"] for b in e.get("choices", [])]
        listed += [b for e in shown["legal_actions"] for b in e.get("examples", [])]
        assert listed
        for body in listed:
            assert not list(validator.iter_errors(body)), body


def test_an_unknown_field_is_outside_the_contract_and_refused_by_the_domain_with_its_name(
    shared_sqlite_app: Flask, shared_sqlite_client: FlaskClient
) -> None:
    validator = move_body_validator(shared_sqlite_app)
    game = create(shared_sqlite_client, ("ann", "bob"), deal_mode="recorded")
    body = {"type": "cut", "player": "ann", "card": "KS", "colour": "red", "expected_version": game.version}
    assert not validator.is_valid(body)
    problem = assert_problem(shared_sqlite_client.post(f"{game.url}/moves", json=body, headers=game.auth), 422)
    assert problem["field"] == "colour" and "'colour' is not a field of a cut action" in problem["detail"]
