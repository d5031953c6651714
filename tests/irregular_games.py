"""Games of each variant in which every irregularity its table may record happens, scripted from the listed
actions (so what is listed is what is recorded): a card exposed and a misdeal, the deal again, a card exposed and
one drawn out of turn, a few moves, a Roby hand called off, then the players leave."""

from __future__ import annotations

from typing import Any

from bots import SeededChance
from domain.record.game import Game

PLAYERS = {"roby": ["ann", "bob", "cy"], "robins": ["ann", "bob"], "royal": ["ann", "bob", "cy"]}
PLAYING = {"roby": "play", "robins": "play", "royal": "dummy"}


def listed(entries: list[dict[str, Any]], kind: str) -> dict[str, Any] | None:
    """The first listed body of a kind (a choice, else an example), or None when the kind is not listed."""
    for entry in entries:
        if entry["type"] == kind:
            bodies = entry.get("choices") or entry.get("examples") or []
            return dict(bodies[0]) if bodies else None
    return None


def play(game: Game, chance: SeededChance, moves: int) -> None:
    """Record the first listed player's action, `moves` times (or until nothing is listed)."""
    for _ in range(moves):
        entries = game.legal_actions()
        if not entries:
            return
        entry = entries[0]
        game.record((entry.get("choices") or entry.get("examples"))[0], chance)


def to_the_deal_in_play(game: Game, chance: SeededChance) -> None:
    """Record the listed actions until a deal is in play."""
    while game.state.phase != PLAYING[game.variant]:
        play(game, chance, 1)


def table(game: Game, chance: SeededChance, kind: str) -> bool:
    """Record the first listed body of an action of the table, if it is listed; say whether it was."""
    body = listed(game.table_actions(), kind)
    if body is not None:
        game.record(body, chance)
    return body is not None


def irregular_game(variant: str, deal_mode: str, token_hash: str = "", seed: int = 5) -> Game:
    """A game of the variant, in the deal mode, holding every irregularity its table may record, then abandoned."""
    chance = SeededChance(seed)
    game = Game.set_up(variant, PLAYERS[variant], {}, deal_mode, token_hash, chance, title="irregular")
    to_the_deal_in_play(game, chance)
    assert table(game, chance, "expose_card")
    assert table(game, chance, "misdeal")
    to_the_deal_in_play(game, chance)
    assert table(game, chance, "expose_card")
    assert table(game, chance, "draw_out_of_turn") == (variant != "royal")
    play(game, chance, 5)
    if table(game, chance, "call_off"):
        to_the_deal_in_play(game, chance)
        play(game, chance, 2)
    assert table(game, chance, "abandon")
    assert game.rules.is_over(game.state)
    return game


def adopting_game(variant: str, deal_mode: str, seed: int = 5) -> Game:
    """A game of the variant set up under its first rules version, whose table adopts the newest at the cut; then
    played into its first deal, from which the newest applies."""
    chance = SeededChance(seed)
    game = Game.set_up(variant, PLAYERS[variant], {}, deal_mode, "", chance, title="adopting", rules_version=1)
    assert table(game, chance, "adopt_rules")
    to_the_deal_in_play(game, chance)
    play(game, chance, 3)
    assert game.state.rules_version == game.rules.newest_rules > game.rules_version
    return game
