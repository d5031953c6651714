"""The events of hands the record does not know yet are schema too: HandEntered, CountStated, CheckDeferred and
DeferredChecksMade as the store holds them are pinned by their golden data (MELDBOOK_WRITE_GOLDEN=1 refreshes it),
the golden data loads as the current classes, and a game holding them reloads to the same state."""

from __future__ import annotations

import json
import os

import pytest

from domain.record.unknown import CheckDeferred, CountStated, DeferredChecksMade, HandEntered
from tests.integration.conftest import OpenMeldbook
from tests.integration.test_golden_events import STORE_METADATA, golden_path, load_golden, read_golden
from tests.unit.roby.test_unknown_hands import ANN, BOB, dealt_unnamed

CLASSES = (HandEntered, CountStated, CheckDeferred, DeferredChecksMade)


def test_the_events_of_unknown_hands_are_stored_with_the_topics_and_fields_of_their_golden_data(
    open_meldbook: OpenMeldbook,
) -> None:
    app = open_meldbook()
    table = dealt_unnamed()
    table.act("draw", "ann", source="discard")
    table.act("discard", "ann", card="QD")
    table.act("enter_hand", "ann", cards=ANN.split())
    table.act("enter_hand", "bob", cards=BOB.split())
    table.act("draw", "bob", source="stock", card="AS")
    table.act("discard", "bob", card="AS")
    table.act("draw", "cy", source="stock", card="AC")
    melds = [["AC", "2C", "3C", "4C", "5C"], ["JH", "QH", "KH"], ["10H", "10C", "10D"]]
    table.act("go_out", "cy", melds=melds)
    table.act("state_count", "dee", points=40)
    app.save(table.game)
    topics = {cls.TOPIC for cls in CLASSES}
    stored = {
        s.topic: {"topic": s.topic, "state": {k: v for k, v in json.loads(s.state).items() if k not in STORE_METADATA}}
        for s in app.recorder.select_events(table.game.id)
        if s.topic in topics
    }
    assert set(stored) == topics
    if os.environ.get("MELDBOOK_WRITE_GOLDEN") == "1":
        for topic, doc in stored.items():
            golden_path(topic).write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n")
    for topic, doc in stored.items():
        assert sorted(doc["state"]) == sorted(read_golden(topic)["state"]), f"the fields of {topic} changed"
    reloaded = app.game(table.game.id)
    assert reloaded.rules.to_doc(reloaded.state) == table.game.rules.to_doc(table.game.state)


@pytest.mark.parametrize("cls", CLASSES, ids=lambda cls: cls.TOPIC)
def test_the_golden_events_of_unknown_hands_load_as_the_current_classes(cls: type) -> None:
    assert type(load_golden(read_golden(cls.TOPIC))) is cls
