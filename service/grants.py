"""The tokens' use cases: issuing a seat's, a viewer's or the arbiter's token, rotating the recorder's, revoking one,
and marking whether a seat records from a device of its own. Its functions take the application as a `GameStore`
(service/ports.py).

Each loads the game's access stream (or opens it), calls one command and saves it, trying again if another change
came first; the game's own stream is only read, so its version never moves.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from uuid import UUID

from domain.access.game_access import ARBITER, RECORDER, GameAccess, seat_grant, viewer_grant
from domain.errors import InvalidActionError
from domain.text import check_line, normal_name
from service.annotations import change_stream
from service.ports import GameStore
from service.tokens import new_token, token_hash

MAX_LABEL_LENGTH = 40


def issue_seat_token(app: GameStore, game_id: UUID, player: str) -> tuple[str, str]:
    """A new token for a player's seat (revoking his previous one); the token and its grant."""
    return issue(app, game_id, seat_grant(seated(app, game_id, player)))


def issue_viewer_token(app: GameStore, game_id: UUID, label: str | None) -> tuple[str, str]:
    """A new viewer token under a label (a fresh one if none is given); the token and its grant."""
    label = check_line(label, "label", max_length=MAX_LABEL_LENGTH) if label else secrets.token_hex(4)
    app.created(game_id)
    return issue(app, game_id, viewer_grant(label))


def issue_arbiter_token(app: GameStore, game_id: UUID) -> tuple[str, str]:
    """A new arbiter token (revoking the previous one); the token and its grant."""
    app.created(game_id)
    return issue(app, game_id, ARBITER)


def rotate_recorder_token(app: GameStore, game_id: UUID, by: str = RECORDER) -> str:
    """A new recorder token; the old one stops working at once. `by` is `recorder` or `operator` (the CLI)."""
    app.created(game_id)
    return issue(app, game_id, RECORDER, by)[0]


def revoke_token(app: GameStore, game_id: UUID, grant: str) -> None:
    """Revoke a seat, viewer or arbiter token."""
    app.created(game_id)
    change(app, game_id, lambda access: access.revoke(grant, RECORDER))


def mark_device(app: GameStore, game_id: UUID, player: str, device: bool) -> None:
    """Mark whether a seat records from a device of its own (without one, the recorder records for it)."""
    player = seated(app, game_id, player)
    change(app, game_id, lambda access: access.mark_device(player, device))


def seated(app: GameStore, game_id: UUID, player: str) -> str:
    """A player's name as the game seats him now (a setup amendment may have renamed one), or refused."""
    name = normal_name(player)
    if name not in app.game(game_id).players:
        raise InvalidActionError(f"{name} is not a player in this game", code="unknown-player", field="player")
    return name


def issue(app: GameStore, game_id: UUID, grant: str, by: str = RECORDER) -> tuple[str, str]:
    """A new token for a grant, stored hashed; the token (shown once) and the grant."""
    token = new_token()
    change(app, game_id, lambda access: access.issue(grant, token_hash(token), by))
    return token, grant


def change(app: GameStore, game_id: UUID, command: Callable[[GameAccess], object]) -> None:
    """Load the access stream, run one command and save; a concurrent change is met by trying again (as every
    stream beside a game is changed: service/annotations.py's `change_stream`)."""
    change_stream(app, lambda: app.access_of(game_id), command)
