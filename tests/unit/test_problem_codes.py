"""Every problem code the code can raise is in the problem table, in the right package, and every entry is raised.

The sources are read, not run: each `code=` argument, each error class's declaration (`problem = Problem("...",
...)`), and each argument given to a parameter named `code`, is resolved to the string it names. An expression this
test cannot resolve fails it too, so a new way of naming codes has to be taught here rather than slip past.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from dataclasses import dataclass, fields
from pathlib import Path

import pytest

from api.problem_table import PROBLEMS, REFUSED, STATUSES, status_of
from domain.errors import MeldbookError, Problem, problems_of
from domain.problems import GENERIC
from domain.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("domain", "service", "api", "replays")


@dataclass(frozen=True)
class Raised:
    """A code as the sources name it, and where."""

    code: str
    where: str


def _modules() -> Iterator[tuple[str, Path, ast.Module]]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            yield module, path, ast.parse(path.read_text(encoding="utf8"))


def _code_parameters(modules: list[tuple[str, Path, ast.Module]]) -> dict[str, int]:
    """Module functions that pass a `code` parameter on as a problem code, by dotted name: the code's position.

    A function passes it on when it hands it over as `code=code` or puts it in a document as `"code": code`.
    """
    found = {}
    for module, _, tree in modules:
        for node in tree.body:
            names = [a.arg for a in node.args.args] if isinstance(node, ast.FunctionDef) else []
            if "code" in names and any(_passes_code_on(inner) for inner in ast.walk(node)):
                found[f"{module}.{node.name}"] = names.index("code")
    return found


def _passes_code_on(node: ast.AST) -> bool:
    def is_code(value: ast.AST | None) -> bool:
        return isinstance(value, ast.Name) and value.id == "code"

    if isinstance(node, ast.keyword):
        return node.arg == "code" and is_code(node.value)
    if isinstance(node, ast.Dict):
        return any(
            getattr(k, "value", None) == "code" and is_code(v) for k, v in zip(node.keys, node.values, strict=True)
        )
    return False


def _bound_names(module: str, tree: ast.Module) -> dict[str, str]:
    """What each name bound at the top of a module stands for: the dotted name of a definition or an import."""
    names = {n.name: f"{module}.{n.name}" for n in tree.body if isinstance(n, ast.FunctionDef)}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            names.update({a.asname or a.name: f"{node.module}.{a.name}" for a in node.names})
    return names


class _Collector(ast.NodeVisitor):
    """The expressions that name a problem code in one module, with the parameters in scope at each."""

    def __init__(self, module: str, tree: ast.Module, coded: dict[str, int]) -> None:
        self.module = module
        self.coded = coded
        self.names = _bound_names(module, tree)
        self.scope: list[set[str]] = [set()]
        self.found: list[tuple[ast.expr, set[str], int]] = []

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        local = {a.arg for a in node.args.args + node.args.kwonlyargs}
        for statement in ast.walk(node) if self._hands_on_code(node) else ():
            if isinstance(statement, ast.Assign) and any(getattr(t, "id", "") == "code" for t in statement.targets):
                self.found.append((statement.value, set(local), statement.lineno))
                local.add("code")
        self.scope.append(local)
        self.generic_visit(node)
        self.scope.pop()

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        error = getattr(importlib.import_module(self.module), node.name, None)
        for statement in node.body if isinstance(error, type) and issubclass(error, MeldbookError) else ():
            declares = isinstance(statement, (ast.Assign, ast.AnnAssign)) and isinstance(statement.value, ast.Call)
            targets = [statement.target] if isinstance(statement, ast.AnnAssign) else getattr(statement, "targets", [])
            target = targets[0] if targets else None
            if declares and getattr(target, "id", "") == "problem":  # problem = Problem("code", ...): its declaration
                self.found.append((statement.value.args[0], set(), statement.lineno))  # type: ignore[union-attr]
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        for keyword in node.keywords:
            if keyword.arg == "code":
                self.found.append((keyword.value, self.scope[-1], node.lineno))
        position = self.coded.get(self._callee(node.func), -1)
        if 0 <= position < len(node.args):
            self.found.append((node.args[position], self.scope[-1], node.lineno))
        self.generic_visit(node)

    def _hands_on_code(self, function: ast.FunctionDef) -> bool:
        """Whether a function hands a variable named `code` on as a problem code (so a local `code` is one)."""
        for node in ast.walk(function):
            if _passes_code_on(node):
                return True
            at = self.coded.get(self._callee(node.func), -1) if isinstance(node, ast.Call) else -1
            if 0 <= at < len(node.args) and isinstance(node.args[at], ast.Name) and node.args[at].id == "code":  # type: ignore[attr-defined]
                return True
        return False

    def _callee(self, func: ast.expr) -> str:
        """The dotted name of a called module function (`check_due(...)` or `cutting.check_due(...)`), or ''."""
        if isinstance(func, ast.Name):
            return self.names.get(func.id, "")
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in self.names:
            return f"{self.names[func.value.id]}.{func.attr}"
        return ""


def _resolve(expression: ast.expr, in_scope: set[str], module: str) -> list[str]:
    """The codes an expression names; none for a parameter or a local (its callers or its assignment are checked)."""
    namespace = vars(importlib.import_module(module))
    if isinstance(expression, ast.Constant) and isinstance(expression.value, str):
        return [expression.value]
    if isinstance(expression, ast.IfExp):
        return _resolve(expression.body, in_scope, module) + _resolve(expression.orelse, in_scope, module)
    root = expression
    while isinstance(root, ast.Attribute):
        root = root.value
    if isinstance(root, ast.Name) and root.id in in_scope:
        return []
    if isinstance(expression, (ast.Name, ast.Attribute)):
        value = eval(ast.unparse(expression), namespace)  # a module constant
        assert isinstance(value, str), f"{module}: {ast.unparse(expression)} is not a code"
        return [value]
    if isinstance(expression, ast.Call) and getattr(expression.func, "attr", "") == "get":
        table = eval(ast.unparse(expression.func.value), namespace)  # a module table: any value, or the default
        return [*table.values(), *_resolve(expression.args[1], in_scope, module)]
    raise AssertionError(f"{module}: cannot tell which code {ast.unparse(expression)} names")


def raised_codes() -> list[Raised]:
    """Every problem code the sources can raise, with its file and line."""
    modules = list(_modules())
    coded = _code_parameters(modules)
    raised = []
    for module, path, tree in modules:
        collector = _Collector(module, tree, coded)
        collector.visit(tree)
        for expression, parameters, line in collector.found:
            for code in _resolve(expression, parameters, module):
                raised.append(Raised(code, f"{path.relative_to(ROOT)}:{line}"))
    return raised


RAISED = raised_codes()


def test_the_scan_finds_the_codes_of_every_layer() -> None:
    codes = {r.code for r in RAISED}
    assert {"roby.discard.fits-meld", "robins.rummy.expired", "royal.cut.not-due", "roby.deal.ten-cards"} <= codes
    assert {"unknown-card", "game-not-found", "missing-token", "validation-error", "invalid-text"} <= codes


@pytest.mark.parametrize("raised", RAISED, ids=lambda r: f"{r.code}@{r.where}")
def test_every_raised_code_is_in_the_problem_table(raised: Raised) -> None:
    assert raised.code in PROBLEMS, (
        f"{raised.where} raises {raised.code}, which no problem table lists: declare it on its error class, or add "
        "it to the variant's domain/<variant>/problems.py for a rule code"
    )


def test_a_variants_rule_codes_are_raised_in_its_own_package_and_listed_in_its_own_table() -> None:
    for name, variant in VARIANTS.items():
        assert variant.problems and all(p.code.startswith(f"{name}.") for p in variant.problems)
        for raised in (r for r in RAISED if r.code.startswith(f"{name}.")):
            assert raised.where.startswith(f"domain/{name}/") or raised.where.startswith("domain/"), raised
            assert raised.code in {p.code for p in variant.problems}, raised


def test_every_code_in_the_table_is_raised_somewhere() -> None:
    assert set(PROBLEMS) - {r.code for r in RAISED} == set()


def test_every_entry_has_a_title_what_it_concerns_and_an_example() -> None:
    for problem in PROBLEMS.values():
        assert problem.title and problem.concerns and problem.example, problem
    assert set(STATUSES) <= set(PROBLEMS) and all(400 <= status < 600 for status in STATUSES.values())
    assert {p.code for p in GENERIC} <= set(PROBLEMS)


def test_an_error_class_answers_with_the_code_it_declares_and_its_subclass_without_one_inherits_it() -> None:
    class Declared(MeldbookError):
        problem = Problem("declared-here", "Declared here", "what it concerns", "an example")

    class Inheriting(Declared):
        pass

    assert (Declared.code, Inheriting.code, MeldbookError.code) == ("declared-here", "declared-here", "meldbook-error")
    assert Declared("refused").code == "declared-here"
    assert Declared("refused", code="roby.draw-first").code == "roby.draw-first"  # a rule's code, named as it refuses
    assert problems_of(Declared, Inheriting) == (Declared.problem, Declared.problem)


def test_every_status_is_the_apis_and_the_domain_declares_none() -> None:
    assert "status" not in {f.name for f in fields(Problem)}
    assert status_of("stale-version") == 409 and status_of("roby.draw-first") == 422 == REFUSED
