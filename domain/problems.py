"""The domain's generic problem codes: malformed input, the turn order, tokens, annotations, disputes.

Each error class declares its own problem (domain/errors.py says how); the codes a rule names as it refuses are
listed in tables of their own: each variant's (`domain/<variant>/problems.py`), the corrections', the notation's, the
nights' and so on. domain/variants.py gathers every table of the domain; the service's and the API's codes join them
in api/problem_table.py, which also says how each code answers over HTTP.
"""

from __future__ import annotations

from domain.access.game_access import NotPermittedError, TokenNotFoundError
from domain.beside.annotations import AnnotationNotFoundError
from domain.beside.disputes import DisputeClosedError, DisputeNotFoundError, EvidenceNotFoundError
from domain.cards.card import InvalidCardError
from domain.errors import (
    CardConflictError,
    HandNotFoundError,
    IllegalMoveError,
    InvalidActionError,
    InvalidTextError,
    MeldbookError,
    OutOfTurnError,
    Problem,
    SetupError,
    problems_of,
)
from domain.record.audit import RecordNotAuditableError

GENERIC: tuple[Problem, ...] = (
    *problems_of(
        MeldbookError,
        InvalidCardError,
        InvalidActionError,
        InvalidTextError,
        SetupError,
        IllegalMoveError,
        OutOfTurnError,
        CardConflictError,
        HandNotFoundError,
        TokenNotFoundError,
        NotPermittedError,
        AnnotationNotFoundError,
        RecordNotAuditableError,
        DisputeNotFoundError,
        DisputeClosedError,
        EvidenceNotFoundError,
    ),
    Problem(
        "wrong-phase",
        "Action not open now",
        "the game's stage: each stage opens its own actions (the legal-actions list names them)",
        "a meld action is not open now: the game is at the cut stage, where the actions are cut",
    ),
    Problem(
        "unknown-player",
        "Not a player in this game",
        "the move's `player`: a name seated when the game was created (compared after normalising spacing)",
        "mallory is not a player in this game",
    ),
    Problem(
        "validation-error",
        "Invalid request field",
        "the body or query field named by `field` (`errors` lists every field at fault)",
        "players.0: The text contains a control character (U+0000) at position 4: it is single-line text.",
    ),
)
