"""A replay steps through a stored game event by event, and each step equals the state loaded at that version."""

from __future__ import annotations

import random

from bots import SeededChance, pick, without_version
from domain.access.visibility import Viewer
from replays.steps import replay
from service.application import Meldbook
from service.moving import record_move
from service.presenting import present_state
from service.setup import create_game


def test_each_replay_step_equals_the_state_loaded_from_the_store_at_that_version(store_env: dict[str, str]) -> None:
    app = Meldbook(env=store_env, chance=SeededChance(3))
    game, token = create_game(app, "roby", ["ann", "bob", "cy"], {}, "shuffled")
    rng = random.Random(3)
    for _ in range(120):
        current = app.game(game.id)
        body = pick(current.legal_actions(), rng, ("go_out", "meld", "lay_off"))
        record_move(app, game.id, without_version(body), body["expected_version"], token)
    steps = list(replay(app, game.id, Viewer.SPECTATOR))
    assert [s.event["version"] for s in steps] == list(range(1, app.game(game.id).version + 1))
    last = steps[-1].event["version"]
    for step in steps[::7]:
        version = step.event["version"]
        assert step.state == present_state(app.game(game.id, version=version), Viewer.SPECTATOR, last)
        assert "legal_actions" not in step.state
        assert all(hand.get("cards") is None for hand in step.state["state"]["hands"].values())
    app.close()
