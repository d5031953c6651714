"""Roby dealt without naming the hands: each player enters his own, reveals are checked against every place, checks
that need a hand wait for it and record findings, and hands nobody entered are entered or stated at the end."""

from __future__ import annotations

import pytest

from bots.twins import entered_twin
from domain.errors import CardConflictError
from domain.roby.state import COUNT, DEAL, PLAY
from tests.bot_games import play_roby
from tests.unit.roby.table import Table
from tests.unit.roby.test_irregularities import table_act

ANN = "4H 5H 6H 9C 9D 9S KC KD KS 2S"
BOB = "7C 8C 10S JS QS 3D 3H 5D 6D 8D"
CY = "2C 3C 4C 5C 6C 7D 8H 10C JD QH"
DEE = "2D 4D 9H 10H JH AC AD AH 10D 7S"


def dealt_unnamed(upcard: str = "QD") -> Table:
    """Dee deals without naming any hand; ann plays first."""
    table = Table()
    table.cut_for("dee")
    table.act("deal", "dee", upcard=upcard)
    return table


def test_a_recorded_deal_may_name_no_hand_and_each_hand_is_then_ten_unknown_cards() -> None:
    table = dealt_unnamed()
    deal = table.events("HandDealt")[-1]
    assert deal.hands == {} and deal.unknown == {"ann": 10, "bob": 10, "cy": 10, "dee": 10}
    assert all(zone.hidden == 10 and not zone.known for zone in table.state.hands.values())
    assert table.state.phase == PLAY and table.state.turn == "ann" and table.state.discard == ["QD"]
    doc = table.game.rules.to_doc(table.state)
    assert doc["hands"]["bob"] == {"cards": [], "unknown": 10, "count": 10, "secret": True, "owner": "bob"}
    assert "pending" not in doc and doc["findings"] == []


def test_a_deal_naming_some_hands_only_or_no_upcard_is_refused() -> None:
    table = Table()
    table.cut_for("dee")
    table.refuse("invalid-action", "deal", "dee")
    table.refuse("invalid-action", "deal", "dee", upcard="QD", hands={"ann": ANN.split()})
    table.refuse("card-conflict", "deal", "dee", upcard="JK")


def test_each_player_enters_his_own_hand_at_any_time_of_the_hand_and_play_does_not_wait() -> None:
    table = dealt_unnamed()
    listed = {(e["type"], e["player"]) for e in table.game.legal_actions()}
    assert {("draw", "ann"), ("enter_hand", "ann"), ("enter_hand", "bob"), ("enter_hand", "cy")} <= listed
    entry = next(e for e in table.game.legal_actions() if e["type"] == "enter_hand" and e["player"] == "bob")
    assert entry["template"]["cards"] == ["<card>"] * 10 and len(entry["examples"][0]["cards"]) == 10
    assert table.act("enter_hand", "bob", cards=BOB.split()) == ["HandEntered"]
    assert table.hand("bob") == sorted(BOB.split()) and table.state.hands["bob"].hidden == 0
    table.act("draw", "ann", source="stock", card="AS")
    table.act("discard", "ann", card="2S")  # out of her unknown cards: named now
    assert table.state.hands["ann"].known == ["AS"] and table.state.hands["ann"].hidden == 9
    refused = table.refuse("hand.entry-count", "enter_hand", "ann", cards=ANN.split())
    assert "9 cards the record does not name besides the 1 it names" in refused.message
    table.act("enter_hand", "ann", cards=ANN.split()[:-1])
    assert table.hand("ann") == sorted([*ANN.split()[:-1], "AS"])
    table.refuse("hand.known", "enter_hand", "ann", cards=[])


def test_a_reveal_that_contradicts_the_record_is_refused_naming_both_places() -> None:
    table = dealt_unnamed()
    refused = table.refuse("card-conflict", "enter_hand", "bob", cards=[*BOB.split()[:-1], "QD"])
    assert isinstance(refused, CardConflictError)
    assert refused.message == "QD cannot be in bob's hand: the only copy the packs hold is already in the discard pile"
    assert refused.details == {"card": "QD", "place": "hand:bob", "conflicts_with": ["discard"]}
    table.act("draw", "ann", source="stock", card="AS")
    table.act("discard", "ann", card="7C")  # ann's card, unknown so far
    table.refuse("card-conflict", "enter_hand", "bob", cards=BOB.split())
    table.act("draw", "bob", source="stock", card="2H")
    refused = table.refuse("card-conflict", "discard", "bob", card="AS")
    assert refused.details["conflicts_with"] == ["hand:ann"]
    twice = table.refuse("card-conflict", "enter_hand", "cy", cards=["2C", "2C", *CY.split()[2:]])
    assert twice.details == {"card": "2C", "place": "hand:cy", "conflicts_with": ["hand:cy"]}


def test_a_check_that_needs_the_hand_waits_for_it_and_a_broken_rule_becomes_a_finding() -> None:
    table = dealt_unnamed()
    table.act("draw", "ann", source="discard")
    assert table.act("discard", "ann", card="QD") == ["CardDiscarded", "CheckDeferred"]  # legal only if all else fit
    assert table.state.pending[0]["check"] == "discard" and table.state.findings == []
    assert table.act("enter_hand", "ann", cards=ANN.split()) == ["HandEntered", "DeferredChecksMade"]
    made = table.events("DeferredChecksMade")[-1]
    assert made.checked == 1 and [f["rule"] for f in made.findings] == ["roby.discard.just-taken"]
    finding = table.state.findings[0]
    assert finding["hand"] == 1 and finding["player"] == "ann" and finding["move"] == 7
    assert "ann discarded QD: QD was taken from the discard pile this turn" in finding["text"]
    assert table.state.pending == [] and table.game.rules.to_doc(table.state)["findings"] == [finding]


def test_a_deferred_check_the_hand_passes_records_no_finding() -> None:
    table = dealt_unnamed()
    table.act("draw", "ann", source="stock", card="AS")
    table.act("discard", "ann", card="AS")
    table.act("enter_hand", "ann", cards=ANN.split())
    made = table.events("DeferredChecksMade")[-1]
    assert made.checked == 1 and made.findings == [] and table.state.findings == []


def test_a_card_exposed_from_an_unknown_hand_waits_for_the_hand_and_a_hand_without_it_is_a_finding() -> None:
    table = dealt_unnamed()
    assert table_act(table, "expose_card", holder="bob", card="9C") == ["CardExposed", "CheckDeferred"]
    assert table.state.pending[0]["check"] == "roby.irregularities.exposed-card" and table.state.findings == []
    assert "pending" not in table.game.rules.to_doc(table.state)
    table.act("draw", "ann", source="stock", card="AS")
    table.act("discard", "ann", card="9C")  # ann's hand, as she shows it, held the card bob's exposure named
    assert table.act("enter_hand", "bob", cards=BOB.split()) == ["HandEntered", "DeferredChecksMade"]
    made = table.events("DeferredChecksMade")[-1]
    assert made.checked == 1 and [f["rule"] for f in made.findings] == ["roby.irregularities.exposed-card"]
    finding = table.state.findings[0]
    assert finding["hand"] == 1 and finding["player"] == "bob" and finding["move"] == 6
    assert finding["text"] == (
        "9C was exposed from bob's hand, but the hand as known held no 9C then (roby.irregularities.exposed-card)"
    )
    assert [item["player"] for item in table.state.pending] == ["ann"]  # her discard's check waits for her hand
    assert table.game.rules.to_doc(table.state)["findings"] == [finding]


def test_an_exposed_card_the_hand_held_records_no_finding_and_a_known_hands_exposure_waits_for_nothing() -> None:
    table = dealt_unnamed()
    table_act(table, "expose_card", holder="ann", card="9C")
    table.act("draw", "ann", source="stock", card="AS")
    table.act("discard", "ann", card="9C")
    table.act("enter_hand", "ann", cards=[card for card in ANN.split() if card != "9C"])
    made = table.events("DeferredChecksMade")[-1]
    assert made.checked == 2 and made.findings == [] and table.state.findings == []  # the exposure and the discard
    assert table_act(table, "expose_card", holder="ann", card="KC") == ["CardExposed"]


def test_going_out_from_an_unknown_hand_names_its_cards_and_the_others_are_entered_or_stated() -> None:
    table = dealt_unnamed()
    table.act("draw", "ann", source="stock", card="7H")
    table.act(
        "go_out", "ann", melds=[["4H", "5H", "6H", "7H"], ["9C", "9D", "9S"], ["KC", "KD", "KS"]], discard="2S"
    )
    assert table.state.phase == COUNT and table.state.hand_winner == "ann"
    assert table.game.rules.to_move(table.state) == ["bob", "cy", "dee"]
    assert not table.events("PointsScored")
    kinds = {(e["type"], e["player"]) for e in table.game.legal_actions()}
    assert kinds == {(k, p) for k in ("enter_hand", "state_count") for p in ("bob", "cy", "dee")}
    table.refuse("wrong-phase", "draw", "bob", source="stock", card="AS")
    table.act("enter_hand", "bob", cards=BOB.split())
    table.refuse("hand.known", "state_count", "bob", points=10)
    table.refuse("hand.stated-count-range", "state_count", "cy", points=111)
    table.refuse("hand.stated-count-range", "state_count", "cy", points=-1)
    assert table.act("state_count", "cy", points=60) == ["CountStated"]
    assert table.game.rules.to_doc(table.state)["stated"] == {"cy": 60}
    own = table.act("enter_hand", "dee", cards=DEE.split())
    assert own[:4] == ["HandEntered", "PointsScored", "PointsScored", "PointsScored"]
    scored = {e.player: (e.points, e.rule) for e in table.events("PointsScored")}
    assert scored == {
        "bob": (70, "roby.scoring.cards-left"),
        "cy": (60, "roby.scoring.stated-count"),
        "dee": (85, "roby.scoring.cards-left"),
    }
    assert table.state.phase == DEAL


def test_a_stated_count_is_refused_during_play() -> None:
    table = dealt_unnamed()
    table.refuse("wrong-phase", "state_count", "bob", points=10)


def test_a_table_play_from_an_unknown_hand_defers_the_99_rule() -> None:
    table = dealt_unnamed()
    table.act("enter_hand", "bob", cards=BOB.split())
    table.act("enter_hand", "cy", cards=CY.split())
    table.act("enter_hand", "dee", cards=DEE.split())
    for player, card in zip(("ann", "bob", "cy", "dee"), ("3S", "4S", "5S", "6S"), strict=True):
        table.act("draw", player, source="stock", card=card)
        table.act("discard", player, card=card)
    table.act("draw", "ann", source="stock", card="7H")
    assert table.act("meld", "ann", cards=["4H", "5H", "6H"]) == ["MeldLaid", "CheckDeferred"]
    assert [item["check"] for item in table.state.pending] == ["discard", "roby.99-rule"]
    table.act("enter_hand", "ann", cards=["9C", "9D", "9S", "KC", "KD", "KS", "2S"])
    made = table.events("DeferredChecksMade")[-1]
    assert made.checked == 2 and made.findings == [] and table.state.pending == []



@pytest.mark.parametrize(("seed", "players"), [(9, 3), (4, 2), (2, 4)])
def test_bot_games_dealt_without_hands_and_entered_by_their_players_play_out_as_the_originals(
    seed: int, players: int
) -> None:
    """The bot's games dealt without naming the hands, each entered by its player (after the deal, or at the end,
    or its count stated): every move is accepted, nothing is found, and the game ends as the original did."""
    original = play_roby(seed, players)
    twin = entered_twin(list(original.collect_events()))
    kinds = {type(e).__name__ for e in twin.collect_events()}
    assert {"HandEntered", "CountStated", "CheckDeferred", "DeferredChecksMade"} <= kinds
    assert twin.state.findings == [] and twin.state.winner == original.state.winner
    assert twin.state.scores == original.state.scores and twin.state.ledger == original.state.ledger


def test_going_out_from_a_hand_with_unknown_cards_is_a_template_with_every_part_of_going_out() -> None:
    """A page builds its form from the template: without `discard` no form could go out with a discard."""
    table = dealt_unnamed()
    table.act("draw", "ann", source="stock", card="AS")
    table.act("discard", "ann", card="2S")
    for player in ("bob", "cy", "dee"):
        table.act("draw", player, source="stock", card={"bob": "8S", "cy": "7S", "dee": "6S"}[player])
        table.act("discard", player, card={"bob": "3D", "cy": "QH", "dee": "AC"}[player])
    table.act("draw", "ann", source="stock", card="7H")
    entry = next(e for e in table.game.legal_actions() if e["type"] == "go_out" and e["player"] == "ann")
    assert {"melds", "lay_offs", "discard"} <= set(entry["template"])
    melds = [["4H", "5H", "6H", "7H"], ["9C", "9D", "9S"], ["KC", "KD", "KS"]]
    assert table.act("go_out", "ann", melds=melds, discard="AS")
