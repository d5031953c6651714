"""The events that keep Idempotency-Keys and the service secret are schema too: pinned by golden data like the
game's (tests/golden/<topic>.json; MELDBOOK_WRITE_GOLDEN=1 rewrites them, then review the diff)."""

from __future__ import annotations

import json
import os
from uuid import uuid4

import pytest
from eventsourcing.persistence import StoredEvent as RecordedEvent

from service.answered import IdempotencyRecord, move_record_id
from service.application import Meldbook
from service.idempotency import SECRET_ID, ServiceSecret
from service.moving import MOVE
from tests.integration.conftest import OpenMeldbook
from tests.integration.test_golden_events import STORE_METADATA, golden_path, kinds, read_golden

TOPICS = {
    "meldbook.IdempotentRequestAnswered": IdempotencyRecord.Created,
    "meldbook.ServiceSecretDrawn": ServiceSecret.Created,
}


def test_idempotency_records_and_the_secret_are_stored_with_the_fields_of_their_golden_data(
    open_meldbook: OpenMeldbook,
) -> None:
    app = open_meldbook()
    game_id = uuid4()
    record = IdempotencyRecord.answered(move_record_id(game_id, "k"), MOVE, "ab" * 32, game_id, 4, 7)
    app.save(record)
    app.keyed.recorder_token("k")  # draws the secret and keeps it
    for aggregate_id in (record.id, SECRET_ID):
        (stored,) = app.recorder.select_events(aggregate_id)
        state = {k: v for k, v in json.loads(stored.state).items() if k not in STORE_METADATA}
        if os.environ.get("MELDBOOK_WRITE_GOLDEN") == "1":
            written = json.dumps({"state": state, "topic": stored.topic}, indent=2, sort_keys=True)
            golden_path(stored.topic).write_text(written + "\n")
        golden = read_golden(stored.topic)
        assert stored.topic == golden["topic"] and stored.topic in TOPICS
        assert sorted(state) == sorted(golden["state"]) and kinds(state) == kinds(golden["state"])


@pytest.mark.parametrize("topic", sorted(TOPICS))
def test_their_golden_events_load_as_the_current_event_classes(topic: str) -> None:
    app = Meldbook({"PERSISTENCE_MODULE": "eventsourcing.popo"})
    timestamp = json.loads(app.mapper.transcoder.encode({"timestamp": IdempotencyRecord.Event.create_timestamp()}))
    state = json.dumps({**timestamp, **read_golden(topic)["state"]}).encode()
    assert type(app.mapper.to_domain_event(RecordedEvent(uuid4(), 1, topic, state))) is TOPICS[topic]
    app.close()
