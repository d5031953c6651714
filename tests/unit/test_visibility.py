"""The one visibility filter: a spectator sees counts where the table hides cards, and no seed; nobody sees a token."""

from __future__ import annotations

from typing import Any

from domain.visibility import Viewer, view_doc, view_event

HAND = {"cards": ["7H", "8H"], "count": 2, "secret": True}
OPEN_PILE = {"cards": ["QD"], "count": 1, "secret": False}


def nested_doc() -> dict[str, Any]:
    """A state document with secrets at every depth: in a mapping, in a list, in a list of mappings."""
    return {
        "hands": {"ann": dict(HAND), "bob": dict(HAND)},
        "discard": dict(OPEN_PILE),
        "rounds": [{"hands": [dict(HAND)], "seed": 41, "note": "first"}, [dict(HAND), "plain"]],
        "seed": 7,
        "token_hash": "f00d",
        "options": {"deeper": {"token_hash": "beef", "seed": 9, "kept": True}},
    }


def test_a_spectator_sees_only_the_size_of_a_secret_zone_wherever_it_lies() -> None:
    """Hands and the stock are masked to counts for spectators, inside lists and nested payloads too."""
    shown = view_doc(nested_doc(), Viewer.SPECTATOR)
    masked = {"count": 2, "secret": True}
    assert shown["hands"] == {"ann": masked, "bob": masked}
    assert shown["rounds"] == [{"hands": [masked], "seed": None, "note": "first"}, [masked, "plain"]]
    assert shown["discard"] == OPEN_PILE


def test_a_spectator_sees_no_seed_and_nobody_sees_a_token_hash() -> None:
    """Shuffle seeds are nulled for spectators at any depth; the token's hash is left out for every viewer."""
    spectator = view_doc(nested_doc(), Viewer.SPECTATOR)
    assert spectator["seed"] is None and spectator["options"] == {"deeper": {"seed": None, "kept": True}}
    recorder = view_doc(nested_doc(), Viewer.FULL)
    expected = nested_doc()
    del expected["token_hash"], expected["options"]["deeper"]["token_hash"]
    assert recorder == expected


def test_the_recorder_sees_every_card_and_seed() -> None:
    """With the token everything is shown: secret zones keep their cards, lists and scalars pass unchanged."""
    assert view_doc([dict(HAND), 3, None], Viewer.FULL) == [HAND, 3, None]
    assert view_doc("7H", Viewer.SPECTATOR) == "7H"


def test_an_events_secret_fields_are_masked_for_spectators_only() -> None:
    """An event names its secret fields (a drawn card, a deal's hands): spectators see them as null."""
    payload = {"player": "ann", "card": "7H", "seed": 3, "hands": {"ann": ["7H"]}}
    assert view_event(dict(payload), ("card", "hands", "stock"), Viewer.SPECTATOR) == {
        "player": "ann", "card": None, "seed": None, "hands": None}
    assert view_event(dict(payload), ("card", "hands"), Viewer.FULL) == payload
