"""The CI scripts under .ci/ (the lock check and the audit), loaded as modules for their tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def ci_script(name: str) -> ModuleType:
    """Load .ci/<name>.py as a module."""
    spec = importlib.util.spec_from_file_location(f"ci_{name}", ROOT / ".ci" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def lockfile() -> ModuleType:
    """.ci/lockfile.py: the lock files' fingerprint of pyproject.toml."""
    return ci_script("lockfile")


@pytest.fixture(scope="session")
def audit() -> ModuleType:
    """.ci/audit.py: known vulnerabilities of the locked releases."""
    return ci_script("audit")
