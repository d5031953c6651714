"""Text the record stores: control characters, surrogates and non-characters are refused; names are normalised."""

from __future__ import annotations

import pytest

from domain.errors import InvalidActionError, InvalidTextError, SetupError
from domain.record.game import Game
from domain.rules.actions import parse_action
from domain.rules.variant import Chance
from domain.text import check_line, check_name, check_text, name_key, normal_name, refusal
from domain.variants import variant_named

SINGLE_LINE_REFUSED = {
    "NUL": "x\x00",
    "unit separator": "a\x1fb",
    "tab": "a\tb",
    "line feed": "a\nb",
    "carriage return": "a\rb",
    "DEL": "\x7f",
    "C1 next line": "a\x85",
    "line separator": "a\u2028b",
    "paragraph separator": "a\u2029b",
    "lone high surrogate": "\ud800",
    "lone low surrogate": "b\udfff",
    "U+FFFE": "\ufffe",
    "U+FFFF": "a\uffff",
    "U+FDD0": "\ufdd0",
    "a plane's last code point": "\U0010ffff",
}
ACCEPTED = ["Ann", "Zoë", "Åse Ødegård", "李雷", "👩‍👩‍👧", "O'Brien-Smith", "x" * 40, "  spaced  "]


@pytest.mark.parametrize("case", list(SINGLE_LINE_REFUSED))
def test_single_line_text_refuses_every_control_separator_surrogate_and_non_character(case: str) -> None:
    text = SINGLE_LINE_REFUSED[case]
    with pytest.raises(InvalidTextError) as caught:
        check_line(text, "title", max_length=200)
    assert caught.value.field == "title" and caught.value.code == "invalid-text"
    assert f"U+{ord(next(c for c in text if c not in 'ab x')):04X}" in caught.value.message


@pytest.mark.parametrize("text", ACCEPTED)
def test_single_line_text_accepts_letters_of_every_script_and_emoji(text: str) -> None:
    assert check_line(text, "title", max_length=200) == text


def test_multi_line_text_allows_only_line_feeds_crlf_and_tabs_among_the_controls() -> None:
    assert check_text("one\ntwo\r\nthree\tfour", "comment", max_length=100) == "one\ntwo\r\nthree\tfour"
    for bad in ("a\rb", "a\x00", "\x0b", "a\r", "\ud800", "\x1f"):
        with pytest.raises(InvalidTextError):
            check_text(bad, "comment", max_length=100)
    assert refusal("a\u2028b", multiline=True) is None


def test_text_longer_than_its_field_or_not_text_is_refused_naming_the_field() -> None:
    with pytest.raises(InvalidTextError, match="title is longer than 5"):
        check_line("abcdef", "title", max_length=5)
    with pytest.raises(InvalidTextError, match="title must be text"):
        check_line(5, "title", max_length=5)


def test_a_name_is_normalised_to_nfc_trimmed_with_inner_whitespace_collapsed() -> None:
    assert normal_name("  Ann \u00a0  Lee ") == "Ann Lee"
    assert normal_name("Zoe\u0301") == "Zo\u00e9"
    assert check_name(" Ann  Lee", "players.0") == "Ann Lee"
    assert name_key("ANN  lee") == name_key("ann Lee")


@pytest.mark.parametrize("bad", ["", "   ", "a\x00", "x" * 41, None, 7])
def test_a_name_that_is_blank_too_long_not_text_or_holds_a_control_character_is_refused(bad: object) -> None:
    with pytest.raises(InvalidTextError) as caught:
        check_name(bad, "players.1")
    assert caught.value.field == "players.1"


def test_a_game_stores_its_players_normalised() -> None:
    game = Game.set_up("roby", [" Ann\u00a0 Lee ", "Zoe\u0301"], {}, "recorded", "hash", Chance())
    assert game.players == ["Ann Lee", "Zo\u00e9"]
    assert list(game.state.players) == game.players


@pytest.mark.parametrize(
    "players", [["Ann", "ann"], ["Ann", "Ann "], ["Ann Lee", "Ann  Lee"], ["Zo\u00e9", "ZOE\u0301"], ["a", "b", "A"]]
)
def test_two_players_whose_names_differ_only_in_case_spacing_or_composition_are_refused(players: list[str]) -> None:
    with pytest.raises(SetupError) as caught:
        Game.set_up("roby", players, {}, "recorded", "hash", Chance())
    assert caught.value.field == "players" and "a name of his own" in caught.value.message


@pytest.mark.parametrize("title", ["x\x00", "\ud800", "a\nb"])
def test_a_game_title_with_a_control_character_or_a_surrogate_is_refused(title: str) -> None:
    with pytest.raises(InvalidTextError) as caught:
        Game.set_up("roby", ["ann", "bob"], {}, "recorded", "hash", Chance(), title)
    assert caught.value.field == "title"


def test_a_move_names_its_player_normalised_and_refuses_one_with_a_control_character() -> None:
    kinds = variant_named("roby").action_kinds
    assert parse_action(kinds, {"type": "cut", "player": "  Ann\u00a0 Lee ", "card": "KS"}).player == "Ann Lee"
    for bad in ("ann\x00", "\ud800", "ann\x1fbob"):
        with pytest.raises(InvalidTextError) as caught:
            parse_action(kinds, {"type": "cut", "player": bad, "card": "KS"})
        assert caught.value.field == "player"
    with pytest.raises(InvalidActionError) as missing:
        parse_action(kinds, {"type": "cut", "card": "KS"})
    assert missing.value.field == "player"


def test_the_hands_of_a_recorded_deal_name_players_normalised_and_refuse_control_characters() -> None:
    kinds = variant_named("roby").action_kinds
    body = {"type": "deal", "player": "ann", "hands": {" bob ": ["2C"]}, "upcard": "3C"}
    assert parse_action(kinds, body).get("hands") == {"bob": ["2C"]}
    with pytest.raises(InvalidTextError) as caught:
        parse_action(kinds, {**body, "hands": {"bob\x00": ["2C"]}})
    assert caught.value.field == "hands"


def test_a_royal_board_space_id_with_a_control_character_is_refused() -> None:
    board = [{"id": "pot\x00", "pays": "pot"}, {"id": "kitty", "pays": "kitty"}]
    with pytest.raises(InvalidTextError) as caught:
        Game.set_up("royal", ["a", "b", "c"], {"board": board}, "recorded", "hash", Chance())
    assert caught.value.field == "options.board.id"


def test_a_robins_first_dealer_is_matched_to_a_player_after_normalising() -> None:
    game = Game.set_up("robins", ["Ann Lee", "bob"], {"first_dealer": " Ann  Lee"}, "recorded", "hash", Chance())
    assert game.options["first_dealer"] == "Ann Lee"
