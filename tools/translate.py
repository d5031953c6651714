"""Fill a language's catalogue from a table of translations (`python -m tools.translate nb FILE.py`).

FILE defines dicts named after message contexts: PAGE (no context), ACTION, PROBLEM, ... (the context in upper case),
each mapping an English text to its translation. Entries the catalogue does not hold are reported, not added; run
`make messages` first so that the catalogue holds every text, and again afterwards to compile it.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

from api.i18n import TRANSLATIONS


def main(language: str, table_file: str) -> None:
    tables = {k: v for k, v in runpy.run_path(table_file).items() if k.isupper() and isinstance(v, dict)}
    path = TRANSLATIONS / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as file:
        catalog = read_po(file, locale=language)
    unused: list[str] = []
    for name, table in tables.items():
        context = None if name == "PAGE" else name.lower()
        for english, translated in table.items():
            message = catalog.get(english, context=context)
            if message is None:
                unused.append(f"{name}: {english!r}")
            else:
                message.string = translated
                message.flags.discard("fuzzy")
    with Path(path).open("wb") as file:
        write_po(file, catalog, width=120, sort_output=True, no_location=True, ignore_obsolete=True)
    print("\n".join(unused) or "every entry was used")


if __name__ == "__main__":
    main(*sys.argv[1:3])
