"""GET /games/{id}/view over HTTP, without a browser: a public page under the strict CSP, with no inline script or
style, the spectator's frame whatever the request carries, its parameters refused as the replay's are, and a
chart of each player's amount at the end of every hand."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from flask import Flask
from flask.testing import FlaskClient

from api.headers import PAGE_POLICY
from api.money_format import format_money
from bots.twins import recorded_twin
from replays.chart import Chart, money_by_hand, svg
from tests.e2e.helpers import assert_problem, bearer
from tests.e2e.test_every_version import GAMES
from tests.walk import TOKEN, Walked, store


def _game(app: Flask, variant: str = "roby") -> Walked:
    return store(app, lambda token: recorded_twin(GAMES[variant][1](), token))


def test_the_page_is_public_html_under_the_strict_csp_without_inline_script_or_style(
    shared_sqlite_app: Flask, shared_sqlite_client: FlaskClient
) -> None:
    game = _game(shared_sqlite_app)
    response = shared_sqlite_client.get(f"/games/{game.id}/view")
    assert response.status_code == 200 and response.mimetype == "text/html"
    assert response.headers["Content-Security-Policy"] == PAGE_POLICY
    assert response.headers["X-Frame-Options"] == "DENY"
    page = response.get_data(as_text=True)
    assert " style=" not in page and "<style" not in page
    scripts = ["i18n.js", "device.js", "table.js", "view.js", "money.js", "settlement.js"]
    assert re.findall(r"<script[^>]*>", page) == [f'<script src="/static/{name}" defer>' for name in scripts]
    assert all(shared_sqlite_client.get(f"/static/{name}").status_code == 200 for name in scripts)


def test_the_page_shows_the_spectators_frame_even_to_a_request_with_the_token(
    shared_sqlite_app: Flask, shared_sqlite_client: FlaskClient
) -> None:
    game = _game(shared_sqlite_app)
    frame = shared_sqlite_client.get(f"/games/{game.id}/replay?at=5", headers=bearer(TOKEN)).get_json()["frames"][0]
    hands = frame["state"]["state"]["hands"]
    assert all(hand["cards"] for hand in hands.values())
    page = shared_sqlite_client.get(f"/games/{game.id}/view?at=5", headers=bearer(TOKEN)).get_data(as_text=True)
    assert 'data-move="5"' in page
    for player, hand in hands.items():
        assert f'data-zone="hands.{player}"><span class="card back" data-count="{hand["count"]}">' in page


def test_a_bad_page_parameter_is_refused_naming_it(shared_sqlite_app: Flask, shared_sqlite_client: FlaskClient) -> None:
    game = _game(shared_sqlite_app)
    view = f"/games/{game.id}/view"
    assert assert_problem(shared_sqlite_client.get(f"{view}?at=two"), 422, "validation-error")["field"] == "at"
    assert assert_problem(shared_sqlite_client.get(f"{view}?hand=-1"), 422)["field"] == "hand"
    assert assert_problem(shared_sqlite_client.get(f"{view}?at=9999"), 404, "move-not-found")["field"] == "at"
    assert_problem(shared_sqlite_client.get(f"/games/{game.id}/view?hand=99"), 404, "hand-not-found")
    assert_problem(shared_sqlite_client.get("/games/00000000-0000-4000-8000-000000000000/view"), 404, "game-not-found")


def test_the_chart_draws_each_players_score_or_chips_at_the_end_of_every_hand(
    shared_sqlite_app: Flask, shared_sqlite_client: FlaskClient
) -> None:
    for variant, key in (("roby", "scores"), ("robins", "scores"), ("royal", "stacks")):
        game = _game(shared_sqlite_app, variant)
        hands = shared_sqlite_client.get(f"/games/{game.id}/replay").get_json()["hands"]
        ends = [
            shared_sqlite_client.get(f"/games/{game.id}/replay?at={h['last_move']}").get_json()["frames"][0]["state"]["state"]
            for h in hands
        ]
        page = shared_sqlite_client.get(f"/games/{game.id}/view").get_data(as_text=True)
        chart = ElementTree.fromstring(page[page.index("<svg"): page.index("</svg>") + 6])
        drawn = {
            (g.get("data-player"), int(c.get("data-hand") or 0)): int(c.get("data-amount") or 0)
            for g in chart.iter("{http://www.w3.org/2000/svg}g")
            for c in g.iter("{http://www.w3.org/2000/svg}circle")
        }
        assert drawn == {(p, n + 1): end[key][p] for n, end in enumerate(ends) for p in end["players"]}, variant


def _drawn(page: str, name: str) -> dict[tuple[str, int], int]:
    start = page.index(f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 640 260" role="img" '
                       f'aria-labelledby="{name}-title">')
    chart = ElementTree.fromstring(page[start: page.index("</svg>", start) + 6])
    return {
        (g.get("data-player") or "", int(c.get("data-hand") or 0)): int(c.get("data-amount") or 0)
        for g in chart.iter("{http://www.w3.org/2000/svg}g")
        for c in g.iter("{http://www.w3.org/2000/svg}circle")
    }


def test_where_money_changes_hands_a_second_chart_draws_each_players_money_balance_at_the_end_of_every_hand(
    shared_sqlite_app: Flask, shared_sqlite_client: FlaskClient
) -> None:
    game = _game(shared_sqlite_app, "roby")
    hands = len(shared_sqlite_client.get(f"/games/{game.id}/replay").get_json()["hands"])
    balances = shared_sqlite_client.get(f"/games/{game.id}/settlement").get_json()["balances"]
    money = {doc["player"]: doc for doc in balances if doc["unit"] == "money" and doc["player"]}
    assert hands > 1 and len({doc["total"] for doc in money.values()}) > 1
    page = shared_sqlite_client.get(f"/games/{game.id}/view").get_data(as_text=True)
    assert _drawn(page, "money-chart") == {
        (player, hand): sum(row["change"] for row in doc["by_hand"] if row["hand"] <= hand)
        for player, doc in money.items()
        for hand in range(1, hands + 1)
    }
    last_hand = {player: amount for (player, hand), amount in _drawn(page, "money-chart").items() if hand == hands}
    assert last_hand == {player: doc["total"] for player, doc in money.items()}
    with shared_sqlite_app.test_request_context():
        shown = [format_money(doc["total"], None) for doc in money.values()]
    legend = page[page.index('aria-labelledby="money-chart-label"'):]
    assert re.findall(r'<span class="amount">([^<]*)</span>', legend) == shown
    assert "Money by hand" in page and _drawn(page, "chart")


def test_a_game_where_no_money_moves_has_no_money_chart(
    shared_sqlite_app: Flask, shared_sqlite_client: FlaskClient
) -> None:
    game = _game(shared_sqlite_app, "royal")
    balances = shared_sqlite_client.get(f"/games/{game.id}/settlement").get_json()["balances"]
    assert not [doc for doc in balances if doc["unit"] == "money" and doc["player"]]
    page = shared_sqlite_client.get(f"/games/{game.id}/view").get_data(as_text=True)
    assert _drawn(page, "chart") and "money-chart" not in page


def _ticks(drawn: str) -> list[str]:
    return [t.text or "" for t in ElementTree.fromstring(drawn).iter("{http://www.w3.org/2000/svg}text")
            if t.get("class") == "tick"]


def test_the_charts_axis_is_labelled_at_its_lowest_and_highest_amount_with_zero_always_on_it() -> None:
    def kroner(minor: int) -> str:
        return f"{minor / 100:.2f} kr"

    rising = Chart("Money", ["ann", "bob"], [{"ann": -500, "bob": 500}, {"ann": -700, "bob": 200}])
    assert _ticks(svg(rising, shown=kroner)) == ["-7.00 kr", "5.00 kr"]
    assert _ticks(svg(Chart("Money", ["ann"], [{"ann": -500}]), shown=kroner)) == ["-5.00 kr", "0.00 kr"]
    assert _ticks(svg(Chart("Scores", ["ann"], [{"ann": 30}]))) == ["0", "30"]
    assert _ticks(svg(Chart("Scores", ["ann", "bob"], [{"ann": 0, "bob": 0}]))) == ["0"]
    # The margin holds the longest label: the lines start further right for long money amounts.
    start = ElementTree.fromstring(svg(rising, shown=lambda minor: f"NOK {minor:,}.00")).find(
        "{http://www.w3.org/2000/svg}line")
    assert start is not None and float(start.get("x1") or 0) > 48


def test_money_by_hand_adds_up_each_players_changes_hand_by_hand_and_is_none_where_no_money_moves() -> None:
    balances = [
        {"player": "ann", "unit": "money", "by_hand": [{"hand": 1, "change": -500}, {"hand": 3, "change": 900}]},
        {"player": "bob", "unit": "money", "by_hand": [{"hand": 1, "change": -500}]},
        {"player": None, "unit": "money", "by_hand": [{"hand": 1, "change": 1000}, {"hand": 3, "change": -900}]},
        {"player": "ann", "unit": "points", "by_hand": [{"hand": 2, "change": 40}]},
    ]
    chart = money_by_hand(balances, ["ann", "bob"], 3)
    assert chart == Chart("Money", ["ann", "bob"], [{"ann": -500, "bob": -500}, {"ann": -500, "bob": -500},
                                                    {"ann": 400, "bob": -500}])
    assert money_by_hand(balances[3:], ["ann", "bob"], 3) is None


def test_the_chart_escapes_player_names_and_styles_its_lines_by_class_only() -> None:
    drawn = svg(Chart("Scores", ["<b>Ann & co</b>", "Ben"], [{"<b>Ann & co</b>": 5, "Ben": -3}]))
    tree = ElementTree.fromstring(drawn)
    assert "<b>" not in drawn and "&lt;b&gt;Ann &amp; co&lt;/b&gt;" in drawn
    assert "style" not in drawn and tree.get("role") == "img"
    lines = [g.get("class") for g in tree.iter("{http://www.w3.org/2000/svg}g")]
    assert lines == ["series series-0", "series series-1"]


def test_without_script_the_page_lists_the_annotations_of_the_move_shown_that_a_spectator_may_see(
    shared_sqlite_app: Flask, shared_sqlite_client: FlaskClient
) -> None:
    game = _game(shared_sqlite_app)
    frame = shared_sqlite_client.get(f"/games/{game.id}/replay?at=5", headers=bearer(TOKEN)).get_json()["frames"][0]
    body = {"target": "event", "at": frame["versions"]["last"], "comment": "a <b>bold</b> draw", "glyph": "!?"}
    written = shared_sqlite_client.post(f"/games/{game.id}/annotations", json=body, headers=bearer(TOKEN))
    assert written.status_code == 201
    page = shared_sqlite_client.get(f"/games/{game.id}/view?at=5").get_data(as_text=True)
    assert 'data-annotation="1" data-target="event" data-move="5"' in page
    assert "a &lt;b&gt;bold&lt;/b&gt; draw" in page and '<p id="no-annotations" class="unavailable" hidden>' in page
    assert 'data-annotation="1"' not in shared_sqlite_client.get(f"/games/{game.id}/view?at=6").get_data(as_text=True)


def test_the_record_page_is_html_under_the_strict_csp_with_its_own_scripts_only(
    shared_sqlite_client: FlaskClient
) -> None:
    response = shared_sqlite_client.get("/games/00000000-0000-4000-8000-000000000000/record")
    assert response.status_code == 200 and response.mimetype == "text/html"
    assert response.headers["Content-Security-Policy"] == PAGE_POLICY
    page = response.get_data(as_text=True)
    assert " style=" not in page and "<style" not in page
    scripts = [
        "i18n.js", "device.js", "money.js", "table.js", "record_cards.js", "record_forms.js", "record_offers.js",
        "record_queue.js", "record_disputes.js", "record.js",
    ]
    assert re.findall(r"<script[^>]*>", page) == [f'<script src="/static/{name}" defer>' for name in scripts]
    assert all(shared_sqlite_client.get(f"/static/{name}").status_code == 200 for name in [*scripts, "record.css"])
