"""The UNO round form says what each row's number is: under winner_takes the row of who went out shows the points
won from the other hands (the server's preview, never JS), the others the points in their hands; under lowest_wins
every row is a penalty."""

from __future__ import annotations

import html
import re

import pytest
from api_helpers import create, post


def claim(client, game_id: str, key: str) -> None:
    """This test client may edit the sheet (as the page script does with the key of an edit link)."""
    page = client.get(f"/sheets/{game_id}").get_data(as_text=True)
    token = re.search(r'data-csrf="([^"]+)"', page).group(1)
    assert client.post(f"/sheets/{game_id}/key", data={"key": key}, headers={"X-CSRFToken": token}).status_code == 204


@pytest.fixture
def uno_form(client):
    """An UNO sheet (Ana, Ben, Cy; one hand saved) this client may edit, and the fields of its next round's form."""

    def make(scoring: str):
        game_id, key, _ = create(client, "uno", rules={"scoring": scoring})
        hand = {
            "round": 1,
            "went_out": "Ana",
            "results": [{"player": "Ben", "points": 5}, {"player": "Cy", "points": 5}],
        }
        assert post(client, f"/api/games/{game_id}/rounds", hand, key).status_code == 201
        claim(client, game_id, key)
        page = client.get(f"/sheets/{game_id}/rounds/new").get_data(as_text=True)
        fields = dict(re.findall(r'<input[^>]*name="(csrf_token|round|version|idempotency)"[^>]*value="([^"]*)"', page))
        # Ben went out; Ana holds 30 points, Cy 57.
        fields.update({"went_out": "1", "players-0-points": "30", "players-2-points": "57"})
        fields.update({f"players-{seat}-seat": str(seat) for seat in range(3)})
        return game_id, fields

    return make


def row_lines(page: str) -> dict[str, str]:
    """Each row's number with what it is said to be, as written in the page (``Label: value``)."""
    out = {}
    for name, body in re.findall(
        r'<fieldset class="player-row[^"]*" data-row data-player="(\w+)"(.*?)</fieldset>', page, re.S
    ):
        line = re.search(r'<p class="penalty[^"]*"[^>]*>(.*?)</p>', body, re.S).group(1)
        out[name] = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", line)).split())
    return out


def test_winner_takes_preview_says_what_the_winner_gains(client, uno_form):
    game_id, fields = uno_form("winner_takes")
    answer = client.post(f"/sheets/{game_id}/rounds/preview", data=fields).get_json()
    assert answer["ok"] and answer["points"] == {"Ana": 30, "Ben": 87, "Cy": 57}
    assert answer["labels"]["Ben"] == {"text": "Wins the points in the other hands", "gain": True}
    assert answer["labels"]["Ana"] == {"text": "Points in hand", "gain": False}
    # Without JavaScript: the Check button's page writes the same words.
    page = client.post(f"/sheets/{game_id}/rounds/new", data={**fields, "preview": "Check"}).get_data(as_text=True)
    assert row_lines(page) == {
        "Ana": "Points in hand: 30",
        "Ben": "Wins the points in the other hands: 87",
        "Cy": "Points in hand: 57",
    }
    assert 'class="penalty gain"' in page


def test_winner_takes_labels_come_before_every_hand_is_entered(client, uno_form):
    game_id, fields = uno_form("winner_takes")
    del fields["players-2-points"]
    answer = client.post(f"/sheets/{game_id}/rounds/preview", data=fields).get_json()
    assert not answer["ok"] and "Cy" in answer["error"]
    assert answer["labels"]["Ben"]["text"] == "Wins the points in the other hands"


def test_lowest_wins_rows_are_penalties(client, uno_form):
    game_id, fields = uno_form("lowest_wins")
    answer = client.post(f"/sheets/{game_id}/rounds/preview", data=fields).get_json()
    assert answer["ok"] and answer["points"] == {"Ana": 30, "Ben": 0, "Cy": 57}
    assert {label["text"] for label in answer["labels"].values()} == {"Penalty"}
    page = client.post(f"/sheets/{game_id}/rounds/new", data={**fields, "preview": "Check"}).get_data(as_text=True)
    assert row_lines(page) == {"Ana": "Penalty: 30", "Ben": "Penalty: 0", "Cy": "Penalty: 57"}
    assert "gain" not in re.findall(r'<p class="(penalty[^"]*)"', page)[0]
