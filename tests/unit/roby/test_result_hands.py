"""Roby hands recorded by their result: who went out and what the others were left holding, stated or shown; the
rules then score, pay, bust and end the game as after a hand played card by card, and what no cards could give is
refused with its field named."""

from __future__ import annotations

from domain.roby.state import DEAL, DECIDE, OVER
from tests.unit.roby.table import Table
from tests.unit.roby.test_scoring_and_stakes import roby_by_ann


def test_a_result_hand_scores_the_stated_counts_and_the_cards_shown_and_pays_the_winner_per_roby() -> None:
    table = Table(per_roby=100, buy_in=500)
    table.cut_for("dee")
    own = table.act("hand_result", "dee", went_out="bob", points={"cy": 23, "dee": 7}, cards={"ann": ["KH", "QH"]})
    assert own[:2] == ["HandStated", "WentOut"] and own[-1] == "DealerChosen"
    scored = {(e.player, e.points, e.rule) for e in table.events("PointsScored")}
    assert scored == {
        ("ann", 20, "roby.scoring.cards-left"),
        ("cy", 23, "roby.scoring.result-count"),
        ("dee", 7, "roby.scoring.result-count"),
    }
    assert table.state.scores == {"ann": 20, "bob": 0, "cy": 23, "dee": 7}
    paid = table.transfers("roby.stakes.per-roby")
    assert sorted(paid) == [(f"player:{p}", "player:bob", 100, "WentOut") for p in ("ann", "cy", "dee")]
    assert table.state.phase == DEAL and table.state.dealer == "ann" and table.state.hand_number == 1
    assert table.events("WentOut")[-1].method == "stated"


def test_a_hand_called_off_by_its_result_is_void_nobody_scores_and_the_deal_passes_on() -> None:
    table = Table()
    table.cut_for("dee")
    assert table.act("hand_result", "dee") == ["HandStated", "HandVoided", "DealerChosen"]
    assert table.events("PointsScored") == [] and table.transfers("roby.stakes.per-roby") == []
    assert table.state.dealer == "ann" and table.state.hand_number == 1


def test_result_hands_mix_with_hands_played_card_by_card_and_busts_open_the_decisions() -> None:
    table = Table(players=("ann", "bob", "cy"), buy_in=300, per_roby=50)
    roby_by_ann(table)  # cy cuts highest (no dee at this table) and deals; ann goes out card by card
    first = dict(table.state.scores)
    dealer = table.state.dealer
    assert dealer is not None
    table.act("hand_result", dealer, went_out="cy", points={"ann": 60, "bob": 104 - first["bob"]})
    assert table.state.scores["bob"] == 104 and table.state.phase == DECIDE
    assert table.state.deciding == ["bob"]
    table.act("leave", "bob")
    assert table.state.phase == DEAL
    table.act("hand_result", table.state.dealer or "", went_out="cy", points={"ann": 50})
    assert table.state.standing["ann"] == "left"  # two others must stay in for her to re-enlist: cy alone does
    assert table.state.phase == OVER and table.state.winner == "cy"
    assert table.transfers("roby.stakes.pot-to-winner") == [("pot", "player:cy", 900, "GameWon")]


def test_who_a_result_counts_is_checked_and_each_refusal_names_its_field() -> None:
    table = Table()
    table.cut_for("dee")
    points = {"ann": 10, "cy": 10, "dee": 10}
    assert table.refuse("roby.deal.not-dealer", "hand_result", "ann", went_out="bob", points=points).field is None
    for fields, field, message in (
        ({"went_out": "zed", "points": points}, "went_out",
         "zed is not a player still in the game: one of ann, bob, cy, dee went out"),
        ({"went_out": "bob", "points": {"ann": 10, "cy": 10}}, "points.dee",
         "dee's count is missing: every player still in but bob states what his cards count (points) or shows them "
         "(cards)"),
        ({"went_out": "bob", "points": {**points, "bob": 3}}, "points.bob", "points names bob: bob went out, holding "
         "nothing"),
        ({"went_out": "bob", "points": {**points, "zed": 3}}, "points.zed",
         "points names zed: zed is not a player still in the game"),
        ({"points": {"ann": 10}}, "points.ann", "points names ann: a hand called off (no one went out) counts nobody"),
        ({"cards": {"ann": ["2C"]}}, "cards.ann", "cards names ann: a hand called off (no one went out) counts nobody"),
    ):
        refused = table.refuse("roby.result.players", "hand_result", "dee", **fields)
        assert (refused.field, refused.message) == (field, message), fields


def test_a_count_no_cards_could_give_is_refused() -> None:
    table = Table()  # one pack: the ten highest cards are four aces and six tens or faces, 104
    table.cut_for("dee")
    refused = table.refuse("roby.result.count", "hand_result", "dee", went_out="bob",
                           points={"ann": 105, "cy": 10, "dee": 10})
    assert refused.field == "points.ann" and "2 to 104" in refused.message
    assert table.refuse("roby.result.count", "hand_result", "dee", went_out="bob",
                        points={"ann": 1, "cy": 10, "dee": 10}).field == "points.ann"
    assert refused.message == "ann's count of 105 is one no hand left could give: 1 to 10 cards count 2 to 104"
    together = table.refuse("roby.result.count", "hand_result", "dee", went_out="bob",
                            points={"ann": 104, "cy": 101, "dee": 10})
    assert together.field == "points"
    assert "205 together, more than 2 hands of the packs' highest cards could (204)" in together.message
    table.act("hand_result", "dee", went_out="bob", points={"ann": 104, "cy": 100, "dee": 2})  # 204: two hands' most
    assert table.state.scores["ann"] == 104


def test_two_packs_allow_the_higher_count_that_eight_aces_make() -> None:
    table = Table(players=("ann", "bob", "cy", "dee", "eve"))
    table.cut_for("eve")
    table.act("hand_result", "eve", went_out="ann", points={"bob": 108, "cy": 2, "dee": 2, "eve": 2})
    assert table.state.standing["bob"] == "busted"


def test_cards_shown_must_be_a_hand_left_and_agree_with_a_count_stated_beside_them() -> None:
    table = Table()
    table.cut_for("dee")
    rest = {"cy": 10, "dee": 10}
    eleven = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC"]
    for body, field, message in (
        ({"cards": {"ann": []}, "points": rest}, "cards.ann",
         "ann shows 0 cards: a player left holding cards when another goes out holds 1 to 10"),
        ({"cards": {"ann": eleven}, "points": rest}, "cards.ann",
         "ann shows 11 cards: a player left holding cards when another goes out holds 1 to 10"),
        ({"cards": {"ann": ["KH", "QH"]}, "points": {"ann": 21, **rest}}, "points.ann",
         "ann's cards count 20, not the 21 stated"),
        ({"cards": {"ann": ["KH"], "cy": ["KH"]}, "points": {"dee": 10}}, "cards",
         "KH is named 2 times, but the deck holds it once"),
    ):
        refused = table.refuse("roby.result.cards", "hand_result", "dee", went_out="bob", **body)
        assert (refused.field, refused.message) == (field, message), body
    table.act("hand_result", "dee", went_out="bob", cards={"ann": ["KH", "QH"]}, points={"ann": 20, **rest})
    assert table.state.scores["ann"] == 20
    table.act("hand_result", "ann", went_out="cy", cards={"bob": eleven[:10]}, points={"ann": 2, "dee": 2})
    assert table.state.scores["bob"] == 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 10  # ten cards left: the most


def test_a_shuffled_game_plays_every_move_and_records_no_result_hand() -> None:
    table = Table()
    table.game = type(table.game).set_up("roby", ["ann", "bob"], {}, "shuffled", "", table.chance)
    for player in ("ann", "bob"):
        if table.state.cutters and player in table.state.cutters:
            table.act("cut", player)
    while table.state.phase != DEAL:
        table.act("cut", table.state.cutters[0])
    dealer = table.state.dealer or ""
    refused = table.refuse("roby.result.recorded-game", "hand_result", dealer, went_out=dealer, points={})
    assert refused.field == "type"
    assert refused.message == ("only a game whose cards the table deals records a hand by its result; here the "
                               "service deals")
    assert not [e for e in table.game.legal_actions() if e["type"] == "hand_result"]


def test_the_dealer_is_offered_the_result_with_a_template_whose_examples_the_rules_accept() -> None:
    table = Table()
    table.cut_for("dee")
    entry = next(e for e in table.game.legal_actions() if e["type"] == "hand_result")
    assert entry["player"] == "dee"
    assert entry["template"]["went_out"] == "<ann|bob|cy|dee>"
    assert entry["template"]["points"] == dict.fromkeys(("ann", "bob", "cy", "dee"), "<int>")
    assert entry["bounds"] == {"points": [2, 104]} and entry["instead_of"] == "deal"
    assert [{k: v for k, v in e.items() if k != "expected_version"} for e in entry["examples"]] == [
        {"type": "hand_result", "player": "dee", "went_out": "ann", "points": {"bob": 2, "cy": 2, "dee": 2}},
        {"type": "hand_result", "player": "dee"},
    ]


def test_a_result_hand_is_a_deal_of_its_own_from_which_rules_adopted_for_the_next_deal_apply() -> None:
    table = Table(rules=1)
    table.cut_for("dee")
    table.game.record({"type": "adopt_rules", "rules": 2, "confirm": True}, table.chance)
    assert (table.state.rules_version, table.state.next_rules_version) == (1, 2)
    table.act("hand_result", "dee", went_out="bob", points={"ann": 10, "cy": 10, "dee": 10})
    assert (table.state.rules_version, table.state.next_rules_version) == (2, None)
    assert table.state.hand_number == 1
