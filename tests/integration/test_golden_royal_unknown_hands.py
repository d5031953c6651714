"""Royal Rummy's events of hands the record does not know yet as the store holds them: a deal that named no hand
(HandsDealt version 2), the dummy taken unnamed, entries, waiting checks, findings and a stated count of cards have
the fields of their golden data, and a game holding them reloads to the same state."""

from __future__ import annotations

import json

from domain.record.unknown import CheckDeferred, CountStated, DeferredChecksMade, HandEntered
from tests.integration.conftest import OpenMeldbook
from tests.integration.test_golden_events import STORE_METADATA, read_golden
from tests.unit.royal.helpers import SPADES_TO_P3, cards, cut_to, new_game, record

TOPICS = {
    *(cls.TOPIC for cls in (HandEntered, CountStated, CheckDeferred, DeferredChecksMade)),
    "meldbook.royal.HandsDealt",
    "meldbook.royal.DummyTaken",
}


def test_a_royal_deal_entered_by_its_players_is_stored_with_the_fields_of_the_golden_data_and_reloads(
    open_meldbook: OpenMeldbook,
) -> None:
    app = open_meldbook()
    game = new_game(3, poker=False)
    cut_to(game, "p3")
    record(game, "deal", "p3")
    record(game, "swap", "p3")  # p3 takes the diamonds unnamed; his own hand, unnamed, is dead
    record(game, "play", "p1", cards=cards("2-7C"))
    for player in ("p2", "p3", "p1"):  # p2 holds 8C; p1, who may hold it, gets the turn back and stops
        record(game, "pass", player)
    record(game, "play", "p1", cards=cards("2-8H"))  # p1's last cards: his hand is known, he goes out
    record(game, "enter_hand", "p2", cards=SPADES_TO_P3["p2"])
    record(game, "state_count", "p3", points=13)
    assert [f["rule"] for f in game.state.findings] == ["royal.rummy.must-play"] and game.state.deal_number == 2
    app.save(game)
    stored = {
        s.topic: {k: v for k, v in json.loads(s.state).items() if k not in STORE_METADATA}
        for s in app.recorder.select_events(game.id)
        if s.topic in TOPICS
    }
    assert set(stored) == TOPICS
    for topic, state in stored.items():
        assert sorted(state) == sorted(read_golden(topic)["state"]), f"the fields of {topic} changed"
    reloaded = app.game(game.id)
    assert reloaded.rules.to_doc(reloaded.state) == game.rules.to_doc(game.state)
    assert reloaded.state.pending == game.state.pending and reloaded.state.findings == game.state.findings
