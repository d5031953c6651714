"""Stored events are schema: each Roby event type's stored form (topic and fields) is pinned by golden data.

tests/golden/<topic>.json holds the first event of that type in fixed seeded bot games (seeds 0, 1, ... until
every type has appeared), as the store holds it: decoded JSON, less its timestamp (the originator id and version
are columns, not state). A renamed, added or dropped topic or field, or a field stored as another JSON kind,
fails here. The values are examples: they change whenever the bot does, so they are not compared. To refresh
them, run with MELDBOOK_WRITE_GOLDEN=1 and review the diff.
"""

from __future__ import annotations

import inspect
import json
import os
from dataclasses import fields
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest
from eventsourcing.persistence import StoredEvent as RecordedEvent
from eventsourcing.utils import get_topic

import domain.roby.events
from domain.events import GameEvent
from domain.game import Game
from domain.ledger import AmountTransferred
from service.application import Meldbook
from tests.bots.roby import play_roby
from tests.integration.conftest import OpenMeldbook

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
PLAYERS, MAX_SEEDS = 4, 60
STORE_METADATA = ("timestamp",)
EVENT_METADATA = {"originator_id", "originator_version", "timestamp"}


def roby_event_classes() -> list[type]:
    """Every event class a Roby game can store: its own, the shared transfer, and the game's creation."""
    own = [
        cls
        for _, cls in inspect.getmembers(domain.roby.events, inspect.isclass)
        if issubclass(cls, GameEvent) and cls.__module__ == domain.roby.events.__name__
    ]
    return [Game.Created, AmountTransferred, *own]


def golden_path(topic: str) -> Path:
    """Where the golden data of a topic lives."""
    return GOLDEN / f"{topic}.json"


def first_of_each_type(app: Meldbook, topics: set[str]) -> dict[str, dict[str, Any]]:
    """Record seeded bot games in the app's store until every topic appeared; the first stored one of each, decoded."""
    firsts: dict[str, dict[str, Any]] = {}
    for seed in range(MAX_SEEDS):
        game = play_roby(seed, players=PLAYERS)
        app.save(game)
        for stored in app.recorder.select_events(game.id):
            if stored.topic not in firsts:
                state = json.loads(stored.state)
                firsts[stored.topic] = {
                    "topic": stored.topic,
                    "state": {k: v for k, v in state.items() if k not in STORE_METADATA},
                }
        if set(firsts) >= topics:
            break
    assert set(firsts) >= topics, f"{MAX_SEEDS} bot games never produced {sorted(topics - set(firsts))}"
    return firsts


def kinds(state: dict[str, Any]) -> dict[str, str]:
    """Each field's JSON kind (str, int, bool, list, dict); a null matches any kind, so it is left out."""
    return {name: type(value).__name__ for name, value in state.items() if value is not None}


def read_golden(topic: str) -> dict[str, Any]:
    """The golden data of a topic."""
    loaded: dict[str, Any] = json.loads(golden_path(topic).read_text())
    return loaded


def test_every_roby_event_type_has_golden_data() -> None:
    topics = {get_topic(cls) for cls in roby_event_classes()}
    assert len(topics) == len(roby_event_classes())
    on_file = {path.name.removesuffix(".json") for path in GOLDEN.glob("*.json")}
    assert topics <= on_file, f"no golden data for {sorted(topics - on_file)}"


def test_each_event_type_is_stored_with_the_topic_and_fields_of_its_golden_data(open_meldbook: OpenMeldbook) -> None:
    firsts = first_of_each_type(open_meldbook(), {get_topic(cls) for cls in roby_event_classes()})
    if os.environ.get("MELDBOOK_WRITE_GOLDEN") == "1":
        GOLDEN.mkdir(exist_ok=True)
        for topic, stored in firsts.items():
            golden_path(topic).write_text(json.dumps(stored, indent=2, sort_keys=True) + "\n")
    for topic, stored in sorted(firsts.items()):
        golden = read_golden(topic)
        assert stored["topic"] == golden["topic"] == topic
        assert sorted(stored["state"]) == sorted(golden["state"]), f"the fields of {topic} changed"
        stored_kinds, golden_kinds = kinds(stored["state"]), kinds(golden["state"])
        shared = stored_kinds.keys() & golden_kinds.keys()
        assert {k: stored_kinds[k] for k in shared} == {k: golden_kinds[k] for k in shared}, (
            f"a field of {topic} is stored as another JSON kind"
        )


@pytest.mark.parametrize("cls", roby_event_classes(), ids=lambda cls: get_topic(cls))
def test_golden_events_load_as_the_current_event_classes(cls: type) -> None:
    app = Meldbook({"PERSISTENCE_MODULE": "eventsourcing.popo"})
    topic = get_topic(cls)
    golden = read_golden(topic)
    timestamp = json.loads(app.mapper.transcoder.encode({"timestamp": Game.Event.create_timestamp()}))
    state = json.dumps({**timestamp, **golden["state"]}).encode()
    event = app.mapper.to_domain_event(RecordedEvent(uuid4(), 2, topic, state))
    assert type(event) is cls
    declared = {f.name for f in fields(cls)} - EVENT_METADATA  # type: ignore[arg-type]
    assert set(vars(event)) - EVENT_METADATA == declared
    app.close()
