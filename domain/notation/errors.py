"""The notation's one error: a refusal located at a line and column of the text, with the code of its cause."""

from __future__ import annotations

from typing import Any

from domain.errors import MeldbookError, Problem


class NotationError(MeldbookError):
    """A record that cannot be read or imported, at a line and column (both from 1) of its text.

    The code is the notation's own (`notation-syntax`, `notation-voided-mark`, ...) or, for a move the rules
    refuse, the very code `POST /moves` gives for that move.
    """

    problem = Problem(
        "notation-syntax",
        "Record cannot be read",
        "a line of a record in the Meldbook notation (docs/notation.md), at the `line` and `column` given",
        "line 14, column 9: a list opened with [ is not closed with ]",
    )

    def __init__(
        self,
        message: str,
        *,
        line: int,
        column: int,
        code: str | None = None,
        field: str | None = None,
        details: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(
            f"line {line}, column {column}: {message}",
            code=code,
            field=field,
            details={**(details or {}), "line": line, "column": column},
        )
        self.line = line
        self.column = column
        self.detail = message
        """The sentence alone, without its place."""

    @classmethod
    def at(cls, error: MeldbookError, line: int, column: int) -> NotationError:
        """Another Meldbook error (a refused move, a refused setup) placed at a line and column, its code kept."""
        located = cls(error.message, line=line, column=column, code=error.code, field=error.field,
                      details=error.details)
        return located
