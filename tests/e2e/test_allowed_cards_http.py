"""Over HTTP, the cards a template may name that the record places nowhere yet (`unseen`) are listed to the full view
alone: they would tell a seat which cards the record places in other hands."""

from __future__ import annotations

from flask.testing import FlaskClient


def test_a_narrower_view_than_the_full_one_is_not_told_the_unseen_cards(shared_sqlite_client: FlaskClient) -> None:
    setup = {"variant": "roby", "players": ["ann", "bob"], "recording": "seats", "deal_mode": "recorded"}
    created = shared_sqlite_client.post("/games", json=setup).get_json()
    url, recorder = f"/games/{created['id']}", {"Authorization": f"Bearer {created['token']}"}
    seat = shared_sqlite_client.post(f"{url}/tokens/seats/ann", headers=recorder).get_json()["token"]
    (cut,) = shared_sqlite_client.get(url, headers={"Authorization": f"Bearer {seat}"}).get_json()["legal_actions"]
    assert cut["type"] == "cut" and cut["unseen"] is True and "allowed_cards" not in cut
    assert cut["examples"] == [] and "card" in cut["template"]  # the form stays, the examples go


def test_a_seats_entries_do_not_change_when_another_seat_enters_his_hand(shared_sqlite_client: FlaskClient) -> None:
    """Examples drawn from the cards the record places nowhere would leave out another seat's entered cards."""
    created = shared_sqlite_client.post("/games", json={"variant": "roby", "players": ["ann", "bob", "cy"],
                                                 "recording": "seats", "deal_mode": "recorded"}).get_json()
    url, recorder = f"/games/{created['id']}", {"Authorization": f"Bearer {created['token']}"}
    seats = {p: {"Authorization": "Bearer " + shared_sqlite_client.post(f"{url}/tokens/seats/{p}", headers=recorder)
                 .get_json()["token"]} for p in ("ann", "bob", "cy")}

    def move(player: str, **body: object) -> None:
        version = shared_sqlite_client.get(url, headers=recorder).get_json()["version"]
        answer = shared_sqlite_client.post(f"{url}/moves", json={"player": player, "expected_version": version, **body},
                                    headers=seats[player])
        assert answer.status_code == 201, answer.get_json()

    def entries(player: str) -> list[dict[str, object]]:
        listed = shared_sqlite_client.get(url, headers=seats[player]).get_json()["legal_actions"]
        found = [e for e in listed if e["type"] == "enter_hand"]
        return [{**e, "template": {k: v for k, v in e["template"].items() if k != "expected_version"}} for e in found]

    for player, card in (("ann", "2H"), ("bob", "3S"), ("cy", "KH")):
        move(player, type="cut", card=card)
    move("cy", type="deal", upcard="QD")
    before = entries("ann")
    assert before and all(e["examples"] == [] and "allowed_cards" not in e for e in before)
    move("bob", type="enter_hand", cards=["7C", "8C", "10S", "JS", "QS", "3D", "3H", "5D", "6D", "8D"])
    assert entries("ann") == before
    shown = shared_sqlite_client.get(url, headers=recorder).get_json()
    assert all(e["type"] != "enter_hand" for e in shown["legal_actions"])  # the recorder of a game by seats enters none
    (exposure,) = [e for e in shown["table_actions"] if e["type"] == "expose_card"]
    assert exposure["examples"] == [] and "holder" in exposure["template"]  # an example could name an entered card
