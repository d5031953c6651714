"""The 99 rule's look-ahead (domain/roby/lookahead.py): every way the turn can still go on is tried, further melds and
lay-offs of the same turn in any order, lay-offs onto cards just laid off and both copies of a card from two packs,
before a table play is refused for leaving no way on; and what it finds is what trying every order of every play by
hand finds."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bots import concrete_bodies
from domain.roby import lookahead
from domain.roby.lookahead import GoingOut, NinetyNine, Plan, find_plan
from domain.roby.state import TableMeld
from tests.unit.roby.referee import points
from tests.unit.roby.table import Table


def listed(table: Table, kind: str) -> list[dict[str, Any]]:
    """The concrete bodies of one kind listed for the player to act, without their expected version."""
    entries = [e for e in table.game.legal_actions() if e["type"] == kind]
    return [{k: v for k, v in b.items() if k != "expected_version"} for e in entries for b in concrete_bodies(e)]


def ann_takes(card: str, ann: str, score: int) -> Table:
    """Ann, at `score` points, holds `ann` with bob's 3S 4S 5S on the table (two packs), and takes `card`, which dee
    has just discarded."""
    table = Table(packs=2)
    table.cut_for("dee")
    table.deal(upcard="QD", keep=card, ann=ann, bob="3S 4S 5S 9C 9D KC KD QC JC 10C")
    table.pass_round()
    table.draw_and_discard("ann")
    table.act("draw", "bob", source="stock", card="6D")
    table.act("meld", "bob", cards=["3S", "4S", "5S"])
    table.act("discard", "bob", card="6D")
    table.draw_and_discard("cy")
    table.act("draw", "dee", source="stock", card=card)
    table.act("discard", "dee", card=card)
    table.state.scores["ann"] = score  # arrange: earlier hands left ann at this score
    table.act("draw", "ann", source="discard")
    return table


def ann_takes_4h(score: int) -> Table:
    """Ann holds 4H 4S 5S 6S 7S 2C AS 2S AS 2S, and takes 4H."""
    return ann_takes("4H", "4H 4S 5S 6S 7S 2C AS 2S AS 2S", score)


def test_the_lay_off_of_2s_is_listed_when_2s_then_as_then_discarding_as_keeps_4_points_at_94() -> None:
    """The position `meldbook simulate --variant roby --games 10 --seed 3007` stopped at: after two melds ann held
    2C AS 2S AS 2S, nothing was listed, and laying off 2S was refused for leaving no way on; but 2S, then AS on it,
    then discarding AS keeps 2C 2S, 4 points, within the 5 that 94 allows."""
    table = ann_takes_4h(94)
    table.act("meld", "ann", cards=["4H", "4H", "4S"])
    table.act("meld", "ann", cards=["5S", "6S", "7S"])
    assert table.hand("ann") == ["2C", "2S", "2S", "AS", "AS"]
    assert {"type": "lay_off", "player": "ann", "card": "2S", "meld": 1} in listed(table, "lay_off")
    assert listed(table, "discard") == [], "each discard keeps more than 5: only the way on is open"
    table.act("lay_off", "ann", card="2S", meld=1)
    assert listed(table, "lay_off") == [{"type": "lay_off", "player": "ann", "card": "AS", "meld": 1}]
    table.act("lay_off", "ann", card="AS", meld=1)
    assert listed(table, "discard") == [{"type": "discard", "player": "ann", "card": "AS"}]
    table.act("discard", "ann", card="AS")
    assert table.hand("ann") == ["2C", "2S"] and table.state.turn == "bob"
    assert table.state.melds[0].cards == ["AS", "2S", "3S", "4S", "5S"]


def test_at_96_the_same_melds_are_refused_since_every_way_on_keeps_4_points_or_more() -> None:
    table = ann_takes_4h(96)
    error = table.refuse("roby.99-rule", "meld", "ann", cards=["4H", "4H", "4S"])
    assert "at most 3" in error.message
    assert all(entry["type"] == "discard" for entry in table.game.legal_actions())


def test_a_play_whose_only_way_on_would_discard_the_card_just_taken_while_another_discard_is_legal_is_refused() -> None:
    """Ann, at 97 (a limit of 2), takes KH from the pile holding 7C 7D 7H 7S 8C 8D 8H 8S 2S 2S, bob's 3S 4S 5S on the
    table. After both fours she would keep 2S 2S KH: discarding KH keeps 4; laying off a 2S first keeps 2S KH, and
    then the 2S is a legal discard, so KH, just taken, is not. No way keeps 2, so the first meld is refused (a search
    that judged the discard against the table before its lay-off once allowed both melds, and then nothing was
    listed for ann)."""
    table = ann_takes("KH", "7C 7D 7H 7S 8C 8D 8H 8S 2S 2S", 97)
    table.refuse("roby.99-rule", "meld", "ann", cards=["7C", "7D", "7H", "7S"])
    assert listed(table, "meld") == [] and listed(table, "discard")
    table.state.scores["ann"] = 95  # arrange: a limit of 4, which discarding KH from 2S 2S KH meets
    table.act("meld", "ann", cards=["7C", "7D", "7H", "7S"])
    table.act("meld", "ann", cards=["8C", "8D", "8H", "8S"])
    assert listed(table, "discard") == [{"type": "discard", "player": "ann", "card": "KH"}]


def run(*cards: str) -> TableMeld:
    return TableMeld(0, "bob", "sequence", list(cards))


def group(*cards: str) -> TableMeld:
    return TableMeld(0, "bob", "group", list(cards))


def numbered(*melds: TableMeld) -> list[TableMeld]:
    """The melds as the table numbers them: 1, 2, 3 ..."""
    return [TableMeld(n, m.owner, m.kind, m.cards) for n, m in enumerate(melds, start=1)]


def test_both_copies_of_a_card_from_two_packs_may_be_laid_off_one_after_the_other() -> None:
    table = numbered(group("9C", "9D", "9S"))
    plan = find_plan(["9H", "9H", "KC", "2D"], table, "ann", True, None, NinetyNine(2, False))
    assert plan == Plan((), (("9H", 1), ("9H", 1)), "KC", ("2D",))
    assert find_plan(["9H", "9H", "KC", "2D"], table, "ann", True, None, NinetyNine(1, False)) is None


def test_a_card_that_fits_two_melds_is_tried_on_each() -> None:
    """5H fits bob's group of fives and his 6H 7H 8H; only on the run does it let 4H follow (first in table order, the
    group is tried first)."""
    table = numbered(group("5C", "5D", "5S"), run("6H", "7H", "8H"))
    plan = find_plan(["5H", "4H", "KC", "2D"], table, "ann", True, None, NinetyNine(2, False))
    assert plan is not None and plan.lay_offs == (("5H", 2), ("4H", 2)) and plan.left == ("2D",)


def test_the_turn_may_end_without_laying_off_a_card_that_fits() -> None:
    """With KH just taken, 2S 2S KH beside 3S 4S 5S: laid off, one 2S would make the other a legal discard, and KH no
    longer one; kept, both fit, KH is the only discard, and 2S 2S keep 4."""
    table = numbered(run("3S", "4S", "5S"))
    plan = find_plan(["2S", "2S", "KH"], table, "ann", True, "KH", NinetyNine(4, False))
    assert plan == Plan((), (), "KH", ("2S", "2S"))
    assert find_plan(["2S", "2S", "KH"], table, "ann", True, "KH", NinetyNine(3, False)) is None


def test_without_a_meld_of_his_own_a_player_lays_off_only_after_laying_one() -> None:
    table = numbered(run("6H", "7H", "8H"))
    assert find_plan(["9H", "KC"], table, "ann", False, None, GoingOut()) is None
    assert find_plan(["9H", "KC"], table, "ann", True, None, GoingOut()) == Plan((), (("9H", 1),), "KC", ())
    assert find_plan(["9H"], table, "ann", True, None, GoingOut(discard=False)) == Plan((), (("9H", 1),), None, ())


def test_the_card_just_taken_is_the_discard_only_when_no_other_is_legal() -> None:
    table = numbered(run("6H", "7H", "8H"))
    assert find_plan(["KC", "2D", "3D"], table, "ann", True, "KC", NinetyNine(5, False)) is None
    assert find_plan(["KC", "2D", "3D"], table, "ann", True, None, NinetyNine(5, False)) == Plan(
        (), (), "KC", ("2D", "3D")
    )


def ended_positions(monkeypatch: pytest.MonkeyPatch) -> list[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]]:
    """Each position (hand and table) at which the look-ahead tries the discards, as it tries them."""
    ended: list[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]] = []
    legal_discards = lookahead.legal_discards

    def counted(hand: list[str], melds: list[TableMeld], taken: str | None) -> list[str]:
        ended.append((tuple(hand), tuple(tuple(m.cards) for m in melds)))
        return legal_discards(hand, melds, taken)

    monkeypatch.setattr(lookahead, "legal_discards", counted)
    return ended


def test_a_position_that_leads_nowhere_is_searched_once_whatever_order_of_lay_offs_reaches_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Eight cards that each fit a group of their own, and a spade run that takes one 2S and then one AS: every card
    may go, never all of them, and every way keeps more than 1. The search ends at each position once: the 2^8
    subsets of the eight times the three states of the run, where trying every order would take some 10! paths."""
    groups = [group(*(f"{rank}{suit}" for suit in "CSH")) for rank in ("7", "9", "J", "K")]
    groups += [group(*(f"{rank}{suit}" for suit in "CSD")) for rank in ("6", "8", "10", "Q")]
    table = numbered(run("3S", "4S", "5S"), *groups)
    hand = ["2S", "2S", "AS", "AS", "7D", "9D", "JD", "KD", "6H", "8H", "10H", "QH"]
    ended = ended_positions(monkeypatch)
    assert find_plan(hand, table, "ann", True, None, NinetyNine(1, False)) is None
    assert len(ended) == len(set(ended)) == 2**8 * 3


def test_a_card_that_fits_two_groups_of_its_rank_is_tried_on_the_first_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """With two packs there may be two groups of sevens: 7H on either takes the same cards from then on (every seven),
    so the search lays it on the first. Four such cards and the spade run of the test above: 2^4 positions times the
    three states of the run, where trying both groups would make 3^4 times three."""
    groups = [group(f"{rank}C", f"{rank}D", suit) for rank in ("7", "9") for suit in (f"{rank}H", f"{rank}S")]
    table = numbered(run("3S", "4S", "5S"), *groups)
    hand = ["2S", "2S", "AS", "AS", "7H", "7S", "9H", "9S"]
    ended = ended_positions(monkeypatch)
    assert find_plan(hand, table, "ann", True, None, NinetyNine(1, False)) is None
    assert len(ended) == len(set(ended)) == 2**4 * 3
    assert find_plan(["7S", "KC", "2D"], table, "ann", True, None, NinetyNine(2, False)) == Plan(
        (), (("7S", 2),), "KC", ("2D",)
    )


def test_of_the_legal_discards_meeting_the_goal_the_plan_names_the_most_valuable() -> None:
    table = numbered(run("6H", "7H", "8H"))
    assert find_plan(["KC", "AS", "9D"], table, "ann", True, None, NinetyNine(30, False)) == Plan(
        (), (), "AS", ("9D", "KC")
    )


@pytest.mark.parametrize(
    ("hand", "goal", "hopeless"),
    [
        (["KC", "QD", "9H"], NinetyNine(9, False), True),  # KC QD kept: 10 at least once the king goes
        (["KC", "QD", "9H"], NinetyNine(10, False), False),
        (["KC", "9H"], NinetyNine(0, False), False),  # one card kept: discarding it goes out
        (["KC", "2D", "9H"], NinetyNine(11, True), True),  # before the discard KC 2D keep 12
        (["KC", "2D", "9H"], NinetyNine(12, True), False),
        (["KC", "QD", "9H"], GoingOut(), True),
        (["KC", "9H"], GoingOut(), False),
        (["KC", "9H"], GoingOut(discard=False), True),
    ],
)
def test_a_hand_that_keeps_cards_no_way_could_table_beyond_the_goal_is_refused_before_any_discard_is_tried(
    monkeypatch: pytest.MonkeyPatch, hand: list[str], goal: lookahead.Goal, hopeless: bool
) -> None:
    """Only 9H fits the table (6H 7H 8H): the cards that no way could table are kept in every way on, and when what
    they keep already misses the goal, nothing is searched."""
    ended = ended_positions(monkeypatch)
    plan = find_plan(hand, numbered(run("6H", "7H", "8H")), "ann", True, None, goal)
    assert (plan is None, ended == []) == (hopeless, hopeless)


# Every order of every play, by hand: an oracle apart from the look-ahead, with rules of its own.

RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}


def rank_of(card: str) -> int:
    return RANKS.get(card[:-1]) or int(card[:-1])


def is_meld(cards: list[str]) -> bool:
    """Three or more cards of one rank, or of one suit in a row (ace low or high, never both ends)."""
    if len(cards) < 3:
        return False
    if len({rank_of(c) for c in cards}) == 1:
        return True
    if len({c[-1] for c in cards}) != 1:
        return False
    ranks = sorted(rank_of(c) for c in cards)
    high = sorted(14 if r == 1 else r for r in ranks)
    return any(len(set(r)) == len(r) and r[-1] - r[0] == len(r) - 1 for r in (ranks, high))


def discards(hand: list[str], table: list[list[str]], taken: str | None) -> list[str]:
    """What may be discarded: no card that fits a meld unless all do; not the card just taken while another is
    legal, unless a copy of it is held too."""
    fitting = {c for c in hand if any(is_meld([*m, c]) for m in table)}
    allowed = [c for c in set(hand) if c not in fitting] or list(set(hand))
    if taken in allowed and hand.count(taken) < 2 and len(allowed) > 1:
        allowed.remove(taken)
    return allowed


Ending = tuple[str, int]
"""How the turn must end, as the oracle reads it: ("out", 1) going out, with a discard or without ("out", 0); the 99
rule with a limit, measured "after" the discard or "before" it."""


def ends(hand: list[str], discard: str | None, ending: Ending) -> bool:
    """Whether the turn may end with this hand (before the discard) and this discard (None: none)."""
    kind, limit = ending
    if not hand or discard is None:
        return not hand and discard is None
    if len(hand) == 1:
        return (kind, limit) != ("out", 0)  # the last card discarded goes out, but for the eleven-card lay-off
    if kind == "out":
        return False
    return points(hand) - (points([discard]) if kind == "after" else 0) <= limit


def some_way(hand: list[str], table: list[list[str]], may_lay_off: bool, taken: str | None, ending: Ending) -> bool:
    """Every meld and every lay-off, in every order, until the turn may end (positions seen once)."""
    seen: set[tuple[tuple[str, ...], tuple[tuple[str, ...], ...], bool]] = set()

    def search(hand: list[str], table: list[list[str]], may: bool) -> bool:
        key = (tuple(sorted(hand)), tuple(tuple(sorted(m)) for m in table), may)
        if key in seen:
            return False
        seen.add(key)
        if any(ends(hand, d, ending) for d in (discards(hand, table, taken) if hand else [None])):
            return True
        for size in range(3, len(hand) + 1):
            for picked in set(combinations(sorted(hand), size)):
                if is_meld(list(picked)):
                    rest = list(hand)
                    for card in picked:
                        rest.remove(card)
                    if search(rest, [*table, list(picked)], True):
                        return True
        for card in set(hand) if may else ():
            for index, meld in enumerate(table):
                if is_meld([*meld, card]):
                    rest = list(hand)
                    rest.remove(card)
                    if search(rest, [*table[:index], [*meld, card], *table[index + 1 :]], True):
                        return True
        return False

    return search(list(hand), [list(m) for m in table], may_lay_off)


def replays(
    plan: Plan, hand: list[str], table: list[list[str]], may: bool, taken: str | None, ending: Ending
) -> bool:
    """Whether the plan is a way on by the oracle's rules: its melds, then its lay-offs one by one, then its discard."""
    rest, table = list(hand), [list(m) for m in table]
    for meld in plan.melds:
        if not is_meld(list(meld)):
            return False
        for card in meld:
            rest.remove(card)
        table.append(list(meld))
    for card, meld_id in plan.lay_offs:
        if not (may or plan.melds) or not is_meld([*table[meld_id - 1], card]):
            return False
        rest.remove(card)
        table[meld_id - 1].append(card)
    if plan.discard is not None and plan.discard not in discards(rest, table, taken):
        return False
    left = list(rest)
    if plan.discard is not None:
        left.remove(plan.discard)
    return sorted(left) == sorted(plan.left) and ends(rest, plan.discard, ending)


SUITS = "CDHS"
NAMES = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}


def card(rank: int, suit: str) -> str:
    return f"{NAMES.get(rank, rank)}{suit}"


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[str], list[list[str]], bool, str | None, Ending]:
    """A hand of three to seven cards and a table of one to four melds from a few neighbouring ranks of two suits (two
    packs), so that melds and lay-offs cross often: the hand, the table, whether the player may lay off, the card just
    taken and how the turn must end."""
    low = draw(st.integers(1, 10))
    suits = draw(st.lists(st.sampled_from(SUITS), min_size=2, max_size=2, unique=True))
    deck = Counter({card(r, s): 2 for r in range(low, low + 5) for s in suits})
    table: list[list[str]] = []
    for _ in range(draw(st.integers(1, 4))):
        if draw(st.booleans()):
            rank = draw(st.integers(low, low + 4))
            meld = [card(rank, s) for s in draw(st.lists(st.sampled_from(suits), min_size=3, max_size=4))]
        else:
            suit, start = draw(st.sampled_from(suits)), draw(st.integers(low, low + 2))
            meld = [card(r, suit) for r in range(start, start + draw(st.integers(3, low + 5 - start)))]
        if not Counter(meld) - deck:
            deck -= Counter(meld)
            table.append(meld)
    near = [card(r, m[-1][-1]) for m in table for r in range(low, low + 5)] + [card(rank_of(m[0]), s) for m in table
                                                                              for s in suits]
    pool = sorted(deck.elements()) + [c for c in near if deck[c]] * 2
    hand = draw(st.lists(st.sampled_from(pool), min_size=3, max_size=7))
    hand = list((Counter(hand) & deck).elements())
    taken = draw(st.one_of(st.none(), st.sampled_from(hand))) if hand else None
    kind = draw(st.sampled_from(["after", "before", "after", "out"]))
    limit = draw(st.integers(0, 1) if kind == "out" else st.integers(0, 20))
    return hand, table, draw(st.integers(0, 3)) > 0, taken, (kind, limit)


@settings(max_examples=400, deadline=None, database=None, derandomize=True)
@given(positions())
def test_the_look_ahead_finds_a_way_exactly_when_trying_every_order_of_every_play_does(
    position: tuple[list[str], list[list[str]], bool, str | None, Ending],
) -> None:
    hand, melds, may, taken, ending = position
    kinds = ["group" if len({rank_of(c) for c in m}) == 1 else "sequence" for m in melds]
    table = [TableMeld(n, "bob", kind, m) for n, (kind, m) in enumerate(zip(kinds, melds, strict=True), start=1)]
    kind, limit = ending
    goal = GoingOut(discard=limit == 1) if kind == "out" else NinetyNine(limit, kind == "before")
    plan = find_plan(hand, table, "ann", may, taken, goal)
    assert (plan is not None) == some_way(hand, melds, may, taken, ending)
    if plan is not None:
        assert replays(plan, hand, melds, may, taken, ending), plan
