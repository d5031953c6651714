"""Going out ("Roby") both ways, the eleven-card lay-off Roby, and the end of a hand."""

from __future__ import annotations

from tests.unit.roby.table import Table

ELEVEN = "5S 6S 7S 8S 9S 10S JS KS 10D JD"


def dealt(ann: str, upcard: str = "AH", **hands: str) -> Table:
    table = Table()
    table.cut_for("dee")
    table.deal(upcard=upcard, keep="2D 4D 8H AC QD", ann=ann, **hands)
    return table


def test_a_player_who_tables_all_eleven_cards_goes_out_even_in_his_first_turn() -> None:
    table = dealt("4H 5H 6H 7H KC KD KS QS QH QC", upcard="8H")
    table.act("draw", "ann", source="discard")
    stored = table.act("go_out", "ann", melds=[["4H", "5H", "6H", "7H", "8H"], ["KC", "KD", "KS"], ["QS", "QH", "QC"]])
    assert stored[:4] == ["MeldLaid", "MeldLaid", "MeldLaid", "WentOut"]
    assert table.events("WentOut")[0].method == "tabled"


def test_a_player_may_go_out_by_tabling_ten_cards_and_discarding_the_last() -> None:
    table = dealt("4H 5H 6H 7H KC KD KS QS QH QC")
    table.act("draw", "ann", source="stock", card="2D")
    table.act("go_out", "ann", melds=[["4H", "5H", "6H", "7H"], ["KC", "KD", "KS"], ["QS", "QH", "QC"]], discard="2D")
    went_out = table.events("WentOut")[0]
    assert (went_out.player, went_out.method) == ("ann", "discarded")


def test_going_out_must_use_every_card_in_hand() -> None:
    table = dealt("4H 5H 6H 7H KC KD KS QS QH QC")
    table.act("draw", "ann", source="stock", card="2D")
    table.refuse("roby.go-out.all-cards", "go_out", "ann", melds=[["4H", "5H", "6H", "7H"], ["KC", "KD", "KS"]])


def eleven_card_table() -> Table:
    """Bob lays a spade run and a group of kings, cy a diamond run; ann holds only cards that extend them."""
    table = dealt(ELEVEN, bob="2S 3S 4S KH KD KC 2C 3C 5C 6C", cy="7D 8D 9D 2H 3H 4C 5H 6H 8C 9C")
    table.pass_round()
    table.draw_and_discard("ann")
    table.act("draw", "bob", source="stock", card="4D")
    table.act("meld", "bob", cards=["2S", "3S", "4S"])
    table.act("meld", "bob", cards=["KH", "KD", "KC"])
    table.act("discard", "bob", card="4D")
    table.act("draw", "cy", source="stock", card="AC")
    table.act("meld", "cy", cards=["7D", "8D", "9D"])
    table.act("discard", "cy", card="AC")
    table.draw_and_discard("dee")
    return table


ELEVEN_LAY_OFFS = [{"card": c, "meld": 1} for c in ("5S", "6S", "7S", "8S", "9S", "10S", "JS")] + [
    {"card": "KS", "meld": 2},
    {"card": "10D", "meld": 3},
    {"card": "JD", "meld": 3},
    {"card": "QD", "meld": 3},
]


def test_a_player_without_a_meld_who_lays_off_all_eleven_cards_after_a_stock_draw_makes_roby() -> None:
    table = eleven_card_table()
    table.act("draw", "ann", source="stock", card="QD")
    table.act("go_out", "ann", lay_offs=ELEVEN_LAY_OFFS)
    assert table.events("WentOut")[0].method == "laid_off_eleven"
    assert table.state.melds[0].cards[-1] == "JS"


def test_the_eleven_card_lay_off_needs_a_draw_from_the_stock() -> None:
    table = eleven_card_table()
    table.state.discard.append("QD")  # arrange: the top of the discard pile is QD
    table.state.stock.hidden -= 1
    table.act("draw", "ann", source="discard")
    table.refuse("roby.go-out.eleven-from-stock", "go_out", "ann", lay_offs=ELEVEN_LAY_OFFS)


def test_without_a_meld_of_ones_own_ten_lay_offs_and_a_discard_do_not_go_out() -> None:
    table = eleven_card_table()
    table.act("draw", "ann", source="stock", card="QD")
    table.refuse("roby.lay-off.own-meld", "go_out", "ann", lay_offs=ELEVEN_LAY_OFFS[:-1], discard="QD")


def test_step_by_step_the_hand_ends_when_the_last_card_is_tabled() -> None:
    table = dealt("4H 5H 6H 7H KC KD KS QS QH QC")
    table.pass_round()
    table.act("draw", "ann", source="stock", card="8H")
    table.act("meld", "ann", cards=["4H", "5H", "6H", "7H"])
    table.act("meld", "ann", cards=["KC", "KD", "KS"])
    stored = table.act("meld", "ann", cards=["QS", "QH", "QC"])
    assert "WentOut" not in stored
    stored = table.act("lay_off", "ann", card="8H", meld=1)
    assert stored[:2] == ["CardLaidOff", "WentOut"]
    went_out = table.events("WentOut")[0]
    assert (went_out.player, went_out.method) == ("ann", "tabled")
    assert [e.player for e in table.events("PointsScored")] == ["bob", "cy", "dee"]
    assert table.transfers("roby.stakes.per-roby") == [
        (f"player:{p}", "player:ann", 100, "WentOut") for p in ("bob", "cy", "dee")
    ]


def test_after_a_roby_the_deal_passes_clockwise_and_the_next_player_leads() -> None:
    table = dealt("4H 5H 6H 7H KC KD KS QS QH QC")
    table.act("draw", "ann", source="stock", card="2D")
    table.act("go_out", "ann", melds=[["4H", "5H", "6H", "7H"], ["KC", "KD", "KS"], ["QS", "QH", "QC"]], discard="2D")
    assert table.state.dealer == "ann" and table.state.phase == "deal"
    table.deal()
    assert table.state.turn == "bob"


def test_the_listed_way_out_lays_the_players_own_meld_before_laying_off() -> None:
    """Holding a meld of his own, ann is shown going out with it (laying off is then allowed), not by the
    eleven-card lay-off; each lay-off is the first card in card order that fits the table as the lay-offs before it
    left it (10S once 9S is on the run), and every card is tabled rather than the last one discarded."""
    table = eleven_card_table()
    table.act("draw", "ann", source="stock", card="QD")
    [go_out] = [e for e in table.game.legal_actions() if e["type"] == "go_out"]
    [example] = go_out["examples"]
    assert example["melds"] == [["5S", "6S", "7S"]] and "discard" not in example
    assert example["lay_offs"] == [
        {"card": "10D", "meld": 3}, {"card": "8S", "meld": 4}, {"card": "9S", "meld": 4}, {"card": "10S", "meld": 4},
        {"card": "JD", "meld": 3}, {"card": "JS", "meld": 4}, {"card": "KS", "meld": 2}, {"card": "QD", "meld": 3}]

