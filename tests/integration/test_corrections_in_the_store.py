"""Corrections through the service, in SQLite and PostgreSQL: a game whose last snapshot predates corrections (its
moves that count unknown) is corrected from its whole record, and reloads corrected, in this process and a new
one; the events keep their voided marker."""

from __future__ import annotations

from eventsourcing.domain import Snapshot

from bots.roby import play_roby
from bots.twins import record_game, recorded_twin
from domain.corrections.listing import voidable_moves
from service.corrections import record_correction
from service.tokens import token_hash
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
        assert [e["move"] for e in reloaded.counted or []] == [e["move"] for e in counted if e["move"] < first]
    marked = {e.move for e in app.stored_events(game.id) if e.voided == stored[-1].version}
    assert marked == {first, first + 1}
