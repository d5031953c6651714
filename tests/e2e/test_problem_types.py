"""Every problem document's `type` is served: JSON for a client, a page for a person, from the one problem table."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from api.problem_table import PROBLEMS, status_of
from domain.variants import CATALOGUE
from tests.e2e.helpers import assert_problem, create
from tests.e2e.test_languages import NORWEGIAN, RULED, TRANSLATED

BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


def test_every_problem_code_is_served_as_json_with_its_title_status_concerns_and_example(
    shared_sqlite_client: FlaskClient,
) -> None:
    for code, problem in PROBLEMS.items():
        response = shared_sqlite_client.get(f"/problems/{code}")
        assert response.status_code == 200 and response.mimetype == "application/json", code
        rule = CATALOGUE.get(code)
        assert response.get_json() == {
            "type": f"/problems/{code}",
            "code": code,
            "title": problem.title,
            "status": status_of(problem.code),
            "concerns": problem.concerns,
            "example": problem.example,
            **({"rule": rule.doc()} if rule else {}),
        }


@pytest.mark.parametrize("code", ["roby.discard.fits-meld", "invalid-text", "robins.rummy.expired", "stale-version"])
def test_a_browser_gets_the_problem_type_as_a_page(shared_sqlite_client: FlaskClient, code: str) -> None:
    response = shared_sqlite_client.get(f"/problems/{code}", headers=BROWSER)
    assert response.status_code == 200 and response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    problem = PROBLEMS[code]
    for text in (problem.title, problem.concerns, problem.example, code):
        assert text in html.unescape(page), text
    assert f"<dd>{status_of(code)}</dd>" in page
    assert 'name="viewport"' in page and "<script" not in page
    assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]


@pytest.mark.parametrize("path", ["/problems", "/problems/night-not-found"])
def test_a_norwegian_browser_reads_the_problem_pages_in_norwegian_with_the_services_english_marked(
    shared_sqlite_client: FlaskClient, path: str
) -> None:
    page = html.unescape(shared_sqlite_client.get(path, headers={**BROWSER, "Accept-Language": "nb"}).get_data(
        as_text=True))
    assert '<html lang="nb">' in page
    assert TRANSLATED["Concerns"] in page and "Concerns" not in page
    title = PROBLEMS["night-not-found"].title
    assert NORWEGIAN.get(title, "problem").string in page and f">{title}<" not in page
    concerns, example = PROBLEMS["night-not-found"].concerns, PROBLEMS["night-not-found"].example
    assert f"<td>{RULED[concerns]}</td>" in page or f"<dd>{RULED[concerns]}</dd>" in page
    assert concerns not in page
    if path != "/problems":  # the example of the service's detail stays English, marked so
        assert f'lang="en"><q>{example}</q>' in page


def test_the_list_of_problem_types_is_one_listing_page_after_another_and_a_page_for_a_browser(
    shared_sqlite_client: FlaskClient,
) -> None:
    codes, query = [], {"limit": 40}
    while True:
        page = shared_sqlite_client.get("/problems", query_string=query).get_json()
        assert page["total"] == len(PROBLEMS) and len(page["items"]) <= 40
        codes += [item["code"] for item in page["items"]]
        if page["next_cursor"] is None:
            break
        query = {"limit": 40, "cursor": page["next_cursor"]}
    assert codes == sorted(PROBLEMS)
    listed = shared_sqlite_client.get("/problems", headers=BROWSER).get_data(as_text=True)
    assert all(f'href="/problems/{code}"' in listed for code in PROBLEMS)
    row = r'<a href="/problems/([^"]+)"><code>[^<]*</code></a></td>\s*<td>[^<]*</td>\s*<td>(\d+)</td>'
    rows = re.findall(row, listed)
    assert dict(rows) == {code: str(status_of(code)) for code in PROBLEMS}


def test_an_unknown_problem_code_is_a_404_problem(shared_sqlite_client: FlaskClient) -> None:
    assert_problem(shared_sqlite_client.get("/problems/roby.no-such-rule"), 404, "problem-type-not-found")
    for_a_browser = shared_sqlite_client.get("/problems/roby.no-such-rule", headers=BROWSER)
    assert_problem(for_a_browser, 404, "problem-type-not-found")


def test_the_type_of_a_refusal_is_a_page_about_its_code(shared_sqlite_client: FlaskClient) -> None:
    game = create(shared_sqlite_client)
    refused = shared_sqlite_client.post(
        f"{game.url}/moves", json={"type": "cut", "player": "ann", "card": "1C"}, headers=game.auth
    )
    problem = assert_problem(refused, 428)
    served = shared_sqlite_client.get(problem["type"]).get_json()
    assert (served["code"], served["title"], served["status"]) == (problem["code"], problem["title"], 428)
    bad_card = {"type": "cut", "player": "ann", "card": "1C", "expected_version": game.version}
    problem = assert_problem(shared_sqlite_client.post(f"{game.url}/moves", json=bad_card, headers=game.auth), 422)
    assert shared_sqlite_client.get(problem["type"]).get_json()["code"] == problem["code"]
