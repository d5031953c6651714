"""Irregularities in the store, on SQLite and PostgreSQL: their events are schema (tests/golden/<topic>.json;
MELDBOOK_WRITE_GOLDEN=1 refreshes them), a game holding every irregularity of its variant reloads as recorded,
audits clean (its moves recorded again derive the same events), and its full-view notation imports as the same
events and exports as the same text."""

from __future__ import annotations

import json
import os

import pytest

from domain.access.visibility import Viewer
from domain.irregularities.events import CardDrawnOutOfTurn, CardExposed, GameAbandoned, MisdealDeclared
from domain.record.audit import audit_record
from service.notation_export import export_record
from service.notation_import import import_record
from tests.integration.conftest import OpenMeldbook
from tests.integration.test_golden_events import STORE_METADATA, golden_path, load_golden, read_golden
from tests.irregular_games import irregular_game
from tests.notation_games import stored_facts, without_digest

CLASSES = (MisdealDeclared, CardExposed, CardDrawnOutOfTurn, GameAbandoned)
MODES = ("recorded", "shuffled")


def test_each_irregularity_is_stored_with_the_topic_and_fields_of_its_golden_data(
    open_meldbook: OpenMeldbook,
) -> None:
    app = open_meldbook()
    firsts: dict[str, dict[str, object]] = {}
    for mode in MODES:
        game = irregular_game("roby", mode)
        app.save(game)
        for stored in app.recorder.select_events(game.id):
            if stored.topic in {cls.TOPIC for cls in CLASSES} and (stored.topic not in firsts or mode == "shuffled"):
                state = json.loads(stored.state)
                firsts[stored.topic] = {
                    "topic": stored.topic, "state": {k: v for k, v in state.items() if k not in STORE_METADATA}
                }
    assert set(firsts) == {cls.TOPIC for cls in CLASSES}
    for topic, doc in sorted(firsts.items()):
        if os.environ.get("MELDBOOK_WRITE_GOLDEN") == "1":
            golden_path(topic).write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n")
        golden = read_golden(topic)
        assert doc["topic"] == golden["topic"] == topic
        assert sorted(doc["state"]) == sorted(golden["state"]), f"the fields of {topic} changed"  # type: ignore[call-overload]


@pytest.mark.parametrize("cls", CLASSES, ids=lambda cls: cls.TOPIC)
def test_the_golden_irregularities_load_as_the_current_classes(cls: type) -> None:
    event = load_golden(read_golden(cls.TOPIC))
    assert type(event) is cls


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("variant", ["roby", "robins", "royal"])
def test_a_game_with_every_irregularity_reloads_audits_clean_and_round_trips_through_the_notation(
    open_meldbook: OpenMeldbook, variant: str, mode: str
) -> None:
    app = open_meldbook()
    game = irregular_game(variant, mode)
    app.save(game)
    reloaded = app.game(game.id)
    assert reloaded.rules.to_doc(reloaded.state) == game.rules.to_doc(game.state)
    assert audit_record(list(app.repository.event_store.get(game.id))) == []
    text = export_record(app, game.id, Viewer.FULL)
    assert "misdeal" in text and "abandon" in text and "expose_card" in text
    imported = import_record(app, text)
    assert stored_facts(app, imported.game_id) == stored_facts(app, game.id)
    assert without_digest(export_record(app, imported.game_id, Viewer.FULL)) == without_digest(text)
