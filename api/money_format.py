"""Money and dates as the pages show them: amounts in a currency's minor units (as the API gives them) formatted by
Babel's CLDR data for the page's language and region, so that 1500 NOK øre reads `15,00 kr` in Bokmål and 1500 GBP
pence `£15.00` in British English.

The pages format amounts in their scripts (api/static/money.js), from what `money_format()` hands them: the
locale's currency pattern (its prefixes and suffixes, positive and negative), its grouping, its decimal and group
signs, each currency's symbol in that locale and the currencies whose minor unit is not a hundredth. The region comes
from the browser's Accept-Language for English (`en-GB` formats as in Britain; plain `en` as in the United States,
CLDR's default), and Norwegian is formatted as in Norway.
"""

from __future__ import annotations

from decimal import Decimal
from functools import cache
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.numbers import format_currency, format_decimal, get_currency_precision, get_currency_symbol
from flask import Flask, request

from api.i18n import page_language, unit_name
from domain.money.currency import CURRENCIES

REGION_OF = {"nb": "nb_NO"}
"""The locale a language is formatted in when the browser names no region of it."""


def page_locale() -> str:
    """The locale that formats the page's numbers: its language, in the region the browser asks for it (the first
    Accept-Language entry of that language naming a region Babel knows), else the language's usual region."""
    language = page_language()
    for asked, _quality in request.accept_languages:
        code = asked.replace("-", "_")
        spoken, _, region = code.partition("_")
        if spoken.lower() in (language, "no", "nn") and region:
            try:
                return str(Locale.parse(f"{language}_{region.upper()}"))
            except (UnknownLocaleError, ValueError):
                continue
    return REGION_OF.get(language, language)


@cache
def money_format(locale: str) -> dict[str, Any]:
    """What a page's script needs to format money as Babel does in a locale (see api/static/money.js)."""
    parsed = Locale.parse(locale)
    pattern = parsed.currency_formats["standard"]
    symbols = parsed.number_symbols["latn"]
    return {
        "locale": locale,
        "prefix": list(pattern.prefix),
        "suffix": list(pattern.suffix),
        "grouping": list(pattern.grouping),
        "decimal": symbols["decimal"],
        "group": symbols["group"],
        "symbols": {code: get_currency_symbol(code, parsed) for code in sorted(CURRENCIES)},
        "digits": {code: digits for code in sorted(CURRENCIES) if (digits := get_currency_precision(code)) != 2},
    }


def page_money_format() -> dict[str, Any]:
    """The money format of the page being rendered."""
    return money_format(page_locale())


def format_money(minor: int, currency: str | None, locale: str | None = None) -> str:
    """An amount of minor units as the page shows it (api/static/money.js writes the same): in the currency, as
    Babel formats it for the locale (the page's by default); without one, in major units without a symbol."""
    shown = locale or page_locale()
    if currency is None:
        return format_decimal(Decimal(minor).scaleb(-2), format="#,##0.00", locale=shown)
    return format_currency(Decimal(minor).scaleb(-get_currency_precision(currency)), currency, locale=shown)


def shown_amount(amount: int, unit: str, currency: str | None) -> str:
    """An amount of a settlement's unit as a page shows it: money as money, chips and points with their unit's
    name."""
    return format_money(amount, currency) if unit == "money" else f"{amount} {unit_name(unit)}"


def page_locale_tag() -> str:
    """The page's locale as a BCP 47 tag (`en-GB`, `nb-NO`), which the pages' scripts write dates in."""
    return page_locale().replace("_", "-")


def install(app: Flask) -> None:
    """For the templates: `page_money_format()`, which a page that shows money hands to its scripts (base.html),
    `page_locale_tag()`, the locale the scripts write dates in, and `amount()`, an amount of a unit as the page
    shows it."""
    app.jinja_env.globals.update(page_money_format=page_money_format, page_locale_tag=page_locale_tag,
                                 amount=shown_amount)
