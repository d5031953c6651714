"""A stream's pace from the environment: MELDBOOK_STREAM_POLL and MELDBOOK_STREAM_SECONDS, each checked as the
app starts; and whether a stream's client has gone."""

import socket

import pytest
from flask import Flask

from api.streams import PACE, install, peer_gone
from service.config import ConfigError
from service.streams import Pace


def pace_of(environ: dict[str, str]) -> Pace:
    app = Flask(__name__)
    install(app, environ)
    return app.extensions[PACE]


def test_the_defaults_poll_twice_a_second_and_last_five_minutes() -> None:
    assert pace_of({}) == Pace(poll=0.5, lifetime=300.0)


def test_both_settings_are_read() -> None:
    assert pace_of({"MELDBOOK_STREAM_POLL": "0.05", "MELDBOOK_STREAM_SECONDS": "0"}) == Pace(poll=0.05, lifetime=0.0)


@pytest.mark.parametrize(
    ("variable", "text"),
    [
        ("MELDBOOK_STREAM_POLL", "0"),
        ("MELDBOOK_STREAM_POLL", "11"),
        ("MELDBOOK_STREAM_POLL", "fast"),
        ("MELDBOOK_STREAM_POLL", "nan"),
        ("MELDBOOK_STREAM_SECONDS", "-1"),
        ("MELDBOOK_STREAM_SECONDS", "forever"),
    ],
)
def test_a_pace_out_of_range_stops_the_app_naming_its_variable(variable: str, text: str) -> None:
    with pytest.raises(ConfigError, match=f"{variable} must be a number of seconds .* not '{text}'"):
        pace_of({variable: text})


@pytest.mark.parametrize("key", ["gunicorn.socket", "werkzeug.socket"])
def test_a_stream_knows_its_client_has_gone_once_the_socket_the_server_handed_over_is_closed(key: str) -> None:
    ours, theirs = socket.socketpair()
    with ours:
        gone = peer_gone({key: ours})
        assert not gone()
        theirs.sendall(b"x")  # something unread from a client still there is not a close
        assert not gone()
        theirs.close()
        ours.recv(1)
        assert gone()


def test_a_stream_without_the_socket_never_takes_its_client_for_gone() -> None:
    assert not peer_gone({})()
