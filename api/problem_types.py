"""/problems and /problems/<code>: every problem code, as HTML for a person and JSON for a client.

Both are generated from the one problem table (api/problem_table.py, gathering every layer's) that the errors
themselves are titled from, so a code a refusal names is always documented here.
"""

from __future__ import annotations

from typing import Any

from flask import Response, render_template, request
from flask.views import MethodView

from api.errors import ProblemTypeNotFoundError
from api.listing import UNKNOWN_CURSOR, page_body
from api.parsing import Blueprint
from api.problem_schemas import PROBLEM_TYPES, ProblemTypeArgsSchema, ProblemTypePageSchema, ProblemTypeSchema
from api.problem_table import PROBLEMS, status_of
from domain.errors import Problem
from domain.variants import CATALOGUE
from service.pages import Page

blp = Blueprint("problems", __name__, description="The problem codes of refusals, with what each concerns")
HTML = "text/html"
BY_CODE = sorted(PROBLEMS)


def wants_html() -> bool:
    """Whether the client prefers a page (a browser) to JSON; JSON when it does not say."""
    return request.accept_mimetypes.best_match(["application/json", HTML]) == HTML


def shown(problem: Problem) -> dict[str, Any]:
    """A problem type as a client reads it; a rule code's sentence and source from the rule catalogue."""
    rule = CATALOGUE.get(problem.code)
    return {
        "type": f"/problems/{problem.code}",
        "code": problem.code,
        "title": problem.title,
        "status": status_of(problem.code),
        "concerns": rule.sentence if rule else problem.concerns,
        "example": problem.example,
        **({"rule": rule.doc()} if rule else {}),
    }


@blp.route("/problems")
class ProblemTypes(MethodView):
    """Every problem code."""

    @blp.arguments(ProblemTypeArgsSchema, location="query")
    @blp.response(200, ProblemTypePageSchema)
    @blp.problem(422, UNKNOWN_CURSOR, valid=True)
    @blp.alt_response(200, schema={"type": "string"}, content_type=HTML, description="the table as a page")
    def get(self, args: dict[str, Any]) -> Any:
        """Every problem code with its title, status, what it concerns and an example (a page for a browser)."""
        if wants_html():
            listed = [shown(PROBLEMS[c]) for c in BY_CODE]
            return Response(render_template("problems.html", problems=listed), mimetype=HTML)
        after = args.get("cursor")
        rest = [PROBLEMS[c] for c in BY_CODE if after is None or c > after]
        limit = args["limit"]
        page = Page(rest[:limit], len(BY_CODE), len(rest) > limit)
        return page_body(page, limit, PROBLEM_TYPES, [shown(p) for p in page.items], lambda p: p.code)


@blp.route("/problems/<code>")
class ProblemType(MethodView):
    """One problem code."""

    @blp.response(200, ProblemTypeSchema)
    @blp.alt_response(200, schema={"type": "string"}, content_type=HTML, description="the problem type as a page")
    @blp.problem(404, "no problem has this code")
    def get(self, code: str) -> Any:
        """A problem code's title, status, what it concerns (the rule or field) and an example."""
        problem = PROBLEMS.get(code)
        if problem is None:
            raise ProblemTypeNotFoundError(f"there is no problem type {code}: GET /problems lists them all")
        if wants_html():
            page = render_template("problem.html", problem=shown(problem), rule=CATALOGUE.get(code))
            return Response(page, mimetype=HTML)
        return shown(problem)
