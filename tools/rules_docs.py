"""Write the rule catalogue's tables of each variant into its docs/rules page (`make rules-docs`).

Each rule-to-test table (the variant's rule indexes, domain/<variant>/index_*.py) and the catalogue table of the
rules no index lists sit between their markers (domain/catalogue.py); the prose around them is left as it is.
tests/unit/test_rule_indexes.py and tests/unit/test_rule_catalogue.py fail when a committed page differs from what
this writes.
"""

from __future__ import annotations

import sys
from pathlib import Path

from domain.catalogue import with_rules_table
from domain.variant import Variant
from domain.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[1]


def page_of(variant: Variant) -> Path:
    """A variant's rules page: docs/rules/<its title, in lower case, dashed>.md."""
    return ROOT / "docs" / "rules" / f"{variant.title.lower().replace(' ', '-')}.md"


def main() -> int:
    """Rewrite every page whose table is not the catalogue's; say which."""
    for variant in VARIANTS.values():
        page = page_of(variant)
        text = page.read_text(encoding="utf8")
        wanted = with_rules_table(text, variant)
        if wanted != text:
            page.write_text(wanted, encoding="utf8")
            print(f"wrote {page.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
