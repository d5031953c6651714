"""The access log's line is what json.dumps makes of its fields, whatever the path or request id holds."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from api.logs import VALID_ID, access_line, request_id

FIELDS = ("request_id", "method", "route", "path", "status", "duration_ms")


@given(
    rid=st.text(max_size=40),
    method=st.sampled_from(["GET", "POST", "OPTIONS", "PATCH"]),
    route=st.none() | st.text(max_size=40),
    path=st.text(max_size=80),
    status=st.integers(100, 599),
    duration=st.none() | st.floats(min_value=0, max_value=1e7, allow_nan=False).map(lambda d: round(d, 3)),
)
def test_the_line_is_the_json_of_its_fields_in_their_order(
    rid: str, method: str, route: str | None, path: str, status: int, duration: float | None
) -> None:
    fields = dict(zip(FIELDS, (rid, method, route, path, status, duration), strict=True))
    line = access_line(rid, method, route, path, status, duration)
    assert line == json.dumps(fields, ensure_ascii=True)
    assert json.loads(line) == fields and line.isascii() and "\n" not in line


def test_a_path_with_quotes_controls_and_other_scripts_stays_one_escaped_line() -> None:
    line = access_line("r", "GET", None, '/x"\n\u00e6\U0001f0a1\\', 404, None)
    assert line == '{"request_id": "r", "method": "GET", "route": null, "path": "/x\\"\\n\\u00e6\\ud83c\\udca1\\\\", ' \
        '"status": 404, "duration_ms": null}'


def test_a_valid_request_id_is_kept_and_anything_else_is_replaced_by_a_fresh_one() -> None:
    assert request_id("table-7.move-12") == "table-7.move-12"
    for bad in ("", "two words", "x" * 129, "line\nbreak", "\u00e6"):
        made = request_id(bad)
        assert made != bad and VALID_ID.fullmatch(made) and len(made) == 32 and int(made, 16) >= 0
    assert request_id("") != request_id("")
