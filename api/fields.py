"""Marshmallow text fields that refuse what the store cannot hold, with the domain's one check (domain/text.py)."""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields

from domain.text import normal_name, refusal


class Line(fields.String):
    """Single-line text (names, titles, ids): no control character, separator, surrogate or non-character."""

    multiline = False

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text: str = super()._deserialize(value, attr, data, **kwargs)
        reason = refusal(text, multiline=self.multiline)
        if reason is not None:
            raise ValidationError(f"The text {reason}.")
        return text


class Text(Line):
    """Multi-line text (comments, claims, notation): line breaks (LF or CR LF) and tabs are its only controls."""

    multiline = True


class Name(Line):
    """A player's name, normalised as the record stores it: NFC, trimmed, inner whitespace one space."""

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
