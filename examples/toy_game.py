"""A complete small game on tavola's contract: highest unique bid.

Each round every player secretly bids 1, 2 or 3 at the same time; when all have bid, the
highest bid that no one else made scores the round's prize (1-3 points, drawn from the
state's own generator), and a new round begins. After `rounds` rounds (an option, 3 by
default) the most points wins.

It is small (one file) but has everything a real game has: simultaneous secret choices
(hidden information), chance, an option, a log with private lines, views, sampling for
search, a loader that trusts nothing, a fixed action space and observation tensor for
learners, help topics and texts in English, Italian and Polish. `docs/adding-a-game.md`
walks through it part by part, and says which file of a game package each part becomes.

Play it in the terminal: `python3 -m examples.toy_game play toy --players 3`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core import Action, Catalog, Game, GameInfo, OptionSpec, Result, Rng, State, act
from tavola.core.encoding import Encoding, Slice
from tavola.core.errors import CorruptState
from tavola.core.events import Event, LogCell, Private, log_append, log_from_events
from tavola.core.rng import seed_to_state
from tavola.core.schema import Int, List, Obj, Spec

BIDS = [act("bid", n) for n in (1, 2, 3)]
BOARD = {"en": "{played} of {rounds} rounds played, next prize {prize}; points: {scores}",
         "it": "{played} round giocati su {rounds}, prossimo premio {prize}; punti: {scores}",
         "pl": "rozegrane rundy: {played} z {rounds}, następna nagroda {prize}; punkty: "
               "{scores}",
         "de": "{played} von {rounds} Runden gespielt, nächster Preis {prize}; Punkte: {scores}",
         "fr": "{played} manches jouées sur {rounds}, prochain prix {prize}\u00a0; points\u00a0: "
               "{scores}"}
GLOSSARY = {
    "en": {"bid": "Every round each player secretly bids 1, 2 or 3; the highest bid no one "
                  "else made wins the round's prize."},
    "it": {"offerta": "A ogni round ogni giocatore offre in segreto 1, 2 o 3; l'offerta più "
                      "alta che nessun altro ha fatto vince il premio del round."},
    "pl": {"oferta": "W każdej rundzie każdy gracz potajemnie oferuje 1, 2 lub 3; najwyższa "
                     "oferta, której nikt inny nie złożył, wygrywa nagrodę rundy."},
    "de": {"Gebot": "In jeder Runde bietet jeder Spieler geheim 1, 2 oder 3; das höchste Gebot, "
                    "das kein anderer abgegeben hat, gewinnt den Preis der Runde."},
    "fr": {"enchère": "À chaque manche, chaque joueur mise en secret 1, 2 ou 3\u00a0; la plus "
                      "haute mise que personne d'autre n'a faite gagne le prix de la manche."},
}


class ToyGame(Game):
    info = GameInfo(
        name="toy", title="Toy", min_players=2, max_players=4, version=1,
        options=(OptionSpec("rounds", 3, (1, 2, 3, 4, 5), "rounds to play"),),
        summary="test game", simultaneous=True, hidden_information=True, chance=True,
        max_decisions=100)
    catalog = Catalog({"en": {"bid": "{player} bids {bid}", "bid.hidden": "{player} bids",
                              "round": "round {round}: prize {prize}"},
                       "it": {"bid": "{player} offre {bid}",
                              "bid.hidden": "{player} fa un'offerta segreta",
                              "round": "round {round}: premio {prize}"},
                       "pl": {"bid": "{player} oferuje {bid}",
                              "bid.hidden": "{player} składa tajną ofertę",
                              "round": "runda {round}: nagroda {prize}"},
                       "de": {"bid": "{player} bietet {bid}",
                              "bid.hidden": "{player} gibt ein geheimes Gebot ab",
                              "round": "Runde {round}: Preis {prize}"},
                       "fr": {"bid": "{player} mise {bid}",
                              "bid.hidden": "{player} fait une mise secrète",
                              "round": "manche {round}\u00a0: prix {prize}"}},
                      private={"bid": Private(lambda a: frozenset({a["player"]}), "bid.hidden")})

    def new_state(self, seed: int) -> ToyState:
        rng = Rng(seed_to_state(seed))
        prize = 1 + rng.below(3)
        ev = Event("round", {"round": 1, "prize": prize})
        return ToyState(self, 0, prize, [0] * self.players, [0] * self.players, rng.state,
                        log_append(None, ev))

    def state_schema(self) -> Spec:
        n, rounds = self.players, self.options["rounds"]
        return Obj({"round": Int(0, rounds), "prize": Int(1, 3), "bids": List(Int(0, 3), n),
                    "scores": List(Int(0, 3 * rounds), n), "rng": Int(0, 2**64 - 1)})

    def _state_from_json(self, data: Mapping[str, Any], log: list[Event]) -> ToyState:
        return ToyState(self, data["round"], data["prize"], list(data["bids"]),
                        list(data["scores"]), data["rng"], log_from_events(log))

    def check_state(self, state: State) -> None:
        assert isinstance(state, ToyState)
        if sum(state.scores) > 3 * state.round:
            raise CorruptState("more points than prizes given")

    def sample(self, player: int, view: Mapping[str, Any], log: Sequence[Event],
               rng: random.Random) -> ToyState:
        bids = [view["my_bid"] if p == player else (rng.randint(1, 3) if made else 0)
                for p, made in enumerate(view["bid_made"])]
        return ToyState(self, view["round"], view["prize"], bids, list(view["scores"]),
                        rng.getrandbits(64), log_from_events(list(log)))

    def render_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        words = BOARD[lang]
        scores = ", ".join(f"P{p + 1} {points}" for p, points in enumerate(view["scores"]))
        return words.format(played=view["round"], rounds=self.options["rounds"],
                            prize=view["prize"], scores=scores)

    def glossary(self, lang: str = "en") -> Mapping[str, str]:
        return GLOSSARY[lang]

    def make_encoding(self) -> ToyEncoding:
        return ToyEncoding(self)


class ToyEncoding(Encoding):
    """Three bids; the observation is the round, the prize, the scores, who has bid (from
    the observer round the table) and the observer's own bid."""

    @property
    def size(self) -> int:
        return 3

    def index(self, state: State, player: int, action: Action) -> int:
        return BIDS.index(action)

    def action(self, state: State, player: int, index: int) -> Action:
        return BIDS[index]

    @property
    def layout(self) -> tuple[Slice, ...]:
        n = self.game.players
        return (Slice("round", 1, "rounds played / rounds"), Slice("prize", 1, "prize / 3"),
                Slice("scores", n, "score / most possible, from the observer round the table"),
                Slice("bid_made", n, "1 if that seat has bid this round, same order"),
                Slice("my_bid", 4, "one-hot: no bid yet, 1, 2, 3"))

    def observe(self, player: int, view: Mapping[str, Any]) -> list[float]:
        n, rounds = self.game.players, self.game.options["rounds"]
        order = [(player + k) % n for k in range(n)]
        mine = [0.0] * 4
        mine[view["my_bid"]] = 1.0
        return [view["round"] / rounds, view["prize"] / 3,
                *(view["scores"][p] / (3 * rounds) for p in order),
                *(1.0 if view["bid_made"][p] else 0.0 for p in order), *mine]


class ToyState(State):
    __slots__ = ("bids", "logcell", "prize", "rng", "round", "scores")

    def __init__(self, game: ToyGame, round_: int, prize: int, bids: list[int],
                 scores: list[int], rng: int, log: LogCell | None) -> None:
        super().__init__(game)
        self.round, self.prize, self.bids, self.scores, self.rng = round_, prize, bids, scores, rng
        self.logcell = log

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.is_terminal:
            return ()
        return tuple(p for p, b in enumerate(self.bids) if b == 0)

    @property
    def is_terminal(self) -> bool:
        return self.round >= self.game.options["rounds"]

    @property
    def _log(self) -> LogCell | None:
        return self.logcell

    def _legal(self, player: int) -> list[Action]:
        return BIDS

    def _apply(self, player: int, action: Action) -> ToyState:
        bids = self.bids[:]
        bids[player] = int(action.args[0])
        public = Event("bid.hidden", {"player": player})
        log = log_append(self.logcell, Event("bid", {"player": player, "bid": bids[player]},
                                             frozenset({player}), public))
        scores, round_, prize, rng = self.scores[:], self.round, self.prize, self.rng
        if all(bids):
            unique = [b for b in bids if bids.count(b) == 1]
            if unique:
                scores[bids.index(max(unique))] += prize
            bids = [0] * len(bids)
            round_ += 1
            r = Rng(rng)
            prize = 1 + r.below(3)
            rng = r.state
            log = log_append(log, Event("round", {"round": round_ + 1, "prize": prize}))
        return ToyState(self.game, round_, prize, bids, scores, rng, log)  # type: ignore[arg-type]

    def _view(self, player: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {"round": self.round, "prize": self.prize, "scores": self.scores[:],
                             "bid_made": [b != 0 for b in self.bids]}
        if player is not None:
            v["my_bid"] = self.bids[player]
        return v

    def _evaluate(self) -> tuple[float, ...]:
        top = max(self.scores)
        return tuple(1.0 if x == top else -1.0 for x in self.scores)

    def result(self) -> Result:
        return Result(tuple(self.scores), Result.rank([(s,) for s in self.scores]))

    def _data(self) -> dict[str, Any]:
        return {"round": self.round, "prize": self.prize, "bids": self.bids,
                "scores": self.scores, "rng": self.rng}

    def _prompt(self, player: int, lang: str) -> str:
        return {"en": "choose a bid", "it": "scegli un'offerta", "pl": "wybierz ofertę",
                "de": "wähle ein Gebot", "fr": "choisissez une mise"}[lang]

    def _describe(self, player: int, action: Action, lang: str) -> str:
        word = {"en": "bid", "it": "offri", "pl": "oferuj", "de": "biete", "fr": "misez"}[lang]
        return f"{word} {action.args[0]}"

    def _reseed(self, rng: random.Random) -> ToyState:
        return ToyState(self.game, self.round, self.prize, self.bids, self.scores,  # type: ignore[arg-type]
                        rng.getrandbits(64), self.logcell)


if __name__ == "__main__":
    from tavola.cli import main
    from tavola.core import register

    register(ToyGame)
    main(prog_name="tavola")
