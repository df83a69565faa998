"""The lay-down finder: can a hand make a phase, and with which cards?

Both questions are answered from counts, never by searching subsets of cards: how many cards
of each number the hand holds (a 12-slot array, plus a bit mask of the numbers present), how
many of each colour, and how many wilds. Each phase is compiled once into a plan for its shape
(one run, one set, one colour group, two sets, a set and a run, three or more sets of one size, or a
colour run and a set); the plan finds the fewest wilds the phase needs, and the hand can make it when
it holds that many. Any other shape (a table's own list can be anything) takes a search.

Why counts are enough: a wild can stand for any card, so whenever a group uses a wild where a
natural card it could use is free (or used by another group), swapping the two changes nothing
else. Hence some best lay-down gives every group as many naturals as it can take, and the
wilds needed are ``sum(max(0, demand[n] - count[n]))`` over the numbers the chosen sets and runs
ask for.

:func:`can_make` answers yes or no (fast: the digital game's bots ask it often);
:func:`find_lay_down` also builds the lay-down, as a :class:`~.verify.Verdict`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from app.engine.i18n import _, ngettext

from .cards import COLORS, HIGHEST, LOWEST, WILD, Card, Kind, check_fits_deck
from .phases import GroupKind, Phase
from .verify import LaidGroup, Verdict, natural_rule, verify_groups

# A spec says how one requirement is met: ("set", number | None, naturals used),
# ("run", lowest number, bit mask of the numbers laid as naturals), ("color", letter, naturals used) or
# ("color_run", (letter, lowest number), bit mask of the numbers laid as naturals).
Spec = tuple[str, int | str | tuple[str, int] | None, int]
# A solver gets (counts, mask, naturals, wilds, every group needs a natural, stop as soon as this many
# wilds are enough) and returns (wilds needed, specs) or None. What counts and mask hold is the plan's
# Counter's to say: counts by number and the mask of numbers present (_number_counts), counts by colour
# (_color_counts), or counts by number and the mask of (colour, number) pairs present (_pair_counts).
Solver = Callable[[Sequence[int], int, int, int, bool, int], "tuple[int, tuple[Spec, ...]] | None"]
Counter = Callable[[Sequence[Card]], tuple[list[int], int, int, int]]

_WILD = Kind.WILD


def _windows(size: int) -> tuple[tuple[int, int], ...]:
    """(lowest number, bit mask) of every run of ``size`` within 1-12, highest first."""
    full = (1 << size) - 1
    return tuple((low, full << low) for low in range(HIGHEST - size + 1, LOWEST - 1, -1))


def _top_bit(mask: int) -> int:
    return mask.bit_length() - 1


def _run_solver(size: int) -> Solver:
    windows = _windows(size)

    def solve(counts, mask, naturals, wilds, every_group, enough):
        best_p, best_low, best_mask = 0, 0, 0
        for low, window in windows:
            p = (mask & window).bit_count()
            if p > best_p:
                best_p, best_low, best_mask = p, low, mask & window
                if size - p <= enough:
                    break
        if best_p == 0:
            return None
        return size - best_p, (("run", best_low, best_mask),)

    return solve


_HIGH_FIRST = tuple(range(HIGHEST, LOWEST - 1, -1))
"""The numbers, highest first: a set takes the highest of the numbers held most often."""


def _most_held(counts: Sequence[int], order: Sequence[int]) -> tuple[int, int | None]:
    """How often the thing held most often is held, and which it is (the first in ``order`` on a tie; ``None`` when
    nothing is held): the number of a set, the colour of a colour group."""
    best, at = 0, None
    for i in order:
        if counts[i] > best:
            best, at = counts[i], i
    return best, at


def _most_held_numbers(counts: Sequence[int]) -> tuple[int, int]:
    """How often the numbers held most often are held, and which they are (a bit mask of numbers)."""
    c1, most = 0, 0
    for n in range(LOWEST, HIGHEST + 1):
        c = counts[n]
        if c > c1:
            c1, most = c, 1 << n
        elif c == c1:
            most |= 1 << n
    return c1, most


def _set_solver(size: int) -> Solver:
    def solve(counts, mask, naturals, wilds, every_group, enough):
        if not naturals:
            return None
        best, number = _most_held(counts, _HIGH_FIRST)
        used = min(best, size)
        return size - used, (("set", number, used),)

    return solve


def _two_sets_solver(first: int, second: int) -> Solver:
    def solve(counts, mask, naturals, wilds, every_group, enough):
        if not naturals:
            return None
        c1 = c2 = x1 = x2 = 0
        for n in range(HIGHEST, LOWEST - 1, -1):
            c = counts[n]
            if c > c1:
                c2, x2, c1, x1 = c1, x1, c, n
            elif c > c2:
                c2, x2 = c, n
        found = None
        if c2 or not every_group:
            # The larger set takes the number held most often.
            (xa, ca), (xb, cb) = ((x1, c1), (x2, c2)) if first >= second else ((x2, c2), (x1, c1))
            ka, kb = min(first, ca), min(second, cb)
            found = (first + second - ka - kb, (("set", xa if ka else None, ka), ("set", xb if kb else None, kb)))
        if c1 >= 2 or not every_group:
            # Both sets on the same number.
            wanted = first + second - min(c1, first + second)
            if found is None or wanted < found[0]:
                ka = min(first, c1)
                kb = min(second, c1 - ka)
                if kb == 0 and c1 >= 2:
                    ka, kb = ka - 1, 1
                found = (wanted, (("set", x1 if ka else None, ka), ("set", x1 if kb else None, kb)))
        return found

    return solve


def _set_run_solver(set_size: int, run_size: int, set_first: bool) -> Solver:
    windows = _windows(run_size)

    def solve(counts, mask, naturals, wilds, every_group, enough):
        if not naturals or (every_group and naturals < 2):
            return None
        c1, most = _most_held_numbers(counts)
        best = None
        for low, window in windows:
            p = (mask & window).bit_count()
            if every_group and not p:
                continue
            # The set takes the number held most often; the only cost of sharing it with the run
            # is one more wild, when the set cannot spare a card of it and some other number held
            # as often lies outside the run.
            if c1 > set_size:
                number, extra = _top_bit(most), 0
            elif most & ~window:
                number, extra = _top_bit(most & ~window), set_size - c1
            else:
                number, extra = _top_bit(most), set_size - c1 + 1
            needed = run_size - p + extra
            if best is None or needed < best[0]:
                best = (needed, low, window, number)
                if needed <= enough:
                    break
        if best is None:
            return None
        needed, low, window, number = best
        taken, run_mask = _set_beside_run(counts, number, mask & window, set_size)
        set_spec = ("set", number if taken else None, taken)
        # A run made only of wilds stands for 1, 2, 3...
        run_spec = ("run", low if run_mask else LOWEST, run_mask)
        return needed, ((set_spec, run_spec) if set_first else (run_spec, set_spec))

    return solve


def _equal_sets_solver(count: int, size: int) -> Solver:
    """``count`` sets of ``size`` each (Masters phase 1: four sets of 2).

    A number held ``c`` times fills ``c // size`` sets and leaves ``c % size`` cards for one more; each further
    set on a number gains no more naturals than the one before, so the best sets are simply the full ones,
    then the largest leftovers (the highest number first on a tie, as for one set).
    """

    def solve(counts, mask, naturals, wilds, every_group, enough):
        if not naturals or (every_group and naturals < count):
            return None
        full, rest = [], []
        for n in _HIGH_FIRST:
            c = counts[n]
            full += [n] * (c // size)
            if c % size:
                rest.append((n, c % size))
        sets = [(n, size) for n in full[:count]]
        if len(sets) < count:
            rest.sort(key=lambda held: -held[1])
            sets += rest[: count - len(sets)]
        sets += [(None, 0)] * (count - len(sets))
        if every_group:
            sets = _every_set_natural(sets)
        needed = count * size - sum(used for _n, used in sets)
        return needed, tuple(("set", n, used) for n, used in sets)

    return solve


def _every_set_natural(sets: list[tuple[int | None, int]]) -> list[tuple[int | None, int]]:
    """``sets`` with each set of wilds only given a natural taken from the fullest set (same wilds needed).

    Called when the hand holds at least one natural per set: a set of wilds only is then left only when every
    natural is already laid, so some set holds two or more and can give one away.
    """
    for i, (_number, used) in enumerate(sets):
        if used == 0:
            j = max(range(len(sets)), key=lambda k: sets[k][1])
            number, most = sets[j]
            sets[j], sets[i] = (number, most - 1), (number, 1)
    return sets


_COLOR_SHIFT = {color: 16 * i for i, color in enumerate(COLORS)}
"""Where each colour's numbers sit in a mask of (colour, number) pairs: bit ``shift + number``."""
_NUMBER_BITS = (1 << (HIGHEST + 1)) - 1


def _color_run_set_solver(run_size: int, set_size: int, run_first: bool) -> Solver:
    """A colour run and a set (Masters phases 8 and 10), from counts by number and the (colour, number) pairs.

    The run takes, for one colour and window, one card of each number of that colour it holds; the set takes
    the number held most often. As for a set and a run, sharing that number costs one more wild only when the
    set cannot spare the run's card and every number held as often is in the run.
    """
    windows = _windows(run_size)

    def solve(counts, pairs, naturals, wilds, every_group, enough):
        if not naturals or (every_group and naturals < 2):
            return None
        c1, most = _most_held_numbers(counts)
        spare = c1 > set_size  # the set can spare the run a card of its number
        best = None
        for color, shift in _COLOR_SHIFT.items():
            held = pairs >> shift & _NUMBER_BITS
            if best is not None and run_size - held.bit_count() + set_size - min(set_size, c1) >= best[0]:
                continue
            for low, window in windows:
                run = held & window
                p = run.bit_count()
                if not p:
                    continue
                shared = not spare and not most & ~run
                needed = run_size - p + set_size - min(set_size, c1 - shared)
                if best is None or needed < best[0]:
                    best = (needed, color, low, run)
                    if needed <= enough:
                        break
            if best is not None and best[0] <= enough:
                break
        if best is None:
            if every_group:
                return None
            # No natural has a colour: the run is all wilds, standing for 1, 2, 3...
            best = (run_size + set_size - min(set_size, c1), COLORS[0], LOWEST, 0)
        needed, color, low, run = best
        number = _top_bit(most & ~run or most)  # outside the run when a number held as often is
        taken, run = _set_beside_run(counts, number, run, set_size)
        set_spec = ("set", number if taken else None, taken)
        run_spec = ("color_run", (color, low), run)
        return needed, ((run_spec, set_spec) if run_first else (set_spec, run_spec))

    return solve


def _set_beside_run(counts: Sequence[int], number: int, run: int, set_size: int) -> tuple[int, int]:
    """The naturals of a set of ``number`` beside a run (or colour run) laying the numbers in ``run``, and the
    run's naturals then (a mask).

    When the set shares its number with the run and that is the only card of it, the card goes to the set if the
    run keeps another natural (under the rule "group" the set needs it; otherwise it changes nothing).
    """
    held = counts[number]
    if not run >> number & 1:
        return min(set_size, held), run
    if held == 1 and run.bit_count() >= 2:
        return 1, run & ~(1 << number)
    return min(set_size, held - 1), run


_COLOR_ORDER = tuple(range(len(COLORS)))


def _color_solver(size: int) -> Solver:
    # Counts here are by colour (COLORS order), see _color_counts.
    def solve(counts, mask, naturals, wilds, every_group, enough):
        best, at = _most_held(counts, _COLOR_ORDER)
        if at is None:
            return None
        used = min(best, size)
        return size - used, (("color", COLORS[at], used),)

    return solve


_PLANS: dict[Phase, tuple[Solver, Counter]] = {}


def _plan(phase: Phase) -> tuple[Solver, Counter]:
    """The solver for ``phase`` and how it counts the hand (compiled once per phase)."""
    plan = _PLANS.get(phase)
    if plan is not None:
        return plan
    reqs = phase.requirements
    kinds = tuple(r.kind for r in reqs)
    S, R, C, CR = GroupKind.SET, GroupKind.RUN, GroupKind.COLOR, GroupKind.COLOR_RUN
    if kinds == (R,):
        plan = (_run_solver(reqs[0].size), _number_counts)
    elif kinds == (S,):
        plan = (_set_solver(reqs[0].size), _number_counts)
    elif kinds == (C,):
        plan = (_color_solver(reqs[0].size), _color_counts)
    elif kinds == (S, S):
        plan = (_two_sets_solver(reqs[0].size, reqs[1].size), _number_counts)
    elif kinds == (S, R):
        plan = (_set_run_solver(reqs[0].size, reqs[1].size, True), _number_counts)
    elif kinds == (R, S):
        plan = (_set_run_solver(reqs[1].size, reqs[0].size, False), _number_counts)
    elif set(kinds) == {S} and len({r.size for r in reqs}) == 1:
        plan = (_equal_sets_solver(len(reqs), reqs[0].size), _number_counts)
    elif kinds == (CR, S):
        plan = (_color_run_set_solver(reqs[0].size, reqs[1].size, True), _pair_counts)
    elif kinds == (S, CR):
        plan = (_color_run_set_solver(reqs[1].size, reqs[0].size, False), _pair_counts)
    else:
        plan = (_general_solver(phase), _number_counts)
    _PLANS[phase] = plan
    return plan


# --- any other phase (the table's own lists, Masters): a search over targets and a card matching -----------------

Slot = tuple[int | None, str | None]
"""What one card of a target group must be: (number or ``None``, colour letter or ``None``)."""


def _targets(
    kind: GroupKind, size: int, hand: Sequence[Card], every_group: bool, only_sets: int = 0
) -> list[tuple[Slot, ...] | None]:
    """The groups worth trying for one requirement, each as its slots (``None``: a group of wilds only).

    ``only_sets`` is the number of sets of a phase made only of sets: some best lay-down then uses only the
    numbers held most often, that many of them (a set on another number moves to an unused one held as often).
    """
    numbers = {c.number for c in hand if c.number is not None}
    colors = {c.color for c in hand if c.number is not None and c.color is not None}
    pairs = {(c.number, c.color) for c in hand if c.number is not None and c.color is not None}
    found: list[tuple[Slot, ...] | None] = []
    if kind is GroupKind.SET:
        held = sorted(numbers, key=lambda n: (-sum(1 for c in hand if c.number == n), n))
        found = [((n, None),) * size for n in (held[:only_sets] if only_sets else held)]
    elif kind is GroupKind.COLOR:
        found = [((None, c),) * size for c in COLORS if c in colors]
    else:
        for low in range(LOWEST, HIGHEST - size + 2):
            span = range(low, low + size)
            if kind is GroupKind.RUN:
                if any(v in numbers for v in span):
                    found.append(tuple((v, None) for v in span))
            else:
                for c in COLORS:
                    if any((v, c) in pairs for v in span):
                        found.append(tuple((v, c) for v in span))
    if not every_group:
        found.append(None)
    return found


def _matches(card: Card, slot: Slot) -> bool:
    number, color = slot
    return (number is None or card.number == number) and (color is None or card.color == color)


def _augment(slot: int, slots: list[Slot], cards: Sequence[Card], owner: list[int], seen: set[int]) -> bool:
    for i, card in enumerate(cards):
        if i in seen or not _matches(card, slots[slot]):
            continue
        seen.add(i)
        if owner[i] < 0 or _augment(owner[i], slots, cards, owner, seen):
            owner[i] = slot
            return True
    return False


def _search(
    phase: Phase, hand: Sequence[Card], every_group: bool, enough: int
) -> tuple[int, tuple[tuple[Slot, ...] | None, ...], list[int]] | None:
    """The lay-down needing the fewest wilds: (wilds needed, each group's target, which slot each natural takes)."""
    naturals = [c for c in hand if c.number is not None]
    reqs = phase.requirements
    only_sets = len(reqs) if all(r.kind is GroupKind.SET for r in reqs) else 0
    options = [_targets(r.kind, r.size, naturals, every_group, only_sets) for r in reqs]
    best: list = [None]
    spare: list = [None]  # under the rule "group", the best lay-down found by rematching a group left bare

    limit = enough if enough >= 0 else len(hand) + phase.size
    free_after = [sum(r.size for r in reqs[i:]) for i in range(len(reqs) + 1)]
    spans = [range(free_after[0] - free_after[i], free_after[0] - free_after[i + 1]) for i in range(len(reqs))]

    def go(i: int, start: int, chosen: tuple, slots: list[Slot], owner: list[int], missing: int) -> bool:
        if best[0] is not None and missing >= best[0][0]:
            return False
        # Cards a subtree can still place are the naturals not yet placed; the rest of its slots need wilds.
        unplaced = len(naturals) - sum(1 for o in owner if o >= 0)
        if missing + max(0, free_after[i] - unplaced) > limit:
            return False
        if i == len(reqs):
            used = sum(1 for o in owner if o >= 0)
            if not used:
                return False
            if every_group and any(not any(o in span for o in owner) for span in spans):
                # The matching filled one group before the next and left this one bare; some matching as large
                # may still give every group a natural. Such a lay-down is kept aside and taken only when the
                # search finds no better one, so every answer the search gave without it stays as it was.
                if spare[0] is None or missing < spare[0][0]:
                    rematched = _every_group_matched(spans, slots, naturals)
                    if rematched is not None:
                        spare[0] = (missing, chosen, rematched)
                return False
            best[0] = (missing, chosen, list(owner))
            return missing <= enough
        same = i > 0 and reqs[i] == reqs[i - 1]
        for k in range(start if same else 0, len(options[i])):
            target = options[i][k]
            size = reqs[i].size
            new_slots = slots + list(target if target is not None else [(-1, None)] * size)
            new_owner = list(owner)
            lost = 0
            if target is None:
                lost = size
            else:
                for slot in range(len(slots), len(new_slots)):
                    if not _augment(slot, new_slots, naturals, new_owner, set()):
                        lost += 1
            if go(i + 1, k, chosen + (target,), new_slots, new_owner, missing + lost):
                return True
        return False

    go(0, 0, (), [], [-1] * len(naturals), 0)
    if spare[0] is not None and (best[0] is None or spare[0][0] < best[0][0]):
        return spare[0]
    return best[0]


def _every_group_matched(spans: Sequence[range], slots: list[Slot], naturals: Sequence[Card]) -> list[int] | None:
    """A largest matching of ``naturals`` to ``slots`` that gives every group (its slots in ``spans``) a natural,
    or ``None`` when no matching does.

    First each group is matched to a natural of its own (groups, not slots, are matched, so a group may trade the
    natural it holds for another one its slots take); then the other slots are matched as :func:`_augment` does.
    An augmenting path never unmatches a slot, so every group keeps its natural, and the matching grows as large as
    any: the slots a matching can fill form a matroid, where every set that can be filled extends to a largest one.
    """
    holder = [-1] * len(naturals)  # the group holding each natural

    def take(group: int, seen: set[int]) -> bool:
        for i, card in enumerate(naturals):
            if i in seen or not any(_matches(card, slots[s]) for s in spans[group]):
                continue
            seen.add(i)
            if holder[i] < 0 or take(holder[i], seen):
                holder[i] = group
                return True
        return False

    if not all(take(group, set()) for group in range(len(spans))):
        return None
    owner = [-1] * len(naturals)
    for i, group in enumerate(holder):
        if group >= 0:
            owner[i] = next(s for s in spans[group] if _matches(naturals[i], slots[s]))
    for slot in range(len(slots)):
        if slot not in owner:
            _augment(slot, slots, naturals, owner, set())
    return owner


class _General:
    """The plan for a phase no special solver covers; called with the hand itself."""

    def __init__(self, phase: Phase):
        self.phase = phase


def _general_solver(phase: Phase) -> Solver:
    return _General(phase)  # type: ignore[return-value]


def _general_groups(phase: Phase, hand: Sequence[Card], found: tuple) -> tuple[LaidGroup, ...]:
    _missing, chosen, owner = found
    naturals = [c for c in hand if c.number is not None]
    taken = {slot: naturals[i] for i, slot in enumerate(owner) if slot >= 0}
    groups, at = [], 0
    for req, target in zip(phase.requirements, chosen):
        cards = tuple(taken.get(at + j, WILD) for j in range(req.size))
        at += req.size
        if req.kind in (GroupKind.RUN, GroupKind.COLOR_RUN):
            stands: tuple[int | str | None, ...] = (
                tuple(n for n, _c in target) if target is not None else tuple(range(LOWEST, LOWEST + req.size))
            )
        elif target is None:
            stands = (None,) * req.size
        elif req.kind is GroupKind.SET:
            stands = (target[0][0],) * req.size
        else:
            stands = (target[0][1],) * req.size
        groups.append(LaidGroup(req.kind, cards, stands, req))
    return tuple(groups)


def _number_counts(hand: Sequence[Card]) -> tuple[list[int], int, int, int]:
    counts = [0] * (HIGHEST + 1)
    mask = wilds = naturals = 0
    for card in hand:
        n = card.number
        if n is None:
            if card.kind is _WILD:
                wilds += 1
        else:
            counts[n] += 1
            mask |= 1 << n
            naturals += 1
    return counts, mask, naturals, wilds


def _pair_counts(hand: Sequence[Card]) -> tuple[list[int], int, int, int]:
    """Counts by number, as :func:`_number_counts`, but the mask is of the (colour, number) pairs held."""
    counts = [0] * (HIGHEST + 1)
    pairs = wilds = naturals = 0
    for card in hand:
        n = card.number
        if n is None:
            if card.kind is _WILD:
                wilds += 1
        else:
            counts[n] += 1
            naturals += 1
            if card.color is not None:
                pairs |= 1 << (_COLOR_SHIFT[card.color] + n)
    return counts, pairs, naturals, wilds


def _color_counts(hand: Sequence[Card]) -> tuple[list[int], int, int, int]:
    counts = [0, 0, 0, 0]
    wilds = 0
    naturals = 0
    for card in hand:
        if card.kind is _WILD:
            wilds += 1
        elif card.color is not None:
            counts[COLORS.index(card.color)] += 1
            naturals += 1
    return counts, 0, naturals, wilds


def check_phase(
    phase: Phase,
    *,
    groups: Sequence[Sequence[Card]] | None = None,
    hand: Sequence[Card] | None = None,
    natural_card: str = "phase",
) -> Verdict:
    """The phase check both the page and the API answer: ``groups`` laid on the table are verified, a
    ``hand`` gets a lay-down found. Cards beyond what the deck holds raise :class:`DeckError`."""
    if hand is not None:
        check_fits_deck(hand)
        return find_lay_down(phase, hand, natural_card)
    if groups is None:
        raise TypeError("check_phase needs the groups laid down or a hand")
    check_fits_deck(card for group in groups for card in group)
    return verify_groups(phase, groups, natural_card)


def can_make(phase: Phase, hand: Sequence[Card], natural_card: str = "phase") -> bool:
    """Whether ``hand`` holds the cards to lay down ``phase`` (Skips and extra cards are ignored).

    Exact for every phase of :data:`~.phases.PHASES` and :data:`~.phases.MASTERS`; ``natural_card`` is the
    table rule (``"phase"`` or ``"group"``). Cards whose colour was left out cannot serve a colour group or run.
    """
    solve, counter = _plan(phase)
    every_group = natural_rule(natural_card)
    counts, mask, naturals, wilds = counter(hand)
    if naturals + wilds < phase.size:
        return False
    if isinstance(solve, _General):
        searched = _search(phase, hand, every_group, wilds)
        return searched is not None and searched[0] <= wilds
    found = solve(counts, mask, naturals, wilds, every_group, wilds)
    return found is not None and found[0] <= wilds


def find_lay_down(phase: Phase, hand: Sequence[Card], natural_card: str = "phase") -> Verdict:
    """Whether ``hand`` can make ``phase``, and a lay-down that does.

    A valid verdict lists the groups in the order of the phase's table, each with exactly the
    required number of cards, using as few wilds as possible (so wilds stay in hand for later
    hits). Otherwise the reasons say so, and how close the hand came where that is known.
    """
    solve, counter = _plan(phase)
    every_group = natural_rule(natural_card)
    counts, mask, naturals, wilds = counter(hand)
    if isinstance(solve, _General):
        return _find_general(phase, hand, every_group, naturals, wilds)
    found = solve(counts, mask, naturals, wilds, every_group, -1)
    if found is not None and found[0] <= wilds:
        return Verdict(True, phase, _build(phase, hand, found[1]), ())
    reasons = [_("This hand cannot make {phase} ({groups}).").format(phase=phase.name, groups=phase.describe())]
    colorless = [c for c in hand if counter is _color_counts and c.is_natural and c.color is None]
    if colorless:
        reasons.append(
            _("Cards whose colour was not given ({cards}) cannot count toward a colour group.").format(
                cards=" ".join(str(c) for c in colorless)
            )
        )
    closest: tuple[tuple[str, ...], ...] = ()
    if found is not None:
        short = found[0] - wilds
        closest = _closest(phase, hand, found[1], wilds)
        reasons.append(
            ngettext(
                "The closest lay-down is one card short.", "The closest lay-down is {count} cards short.", short
            ).format(count=short)
        )
    elif not naturals:
        reasons.append(_("A phase needs at least one natural card (not a wild), and this hand has none."))
    elif every_group:
        reasons.append(_('Under the table rule "group" every group needs a natural card, and this hand has too few.'))
    return Verdict(False, phase, (), tuple(reasons), closest)


def _find_general(phase: Phase, hand: Sequence[Card], every_group: bool, naturals: int, wilds: int) -> Verdict:
    # First the quick search that stops at a lay-down within the hand's wilds; only a hand that falls short
    # gets the full search for its closest lay-down.
    searched = _search(phase, hand, every_group, wilds)
    if searched is None or searched[0] > wilds:
        searched = _search(phase, hand, every_group, -1)
    if searched is not None and searched[0] <= wilds:
        return Verdict(True, phase, _general_groups(phase, hand, searched), ())
    reasons = [_("This hand cannot make {phase} ({groups}).").format(phase=phase.name, groups=phase.describe())]
    closest: tuple[tuple[str, ...], ...] = ()
    if searched is not None:
        short = searched[0] - wilds
        left, shown = wilds, []
        for group in _general_groups(phase, hand, searched):
            tokens = []
            for card in group.cards:
                if card.is_wild and left:
                    left -= 1
                    tokens.append(str(card))
                else:
                    tokens.append("?" if card.is_wild else str(card))
            shown.append(tuple(tokens))
        closest = tuple(shown)
        reasons.append(
            ngettext(
                "The closest lay-down is one card short.", "The closest lay-down is {count} cards short.", short
            ).format(count=short)
        )
    elif not naturals:
        reasons.append(_("A phase needs at least one natural card (not a wild), and this hand has none."))
    elif every_group:
        reasons.append(_('Under the table rule "group" every group needs a natural card, and this hand has too few.'))
    return Verdict(False, phase, (), tuple(reasons), closest)


def _closest(phase: Phase, hand: Sequence[Card], specs: Sequence[Spec], wilds: int) -> tuple[tuple[str, ...], ...]:
    """The lay-down ``specs`` describe with the hand's wilds where they fit and ``?`` for each card missing."""
    left = wilds
    groups = []
    for group in _build(phase, hand, specs):
        tokens = []
        for card in group.cards:
            if card.is_wild and left:
                left -= 1
                tokens.append(str(card))
            elif card.is_wild:
                tokens.append("?")
            else:
                tokens.append(str(card))
        groups.append(tuple(tokens))
    return tuple(groups)


def _build(phase: Phase, hand: Sequence[Card], specs: Sequence[Spec]) -> tuple[LaidGroup, ...]:
    """The groups that ``specs`` describe, made of cards taken from ``hand``.

    Colour runs take their cards first: they need a card of one colour, where a set takes any.
    """
    by_number: dict[int, list[Card]] = {}
    for card in hand:
        if card.number is not None:  # a natural
            by_number.setdefault(card.number, []).append(card)
    order = sorted(range(len(specs)), key=lambda i: specs[i][0] != "color_run")
    groups: dict[int, LaidGroup] = {}
    for i in order:
        req, (kind, value, used) = phase.requirements[i], specs[i]
        groups[i] = LaidGroup(GroupKind(kind), *_take(req.size, kind, value, used, by_number), req)
    return tuple(groups[i] for i in range(len(specs)))


def _take(
    size: int, kind: str, value: int | str | tuple[str, int] | None, used: int, by_number: dict[int, list[Card]]
) -> tuple[tuple[Card, ...], tuple[int | str | None, ...]]:
    """The cards of one group of ``size`` as its spec describes, taken out of ``by_number``, and what each
    stands for."""
    if kind == "set":
        number = value if isinstance(value, int) else None  # a set of wilds only has no number
        naturals = by_number[number] if number is not None else []
        return tuple([naturals.pop(0) for _ in range(used)] + [WILD] * (size - used)), (number,) * size
    if kind == "run":
        assert isinstance(value, int), "a run's spec starts at a number"
        values = range(value, value + size)
        return tuple(by_number[v].pop(0) if used >> v & 1 else WILD for v in values), tuple(values)
    if kind == "color_run":
        assert isinstance(value, tuple), "a colour run's spec names its colour and lowest number"
        color, low = value
        values = range(low, low + size)
        return tuple(_take_colored(by_number[v], color) if used >> v & 1 else WILD for v in values), tuple(values)
    assert isinstance(value, str), "a colour group's spec names its colour"
    # Lay down the colour's highest cards: what stays in hand costs fewer points.
    colored = sorted(
        (c for cards in by_number.values() for c in cards if c.color == value),
        key=lambda c: -(c.number or 0),
    )[:used]
    for c in colored:
        by_number[c.number or 0].remove(c)
    return tuple(colored) + (WILD,) * (size - used), (value,) * size


def _take_colored(cards: list[Card], color: str) -> Card:
    """Take the first card of ``color`` out of ``cards``."""
    at = next(i for i, card in enumerate(cards) if card.color == color)
    return cards.pop(at)
