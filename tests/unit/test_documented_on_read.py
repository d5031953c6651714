"""The Api that documents its blueprints when the spec is first read (api/documented_on_read.py): the same spec as
flask-smorest's own Api builds at registration, no documentation work before a read, and one whole spec for readers
on several threads."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from flask import Flask
from flask.views import MethodView
from flask_smorest import Api, Blueprint
from marshmallow import Schema, fields

from api.documented_on_read import DocumentedOnRead

SETTINGS = {"API_TITLE": "t", "API_VERSION": "1", "OPENAPI_VERSION": "3.1.0"}


class ItemSchema(Schema):
    name = fields.String(required=True)
    count = fields.Integer()


def blueprints() -> list[Blueprint]:
    """Three blueprints (made afresh: a Blueprint registers once per app) with views, schemas and path parts."""
    made = []
    for index in range(3):
        blp = Blueprint(f"part{index}", __name__, url_prefix=f"/part{index}", description=f"part {index}")

        @blp.route("/<name>")
        class Item(MethodView):
            @blp.arguments(ItemSchema)
            @blp.response(201, ItemSchema)
            def post(self, body: dict[str, Any], name: str) -> dict[str, Any]:
                return body

            @blp.response(200, ItemSchema(many=True))
            def get(self, name: str) -> list[dict[str, Any]]:
                return []

        made.append(blp)
    return made


def registered(api_class: type[Api]) -> Api:
    app = Flask(__name__)
    app.config.update(SETTINGS)
    api = api_class(app)
    for blp in blueprints():
        api.register_blueprint(blp)
    return api


def test_the_spec_read_is_the_one_flask_smorests_api_builds_paths_tags_and_schemas_in_the_same_order() -> None:
    eager, lazy = registered(Api).spec.to_dict(), registered(DocumentedOnRead).spec.to_dict()
    assert list(lazy["paths"]) == list(eager["paths"]) == ["/part0/{name}", "/part1/{name}", "/part2/{name}"]
    assert [t["name"] for t in lazy["tags"]] == ["part0", "part1", "part2"]
    assert lazy == eager


def test_registering_routes_at_once_and_documents_nothing_until_the_spec_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    documented: list[str] = []
    original = Blueprint.register_views_in_doc

    def counted(self: Blueprint, *args: Any, **kwargs: Any) -> None:
        documented.append(self.name)
        original(self, *args, **kwargs)

    monkeypatch.setattr(Blueprint, "register_views_in_doc", counted)
    api = registered(DocumentedOnRead)
    answer = api._app.test_client().post("/part1/x", json={"name": "n", "count": 2})
    assert (answer.status_code, answer.json) == (201, {"name": "n", "count": 2})
    assert documented == []
    assert "/part2/{name}" in api.spec.to_dict()["paths"]
    api.spec.to_dict()
    assert documented == ["part0", "part1", "part2"], "each blueprint is documented once"


def test_readers_on_several_threads_each_see_the_whole_spec() -> None:
    api = registered(DocumentedOnRead)
    start = threading.Barrier(8)
    seen: list[list[str]] = []

    def read() -> None:
        start.wait()
        seen.append(list(api.spec.to_dict()["paths"]))

    threads = [threading.Thread(target=read) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == [["/part0/{name}", "/part1/{name}", "/part2/{name}"]] * 8
