"""Robins Rummy hands recorded by their result: table points and hand points as a score sheet keeps them (or the
cards left), the Rummies each claimed; the running totals, the end at 505 and the alternating deal follow by the
rules, and what no cards could give is refused with its field named."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import MeldbookError
from domain.record.game import Game
from domain.robins.state import DEAL, OVER
from domain.rules.variant import Chance


class Sheet:
    """A recorded game between ann and bob, bob dealing first, recorded hand by hand from a score sheet."""

    def __init__(self, deal_mode: str = "recorded") -> None:
        self.game = Game.set_up("robins", ["ann", "bob"], {"first_dealer": "bob"}, deal_mode, "", Chance())
        self.game.collect_events()

    def result(self, dealer: str, **fields: Any) -> list[Any]:
        self.game.record({"type": "hand_result", "player": dealer, **fields}, Chance())
        return self.game.collect_events()[1:]

    def refused(self, code: str, dealer: str, **fields: Any) -> MeldbookError:
        version = self.game.version
        with pytest.raises(MeldbookError) as caught:
            self.game.record({"type": "hand_result", "player": dealer, **fields}, Chance())
        assert caught.value.code == code, caught.value.message
        assert self.game.version == version
        return caught.value


def test_a_result_hand_scores_table_points_less_hand_points_and_the_deal_alternates() -> None:
    sheet = Sheet()
    events = sheet.result("bob", went_out="ann", table={"ann": 95, "bob": 40}, points={"bob": 25},
                          rummies={"ann": 1})
    scored = [(e.player, e.points, e.rule) for e in events if type(e).__name__ == "PointsScored"]
    assert scored == [
        ("ann", 95, "robins.scoring.result-table"), ("ann", 0, "robins.scoring.result-hand"),
        ("bob", 40, "robins.scoring.result-table"), ("bob", -25, "robins.scoring.result-hand"),
    ]
    assert sheet.game.state.scores == {"ann": 95, "bob": 15}
    assert sheet.game.state.phase == DEAL and sheet.game.state.dealer == "ann" and sheet.game.state.hand_number == 1


def test_cards_shown_count_as_in_a_hand_played_and_the_stock_running_out_counts_both_hands() -> None:
    sheet = Sheet()
    sheet.result("bob", table={"ann": 30, "bob": 45}, points={"ann": 10}, cards={"bob": ["JK", "2C", "AS"]})
    assert sheet.game.state.scores == {"ann": 20, "bob": 45 - 30 - 5 - 20}


def test_a_game_of_result_hands_ends_at_505_with_the_higher_score() -> None:
    sheet = Sheet()
    dealer = "bob"
    for ann, bob in ((200, 150), (200, 150), (110, 120)):
        sheet.result(dealer, went_out="ann", table={"ann": ann, "bob": bob}, points={"bob": 5})
        dealer = "ann" if dealer == "bob" else "bob"
    state = sheet.game.state
    assert state.scores == {"ann": 510, "bob": 405} and state.phase == OVER and state.winner == "ann"


def test_who_a_result_counts_is_checked_and_each_refusal_names_its_field() -> None:
    sheet = Sheet()
    table = {"ann": 30, "bob": 30}
    assert sheet.refused("robins.deal.not-dealer", "ann", table=table, points={"ann": 5, "bob": 5})
    missing = sheet.refused("robins.result.players", "bob", table=table, points={"ann": 5})
    assert missing.message == ("bob's hand points are missing: the stock ran out, so bob held cards; state their "
                               "points or show them (cards)")
    named = sheet.refused("robins.result.players", "bob", went_out="ann", table=table, points={"ann": 5, "bob": 5})
    assert named.message == "points names ann: ann went out, holding nothing"
    for fields, field in (
        ({"went_out": "cy", "table": table, "points": {"bob": 5}}, "went_out"),
        ({"went_out": "ann", "table": {"ann": 30}, "points": {"bob": 5}}, "table.bob"),
        ({"went_out": "ann", "table": {**table, "cy": 5}, "points": {"bob": 5}}, "table.cy"),
        ({"went_out": "ann", "table": table, "points": {"ann": 5, "bob": 5}}, "points.ann"),
        ({"went_out": "ann", "table": table}, "points.bob"),
        ({"table": table, "points": {"ann": 5}}, "points.bob"),
        ({"went_out": "ann", "table": table, "points": {"bob": 5}, "rummies": {"cy": 1}}, "rummies.cy"),
    ):
        assert sheet.refused("robins.result.players", "bob", **fields).field == field, fields


def test_points_no_cards_could_give_are_refused() -> None:
    sheet = Sheet()
    for fields, field in (
        ({"table": {"ann": 32, "bob": 30}, "points": {"bob": 5}}, "table.ann"),
        ({"table": {"ann": -5, "bob": 30}, "points": {"bob": 5}}, "table.ann"),
        ({"table": {"ann": 30, "bob": 30}, "points": {"bob": 0}}, "points.bob"),
        ({"table": {"ann": 30, "bob": 30}, "points": {"bob": 665}}, "points.bob"),
        ({"table": {"ann": 400, "bob": 200}, "points": {"bob": 65}}, "table"),
        ({"table": {"ann": 10, "bob": 30}, "points": {"bob": 5}, "rummies": {"ann": 3}}, "rummies.ann"),
    ):
        refused = sheet.refused("robins.result.points", "bob", went_out="ann", **fields)
        assert refused.field == field, fields
    messages = {
        "table of 32 for ann is one no cards could give: 0 to 660 in steps of 5":
            {"table": {"ann": 32, "bob": 30}, "points": {"bob": 5}},
        "points of 0 for bob is one no cards could give: 5 to 660 in steps of 5":
            {"table": {"ann": 30, "bob": 30}, "points": {"bob": 0}},
        "the points come to 665 together, more than the whole deck counts (660)":
            {"table": {"ann": 400, "bob": 200}, "points": {"bob": 65}},
        "ann's 3 Rummies each laid a card on the table: they need 15 table points at least, not 10":
            {"table": {"ann": 10, "bob": 30}, "points": {"bob": 5}, "rummies": {"ann": 3}},
    }
    for message, fields in messages.items():
        assert sheet.refused("robins.result.points", "bob", went_out="ann", **fields).message == message
    sheet.result("bob", went_out="ann", table={"ann": 400, "bob": 200}, points={"bob": 60})
    assert sheet.game.state.scores == {"ann": 400, "bob": 140}


def test_cards_shown_must_be_cards_left_and_agree_with_points_stated_beside_them() -> None:
    sheet = Sheet()
    table = {"ann": 30, "bob": 30}
    for fields, field in (
        ({"cards": {"bob": []}}, "cards.bob"),
        ({"cards": {"bob": ["KH", "QH"]}, "points": {"bob": 25}}, "points.bob"),
        ({"cards": {"bob": ["JK", "JK", "JK"]}}, "cards"),
    ):
        assert sheet.refused("robins.result.cards", "bob", went_out="ann", table=table, **fields).field == field


def test_a_shuffled_game_records_no_result_hand() -> None:
    sheet = Sheet("shuffled")
    refused = sheet.refused("robins.result.recorded-game", "bob", table={"ann": 0, "bob": 0}, points={"ann": 5})
    assert refused.field == "type"
    assert not [e for e in sheet.game.legal_actions() if e["type"] == "hand_result"]


def test_the_dealer_is_offered_the_result_behind_the_deal_with_examples_the_rules_accept() -> None:
    sheet = Sheet()
    entry = next(e for e in sheet.game.legal_actions() if e["type"] == "hand_result")
    assert entry["player"] == "bob" and entry["instead_of"] == "deal"
    assert entry["template"]["went_out"] == "<ann|bob>"
    assert entry["bounds"] == {"table": [0, 660], "points": [5, 660], "rummies": [0, 132]}
    assert len(entry["examples"]) == 2
