"""The one visibility filter: a spectator sees counts where the table hides cards, and no seed; nobody sees a token."""

from __future__ import annotations

from typing import Any

from domain.access.visibility import Viewer, view_doc, view_event

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


def owned_doc() -> dict[str, Any]:
    """A state document with two owned hands, a stock without an owner and a seed."""
    return {
        "hands": {"ann": {**HAND, "owner": "ann"}, "bob": {**HAND, "cards": ["2C", "3C"], "owner": "bob"}},
        "stock": {"cards": ["9S"], "count": 1, "secret": True},
        "shown": {"cards": ["5D"], "count": 1, "secret": False, "owner": "bob"},
        "seed": 7,
    }


def test_a_seat_sees_its_own_hand_and_only_the_count_of_the_others() -> None:
    """A secret zone with an owner is shown to that player's seat; other seats and spectators see its count."""
    masked = {"count": 2, "secret": True}
    ann = view_doc(owned_doc(), Viewer.seat("ann"))
    assert ann["hands"] == {"ann": {**HAND, "owner": "ann"}, "bob": masked}
    assert view_doc(owned_doc(), Viewer.seat("ann", "bob"))["hands"] == owned_doc()["hands"]
    assert view_doc(owned_doc(), Viewer.SPECTATOR)["hands"] == {"ann": masked, "bob": masked}


def test_a_zone_without_an_owner_is_shown_to_the_full_view_alone() -> None:
    """The stock (or the dummy) belongs to no seat: only its count is shown, unless the view is full."""
    for viewer in (Viewer.SPECTATOR, Viewer.seat("ann", "bob"), Viewer("spectator", ended_hands_in_full=True)):
        assert view_doc(owned_doc(), viewer)["stock"] == {"count": 1, "secret": True}
        assert view_doc(owned_doc(), viewer)["shown"] == owned_doc()["shown"]
    assert view_doc(owned_doc(), Viewer.FULL)["stock"] == owned_doc()["stock"]


def test_a_viewer_of_ended_hands_sees_an_ended_hand_in_full_but_no_seed() -> None:
    """The arbiter (and the recorder of a seats game) sees a hand that has ended as the full view does, seeds
    excepted; while the hand goes on, what its own view shows."""
    arbiter = Viewer("spectator", ended_hands_in_full=True)
    assert view_doc(owned_doc(), arbiter, ended=True) == {**owned_doc(), "seed": None}
    assert view_doc(owned_doc(), arbiter, ended=False) == view_doc(owned_doc(), Viewer.SPECTATOR)
    assert view_doc(owned_doc(), Viewer.SPECTATOR, ended=True) == view_doc(owned_doc(), Viewer.SPECTATOR)
    assert view_doc(owned_doc(), Viewer.seat("ann"), ended=True) == view_doc(owned_doc(), Viewer.seat("ann"))


def test_a_seat_sees_the_secret_fields_of_its_own_moves_and_its_own_entry_of_a_card_map() -> None:
    """A drawn card beside `player` is that seat's; a map of hands shows each seat its own entry; seeds nobody's."""
    draw = {"move": 3, "action": {"type": "draw", "player": "ann", "card": "7H"}}
    assert view_event(draw, ("action.card",), Viewer.seat("ann")) == draw
    assert view_event(draw, ("action.card",), Viewer.seat("bob"))["action"]["card"] is None
    deal = {"dealer": "ann", "hands": {"ann": ["7H"], "bob": ["8H"]}, "stock": ["9H"], "seed": 4}
    secret = ("hands.*", "stock", "seed")
    assert view_event(deal, secret, Viewer.seat("bob")) == {
        "dealer": "ann", "hands": {"ann": None, "bob": ["8H"]}, "stock": None, "seed": None}
    assert view_event(deal, secret, Viewer.SPECTATOR) == {"dealer": "ann", "hands": None, "stock": None, "seed": None}
    arbiter = Viewer("spectator", ended_hands_in_full=True)
    assert view_event(deal, secret, arbiter, ended=True) == {**deal, "seed": None}
    assert view_event(deal, secret, arbiter) == view_event(deal, secret, Viewer.SPECTATOR)
    assert view_event(deal, secret, Viewer.FULL) == deal


def test_an_ended_hand_is_shown_in_full_at_every_depth_of_a_state_or_an_event() -> None:
    """Shown in full means everywhere in the document: in lists and lists of mappings, and inside an event's
    payload as in a state (the arbiter reading the events of a hand that has ended)."""
    arbiter = Viewer("spectator", ended_hands_in_full=True)
    shown = view_doc(nested_doc(), arbiter, ended=True)
    assert shown["rounds"] == [{"hands": [HAND], "seed": None, "note": "first"}, [HAND, "plain"]]
    payload = {"player": "ann", "rounds": [{"hands": [dict(HAND)]}], "zone": dict(HAND)}
    assert view_event(payload, (), arbiter, ended=True) == payload
    assert view_event(payload, (), arbiter, ended=False)["zone"] == {"count": 2, "secret": True}

