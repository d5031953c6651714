"""The registry of variants, below them: each variant registers itself here when its module is imported
(`domain/<variant>/variant.py`), and the generic code finds a variant by name here without importing any.

`domain/variants.py`, above the variant packages, imports them all: whoever needs the complete set (the service,
the API, the tools) imports that.
"""

from __future__ import annotations

from domain.errors import SetupError
from domain.rules.variant import Variant

_REGISTERED: dict[str, Variant] = {}
_BY_NAME_OR_ALIAS: dict[str, Variant] = {}


def register(variant: Variant) -> Variant:
    """Register a variant under its name and aliases (a name or alias taken by another variant is refused)."""
    for key in (variant.name, *variant.aliases):
        taken = _BY_NAME_OR_ALIAS.get(key.lower())
        if taken is not None and taken.name != variant.name:
            raise ValueError(f"{key!r} names {taken.name} already")
    _REGISTERED[variant.name] = variant
    for key in (variant.name, *variant.aliases):
        _BY_NAME_OR_ALIAS[key.lower()] = variant
    return variant


def registered() -> dict[str, Variant]:
    """The registered variants by name, in the order they registered."""
    return dict(_REGISTERED)


def variant_named(name: object) -> Variant:
    """The variant registered under a name or one of its aliases, or a SetupError naming the known ones."""
    if not isinstance(name, str) or name.lower() not in _BY_NAME_OR_ALIAS:
        raise SetupError(f"variant must be one of: {', '.join(sorted(_BY_NAME_OR_ALIAS))}", field="variant")
    return _BY_NAME_OR_ALIAS[name.lower()]
