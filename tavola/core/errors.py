"""Errors raised at the boundary of the game contract.

Every message is safe to show to the player who caused it: it names the action and the
reason, never another player's hidden cards or choices.
"""

from __future__ import annotations


class TavolaError(Exception):
    """Base class of every error tavola raises on purpose."""


class UnknownGame(TavolaError):
    """No game is registered under that name."""


class BadOptions(TavolaError):
    """A player count or option value the game does not accept."""


class MalformedAction(TavolaError):
    """Text or JSON that is not an action at all."""


class NotPending(TavolaError):
    """A player tried to act who is not asked to act now."""


class IllegalAction(TavolaError):
    """A well-formed action that the rules do not allow now."""


class CorruptState(TavolaError):
    """A serialised state that cannot be read back or breaks an invariant."""


class CorruptRecord(TavolaError):
    """A saved game that cannot be read, or does not replay to what it claims."""


class UnknownPlayer(TavolaError):
    """A seat number that is not in the game."""
