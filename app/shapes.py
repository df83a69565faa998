"""The JSON shapes that the API's schemas (:mod:`app.api.schemas`) and the games' own declarations (a result field's
type, :class:`app.games.registry.ResultField`) share: a request body's strictness, a field that may be left out, card
tokens and groups of them. Only pydantic here, so that a game's plug-in can declare its keys with these shapes without
importing the API (which loads every game)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, TypeAlias, TypeVar

from pydantic import BaseModel, ConfigDict, StrictStr
from pydantic.json_schema import WithJsonSchema

from .engine.i18n import N_

STRINGS = {"type": "array", "items": {"type": "string"}}
"""The JSON Schema of a list of strings."""
GROUPS = {"type": "array", "items": STRINGS}
"""The JSON Schema of a list of lists of strings (groups of card tokens)."""

CardTokens = Annotated[
    list[StrictStr], WithJsonSchema({**STRINGS, "x-expected": N_("a list of card tokens (strings)")})
]
"""A list of card tokens: strings the engine reads (``"R7"``, ``"W"``); a wrong token is the engine's 400."""
Names = Annotated[list[StrictStr], WithJsonSchema(STRINGS)]
"""A list of names (the players, in seating order)."""
Groups = Annotated[list[Annotated[list[StrictStr], WithJsonSchema(STRINGS)]], WithJsonSchema(GROUPS)]
"""Groups of card tokens."""

_T = TypeVar("_T")
if TYPE_CHECKING:
    MayOmit: TypeAlias = _T | None
else:

    class MayOmit:
        """``MayOmit[T]``: a field that may be left out (it is then None) but, when sent, is a T (null is refused).

        At run time ``MayOmit[T]`` is ``T`` itself, so pydantic validates a sent value as ``T`` and leaves an
        omitted field at its default None (defaults are not validated); the type checker reads ``T | None``,
        which is what the attribute holds."""

        def __class_getitem__(cls, item):
            return item


class Body(BaseModel):
    """A request body: JSON types as they are (no ``"5"`` for 5, no ``true`` for 1), no unknown field."""

    model_config = ConfigDict(strict=True, extra="forbid")
