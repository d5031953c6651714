"""The generated tables of each variant's docs/rules page (`make rules-docs` writes them).

A page holds two kinds of table between markers, and prose written by hand around them:
- its **rule-to-test tables** (the seed's sentences, the rulings, Meldbook's own rules, ...): data beside the page,
  `docs/rules/<page>.toml`, each rule with its id, its sentence and the tests that cover it; an index that says
  `shared = "corrections"` lists first the rulings on corrections every variant shares (docs/rules/corrections.toml),
  under the variant's own ids; a row without a sentence lists a rule of the product's catalogue (a rule the product
  names, such as a finding's), whose sentence is read there, so that it is written once;
- its **catalogue table**: the rules the variant's package applies (the payouts and scores it stores, the refusals
  and findings it names) that no rule-to-test table lists, read from the product's rule catalogue
  (`Variant.rule_table`).

tests/unit/test_rule_indexes.py and tests/unit/test_rule_catalogue.py fail when a committed page differs from what
this writes, or a rule-to-test table names a test that does not exist.
"""

from __future__ import annotations

import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from domain.rules.rule import SOURCES
from domain.rules.variant import Variant
from domain.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[1]
RULES_DOCS = ROOT / "docs" / "rules"
BEGIN, END = "<!-- rule catalogue: begin (make rules-docs) -->", "<!-- rule catalogue: end -->"
"""The markers around the generated catalogue table of a docs/rules page."""


@dataclass(frozen=True, slots=True)
class IndexedRule:
    """A row of a rule-to-test table: the rule's id and sentence, where it comes from, and the tests that cover it."""

    id: str
    sentence: str
    source: str
    tests: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RuleIndex:
    """One rule-to-test table of a page: the name its markers carry, its header row, and its rules in order."""

    name: str
    header: str
    rules: tuple[IndexedRule, ...]


def page_of(variant: Variant) -> Path:
    """A variant's rules page: docs/rules/<its title, in lower case, dashed>.md."""
    return RULES_DOCS / f"{variant.title.lower().replace(' ', '-')}.md"


def _read(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf8"))


def _sentence(variant: Variant, row: dict[str, Any], source: str) -> str:
    """A row's sentence; a row without one lists a rule of the product's catalogue, whose sentence is read there."""
    if "sentence" in row:
        return str(row["sentence"])
    rule = next((rule for rule in variant.rule_table if rule.id == row["id"]), None)
    if rule is None or rule.source != source:
        raise ValueError(f"{row['id']} has no sentence, and {variant.name}'s rule table holds no such {source} rule")
    return rule.sentence


def _index(variant: Variant, table: dict[str, Any]) -> RuleIndex:
    name, source = table["name"], table["source"]
    if source not in SOURCES:
        raise ValueError(f"{variant.name}'s rule index {name!r} names the source {source!r}, not one of {SOURCES}")
    rows = [(rule["id"], _sentence(variant, rule, source), rule["tests"]) for rule in table.get("rule", [])]
    if "shared" in table:
        shared = _read(RULES_DOCS / f"{table['shared']}.toml")["rule"]
        rows = [(f"{variant.name}.{name}.{rule['name']}", rule["sentence"], rule["tests"]) for rule in shared] + rows
    rules = tuple(IndexedRule(rule_id, sentence, source, tuple(tests)) for rule_id, sentence, tests in rows)
    return RuleIndex(name, table["header"], rules)


def rule_indexes(variant: Variant) -> tuple[RuleIndex, ...]:
    """The rule-to-test tables of a variant's page, in the page's order, from docs/rules/<page>.toml."""
    return tuple(_index(variant, table) for table in _read(page_of(variant).with_suffix(".toml"))["index"])


def rules_table(variant: Variant) -> str:
    """The catalogue table of a variant's page, between its markers: every rule of its rule table that no
    rule-to-test table lists."""
    indexed = {rule.id for index in rule_indexes(variant) for rule in index.rules}
    rules = (r for r in variant.rule_table if r.id not in indexed)
    rows = (f"| `{r.id}` | {r.sentence.replace('|', '/')} | {r.source} |" for r in rules)
    return "\n".join([BEGIN, "", "| Rule id | Sentence | Source |", "|---|---|---|", *rows, "", END])


def index_markers(index: RuleIndex) -> tuple[str, str]:
    """The markers around a rule-to-test table of a page."""
    return f"<!-- rule index: {index.name} (make rules-docs) -->", f"<!-- rule index: {index.name} end -->"


def index_table(index: RuleIndex) -> str:
    """A rule-to-test table as the page shows it, between its markers: each sentence with its tests."""
    begin, end = index_markers(index)
    rows = (f"| {r.sentence} | {', '.join(f'`{test}`' for test in r.tests)} |" for r in index.rules)
    return "\n".join([begin, "", index.header, "|---|---|", *rows, "", end])


def _replaced(page: str, begin: str, end: str, table: str) -> str:
    head, rest = page.split(begin, 1)
    return head + table + rest.split(end, 1)[1]


def with_rules_table(page: str, variant: Variant, indexes: tuple[RuleIndex, ...] | None = None) -> str:
    """A page with its generated tables replaced: each rule-to-test table between its markers (a page without them
    is refused: the prose around a table is written by hand), and the catalogue table (appended, on a page that has
    none yet). `indexes`: the variant's own (its data file) unless given."""
    for index in rule_indexes(variant) if indexes is None else indexes:
        begin, end = index_markers(index)
        if begin not in page or end not in page:
            raise ValueError(f"the {variant.name} rules page has no markers for its rule index {index.name!r}")
        page = _replaced(page, begin, end, index_table(index))
    table = rules_table(variant)
    if BEGIN in page and END in page:
        return _replaced(page, BEGIN, END, table)
    heading = "\n## Rule catalogue (generated from the variant's rule table: `make rules-docs`)\n\n"
    return page.rstrip("\n") + "\n" + heading + table + "\n"


def main() -> int:
    """Rewrite every page whose tables are not what its data and the catalogue make; say which."""
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
