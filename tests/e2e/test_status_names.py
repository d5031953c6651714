"""The contract names its shared responses alike on every supported Python (api/statuses.py), although Python 3.13
renamed 413, 416 and 422 in http.HTTPStatus; here a made-up contract name stands in for the renamed one."""

from __future__ import annotations

import http

import pytest

from api import statuses
from api.app import create_app


def test_a_status_named_otherwise_by_this_python_is_served_under_the_contract_name(
    sqlite_env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    this_python = http.HTTPStatus(422).name
    monkeypatch.setattr(statuses, "CONTRACT_NAMES", {422: ("UNPROCESSABLE_FOR_THE_CONTRACT", "Unprocessable Here")})
    monkeypatch.setattr(statuses, "RENAMED", {this_python: "UNPROCESSABLE_FOR_THE_CONTRACT"})
    app = create_app(env=sqlite_env)
    try:
        spec = app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()
    finally:
        app.extensions["meldbook"].close()
    responses = spec["components"]["responses"]
    assert this_python not in responses
    assert responses["UNPROCESSABLE_FOR_THE_CONTRACT"]["description"] == "Unprocessable Here"
    operations = [op for ops in spec["paths"].values() for op in ops.values() if isinstance(op, dict)]
    refs = [op["responses"]["422"].get("$ref") for op in operations if "422" in op["responses"]]
    assert set(refs) == {"#/components/responses/UNPROCESSABLE_FOR_THE_CONTRACT", None}  # None: described inline


def test_the_contract_names_are_those_python_3_11_gives() -> None:
    assert statuses.CONTRACT_NAMES == {
        413: ("REQUEST_ENTITY_TOO_LARGE", "Request Entity Too Large"),
        416: ("REQUESTED_RANGE_NOT_SATISFIABLE", "Requested Range Not Satisfiable"),
        422: ("UNPROCESSABLE_ENTITY", "Unprocessable Entity"),
    }
