"""schemathesis hooks for `make fuzz`: moves are sent at the pinned game's current version, in the name of a player of
that game, so they reach the rules; the answers to moves are tallied (status and problem code) for the run's summary."""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path
from typing import Any

import schemathesis


def _aims_at_the_game(case: Any) -> bool:
    return bool(case.operation.path.endswith("/moves")) and case.path_parameters.get("game_id") == os.environ.get(
        "MELDBOOK_FUZZ_GAME_ID"
    )


@schemathesis.hook
def before_call(context: Any, case: Any, **kwargs: Any) -> None:
    """Send a move on the pinned game with If-Match at the version the game is at now; a generated body that names a
    player names one of the game's (the one to act, when one is), since a random name is refused before any rule."""
    if not _aims_at_the_game(case):
        return
    url = f"{os.environ['MELDBOOK_FUZZ_URL']}/games/{case.path_parameters['game_id']}"
    with urllib.request.urlopen(url, timeout=10) as answer:
        game = json.load(answer)
    case.headers = {**(case.headers or {}), "If-Match": f'"{game["version"]}"'}
    if isinstance(case.body, dict) and isinstance(case.body.get("player"), str):
        to_move = game.get("to_move")
        players = to_move if isinstance(to_move, list) and to_move else [to_move] if to_move else game["players"]
        case.body = {**case.body, "player": players[len(case.body["player"]) % len(players)]}


@schemathesis.hook
def after_call(context: Any, case: Any, response: Any) -> None:
    """Count each answer to a request on the pinned game's moves by its method, status and problem code."""
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
