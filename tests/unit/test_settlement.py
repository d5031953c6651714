"""The settlement read from a record's events in one function: entries, balances, conservation, explanation and
comparison (no I/O: bot games and hand-made records)."""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

from domain.access.visibility import Viewer
from domain.money.explanation import compared, explained
from domain.money.ledger import AmountTransferred
from domain.money.movements import Movement
from domain.money.settlement import REPLACEMENT, REVERSAL, REVERSED, Entry, Settlement, settlement_of
from tests.bot_games import play_roby, play_royal


@cache
def _roby_game() -> tuple[Any, tuple[Any, ...]]:
    """A four-player Roby game with a re-enlistment (played once): the game and its events."""
    game = play_roby(39, players=4)
    return game, tuple(game.collect_events())


def _roby() -> list[Any]:
    return list(_roby_game()[1])


def test_a_roby_settlement_counts_every_transfer_and_score_and_its_balances_equal_the_games_ledger_and_scores() -> None:
    game, events = _roby_game()
    settlement = settlement_of(events[0], events)
    transfers = [e for e in events if isinstance(e, AmountTransferred)]
    assert [e.version for e in settlement.entries if e.movement.unit == "money"] == [
        t.originator_version for t in transfers
    ]
    for account, balance in game.state.ledger.balances.items():
        assert settlement.balance(account, "money") == balance
    for player, score in game.state.scores.items():
        assert settlement.balance(f"player:{player}", "points") == score
    assert [c.held for c in settlement.checks] == [True]


def test_a_re_enlistment_moves_the_busted_score_to_the_highest_score_still_in_under_its_rule() -> None:
    events = _roby()
    reenlisted = next(e for e in events if type(e).__name__ == "PlayerReenlisted")
    before = settlement_of(events[0], [e for e in events if e.originator_version < reenlisted.originator_version])
    settlement = settlement_of(events[0], events)
    [entry] = [e for e in settlement.entries if e.movement.rule == "roby.reenlist.highest-score"]
    account = f"player:{reenlisted.player}"
    assert (entry.version, entry.movement.destination) == (reenlisted.originator_version, account)
    assert before.balance(account, "points") + entry.movement.amount == reenlisted.score
    assert before.balance(account, "points") > 99 >= reenlisted.score
    assert entry.action == f"{reenlisted.player} re-enlists"


def test_a_pot_left_holding_money_after_the_win_breaks_the_roby_conservation_law_at_the_last_event() -> None:
    events = _roby()
    last = events[-1]
    assert isinstance(last, AmountTransferred) and last.rule == "roby.stakes.pot-to-winner"
    events[-1] = dataclasses.replace(last, amount=last.amount - 1)
    [check] = settlement_of(events[0], events).checks
    assert (check.held, check.broken_at) == (False, last.originator_version)
    assert "pot still holds 1" in check.detail


def test_a_royal_player_paying_chips_he_does_not_have_breaks_the_chip_conservation_law_where_it_happens() -> None:
    events = list(play_royal(3, players=4, deals=3).collect_events())
    at = next(i for i, e in enumerate(events) if isinstance(e, AmountTransferred) and e.rule == "royal.ante")
    events[at] = dataclasses.replace(events[at], amount=10**6)
    [check] = settlement_of(events[0], events).checks
    assert (check.held, check.broken_at) == (False, events[at].originator_version)
    assert "less than nothing" in check.detail


def test_the_action_of_an_entry_is_worded_for_the_viewer_and_a_seat_reads_no_more_than_the_full_view() -> None:
    events = _roby()
    full = settlement_of(events[0], events, Viewer.FULL)
    seat = settlement_of(events[0], events, Viewer.seat("p1"))
    assert [e.movement for e in full.entries] == [e.movement for e in seat.entries]
    assert all(len(s.action) <= len(f.action) for s, f in zip(seat.entries, full.entries, strict=True))


def _entry(version: int, source: str, destination: str, amount: int, rule: str = "roby.stakes.per-roby") -> Entry:
    return Entry(version, version, 1, "ann goes out", Movement(source, destination, amount, "money", rule))


def test_a_reversed_entry_stays_listed_beside_its_reversal_and_replacement_and_the_total_ends_at_the_balance() -> None:
    settlement = Settlement("roby")
    settlement.add(_entry(2, "player:bob", "player:ann", 100))
    settlement.add(dataclasses.replace(_entry(3, "player:cy", "player:ann", 100), status=REVERSED))
    reversal = _entry(9, "player:ann", "player:cy", 100, "correction.reversal")
    replacement = _entry(10, "player:cy", "player:ann", 50, "correction.replacement")
    settlement.add(dataclasses.replace(reversal, status=REVERSAL))
    settlement.add(dataclasses.replace(replacement, status=REPLACEMENT))
    explanation = explained(settlement, "ann")
    assert [(e["status"], e["change"], e["running_total"]) for e in explanation["entries"]] == [
        ("counted", 100, 100), ("reversed", 100, 200), ("reversal", -100, 100), ("replacement", 50, 150)
    ]
    assert explanation["balances"] == [{"unit": "money", "total": 150}]
    assert settlement.balance("player:cy", "money") == -50


def test_comparing_settlements_pairs_the_same_movement_and_lists_the_others_on_their_side() -> None:
    recorded, alternative = Settlement("roby"), Settlement("roby")
    for entry in (_entry(2, "player:bob", "player:ann", 100), _entry(3, "pot", "player:ann", 900, "roby.x")):
        recorded.add(entry)
    for entry in (_entry(2, "player:bob", "player:ann", 60), _entry(3, "pot", "player:bob", 900, "roby.x")):
        alternative.add(entry)
    found = compared(recorded, alternative, ["ann", "bob"])
    assert [(d["change"], d["amount_difference"]) for d in found["entries"]] == [
        ("changed", -40), ("only-recorded", -900), ("only-alternative", 900)
    ]
    assert {b["account"]: b["difference"] for b in found["balances"]} == {"player:ann": -940, "player:bob": 940}
