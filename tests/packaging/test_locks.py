"""The lock files: compiled from pyproject.toml for every supported Python, with hashes, and checked for drift."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path
from types import ModuleType

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf8"))
SUPPORTED = [c.rsplit(" ", 1)[-1] for c in PYPROJECT["project"]["classifiers"] if re.fullmatch(r".*:: 3\.\d+", c)]
LOCKED = re.compile(r"^(?P<pin>[^\s#\\][^\\]*?)\s*\\?$")


def locked(lock: str) -> list[Requirement]:
    """The pinned requirements of a lock file (name==version, with the markers they hold under)."""
    lines = (ROOT / lock).read_text(encoding="utf8").splitlines()
    return [Requirement(match["pin"]) for line in lines if (match := LOCKED.match(line))]


def environment(python: str) -> dict[str, str]:
    """The marker environment of CPython `python` on this platform."""
    return {**default_environment(), "python_version": python, "python_full_version": f"{python}.0"}


def pins_for(lock: str, python: str) -> dict[str, str]:
    """Name to pinned version, for the pins that apply on CPython `python` on this platform."""
    env = environment(python)
    pins: dict[str, str] = {}
    for requirement in locked(lock):
        if requirement.marker is None or requirement.marker.evaluate(env):
            assert requirement.name not in pins, f"{lock} pins {requirement.name} twice for Python {python}"
            (specifier,) = requirement.specifier
            pins[requirement.name] = specifier.version
    return pins


def test_the_lock_files_match_pyproject_toml(lockfile: ModuleType) -> None:
    assert lockfile.disagreements(ROOT) == [], "run `make lock` and commit both lock files"


def test_the_supported_pythons_are_named_alike_in_pyproject_and_the_makefile() -> None:
    assert SUPPORTED == ["3.11", "3.12", "3.13"]
    assert f"PYTHONS := {' '.join(SUPPORTED)}\n" in (ROOT / "Makefile").read_text(encoding="utf8")
    assert PYPROJECT["project"]["requires-python"] == f">={SUPPORTED[0]}"


@pytest.mark.parametrize("python", SUPPORTED)
@pytest.mark.parametrize(
    ("lock", "groups"),
    [("requirements.txt", ["dependencies"]), ("requirements-dev.txt", ["dependencies", "dev"])],
)
def test_each_lock_pins_what_pyproject_asks_for_on_every_supported_python(
    lock: str, groups: list[str], python: str
) -> None:
    pins = pins_for(lock, python)
    project = PYPROJECT["project"]
    asked = [*PYPROJECT["build-system"]["requires"]]
    for group in groups:
        asked += project["dependencies"] if group == "dependencies" else project["optional-dependencies"][group]
    for text in asked:
        requirement = Requirement(text)
        name = requirement.name.lower().replace("_", "-")
        assert name in pins, f"{lock} has no pin of {name} for Python {python}: run `make lock`"
        assert requirement.specifier.contains(pins[name]), f"{lock}: {name}=={pins[name]} is outside {text}"


def test_every_pin_carries_hashes_and_the_two_locks_never_pin_a_package_apart() -> None:
    for lock in ("requirements.txt", "requirements-dev.txt"):
        text = (ROOT / lock).read_text(encoding="utf8")
        entries = re.split(r"\n(?=[^\s#])", text.split("\n", 3)[3])
        assert entries and all("--hash=sha256:" in entry for entry in entries), lock
    run, dev = pins_for("requirements.txt", SUPPORTED[0]), pins_for("requirements-dev.txt", SUPPORTED[0])
    assert run.items() <= dev.items()


def test_changing_a_dependency_makes_the_check_fail_and_reordering_them_does_not(
    lockfile: ModuleType, tmp_path: Path
) -> None:
    for name in ("pyproject.toml", *lockfile.LOCKS):
        shutil.copy2(ROOT / name, tmp_path / name)
    pyproject = tmp_path / "pyproject.toml"
    original = pyproject.read_text(encoding="utf8")
    first, second = PYPROJECT["project"]["dependencies"][:2]
    pyproject.write_text(original.replace(f'"{first}",\n    "{second}"', f'"{second}",\n    "{first}"'), "utf8")
    assert pyproject.read_text(encoding="utf8") != original
    assert lockfile.disagreements(tmp_path) == []
    pyproject.write_text(original.replace("dependencies = [\n", 'dependencies = [\n    "rich>=13",\n', 1), "utf8")
    assert len(lockfile.disagreements(tmp_path)) == 2
    pyproject.write_text(original.replace(f'"{first}"', f'"{first},!=0.0.1"'), "utf8")
    assert [problem.split(" ")[0] for problem in lockfile.disagreements(tmp_path)] == list(lockfile.LOCKS)
    (tmp_path / "requirements.txt").unlink()
    assert "requirements.txt is missing" in lockfile.disagreements(tmp_path)
