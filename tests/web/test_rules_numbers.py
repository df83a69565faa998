"""The rules pages show the engine's own numbers: the scoring tables are drawn from the engine's constants (each
plug-in's ``rules_context``), so a change of a card's value in the engine shows on the page with no template edit."""

from __future__ import annotations

import html
import re

import pytest
from api_helpers import token_of

from app.games import registry
from app.games.phase10.engine import cards as p10_cards
from app.games.phase10.engine import scoring as p10_scoring
from app.games.uno.engine import cards as uno_cards
from app.games.uno.engine import scoring as uno_scoring

ROW = re.compile(r'<tr><th scope="row">(.*?)</th><td class="num">(.*?)</td></tr>', re.S)
CELL = re.compile(r'<td class="num">(.*?)</td>', re.S)


def scoring_table(client, kind: str) -> dict[str, str]:
    """The rules page's scoring table of ``kind``: each row's heading and value, as shown."""
    page = client.get(f"/rules/{kind}").get_data(as_text=True)
    section = page[page.index('id="scoring"') :]
    section = section[: section.index("</table>")]
    # the heading's text (a range of numbers is isolated left to right: <bdi dir="ltr">1–9</bdi>)
    return {html.unescape(re.sub(r"<[^>]+>", "", head)): html.unescape(value) for head, value in ROW.findall(section)}


def test_the_phase10_scoring_table_is_the_engines(client):
    low = p10_cards.Card.parse("R1"), p10_cards.Card.parse(f"R{p10_cards.LOW_MAX}")
    high = p10_cards.Card.parse(f"R{p10_cards.LOW_MAX + 1}"), p10_cards.Card.parse(f"R{p10_cards.HIGHEST}")
    assert p10_scoring.card_points(low[0]) == p10_scoring.card_points(low[1]) == p10_scoring.CLASS_POINTS["low"]
    assert p10_scoring.card_points(high[0]) == p10_scoring.card_points(high[1]) == p10_scoring.CLASS_POINTS["high"]
    assert scoring_table(client, "phase10") == {
        f"{p10_cards.LOWEST}–{p10_cards.LOW_MAX}": str(p10_scoring.card_points(low[0])),
        f"{p10_cards.LOW_MAX + 1}–{p10_cards.HIGHEST}": str(p10_scoring.card_points(high[0])),
        "Skip": str(p10_scoring.card_points(p10_cards.SKIP)),
        "Wild": str(p10_scoring.card_points(p10_cards.WILD)),
    }


def test_the_uno_scoring_table_is_the_engines(client):
    points = uno_scoring.card_points
    assert scoring_table(client, "uno") == {
        f"{uno_cards.NUMBERS[0]}–{uno_cards.NUMBERS[-1]}": "face value",
        "Draw Two, Reverse, Skip": str(points(uno_cards.Card("R", uno_cards.SKIP))),
        "Wild, Wild Draw Four": str(points(uno_cards.Card(None, uno_cards.WILD))),
        "Wild Shuffle Hands, Wild Customizable (newer decks)": str(
            points(uno_cards.Card(None, uno_cards.WILD_SHUFFLE))
        ),
    }


@pytest.mark.parametrize(
    ("kind", "module", "name", "value"),
    [
        ("phase10", p10_scoring, "CLASS_POINTS", {"low": 501, "high": 502, "skip": 503, "wild": 504}),
        ("uno", uno_scoring, "ACTION_POINTS", 601),
        ("uno", uno_scoring, "WILD_POINTS", 602),
        ("uno", uno_scoring, "NEWER_WILD_POINTS", 603),
    ],
)
def test_a_value_changed_in_the_engine_shows_on_the_rules_page(client, monkeypatch, kind, module, name, value):
    monkeypatch.setattr(module, name, value)
    shown = set(scoring_table(client, kind).values())
    for number in value.values() if isinstance(value, dict) else [value]:
        assert str(number) in shown


@pytest.mark.parametrize("kind", registry.ids())
def test_no_rules_page_writes_a_point_value_by_hand(kind):
    """Every value cell of a rules page's tables is a template expression or words, never a number in the source."""
    source = (registry.require(kind).folder / "templates" / "rules.html").read_text(encoding="utf-8")
    for cell in CELL.findall(source):
        written = re.sub(r"\{\{.*?\}\}", "", cell)
        assert not re.search(r"\d", written), f"{kind}'s rules.html writes the value {cell!r} by hand"


def test_the_phase10_round_form_counts_cards_at_the_engines_values(client, monkeypatch):
    """The round form's keypad counts (their labels and ``data-points``) come from the engine too."""
    page = client.get("/sheets/new").get_data(as_text=True)
    data = {"csrf_token": token_of(page), "game": "phase10", "variant": "classic", "phase_list": "all"}
    data.update({"natural_card": "phase", "skip_target": "next", "players-0": "Ana", "players-1": "Ben"})
    answer = client.post("/sheets/new", data=data)
    assert answer.status_code == 302
    url = answer.headers["Location"].split("#")[0]
    monkeypatch.setattr(p10_scoring, "CLASS_POINTS", {"low": 701, "high": 702, "skip": 703, "wild": 704})
    form = client.get(url + "/rounds/new").get_data(as_text=True)
    assert [int(p) for p in re.findall(r'class="count" data-points="(\d+)"', form)] == [701, 702, 703, 704] * 2
    assert f'<bdi dir="ltr">{p10_cards.LOWEST}–{p10_cards.LOW_MAX}</bdi> <small>(701)</small>' in form
