"""The annotations aggregate: each change is an event of its own, every version is kept, and the placing rule
hides an annotation until the hands it touches have ended."""

from __future__ import annotations

from uuid import uuid4

import pytest

from domain.beside.annotations import AnnotationNotFoundError, GameAnnotations, annotations_id
from domain.record.hands import HandSpans
from replays.annotations import Placing, visible


def test_the_annotations_stream_of_a_game_has_an_id_derived_from_the_games() -> None:
    game_id = uuid4()
    assert GameAnnotations.open(game_id).id == annotations_id(game_id) != game_id


def test_editing_and_deleting_keep_every_version_and_a_deleted_annotation_cannot_be_changed() -> None:
    notes = GameAnnotations.open(uuid4())
    number = notes.add("hand", 9, 9, "slow play", "?", "Ann", "seat:Ann", [])
    notes.edit(number, "slow play, again", None, "Ann", "seat:Ann")
    notes.delete(number, "seat:Ann")
    assert [(v["revision"], v["comment"], v["glyph"], v["deleted"]) for v in notes.history] == [
        (1, "slow play", "?", False),
        (2, "slow play, again", None, False),
        (3, "slow play, again", None, True),
    ]
    with pytest.raises(AnnotationNotFoundError):
        notes.edit(number, "x", None, "Ann", "seat:Ann")
    with pytest.raises(AnnotationNotFoundError):
        notes.delete(number, "seat:Ann")
    assert notes.add("game", 9, 9, "next", None, "Recorder", "recorder", []) == 2


def test_a_glyph_outside_the_list_is_refused() -> None:
    with pytest.raises(ValueError):
        GameAnnotations.open(uuid4()).add("game", 1, 1, "x", "!!!", "Ann", "seat:Ann", [])


def test_an_annotation_is_visible_to_others_once_the_hand_at_its_position_and_the_hand_of_its_writing_ended() -> None:
    place = Placing({}, [], HandSpans(starts=(5, 40), ends=(38,)), None)
    note = {"role": "seat:Ann", "at": 10, "written_at": 20}
    assert visible(note, "seat:Ann", place)
    assert visible(note, "seat:Bob", place) and visible(note, None, place)
    assert not visible({**note, "written_at": 41}, "recorder", place)  # written during the second hand
    assert visible({**note, "at": 2}, None, place)  # the setup and cuts belong to the first hand
    assert not visible({**note, "at": 45, "written_at": 45}, None, place)
