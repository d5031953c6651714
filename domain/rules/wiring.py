"""A variant's rules wired by data: which of the Variant's attributes each of the variant's rule modules supplies,
and by which member, and which of its functions decides each action of the table. A variant names its rule modules
once (`Variant.rule_modules`); the Variant reads each attribute from them by this table, rather than every variant
forwarding each member by hand."""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import Any

from domain.rules.versions import adopt_rules, adopt_rules_kind

WIRING: tuple[tuple[str, str, str], ...] = (
    ("legacy_openers", "legacy", "OPENERS"),
    ("opens_move", "legacy", "opens_move"),
    ("phrases", "words", "PHRASES"),
    ("rule_table", "catalogue", "RULES"),
    ("ledger_readings", "catalogue", "READINGS"),
    ("conservation", "catalogue", "CONSERVATION"),
    ("list_legal", "legal", "actions"),
    ("examples_of_the_table", "irregular", "table_examples"),
    ("count_for_night", "night", "night_lines"),
    ("notation_fields", "notation", "POSITIONAL"),
    ("notation_transfers", "notation", "TRANSFERS"),
    ("rules_versions", "versions", "VERSIONS"),
)
"""Each row: the Variant's attribute, the variant's module that supplies it (domain/<variant>/<module>.py), and the
member of that module it is."""


def wire(variant: type[Any], names: tuple[str, ...]) -> None:
    """Give the variant class each attribute its rule modules (named in its own package) supply by the wiring table,
    unless its own body sets it; a module the table names without the member it expects is an error when the
    variant is defined."""
    package = variant.__module__.rsplit(".", 1)[0]
    by_name = {name: import_module(f"{package}.{name}") for name in names}
    for attribute, module_name, member in WIRING:
        module = by_name.get(module_name)
        if module is not None and attribute not in variant.__dict__:
            setattr(variant, attribute, getattr(module, member))
    if "irregular" in by_name:
        variant.table_rules = table_rules(variant, by_name["irregular"])
    if "action_kinds" in variant.__dict__ and len(variant.rules_versions) > 1:
        with_rules_versions(variant)


def with_rules_versions(variant: type[Any]) -> None:
    """The table of a variant whose rules have changed may carry a game on under a newer version of them
    (domain/rules/versions.py): the action of the table, with the variant's versions as its choices, and its rule."""
    kind = adopt_rules_kind(variant.rules_versions)
    variant.action_kinds = {**variant.action_kinds, kind.type: kind}
    variant.table_rules = {**variant.table_rules, kind.type: adopt_rules}


def table_rules(variant: type[Any], irregular: ModuleType) -> dict[str, Any]:
    """The rule deciding each action of the table (each kind the variant declares with `table=True`): the one its
    own body names in `table_rules`, else its irregular module's function of the kind's name (`misdeal`, ...)."""
    own: dict[str, Any] = dict(variant.__dict__.get("table_rules", {}))
    kinds = variant.__dict__.get("action_kinds", {}).values()
    wired = {kind.type: getattr(irregular, kind.type) for kind in kinds if kind.table and kind.type not in own}
    return {**wired, **own}
