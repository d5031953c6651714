"""The vulnerability audit of the lock files (.ci/audit.py), against PyPI documents shaped like its JSON API's."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def vulnerability(ident: str, fixed_in: list[str], withdrawn: str | None = None) -> dict[str, Any]:
    """One entry of PyPI's `vulnerabilities` list."""
    return {
        "id": ident,
        "aliases": [f"CVE-{ident}"],
        "details": "Crafted input   reaches the template engine.",
        "summary": None,
        "fixed_in": fixed_in,
        "link": f"https://osv.dev/vulnerability/{ident}",
        "withdrawn": withdrawn,
    }


@pytest.fixture
def pypi(audit: ModuleType, monkeypatch: pytest.MonkeyPatch) -> dict[str, dict[str, Any] | None]:
    """A PyPI whose documents are this dict's values, by URL; a URL it lacks answers 404."""
    documents: dict[str, dict[str, Any] | None] = {}
    monkeypatch.setattr(audit, "fetch", lambda url: documents.get(url))
    return documents


def test_pins_reads_every_pin_once_whatever_its_markers(audit: ModuleType, tmp_path: Path) -> None:
    lock = tmp_path / "lock.txt"
    lock.write_text(
        "# header\nFlask==3.1.3 \\\n    --hash=sha256:00\n    # via x\n"
        "colorama==0.4.6 ; sys_platform == 'win32' \\\n    --hash=sha256:11\n",
        encoding="utf8",
    )
    assert audit.pins([lock, lock]) == [("colorama", "0.4.6"), ("flask", "3.1.3")]
    assert ("flask", "3.1.3") in audit.pins([ROOT / "requirements.txt"])


def test_a_vulnerability_fixed_in_a_later_release_fails_the_audit_and_names_the_bump(
    audit: ModuleType, pypi: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    pypi["https://pypi.org/pypi/jinja2/3.1.2/json"] = {
        "vulnerabilities": [
            vulnerability("PYSEC-1", ["3.1.3"]),
            vulnerability("PYSEC-2", ["2.11.3"]),
            vulnerability("PYSEC-3", []),
            vulnerability("PYSEC-4", ["3.1.4"], withdrawn="2024-01-01"),
        ]
    }
    finding = audit.audit("jinja2", "3.1.2")
    assert [line.split(":")[0] for line in finding.fixable] == ["PYSEC-1, CVE-PYSEC-1"]
    assert "fixed in 3.1.3. Crafted input reaches the template engine." in finding.fixable[0]
    assert [line.split(":")[0] for line in finding.unfixed] == ["PYSEC-2, CVE-PYSEC-2", "PYSEC-3, CVE-PYSEC-3"]
    assert audit.report([finding, audit.Finding("flask", "3.1.3")]) == 1
    out = capsys.readouterr().out
    assert "VULNERABLE jinja2==3.1.2: PYSEC-1" in out and 'make lock UPGRADE="jinja2"' in out


def test_unfixed_vulnerabilities_are_reported_without_failing(
    audit: ModuleType, pypi: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    pypi["https://pypi.org/pypi/ecdsa/0.19.1/json"] = {"vulnerabilities": [vulnerability("PYSEC-9", [])]}
    assert audit.report([audit.audit("ecdsa", "0.19.1")]) == 0
    assert "warning ecdsa==0.19.1: PYSEC-9, CVE-PYSEC-9: no fixed release yet" in capsys.readouterr().out


def test_without_the_release_page_the_project_page_settles_a_pin_on_the_newest_release_only(
    audit: ModuleType, pypi: dict[str, Any]
) -> None:
    pypi["https://pypi.org/pypi/werkzeug/json"] = {
        "info": {"version": "3.1.9"},
        "vulnerabilities": [vulnerability("GHSA-1", ["3.1.10"])],
    }
    newest = audit.audit("werkzeug", "3.1.9")
    assert newest.fixable and not newest.unaudited
    older = audit.audit("werkzeug", "3.1.8")
    assert older.unaudited == "only the newest release's data could be read (3.1.9)" and not older.fixable
    assert audit.audit("no-such-project", "1.0").unaudited == "PyPI does not know this project"
    assert audit.report([newest, older]) == 1
    assert audit.report([older, audit.Finding("flask", "3.1.3")]) == 0


def test_an_audit_that_reads_no_release_at_all_fails(
    audit: ModuleType, pypi: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    assert audit.report([audit.audit("flask", "3.1.3"), audit.audit("werkzeug", "3.1.9")]) == 2
    assert "answered for none of the pinned releases" in capsys.readouterr().out
