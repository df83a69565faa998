"""The CSV export as a service (app/services/exports.py): the same bytes the sheet's download serves, built
without a page; each cell neutralised for spreadsheets (tests/hardening/test_operations.py reads the file back)."""

from __future__ import annotations

import pytest
from api_helpers import create, p10_round, post

from app.services import exports, sheets


@pytest.mark.parametrize(
    ("value", "cell"),
    [
        (-5, "-5"),  # a negative score stays a number
        (0, "0"),
        ("Ana", "Ana"),
        ("=1+1", "'=1+1"),
        ("  @sum", "'  @sum"),
        ("Zoë", "Zoë"),
        ("a;=b", '"a;\'=b"'),  # a spreadsheet splitting on ";" would start a field at "="
        ('say "hi"', '"say ""hi"""'),
        ("two\nlines", '"two\nlines"'),
        (" padded", '" padded"'),
    ],
)
def test_a_cell_is_written_as_a_spreadsheet_reads_it_safely(value, cell):
    assert exports.csv_cell(value) == cell


def test_the_service_builds_the_file_the_sheet_serves(app, client):
    game_id, key, _ = create(client)
    assert post(client, f"/api/games/{game_id}/rounds", p10_round(1), key).status_code == 201
    assert (
        post(client, f"/api/games/{game_id}/notes", {"notes": "=cmd; bring snacks"}, key, method="put").status_code
        == 200
    )
    served = client.get(f"/sheets/{game_id}/export.csv")
    with app.test_request_context():
        game = sheets.get_game(game_id)
        built = exports.sheet_csv(game)
        name = exports.file_name(game, "csv")
    assert built == served.get_data()
    assert served.headers["Content-Disposition"] == f'attachment; filename="{name}"'
    assert name == f"deckside-phase10-{game_id[:8]}.csv"
    lines = built.decode("utf-8").split("\r\n")
    assert lines[0].startswith("\ufeffround,went out,Ana,Ana: phase,")
    assert lines[1].startswith("1,Ana,0,")
    assert 'notes,"\'=cmd; bring snacks"' in lines
    assert lines[-1] == ""  # every line ends with CR LF
