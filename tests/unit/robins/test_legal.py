"""Robins Rummy's recorded mode and its legal-actions list."""

from __future__ import annotations

from domain.game import Game
from domain.variant import Chance
from tests.unit.robins.scenario import Table

BOB = "3S 4S 6C 8D 10S QC AD"


def _bodies(table: Table, kind: str) -> list[dict[str, object]]:
    entries = [e for e in table.game.legal_actions() if e["type"] == kind]
    return [b for e in entries for b in e.get("choices") or e.get("examples") or []]


def test_a_recorded_stock_draw_names_the_card_and_a_card_already_placed_is_refused() -> None:
    """Recorded mode: each stock card is named as drawn; a card the record places elsewhere is refused."""
    table = Table("KH QH JH 9H 5C 6D 3D", BOB, "KC")
    table.refused("invalid-action", "draw", "ann")
    table.refused("card-conflict", "draw", "ann", card="3S")
    table.do("draw", "ann", card="7C")
    assert "7C" in table.hand("ann")


def test_legal_actions_list_claims_exchanges_and_pickups_as_concrete_bodies() -> None:
    """Rummy claims, wild exchanges and pickups that use their card are listed as concrete bodies."""
    table = Table("KH QH JK 5C 6D 3D 4D", "JH 10H 9H 6C 8D 10S QC", "KC")
    table.turn("ann", "9S")
    table.do("meld", "ann", cards=["KH", "QH", "JK"])
    table.do("discard", "ann", card="9S")
    table.do("draw", "bob", card="3S")
    assert {"type": "exchange", "player": "bob", "meld": 1, "card": "JH", "expected_version": table.game.version} in (
        _bodies(table, "exchange"))
    table.do("exchange", "bob", meld=1, card="JH")
    table.do("discard", "bob", card="10H")
    assert [b["card"] for b in _bodies(table, "claim")] == ["10H"]
    table.do("draw", "ann", card="4C")
    assert any(b["card"] == "10H" and b.get("meld") == 1 for b in _bodies(table, "pick_up"))


def test_a_shuffled_game_lists_only_concrete_bodies_for_the_player_to_act() -> None:
    """Shuffled mode: cut, deal and draw are listed as concrete bodies that the service completes."""
    game = Game.set_up("robins", ["ann", "bob"], {}, "shuffled", "", Chance())
    assert {e["type"] for e in game.legal_actions()} == {"cut"}
    assert all("choices" in e for e in game.legal_actions())
