"""The registry of variants: each is a module of its own beside the others."""

from __future__ import annotations

from domain.errors import SetupError
from domain.robins import Robins
from domain.roby import Roby
from domain.royal import RoyalRummy
from domain.variant import Variant

VARIANTS: dict[str, Variant] = {variant.name: variant for variant in (Roby(), Robins(), RoyalRummy())}


def variant_named(name: object) -> Variant:
    """The variant registered under a name, or a SetupError naming the known ones."""
    if not isinstance(name, str) or name not in VARIANTS:
        raise SetupError(f"variant must be one of: {', '.join(sorted(VARIANTS))}", field="variant")
    return VARIANTS[name]
