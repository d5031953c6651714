"""A scripted Roby game corrected after a hand: a card of cy's second hand was entered wrongly (KH for 7S), so he
was counted 102 points and busted, where he had 99 and stayed in. The correction re-derives what depended on it,
and the ledger differs from the original by exactly that: cy's points, and the re-enlistment fee or the final pot
that followed, each shown as a reversal beside a replacement."""

from __future__ import annotations

from typing import Any

import pytest

from domain.corrections.counting import REPLACEMENT, REVERSAL, REVERSED, counting_events
from domain.corrections.plan import plan_correction
from domain.errors import MeldbookError
from domain.money.explanation import explained
from domain.money.ledger import AmountTransferred, Ledger
from domain.money.movements import MONEY
from domain.money.settlement import settlement_of
from domain.record.audit import audit_record
from domain.roby.events import PointsScored
from tests.unit.roby.table import Table

WINNING_HAND = "4H 5H 6H 7H KC KD KS QS QH QC"
WINNING_MELDS = [["4H", "5H", "6H", "7H"], ["KC", "KD", "KS"], ["QS", "QH", "QC"]]
FIRST = {
    "bob": "7C 7D 7S 8C 9C 10C JH JD 9S 10S",
    "cy": "5C 5D 5S 6C 6D 6S 8D 8H 8S 9D",
    "dee": "2C 2H 2S 3C 3D 3H 3S 4C 4D 4S",
}
SECOND = {
    "bob": "AC AD AH AS 10C 10D 10H 10S JC JS",
    "cy": "KH 2C 2H 2S 3C 3D 3H 3S 4C 4D",
    "dee": "5C 5D 5S 6C 6D 6S 8D 8H 9D 9H",
}
"""Bob is at 87 after the first hand and busts in the second; cy is at 66, then 102 with KH, 99 with 7S; dee stays
in (30, then 97)."""
AMEND = {"type": "amend", "card": "KH", "replacement": "7S", "holder": "cy", "reason": "cy held 7S, not KH"}


def two_hands(*players: str) -> Table:
    """Ann goes out at once in both hands; bob and cy bust in the second."""
    table = Table(players)
    table.cut_for(players[-1])
    table.deal(keep="2D", ann=WINNING_HAND, **{p: FIRST[p] for p in players[1:]})
    table.act("draw", "ann", source="stock", card="2D")
    table.act("go_out", "ann", melds=WINNING_MELDS, discard="2D")
    table.deal(keep="2D", ann=WINNING_HAND, **{p: SECOND[p] for p in players[1:]})
    for player in players[1:]:
        table.draw_and_discard(player)
    table.act("draw", "ann", source="stock", card="2D")
    table.act("go_out", "ann", melds=WINNING_MELDS, discard="2D")
    return table


def correct(table: Table, body: dict[str, Any]) -> list[Any]:
    """Store a correction as the recorder; return the events it stored."""
    game = table.game
    plan = plan_correction(game, list(game.pending_events), body, "recorder")
    count = game.store_correction(plan, "recorder")
    return list(game.pending_events[-count:])


def second_deal(table: Table) -> int:
    """The move number of the second hand's deal."""
    return [e.move for e in table.events("MoveRecorded") if e.action["type"] == "deal"][1]


def balances(events: list[Any]) -> dict[str, int]:
    """The money ledger of the events that still count."""
    ledger = Ledger()
    for counted in counting_events(events):
        if isinstance(counted.event, AmountTransferred):
            ledger.move(counted.event.source, counted.event.destination, counted.event.amount)
    return {account: amount for account, amount in ledger.balances.items() if amount}


def points(events: list[Any]) -> dict[str, int]:
    """Each player's points from the events that still count."""
    scored: dict[str, int] = {}
    for counted in counting_events(events):
        if isinstance(counted.event, PointsScored):
            scored[counted.event.player] = scored.get(counted.event.player, 0) + counted.event.points
    return scored


def lines(events: list[Any], status: str) -> list[tuple[str, Any, int]]:
    """The entries of one status: their rule, whom they concern and their amount or points."""
    return [
        (
            c.event.rule,
            getattr(c.event, "player", None) or (c.event.source, c.event.destination),
            getattr(c.event, "amount", None) or c.event.points,
        )
        for c in counting_events(events)
        if c.status == status
    ]


def test_a_past_hand_correction_reverses_the_final_pot_when_the_player_who_busted_had_not() -> None:
    table = two_hands("ann", "bob", "cy")
    assert table.state.winner == "ann"  # bob and cy both busted: neither could re-enlist, so ann won the pot
    original = balances(list(table.game.pending_events))
    correct(table, {**AMEND, "move": second_deal(table)})
    events = list(table.game.pending_events)
    assert table.state.winner is None and table.state.deciding == ["bob"] and table.state.scores["cy"] == 99
    assert points(events)["cy"] == 99
    assert lines(events, REVERSED) == [
        ("roby.scoring.cards-left", "cy", 36),
        ("roby.stakes.pot-to-winner", ("pot", "player:ann"), 1500),
    ]
    assert lines(events, REVERSAL) == [
        ("correction.reversal", "cy", -36),
        ("correction.reversal", ("player:ann", "pot"), 1500),
    ]
    assert lines(events, REPLACEMENT) == [("correction.replacement", "cy", 33)]
    corrected = balances(events)
    assert {a: corrected.get(a, 0) - original.get(a, 0) for a in {*original, *corrected}} == {
        "player:ann": -1500, "pot": 1500, "player:bob": 0, "player:cy": 0
    }
    table.act("reenlist", "bob")  # the table goes on from the corrected record: bob now pays a fee of half the pot
    assert table.transfers("roby.stakes.reenlist-fee") == [("player:bob", "pot", 750, "PlayerReenlisted")]


def test_a_past_hand_correction_replaces_a_re_enlistment_fee_and_refuses_the_decision_that_no_longer_fits() -> None:
    table = two_hands("ann", "bob", "cy", "dee")
    table.act("reenlist", "bob")  # pot 2000 over ann and dee: 1000
    table.act("reenlist", "cy")  # pot 3000 over ann, dee and bob: 1000
    original = balances(list(table.game.pending_events))
    version = table.game.version
    with pytest.raises(MeldbookError) as refused:
        correct(table, {**AMEND, "move": second_deal(table)})
    cy_decision = table.events("MoveRecorded")[-1]
    assert refused.value.code == "correction.later-move-breaks"
    assert refused.value.details == {
        "move": cy_decision.move,
        "version": cy_decision.originator_version,
        "move_code": "wrong-phase",
        "move_detail": refused.value.details["move_detail"],
    }
    assert f"move {cy_decision.move} (version {cy_decision.originator_version})" in refused.value.message
    assert table.game.version == version, "a refused correction stores nothing"
    stored = correct(table, {**AMEND, "move": second_deal(table), "then": "void-rest"})
    assert stored[-1].voided == [cy_decision.move] and stored[-1].requested_by == "recorder"
    events = list(table.game.pending_events)
    assert table.state.scores["cy"] == 99 and table.state.standing["cy"] == "in"
    assert ("roby.stakes.reenlist-fee", ("player:bob", "pot"), 1000) in lines(events, REVERSED)
    assert lines(events, REPLACEMENT) == [
        ("correction.replacement", "cy", 33),
        ("correction.replacement", ("player:bob", "pot"), 667),
    ]
    corrected = balances(events)
    assert {a: corrected.get(a, 0) - original.get(a, 0) for a in {*original, *corrected}} == {
        "player:bob": 333, "player:cy": 1000, "pot": -1333, "player:ann": 0, "player:dee": 0
    }
    assert table.state.ledger.balances == {**table.state.ledger.balances, "pot": corrected["pot"]}


def test_the_corrected_state_is_the_moves_that_count_re_executed_and_folding_the_record_gives_it_again() -> None:
    table = two_hands("ann", "bob", "cy")
    correct(table, {**AMEND, "move": second_deal(table)})
    game: Any = None
    for event in table.game.pending_events:
        game = event.mutate(game)
    assert game.rules.to_doc(game.state) == table.game.rules.to_doc(table.state)
    envelopes = table.events("MoveRecorded")
    assert envelopes[-1].move == table.game.moves and envelopes[-1].action["type"] == "amend"
    assert [e["move"] for e in game.counted] == [e.move for e in envelopes[:-1]], "a correction does not count"
    assert next(e["action"] for e in game.counted if e["move"] == second_deal(table))["hands"]["cy"][0] == "7S"


def test_the_settlement_of_a_corrected_game_shows_original_reversal_and_replacement_and_sums_to_the_state() -> None:
    table = two_hands("ann", "bob", "cy")
    correct(table, {**AMEND, "move": second_deal(table)})
    events = list(table.game.pending_events)
    settlement = settlement_of(events[0], events)
    by_status = {(e.status, e.movement.rule, e.movement.amount) for e in settlement.entries if e.movement.unit == MONEY}
    assert {("reversed", "roby.stakes.pot-to-winner", 1500), ("reversal", "correction.reversal", 1500)} <= by_status
    assert {a: settlement.balance(a, MONEY) for a in table.state.ledger.balances} == table.state.ledger.balances
    assert explained(settlement, "ann")["balances"] == [
        {"unit": MONEY, "total": table.state.ledger.balance("player:ann")}
    ]


def test_the_audit_records_a_corrected_game_again_with_its_correction_and_finds_it_consistent() -> None:
    table = two_hands("ann", "bob", "cy", "dee")
    table.act("reenlist", "bob")
    table.act("reenlist", "cy")
    correct(table, {**AMEND, "move": second_deal(table), "then": "void-rest"})
    events = list(table.game.pending_events)
    assert audit_record(events) == []
    replaced = next(e for e in events if getattr(e, "rule", None) == "correction.replacement")
    tampered = [e for e in events if e is not replaced]
    assert [d.kind for d in audit_record(tampered)] == ["missing"]
