"""The registry of variants: each is a module of its own beside the others."""

from __future__ import annotations

from domain.confirmation_problems import CONFIRMATIONS
from domain.corrections.problems import CORRECTIONS
from domain.errors import SetupError
from domain.irregularities.problems import IRREGULARITIES
from domain.nights.problems import NIGHTS
from domain.notation.problems import NOTATION
from domain.pairing import PAIRING_PROBLEMS
from domain.problems import GENERIC, Problem, problem_table
from domain.robins import Robins
from domain.roby import Roby
from domain.royal import RoyalRummy
from domain.setup import SETUP_PROBLEMS
from domain.unknown_problems import UNKNOWN_HANDS
from domain.variant import Variant

VARIANTS: dict[str, Variant] = {variant.name: variant for variant in (Roby(), Robins(), RoyalRummy())}
PROBLEMS: dict[str, Problem] = problem_table(
    GENERIC, CORRECTIONS, NOTATION, CONFIRMATIONS, NIGHTS, IRREGULARITIES, UNKNOWN_HANDS, SETUP_PROBLEMS,
    PAIRING_PROBLEMS,
    *(variant.problems for variant in VARIANTS.values()),
)
"""Every problem code the service answers with: the generic ones and each variant's rule codes."""
_BY_NAME_OR_ALIAS: dict[str, Variant] = {
    key: variant for variant in VARIANTS.values() for key in (variant.name, *variant.aliases)
}


def variant_named(name: object) -> Variant:
    """The variant registered under a name or one of its aliases, or a SetupError naming the known ones."""
    if not isinstance(name, str) or name.lower() not in _BY_NAME_OR_ALIAS:
        raise SetupError(f"variant must be one of: {', '.join(sorted(_BY_NAME_OR_ALIAS))}", field="variant")
    return _BY_NAME_OR_ALIAS[name.lower()]
