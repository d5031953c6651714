"""Robins Rummy dealt without naming the hands: each player enters his own, cards revealed by play (discards, melds
with deuces, lay-offs, exchanges, Rummy claims, going out) are checked against every place, and at the end of the
hand a hand nobody entered is entered or its count stated before the hand scores."""

from __future__ import annotations

import pytest

from bots.twins import entered_twin
from domain.errors import CardConflictError, MeldbookError
from domain.record.game import Game
from domain.robins.state import COUNT, DEAL, PLAY
from domain.rules.variant import Chance
from tests.bot_games import play_robins
from tests.unit.robins.scenario import RULES, Table
from tests.unit.robins.test_irregularities import table_do

ANN = "KH QH JH 10H 9H 2C 5S"
BOB = "3S 4S 6C 8D 10S QC AD"


def unnamed(upcard: str = "KC", **options: object) -> Table:
    """Bob deals without naming either hand; ann plays first."""
    return Table("", "", upcard, **options)


def kinds(table: Table) -> set[tuple[str, str]]:
    """The kinds of action listed, with their players."""
    return {(e["type"], e["player"]) for e in table.game.legal_actions()}


def test_a_recorded_deal_may_name_no_hand_and_each_hand_is_then_seven_unknown_cards() -> None:
    table = unnamed()
    deal = next(e for e in table.events if type(e).__name__ == "HandDealt")
    assert deal.hands == {} and deal.unknown == {"ann": 7, "bob": 7}
    assert all(zone.hidden == 7 and not zone.known for zone in table.state.hands.values())
    assert table.state.phase == PLAY and table.state.turn == "ann" and table.state.discard == ["KC"]
    doc = RULES.to_doc(table.state)
    assert doc["hands"]["bob"] == {"cards": [], "unknown": 7, "count": 7, "secret": True, "owner": "bob"}
    assert doc["stated"] == {}


@pytest.mark.parametrize(
    ("code", "fields"),
    [
        ("invalid-action", {}),
        ("invalid-action", {"upcard": "KC", "hands": {"ann": ANN.split()}}),
    ],
)
def test_a_deal_naming_one_hand_only_or_no_upcard_is_refused_and_stores_nothing(
    code: str, fields: dict[str, object]
) -> None:
    game = Game.set_up("robins", ["ann", "bob"], {"first_dealer": "bob"}, "recorded", "", Chance())
    version = game.version
    with pytest.raises(MeldbookError) as refused:
        game.record({"type": "deal", "player": "bob", **fields}, Chance())
    assert refused.value.code == code and game.version == version and game.state.phase == DEAL


def test_each_player_enters_his_own_hand_at_any_time_of_the_hand_and_play_does_not_wait() -> None:
    table = unnamed()
    assert {("draw", "ann"), ("enter_hand", "ann"), ("enter_hand", "bob")} <= kinds(table)
    entry = next(e for e in table.game.legal_actions() if e["type"] == "enter_hand" and e["player"] == "bob")
    assert entry["template"]["cards"] == ["<card>"] * 7 and "KC" not in entry["examples"][0]["cards"]
    assert table.names(table.do("enter_hand", "bob", cards=BOB.split())) == ["HandEntered"]
    assert table.hand("bob") == sorted(BOB.split()) and table.state.hands["bob"].hidden == 0
    table.do("draw", "ann", card="AS")
    table.do("discard", "ann", card="5S")  # out of her unknown cards: named now
    assert table.state.hands["ann"].known == ["AS"] and table.state.hands["ann"].hidden == 6
    refused = table.refused("hand.entry-count", "enter_hand", "ann", cards=ANN.split())
    assert "6 cards the record does not name besides the 1 it names" in refused.message
    table.do("enter_hand", "ann", cards=ANN.split()[:-1])
    assert table.hand("ann") == sorted([*ANN.split()[:-1], "AS"])
    table.refused("hand.known", "enter_hand", "ann", cards=[])


def test_a_discard_from_an_unknown_hand_that_contradicts_the_record_is_refused_naming_both_places() -> None:
    table = unnamed()
    refused = table.refused("card-conflict", "enter_hand", "bob", cards=[*BOB.split()[:-1], "KC"])
    assert isinstance(refused, CardConflictError)
    assert refused.message == "KC cannot be in bob's hand: the only copy the packs hold is already in the discard pile"
    assert refused.details == {"card": "KC", "place": "hand:bob", "conflicts_with": ["discard"]}
    table.do("draw", "ann", card="AS")
    table.do("discard", "ann", card="3S")  # bob's card, as he will tell: ann's reveal stands first
    refused = table.refused("card-conflict", "enter_hand", "bob", cards=BOB.split())
    assert refused.details == {"card": "3S", "place": "hand:bob", "conflicts_with": ["discard"]}
    table.do("draw", "bob", card="4H")
    refused = table.refused("card-conflict", "discard", "bob", card="AS")
    assert refused.details["conflicts_with"] == ["hand:ann"]
    twice = table.refused("card-conflict", "enter_hand", "bob", cards=["5D", "5D", "6D", "7D", "8D", "9D", "10D"])
    assert twice.details == {"card": "5D", "place": "hand:bob", "conflicts_with": ["hand:bob"]}


def test_a_meld_with_a_deuce_a_lay_off_and_an_exchange_reveal_cards_checked_against_every_place() -> None:
    table = unnamed()
    table.do("draw", "ann", card="AS")
    laid = table.do("meld", "ann", cards=["KH", "QH", "2C"], declare=["JH"])
    assert table.names(laid) == ["MeldLaid"] and table.state.hands["ann"].hidden == 4
    assert table.meld(1) == [("2C", "JH"), ("QH", "QH"), ("KH", "KH")]
    table.do("lay_off", "ann", card="10H", meld=1)
    refused = table.refused("card-conflict", "enter_hand", "bob", cards=["2C", *BOB.split()[1:]])
    assert refused.details == {"card": "2C", "place": "hand:bob", "conflicts_with": ["meld:1"]}
    table.do("discard", "ann", card="AS")
    table.do("draw", "bob", card="4H")
    refused = table.refused("card-conflict", "exchange", "bob", meld=1, card="KH")
    assert refused.details["conflicts_with"] == ["meld:1"]
    assert table.names(table.do("exchange", "bob", meld=1, card="JH")) == ["WildExchanged"]
    assert table.state.hands["bob"].known == ["4H", "2C"] and table.state.hands["bob"].hidden == 6
    refused = table.refused("card-conflict", "enter_hand", "ann", cards=["JH", "9H", "5S"])
    assert refused.details == {"card": "JH", "place": "hand:ann", "conflicts_with": ["meld:1"]}


def test_a_rummy_discarded_from_an_unknown_hand_and_claimed_is_checked_where_it_lies() -> None:
    table = unnamed()
    table.do("draw", "ann", card="AS")
    table.do("meld", "ann", cards=["KH", "QH", "JH"])
    table.do("discard", "ann", card="5S")
    table.do("draw", "bob", card="4H")
    discarded = table.do("discard", "bob", card="10H")
    assert discarded[0].rummy is True
    table.do("claim", "ann", card="10H", meld=1)
    refused = table.refused("card-conflict", "enter_hand", "bob", cards=["10H", *BOB.split()[:5]])
    assert refused.details == {"card": "10H", "place": "hand:bob", "conflicts_with": ["meld:1"]}


def ann_goes_out(table: Table) -> None:
    """Ann draws the 8H, melds seven hearts (the deuce declared the 7H) and goes out discarding the 5S."""
    table.do("draw", "ann", card="8H")
    table.do("meld", "ann", cards=["KH", "QH", "JH", "10H", "9H", "8H", "2C"], declare=["7H"])
    table.do("discard", "ann", card="5S")


def test_a_hand_nobody_entered_waits_at_the_end_and_its_entry_scores_its_deuce_as_the_option_says() -> None:
    table = unnamed(deuce_in_hand=20)
    ann_goes_out(table)
    assert table.names()[-2:] == ["CardDiscarded", "HandEnded"]
    assert table.state.phase == COUNT and table.state.hands["ann"].size == 0
    assert "PointsScored" not in table.names() and "CheckDeferred" not in table.names()
    assert RULES.to_move(table.state) == ["bob"]
    assert kinds(table) == {("enter_hand", "bob"), ("state_count", "bob")}
    assert RULES.recorder_too(table.state, "enter_hand") and not RULES.recorder_too(table.state, "discard")
    table.refused("wrong-phase", "draw", "bob", card="AS")
    table.refused("hand.known", "state_count", "ann", points=0)
    scored = table.do("enter_hand", "bob", cards=["2S", "4S", "6C", "8D", "10S", "QC", "AD"])
    assert table.names(scored)[:5] == ["HandEntered", *["PointsScored"] * 4]
    points = {(e.player, e.rule): e.points for e in scored if type(e).__name__ == "PointsScored"}
    assert points == {
        ("ann", "robins.scoring.table"): 15 * 3 + 10 * 4,
        ("ann", "robins.scoring.hand"): 0,
        ("bob", "robins.scoring.table"): 0,
        ("bob", "robins.scoring.hand"): -(20 + 5 + 10 + 10 + 10 + 15 + 20),
    }
    assert table.state.phase == DEAL and table.state.scores == {"ann": 85, "bob": -90}


def test_a_count_stated_for_a_hand_nobody_entered_scores_against_him_marked_as_stated() -> None:
    table = unnamed()
    table.refused("wrong-phase", "state_count", "bob", points=60)
    table.turn("ann", "AS", "AS")
    table.turn("bob", "QS", "3D")  # bob's hand now names the queen and six cards nobody entered
    ann_goes_out(table)
    stated = next(e for e in table.game.legal_actions() if e["type"] == "state_count")
    assert stated["bounds"] == {"points": [15 + 6 * 5, 15 + 6 * 30]}
    low = table.refused("hand.stated-count-range", "state_count", "bob", points=44)
    assert low.message == (
        "bob's 7 cards cannot count 44: at 5 to 30 a card with the QS the record names, a stated count is 45 to 195"
    )
    table.refused("hand.stated-count-range", "state_count", "bob", points=196)
    table.refused("hand.stated-count-range", "state_count", "bob", points=-1)
    scored = table.do("state_count", "bob", points=100)
    assert table.names(scored)[0] == "CountStated"
    points = {(e.player, e.rule): e.points for e in scored if type(e).__name__ == "PointsScored"}
    assert points[("bob", "robins.scoring.stated-count")] == -100 and ("bob", "robins.scoring.hand") not in points
    assert RULES.to_doc(table.state)["stated"] == {"bob": 100} and table.state.scores["bob"] == -100
    table.do("deal", "ann", upcard="KC")
    assert RULES.to_doc(table.state)["stated"] == {}


def test_the_barred_player_s_going_out_is_checked_on_the_count_of_an_unknown_hand() -> None:
    table = unnamed(upcard="2D")
    table.do("draw", "ann", card="AS")
    table.do("pick_up", "ann", card="2D")
    assert table.state.barred and table.state.hands["ann"].size == 9
    table.do("meld", "ann", cards=["KH", "QH", "JH", "10H", "9H", "2C"], declare=["8H"])
    refused = table.refused("robins.upcard-wild.no-going-out", "lay_off", "ann", card="2D", meld=1, declare=["7H"])
    assert "leave him 2 card(s) for 2 discard(s)" in refused.message


def test_a_card_exposed_from_an_unknown_hand_waits_for_the_hand_and_a_hand_without_it_is_a_finding() -> None:
    table = unnamed()
    assert table_do(table, "expose_card", holder="bob", card="7C") == ["CardExposed", "CheckDeferred"]
    assert table.state.pending[0]["check"] == "robins.irregularities.exposed-card" and table.state.findings == []
    assert "pending" not in RULES.to_doc(table.state)
    table.do("draw", "ann", card="AS")
    table.do("discard", "ann", card="7C")  # ann's hand, as she shows it, held the card bob's exposure named
    made = table.do("enter_hand", "bob", cards=BOB.split())
    assert table.names(made) == ["HandEntered", "DeferredChecksMade"]
    assert made[1].checked == 1 and [f["rule"] for f in made[1].findings] == ["robins.irregularities.exposed-card"]
    finding = table.state.findings[0]
    assert finding["hand"] == 1 and finding["player"] == "bob" and finding["move"] == 2
    assert finding["text"] == (
        "7C was exposed from bob's hand, but the hand as known held no 7C then (robins.irregularities.exposed-card)"
    )
    assert table.state.pending == [] and RULES.to_doc(table.state)["findings"] == [finding]


def test_an_exposed_card_the_hand_held_records_no_finding_even_once_played_before_the_entry() -> None:
    table = unnamed()
    table_do(table, "expose_card", holder="ann", card="5S")
    table.do("draw", "ann", card="AS")
    assert table.names(table.do("discard", "ann", card="5S")) == ["CardDiscarded"]
    made = table.do("enter_hand", "ann", cards=ANN.split()[:-1])
    assert made[1].checked == 1 and made[1].findings == [] and table.state.findings == []
    named = Table("", "", "KC")
    named.do("enter_hand", "ann", cards=ANN.split())
    assert table_do(named, "expose_card", holder="ann", card="5S") == ["CardExposed"]


def test_no_rule_of_play_waits_for_a_hand_s_cards() -> None:
    """Every play from a hand nobody entered is checked when made (the cards it names, the table, the hand's count):
    no CheckDeferred is recorded."""
    table = unnamed()
    table.do("draw", "ann", card="AS")
    table.do("meld", "ann", cards=["KH", "QH", "2C"], declare=["JH"])
    table.do("discard", "ann", card="AS")
    table.do("draw", "bob", card="4H")
    table.do("exchange", "bob", meld=1, card="JH")
    table.do("discard", "bob", card="4H")
    assert "CheckDeferred" not in table.names() and table.state.pending == []


def test_a_turn_from_an_unknown_hand_lists_templates_whose_examples_are_the_named_cards() -> None:
    table = unnamed()
    table.do("draw", "ann", card="AS")
    listed = {(e["type"], e["player"]): e for e in table.game.legal_actions()}
    assert set(listed) == {
        ("pick_up", "ann"), ("meld", "ann"), ("discard", "ann"), ("enter_hand", "ann"), ("enter_hand", "bob")
    }
    discard = listed[("discard", "ann")]
    assert [e["card"] for e in discard["examples"]] == ["AS"] and discard["template"]["card"] == "<card>"
    assert discard["unseen"] is True and "KC" not in discard["allowed_cards"] and "QH" in discard["allowed_cards"]
    assert listed[("meld", "ann")]["examples"] == [] and "checked against every place" in listed[
        ("meld", "ann")]["constraints"]
    table.do("meld", "ann", cards=["KH", "QH", "2C"], declare=["JH"])
    listed = {e["type"]: e for e in table.game.legal_actions() if e["player"] == "ann"}
    assert {"lay_off", "exchange", "discard"} <= set(listed)
    assert listed["exchange"]["template"]["card"] == "<card>"


@pytest.mark.parametrize("seed", [1, 4, 7])
def test_bot_games_dealt_without_hands_and_entered_by_their_players_play_out_as_the_originals(seed: int) -> None:
    """The bot's games dealt without naming the hands, each entered by its player (after the deal, or at the end,
    or its count stated): every move is accepted, nothing is found, and the game ends as the original did."""
    original, events = play_robins(seed, {"deuce_in_hand": 20} if seed % 2 else None)
    twin = entered_twin(events)
    stored = list(twin.collect_events())
    kinds = {type(e).__name__ for e in stored}
    assert {"HandEntered", "CountStated"} <= kinds and "CheckDeferred" not in kinds
    assert twin.state.findings == [] and twin.state.winner == original.state.winner
    assert twin.state.scores == original.state.scores
    stated = [e for e in stored if type(e).__name__ == "PointsScored" and e.rule == "robins.scoring.stated-count"]
    assert stated and all(e.points <= 0 for e in stated)


def test_a_stock_run_out_with_both_hands_unknown_waits_for_both_stated_or_entered() -> None:
    table = unnamed()
    table.turn("ann", "AS", "5S")
    table.turn("bob", "4H", "3D")
    table.state.stock.hidden = 0  # arrange: the stock is empty when ann's draw is due
    ended = table.do("draw", "ann")
    assert table.names(ended) == ["HandEnded"] and ended[0].reason == "stock-empty"
    assert table.state.phase == COUNT and RULES.to_move(table.state) == ["ann", "bob"]
    assert table.names(table.do("state_count", "bob", points=40)) == ["CountStated"]
    assert RULES.to_move(table.state) == ["ann"]
    scored = table.do("enter_hand", "ann", cards=ANN.split()[:-1])
    points = {(e.player, e.rule): e.points for e in scored if type(e).__name__ == "PointsScored"}
    assert points[("ann", "robins.scoring.hand")] == -(15 * 3 + 10 * 2 + 5 + 20)  # KH QH JH, 10H 9H, 2C, AS
    assert points[("bob", "robins.scoring.stated-count")] == -40 and table.state.phase == DEAL
