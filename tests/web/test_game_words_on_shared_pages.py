"""Shared pages say a game's own words through the game's plug-in (issue 19: shared files name no game): the crew
page's sentence about the hardest phase (``GameType.crew_facts``), where a joining player starts on a sheet (the
game's ``join_help`` macro), in English and, with their translations kept, in German."""

from __future__ import annotations

from api_helpers import create, post, text

HARDEST = "The hardest phase: phase 2, completed 1 times in 2 tries."


def crew_with_games(client) -> str:
    """A crew with one Phase 10 game (phase 1: 4 tries, 3 completed; phase 2: 2 tries, 1 completed) and one UNO."""
    made = post(client, "/api/crews", {"name": "Friday cards", "people": ["Ana", "Ben", "Cy"]})
    crew_id, crew_key = made.get_json()["id"], made.get_json()["crew_key"]
    for kind in ("phase10", "uno"):
        answer = post(
            client,
            "/api/games",
            {"game": kind, "players": ["Ana", "Ben", "Cy"], "crew": crew_id},
            headers={"X-Crew-Key": crew_key},
        )
        assert answer.status_code == 201, answer.get_json()
        if kind == "phase10":
            game_id, key = answer.get_json()["id"], answer.get_json()["edit_key"]
            rounds = [
                {"round": 1, "went_out": "Ana", "results": [
                    {"player": "Ana", "completed": True},
                    {"player": "Ben", "completed": False, "points": 50},
                    {"player": "Cy", "completed": True, "points": 5}]},
                {"round": 2, "went_out": "Ana", "results": [
                    {"player": "Ana", "completed": True},
                    {"player": "Ben", "completed": True, "points": 5},
                    {"player": "Cy", "completed": False, "points": 50}]},
            ]  # fmt: skip
            for body in rounds:
                saved = post(client, f"/api/games/{game_id}/rounds", body, key)
                assert saved.status_code == 201, saved.get_json()
    return crew_id


def test_the_crew_page_names_the_hardest_phase_under_phase_10_only(client):
    crew_id = crew_with_games(client)
    page = text(client.get(f"/crews/{crew_id}"))
    assert page.count(HARDEST) == 1
    section = page.split(HARDEST)[0].rsplit("<section", 1)[1]
    assert "Phase 10" in section and "UNO" not in section  # in Phase 10's part of the page
    client.get("/language/de")
    german = text(client.get(f"/crews/{crew_id}"))
    assert "Die schwerste Phase: Phase 2, 1-mal geschafft bei 2 Versuchen." in german


def test_a_sheet_says_where_a_joining_player_starts_in_its_own_words(client, csrf_token):
    token = csrf_token(client, "/sheets/")
    ids = {}
    for kind, words in (
        ("phase10", "a player who joins starts at the first phase with the worst total at the table."),
        ("uno", "a player who joins starts with the worst total at the table."),
    ):
        game_id, key, _data = create(client, kind)
        client.post(f"/sheets/{game_id}/key", data={"csrf_token": token, "key": key})  # this phone may edit
        page = text(client.get(f"/sheets/{game_id}"))
        assert "Players joining or leaving" in page and words in page, kind
        ids[kind] = game_id
    client.get("/language/de")
    german = text(client.get(f"/sheets/{ids['phase10']}"))
    assert "wer einsteigt, beginnt bei der ersten Phase mit" in german
