"""The wheel: built from the checkout, it carries every file the service reads at run time, and installed with the
locked dependencies into a fresh virtual environment it serves the API, its contract and its docs page from
another directory, with no help from the checkout."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from api.version import __version__
from tests.e2e.live import running_server
from tests.stores import sqlite_settings

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf8"))
PACKAGES = [pattern.rstrip("*") for pattern in PROJECT["tool"]["setuptools"]["packages"]["find"]["include"]]
NOT_SHIPPED = ("__pycache__", "*.pyc")
BUILD_INPUTS = ("pyproject.toml", "README.md", "openapi.yaml")


def run(*command: str | Path, cwd: Path | None = None) -> str:
    """Run a command with the checkout kept off the import path; its output, or a failure that shows it."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    done = subprocess.run([str(part) for part in command], cwd=cwd, env=env, capture_output=True, text=True)
    assert done.returncode == 0, f"{command} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built from a copy of the checkout (so the build leaves nothing behind in it)."""
    source, dist = tmp_path_factory.mktemp("source"), tmp_path_factory.mktemp("dist")
    for name in BUILD_INPUTS:
        shutil.copy2(ROOT / name, source / name)
    for package in PACKAGES:
        shutil.copytree(ROOT / package, source / package, symlinks=True, ignore=shutil.ignore_patterns(*NOT_SHIPPED))
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", dist, source)
    (built,) = dist.glob("*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment holding the locked runtime dependencies and the wheel; its bin directory."""
    venv = tmp_path_factory.mktemp("venv")
    run(sys.executable, "-m", "venv", venv)
    pip = [venv / "bin" / "python", "-m", "pip"]
    run(*pip, "install", "-q", "--require-hashes", "-r", ROOT / "requirements.txt")
    run(*pip, "install", "-q", "--no-deps", wheel)
    run(*pip, "check")
    return venv / "bin"


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A directory outside the checkout, with the checkout off PYTHONPATH."""
    monkeypatch.delenv("PYTHONPATH", raising=False)
    yield tmp_path


def shipped_files() -> set[str]:
    """Every file under the project's packages that is not a compiled cache: all of them must be in the wheel."""
    files = set()
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                files.add(path.relative_to(ROOT).as_posix())
    return files


def test_the_wheel_carries_every_package_file_and_the_contract_itself(wheel: Path) -> None:
    assert wheel.name == f"meldbook-{__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        contract = archive.read("api/openapi.yaml")
        metadata = archive.read(f"meldbook-{__version__}.dist-info/METADATA").decode()
    missing = shipped_files() - names
    assert not missing, f"not in the wheel (add them to [tool.setuptools.package-data]): {sorted(missing)}"
    assert contract == (ROOT / "openapi.yaml").read_bytes()
    assert f"Version: {__version__}\n" in metadata
    assert {name.split("/", 1)[0] for name in names} == {*PACKAGES, f"meldbook-{__version__}.dist-info"}


def test_the_installed_wheel_serves_the_api_its_contract_and_its_docs_from_another_directory(
    installed: Path, elsewhere: Path
) -> None:
    assert run(installed / "meldbook", "--version", cwd=elsewhere) == f"meldbook {__version__}\n"
    imported = run(installed / "python", "-c", "import api; print(api.__file__)", cwd=elsewhere)
    assert Path(imported.strip()).is_relative_to(installed.parent), imported
    store = sqlite_settings(elsewhere / "games.sqlite")
    with running_server(store, meldbook=installed / "meldbook", cwd=elsewhere) as client:
        health = client.get("/health")
        assert health.get_json() == {"status": "ok", "store": "sqlite", "version": __version__}
        contract = client.get("/openapi.yaml")
        assert contract.status_code == 200 and contract.get_data() == (ROOT / "openapi.yaml").read_bytes()
        docs = client.get("/docs")
        assert docs.status_code == 200 and "/docs/assets/swagger-ui-bundle.js" in str(docs.get_data(as_text=True))
        bundle = client.get("/docs/assets/swagger-ui-bundle.js")
        assert bundle.status_code == 200 and len(bundle.get_data()) > 100_000
        created = client.post("/games", json={"variant": "roby", "players": ["ann", "bob"]})
        assert created.status_code == 201, created.get_json()
        assert client.get(f"/games/{created.get_json()['id']}").status_code == 200
    assert (elsewhere / "games.sqlite").exists()
