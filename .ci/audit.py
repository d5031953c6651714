"""Known vulnerabilities of the locked releases, from PyPI's vulnerability data (the data pip-audit's PyPI service
reads); needs `packaging`, which the dev lock holds.

    python .ci/audit.py requirements.txt requirements-dev.txt

Every pinned release is looked up in PyPI's JSON API: `/pypi/<name>/<version>/json` lists the vulnerabilities of
that release. Where only the project page `/pypi/<name>/json` answers (some mirrors and proxies serve no other),
its list is that of the newest release, so it settles a pin on the newest release and leaves an older pin
unaudited, which is reported. Exits 1 when a pinned release has a known vulnerability that a later release fixes,
2 when PyPI cannot be asked or answers for no pin at all; a vulnerability without a fixed release yet is reported
and does not fail.

Kept rather than left to pip-audit (2.10): its PyPI service reads only the release pages, which the index these
machines reach does not serve (`/pypi/werkzeug/3.1.9/json` answers 404, `/pypi/werkzeug/json` 200), so it skips
every pin and still reports "No known vulnerabilities found"; its other service, OSV (api.osv.dev), is not reachable
from them at all. This script reads the project page where the release page is missing and fails when it audited
nothing.
"""

from __future__ import annotations

import json
import re
import sys
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from packaging.utils import canonicalize_name
from packaging.version import InvalidVersion, Version

PYPI = "https://pypi.org/pypi"
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")
TIMEOUT = 30


@dataclass
class Finding:
    """What PyPI says about one pinned release."""

    name: str
    version: str
    fixable: list[str] = field(default_factory=list)
    unfixed: list[str] = field(default_factory=list)
    unaudited: str = ""


def pins(locks: list[Path]) -> list[tuple[str, str]]:
    """Every distinct name==version pinned by the lock files (all markers: the locks serve every Python)."""
    found = set()
    for lock in locks:
        for line in lock.read_text(encoding="utf8").splitlines():
            match = PIN.match(line)
            if match:
                found.add((canonicalize_name(match[1]), match[2]))
    return sorted(found)


def fetch(url: str) -> dict[str, Any] | None:
    """The JSON document at url, or None when PyPI answers 404."""
    request = urllib.request.Request(url, headers={"Accept": "application/json", "User-Agent": "meldbook-audit"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            document: dict[str, Any] = json.load(response)
            return document
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return None
        raise


def later(versions: list[str], pinned: Version) -> list[str]:
    """The versions among `versions` that come after the pinned one (unparsable ones are kept, to be read)."""
    kept = []
    for text in versions:
        try:
            if Version(text) > pinned:
                kept.append(text)
        except InvalidVersion:
            kept.append(text)
    return kept


def judge(name: str, version: str, vulnerabilities: list[dict[str, Any]]) -> Finding:
    """Sort a release's vulnerabilities into those a later release fixes and those still unfixed."""
    finding = Finding(name, version)
    for vulnerability in vulnerabilities:
        if vulnerability.get("withdrawn"):
            continue
        ids = ", ".join([vulnerability.get("id", "?"), *vulnerability.get("aliases", [])])
        summary = " ".join((vulnerability.get("summary") or vulnerability.get("details") or "").split())[:160]
        fixes = later(vulnerability.get("fixed_in") or [], Version(version))
        if fixes:
            finding.fixable.append(f"{ids}: fixed in {', '.join(fixes)}. {summary} {vulnerability.get('link', '')}")
        else:
            finding.unfixed.append(f"{ids}: no fixed release yet. {summary} {vulnerability.get('link', '')}")
    return finding


def audit(name: str, version: str) -> Finding:
    """Ask PyPI about one pinned release."""
    release = fetch(f"{PYPI}/{name}/{version}/json")
    if release is not None:
        return judge(name, version, release.get("vulnerabilities", []))
    project = fetch(f"{PYPI}/{name}/json")
    if project is None:
        return Finding(name, version, unaudited="PyPI does not know this project")
    newest = project["info"]["version"]
    if Version(newest) == Version(version):
        return judge(name, version, project.get("vulnerabilities", []))
    return Finding(name, version, unaudited=f"only the newest release's data could be read ({newest})")


def report(findings: list[Finding]) -> int:
    """Print what was found; the exit status: 1 when a fix exists for a pinned release."""
    for finding in findings:
        for line in finding.fixable:
            print(f"VULNERABLE {finding.name}=={finding.version}: {line}")
        for line in finding.unfixed:
            print(f"warning {finding.name}=={finding.version}: {line}")
        if finding.unaudited:
            print(f"not audited {finding.name}=={finding.version}: {finding.unaudited}")
    fixable = [f for f in findings if f.fixable]
    unaudited = [f for f in findings if f.unaudited]
    print(
        f"audit: {len(findings)} pinned releases, {len(fixable)} with a fixed vulnerability, "
        f"{sum(len(f.unfixed) for f in findings)} unfixed vulnerabilities, {len(unaudited)} not audited"
    )
    if fixable:
        names = " ".join(sorted({f.name for f in fixable}))
        print(f'audit: bump them with `make lock UPGRADE="{names}"`, then run the tests and commit both lock files')
        return 1
    if len(unaudited) == len(findings):
        print("audit: PyPI's vulnerability data answered for none of the pinned releases: nothing was audited")
        return 2
    return 0


def main(argv: list[str]) -> int:
    locks = [Path(arg) for arg in argv[1:]]
    if not locks:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        with ThreadPoolExecutor(max_workers=8) as pool:
            findings = list(pool.map(lambda pin: audit(*pin), pins(locks)))
    except (urllib.error.URLError, TimeoutError, OSError) as error:
        print(f"audit: could not ask PyPI ({error}): nothing was audited", file=sys.stderr)
        return 2
    return report(findings)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
