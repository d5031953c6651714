"""The correction's own event is schema too: RecordCorrected as the store holds it is pinned by its golden data
(tests/golden/meldbook.RecordCorrected.json; MELDBOOK_WRITE_GOLDEN=1 refreshes it), and the golden data loads as
the current class. The reversal and replacement entries are the existing AmountTransferred and PointsScored,
whose goldens test_golden_events.py keeps."""

from __future__ import annotations

import json
import os

from domain.corrections.events import RecordCorrected
from tests.integration.conftest import OpenMeldbook
from tests.integration.test_golden_events import STORE_METADATA, golden_path, load_golden, read_golden
from tests.unit.corrections.test_roby_past_hand import AMEND, correct, second_deal, two_hands

TOPIC = RecordCorrected.TOPIC


def test_a_correction_is_stored_with_the_topic_and_fields_of_its_golden_data(open_meldbook: OpenMeldbook) -> None:
    app = open_meldbook()
    table = two_hands("ann", "bob", "cy")
    correct(table, {**AMEND, "move": second_deal(table)})
    app.save(table.game)
    stored = [s for s in app.recorder.select_events(table.game.id) if s.topic == TOPIC]
    assert len(stored) == 1
    doc = {"topic": TOPIC, "state": {k: v for k, v in json.loads(stored[0].state).items() if k not in STORE_METADATA}}
    if os.environ.get("MELDBOOK_WRITE_GOLDEN") == "1":
        golden_path(TOPIC).write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n")
    golden = read_golden(TOPIC)
    assert sorted(doc["state"]) == sorted(golden["state"]), f"the fields of {TOPIC} changed"
    assert {k: type(v) for k, v in doc["state"].items()} == {k: type(v) for k, v in golden["state"].items()}
    reloaded = app.game(table.game.id)
    assert reloaded.rules.to_doc(reloaded.state) == table.game.rules.to_doc(table.game.state)


def test_the_golden_correction_loads_as_the_current_class() -> None:
    event = load_golden(read_golden(TOPIC))
    assert type(event) is RecordCorrected and event.kind == "amend" and event.voided == []
