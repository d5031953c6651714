"""Rules versions in the store: every game re-executes under the rules it was recorded with.

A game stored before rules versions (its creation event of class version 2, golden under tests/golden/v2/) is under
version 1; a game recorded under version 1 audits clean under today's code and keeps its old figures; a table that
carries a game on under the newest rules stores `RulesAdopted` (pinned by its golden data) in the game's own stream,
and the version applies from the next deal on, to the game reloaded from its events and from a snapshot alike. A
record a newer Meldbook wrote (an event of a class version from the future, a game under a rules version this code
does not know, a snapshot of a newer game class) is refused by name, never read as something it is not.
"""

from __future__ import annotations

import json
import os
from itertools import pairwise
from typing import Any
from uuid import UUID, uuid4

import pytest
from eventsourcing.persistence import StoredEvent

from bots.roby import play_roby
from domain.access.visibility import Viewer
from domain.errors import IllegalMoveError
from domain.record.chain import LINK, SALT
from domain.record.game import Game
from domain.rules.variant import NoChance
from domain.rules.versions import RecordTooNewError, RulesAdopted
from service.application import Meldbook
from service.settlement import audit
from tests.integration.conftest import OpenMeldbook
from tests.integration.test_golden_events import GOLDEN, STORE_METADATA, golden_path, load_golden, read_golden
from tests.unit.royal.helpers import FixedChance, cards, chips, end_game, play_out, setup
from tests.unit.royal.test_game_end import FIRST_DEAL_TO_P2

FIRST_DEAL_PLAYS = [("p1", cards("2-9C")), ("p2", cards("10-AC")), ("p3", None), ("p1", None), ("p2", ["10H"]),
                    ("p3", None), ("p1", None), ("p2", cards("2-8S"))]
"""The hand-worked Royal Rummy deal of tests/unit/royal/test_game_end.py: p2 goes out, and the next deal's antes are
collected."""


def royal_ended_between_deals(rules: int) -> Game:
    """The hand-worked game: one deal played, the next one's antes paid, and the game ended by the recorder."""
    game = setup(FIRST_DEAL_TO_P2, poker=False, rules=rules)
    play_out(game, FIRST_DEAL_PLAYS)
    end_game(game)
    return game


def test_a_creation_stored_before_rules_versions_loads_under_the_first() -> None:
    old: dict[str, Any] = json.loads((GOLDEN / "v2" / "meldbook.GameCreated.json").read_text())
    assert old["state"]["class_version"] == 2 and "rules_version" not in old["state"]
    created = load_golden(old)
    assert created.rules_version == 1
    assert {k: v for k, v in vars(created).items() if k in old["state"] and k != "class_version"} == {
        k: v for k, v in old["state"].items() if k != "class_version"
    }
    state: dict[str, Any] = {}
    Game.upcast_v6_v7(state)
    assert state == {"rules_version": 1}, "a snapshot of a game from before rules versions: created under the first"


@pytest.mark.parametrize(("rules", "stacks", "banker"), [(1, [82, 91, 82], 45), (2, [91, 100, 91], 18)])
def test_a_game_recorded_under_either_version_audits_clean_and_keeps_its_figures_in_the_store(
    open_meldbook: OpenMeldbook, rules: int, stacks: list[int], banker: int
) -> None:
    app = open_meldbook()
    game = royal_ended_between_deals(rules)
    app.save(game)
    reloaded = open_meldbook().game(game.id)
    assert (reloaded.rules_version, reloaded.state.rules_version) == (rules, rules)
    assert [chips(reloaded, p) for p in ("p1", "p2", "p3")] == stacks and chips(reloaded, "bank") == -300 + banker
    audited = audit(app, game.id, Viewer.FULL)
    assert (audited["ok"], audited["discrepancies"], audited["claims_agree"]) == (True, [], True)


def opened_with_no_move_between(game: Game) -> int:
    """How many times the record opens decisions and the next event is already a forced departure."""
    names = [type(event).__name__ for event in game.pending_events]
    return sum(1 for pair in pairwise(names) if pair == ("DecisionsOpened", "PlayerLeft"))


def test_a_roby_game_with_forced_exits_audits_clean_under_either_version_with_the_same_outcome(
    open_meldbook: OpenMeldbook,
) -> None:
    """Three players: the last hand's bust leaves one other player in, so the busted player may not re-enlist.
    Version 1 recorded a decision he never had; version 2 does not; the game, its winner and its money are the same."""
    app = open_meldbook()
    games = {rules: play_roby(0, 3, rules_version=rules) for rules in (1, 2)}
    assert opened_with_no_move_between(games[1]) >= 1 and opened_with_no_move_between(games[2]) == 0
    for game in games.values():
        app.save(game)
        audited = audit(app, game.id, Viewer.FULL)
        assert (audited["ok"], audited["discrepancies"]) == (True, [])
    assert games[1].state.winner == games[2].state.winner
    assert games[1].state.ledger.balances == games[2].state.ledger.balances


def adopted_midway(variant: str) -> Game:
    """A game recorded under version 1 whose table adopts version 2 between the cut and the deal."""
    if variant == "royal":
        game = setup(FIRST_DEAL_TO_P2, poker=False, rules=1)
        play_out(game, FIRST_DEAL_PLAYS[:3])
    else:
        game = Game.set_up("roby", ["Ann", "Bob", "Cy"], {}, "shuffled", "", FixedChance(), rules_version=1)
        for player in ("Ann", "Bob", "Cy"):
            game.record({"type": "cut", "player": player}, FixedChance(10 + len(player)))
    game.record({"type": "adopt_rules", "rules": 2, "confirm": True}, NoChance())
    return game


@pytest.mark.parametrize("variant", ["roby", "royal"])
def test_a_table_carries_a_game_on_under_the_newest_rules_from_the_next_deal_as_stored_and_reloaded(
    open_meldbook: OpenMeldbook, variant: str
) -> None:
    app = open_meldbook()
    game = adopted_midway(variant)
    assert (game.rules_version, game.state.rules_version, game.state.next_rules_version) == (1, 1, 2)
    app.save(game)
    stored = next(s for s in app.recorder.select_events(game.id) if s.topic == RulesAdopted.TOPIC)
    doc = {"topic": stored.topic,
           "state": {k: v for k, v in json.loads(stored.state).items() if k not in STORE_METADATA}}
    if os.environ.get("MELDBOOK_WRITE_GOLDEN") == "1":
        golden_path(RulesAdopted.TOPIC).write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n")
    golden = read_golden(RulesAdopted.TOPIC)
    assert doc == golden
    assert type(load_golden(golden)) is RulesAdopted
    if variant == "royal":  # the first deal ends and the next one's antes are paid, but it is not dealt yet: the
        play_out(game, FIRST_DEAL_PLAYS[3:])  # game follows version 1 still, and so does its end
        assert (game.state.phase, game.state.rules_version, game.state.next_rules_version) == ("deal", 1, 2)
        game.record({"type": "end_game", "confirm": True}, NoChance())
        assert game.state.rules_version == 1 and chips(game, "bank") == -300 + 45
    else:
        deal = next(e for e in game.legal_actions() if e["type"] == "deal")
        game.record(deal["choices"][0], FixedChance(99))
        assert (game.state.rules_version, game.state.next_rules_version) == (2, None)
    app.save(game)
    for reading in (open_meldbook(), app):
        if reading is app:
            app.take_snapshot(game.id)
        again = reading.game(game.id)
        assert (again.rules_version, again.state.rules_version, again.state.next_rules_version) == (
            1, game.state.rules_version, game.state.next_rules_version)
    assert audit(app, game.id, Viewer.FULL)["discrepancies"] == []


def test_adopting_rules_is_refused_unless_newer_and_listed_only_while_a_newer_one_exists() -> None:
    game = adopted_midway("roby")
    listed = {entry["type"]: entry for entry in game.table_actions()}
    assert "adopt_rules" not in listed, "version 2 is adopted already: nothing newer to offer"
    fresh = Game.set_up("roby", ["Ann", "Bob", "Cy"], {}, "shuffled", "", FixedChance(), rules_version=1)
    offered = {entry["type"]: entry for entry in fresh.table_actions()}["adopt_rules"]
    assert [(c["rules"], c["confirm"]) for c in offered["choices"]] == [(2, True)]
    for body, code in (({"rules": 2}, "invalid-action"), ({"rules": 3, "confirm": True}, "invalid-action"),
                       ({"rules": 1, "confirm": True}, "rules-version-not-newer")):
        with pytest.raises(Exception) as refused:
            game.record({"type": "adopt_rules", **body}, NoChance())
        assert getattr(refused.value, "code", None) == code, refused.value
    newest = Game.set_up("robins", ["Ann", "Bob"], {}, "shuffled", "", FixedChance())
    assert "adopt_rules" not in {entry["type"] for entry in newest.table_actions()}
    assert "adopt_rules" not in newest.rules.action_kinds, "Robins Rummy's rules have not changed: nothing to adopt"
    over = royal_ended_between_deals(1)
    with pytest.raises(IllegalMoveError) as closed:
        over.record({"type": "adopt_rules", "rules": 2, "confirm": True}, NoChance())
    assert (closed.value.code, closed.value.message) == (
        "wrong-phase", "an adopt_rules action is not open now: the game is over")


def stored_as_a_newer_meldbook_would(app: Meldbook, game: Game, topic: str, **changed: Any) -> UUID:
    """The game's stored events copied to a new stream, with the first event of `topic` stored with `changed` fields
    (as a newer Meldbook would have stored it), without the hash chain's links (as a record stored before the chain
    existed, which is read without one); the new stream's id."""
    copy = uuid4()
    events: list[StoredEvent] = []
    for stored in app.recorder.select_events(game.id):
        state = {k: v for k, v in json.loads(stored.state).items() if k not in (LINK, SALT)}
        if stored.topic == topic and not any(e.topic == topic for e in events):
            state.update(changed)
        events.append(StoredEvent(copy, stored.originator_version, stored.topic, json.dumps(state).encode()))
    app.recorder.insert_events(events)
    return copy


@pytest.mark.parametrize(
    ("changed", "named"),
    [
        ({"class_version": 9}, "meldbook.GameCreated event of class version 9"),
        ({"rules_version": 7}, "Royal Rummy rules version 7"),
    ],
    ids=["class-version", "rules-version"],
)
def test_a_record_a_newer_meldbook_wrote_is_refused_by_name(
    open_meldbook: OpenMeldbook, changed: dict[str, Any], named: str
) -> None:
    app = open_meldbook()
    game = royal_ended_between_deals(2)
    app.save(game)
    newer = stored_as_a_newer_meldbook_would(app, game, Game.Created.TOPIC, **changed)
    with pytest.raises(RecordTooNewError) as refused:
        open_meldbook().game(newer)
    assert refused.value.code == "record-too-new" and named in refused.value.message


def test_a_snapshot_of_a_newer_game_class_is_refused_by_name() -> None:
    game = royal_ended_between_deals(2)
    snapshot = Game.Snapshot.take(game)
    snapshot.state["class_version"] = Game.class_version + 1
    with pytest.raises(RecordTooNewError) as refused:
        snapshot.mutate(None)
    assert f"class version {Game.class_version + 1}" in refused.value.message
