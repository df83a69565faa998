"""Crew pages and forms (the browser tests in tests/e2e/test_crews.py look at them; these check every path)."""

from __future__ import annotations

import re

from api_helpers import create, post, text


def make_crew(client, csrf_token, name="Friday cards", people="Ana\nBen, Cy"):
    token = csrf_token(client, "/sheets/")
    answer = client.post("/crews/new", data={"csrf_token": token, "name": name, "people": people})
    return answer, token


def crew_of(answer) -> tuple[str, str]:
    found = re.fullmatch(r".*/crews/([\w-]+)#key=([\w-]+)", answer.headers["Location"])
    assert found, answer.headers["Location"]
    return found.group(1), found.group(2)


def test_the_sheets_page_makes_a_crew_and_hands_its_key_to_this_phone(client, csrf_token):
    answer, _token = make_crew(client, csrf_token)
    assert answer.status_code == 302 and answer.headers["Cache-Control"] == "no-store"
    crew_id, key = crew_of(answer)
    assert f"Path=/crews/{crew_id}" in answer.headers["Set-Cookie"] and "HttpOnly" in answer.headers["Set-Cookie"]
    data = client.get(f"/api/crews/{crew_id}").get_json()
    assert data["name"] == "Friday cards" and [p["name"] for p in data["people"]] == ["Ana", "Ben", "Cy"]
    page = text(client.get(f"/crews/{crew_id}"))
    assert "Tonight's table" in page and key not in page  # this phone may add games; the key is never in the HTML
    assert "Friday cards" in text(client.get("/sheets/"))  # the crew is listed on this phone's Sheets page


def test_a_bad_crew_from_the_sheets_page_says_why_and_stores_nothing(client, csrf_token, app):
    answer, _token = make_crew(client, csrf_token, name="   ")
    assert answer.status_code == 302 and answer.headers["Location"].endswith("/sheets/")
    assert "The crew needs a name" in text(client.get("/sheets/"))
    answer, _token = make_crew(client, csrf_token, name="Fine", people="Ana\nana")
    assert "same name" in text(client.get("/sheets/"))
    with app.app_context():
        from app.extensions import db
        from app.models import Crew

        assert db.session.query(Crew).count() == 0


def test_a_phone_without_the_crew_key_only_views(client, csrf_token, app):
    answer, _token = make_crew(client, csrf_token)
    crew_id, key = crew_of(answer)
    other = app.test_client()
    page = text(other.get(f"/crews/{crew_id}"))
    assert "Friday cards" in page and "Tonight's table" not in page and "Let another phone add games" not in page
    for url in (f"/crews/{crew_id}/share", f"/crews/{crew_id}/new?seat=Ana&seat=Ben"):
        refused = other.get(url)
        assert refused.status_code == 302 and refused.headers["Location"].endswith(f"/crews/{crew_id}")
    token = csrf_token(other, "/sheets/")
    renamed = other.post(f"/crews/{crew_id}/people/Ana", data={"csrf_token": token, "action": "rename", "name": "X"})
    assert renamed.status_code == 302
    assert client.get(f"/api/crews/{crew_id}").get_json()["people"][0]["name"] == "Ana"
    # The crew link's key, handed over by the page script: a wrong one is 403, the right one is kept.
    assert other.post(f"/crews/{crew_id}/key", data={"csrf_token": token, "key": "wrong"}).status_code == 403
    kept = other.post(f"/crews/{crew_id}/key", data={"csrf_token": token, "key": key})
    assert kept.status_code == 204 and kept.headers["Cache-Control"] == "no-store"
    assert "Tonight's table" in text(other.get(f"/crews/{crew_id}"))
    share = other.get(f"/crews/{crew_id}/share")
    assert share.status_code == 200 and share.headers["Cache-Control"] == "no-store"
    assert f"/crews/{crew_id}#key={key}" in text(share)


def test_tonights_table_starts_a_sheet_in_the_crew(client, csrf_token):
    crew_id, _key = crew_of(make_crew(client, csrf_token)[0])
    twice = client.get(f"/crews/{crew_id}/new?seat=Ana&seat=ana")
    assert twice.status_code == 302 and "#tonight" in twice.headers["Location"]
    form = client.get(f"/crews/{crew_id}/new?seat=Cy&seat=&seat=Ana")
    page = text(form)
    assert form.status_code == 200 and "In the crew Friday cards" in page
    assert re.search(r'name="players-0"[^>]*value="Cy"', page) and re.search(r'name="players-1"[^>]*value="Ana"', page)
    token = csrf_token(client, f"/crews/{crew_id}/new?seat=Cy&seat=Ana")
    made = client.post(
        f"/crews/{crew_id}/new",
        data={"csrf_token": token, "game": "points", "players-0": "Cy", "players-1": "Ana", "players-2": "Dee"},
    )
    assert made.status_code == 302 and "/sheets/" in made.headers["Location"], text(made)[:500]
    data = client.get(f"/api/crews/{crew_id}").get_json()
    assert [g["players"] for g in data["games"]] == [["Cy", "Ana", "Dee"]]
    assert [p["name"] for p in data["people"]] == ["Ana", "Ben", "Cy", "Dee"]
    game_id = data["games"][0]["id"]
    assert "The crew Friday cards" in text(client.get(f"/sheets/{game_id}"))  # the sheet links to its crew


def test_rename_and_merge_forms(client, csrf_token):
    crew_id, _key = crew_of(make_crew(client, csrf_token, people="Ana\nAnna\nBen")[0])
    token = csrf_token(client, "/sheets/")
    refused = client.post(f"/crews/{crew_id}/people/Ana", data={"csrf_token": token, "action": "rename", "name": "Ben"})
    assert refused.status_code == 400 and "merge them" in text(refused)
    renamed = client.post(
        f"/crews/{crew_id}/people/Ben", data={"csrf_token": token, "action": "rename", "name": "Benny"}
    )
    assert renamed.status_code == 302 and renamed.headers["Location"].endswith("/people/Benny")
    assert "Also called" in text(client.get(f"/crews/{crew_id}/people/Benny"))
    old = client.get(f"/crews/{crew_id}/people/ben")  # an old name leads to the person
    assert old.status_code == 302 and old.headers["Location"].endswith("/people/Benny")
    merged = client.post(
        f"/crews/{crew_id}/people/Anna", data={"csrf_token": token, "action": "merge", "same_as": "Ana"}
    )
    assert merged.status_code == 302 and merged.headers["Location"].endswith("/people/Ana")
    assert [p["name"] for p in client.get(f"/api/crews/{crew_id}").get_json()["people"]] == ["Ana", "Benny"]
    assert client.get(f"/crews/{crew_id}/people/Nobody").status_code == 404
    missing = client.post(
        f"/crews/{crew_id}/people/Nobody", data={"csrf_token": token, "action": "rename", "name": "X"}
    )
    assert missing.status_code == 404


def test_keep_these_players_together_needs_the_edit_rights(client, csrf_token, app):
    game_id, key, _ = create(client, "points", ("Ana", "Ben"), {"rounds": 1})
    post(
        client,
        f"/api/games/{game_id}/rounds",
        {"round": 1, "results": [{"player": "Ana", "points": 2}, {"player": "Ben", "points": 1}]},
        key,
    )
    viewer = app.test_client()
    token = csrf_token(viewer, "/sheets/")
    refused = viewer.post(f"/sheets/{game_id}/crew", data={"csrf_token": token, "name": "Tuesday"})
    assert refused.status_code == 302 and refused.headers["Location"].endswith(f"/sheets/{game_id}")
    assert "Keep these players together" not in text(viewer.get(f"/sheets/{game_id}"))
    viewer.post(f"/sheets/{game_id}/key", data={"csrf_token": token, "key": key})  # now this phone may edit
    assert "Keep these players together" in text(viewer.get(f"/sheets/{game_id}"))
    made = viewer.post(f"/sheets/{game_id}/crew", data={"csrf_token": token, "name": "Tuesday"})
    crew_id, _crew_key = crew_of(made)
    data = viewer.get(f"/api/crews/{crew_id}").get_json()
    assert [g["id"] for g in data["games"]] == [game_id] and data["people"][0]["wins"] == 1
    assert "Keep these players together" not in text(viewer.get(f"/sheets/{game_id}"))  # it is in a crew now


def test_unknown_crews_are_404(client):
    for url in ("/crews/nope", "/crews/nope/people/Ana", "/crews/nope/share", "/crews/nope/new"):
        assert client.get(url).status_code == 404, url


def test_the_sheets_page_title_is_words_only(client):
    """The crews panel once sat inside the title block: the tab's title carried its markup."""
    page = client.get("/sheets/").get_data(as_text=True)
    title = page.split("<title>", 1)[1].split("</title>", 1)[0]
    assert "<" not in title and "Score sheets" in title
    assert page.count('id="crews-heading"') == 1


def _time_cells(page: str) -> dict[str, str]:
    """Each person's "Time played" cell in the people table."""
    rows = re.findall(r'<tr><th scope="row"><a [^>]*><bdi>([^<]+)</bdi></a>(.*?)</tr>', page, re.S)
    return {name: re.search(r'data-label="[^"]*" *>([^<]*)</td>\s*$', row.strip()).group(1) for name, row in rows}


def test_the_crew_page_shows_time_played_per_person_and_in_all(client, monkeypatch, clock):
    """Game 1 (Ana, Ben): started, rounds saved after 30 and 72 minutes, finished: 1 h 12 min. Game 2 (Ana, Ben,
    Cy), still going: round 1 after 20 minutes, Eve joins, round 2 after 35 minutes, then Cy leaves and round 3
    is saved after 50: Eve sat there 30 minutes (rounds 2 and 3), Cy 35 (rounds 1 and 2), Ana and Ben 50."""
    from app.services import sheets as sheet_service

    monkeypatch.setattr(sheet_service, "utcnow", clock)
    crew = post(client, "/api/crews", {"name": "Friday cards", "people": ["Ana", "Ben", "Cy"]}).get_json()
    crew_id, crew_key = crew["id"], crew["crew_key"]

    def game(players, rounds):
        body = {"game": "points", "players": players, "rules": {"rounds": rounds}, "crew": crew_id}
        made = post(client, "/api/games", body, headers={"X-Crew-Key": crew_key}).get_json()
        return made["id"], made["edit_key"]

    def play(game_id, key, number, **scores):
        body = {"round": number, "results": [{"player": p, "points": v} for p, v in scores.items()]}
        assert post(client, f"/api/games/{game_id}/rounds", body, key).status_code == 201

    first, first_key = game(["Ana", "Ben"], 2)
    clock.advance(30 * 60)
    play(first, first_key, 1, Ana=3, Ben=4)
    clock.advance(42 * 60)
    play(first, first_key, 2, Ana=3, Ben=4)
    assert client.get(f"/api/games/{first}").get_json()["status"] == "finished"
    clock.advance(10 * 60)  # between the games: nobody's time
    second, second_key = game(["Ana", "Ben", "Cy"], 5)
    clock.advance(20 * 60)
    play(second, second_key, 1, Ana=1, Ben=1, Cy=1)
    assert post(client, f"/api/games/{second}/players", {"join": "Eve"}, second_key).status_code == 200
    clock.advance(15 * 60)
    play(second, second_key, 2, Ana=1, Ben=1, Cy=1, Eve=1)
    assert post(client, f"/api/games/{second}/players", {"leave": "Cy"}, second_key).status_code == 200
    clock.advance(15 * 60)
    play(second, second_key, 3, Ana=1, Ben=1, Eve=1)

    page = text(client.get(f"/crews/{crew_id}"))
    heading = re.sub(r"<[^>]+>", "", re.search(r"<h1>.*?</h1>", page, re.S).group(0))
    assert heading == "Friday cards 4 people · 2 games · 2 h 2 min played"  # 72 + 50 minutes
    assert _time_cells(page) == {"Ana": "2 h 2 min", "Ben": "2 h 2 min", "Cy": "35 min", "Eve": "30 min"}
    german = text(client.get(f"/crews/{crew_id}", headers={"Accept-Language": "de"}))
    assert _time_cells(german)["Ana"] == "2 Std. 2 Min." and "Spielzeit" in german


def test_a_sheet_joins_an_existing_crew_with_the_crew_link_and_its_edit_key(client, csrf_token, app):
    crew_id, crew_key = crew_of(make_crew(client, csrf_token)[0])
    game_id, key, _ = create(client, "points", ("ana", "Ben", "Dee"), {"rounds": 2})
    url = f"/sheets/{game_id}/join-crew"
    crew_link = f"http://localhost/crews/{crew_id}#key={crew_key}"

    def games_in_crew():
        return [g["id"] for g in client.get(f"/api/crews/{crew_id}").get_json()["games"]]

    viewer = app.test_client()  # a phone that only views the sheet: no form, and a post is refused
    token = csrf_token(viewer, "/sheets/")
    assert "Add this game to a crew" not in text(viewer.get(f"/sheets/{game_id}"))
    refused = viewer.post(url, data={"csrf_token": token, "crew_link": crew_link}, follow_redirects=True)
    assert "needs its edit key" in text(refused) and games_in_crew() == []

    phone = app.test_client()
    token = csrf_token(phone, "/sheets/")
    phone.post(f"/sheets/{game_id}/key", data={"csrf_token": token, "key": key})  # this phone may edit
    assert "Add this game to a crew" in text(phone.get(f"/sheets/{game_id}"))
    for link, words in (
        ("", "Paste the crew link"),
        (f"http://localhost/sheets/{game_id}#key={key}", "not a crew link"),
        (f"http://localhost/crews/{crew_id}", "no crew key"),  # the view link
        (f"http://localhost/crews/{crew_id}#key=wrong-key", "not the crew's"),
        (f"http://localhost/crews/{crew_id}#key={key}", "not the crew's"),  # the game's key is not the crew's
        (f"http://localhost/crews/nosuchcrew#key={crew_key}", "no crew with this id"),
    ):
        answer = phone.post(url, data={"csrf_token": token, "crew_link": link})
        assert answer.status_code == 302 and answer.headers["Location"].endswith(f"/sheets/{game_id}#join-crew")
        assert words in text(phone.get(f"/sheets/{game_id}")), link
        assert games_in_crew() == [], link

    added = phone.post(url, data={"csrf_token": token, "crew_link": crew_link}, follow_redirects=True)
    assert "This game is now in the crew Friday cards." in text(added)
    assert games_in_crew() == [game_id]
    people = [p["name"] for p in client.get(f"/api/crews/{crew_id}").get_json()["people"]]
    assert people == ["Ana", "Ben", "Cy", "Dee"]  # "ana" is Ana; Dee joins with the game
    assert "Tonight's table" in text(phone.get(f"/crews/{crew_id}"))  # the phone holds the crew key now
    again = phone.post(url, data={"csrf_token": token, "crew_link": crew_link}, follow_redirects=True)
    assert "already in the crew Friday cards" in text(again) and games_in_crew() == [game_id]


def _points_game(client, crew_id, crew_key, name, winner_points):
    """A finished points game of Ana and Ben in the crew (first to 10, highest wins): Ana scores
    ``winner_points`` and wins; ``name`` is the game played (None: no name)."""
    body = {"game": "points", "players": ["Ana", "Ben"], "rules": {"wins": "highest", "target": 10}, "crew": crew_id}
    if name:
        body["name"] = name
    made = client.post("/api/games", json=body, headers={"X-Crew-Key": crew_key})
    assert made.status_code == 201, made.get_json()
    game = made.get_json()
    answer = client.post(
        f"/api/games/{game['id']}/rounds",
        json={"round": 1, "results": [{"player": "Ana", "points": winner_points}, {"player": "Ben", "points": 2}]},
        headers={"Authorization": f"Bearer {game['edit_key']}"},
    )
    assert answer.status_code == 201, answer.get_json()
    return game["id"]


def test_points_games_show_by_the_name_of_the_game_played(client):
    """Issue 23: the crew page lists points games by name ("Hearts" and "Darts" are two games: a table each, and
    the games list says which), and its sheets without a name under the kind's own name. The API answer keeps
    the contract's shape (one "points" line per person)."""
    made = client.post("/api/crews", json={"name": "Pub", "people": ["Ana", "Ben"]}).get_json()
    crew_id, crew_key = made["id"], made["crew_key"]
    _points_game(client, crew_id, crew_key, "Hearts", 12)
    _points_game(client, crew_id, crew_key, "Darts", 15)
    _points_game(client, crew_id, crew_key, "Hearts", 11)
    _points_game(client, crew_id, crew_key, None, 10)
    page = text(client.get(f"/crews/{crew_id}"))
    headings = re.findall(r'<h2 id="kind-points-\d">(.*?)</h2>', page)
    assert [re.sub(r"<[^>]+>", "", h) for h in headings] == ["Hearts Points", "Darts Points", "Points"]
    hearts = page.split('id="kind-points-0"')[1].split("</section>")[0]
    assert re.search(r"<bdi>Ana</bdi></th><td[^>]*>2</td>\s*<td[^>]*>2</td>", hearts), hearts  # 2 games, 2 wins
    darts = page.split('id="kind-points-1"')[1].split("</section>")[0]
    assert re.search(r"<bdi>Ben</bdi></th><td[^>]*>1</td>\s*<td[^>]*>0</td>", darts), darts  # 1 game, no win
    listed = re.findall(r"<li><a href=\"/sheets/[\w-]+\"><strong>(.*?)</strong>", page)
    assert listed == ["Points", "<bdi>Hearts</bdi>", "<bdi>Darts</bdi>", "<bdi>Hearts</bdi>"]  # newest first
    api = client.get(f"/api/crews/{crew_id}").get_json()
    assert all("name" not in g for g in api["games"])
    assert [sorted(p["kinds"]) for p in api["people"]] == [["points"], ["points"]]
    assert all("named" not in p for p in api["people"])
    assert api["people"][0]["kinds"]["points"]["games"] == 4
