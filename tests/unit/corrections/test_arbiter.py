"""The arbiter corrects too, but sees a hand's cards only once it has ended: he amends no card of the current hand,
and a refusal naming a move of the current hand does not say why (its sentence could name a hidden card)."""

from __future__ import annotations

import pytest

from domain.access.game_access import NotPermittedError
from domain.corrections.plan import CorrectionError
from service.corrections import plan_for
from tests.unit.roby.table import Table

WINNING_HAND = "4H 5H 6H 7H KC KD KS QS QH QC"
WINNING_MELDS = [["4H", "5H", "6H", "7H"], ["KC", "KD", "KS"], ["QS", "QH", "QC"]]
AMEND = {"type": "amend", "move": 4, "card": "5D", "replacement": "6D", "holder": "bob", "reason": "bob held 6D"}
"""Bob's first hand counted 99 with 5D: with 6D he would have busted, and the second deal would not have come."""


def second_hand_dealt() -> Table:
    table = Table(("ann", "bob", "cy"))
    table.cut_for("cy")
    table.deal(keep="2D", ann=WINNING_HAND, bob="AC AD AH AS JC JD JH JS 10C 5D")
    table.act("draw", "ann", source="stock", card="2D")
    table.act("go_out", "ann", melds=WINNING_MELDS, discard="2D")
    assert table.state.scores["bob"] == 99
    table.deal()
    return table


def test_a_refusal_naming_a_move_of_the_current_hand_tells_the_arbiter_its_code_but_not_its_sentence() -> None:
    table = second_hand_dealt()
    events = list(table.game.pending_events)
    deal = table.events("MoveRecorded")[-1]
    with pytest.raises(CorrectionError) as recorders:
        plan_for(table.game, events, AMEND, "recorder")
    assert recorders.value.details["move_detail"] and recorders.value.details["move"] == deal.move
    with pytest.raises(CorrectionError) as arbiters:
        plan_for(table.game, events, AMEND, "arbiter")
    assert "move_detail" not in arbiters.value.details
    assert arbiters.value.message == f"move {deal.move} (version {deal.originator_version}) would no longer fit " \
        f"({recorders.value.details['move_code']})"


def test_the_arbiter_amends_no_card_of_the_current_hand() -> None:
    table = second_hand_dealt()
    deal = table.events("MoveRecorded")[-1].move
    dealt = table.events("HandDealt")[-1].hands["ann"][0]
    body = {**AMEND, "move": deal, "card": dealt, "holder": "ann"}
    with pytest.raises(NotPermittedError) as refused:
        plan_for(table.game, list(table.game.pending_events), body, "arbiter")
    assert refused.value.field == "move"
    plan_for(table.game, list(table.game.pending_events), {**body, "replacement": table.unseen()[0]}, "recorder")
