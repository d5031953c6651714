"""schemathesis hooks for `make fuzz`: a move is sent at the pinned game's current version, so it reaches the rules."""

from __future__ import annotations

import json
import os
import urllib.request
from typing import Any

import schemathesis


@schemathesis.hook
def before_call(context: Any, case: Any, **kwargs: Any) -> None:
    """Send a move on the pinned game with If-Match at the version the game is at now."""
    if not case.operation.path.endswith("/moves") or case.path_parameters.get("game_id") != os.environ.get(
        "MELDBOOK_FUZZ_GAME_ID"
    ):
        return
    url = f"{os.environ['MELDBOOK_FUZZ_URL']}/games/{case.path_parameters['game_id']}"
    with urllib.request.urlopen(url, timeout=10) as answer:
        version = json.load(answer)["version"]
    case.headers = {**(case.headers or {}), "If-Match": f'"{version}"'}
