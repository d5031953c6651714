"""Corrections and the digest in the notation, on SQLite and PostgreSQL: a corrected game of each variant (a void;
an amend that voids the move it breaks, in a recorded Roby game) exported in full imports as the same events and
exports as the same text (but for the digest, each game's own); a voided marker no correction answers and a
correction the rules refuse are refused at their line with their own code, nothing stored; the digest an export
carries verifies against its source game, and no longer once the source is tampered with."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

import pytest

from bots.twins import recorded_twin
from domain.access.visibility import Viewer
from domain.corrections.listing import voidable_moves
from domain.corrections.plan import plan_correction
from domain.notation.errors import NotationError
from domain.record.game import Game
from service.application import Meldbook
from service.notation_export import export_record
from service.notation_import import import_record
from service.store.chain import decoded
from service.verify import verify_game
from tests.bot_games import play_robins, play_roby, play_royal
from tests.integration.conftest import OpenMeldbook
from tests.integration.test_hash_chain import write_state
from tests.notation_games import stored_facts, without_digest
from tests.unit.corrections.test_voids_and_amendments import table_with_a_draw

BOTS: dict[str, Callable[[], list[Any]]] = {
    "roby": lambda: play_roby(0, 3).collect_events(),
    "robins": lambda: play_robins(0)[1],
    "royal": lambda: play_royal(0, deals=1).collect_events(),
}


def corrected(game: Game, body: dict[str, Any], by: str) -> Game:
    """The game with a correction decided and stored as the corrections service stores it."""
    game.store_correction(plan_correction(game, list(game.pending_events), body, by), by)
    return game


def voided_game(variant: str) -> tuple[Game, int]:
    """A recorded bot game of the variant whose last two moves the arbiter voided, and the first of them."""
    game = recorded_twin(BOTS[variant]())
    first = voidable_moves(game.counted or [])[-2]
    body = {"type": "void", "from_move": first, "reason": "entered at the wrong table"}
    return corrected(game, body, "arbiter"), first


def round_trip(app: Meldbook, game: Game) -> str:
    """Store a corrected game, export it in full, import the text: the same events, the same text; the text."""
    app.save(game)
    text = export_record(app, game.id, Viewer.FULL)
    imported = import_record(app, text)
    assert stored_facts(app, imported.game_id) == stored_facts(app, game.id)
    assert without_digest(export_record(app, imported.game_id, Viewer.FULL)) == without_digest(text)
    return text


def line_of(text: str, start: str) -> int:
    return next(number for number, line in enumerate(text.split("\n"), 1) if line.startswith(start))


def refusal(app: Meldbook, text: str) -> NotationError:
    before = app.recorder.max_notification_id()
    with pytest.raises(NotationError) as caught:
        import_record(app, text)
    assert app.recorder.max_notification_id() == before, "a refused record stores nothing"
    return caught.value


@pytest.mark.parametrize("variant", sorted(BOTS))
def test_a_voided_game_of_each_variant_round_trips_with_its_marks_and_correction_line(
    open_meldbook: OpenMeldbook, variant: str
) -> None:
    game, first = voided_game(variant)
    text = round_trip(open_meldbook(), game)
    correction = game.moves
    assert f'\n{correction}. * void {first} reason="entered at the wrong table" by=arbiter\n' in text
    assert f"\n~{first}. " in text and f"\n~{first + 1}. " in text and f"\n~{first - 1}. " not in text


def test_an_amend_that_voids_the_move_it_breaks_round_trips_in_a_recorded_roby_game(
    open_meldbook: OpenMeldbook,
) -> None:
    table, draw, card = table_with_a_draw()
    other = next(c for c in table.unseen() if c != card)
    body = {"type": "amend", "move": draw, "card": card, "replacement": other, "reason": "misread",
            "then": "void-rest"}
    text = round_trip(open_meldbook(), corrected(table.game, body, "recorder"))
    assert f"\n~{draw + 1}. ann discard {card}\n" in text
    assert f'\n{draw + 2}. * amend {draw} {card} {other} then=void-rest reason=misread by=recorder\n' in text


def test_a_mark_no_correction_answers_and_a_correction_the_rules_refuse_are_refused_at_their_line(
    open_meldbook: OpenMeldbook,
) -> None:
    app = open_meldbook()
    game, first = voided_game("roby")
    app.save(game)
    text = export_record(app, game.id, Viewer.FULL)
    void = f"{game.moves}. * void {first} "
    lines = text.split("\n")
    alone = "\n".join(line for line in lines if not line.startswith(void))
    error = refusal(app, alone)
    assert (error.code, error.line, error.column) == ("notation-voided-mark", line_of(alone, f"~{first}."), 1)
    unmarked = text.replace(f"\n~{first + 1}. ", f"\n{first + 1}. ")
    error = refusal(app, unmarked)
    assert (error.code, error.line) == ("notation-voided-mark", line_of(text, void))
    assert error.details["move"] == first + 1
    past = text.replace(void, f"{game.moves}. * void 3 ")
    error = refusal(app, past)
    assert (error.code, error.line) == ("correction.void-past-hand", line_of(text, void))
    assert error.column == len(f"{game.moves}. * void ") + 1, "at the refused field"
    seat = text.replace("by=arbiter", "by=seat")
    assert (refusal(app, seat).code, refusal(app, seat).field) == ("validation-error", "by")


def test_the_digest_an_export_carries_verifies_against_the_source_and_fails_once_it_is_tampered_with(
    open_meldbook: OpenMeldbook, store_env: dict[str, str]
) -> None:
    app = open_meldbook()
    game, _ = voided_game("robins")
    app.save(game)
    text = export_record(app, game.id, Viewer.SPECTATOR)
    digest = next(line for line in text.split("\n") if line.startswith("[Digest "))[len('[Digest "'):-2]
    at = int(next(line for line in text.split("\n") if line.startswith("[DigestAt "))[len("[DigestAt "):-1])
    assert at == game.version
    assert verify_game(app, game.id, digest, at)["ok"]
    imported = import_record(app, export_record(app, game.id, Viewer.FULL))
    assert not verify_game(app, imported.game_id, digest, at)["ok"], "the imported game has a chain of its own"
    tampered_version = 5
    (stored,) = app.recorder.select_events(game.id, gt=tampered_version - 1, lte=tampered_version)
    write_state(app, store_env, game.id, tampered_version, {**decoded(stored), "tampered": True})
    report = verify_game(app, game.id, digest, at)
    assert not report["ok"] and report["streams"]["game"]["broken"]["version"] == tampered_version


def test_a_record_without_the_digest_tags_imports(open_meldbook: OpenMeldbook) -> None:
    app = open_meldbook()
    game, _ = voided_game("royal")
    app.save(game)
    text = without_digest(export_record(app, game.id, Viewer.FULL))
    imported = import_record(app, text)
    assert isinstance(imported.game_id, UUID) and imported.version == game.version
