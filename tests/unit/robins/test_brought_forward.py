"""A Robins Rummy game carried on from a paper sheet: the running totals stated before the first hand here, brought
forward as scores marked stated; the game then runs as usual to 505."""

from __future__ import annotations

import pytest

from domain.errors import MeldbookError
from domain.robins.state import OVER
from domain.rules.variant import Chance
from tests.unit.robins.test_result_hands import Sheet


def forward(sheet: Sheet, **scores: int) -> list[str]:
    sheet.game.record({"type": "bring_forward", "scores": scores, "confirm": True}, Chance())
    return [type(e).__name__ for e in sheet.game.collect_events()[1:]]


def test_totals_of_380_and_410_are_brought_forward_and_the_game_ends_at_505_with_the_right_winner() -> None:
    sheet = Sheet()
    listed = {e["type"]: e for e in sheet.game.table_actions()}["bring_forward"]
    assert listed["template"]["scores"] == {"ann": "<int>", "bob": "<int>"}
    assert forward(sheet, ann=380, bob=410) == ["StandingsStated", "PointsScored", "PointsScored"]
    assert sheet.game.state.scores == {"ann": 380, "bob": 410}
    assert "bring_forward" not in {e["type"] for e in sheet.game.table_actions()}
    events = sheet.result("bob", went_out="ann", table={"ann": 90, "bob": 40}, points={"bob": 20})
    assert sheet.game.state.scores == {"ann": 470, "bob": 430} and "GameWon" not in [type(e).__name__ for e in events]
    sheet.result("ann", went_out="ann", table={"ann": 40, "bob": 90}, points={"bob": 10})
    state = sheet.game.state
    assert state.scores == {"ann": 510, "bob": 510} and state.phase != OVER  # a tie at 505 or more plays on
    sheet.result("bob", went_out="bob", table={"ann": 15, "bob": 30}, points={"ann": 5})
    assert state.scores == {"ann": 520, "bob": 540} and state.phase == OVER and state.winner == "bob"


def test_standings_are_brought_forward_once_before_the_first_hand_for_both_players_of_a_game_not_won() -> None:
    sheet = Sheet()
    for scores, field in (({"ann": 380}, "scores.bob"), ({"ann": 1, "bob": 2, "cy": 3}, "scores.cy"),
                          ({"ann": 520, "bob": 410}, "scores.ann")):
        with pytest.raises(MeldbookError) as caught:
            sheet.game.record({"type": "bring_forward", "scores": scores, "confirm": True}, Chance())
        assert (caught.value.code, caught.value.field) == ("robins.forward.scores", field)
    forward(sheet, ann=510, bob=510)  # tied: another hand is played
    with pytest.raises(MeldbookError) as caught:
        forward(sheet, ann=1, bob=2)
    assert caught.value.code == "robins.forward.scores" and "already" in caught.value.message
    later = Sheet()
    later.result("bob", went_out="ann", table={"ann": 30, "bob": 0}, points={"bob": 5})
    with pytest.raises(MeldbookError) as caught:
        forward(later, ann=1, bob=2)
    assert caught.value.code == "robins.forward.scores" and "before the first hand" in caught.value.message
