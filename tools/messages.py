"""The pages' message catalogue: extract, update and compile (`make messages`), or check (the tests).

The template (api/translations/messages.pot) holds every text of the pages: what `_()`, `gettext`, `lazy_gettext`
and `pgettext` mark in api/ (Python and Jinja templates), every action kind of every variant (context `action`),
every problem title of the registry (context `problem`), every option's description (context `option`) and every
rule's sentence and problem code's concerns (context `rule`), with the other registries of api/domain_words.py. Each
language's catalogue (api/translations/<language>/LC_MESSAGES/messages.po) is updated from it, keeping its
translations, and compiled to the messages.mo the service reads. `check()` says what is out of date or
untranslated: a text added to a page, a new action kind, problem code, option or rule without its Norwegian, or a .mo
not compiled from its .po.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from api.domain_words import (
    ACTION_CONTEXT,
    ACTION_KINDS,
    CHOICE_CONTEXT,
    CHOICES,
    GLYPH_CONTEXT,
    GLYPH_WORDS,
    OPTION_CONTEXT,
    OPTION_DESCRIPTIONS,
    PHRASE_CONTEXT,
    PHRASES,
    PROBLEM_CONTEXT,
    RULE_CONTEXT,
    RULE_SENTENCES,
    SPACE_CONTEXT,
    SPACES,
)
from api.i18n import DEFAULT_LANGUAGE, LANGUAGES, TRANSLATIONS
from api.problem_table import PROBLEMS

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = TRANSLATIONS / "messages.pot"
KEYWORDS = {"_": None, "gettext": None, "lazy_gettext": None, "pgettext": ((1, "c"), 2), "lazy_pgettext": ((1, "c"), 2)}
METHODS = [("api/**.py", "python"), ("api/templates/**.html", "jinja2")]
# Babel's Jinja extractor reads the same `_()` calls the app's Jinja environment defines.
OPTIONS = {"api/templates/**.html": {"extensions": "jinja2.ext.do"}}


def extracted() -> Catalog:
    """Every text of the pages, with where it is used."""
    catalog = Catalog(project="Meldbook", msgid_bugs_address=None, fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT), METHODS, keywords=KEYWORDS, options_map=OPTIONS, strip_comment_tags=True
    ):
        catalog.add(message, None, [(f"api/{filename}" if not filename.startswith("api") else filename, lineno)],
                    auto_comments=comments, context=context)
    for kind in ACTION_KINDS:
        catalog.add(kind.replace("_", " "), None, [("domain/variants.py", 0)], context=ACTION_CONTEXT)
    for title in sorted({problem.title for problem in PROBLEMS.values()} | {"Request refused"}):
        catalog.add(title, None, [("domain/variants.py", 0)], context=PROBLEM_CONTEXT)
    for description in OPTION_DESCRIPTIONS:
        catalog.add(description, None, [("domain/variants.py", 0)], context=OPTION_CONTEXT)
    for choice in CHOICES:
        catalog.add(choice.replace("_", " "), None, [("domain/variants.py", 0)], context=CHOICE_CONTEXT)
    for glyph in GLYPH_WORDS:
        catalog.add(glyph.replace("-", " "), None, [("domain/beside/annotations.py", 0)], context=GLYPH_CONTEXT)
    for space in SPACES:
        catalog.add(space, None, [("domain/variants.py", 0)], context=SPACE_CONTEXT)
    for phrase in PHRASES:
        catalog.add(phrase, None, [("domain/rules/words.py", 0)], context=PHRASE_CONTEXT)
    for sentence in RULE_SENTENCES:
        catalog.add(sentence, None, [("domain/rules/catalogue.py", 0)], context=RULE_CONTEXT)
    return catalog


def _po_path(language: str) -> Path:
    return TRANSLATIONS / language / "LC_MESSAGES" / "messages.po"


def _read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language)


def _po_bytes(catalog: Catalog, **options: bool) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=120, omit_header=False, sort_output=True, **options)  # type: ignore[arg-type]
    return out.getvalue()


def _mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def translated_languages() -> Iterator[str]:
    return (language for language in LANGUAGES if language != DEFAULT_LANGUAGE)


def write() -> None:
    """Extract the template, update each language's catalogue from it and compile it."""
    template = extracted()
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_bytes(_po_bytes(template, no_location=True))
    for language in translated_languages():
        path = _po_path(language)
        catalog = _read(path, language) if path.exists() else Catalog(locale=language)
        catalog.update(template, no_fuzzy_matching=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_po_bytes(catalog, no_location=True, ignore_obsolete=True))
        path.with_suffix(".mo").write_bytes(_mo_bytes(_read(path, language)))


def check() -> list[str]:
    """What is out of date: the template against the sources, each catalogue against the template, each .mo."""
    faults: list[str] = []
    wanted = {(m.context, m.id) for m in extracted() if m.id}
    for language in translated_languages():
        path = _po_path(language)
        if not path.exists():
            return [f"{path.relative_to(ROOT)} is missing: run `make messages`"]
        catalog = _read(path, language)
        have = {(m.context, m.id): m for m in catalog if m.id}
        faults += [f"{language}: {ctx or ''}|{mid!r} is not in the catalogue" for ctx, mid in sorted(
            wanted - set(have), key=str)]
        faults += [f"{language}: {ctx or ''}|{mid!r} is in the catalogue but no page uses it" for ctx, mid in sorted(
            set(have) - wanted, key=str)]
        faults += [f"{language}: {key[1]!r} has no translation" for key, m in have.items()
                   if key in wanted and not m.string]
        faults += [f"{language}: {key[1]!r} is marked fuzzy" for key, m in have.items() if m.fuzzy]
        mo = path.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != _mo_bytes(catalog):
            faults.append(f"{mo.relative_to(ROOT)} is not compiled from its .po: run `make messages`")
    return faults


if __name__ == "__main__":
    if sys.argv[1:] == ["check"]:
        problems = check()
        print("\n".join(problems) or "the catalogues are complete")
        sys.exit(1 if problems else 0)
    write()
    print("\n".join(check()) or "the catalogues are complete")
