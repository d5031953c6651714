"""Over HTTP, the cards a template may name that the record places nowhere yet (`unseen`) are listed to the full view
alone: they would tell a seat which cards the record places in other hands."""

from __future__ import annotations

from flask.testing import FlaskClient


def test_a_narrower_view_than_the_full_one_is_not_told_the_unseen_cards(sqlite_client: FlaskClient) -> None:
    created = sqlite_client.post("/games", json={"variant": "roby", "players": ["ann", "bob"], "recording": "seats",
                                                 "deal_mode": "recorded"}).get_json()
    url, recorder = f"/games/{created['id']}", {"Authorization": f"Bearer {created['token']}"}
    seat = sqlite_client.post(f"{url}/tokens/seats/ann", headers=recorder).get_json()["token"]
    (cut,) = sqlite_client.get(url, headers={"Authorization": f"Bearer {seat}"}).get_json()["legal_actions"]
    assert cut["type"] == "cut" and cut["unseen"] is True and "allowed_cards" not in cut
    assert cut["examples"]
