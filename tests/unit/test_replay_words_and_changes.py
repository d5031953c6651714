"""A frame's words (each variant's phrases, the shared fallback) and its changes, read from two filtered states."""

from __future__ import annotations

from typing import Any

from domain.record.grouping import MoveGroup
from domain.roby import events as roby_events
from domain.royal import events as royal_events
from domain.rules.words import TEMPLATES, in_words
from domain.variants import variant_named
from replays.changes import changes
from replays.frames import HandSpan, hands_of

TABLE = {"melds": [{"id": 2, "owner": "Ana", "kind": "sequence", "cards": ["4H", "5H", "6H"]}]}


def said(*arguments: Any) -> str:
    """The words in English, checked to be said from declared templates (which the pages' catalogue translates)."""
    words = in_words(*arguments)
    templates = []
    stack = [words.doc()]
    while stack:
        doc = stack.pop()
        if doc.get("context") is None:
            templates.append(doc["text"])
        stack += [value for value in doc["values"].values() if isinstance(value, dict)]
    assert set(templates) <= TEMPLATES
    return str(words)


def test_a_lay_off_names_the_cards_and_whose_meld_they_go_on() -> None:
    for variant in ("roby", "robins"):
        action = {"type": "lay_off", "player": "Ben", "card": "7H", "meld": 2}
        assert said(variant_named(variant).phrases, action, TABLE) == "Ben lays 7H off on Ana's meld 2"
    going_out = {"type": "go_out", "player": "Ben", "melds": [["7C", "8C", "9C"]],
                 "lay_offs": [{"card": "7H", "meld": 2}], "discard": "KS"}
    assert said(variant_named("roby").phrases, going_out, TABLE) == (
        "Ben goes out: melds 7C 8C 9C, lays 7H off on Ana's meld 2, discards KS"
    )


def test_a_card_the_viewer_may_not_see_is_not_named() -> None:
    hidden = {"type": "draw", "player": "Ben", "source": "stock", "card": None}
    assert said(variant_named("roby").phrases, hidden, TABLE) == "Ben draws from the stock"
    taken = {"type": "draw", "player": "Ben", "source": "discard", "card": None}
    pile = {"discard": ["2C", "9D"]}
    assert said(variant_named("roby").phrases, taken, pile) == "Ben takes 9D from the discard pile"
    poker = {"type": "poker_hand", "player": "Ben", "cards": None}
    assert said(variant_named("royal").phrases, poker, {}) == "Ben chooses a poker hand"


def test_a_kind_without_a_phrase_reads_by_the_shared_fallback() -> None:
    assert said({}, {"type": "some_new_kind", "player": "Ben", "cards": ["2C", "3C"], "amount": 4}, {}) == (
        "Ben some new kind 2C 3C amount 4"
    )
    kind = in_words({}, {"type": "some_new_kind", "player": "Ben"}, {}).doc()
    assert kind == {"text": "%(player)s %(action)s",
                    "values": {"player": "Ben", "action": {"text": "some new kind", "values": {}, "context": "action"}}}
    end = {"type": "end_game", "confirm": True}
    assert said(variant_named("royal").phrases, end, {}) == "the table ends the game"


def test_changes_name_zones_with_the_cards_moved_amounts_with_their_delta_and_other_values() -> None:
    before = {"hands": {"Ben": {"cards": ["7H", "KS"], "unknown": 0, "count": 2, "secret": True}},
              "discard": ["2C"], "scores": {"Ben": 10}, "turn": "Ben", **TABLE}
    after = {"hands": {"Ben": {"cards": ["KS"], "unknown": 0, "count": 1, "secret": True}},
             "discard": ["2C", "KS"], "scores": {"Ben": 25}, "turn": "Ana",
             "melds": [{**TABLE["melds"][0], "cards": ["4H", "5H", "6H", "7H"]}]}
    found = changes(before, after)
    assert found["zones"] == [
        {"path": "hands.Ben", "count": [2, 1], "added": [], "removed": ["7H"]},
        {"path": "discard", "count": [1, 2], "added": ["KS"], "removed": []},
        {"path": "melds.2.cards", "count": [3, 4], "added": ["7H"], "removed": []},
    ]
    assert found["amounts"] == [{"path": "scores.Ben", "before": 10, "after": 25, "delta": 15}]
    assert found["values"] == [{"path": "turn", "before": "Ben", "after": "Ana"}]


def test_changes_of_masked_zones_are_counts_alone() -> None:
    masked = {"hands": {"Ben": {"count": 2, "secret": True}}}
    fewer = {"hands": {"Ben": {"count": 1, "secret": True}}}
    assert changes(masked, fewer)["zones"] == [{"path": "hands.Ben", "count": [2, 1], "added": [], "removed": []}]


def test_a_hand_begins_with_the_move_that_deals_it() -> None:
    groups = [MoveGroup(n, 2 * n + 1, 2 * n + 2, None) for n in range(8)]
    topics = {v: "X" for v in range(1, 17)}
    roby = {**topics, 6: roby_events.HandDealt.TOPIC, 12: roby_events.HandDealt.TOPIC}  # moves 2 and 5 deal
    assert hands_of(variant_named("roby"), groups, roby) == [HandSpan(1, 0, 4), HandSpan(2, 5, 7)]
    royal = {**topics, 8: royal_events.DealStarted.TOPIC, 10: royal_events.HandsDealt.TOPIC}  # the antes, then a deal
    royal[13] = royal_events.HandsDealt.TOPIC  # moves 4 and 6 deal
    assert hands_of(variant_named("royal"), groups, royal) == [HandSpan(1, 0, 5), HandSpan(2, 6, 7)]
