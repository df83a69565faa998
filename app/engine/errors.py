"""Exceptions raised by the engine.

Every one is a ``ValueError`` whose message is a sentence a player can act on; the web
layer turns them into 400 answers (or messages next to a form field).
"""


class EngineError(ValueError):
    """Base class of every error the rules engine raises."""


class NotationError(EngineError):
    """A token or text that is not a card of the game, e.g. ``"13" is not a Phase 10 card``."""


class DeckError(EngineError):
    """More copies of a card than the real deck holds."""


class RulesError(EngineError):
    """An unknown table rule or a bad value for one."""


class PhaseError(EngineError):
    """A phase that does not exist (not 1-10, not the tie-breaker)."""


class RoundError(EngineError):
    """A round entered on a score sheet that cannot have happened under the rules.

    ``player`` names the player whose entry is wrong and ``round`` the round number, when
    known, so that a form can show the message next to that player's row. When the message names a
    place in the request body (``results[3].cards: "Z9" is not a Phase 10 card.``), ``field`` is the
    player's field (``"cards"``) and ``problem`` the sentence after the place, so that a form can say
    it in its own words ("Dee's cards: …") without the JSON path.
    """

    def __init__(
        self,
        *args: object,
        player: str | None = None,
        round: int | None = None,
        field: str | None = None,
        problem: str | None = None,
    ):
        super().__init__(*args)
        self.player = player
        self.round = round
        self.field = field
        self.problem = problem
        self.also: tuple[RoundError, ...] = ()
        """Other players' entries refused in the same body (read at once: a form shows every one)."""


class IllegalActionError(EngineError):
    """An action a digital game does not allow now; the state is left unchanged."""


class NotYourTurnError(IllegalActionError):
    """An action by a seat that may not act now (the web layer answers 409)."""


class GameOverError(IllegalActionError):
    """An action on a game that has ended (the web layer answers 409)."""
