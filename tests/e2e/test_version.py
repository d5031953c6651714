"""One version: `meldbook --version`, GET /health and the contract's info.version all show api.version's."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import yaml
from flask.testing import FlaskClient
from packaging.version import Version

from api.version import __version__

ROOT = Path(__file__).resolve().parents[2]
MELDBOOK = Path(sys.executable).with_name("meldbook")


def test_the_cli_the_health_check_and_the_contract_show_one_version(shared_sqlite_client: FlaskClient) -> None:
    cli = subprocess.run([str(MELDBOOK), "--version"], capture_output=True, text=True, check=True, timeout=60)
    health = shared_sqlite_client.get("/health").get_json()["version"]
    contract = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf8"))["info"]["version"]
    assert cli.stdout == f"meldbook {__version__}\n"
    assert health == contract == __version__, "run `make openapi` after changing api/version.py"


def test_the_version_is_a_normalised_version_defined_only_in_api_version() -> None:
    assert str(Version(__version__)) == __version__
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "api.version.__version__"}
