"""Robins Rummy's scoring: card points, the score events of a hand, and the game's end at 505."""

from __future__ import annotations

from domain.robins.rules import hand_points, table_points
from domain.robins.settle import table_score
from tests.unit.robins.scenario import Table

BOB = "3S 4S 6C 8D 10S QC AD"
FIVE, TWENTY = {"deuce_in_hand": 5}, {"deuce_in_hand": 20}


def _scores(table: Table) -> dict[tuple[str, str], int]:
    return {(e.player, e.rule.rsplit(".", 1)[1]): e.points for e in table.events if type(e).__name__ == "PointsScored"}


def _ann_goes_out(table: Table) -> None:
    table.do("draw", "ann", card="6H")
    table.do("meld", "ann", cards=["KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H"])


def test_card_points() -> None:
    """Aces 20, face cards 15, 6 to 10 count 10, 3 to 5 count 5."""
    assert [hand_points(c, FIVE) for c in ("AS", "KS", "QD", "JC", "10H", "6S", "5D", "3C")] == [
        20, 15, 15, 15, 10, 10, 5, 5]


def test_a_joker_counts_30_on_the_table_and_in_hand() -> None:
    """Jokers count 30 points wherever they are."""
    assert table_points("JK", "3H") == 30
    assert hand_points("JK", FIVE) == 30


def test_a_deuce_on_the_table_counts_as_the_card_it_stands_for() -> None:
    """Deuces take the value of the natural card they represent; a deuce standing for a 2 counts 5."""
    assert [table_points("2C", s) for s in ("AH", "KH", "7H", "2H")] == [20, 15, 10, 5]


def test_a_deuce_left_in_hand_counts_5_or_20_by_option() -> None:
    """A deuce left in hand counts 5, or 20 with the option."""
    assert (hand_points("2C", FIVE), hand_points("2C", TWENTY)) == (5, 20)
    table = Table("KH QH JH 10H 9H 8H 7H", "2S 4S 6C 8D 10S QC AD", "KC", deuce_in_hand=20)
    _ann_goes_out(table)
    assert _scores(table)[("bob", "hand")] == -(20 + 5 + 10 + 10 + 10 + 15 + 20)


def test_melds_count_for_the_player_and_cards_left_in_hand_against_him() -> None:
    """Cards put on the table count as positive points, cards left in hand as negative, each a stored event."""
    table = Table("KH QH JH 10H 9H 8H 7H", BOB, "KC")
    _ann_goes_out(table)
    ended = next(e for e in table.events if type(e).__name__ == "HandEnded")
    assert _scores(table) == {("ann", "table"): 15 * 3 + 10 * 5, ("ann", "hand"): 0,
                              ("bob", "table"): 0, ("bob", "hand"): -(5 + 5 + 10 + 10 + 10 + 15 + 20)}
    assert {e.cause for e in table.events if type(e).__name__ == "PointsScored"} == {ended.originator_version}
    assert table.state.scores == {"ann": 95, "bob": -75}


def _exchanged() -> Table:
    """Ann laid K Q joker of hearts; bob exchanged the jack in and discarded the 10, a Rummy ann claimed."""
    table = Table("KH QH JK 5C 6D 3D 4D", "JH 10H 9H 6C 8D 10S QC", "KC")
    table.turn("ann", "9S")
    table.do("meld", "ann", cards=["KH", "QH", "JK"])
    table.do("discard", "ann", card="9S")
    table.do("draw", "bob", card="3S")
    table.do("exchange", "bob", meld=1, card="JH")
    table.do("discard", "bob", card="10H")
    table.do("claim", "ann", card="10H", meld=1)
    return table


def test_a_player_scores_the_cards_he_put_on_the_table_including_claims_and_exchanges() -> None:
    """Each scores his melds, lay-offs, claimed Rummies and the natural cards he exchanged in."""
    table = _exchanged()
    assert table.state.melds[0].by == ["ann", "bob", "ann", "ann"]
    assert (table_score(table.state, "ann"), table_score(table.state, "bob")) == (10 + 15 + 15, 15)


def test_an_exchanged_wild_scores_for_whoever_plays_it_next() -> None:
    """A wild taken back by an exchange scores for whoever finally holds or plays it."""
    table = _exchanged()
    table.turn("ann", "4C", "4C")
    table.do("draw", "bob", card="5S")
    table.do("lay_off", "bob", card="JK", meld=1)
    assert table.meld(1)[0] == ("JK", "9H")
    assert table_score(table.state, "bob") == 15 + 30


def _near_the_end(ann: int, bob: int) -> Table:
    table = Table("KH QH JH 10H 9H 8H 7H", BOB, "KC")
    table.game.state.scores = {"ann": ann, "bob": bob}
    _ann_goes_out(table)
    return table


def test_the_first_player_to_505_wins() -> None:
    """The first to 505 or more points at the end of a hand wins the game."""
    table = _near_the_end(410, 0)
    assert table.state.winner == "ann"
    assert table.state.phase == "over"
    assert _near_the_end(400, 0).state.winner is None


def test_if_both_reach_505_the_higher_wins() -> None:
    """If both reach 505 at the end of a hand, the higher score wins."""
    table = _near_the_end(410, 600)
    assert table.state.scores == {"ann": 505, "bob": 525}
    assert table.state.winner == "bob"


def test_an_exact_tie_at_505_plays_another_hand() -> None:
    """An exact tie at 505 or more plays another hand."""
    table = _near_the_end(430, 600)
    assert table.state.scores == {"ann": 525, "bob": 525}
    assert table.state.winner is None
    assert table.state.phase == "deal"
