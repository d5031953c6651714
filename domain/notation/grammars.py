"""Each variant's action grammar, from its own package (domain/<variant>/notation.py, which the variant's class names
among its rule modules): the fields each action kind writes in place, in order. The variant is found by name in the
registry below the variants (domain/rules/registry.py), never imported from here.

Corrections (void, amend) are lines of every variant's record, with the places domain/corrections/kinds.py gives.
A field not written in place is written `name=value`; seeds are always written so. A kind a variant's table does
not name writes every field by name, so every action of every variant has a notation even before its table
lists it (tests/unit/notation checks that the tables name every kind).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from domain.corrections.kinds import CORRECTION_KINDS, IN_PLACE
from domain.rules.actions import ActionKind
from domain.rules.registry import variant_named
from domain.rules.variant import Variant
from domain.rules.versions import RULES_IN_PLACE


@dataclass(frozen=True, slots=True)
class Grammar:
    """One variant's notation: the fields each kind writes in place, and what its transfers count (money, chips)."""

    positional: Mapping[str, tuple[str, ...]]
    transfers: str

    def in_place(self, kind: str) -> tuple[str, ...]:
        """The fields a kind writes in place, in order."""
        return self.positional.get(kind, ())


@cache
def grammar_of(variant: str) -> Grammar:
    """The notation grammar of a variant (by its registered name): its own fields, the corrections' places, and those
    of adopting other rules where its rules have versions to adopt."""
    rules = variant_named(variant)
    adopting = {kind: places for kind, places in RULES_IN_PLACE.items() if kind in rules.action_kinds}
    return Grammar({**rules.notation_fields, **IN_PLACE, **adopting}, rules.notation_transfers)


def notation_kinds(rules: Variant) -> Mapping[str, ActionKind]:
    """The action kinds a variant's record writes: its own, and the corrections every variant shares."""
    return {**rules.action_kinds, **CORRECTION_KINDS}
