"""schemathesis hooks for `make fuzz`: moves are sent at the pinned game's current version, so they reach the rules,
and the answers to moves are tallied (status and problem code) for the run's summary. What would end the pinned game
(its discard, an abandon) is sent to a spare game instead, so the pinned game stays open to moves all run long.

Random text almost never names a seated player or a card, so a move the fuzzer writes is nearly always refused for
its shape before any rule is asked. Half of the moves on the pinned game (chosen by a hash of the body, so a run stays
reproducible) get a seated player (the one to act, when the game names one) and a real card in place of whatever text
the fuzzer put there; the other half go as generated.
"""

from __future__ import annotations

import hashlib
import json
import os
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import schemathesis
from schemathesis.core.parameters import ParameterLocation

schemathesis.serializer.alias("application/vnd.meldbook.notation", "text/plain")
"""The notation's own media type is text, sent as schemathesis sends text/plain."""

SEATED = ("ann", "bob", "cy")
"""The pinned game's players (tests/fuzz/__main__.py)."""
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
CARDS = tuple(rank + suit for rank in RANKS for suit in "CDHS")


def _aims_at_the_game(case: Any) -> bool:
    return bool(case.operation.path.endswith("/moves")) and case.path_parameters.get("game_id") == os.environ.get(
        "MELDBOOK_FUZZ_GAME_ID"
    )


def _on_the_game(case: Any) -> bool:
    return bool(case.path_parameters and case.path_parameters.get("game_id") == os.environ.get("MELDBOOK_FUZZ_GAME_ID"))


ENDING = frozenset({"abandon"})
"""The moves that end a game whatever its state (the table leaves)."""


def pin_the_game(case: Any) -> None:
    """Aim a request whose path names a game at the pinned game, unless its path is what a negative case made invalid
    (a pinned value would make it valid, and its acceptance look like a failure of the service)."""
    pinned = os.environ.get("MELDBOOK_FUZZ_GAME_ID")
    if not pinned or not case.path_parameters or "game_id" not in case.path_parameters:
        return
    if case.meta is not None and case.meta.is_negative_at(ParameterLocation.PATH):
        return
    case.path_parameters = {**case.path_parameters, "game_id": pinned}


def ends_the_game(case: Any) -> bool:
    """Whether a request would end the game it names: its discard, or a move that abandons it."""
    if case.operation.path.endswith("/discard"):
        return True
    return bool(case.operation.path.endswith("/moves") and isinstance(case.body, dict)
                and isinstance(case.body.get("type"), str) and case.body["type"] in ENDING)


def to_the_spare_game(case: Any) -> None:
    """Aim a request at the spare game, with its recorder token, rather than at the pinned game."""
    spare, token = os.environ.get("MELDBOOK_FUZZ_SPARE_ID"), os.environ.get("MELDBOOK_FUZZ_SPARE_TOKEN")
    if not spare or not token:
        return
    case.path_parameters = {**case.path_parameters, "game_id": spare}
    for name, value in list((case.headers or {}).items()):
        if name.lower() == "authorization" and isinstance(value, str) and value.startswith("Bearer "):
            case.headers[name] = f"Bearer {token}"


def _token_file() -> Path | None:
    tally = os.environ.get("MELDBOOK_FUZZ_TALLY")
    return Path(f"{tally}.token") if tally else None


def follow_the_rotated_token(case: Any) -> None:
    """The pinned game's recorder token as it is now: the fuzzer itself rotates it (POST .../tokens/recorder), and
    every later request would otherwise carry a dead one."""
    path = _token_file()
    original = os.environ.get("MELDBOOK_FUZZ_TOKEN")
    if path is None or not path.exists() or not original or not case.headers:
        return
    for name, value in list(case.headers.items()):
        if name.lower() == "authorization" and value == f"Bearer {original}":
            case.headers[name] = f"Bearer {path.read_text().strip()}"


@schemathesis.hook
def before_call(context: Any, case: Any, **kwargs: Any) -> None:
    """Send a move on the pinned game with If-Match at the version the game is at now; what would end the pinned
    game goes to the spare one."""
    pin_the_game(case)
    if _on_the_game(case):
        if ends_the_game(case):
            to_the_spare_game(case)
        else:
            follow_the_rotated_token(case)
    if not case.operation.path.endswith("/moves") or not case.path_parameters:
        return
    if case.path_parameters.get("game_id") not in (os.environ.get("MELDBOOK_FUZZ_GAME_ID"), os.environ.get(
        "MELDBOOK_FUZZ_SPARE_ID"
    )):
        return
    game = current_game(case)
    case.headers = {**(case.headers or {}), "If-Match": f'"{game["version"]}"'}
    if isinstance(case.body, dict) and _aims_at_the_game(case):
        to_move = game.get("to_move")
        to_act = tuple(to_move) if isinstance(to_move, list) and to_move else (to_move,) if to_move else SEATED
        case.body = aimed(case.body, to_act, game.get("legal_actions") or [])
    for name in list(case.headers):
        if name.lower() == "idempotency-key" and isinstance(case.headers[name], str):
            # The fuzzer repeats one generated key with ever new bodies, which the service rightly refuses (the key
            # was used for another move); a key of the body's own keeps what a retry means and lets the move through.
            body = json.dumps(case.body, sort_keys=True, default=str).encode()
            case.headers[name] = "fuzz-" + hashlib.sha256(body).hexdigest()[:32]


def current_game(case: Any) -> dict[str, Any]:
    """The game a move is posted to, as GET /games/{id} shows it now: with its legal moves when the move's token is
    the recorder's, else as a spectator sees it."""
    url = f"{os.environ['MELDBOOK_FUZZ_URL']}/games/{case.path_parameters['game_id']}"
    token = next((v for k, v in (case.headers or {}).items() if k.lower() == "authorization"), None)
    for headers in ({"Authorization": token} if isinstance(token, str) else {}, {}):
        try:
            with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as answer:
                shown: dict[str, Any] = json.load(answer)
                return shown
        except urllib.error.HTTPError:  # a token the game does not know: read it as a spectator
            continue
    raise RuntimeError(f"{url} cannot be read")


def aimed(body: dict[str, Any], to_act: tuple[str, ...] = SEATED, legal: Sequence[Any] = ()) -> dict[str, Any]:
    """For half of the bodies, one of the moves the recorder's GET /games/{id} lists as legal now (its choices and
    examples): for a quarter of them as listed, which the rules accept; for the others with a card drawn from the
    whole pack in place of the listed one, which the rules judge (a card the player does not hold, one already
    placed). Without a list, a player of the game (one of those to act) and a real card in the generated body."""
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode()).digest()
    if digest[0] % 2:
        return body
    listed = [
        move for entry in legal if isinstance(entry, dict)
        for move in [*(entry.get("choices") or []), *(entry.get("examples") or [])] if isinstance(move, dict)
    ]
    if listed:
        move = dict(listed[digest[1] % len(listed)])
        if digest[3] % 4 and isinstance(move.get("card"), str):
            move["card"] = CARDS[digest[2] % len(CARDS)]
        return move
    changed = dict(body)
    if isinstance(changed.get("player"), str):
        changed["player"] = to_act[digest[1] % len(to_act)]
    if isinstance(changed.get("card"), str):
        changed["card"] = CARDS[digest[2] % len(CARDS)]
    return changed


@schemathesis.hook
def after_call(context: Any, case: Any, response: Any) -> None:
    """Count each answer to a request on the pinned game's moves by its method, status and problem code; keep the
    recorder token the pinned game rotated to."""
    token_file = _token_file()
    if (
        token_file is not None
        and _on_the_game(case)
        and case.method.upper() == "POST"
        and case.operation.path.endswith("/tokens/recorder")
        and response.status_code == 201
    ):
        token_file.write_text(response.json()["token"])
    tally_file = os.environ.get("MELDBOOK_FUZZ_TALLY")
    if not tally_file or not _aims_at_the_game(case):
        return
    try:
        code = response.json().get("code", "") if response.status_code >= 400 else "ok"
    except (ValueError, AttributeError):
        code = "not-json"
    path = Path(tally_file)
    text = path.read_text() if path.exists() else ""
    tally = json.loads(text) if text.strip() else {}
    key = f"{case.method} {response.status_code} {code}"
    tally[key] = tally.get(key, 0) + 1
    path.write_text(json.dumps(tally))
