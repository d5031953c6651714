"""Roby's forbidden discards, the card just taken, the 99 rule, and an empty stock."""

from __future__ import annotations

from domain.roby.rules import card_value, legal_discards
from domain.roby.state import TableMeld
from tests.unit.roby.table import Table


def dealt(ann: str, bob: str = "7C 8C 10S JS 5D 6D 8D 4D 10D 6S", upcard: str = "QD", **options: object) -> Table:
    table = Table(**options)
    table.cut_for("dee")
    table.deal(upcard=upcard, ann=ann, bob=bob)
    return table


def test_a_card_that_fits_a_meld_on_the_table_cannot_be_discarded() -> None:
    table = dealt("4H 5H 6H 9C 9D 9S KC 7H 8H 2S")
    table.pass_round()
    table.act("draw", "ann", source="stock", card="AC")
    table.act("meld", "ann", cards=["4H", "5H", "6H"])
    error = table.refuse("roby.discard.fits-meld", "discard", "ann", card="7H")
    assert error.message == "7H cannot be discarded: it fits the meld 4H 5H 6H on the table"
    table.act("discard", "ann", card="8H")


def test_a_card_that_fits_anyone_s_meld_is_forbidden_even_to_a_player_who_may_not_lay_off() -> None:
    table = dealt("4H 5H 6H 9C 9D KS KC 2D 3S 2S", bob="7H 8C 10S JS QS 3D 3H 5D 6D 8D")
    table.pass_round()
    table.act("draw", "ann", source="stock", card="AC")
    table.act("meld", "ann", cards=["4H", "5H", "6H"])
    table.act("discard", "ann", card="2S")
    table.act("draw", "bob", source="stock", card="AD")
    table.refuse("roby.discard.fits-meld", "discard", "bob", card="7H")


def test_when_every_card_in_hand_fits_a_meld_any_of_them_may_be_discarded() -> None:
    run, group = TableMeld(1, "ann", "sequence", ["4H", "5H", "6H"]), TableMeld(2, "bob", "group", ["9C", "9D", "9S"])
    assert legal_discards(["7H", "9H", "3H"], [run, group], None) == ["3H", "7H", "9H"]
    assert legal_discards(["7H", "9H", "2S"], [run, group], None) == ["2S"]


def test_the_card_taken_from_the_discard_pile_cannot_be_discarded_in_the_same_turn() -> None:
    table = dealt("4H 5H 6H 9C 9D 9S KC 7D 8S 2S", upcard="JD")
    table.act("draw", "ann", source="discard")
    table.refuse("roby.discard.just-taken", "discard", "ann", card="JD")


def test_the_card_just_taken_may_be_discarded_when_no_other_discard_is_legal() -> None:
    run = TableMeld(1, "ann", "sequence", ["4H", "5H", "6H"])
    assert legal_discards(["JD", "7H"], [run], "JD") == ["JD"]
    assert legal_discards(["JD", "8H"], [run], "JD") == ["8H"]


def test_with_two_packs_an_identical_card_held_before_the_pickup_may_be_discarded() -> None:
    table = Table(("ann", "bob", "cy", "dee", "eve"))
    table.cut_for("eve")
    table.deal(upcard="JD", ann="JD 4H 6H 8C 10C QS 2D 3S 5S 7S")
    table.act("draw", "ann", source="discard")
    table.act("discard", "ann", card="JD")
    assert table.hand("ann").count("JD") == 1


def test_a_player_at_80_points_may_table_cards_only_if_he_keeps_at_most_19_after_his_discard() -> None:
    table = dealt("4H 5H 6H KC KD QS QH JC 2S 3D")
    table.pass_round()
    table.state.scores["ann"] = 80  # arrange: earlier hands left ann at 80 points
    table.act("draw", "ann", source="stock", card="AC")
    error = table.refuse("roby.99-rule", "meld", "ann", cards=["4H", "5H", "6H"])
    assert "at most 19" in error.message


def test_the_99_rule_counts_every_further_meld_in_the_same_turn() -> None:
    table = dealt("4H 5H 6H KC KD KS QS QH QC 3D")
    table.pass_round()
    table.state.scores["ann"] = 70  # arrange: 70 points, three groups in hand
    table.act("draw", "ann", source="stock", card="AH")
    table.act("meld", "ann", cards=["4H", "5H", "6H"])
    table.act("meld", "ann", cards=["KC", "KD", "KS"])
    table.refuse("roby.99-rule", "discard", "ann", card="3D")
    table.act("meld", "ann", cards=["QS", "QH", "QC"])
    table.act("discard", "ann", card="AH")


def test_the_99_rule_never_blocks_going_out() -> None:
    table = dealt("4H 5H 6H 7H KC KD KS QS QH QC", upcard="2D")
    table.state.scores["ann"] = 98  # arrange: at 98, nothing may be tabled unless it ends the hand
    table.act("draw", "ann", source="discard")
    table.act("go_out", "ann", melds=[["4H", "5H", "6H", "7H"], ["KC", "KD", "KS"], ["QS", "QH", "QC"]], discard="2D")
    assert [e.player for e in table.events("WentOut")] == ["ann"]


def test_with_the_option_the_99_rule_measures_the_hand_before_the_discard() -> None:
    after = dealt("4H 5H 6H KC KD QS 2C 2S 3D 2D")
    before = dealt("4H 5H 6H KC KD QS 2C 2S 3D 2D", measure_99="before_discard")
    for table in (after, before):
        table.pass_round()
        table.state.scores["ann"] = 60  # arrange: a limit of 39
        table.act("draw", "ann", source="stock", card="AC")
    after.act("meld", "ann", cards=["4H", "5H", "6H"])  # 50 left, 39 after discarding AC: within the limit
    after.refuse("roby.99-rule", "discard", "ann", card="2C")
    after.act("discard", "ann", card="AC")
    before.refuse("roby.99-rule", "meld", "ann", cards=["4H", "5H", "6H"])


def scored(ann: str, score: int, keep: str = "", **options: object) -> Table:
    """Ann holds the given hand after a first round, at `score` points from earlier hands."""
    table = Table(**options)
    table.cut_for("dee")
    table.deal(upcard="AD", keep=keep, ann=ann)
    table.pass_round()
    table.state.scores["ann"] = score  # arrange: earlier hands left ann at this score
    return table


def test_the_99_rule_counts_every_further_lay_off_in_the_same_turn() -> None:
    """At 70 a meld is allowed when laying off 9H, then 10H, on it leaves at most 29 after the discard."""
    table = scored("6H 7H 8H 9H 10H KC QD 9S 2C 3D", 70, keep="4C")
    table.act("draw", "ann", source="stock", card="4C")
    table.act("meld", "ann", cards=["6H", "7H", "8H"])  # 9H 10H KC QD 9S 2C 3D 4C: 57 points as they stand
    table.act("lay_off", "ann", card="9H", meld=1)
    table.act("lay_off", "ann", card="10H", meld=1)
    table.act("discard", "ann", card="KC")
    assert table.hand("ann") == ["2C", "3D", "4C", "9S", "QD"] and table.state.turn == "bob"


def test_the_card_just_taken_cannot_be_the_discard_that_meets_the_99_rule() -> None:
    """At 80 (a limit of 19) only discarding KD would do; KD was taken from the pile, so nothing may be tabled."""
    hand = "4H 5H 6H 9C 9D 9S 2C 3D 5S 8C"
    taken = scored(hand, 80, keep="KD")
    taken.state.discard.append("KD")  # arrange: KD tops the discard pile
    taken.state.stock.hidden -= 1
    taken.act("draw", "ann", source="discard")
    error = taken.refuse("roby.99-rule", "meld", "ann", cards=["4H", "5H", "6H"])
    assert "at most 19" in error.message
    drawn = scored(hand, 80, keep="KD")
    drawn.act("draw", "ann", source="stock", card="KD")
    drawn.act("meld", "ann", cards=["4H", "5H", "6H"])
    drawn.act("meld", "ann", cards=["9C", "9D", "9S"])
    drawn.act("discard", "ann", card="KD")
    assert drawn.hand("ann") == ["2C", "3D", "5S", "8C"]


def test_after_tabling_a_player_keeps_at_most_99_less_his_score_after_the_discard() -> None:
    """At 95 (a limit of 4) ann, left with KC and 3C after tabling, must discard the king: keeping it leaves 10."""
    table = scored("4H 5H 6H 7H 8H QS QH QD KC 3C", 95, keep="QC")
    table.act("draw", "ann", source="stock", card="QC")
    table.act("meld", "ann", cards=["4H", "5H", "6H", "7H", "8H"])
    table.act("meld", "ann", cards=["QS", "QH", "QD", "QC"])
    error = table.refuse("roby.99-rule", "discard", "ann", card="3C")
    assert error.message == "ann put cards on the table this turn, so what he keeps must be worth at most 4"
    table.act("discard", "ann", card="KC")
    assert table.hand("ann") == ["3C"]


def test_measured_before_the_discard_the_99_rule_still_never_blocks_going_out() -> None:
    """At 95 with the option, melds that leave one card of 9 to discard are allowed: that discard goes out."""
    table = scored("4H 5H 6H 7H KC KD KS QS QH 9C", 95, keep="QC", measure_99="before_discard")
    table.act("draw", "ann", source="stock", card="QC")
    table.act("meld", "ann", cards=["4H", "5H", "6H", "7H"])
    table.act("meld", "ann", cards=["KC", "KD", "KS"])
    table.act("meld", "ann", cards=["QS", "QH", "QC"])
    table.act("discard", "ann", card="9C")
    went_out = table.events("WentOut")[0]
    assert (went_out.player, went_out.method) == ("ann", "discarded")


def test_measured_before_the_discard_a_hand_worth_exactly_the_limit_may_table() -> None:
    """At 60 with the option (a limit of 39), a hand worth exactly 39 before the discard may table a meld."""
    table = scored("4H 5H 6H KC QD 2S 3C 4D 2D 3S", 60, keep="5C", measure_99="before_discard")
    table.act("draw", "ann", source="stock", card="5C")
    table.act("meld", "ann", cards=["4H", "5H", "6H"])
    assert sum(card_value(c) for c in table.hand("ann")) == 39
    table.act("discard", "ann", card="KC")
    assert table.state.turn == "bob"
