"""The architecture's import rules hold: import-linter's contracts (pyproject.toml's [tool.importlinter]: the layers,
the variants apart, the generic domain below them, no web or database library in the domain or the bots) and no
import cycle among the product's modules, every import counted (at module level, inside functions and under
TYPE_CHECKING alike).

Each check is shown to fail on a small tree that breaks it, so that a check grown toothless fails here too.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from collections.abc import Mapping, Set
from pathlib import Path

import grimp
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
PRODUCT = tuple(CONFIG["root_packages"])


def import_cycles(graph: Mapping[str, Set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, without recursion), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            target = next((t for t in targets if t in graph), None)
            if target is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif target not in index:
                index[target] = low[target] = len(index)
                stack.append(target)
                on_stack.add(target)
                work.append((target, iter(sorted(graph[target]))))
            elif target in on_stack:
                low[node] = min(low[node], index[target])
    return sorted(found)


def product_graph() -> dict[str, set[str]]:
    """Each product module with the product modules it imports (grimp's graph: every import statement)."""
    graph = grimp.build_graph(*PRODUCT, exclude_type_checking_imports=False)
    return {module: set(graph.find_modules_directly_imported_by(module)) for module in graph.modules}


def test_the_cycle_finder_finds_cycles_and_leaves_chains_alone() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"e"}, "e": set(), "f": {"f2"}, "f2": {"f"}}
    assert import_cycles(graph) == [["a", "b", "c"], ["f", "f2"]]
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_no_product_module_imports_itself_back() -> None:
    graph = product_graph()
    assert {module.split(".")[0] for module in graph} == set(PRODUCT)
    assert import_cycles(graph) == []


def test_the_import_contracts_are_kept() -> None:
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True) == 0


def named_modules() -> set[str]:
    """The product modules the contracts name, as paths (`domain/cards`): a tree must hold them to be checked."""
    keys = ("modules", "source_modules", "forbidden_modules", "layers")
    named = {m for c in CONFIG["contracts"] for key in keys for m in c.get(key, [])}
    return {m.replace(".", "/") for m in named if m.split(".")[0] in PRODUCT and "." in m}


def test_a_domain_module_importing_the_api_or_one_variant_importing_another_breaks_the_contracts(
    tmp_path: Path,
) -> None:
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8"), encoding="utf-8")
    for package in (*PRODUCT, *named_modules()):
        (tmp_path / package).mkdir(parents=True, exist_ok=True)
        (tmp_path / package / "__init__.py").write_text("", encoding="utf-8")
    check = [
        sys.executable,
        "-c",
        "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(no_cache=True, no_logo=True))",
    ]

    def contracts_kept() -> bool:
        ran = subprocess.run(check, cwd=tmp_path, env={"PYTHONPATH": str(tmp_path)}, capture_output=True, text=True)
        assert "Contracts:" in ran.stdout, ran.stdout + ran.stderr
        return ran.returncode == 0

    assert contracts_kept()
    for source, line in (
        ("domain/roby/rules.py", "import domain.royal\n"),
        ("domain/cards/card.py", "from api import views\n"),
        ("domain/cards/melds.py", "import domain.rules\n"),
        ("domain/roby/variant.py", "from domain import variants\n"),
        ("domain/notation/grammars.py", "import domain.roby\n"),
        ("bots/play.py", "import flask\n"),
    ):
        (tmp_path / source).write_text(line, encoding="utf-8")
        (tmp_path / "api" / "views.py").write_text("", encoding="utf-8")
        assert not contracts_kept(), source
        (tmp_path / source).unlink()
