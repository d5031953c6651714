"""The setup's own events are schema too: SetupAmended and GameDiscarded, stored in a game of each variant, are
pinned by their golden data (tests/golden/; MELDBOOK_WRITE_GOLDEN=1 refreshes it), load as the current classes, and
a game reloaded after them (from its events, and from a snapshot) is the game that stored them. A snapshot taken
before games could be discarded loads as not discarded."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

from domain.record.game import Game
from domain.record.setup import GameDiscarded, SetupAmended, amend_setup, discard
from domain.rules.variant import NoChance
from tests.integration.conftest import OpenMeldbook
from tests.integration.test_golden_events import STORE_METADATA, golden_path, load_golden, read_golden

PLAYERS = {"roby": ["Ann", "Bobb"], "robins": ["Ann", "Bobb"], "royal": ["Ann", "Bobb", "Cy"]}
OPTIONS = {"roby": {"buy_in": 300}, "robins": {"deuce_in_hand": 20}, "royal": {"stack": 60}}


def comparable(game: Game) -> dict[str, Any]:
    return {
        "players": game.players,
        "options": game.options,
        "discarded": game.discarded,
        "state": game.rules.to_doc(game.state),
    }


@pytest.mark.parametrize("variant", sorted(PLAYERS))
def test_an_amended_then_discarded_game_of_each_variant_stores_its_golden_fields_and_reloads_the_same(
    open_meldbook: OpenMeldbook, variant: str
) -> None:
    app = open_meldbook()
    game = Game.set_up(variant, PLAYERS[variant], {}, "recorded", "a" * 64, NoChance())
    amend_setup(game, {"bobb": "Bob"}, OPTIONS[variant], "recorder")
    discard(game, "created twice", "recorder")
    app.save(game)
    stored = {s.topic: s for s in app.recorder.select_events(game.id)}
    for topic in (SetupAmended.TOPIC, GameDiscarded.TOPIC):
        doc = {"topic": topic, "state": {k: v for k, v in json.loads(stored[topic].state).items()
                                         if k not in STORE_METADATA}}
        if os.environ.get("MELDBOOK_WRITE_GOLDEN") == "1":
            golden_path(topic).write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n")
        golden = read_golden(topic)
        assert sorted(doc["state"]) == sorted(golden["state"]), f"the fields of {topic} changed"
        assert {k: type(v) for k, v in doc["state"].items()} == {k: type(v) for k, v in golden["state"].items()}
    assert app.game(game.id).players == ["Ann", "Bob", *PLAYERS[variant][2:]]
    assert comparable(app.game(game.id)) == comparable(game)
    app.take_snapshot(game.id)
    assert comparable(app.game(game.id)) == comparable(game)


def test_the_golden_setup_events_load_as_the_current_classes() -> None:
    amended = load_golden(read_golden(SetupAmended.TOPIC))
    assert type(amended) is SetupAmended and amended.renamed == {"Bobb": "Bob"}
    discarded = load_golden(read_golden(GameDiscarded.TOPIC))
    assert type(discarded) is GameDiscarded and discarded.reason == "created twice"


def test_a_snapshot_from_before_discarding_loads_as_not_discarded() -> None:
    state: dict[str, Any] = {"counted": [], "voided": []}
    Game.upcast_v4_v5(state)
    assert state["discarded"] is None
