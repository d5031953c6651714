"""A game's currency: an optional ISO 4217 code (as Babel's CLDR data knows them), in which its money amounts are
minor units (øre, pence, cents). A game without one counts its money in minor units of no named currency."""

from __future__ import annotations

from babel.numbers import list_currencies

from domain.errors import SetupError

CURRENCIES = frozenset(list_currencies())
"""Every ISO 4217 code, current or historic, that CLDR names."""


def check_currency(value: object, field: str = "currency") -> str | None:
    """The currency code, or None; refused (naming the field) when it is not an ISO 4217 code."""
    if value is None:
        return None
    if not isinstance(value, str) or value not in CURRENCIES:
        raise SetupError(
            f"{field} must be an ISO 4217 currency code in capitals, such as NOK, GBP or EUR (or null), not {value!r}",
            field=field,
        )
    return value
