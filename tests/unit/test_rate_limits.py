"""The token bucket behind the rate limits, on a clock of the test's own."""

from __future__ import annotations

import pytest

from api.limits import Limiter, Rate, RateLimitedError
from service.config import ConfigError


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("30/minute", Rate(30, 60)),
        ("1/second", Rate(1, 1)),
        ("5 / 10 minutes", Rate(5, 600)),
        ("2/day", Rate(2, 86400)),
    ],
)
def test_a_rate_is_a_count_per_period(text: str, rate: Rate) -> None:
    assert Rate.parse("create", text) == rate


def test_off_means_no_limit() -> None:
    assert Rate.parse("create", "off") is None
    Limiter("create", None).spend("a")


def test_an_unreadable_rate_names_its_variable() -> None:
    with pytest.raises(ConfigError, match="MELDBOOK_RATE_LIMIT_IMPORT"):
        Rate.parse("import", "many")


def test_a_spent_budget_refuses_until_a_request_is_back_and_says_when() -> None:
    clock = Clock()
    limiter = Limiter("create", Rate(3, 60), clock)
    for _ in range(3):
        limiter.spend("a")
    with pytest.raises(RateLimitedError) as refused:
        limiter.spend("a")
    assert refused.value.retry_after == 20 and refused.value.headers == {"Retry-After": "20"}
    clock.now += 19
    with pytest.raises(RateLimitedError) as refused:
        limiter.spend("a")
    assert refused.value.retry_after == 1
    clock.now += 1
    limiter.spend("a")
    limiter.spend("b")


def test_idle_clients_are_forgotten_when_many_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("api.limits.MAX_CLIENTS", 10)
    clock = Clock()
    limiter = Limiter("create", Rate(1, 60), clock)
    for n in range(10):
        limiter.spend(f"old-{n}")
    clock.now += 60
    limiter.spend("new")
    assert set(limiter._buckets) == {"new"}
