"""Each variant's action grammar, from its own package: the fields each action kind writes in place, in order.

Corrections (void, amend) are lines of every variant's record, with the places domain/corrections/kinds.py gives.
A field not written in place is written `name=value`; seeds are always written so. A kind a variant's table does
not name writes every field by name, so every action of every variant has a notation even before its table
lists it (tests/unit/notation checks that the tables name every kind).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType

import domain.robins.notation
import domain.roby.notation
import domain.royal.notation
from domain.corrections.kinds import CORRECTION_KINDS, IN_PLACE
from domain.rules.actions import ActionKind
from domain.rules.variant import Variant


@dataclass(frozen=True, slots=True)
class Grammar:
    """One variant's notation: the fields each kind writes in place, and what its transfers count (money, chips)."""

    positional: Mapping[str, tuple[str, ...]]
    transfers: str

    def in_place(self, kind: str) -> tuple[str, ...]:
        """The fields a kind writes in place, in order."""
        return self.positional.get(kind, ())


def _grammar(module: ModuleType) -> Grammar:
    return Grammar({**module.POSITIONAL, **IN_PLACE}, module.TRANSFERS)


GRAMMARS: dict[str, Grammar] = {
    "roby": _grammar(domain.roby.notation),
    "robins": _grammar(domain.robins.notation),
    "royal": _grammar(domain.royal.notation),
}


def grammar_of(variant: str) -> Grammar:
    """The notation grammar of a variant (by its registered name)."""
    return GRAMMARS[variant]


def notation_kinds(rules: Variant) -> Mapping[str, ActionKind]:
    """The action kinds a variant's record writes: its own, and the corrections every variant shares."""
    return {**rules.action_kinds, **CORRECTION_KINDS}
