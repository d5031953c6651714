"""Robins Rummy's pickup body: the fields of a use of the card taken are refused without that use."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import InvalidActionError
from domain.rules.variant import Chance
from tests.unit.robins.scenario import RULES, Table

BOB = "3S 4S 6C 8D 10S QC AD"


def _refused_pickup(table: Table, player: str, **fields: Any) -> str | None:
    """Post a pickup that must be refused as malformed, storing nothing; return the field it names."""
    before = (table.game.version, RULES.to_doc(table.state))
    with pytest.raises(InvalidActionError) as caught:
        table.game.record({"type": "pick_up", "player": player, **fields}, Chance())
    assert (table.game.version, RULES.to_doc(table.state)) == before
    return caught.value.field


def test_a_pickup_with_a_declaration_or_a_kind_but_no_use_is_refused_and_nothing_stored() -> None:
    """'declare' and 'kind' describe the use of the card taken; a pickup without one would silently drop them."""
    table = Table("KH QH 9H 5C 6D 3D 2D", BOB, "KC")
    table.turn("ann", "JH")
    assert _refused_pickup(table, "ann", card="KC", declare=["KS"]) == "declare"
    assert _refused_pickup(table, "ann", card="KC", kind="set") == "kind"
    table.do("meld", "ann", cards=["KH", "QH", "JH"])
    table.do("discard", "ann", card="9H")
    table.turn("bob", "7C")
    assert _refused_pickup(table, "bob", card="9H", meld=1, kind="straight_flush") == "kind"
    table.do("pick_up", "bob", card="9H")
    assert "9H" in table.hand("bob")
