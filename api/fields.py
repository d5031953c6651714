"""Marshmallow text fields that refuse what the store cannot hold, with the domain's one check (domain/text.py)."""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields

from domain.text import normal_name, refusal

_NONCHARACTERS = "\\uFDD0-\\uFDEF\\uFFFE\\uFFFF" + "".join(
    f"{chr(plane << 16 | 0xFFFE)}{chr(plane << 16 | 0xFFFF)}" for plane in range(1, 17)
)
"""Unicode's non-characters, as a regular expression's class holds them: those of the first plane escaped, the others
as themselves (no escape of a character past U+FFFF is read alike by ECMAScript and Python)."""
_SINGLE_LINE_REFUSED = f"\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029{_NONCHARACTERS}"
_MULTI_LINE_REFUSED = f"\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F{_NONCHARACTERS}"
LINE_PATTERN = f"^[^{_SINGLE_LINE_REFUSED}]*$"
"""The contract's pattern of single-line text: what domain/text.py lets the record store (no control character, line
or paragraph separator or non-character; a lone surrogate is no Unicode text, so JSON Schema's strings hold none)."""
TEXT_PATTERN = f"^(?:[^{_MULTI_LINE_REFUSED}\\r]|\\r\\n)*$"
"""The contract's pattern of multi-line text: line breaks (LF or CR LF) and tabs are its only controls."""
NAME_PATTERN = f"^[^{_SINGLE_LINE_REFUSED}]*[^\\s{_SINGLE_LINE_REFUSED}][^{_SINGLE_LINE_REFUSED}]*$"
"""The contract's pattern of a name: single-line text holding more than white space."""


class Line(fields.String):
    """Single-line text (names, titles, ids): no control character, separator, surrogate or non-character."""

    multiline = False
    pattern = LINE_PATTERN
    """What the contract says of it (the check below is the server's)."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"pattern": self.pattern, **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text: str = super()._deserialize(value, attr, data, **kwargs)
        reason = refusal(text, multiline=self.multiline)
        if reason is not None:
            raise ValidationError(f"The text {reason}.")
        return text


class Text(Line):
    """Multi-line text (comments, claims, notation): line breaks (LF or CR LF) and tabs are its only controls."""

    multiline = True
    pattern = TEXT_PATTERN


class Name(Line):
    """A player's name, normalised as the record stores it: NFC, trimmed, inner whitespace one space."""

    pattern = NAME_PATTERN

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        return normal_name(super()._deserialize(value, attr, data, **kwargs))


class WholeNumber(fields.Integer):
    """An integer that rejects booleans, strings and fractions, and accepts whole floats (53.0)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise ValidationError("Not a whole number.")
        if isinstance(value, str):
            if not value.strip().lstrip("-").isdigit():
                raise ValidationError("Not a whole number.")
            return super()._deserialize(value, attr, data, **kwargs)
        if isinstance(value, float) and not value.is_integer():
            raise ValidationError("Not a whole number.")
        return int(value)


class JsonWholeNumber(WholeNumber):
    """A whole number in a JSON body, where a string such as "5" is refused (query strings are all text)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, str):
            raise ValidationError("Not a whole number.")
        return super()._deserialize(value, attr, data, **kwargs)


class JsonBoolean(fields.Boolean):
    """A boolean in a JSON body: true or false, and nothing else (not 0, 1 or "true", which a query string spells)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError("Not a boolean: true or false.")
        return value
