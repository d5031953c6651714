"""The tag pairs of a record: `[Name value]` lines, one per fact of the game's setup, in one canonical order."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from domain.notation.errors import NotationError

_TAG = re.compile(r"\s*([A-Za-z][A-Za-z0-9_.]*)\s+(.*)")
"""What a tag line's brackets hold: its name, then (after white space) its value; read in one pass whatever the
line (a pattern that also found the closing bracket itself would try every position of a long line again)."""
UNKNOWN = "?"
"""The value of an Event, Site or Date tag the table did not note (as PGN writes it)."""
FIXED = ("Variant", "Event", "Site", "Date", "Title")
SETUP = ("DealMode", "Recording", "Access")
CHECKS = ("Digest", "DigestAt")
"""The source game's digest (its hash chain's link) and the version it is at: written by an export, for checking
against the source with GET /games/{id}/verify?digest=...&at=...; an import reads them and needs neither."""
RULES = "Rules"
"""The version of the variant's rules the game was created under (GET /variants lists them): written when it is not
the first, so that a record written before rules versions existed, which has no such tag, reads as what it is."""
FIRST_RULES = 1
CURRENCY = "Currency"
"""The ISO 4217 code the game's money amounts are minor units of: written when the game names one."""
DEFAULTS = {"DealMode": "recorded", "Recording": "recorder", "Access": "public", RULES: FIRST_RULES, CURRENCY: None}
"""The setup a record states when it leaves its tag out (an import reads it so; an export writes every tag but a
first rules version)."""
_NAMES = {name.lower(): name for name in (*FIXED, *SETUP, RULES, CURRENCY, *CHECKS)} | {"deal_mode": "DealMode"}


def _tag(line: str) -> re.Match[str] | None:
    """`[name value]`, white space allowed inside the brackets and after them."""
    text = line.rstrip()
    if not (text.startswith("[") and text.endswith("]")):
        return None
    return _TAG.fullmatch(text, 1, len(text) - 1)


def is_tag(line: str) -> bool:
    """Whether a line is a tag pair."""
    return _tag(line) is not None


def read_tag(line: str, number: int) -> tuple[str, Any]:
    """A tag line's canonical name and value (JSON when it reads as JSON, else the bare text)."""
    match = _tag(line)
    assert match is not None
    name, text = match.group(1), match.group(2).rstrip()
    canonical = _canonical_name(name)
    if canonical is None:
        raise NotationError(
            f"[{name} ...] is not a tag of the notation: the tags are {', '.join(FIXED)}, Seat1, Seat2, ..., "
            f"{', '.join(SETUP)}, {RULES}, {CURRENCY}, Option.<name> and {', '.join(CHECKS)}",
            line=number, column=line.index(name) + 1, code="notation-unknown-tag",
        )
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        value = text
    return canonical, value


def _canonical_name(name: str) -> str | None:
    lower = name.lower()
    if lower in _NAMES:
        return _NAMES[lower]
    if re.fullmatch(r"seat[1-9][0-9]?", lower):
        return f"Seat{int(lower[4:])}"
    if lower.startswith("option.") and len(name) > 7:
        return "Option." + name[7:]
    return None


def write_tags(tags: Mapping[str, Any], players: list[str], options: Mapping[str, Any]) -> list[str]:
    """The tag lines in canonical order: the fixed tags, the seats, the setup (with the rules version, unless it is
    the first, and the currency, if the game names one), every option, then the digest (when the tags hold one)."""
    lines = [f"[{name} {_json(tags.get(name, UNKNOWN))}]" for name in FIXED]
    lines += [f"[Seat{seat} {_json(player)}]" for seat, player in enumerate(players, 1)]
    lines += [f"[{name} {_json(tags.get(name, DEFAULTS[name]))}]" for name in SETUP]
    lines += [f"[{RULES} {_json(tags[RULES])}]"] if tags.get(RULES, FIRST_RULES) != FIRST_RULES else []
    lines += [f"[{CURRENCY} {_json(tags[CURRENCY])}]"] if tags.get(CURRENCY) is not None else []
    lines += [f"[Option.{name} {_json(value)}]" for name, value in options.items()]
    lines += [f"[{name} {_json(tags[name])}]" for name in CHECKS if name in tags]
    return lines


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)
