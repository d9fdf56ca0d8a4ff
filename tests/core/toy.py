"""The toy game the contract's tests run on: `examples/toy_game.py` (highest unique bid),
which `docs/adding-a-game.md` walks through."""

from examples.toy_game import BIDS, GLOSSARY, ToyEncoding, ToyGame, ToyState

__all__ = ["BIDS", "GLOSSARY", "ToyEncoding", "ToyGame", "ToyState"]
