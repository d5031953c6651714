"""Voids and amendments decided on the domain: the state is the moves that count re-executed (every variant), the
voided moves stay in the record, and each refusal names its rule or the move that no longer fits."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bots.twins import record_game, recorded_twin
from domain.corrections.counting import counting_events, voided_moves
from domain.corrections.listing import voidable_moves
from domain.corrections.plan import plan_correction
from domain.errors import MeldbookError
from domain.record.game import Game
from service.branching import branch
from tests.bot_games import play_robins, play_roby, play_royal
from tests.unit.roby.table import Table

BOTS: dict[str, Callable[[], list[Any]]] = {
    "roby": lambda: play_roby(0, 3).collect_events(),
    "robins": lambda: play_robins(0)[1],
    "royal": lambda: play_royal(0, deals=1).collect_events(),
}


def correct(game: Game, body: dict[str, Any], by: str = "recorder") -> list[Any]:
    """Decide and store a correction on a game whose every event is pending; return the events it stored."""
    plan = plan_correction(game, list(game.pending_events), body, by)
    count = game.store_correction(plan, by)
    return list(game.pending_events[-count:])


def refused(game: Game, body: dict[str, Any]) -> MeldbookError:
    """The refusal of a correction, which stores nothing."""
    version = game.version
    with pytest.raises(MeldbookError) as caught:
        correct(game, body)
    assert game.version == version
    return caught.value


def recorded(variant: str) -> Game:
    """A recorded bot game of the variant, with every event pending."""
    return recorded_twin(BOTS[variant]())


@pytest.mark.parametrize("variant", sorted(BOTS))
def test_voiding_the_last_moves_of_the_hand_leaves_the_state_the_other_moves_make(variant: str) -> None:
    game = recorded(variant)
    moves = voidable_moves(game.counted or [])
    first = moves[-3] if len(moves) >= 3 else moves[0]
    kept = [e["action"] for e in game.counted or [] if e["move"] < first]
    before = len(game.pending_events)
    stored = correct(game, {"type": "void", "from_move": first, "reason": "entered at the wrong table"})
    assert stored[0].action == {"type": "void", "from_move": first, "reason": "entered at the wrong table"}
    assert stored[-1].voided == [m for m in moves if m >= first] and stored[-1].kind == "void"
    again = record_game(game.pending_events[0], "recorded", "", kept)
    assert game.rules.to_doc(game.state) == again.rules.to_doc(again.state)
    events = list(game.pending_events)
    assert len(events) == before + len(stored), "nothing is deleted: the voided moves stay in the record"
    assert set(voided_moves(events)) == set(stored[-1].voided)
    numbers = {c.event.originator_version: c.move for c in counting_events(events)}
    assert not set(numbers.values()) & set(stored[-1].voided), "the voided moves count no more"


def test_a_void_reaches_no_further_back_than_the_current_hand_and_names_only_moves_that_count() -> None:
    game = recorded("roby")
    start = voidable_moves(game.counted or [])[0]
    assert refused(game, {"type": "void", "from_move": start - 1, "reason": "x"}).code == "correction.void-past-hand"
    correct(game, {"type": "void", "from_move": game.moves, "reason": "x"})
    for move in (game.moves, game.moves - 1, game.moves + 1):  # the correction, the move voided, one to come
        assert refused(game, {"type": "void", "from_move": move, "reason": "x"}).code == "correction.move-not-counted"


def test_a_correction_needs_a_reason_and_its_kind_s_fields() -> None:
    game = recorded("roby")
    error = refused(game, {"type": "void", "from_move": game.moves})
    assert (error.code, error.field) == ("invalid-action", "reason")
    error = refused(game, {"type": "amend", "move": 4, "card": "7H", "reason": "x", "then": "maybe"})
    assert (error.code, error.field) == ("invalid-action", "replacement")


def table_with_a_draw() -> tuple[Table, int, str]:
    """Ann draws an unseen card and discards it: the draw's move number and the card."""
    table = Table()
    table.cut_for("dee")
    table.deal()
    card = table.draw_and_discard("ann")
    return table, table.game.moves - 1, card


def test_amending_a_drawn_card_that_was_discarded_is_refused_naming_the_discard_or_voids_it() -> None:
    table, draw, card = table_with_a_draw()
    other = next(c for c in table.unseen() if c != card)
    body = {"type": "amend", "move": draw, "card": card, "replacement": other, "reason": "misread"}
    error = refused(table.game, body)
    discard = table.events("MoveRecorded")[-1]
    assert (error.code, error.field) == ("correction.later-move-breaks", "then")
    assert error.details["move"] == discard.move and error.details["version"] == discard.originator_version
    assert error.details["move_code"] == "roby.not-held"
    stored = correct(table.game, {**body, "then": "void-rest"})
    assert stored[-1].voided == [discard.move]
    assert other in table.hand("ann") and card not in table.hand("ann") and table.state.turn == "ann"


def test_amending_a_drawn_card_still_held_changes_the_hand_and_nothing_else() -> None:
    table = Table()
    table.cut_for("dee")
    table.deal()
    card = table.unseen()[0]
    table.act("draw", "ann", source="stock", card=card)
    held = next(c for c in table.hand("ann") if c != card)
    table.act("discard", "ann", card=held)
    other = next(c for c in table.unseen() if c != card)
    stored = correct(table.game, {"type": "amend", "move": table.game.moves - 1, "card": card, "replacement": other,
                                  "reason": "misread"})
    assert [type(e).__name__ for e in stored] == ["MoveRecorded", "RecordCorrected"], "no payout changed"
    assert stored[-1].voided == [] and stored[-1].amended[0]["action"]["card"] == other
    assert other in table.hand("ann") and card not in table.hand("ann") and table.state.turn == "bob"


def test_an_amendment_names_a_card_of_a_recorded_deal_or_draw() -> None:
    table, draw, card = table_with_a_draw()
    def amend(**fields: Any) -> MeldbookError:
        return refused(table.game, {"type": "amend", "reason": "x", **fields})
    assert amend(move=draw + 1, card=card, replacement="2C").code == "correction.not-amendable"  # a discard
    assert amend(move=draw, card="AS", replacement="2C").code == "correction.card-not-in-move"
    assert amend(move=draw, card=card, replacement=card).code == "correction.same-card"
    deal = draw - 1
    dealt = table.events("HandDealt")[0].hands["bob"][0]
    assert amend(move=deal, card=dealt, replacement="2C", holder="cy").code == "correction.card-not-in-move"
    anns = table.events("HandDealt")[0].hands["ann"][0]
    error = amend(move=deal, card=dealt, replacement=anns, holder="bob")  # the amended deal itself is refused
    assert (error.code, error.field) == ("card-conflict", "replacement") and "amended move" in error.message
    shuffled = Game.set_up("roby", ["ann", "bob"], {}, "shuffled", "", table.chance)
    shuffled.record({"type": "cut", "player": "ann"}, table.chance)
    error = refused(shuffled, {"type": "amend", "move": 1, "card": "2C", "replacement": "3C", "reason": "x"})
    assert error.code == "correction.not-amendable"


def test_with_two_packs_a_card_dealt_to_two_hands_needs_its_holder() -> None:
    table = Table(packs=2)
    table.cut_for("dee")
    table.deal(ann="2C 3C 4C 5C 6C 7C 8C 9C 10C JC", bob="2C 3D 4D 5D 6D 7D 8D 9D 10D JD")
    error = refused(table.game, {"type": "amend", "move": 5, "card": "2C", "replacement": "KS", "reason": "x"})
    assert (error.code, error.field) == ("correction.card-ambiguous", "holder")
    correct(table.game, {"type": "amend", "move": 5, "card": "2C", "replacement": "KS", "holder": "bob", "reason": "x"})
    assert "KS" in table.hand("bob") and "2C" in table.hand("ann")


def named_cards(action: dict[str, Any]) -> set[str]:
    """Every card an action names."""
    named: set[str] = set()
    for value in action.values():
        if isinstance(value, str):
            named.add(value)
        elif isinstance(value, list):
            named |= {v for v in value if isinstance(v, str)}
        elif isinstance(value, dict):
            named |= {c for cards in value.values() for c in cards}
    return named


@pytest.mark.parametrize("variant", sorted(BOTS))
def test_amending_a_dealt_card_leaves_the_state_of_the_amended_deal_and_the_moves_that_still_fit(variant: str) -> None:
    events = BOTS[variant]()
    whole = recorded_twin(events)
    actions = [e["action"] for e in whole.counted or []]
    deal = next(i for i, a in enumerate(actions) if a["type"] == "deal")
    actions = actions[: deal + 9]
    game = record_game(events[0], "recorded", "", actions)
    dealt = actions[deal]
    holder, cards = next(iter(dealt["hands"].items()))
    everything_named = set().union(*(named_cards(a) for a in actions[deal:]))
    replacement = next(c for c in ("AS", "KH", "QD", "JC", "10S", "9H", "8D", "7C") if c not in everything_named)
    body = {"type": "amend", "move": deal + 1, "card": cards[0], "replacement": replacement, "holder": holder}
    stored = correct(game, {**body, "reason": "misread", "then": "void-rest"})
    voided = stored[-1].voided
    amended = {**dealt, "hands": {**dealt["hands"], holder: [replacement, *cards[1:]]}}
    kept = [amended if i == deal else a for i, a in enumerate(actions) if i + 1 not in voided]
    again = record_game(events[0], "recorded", "", kept)
    assert game.rules.to_doc(game.state) == again.rules.to_doc(again.state)
    assert not voided or voided == list(range(voided[0], len(actions) + 1)), "voided from the first that broke on"


def test_a_corrected_record_is_recorded_again_under_other_options_by_its_moves_that_count() -> None:
    game = recorded("roby")
    first = voidable_moves(game.counted or [])[-2]
    correct(game, {"type": "void", "from_move": first, "reason": "x"})
    events = list(game.pending_events)
    other = branch(events, events[-1].originator_version, options={"reenlist_fee": "buy_in"})
    assert [e["move"] for e in other.game.counted or []] == [e["move"] for e in game.counted or []][: first - 1]
    assert other.game.rules.to_doc(other.game.state)["hands"] == game.rules.to_doc(game.state)["hands"]
