"""Table rules as data: each option of a game is an :class:`Option` with a type, a default and a label.

A game's rules are a frozen mapping built by :func:`parse_rules`, which fills in defaults,
refuses unknown names and bad values with a sentence naming them, and serves the JSON API,
the forms, the rules page and the simulator's ``--rules name,name=value`` alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from .errors import RulesError
from .i18n import N_, _, number


@dataclass(frozen=True)
class Option:
    """One table rule.

    ``kind`` is ``"bool"``, ``"choice"`` (one of ``choices``, described by ``words``), ``"int"`` (``minimum``..``maximum``)
    or ``"custom"`` (``convert`` validates and normalises the value). ``label`` and ``help`` are
    English templates, translated when shown.
    """

    name: str
    kind: str
    default: Any
    label: str
    help: str = ""
    choices: tuple[str, ...] = ()
    words: tuple[str, ...] = ()
    """For a choice: what each value means, in words (English templates, one per choice), for pages."""
    minimum: int | None = None
    maximum: int | None = None
    convert: Callable[[Any], Any] | None = field(default=None, compare=False)
    digital_only: bool = False
    sheet_only: bool = False
    nullable: bool = False
    """``None`` (JSON ``null``) is a value too: "not set"."""
    schema: Mapping[str, Any] | None = field(default=None, compare=False)
    """For a custom option: the JSON Schema of its values, for the API's document."""

    def word(self, value: Any) -> str:
        """A choice's value in words (untranslated template); the value itself when it has none."""
        if self.words and value in self.choices:
            return self.words[self.choices.index(value)]
        return str(value)

    def coerce(self, value: Any) -> Any:
        """Check ``value`` (a JSON value) and return it normalised; raise :class:`RulesError` when bad."""
        if value is None and self.nullable:
            return None
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise RulesError(_("The table rule {name} must be true or false.").format(name=self.name))
        if self.kind == "choice":
            if isinstance(value, str) and value in self.choices:
                return value
            raise RulesError(
                _("The table rule {name} must be one of: {choices}.").format(
                    name=self.name, choices=", ".join(self.choices)
                )
            )
        if self.kind == "int":
            low, high = self.minimum, self.maximum
            assert low is not None and high is not None, "an int option states its minimum and maximum"
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                if self.nullable:
                    raise RulesError(
                        _("The table rule {name} must be null or a whole number from {minimum} to {maximum}.").format(
                            name=self.name, minimum=number(low), maximum=number(high)
                        )
                    )
                raise RulesError(
                    _("The table rule {name} must be a whole number from {minimum} to {maximum}.").format(
                        name=self.name, minimum=number(low), maximum=number(high)
                    )
                )
            return value
        assert self.convert is not None
        return self.convert(value)

    def coerce_text(self, text: str) -> Any:
        """Parse the text form used on the command line (``--rules name=value``)."""
        if self.nullable and text.strip().lower() in ("", "none", "null"):
            return None
        if self.kind == "bool":
            lowered = text.strip().lower()
            if lowered in ("1", "true", "yes", "on"):
                return True
            if lowered in ("0", "false", "no", "off"):
                return False
            raise RulesError(_("The table rule {name} must be true or false.").format(name=self.name))
        if self.kind == "int":
            try:
                return self.coerce(int(text))
            except ValueError:
                return self.coerce(text)
        if self.kind == "custom":
            return self.coerce(text)
        return self.coerce(text.strip())


JOIN_SCORE = Option(
    "join_score",
    "choice",
    "worst",
    N_("A player who joins starts with"),
    choices=("worst", "zero"),
    words=(N_("The worst total at the table"), N_("Zero points")),
    sheet_only=True,
    help=N_(
        "A player who joins a game under way starts with the worst total of the players still at the table "
        "(joining never pays), or with zero."
    ),
)
"""The table rule every score sheet has for a player who joins mid-game (API.md "A game's life")."""


class RuleSet(Mapping[str, Any]):
    """An immutable mapping of every table rule of a game to its value, defaults filled in.

    Read rules as attributes or keys: ``rules.natural_card`` or ``rules["natural_card"]``.
    """

    __slots__ = ("_values", "options")

    def __init__(self, options: Sequence[Option], values: Mapping[str, Any]):
        object.__setattr__(self, "options", tuple(options))
        object.__setattr__(self, "_values", dict(values))

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __getattr__(self, key: str) -> Any:
        try:
            return self._values[key]
        except KeyError:
            raise AttributeError(key) from None

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError("rules are immutable; use replace()")

    def __iter__(self):
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __hash__(self) -> int:
        return hash(tuple((k, _freeze(v)) for k, v in self._values.items()))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RuleSet):
            return self._values == other._values
        if isinstance(other, Mapping):
            return self._values == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"RuleSet({self._values!r})"

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with some rules changed (each value checked)."""
        return parse_rules(self.options, {**self._values, **changes})

    def to_dict(self) -> dict[str, Any]:
        """Every rule as JSON-ready values (lists for tuples)."""
        return {k: _json_value(v) for k, v in self._values.items()}


def _json_value(value: Any) -> Any:
    """A rule's value as JSON: a value that knows its JSON form (``to_json``) gives it, a tuple is a list."""
    if hasattr(value, "to_json"):
        return value.to_json()
    return list(value) if isinstance(value, tuple) else value


def _freeze(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def parse_rules(options: Sequence[Option], given: Mapping[str, Any] | None) -> RuleSet:
    """Build a :class:`RuleSet` from a JSON object of rules; unknown names and bad values are errors."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise RulesError(_("The rules must be an object of table rules."))
    by_name = {o.name: o for o in options}
    unknown = [name for name in given if name not in by_name]
    if unknown:
        raise RulesError(
            _("Unknown table rule: {name}. Known rules: {known}.").format(
                name=", ".join(str(u) for u in unknown), known=", ".join(by_name)
            )
        )
    values = {}
    for option in options:
        values[option.name] = option.coerce(given[option.name]) if option.name in given else option.default
    return RuleSet(options, values)


def parse_rules_text(options: Sequence[Option], text: str) -> RuleSet:
    """Rules from ``"stacking,jump_in"`` or ``"natural_card=group,skip_target=choose"``."""
    by_name = {o.name: o for o in options}
    values: dict[str, Any] = {}
    for item in (piece.strip() for piece in (text or "").split(",")):
        if not item:
            continue
        name, sep, value = item.partition("=")
        name = name.strip()
        option = by_name.get(name)
        if option is None:
            raise RulesError(
                _("Unknown table rule: {name}. Known rules: {known}.").format(name=name, known=", ".join(by_name))
            )
        if not sep:
            if option.kind != "bool":
                raise RulesError(_("The table rule {name} needs a value: {name}=...").format(name=name))
            values[name] = True
        else:
            values[name] = option.coerce_text(value)
    return parse_rules(options, values)


class MakeRules(Protocol):
    def __call__(self, given: Any = None) -> RuleSet: ...


class RuleMakers(NamedTuple):
    """What a game's rules module answers (the registry's ``GameType`` asks it): ``make_rules`` (the game's table rules
    from a JSON object, defaults filled in; raises :class:`RulesError`), ``make_sheet_rules`` (a score sheet's: the
    game's and ``join_score``) and ``rules_from_text`` (from the simulator's ``name,name=value`` text), made once from
    the game's option lists by :func:`rule_makers`; a rules module unpacks them."""

    make_rules: MakeRules
    make_sheet_rules: MakeRules
    rules_from_text: Callable[[str], RuleSet]


def rule_makers(options: Sequence[Option], sheet_options: Sequence[Option]) -> RuleMakers:
    """The three rules functions of a game with these table rules (``options``) and score-sheet rules
    (``sheet_options``): ``make_rules, make_sheet_rules, rules_from_text = rule_makers(OPTIONS, SHEET_OPTIONS)``."""

    def make_rules(given: Any = None) -> RuleSet:
        return parse_rules(options, given)

    def make_sheet_rules(given: Any = None) -> RuleSet:
        return parse_rules(sheet_options, given)

    def rules_from_text(text: str) -> RuleSet:
        return parse_rules_text(options, text)

    return RuleMakers(make_rules, make_sheet_rules, rules_from_text)
