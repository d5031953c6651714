"""Precise domain errors, each with a stable code and a sentence a player understands."""

from __future__ import annotations

from typing import Any


class MeldbookError(Exception):
    """Base of every error the domain raises on purpose."""

    code = "meldbook-error"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        field: str | None = None,
        details: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.field = field
        self.details: dict[str, Any] = dict(details or {})
        """Further members of the problem document (for instance `index`, the refused move of a line)."""


class InvalidCardError(MeldbookError):
    """A card code that names no card."""

    code = "unknown-card"


class InvalidActionError(MeldbookError):
    """An action body that is malformed: unknown type, unknown or missing field."""

    code = "invalid-action"


class InvalidTextError(MeldbookError):
    """Text that cannot be stored: a control character, a lone surrogate, or too long for its field."""

    code = "invalid-text"


class SetupError(MeldbookError):
    """A game that cannot be created as asked (players, options, deal mode)."""

    code = "invalid-setup"


class IllegalMoveError(MeldbookError):
    """A well-formed action that the rules forbid; the code names the rule."""

    code = "illegal-move"


class OutOfTurnError(IllegalMoveError):
    """An action by a player whose turn it is not."""

    code = "out-of-turn"


class CardConflictError(IllegalMoveError):
    """A named card that the record says cannot be where the action puts it."""

    code = "card-conflict"
