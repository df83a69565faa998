"""A table's own phase list written as the new-sheet form takes it, and the check that each phase can be made
from the 10 cards a player holds (RULES.md "Phase 10: phase lists beyond the classic ten")."""

from __future__ import annotations

import random

import pytest

from app.engine.errors import RulesError
from app.games.phase10.engine.cards import HAND_SIZE, check_fits_deck
from app.games.phase10.engine.finder import check_phase
from app.games.phase10.engine.lists import check_list, example, list_text, parse_list_text
from app.games.phase10.engine.phases import MASTERS_LIST, GroupKind, Phase, Requirement, parse_phase_list


def test_the_notation_reads_phases_groups_kinds_and_sizes():
    listed = parse_list_text("set 3 + run 4 ;\n colour run of 4 + SET 3; color-run 3; colour 7")
    assert listed.to_json() == [
        [{"kind": "set", "size": 3}, {"kind": "run", "size": 4}],
        [{"kind": "color_run", "size": 4}, {"kind": "set", "size": 3}],
        [{"kind": "color_run", "size": 3}],
        [{"kind": "color", "size": 7}],
    ]
    assert tuple(listed) == (1, 2, 3, 4)


def test_the_masters_list_written_out_is_read_back_as_the_same_phases():
    written = list_text(MASTERS_LIST)
    assert written.startswith("set 2 + set 2 + set 2 + set 2; color 6; set 4 + run 4;")
    assert parse_list_text(written).phases() == MASTERS_LIST.phases()


@pytest.mark.parametrize(("typed", "numbers"), [("1 2 3 7 10", (1, 2, 3, 7, 10)), ("even", (2, 4, 6, 8, 10))])
def test_the_field_still_takes_phase_numbers_and_named_lists(typed, numbers):
    assert tuple(parse_list_text(typed)) == numbers and not parse_list_text(typed).custom


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("set 3 + run 4; run", 'phase 2, group 1: "run" is not a group'),
        ("set 3 + straight 4", 'phase 1, group 2: "straight 4" is not a group'),
        ("run 4; run 4 + run 4 + set 3", "phase 2 needs 11 cards: a phase needs at most 10"),
        ("set 1", "phase 1, group 1 has size 1"),
    ],
)
def test_a_bad_list_is_refused_naming_the_phase_and_the_group(typed, message):
    with pytest.raises(RulesError, match=message):
        parse_list_text(typed)


def _random_phase(rng: random.Random, key: int) -> Phase:
    """A phase of 1-4 groups, 2-10 cards each, at most 10 cards in all."""
    while True:
        reqs = tuple(Requirement(rng.choice(list(GroupKind)), rng.randint(2, 10)) for _ in range(rng.randint(1, 4)))
        if sum(r.size for r in reqs) <= HAND_SIZE:
            return Phase(key, reqs)


def test_every_phase_a_table_may_write_has_an_example_from_one_deck_that_the_phase_check_accepts():
    rng = random.Random(24)
    for _ in range(400):
        phase = _random_phase(rng, 1)
        made = example(phase)
        assert made is not None, phase
        assert [len(g) for g in made] == [r.size for r in phase.requirements]
        check_fits_deck(card for group in made for card in group)
        assert check_phase(phase, groups=made).valid
        assert check_phase(phase, groups=made, natural_card="group").valid


def test_the_check_reports_each_phase_and_the_first_problem():
    reports, problem = check_list("set 3 + run 4; set 4 + set 4 + set 4; color 7")
    assert problem == "In the phase list, phase 2 needs 12 cards: a phase needs at most 10."
    assert [r.problem is None for r in reports] == [True, False, True]
    assert reports[1].phase is not None and reports[1].phase.size == 12
    reports, problem = check_list("masters")
    assert problem is None and [r.phase for r in reports] == list(parse_phase_list("masters").phases())
