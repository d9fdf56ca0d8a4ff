"""A seat's information-set sample of Intrige on the native core is the reference's
`game.sample`: the position the seat's view fixes, another payer's half-chosen sum reset,
nothing drawn."""

from __future__ import annotations

import random

from tavola.games.intrige.game import IntrigeState
from tavola.native.intrige import NativeIntrige, state_data
from tests.conformance.harness import random_game


def test_a_native_sample_is_the_reference_sample() -> None:
    """Every seat, along real games of every player count, edition and bribe order: the
    same position, the generator untouched, and the sample keeps the seat's view."""
    compared = hidden = 0
    for players in (3, 4, 5):
        for edition in ("1994", "amigo"):
            for order in ("conflicts_first", "turn_order"):
                states, _ = random_game("intrige", players, 40 + players, edition=edition,
                                        bribe_order=order)
                for k, state in enumerate(states[::3] + states[-1:]):
                    assert isinstance(state, IntrigeState)
                    board = state.board
                    for p in range(players):
                        a, b = random.Random(k * 7 + p), random.Random(k * 7 + p)
                        ref = state.game.sample(p, state.view(p), state.log(p), a)
                        assert isinstance(ref, IntrigeState)
                        nat = NativeIntrige.from_state(state).sample(p, b)
                        assert nat.data() == state_data(ref)
                        assert a.getstate() == b.getstate()
                        seen = state.view(p)
                        seen.pop("breakdown", None)  # read from the log, which no sample has
                        back = nat.to_state().view(p)
                        back.pop("breakdown", None)
                        assert back == seen
                        compared += 1
                        hidden += (board.phase == 0 and board.queue[0][0] != p
                                   and bool(board.ask_room or board.range_from))
    assert compared > 2000 and hidden > 100
