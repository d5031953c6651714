"""Corrections through the service, in SQLite and PostgreSQL: a game whose last snapshot predates corrections (its
moves that count unknown) is corrected from its whole record, and reloads corrected, in this process and a new
one; the events keep their voided marker. A game loaded from a snapshot, or cached by another process, before a
correction reads its record to fold the correction; snapshots and copies do not carry the moves that count."""

from __future__ import annotations

import pytest
from eventsourcing.domain import Snapshot

from bots.twins import record_game, recorded_twin
from domain.access.game_access import RECORDER
from domain.corrections.listing import voidable_moves
from domain.record.game import Game
from service.corrections import from_record, plan_for, record_correction
from service.tokens import token_hash
from tests.bot_games import play_roby
from tests.integration.conftest import OpenMeldbook

TOKEN = "t" * 32


def test_a_game_snapshotted_before_corrections_is_corrected_and_reloads_corrected(open_meldbook: OpenMeldbook) -> None:
    app = open_meldbook()
    events = play_roby(0, 3).collect_events()
    game = recorded_twin(events, token_hash(TOKEN))
    counted = list(game.counted or [])
    app.save(game)
    old = Snapshot.take(app.game(game.id))  # a snapshot as a release before corrections wrote it
    del old.state["counted"], old.state["voided"]
    old.state["class_version"] = 3
    assert app.snapshots is not None
    app.snapshots.put([old])
    assert open_meldbook().game(game.id).counted is None, "a process without the game cached reads the old snapshot"
    first = voidable_moves(counted)[-2]
    body = {"type": "void", "from_move": first, "reason": "entered twice"}
    stored = record_correction(app, game.id, body, game.version, TOKEN)
    assert stored[-1].data["voided"] == [first, first + 1]
    expected = record_game(events[0], "recorded", "", [e["action"] for e in counted if e["move"] < first])
    for reader in (app, open_meldbook()):
        reloaded = reader.game(game.id)
        assert reloaded.rules.to_doc(reloaded.state) == expected.rules.to_doc(expected.state)
        assert reloaded.hand_moves == voidable_moves([e for e in counted if e["move"] < first])
    marked = {e.move for e in app.stored_events(game.id) if e.voided == stored[-1].version}
    assert marked == {first, first + 1}


@pytest.mark.parametrize("snapshot_taken", [True, False], ids=["snapshot-at-correction", "no-snapshot-at-correction"])
def test_a_game_cached_elsewhere_before_a_correction_reads_its_record_to_fold_it(
    open_meldbook: OpenMeldbook, snapshot_taken: bool
) -> None:
    """Another process holds the game (cached, loaded from a snapshot) while this one voids its last two moves: it
    reads the corrected game, as does a new process, whether or not the snapshot taken with the correction exists
    (a process may stop between the save and that snapshot); a snapshot taken at the correction is then right too."""
    app, other = open_meldbook(), open_meldbook()
    events = play_roby(0, 3).collect_events()
    game = recorded_twin(events, token_hash(TOKEN))
    counted = list(game.counted or [])
    app.save(game)
    assert other.game(game.id).counted is None, "the other process loaded the game from a snapshot"
    first = voidable_moves(counted)[-2]
    body = {"type": "void", "from_move": first, "reason": "entered twice"}
    if snapshot_taken:
        version = record_correction(app, game.id, body, game.version, TOKEN)[-1].version
    else:  # the corrections service's steps, less its snapshot
        whole = from_record(list(app.repository.event_store.get(game.id)))
        whole.store_correction(plan_for(whole, list(app.repository.event_store.get(game.id)), body, RECORDER), RECORDER)
        version = app.save(whole)[-1].domain_event.originator_version
        assert app.snapshots is not None
        assert next(iter(app.snapshots.get(game.id, desc=True, limit=1))).originator_version < version
    expected = record_game(events[0], "recorded", "", [e["action"] for e in counted if e["move"] < first])
    readers = [other, open_meldbook(), other]
    if not snapshot_taken:
        app.take_snapshot(game.id, version, app.snapshotting_projectors[Game])
        readers.append(open_meldbook())
    for reader in readers:
        reloaded = reader.game(game.id)
        assert reloaded.version == version
        assert reloaded.rules.to_doc(reloaded.state) == expected.rules.to_doc(expected.state)
        assert reloaded.hand_moves == voidable_moves([e for e in counted if e["move"] < first])
        assert reloaded.voided_moves == {first: version, first + 1: version}
