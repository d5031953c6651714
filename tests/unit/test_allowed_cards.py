"""The legal-actions templates' `allowed_cards` and `bounds` (domain/rules/listing.py): what a client may offer without
rules of its own. Through whole bot games of each variant, every legal example of a template names only cards its
`allowed_cards` lists and amounts within its `bounds`; the cards a recorder may name for a cut, deal or draw are the
ones the record places nowhere yet."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from domain.record.game import Game
from domain.rules.decision import NoChance
from tests.bot_games import play_robins, play_roby, play_royal

CARD_FIELDS = ("card", "cards", "hands", "upcard", "melds", "lay_offs", "discard")


def named(value: Any) -> Iterator[str]:
    """Every card a body's value names."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from named(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key in ("card", "cards") or not isinstance(item, (int, bool)):
                yield from named(item)


def values_of(body: Any, field: str) -> Iterator[Any]:
    """Every value a body gives `field`, at any depth (a lay-off's `meld` within a going out's `lay_offs`)."""
    if isinstance(body, dict):
        for key, item in body.items():
            if key == field:
                yield item
            else:
                yield from values_of(item, field)
    elif isinstance(body, list):
        for item in body:
            yield from values_of(item, field)


def check(game: Game, seen: dict[str, int]) -> None:
    for entry in game.legal_actions():
        if "template" not in entry:
            continue
        if "allowed_cards" in entry:
            allowed = set(entry["allowed_cards"])
            assert len(allowed) == len(entry["allowed_cards"]), entry
            for example in entry["examples"]:
                cards = {c for key in CARD_FIELDS if key in example for c in named(example[key])}
                assert cards <= allowed, (example, sorted(allowed))
            seen[entry["type"]] = seen.get(entry["type"], 0) + 1
        for field, (low, high) in (entry.get("bounds") or {}).items():
            assert low <= high or not entry["examples"], entry  # an empty range: no amount is legal now
            given = [value for example in entry["examples"] for value in values_of(example, field)]
            assert all(low <= value <= high for value in given), entry
            seen[f"bounds:{entry['type']}"] = seen.get(f"bounds:{entry['type']}", 0) + 1


def test_every_example_of_a_template_names_only_its_allowed_cards_and_amounts_within_its_bounds() -> None:
    seen: dict[str, int] = {}
    play_roby(34, 2, after_each=lambda game: check(game, seen))
    play_robins(10, after_each=lambda game, events: check(game, seen))
    play_royal(71, 3, deals=1, after_each=lambda game: check(game, seen))
    wanted = {"go_out", "meld", "lay_off", "pick_up", "poker_hand", "bounds:bid", "bounds:raise", "bounds:go_out"}
    assert wanted <= set(seen), seen




def test_a_recorder_may_name_for_a_cut_deal_or_draw_exactly_the_cards_the_record_places_nowhere_yet() -> None:
    game = Game.set_up("roby", ["ann", "bob"], {}, "recorded", "", NoChance())
    deck = [f"{rank}{suit}" for suit in "CDHS" for rank in ("A", *map(str, range(2, 11)), "J", "Q", "K")]
    (cut,) = [e for e in game.legal_actions() if e["player"] == "ann"]
    assert cut["unseen"] is True and sorted(cut["allowed_cards"]) == sorted(deck)
    for entry in game.legal_actions():
        game.record(entry["examples"][0], NoChance())
    deal, result = game.legal_actions()
    assert sorted(deal["allowed_cards"]) == sorted(deck)
    assert result["type"] == "hand_result" and "allowed_cards" not in result  # any card of the pack may be left
    game.record(deal["examples"][0], NoChance())
    dealt = {c for hand in deal["examples"][0]["hands"].values() for c in hand} | {deal["examples"][0]["upcard"]}
    (draw,) = [e for e in game.legal_actions() if "template" in e]
    assert draw["unseen"] is True
    assert set(draw["allowed_cards"]) == set(deck) - dealt

