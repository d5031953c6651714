"""Precise domain errors, each with a stable code and a sentence a player understands.

Every error class declares its problem once (`problem = Problem(code, title, concerns, example)`): its code is the
problem's, and the problem tables are made from the classes (`problems_of`) beside the codes a rule names as it
refuses (the variants' rule codes). How a code answers over HTTP is the API's (api/problem_table.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Problem:
    """One kind of refusal: its stable code, a short title, what it concerns and an example of its detail."""

    code: str
    title: str
    concerns: str
    """The rule sentence it enforces, or the field or header at fault."""
    example: str
    """A detail as the service writes it."""


def problem_table(*tables: Iterable[Problem]) -> dict[str, Problem]:
    """One registry from several tables; a code listed twice is a mistake caught at import."""
    registry: dict[str, Problem] = {}
    for problem in (p for table in tables for p in table):
        if problem.code in registry:
            raise ValueError(f"problem code {problem.code} is listed twice")
        registry[problem.code] = problem
    return registry


def problems_of(*errors: type[MeldbookError]) -> tuple[Problem, ...]:
    """The problems these error classes declare."""
    return tuple(error.problem for error in errors)


class MeldbookError(Exception):
    """Base of every error the domain raises on purpose."""

    problem: ClassVar[Problem] = Problem(
        "meldbook-error",
        "Request refused",
        "the request, as the detail says",
        "the request was refused",
    )

    code: ClassVar[str] = "meldbook-error"
    """The problem's code (an instance may carry another, a rule's: `code=`)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "problem" in cls.__dict__:
            cls.code = cls.problem.code

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
            self.code = code  # type: ignore[misc]
        self.field = field
        self.details: dict[str, Any] = dict(details or {})
        """Further members of the problem document (for instance `index`, the refused move of a line)."""



class InvalidActionError(MeldbookError):
    """An action body that is malformed: unknown type, unknown or missing field."""

    problem = Problem(
        "invalid-action",
        "Malformed action",
        "the move body: its type and fields, as GET /variants lists them for the variant",
        "a discard action needs 'card'",
    )


class InvalidTextError(MeldbookError):
    """Text that cannot be stored: a control character, a lone surrogate, or too long for its field."""

    problem = Problem(
        "invalid-text",
        "Text that cannot be stored",
        "a text field, named by `field`: single-line text (names, titles, ids) holds no control character, line or "
        "paragraph separator, lone surrogate or non-character; multi-line text allows only line breaks and tabs",
        "title contains a control character (U+0000) at position 2: it is single-line text",
    )


class SetupError(MeldbookError):
    """A game that cannot be created as asked (players, options, deal mode)."""

    problem = Problem(
        "invalid-setup",
        "Game cannot be set up as asked",
        "the new game's variant, players, options or deal mode, named by `field`",
        "Roby is played by 2 to 8 players, not 9",
    )


class IllegalMoveError(MeldbookError):
    """A well-formed action that the rules forbid; the code names the rule."""

    problem = Problem(
        "illegal-move",
        "Move the rules forbid",
        "a rule of the variant; most rules have a code of their own",
        "the discard pile is taken from once a turn, right after the stock draw and before any table play",
    )


class OutOfTurnError(IllegalMoveError):
    """An action by a player whose turn it is not."""

    problem = Problem(
        "out-of-turn",
        "Not this player's turn",
        "the turn order: only the players GET /games/{id} lists in `to_move` may act",
        "it is bob's turn, not ann's",
    )


class CardConflictError(IllegalMoveError):
    """A named card that the record says cannot be where the action puts it."""

    problem = Problem(
        "card-conflict",
        "Card the record cannot place there",
        "what the record already places: no card is named more often than the packs hold, and a drawn card is "
        "one the record has not placed elsewhere",
        "7H is named 2 times, but the deck holds it 1",
    )


class HandNotFoundError(MeldbookError):
    """A hand number the record does not hold (yet): a replay's or a confirmation's."""

    problem = Problem(
        "hand-not-found",
        "No such hand",
        "the replay's `hand`, or the hand a confirmation names: hands are numbered from 1 up to the game's current "
        "hand",
        "game 00000000-0000-4000-8000-000000000000 has 3 hands, not 4",
    )
