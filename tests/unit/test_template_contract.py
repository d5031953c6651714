"""The legal-actions templates as a page reads them, in games whose deals name no hand (each player enters his own):
at every move of a bot game's twin, every example is accepted by the rules and fits its template (its kind, its
player, the template's fields and placeholders); each template has the fields its kind documents; the page's hints
say which cards the record places nowhere (`unseen`, `allowed_cards`) and bound its numbers (`bounds`) as the rules
do: a stated count at the top of its bounds is accepted and one above them refused."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from bots import without_version
from bots.royal_twin import entered_royal_twin
from bots.twins import entered_twin
from domain.errors import MeldbookError
from domain.record.game import Game
from domain.record.moves import MoveRecorded
from domain.rules.decision import NoChance
from tests.bot_games import play_robins, play_roby, play_royal

SHAPES = {
    "cut": {"type", "player", "card"},
    "deal": {"type", "player", "hands"},
    "draw": {"type", "player", "card"},
    "discard": {"type", "player", "card"},
    "meld": {"type", "player", "cards"},
    "lay_off": {"type", "player", "card", "meld"},
    "go_out": {"type", "player", "melds", "lay_offs", "discard"},
    "enter_hand": {"type", "player", "cards"},
    "state_count": {"type", "player", "points"},
}
"""The fields of each kind's template where the variants share the kind."""

OWN_FIELDS = {"declare", "kind", "upcard", "source"}
"""Fields of a kind that not every variant has: Robins Rummy's deuces' natural cards and a meld's kind (optional,
named in the constraints only), the upcard of a Roby or Robins deal, the source of a Roby draw."""

UNSEEN_KINDS = {"cut", "deal", "enter_hand"}
"""Kinds whose cards, in a recorded game, are always ones the record places nowhere yet."""


def twin(variant: str) -> Game:
    """A bot game of the variant as a twin dealt without naming any hand, each hand entered by its player."""
    if variant == "roby":
        return entered_twin(list(play_roby(5, 3).collect_events()))
    if variant == "robins":
        return entered_twin(play_robins(3)[1])
    return entered_royal_twin(list(play_royal(71, 3, deals=2).collect_events()))


def states(game: Game) -> Iterator[Game]:
    """The game as it was before each of its moves, and at its end."""
    events = list(game.collect_events())
    rebuilt: Any = None
    for index, event in enumerate(events):
        rebuilt = event.mutate(rebuilt)
        if index + 1 == len(events) or isinstance(events[index + 1], MoveRecorded):
            yield rebuilt


def accepted(game: Game, body: dict[str, Any]) -> bool:
    """Whether the rules accept the body now (on a copy: the game is left as it was)."""
    try:
        copy.deepcopy(game).record(body, NoChance())
    except MeldbookError:
        return False
    return True


def fits(template: Any, value: Any) -> bool:
    """Whether a value fills a template: `<card>` a card, `<int>` and any number a number, a list of templates a list
    whose items fit its first, a dict one whose keys the template has (its optional parts may be left out), each
    fitting; anything else itself."""
    if template == "<card>":
        return isinstance(value, str) and len(value) in (2, 3)
    if isinstance(template, str) and template.startswith("<") and "|" in template:  # one of the choices it lists
        return value in template[1:-1].split("|")
    if template == "<int>" or (isinstance(template, int) and not isinstance(template, bool)):
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(template, list):
        return isinstance(value, list) and (all(fits(template[0], item) for item in value) if template else not value)
    if isinstance(template, dict):
        keys = set(value) - {"kind"}  # a meld's kind is optional and named in the constraints only
        return isinstance(value, dict) and keys <= set(template) and all(fits(template[k], value[k]) for k in keys)
    return bool(template == value)


def check_entry(game: Game, entry: dict[str, Any], seen: set[str]) -> None:
    kind, player = entry["type"], entry.get("player")
    examples = [without_version(example) for example in entry.get("examples", [])]
    for example in examples:
        assert example["type"] == kind and example.get("player") == player, entry
        assert accepted(game, example), (example, entry)
    if "template" not in entry:
        return
    body = without_version(entry["template"])
    assert body["type"] == kind and body.get("player") == player, entry
    if kind in SHAPES:
        assert SHAPES[kind] <= set(body) <= SHAPES[kind] | OWN_FIELDS, entry
        seen.add(kind)
    for example in examples:
        assert fits(body, example), (body, example)
    allowed = entry.get("allowed_cards")
    if kind in UNSEEN_KINDS:
        assert entry["unseen"] is True and (kind == "enter_hand" or allowed), entry
    if allowed is not None:
        assert allowed == sorted(set(allowed), key=allowed.index) and len(allowed) == len(set(allowed)), entry
    if kind == "draw" and allowed is not None:
        stock = game.rules.to_doc(game.state)["stock"]
        assert entry["unseen"] is (not stock.get("cards")), (entry, stock)
    if kind == "state_count":
        low, high = entry["bounds"]["points"]
        assert accepted(game, {**body, "points": low}) and accepted(game, {**body, "points": high}), entry
        assert not accepted(game, {**body, "points": high + 1}), entry
        assert low == 0 or not accepted(game, {**body, "points": low - 1}), entry
        seen.add("bounds:state_count")
    if kind == "go_out" and "bounds" in entry:
        doc = game.rules.to_doc(game.state)
        on_table = max((meld["id"] for meld in doc.get("melds", [])), default=0)
        assert entry["bounds"]["meld"] == [1, on_table + doc["hands"][player]["count"] // 3], entry
        seen.add("bounds:go_out")


@pytest.mark.parametrize("variant", ["roby", "robins", "royal"])
def test_every_template_of_a_game_entered_by_its_players_is_filled_by_its_examples_and_bounded_as_the_rules_are(
    variant: str,
) -> None:
    seen: set[str] = set()
    deals: list[frozenset[str]] = []
    for number, state in enumerate(states(twin(variant))):
        listed = state.legal_actions()
        deals += [frozenset(e["allowed_cards"]) for e in listed if e["type"] == "deal" and "allowed_cards" in e]
        if number % 2 and variant != "royal":  # every other move: the same kinds recur move after move
            continue
        for entry in listed:
            check_entry(state, entry, seen)
    assert deals and len(set(deals)) == 1, "every deal may name any card of the packs"
    wanted = {
        "roby": {"cut", "deal", "draw", "discard", "meld", "lay_off", "go_out", "enter_hand", "state_count"},
        "robins": {"deal", "discard", "enter_hand", "state_count", "bounds:state_count"},
        "royal": {"cut", "deal", "enter_hand", "state_count", "bounds:state_count"},
    }[variant]
    assert wanted <= seen, sorted(wanted - seen)
