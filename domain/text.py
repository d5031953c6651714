"""Text the record may store: one check for single-line fields and multi-line text, and player names.

PostgreSQL text cannot hold NUL, and a lone surrogate cannot be encoded as UTF-8 at all, so such text would
break the store or whatever reads it later. Single-line fields (names, titles, ids) refuse every control
character, line or paragraph separator, surrogate and non-character; multi-line text (comments, claims,
notation bodies) allows only the line break (LF or CR LF) and the tab among them.
"""

from __future__ import annotations

import re
import unicodedata

from domain.errors import InvalidTextError, SetupError

_SINGLE_LINE_REFUSED = frozenset({"Cc", "Cs", "Zl", "Zp"})
_MULTI_LINE_REFUSED = frozenset({"Cc", "Cs"})
_MULTI_LINE_ALLOWED = frozenset("\n\t")
_WHITESPACE = re.compile(r"\s+")
MAX_NAME_LENGTH = 40


def is_noncharacter(char: str) -> bool:
    """Unicode's 66 non-characters: U+FDD0 to U+FDEF and the last two code points of every plane."""
    point = ord(char)
    return 0xFDD0 <= point <= 0xFDEF or point & 0xFFFE == 0xFFFE


def refusal(text: str, *, multiline: bool = False) -> str | None:
    """Why the text cannot be stored (naming the first offending character and its position), or None."""
    if text.isascii() and text.isprintable():  # no control character, separator or non-character: most text
        return None
    refused = _MULTI_LINE_REFUSED if multiline else _SINGLE_LINE_REFUSED
    for position, char in enumerate(text):
        if multiline and (char in _MULTI_LINE_ALLOWED or (char == "\r" and text[position + 1 : position + 2] == "\n")):
            continue
        category = unicodedata.category(char)
        if category in refused or is_noncharacter(char):
            what = _KINDS.get(category, "a non-character")
            allowed = "only line breaks (LF or CR LF) and tabs are allowed" if multiline else "it is single-line text"
            return f"contains {what} (U+{ord(char):04X}) at position {position + 1}: {allowed}"
    return None


_KINDS = {
    "Cc": "a control character",
    "Cs": "a lone surrogate",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}


def check_line(value: object, field: str, *, max_length: int) -> str:
    """A single-line text field as given, or an InvalidTextError naming the field."""
    return _checked(value, field, max_length, multiline=False)


def check_text(value: object, field: str, *, max_length: int) -> str:
    """A multi-line text field as given, or an InvalidTextError naming the field."""
    return _checked(value, field, max_length, multiline=True)


def _checked(value: object, field: str, max_length: int, *, multiline: bool) -> str:
    if not isinstance(value, str):
        raise InvalidTextError(f"{field} must be text", field=field)
    reason = refusal(value, multiline=multiline)
    if reason is not None:
        raise InvalidTextError(f"{field} {reason}", field=field)
    if len(value) > max_length:
        raise InvalidTextError(f"{field} is longer than {max_length} characters", field=field)
    return value


def normal_name(text: str) -> str:
    """A name as stored: Unicode NFC, trimmed, every run of inner whitespace one space."""
    return _WHITESPACE.sub(" ", unicodedata.normalize("NFC", text)).strip()


def check_name(value: object, field: str) -> str:
    """A player's name, normalised; refused (naming the field) when empty, too long or holding a control character."""
    if not isinstance(value, str):
        raise InvalidTextError(f"{field} must be a name (text)", field=field)
    name = normal_name(check_line(value, field, max_length=10 * MAX_NAME_LENGTH))
    if not name:
        raise InvalidTextError(f"{field} must be a name of 1 to {MAX_NAME_LENGTH} characters", field=field)
    if len(name) > MAX_NAME_LENGTH:
        raise InvalidTextError(f"{field} is longer than {MAX_NAME_LENGTH} characters", field=field)
    return name


def name_key(name: str) -> str:
    """What two names at one table may not share: the normal name, case-folded."""
    return normal_name(name).casefold()


def seated_names(players: object) -> list[str]:
    """The players' names in seat order, normalised; refused when one is not a name or two are one name."""
    if not isinstance(players, list) or not players:
        raise SetupError("players must be a list of names of 1 to 40 characters, in seat order", field="players")
    names = [check_name(player, f"players.{seat}") for seat, player in enumerate(players)]
    seen: dict[str, str] = {}
    for name in names:
        twin = seen.get(name_key(name))
        if twin is not None:
            same = "the same name" if twin == name else f"names that differ only in case or spacing ({twin}, {name})"
            raise SetupError(f"every player needs a name of his own, not {same}", field="players")
        seen[name_key(name)] = name
    return names
