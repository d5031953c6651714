"""Every variant, every rule and every problem code of the domain: what the layers above import for the complete
set. The variants register themselves (`domain/rules/registry.py`) when their modules are imported here; the
generic code below them finds one by name through the registry."""

from __future__ import annotations

from domain.access.pairing import PAIRING_PROBLEMS
from domain.beside.confirmations import CONFIRMATIONS
from domain.corrections.problems import CORRECTIONS
from domain.errors import Problem, problem_table
from domain.irregularities.problems import IRREGULARITIES
from domain.nights.problems import NIGHTS
from domain.notation.problems import NOTATION
from domain.problems import GENERIC
from domain.record.setup import SETUP_PROBLEMS
from domain.record.unknown_problems import UNKNOWN_HANDS
from domain.robins.variant import Robins
from domain.roby.variant import Roby
from domain.royal.variant import RoyalRummy
from domain.rules.catalogue import catalogue
from domain.rules.registry import variant_named
from domain.rules.rule import Rule
from domain.rules.variant import Variant
from domain.rules.versions import RULES_PROBLEMS

VARIANTS: dict[str, Variant] = {name: variant_named(name) for name in (Roby.name, Robins.name, RoyalRummy.name)}
"""Roby, Robins Rummy and Royal Rummy, by name, as they registered on import."""
PROBLEMS: dict[str, Problem] = problem_table(
    GENERIC, CORRECTIONS, NOTATION, CONFIRMATIONS, NIGHTS, IRREGULARITIES, UNKNOWN_HANDS, SETUP_PROBLEMS,
    PAIRING_PROBLEMS, RULES_PROBLEMS,
    *(variant.problems for variant in VARIANTS.values()),
)
"""Every problem code of the domain: the generic ones, each area's and each variant's rule codes (the service's and
the API's join them in api/problem_table.py)."""
CATALOGUE: dict[str, Rule] = catalogue()
"""Every rule by id: the corrections' and every variant's."""

__all__ = ["CATALOGUE", "PROBLEMS", "VARIANTS", "variant_named"]
