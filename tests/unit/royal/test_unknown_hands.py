"""Royal Rummy dealt without naming the hands: each player enters his own (the dummy's taker enters the dummy as his
hand), reveals are checked against every place, the checks that need a hand wait for it and record findings, ace
bets wait for their aces' holders, and at the end of the rummy hand the hands nobody entered are entered or their
counts stated."""

from __future__ import annotations

from typing import Any

import pytest

from bots.royal_twin import entered_royal_twin
from domain.errors import CardConflictError, MeldbookError
from domain.record.game import Game
from tests.bot_games import play_royal
from tests.unit.royal.helpers import SPADES_TO_P3, FixedChance, cards, check_invariants, chips, cut_to, new_game, record
from tests.unit.royal.scenes import BLOCKING, BLOCKING_PLAYS
from tests.unit.royal.test_irregularities import table

DIAMONDS = cards("2-AD")
"""The dummy of SPADES_TO_P3's deal."""


def dealt_unnamed(dummy: str | None = "dead", **options: Any) -> Game:
    """Three players, p3 deals naming no hand; the dummy then left dead (nobody bids), or not settled (None)."""
    game = new_game(3, **options)
    cut_to(game, "p3")
    if game.state.phase == "ace_bet":
        record(game, "no_ace_bet", "p3")
    record(game, "deal", "p3")
    if dummy == "dead":
        record(game, "keep", "p3")
        record(game, "pass", "p1")
        record(game, "pass", "p2")
    return game


def refuse(game: Game, code: str, kind: str, player: str, **fields: Any) -> MeldbookError:
    """The move is refused with the code and stores nothing."""
    version = game.version
    with pytest.raises(MeldbookError) as refused:
        record(game, kind, player, **fields)
    assert refused.value.code == code and game.version == version
    return refused.value


def events(game: Game, name: str) -> list[Any]:
    """The stored events of one type."""
    return [e for e in game.pending_events if type(e).__name__ == name]


def listed(game: Game) -> set[tuple[str, str]]:
    """The (kind, player) pairs the legal actions list."""
    return {(e["type"], e["player"]) for e in game.legal_actions() if "player" in e}



def bet_then_deal_unnamed(game: Any, ace: str, amount: int, covered_by: str | None = None) -> None:
    """p3, the dealer, bets on an ace; p1 and p2 cover or decline; p3 deals naming no hand."""
    record(game, "ace_bet", "p3", ace=ace, amount=amount)
    for player in ("p1", "p2"):
        record(game, "cover" if player == covered_by else "decline", player)
    record(game, "deal", "p3")

def test_a_recorded_deal_may_name_no_hand_and_every_hand_and_the_dummy_are_then_unknown() -> None:
    game = dealt_unnamed(dummy=None)
    deal = events(game, "HandsDealt")[-1]
    assert deal.hands == {} and deal.dummy is None and deal.unknown == {"p1": 13, "p2": 13, "p3": 13}
    assert all(zone.hidden == 13 and not zone.known for zone in game.state.hands.values())
    assert game.state.dummy.hidden == 13 and game.state.phase == "dummy"
    doc = game.rules.to_doc(game.state)
    assert doc["hands"]["p2"] == {"cards": [], "unknown": 13, "count": 13, "secret": True, "owner": "p2"}
    assert "pending" not in doc and doc["findings"] == []
    assert {("swap", "p3"), ("keep", "p3"), ("enter_hand", "p1"), ("enter_hand", "p2"), ("enter_hand", "p3")} <= (
        listed(game)
    )
    entry = next(e for e in game.legal_actions() if e["type"] == "enter_hand" and e["player"] == "p1")
    assert entry["template"]["cards"] == ["<card>"] * 13 and len(entry["examples"][0]["cards"]) == 13
    check_invariants(game.state)


def test_each_player_enters_his_own_hand_and_a_contradiction_is_refused_naming_both_places() -> None:
    game = dealt_unnamed()
    record(game, "enter_hand", "p1", cards=SPADES_TO_P3["p1"])
    assert game.state.hands["p1"].known == SPADES_TO_P3["p1"] and game.state.hands["p1"].hidden == 0
    refused = refuse(game, "card-conflict", "enter_hand", "p2", cards=["2C", *SPADES_TO_P3["p2"][1:]])
    assert isinstance(refused, CardConflictError)
    assert refused.message == "2C cannot be in p2's hand: the only copy the packs hold is already in p1's hand"
    assert refused.details == {"card": "2C", "place": "hand:p2", "conflicts_with": ["hand:p1"]}
    count = refuse(game, "hand.entry-count", "enter_hand", "p2", cards=SPADES_TO_P3["p2"][:12])
    assert "13 cards the record does not name: enter exactly those 13, not 12" in count.message
    refuse(game, "hand.known", "enter_hand", "p1", cards=[])
    twice = refuse(game, "card-conflict", "enter_hand", "p3", cards=["2S", "2S", *SPADES_TO_P3["p3"][2:]])
    assert twice.details == {"card": "2S", "place": "hand:p3", "conflicts_with": ["hand:p3"]}


def test_the_dummys_taker_enters_it_as_his_hand_and_the_dead_hand_keeps_what_his_own_named() -> None:
    game = dealt_unnamed(dummy=None)
    record(game, "enter_hand", "p3", cards=SPADES_TO_P3["p3"])
    record(game, "swap", "p3")
    taken = events(game, "DummyTaken")[-1]
    assert taken.cards == [] and game.state.hands["p3"].hidden == 13 and not game.state.hands["p3"].known
    assert game.state.dead.known == SPADES_TO_P3["p3"] and game.state.dead.hidden == 0
    refused = refuse(game, "card-conflict", "enter_hand", "p3", cards=["AS", *DIAMONDS[1:]])
    assert refused.details["conflicts_with"] == ["dead_hand"]
    record(game, "enter_hand", "p3", cards=DIAMONDS)
    assert game.state.hands["p3"].known == DIAMONDS
    assert "dead_hand" not in str(game.rules.to_doc(game.state)["hands"])
    check_invariants(game.state)


def test_a_dummy_taken_once_every_live_hand_is_entered_is_named_as_in_a_deal_that_named_them() -> None:
    game = dealt_unnamed(dummy=None)
    for player in ("p1", "p2", "p3"):
        record(game, "enter_hand", player, cards=SPADES_TO_P3[player])
    record(game, "swap", "p3")
    assert sorted(events(game, "DummyTaken")[-1].cards) == sorted(DIAMONDS) and game.state.hands["p3"].hidden == 0


def test_ace_bets_wait_for_the_aces_holder_before_the_dummy_is_decided() -> None:
    game = new_game(3, ace_betting=True)
    cut_to(game, "p3")
    bet_then_deal_unnamed(game, "H", 2, covered_by="p1")
    assert game.state.aces_due == ["H"] and not events(game, "AceShown")
    assert game.rules.to_move(game.state) == ["p1", "p2", "p3"]
    assert listed(game) == {("enter_hand", p) for p in ("p1", "p2", "p3")}
    refused = refuse(game, "royal.aces.not-shown", "swap", "p3")
    assert "AH is shown first" in refused.message
    record(game, "enter_hand", "p1", cards=SPADES_TO_P3["p1"])
    assert game.state.aces_due == ["H"]
    record(game, "enter_hand", "p2", cards=SPADES_TO_P3["p2"])  # p2 holds AH but did not bet on it
    shown = events(game, "AceShown")[-1]
    assert (shown.suit, shown.holder, shown.won) == ("H", "p2", False) and game.state.aces_due == []
    assert chips(game, "ace:H") == 4 and game.rules.to_move(game.state) == ["p3"]
    record(game, "keep", "p3")


def test_an_ace_in_the_dummy_is_judged_once_every_live_hand_is_entered() -> None:
    game = new_game(3, ace_betting=True)
    cut_to(game, "p3")
    bet_then_deal_unnamed(game, "D", 1)
    record(game, "enter_hand", "p1", cards=SPADES_TO_P3["p1"])
    record(game, "enter_hand", "p2", cards=SPADES_TO_P3["p2"])
    assert game.state.aces_due == ["D"]
    record(game, "enter_hand", "p3", cards=SPADES_TO_P3["p3"])
    shown = events(game, "AceShown")[-1]
    assert (shown.suit, shown.holder, shown.won) == ("D", None, False) and game.state.phase == "dummy"


def test_a_lead_from_an_unknown_hand_waits_for_it_to_check_it_was_the_lowest() -> None:
    game = dealt_unnamed(poker=False)
    assert game.state.rummy.turn == "p1"
    record(game, "play", "p1", cards=["3C"])  # p1 holds 2C too
    assert [item["check"] for item in game.state.pending] == ["royal.rummy.lowest"]
    assert game.state.hands["p1"].hidden == 12 and game.state.rummy.wanted == "4C"
    assert "CheckDeferred" in [type(e).__name__ for e in game.pending_events[-3:]]
    record(game, "enter_hand", "p1", cards=[c for c in SPADES_TO_P3["p1"] if c != "3C"])
    made = events(game, "DeferredChecksMade")[-1]
    assert made.player == "p1" and made.checked == 1
    assert [f["rule"] for f in made.findings] == ["royal.rummy.lowest"]
    finding = game.state.findings[0]
    assert finding["hand"] == 1 and finding["player"] == "p1"
    assert finding["text"] == "p1 led 3C while holding 2C, a lower black card (royal.rummy.lowest)"
    assert game.state.pending == [] and game.rules.to_doc(game.state)["findings"] == [finding]


def test_a_pass_while_holding_the_next_card_is_found_when_the_hand_is_entered() -> None:
    game = dealt_unnamed(poker=False)
    record(game, "play", "p1", cards=cards("2-7C"))
    record(game, "pass", "p2")  # p2 holds 8C
    record(game, "pass", "p3")
    assert game.state.rummy.turn == "p1" and not events(game, "Stopped")  # p1 may hold 8C: the turn is his again
    record(game, "pass", "p1")
    stopped = events(game, "Stopped")[-1]
    assert (stopped.player, stopped.wanted, stopped.colour, stopped.leader) == ("p1", "8C", "red", "p1")
    assert [item["player"] for item in game.state.pending] == ["p2", "p3", "p1"]  # 2C could be no one's but lowest
    record(game, "enter_hand", "p3", cards=SPADES_TO_P3["p3"])
    assert events(game, "DeferredChecksMade")[-1].findings == []
    record(game, "enter_hand", "p2", cards=SPADES_TO_P3["p2"])
    made = events(game, "DeferredChecksMade")[-1]
    assert [f["text"] for f in made.findings] == [
        "p2 passed while holding 8C, the next card (royal.rummy.must-play)"
    ]
    assert game.state.findings[0]["move"] == events(game, "CheckDeferred")[0].move


def test_a_pass_from_a_known_hand_holding_the_next_card_is_still_refused() -> None:
    game = dealt_unnamed(poker=False)
    record(game, "enter_hand", "p2", cards=SPADES_TO_P3["p2"])
    record(game, "play", "p1", cards=cards("2-7C"))
    refuse(game, "royal.rummy.must-play", "pass", "p2")
    record(game, "play", "p2", cards=["8C"])


def test_a_pass_on_a_lead_from_an_unknown_hand_sends_the_lead_left_and_is_checked_later() -> None:
    game = dealt_unnamed(poker=False)
    record(game, "pass", "p1")  # p1 holds black cards
    assert game.state.rummy.turn == "p2" and game.state.rummy.lead == "black"
    assert game.state.rummy.lead_passes == ["p1"]
    record(game, "play", "p2", cards=["8C"])
    record(game, "enter_hand", "p1", cards=SPADES_TO_P3["p1"])
    made = events(game, "DeferredChecksMade")[-1]
    assert [f["rule"] for f in made.findings] == ["royal.rummy.must-lead"]
    assert made.findings[0]["text"] == (
        "p1 passed on the black lead while holding 2C, a black card (royal.rummy.must-lead)"
    )


def test_a_known_hand_holding_the_colour_may_not_pass_on_the_lead() -> None:
    game = dealt_unnamed(poker=False)
    record(game, "enter_hand", "p1", cards=SPADES_TO_P3["p1"])
    refuse(game, "royal.rummy.must-lead", "pass", "p1")


def unnamed_red_and_spades() -> Game:
    """p1 is dealt the hearts, p2 the diamonds, p3 the spades (the clubs are the dead dummy), naming no hand."""
    game = new_game(3, poker=False)
    cut_to(game, "p3")
    record(game, "deal", "p3")
    record(game, "keep", "p3")
    record(game, "pass", "p1")
    record(game, "pass", "p2")
    return game


def test_passes_on_a_lead_go_left_to_the_first_hand_that_may_hold_the_colour() -> None:
    game = unnamed_red_and_spades()
    record(game, "pass", "p1")
    record(game, "pass", "p2")
    assert game.state.rummy.turn == "p3" and game.state.rummy.lead_passes == ["p1", "p2"]
    record(game, "enter_hand", "p1", cards=cards("2-AH"))
    record(game, "enter_hand", "p2", cards=cards("2-AD"))
    assert [len(e.findings) for e in events(game, "DeferredChecksMade")] == [0, 0]
    record(game, "play", "p3", cards=cards("2-AS"))  # p3 leads black and has no more cards
    assert events(game, "WentOut")[-1].player == "p3" and game.state.deal_number == 2
    assert game.state.findings == []


def test_every_player_passing_on_a_lead_blocks_the_hand_and_a_false_pass_is_found() -> None:
    game = unnamed_red_and_spades()
    for player in ("p1", "p2", "p3"):
        record(game, "pass", player)
    assert events(game, "HandBlocked")[-1].colour == "black" and game.state.phase == "count"
    record(game, "enter_hand", "p3", cards=cards("2-AS"))
    assert [f["rule"] for f in game.state.findings] == ["royal.rummy.must-lead"]
    assert game.state.findings[0]["text"] == (
        "p3 passed on the black lead while holding 2S, a black card (royal.rummy.must-lead)"
    )


def test_a_card_exposed_from_an_unknown_hand_waits_for_the_hand_and_a_hand_without_it_is_a_finding() -> None:
    game = dealt_unnamed(poker=False)
    assert table(game, "expose_card", holder="p2", card="2C") == ["CardExposed", "CheckDeferred"]
    assert [item["check"] for item in game.state.pending] == ["royal.irregularities.exposed-card"]
    assert "pending" not in game.rules.to_doc(game.state) and game.state.findings == []
    record(game, "enter_hand", "p1", cards=SPADES_TO_P3["p1"])  # p1's hand, as he shows it, holds the card
    record(game, "enter_hand", "p2", cards=SPADES_TO_P3["p2"])
    made = events(game, "DeferredChecksMade")[-1]
    assert made.player == "p2" and made.checked == 1
    assert [f["rule"] for f in made.findings] == ["royal.irregularities.exposed-card"]
    finding = game.state.findings[0]
    assert finding["hand"] == 1 and finding["player"] == "p2"
    assert finding["text"] == (
        "2C was exposed from p2's hand, but the hand as known held no 2C then (royal.irregularities.exposed-card)"
    )
    assert game.state.pending == [] and game.rules.to_doc(game.state)["findings"] == [finding]


def test_an_exposed_card_the_hand_held_records_no_finding_and_a_known_hands_exposure_waits_for_nothing() -> None:
    game = dealt_unnamed(dummy=None)
    assert table(game, "expose_card", holder="p2", card="AC") == ["CardExposed", "CheckDeferred"]
    record(game, "enter_hand", "p2", cards=SPADES_TO_P3["p2"])
    made = events(game, "DeferredChecksMade")[-1]
    assert made.checked == 1 and made.findings == [] and game.state.findings == []
    assert table(game, "expose_card", holder="p2", card="KH") == ["CardExposed"]


def test_a_card_exposed_from_a_hand_given_up_for_the_dummy_waits_for_nothing() -> None:
    game = dealt_unnamed(dummy=None)
    table(game, "expose_card", holder="p3", card="2S")
    table(game, "expose_card", holder="p2", card="AC")
    record(game, "swap", "p3")
    assert [item["player"] for item in game.state.pending] == ["p2"]
    record(game, "enter_hand", "p3", cards=DIAMONDS)
    assert game.state.findings == [] and not events(game, "DeferredChecksMade")


def test_cards_named_by_play_are_checked_against_every_place() -> None:
    game = dealt_unnamed(poker=False)
    record(game, "enter_hand", "p2", cards=SPADES_TO_P3["p2"])
    refused = refuse(game, "card-conflict", "play", "p1", cards=["8C"])
    assert refused.details["conflicts_with"] == ["hand:p2"]
    refuse(game, "royal.rummy.lowest", "play", "p1", cards=["2H"])  # not the lead's colour


def test_a_poker_hand_chosen_out_of_unknown_cards_names_them_and_the_rummy_checks_use_them() -> None:
    game = dealt_unnamed()
    record(game, "poker_hand", "p1", cards=cards("2-6C"))
    assert sorted(game.state.hands["p1"].known) == sorted(cards("2-6C")) and game.state.hands["p1"].hidden == 8
    refused = refuse(game, "card-conflict", "poker_hand", "p2", cards=["2C", *cards("9-QC")])
    assert refused.details["conflicts_with"] == ["hand:p1"]
    record(game, "poker_hand", "p2", cards=cards("8-JC", "KC"))
    record(game, "poker_hand", "p3", cards=cards("2-5S", "7S"))
    for player in ("p1", "p2", "p3"):
        record(game, "check", player)
    shown = events(game, "PokerShown")[-1]
    assert shown.hands["p1"] == cards("2-6C") and events(game, "PotAwarded")[0].winners == ["p1"]
    assert game.state.rummy.turn == "p1"
    refuse(game, "royal.rummy.lowest", "play", "p1", cards=["3C"])  # 2C is named in p1's hand
    record(game, "play", "p1", cards=["2C"])
    assert not [item for item in game.state.pending if item["check"] == "royal.rummy.lowest"]


def play_with_turns_back(game: Game, plays: list[tuple[str, list[str] | None]]) -> None:
    """Record the plays of a deal that named every hand in order, in a deal that named none: a player given the turn
    back or the lead (he may hold the card) passes first, and at the end the players pass until the hand ends."""
    for player, played in plays:
        while _turn(game) is not None and (
            _turn(game) != player or (played and game.state.rummy.lead is None and played[0] != game.state.rummy.wanted)
        ):
            record(game, "pass", _turn(game))
        if played is None:
            record(game, "pass", player)
        else:
            record(game, "play", player, cards=played)
    while _turn(game) is not None:
        record(game, "pass", _turn(game))


def _turn(game: Game) -> str | None:
    return game.state.rummy.turn if game.state.phase == "rummy" else None


def test_at_the_end_of_the_rummy_hand_unknown_hands_are_entered_or_their_counts_stated() -> None:
    game = dealt_unnamed(poker=False)
    play_with_turns_back(game, BLOCKING_PLAYS)
    assert events(game, "HandBlocked") and game.state.phase == "count"
    held = {p: game.state.hands[p].size for p in ("p1", "p2", "p3")}
    blocked = [(e.source, e.amount) for e in events(game, "AmountTransferred") if e.rule == "royal.rummy.blocked"]
    assert blocked == [(f"player:{p}", held[p]) for p in ("p1", "p2", "p3")]  # paid at once: counts are known
    assert game.rules.to_move(game.state) == ["p1", "p2", "p3"]
    assert listed(game) == {(k, p) for k in ("enter_hand", "state_count") for p in ("p1", "p2", "p3")}
    refuse(game, "wrong-phase", "play", "p1", cards=["AS"])
    refused = refuse(game, "royal.count.cards-left", "state_count", "p1", points=held["p1"] - 1)
    assert f"p1 holds {held['p1']} cards by the record" in refused.message
    record(game, "state_count", "p1", points=held["p1"])
    assert game.rules.to_doc(game.state)["stated"] == {"p1": held["p1"]}
    refuse(game, "hand.known", "state_count", "p1", points=held["p1"])
    played = {p: set(game.state.rummy.played[p]) for p in ("p2", "p3")}
    record(game, "enter_hand", "p2", cards=[c for c in BLOCKING["p2"] if c not in played["p2"]])
    assert game.state.phase == "count" and game.state.deal_number == 1
    record(game, "enter_hand", "p3", cards=[c for c in BLOCKING["p3"] if c not in played["p3"]])
    assert game.state.deal_number == 2 and game.state.phase == "deal" and game.state.stated == {}
    assert game.state.findings == []


def test_the_recorder_may_enter_or_state_for_a_player_only_at_the_end_of_the_rummy_hand() -> None:
    game = dealt_unnamed(poker=False)
    assert not game.rules.recorder_too(game.state, "enter_hand")
    play_with_turns_back(game, BLOCKING_PLAYS)
    assert game.rules.recorder_too(game.state, "enter_hand") and game.rules.recorder_too(game.state, "state_count")
    assert not game.rules.recorder_too(game.state, "play")


def test_a_stated_count_is_refused_during_play() -> None:
    game = dealt_unnamed(poker=False)
    refuse(game, "wrong-phase", "state_count", "p1", points=13)


def test_a_misdeal_drops_the_ace_bets_waiting_for_the_deal_and_they_wait_again_on_the_new_deal() -> None:
    game = new_game(3, ace_betting=True)
    cut_to(game, "p3")
    bet_then_deal_unnamed(game, "H", 2)
    assert game.state.aces_due == ["H"]
    game.record({"type": "misdeal", "reason": "wrong_count", "confirm": True}, FixedChance())
    assert game.state.phase == "deal" and game.state.aces_due == [] and game.state.hands == {}
    record(game, "deal", "p3")
    assert game.state.aces_due == ["H"]


@pytest.mark.parametrize("seed", [1, 7, 13])
def test_bot_sessions_dealt_without_hands_and_entered_by_their_players_play_out_as_the_originals(seed: int) -> None:
    """The bot's sessions dealt without naming the hands, each entered by its player (after the deal, when an ace
    bet needs it, or at the end of the rummy hand, or its count stated): every move is accepted, nothing is found,
    and the session ends with the chips where the original left them."""
    found = check_entered_twin(seed)
    assert {"HandEntered", "CountStated", "CheckDeferred", "DeferredChecksMade"} <= found


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(30))
def test_more_bot_sessions_entered_by_their_players_play_out_as_the_originals(seed: int) -> None:
    check_entered_twin(seed)


def test_a_twin_whose_unknown_hands_are_given_the_lead_after_the_original_was_blocked_passes_to_the_block() -> None:
    """In this session the rummy hand is blocked after a stop (nobody holds a red card to lead); its twin, which
    does not know two of the hands, gives them the lead: they pass, holding none, and the twin is blocked too, with
    the same chips."""
    original = play_royal(70715, players=5, deals=2)
    twin = entered_royal_twin(list(original.collect_events()))
    blocked = [e for e in twin.collect_events() if type(e).__name__ == "HandBlocked"]
    assert blocked and twin.state.findings == [] and twin.state.ledger == original.state.ledger


def check_entered_twin(seed: int) -> set[str]:
    """The bot's session of the seed and its twin entered by its players end alike; the twin's event types."""
    original = play_royal(seed)
    twin = entered_royal_twin(list(original.collect_events()))
    assert twin.state.findings == [] and twin.state.ended == original.state.ended
    assert twin.state.ledger == original.state.ledger and twin.state.deal_number == original.state.deal_number
    check_invariants(twin.state)
    return {type(e).__name__ for e in twin.collect_events()}


def entry_of(game: Game, kind: str, player: str) -> dict[str, Any]:
    """The legal-actions entry of a kind for a player."""
    return next(e for e in game.legal_actions() if e["type"] == kind and e.get("player") == player)


def test_a_hand_with_unknown_cards_is_offered_templates_whose_examples_the_rules_accept() -> None:
    game = dealt_unnamed()
    pick = entry_of(game, "poker_hand", "p1")
    assert pick["template"]["cards"] == ["<card>"] * 5 and pick["unseen"] is True
    assert len(pick["allowed_cards"]) == 52 and "checked against every place" in pick["constraints"]
    assert len(pick["examples"][0]["cards"]) == 5
    record(game, "poker_hand", "p1", cards=cards("2-6C"))
    record(game, "enter_hand", "p2", cards=SPADES_TO_P3["p2"])
    pick = entry_of(game, "poker_hand", "p3")
    assert not set(pick["allowed_cards"]) & set(SPADES_TO_P3["p2"])  # p2's entered cards are placed
    game = dealt_unnamed(poker=False)
    play = entry_of(game, "play", "p1")
    assert play["template"]["cards"] == ["<card>"] and play["unseen"] is True
    assert play["examples"][0]["cards"] == ["2C"] and "the lowest black card of the hand" in play["constraints"]
    assert ("pass", "p1") in listed(game)
    record(game, "play", "p1", cards=cards("2-7C"))
    follow = entry_of(game, "play", "p2")
    assert [e["cards"] for e in follow["examples"]][:2] == [["8C"], ["8C", "9C"]]
    assert "8C, the next card" in follow["constraints"]


def test_the_count_stage_offers_the_entry_and_the_records_count_of_cards() -> None:
    game = dealt_unnamed(poker=False)
    play_with_turns_back(game, BLOCKING_PLAYS)
    size = game.state.hands["p2"].size
    stated = entry_of(game, "state_count", "p2")
    assert [(e["player"], e["points"]) for e in stated["examples"]] == [("p2", size)]
    assert stated["bounds"] == {"points": [size, size]} and f"holds by the record (dealt less played), {size}" in (
        stated["constraints"]
    )
    entry = entry_of(game, "enter_hand", "p2")
    assert entry["template"]["cards"] == ["<card>"] * size and entry["unseen"] is True
