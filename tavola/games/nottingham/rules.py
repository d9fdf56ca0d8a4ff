"""The rules of Nottingham: setup, the legal actions of whoever must decide, their effects
and the final score.

Every function that carries out a rule cites the section of the Nottingham rulebook it
implements ("rulebook, ..."), or the ruling it follows ("ruling N" are the four default
rulings, "ruling" alone a project ruling; all explained in docs/games/nottingham.md).
`apply` works on a fork made by `Position.fork` and returns it. A position whose
`recording` flag is off (a search copy) writes nothing to the log: no rule reads the log,
everything a rule needs is in the position's fields.
"""

from __future__ import annotations

from itertools import combinations
from typing import TypeVar

from tavola.core import Action, Game, Result, Rng
from tavola.core.events import Event, log_append
from tavola.core.rng import seed_to_state
from tavola.games.nottingham import actions as A
from tavola.games.nottingham.components import (
    AMBUSH_CARDS,
    AMBUSH_NAMES,
    CANDLESTICK,
    CARDS_PER_ITEM,
    CHEST,
    COMMISSION_COUNT,
    COMMISSION_VALUES,
    COMMISSIONS,
    COPPER,
    FIVE,
    GOLD,
    ITEM_CARDS,
    ITEM_TYPES,
    ITEM_VALUES,
    ITEMS,
    JEWELS,
    NECKLACE,
    PAIRS4,
    PEARLS,
    SEVEN,
    ambush_colour,
    ambush_items,
)
from tavola.games.nottingham.config import AMBUSH_DRAW, EXCHANGE_MINIMUM, STARTING_HAND
from tavola.games.nottingham.state import (
    AMBUSH_KEEP,
    AMBUSH_WINDOW,
    ANNOUNCED,
    BUY_CHOOSE,
    BUY_OFFER,
    CHOOSE,
    DEFEND,
    DISCARD_DOWN,
    EXCHANGE,
    F_AMBUSH_DECK,
    F_AMBUSH_GOLD,
    F_AMBUSH_KNOWN,
    F_AMBUSHES,
    F_COMMISSIONS,
    F_DECK,
    F_DISCARD,
    F_HANDS,
    F_KNOWN,
    F_OFFERED,
    F_OFFERS,
    F_QUEUE,
    F_TABLE,
    F_WINNINGS,
    NOT_ASKED,
    OFFERED,
    OVER,
    RESUME_DRAW,
    RESUME_END,
    TAKE,
    TRADE_CHOOSE,
    TRADE_OFFER,
    Position,
)

P = TypeVar("P", bound=Position)


# -- small helpers ----------------------------------------------------------------------
def counts(cards: list[int]) -> list[int]:
    """Return how many cards of each item `cards` holds."""
    out = [0] * ITEM_TYPES
    for c in cards:
        out[c // CARDS_PER_ITEM] += 1
    return out


def others_from_left(s: Position) -> list[int]:
    """Return the other seats in turn order, starting left of the active player."""
    p, a = s.players, s.active
    return [(a + i) % p for i in range(1, p)]


def from_active(s: Position) -> list[int]:
    """Return every seat in turn order, starting with the active player."""
    p, a = s.players, s.active
    return [(a + i) % p for i in range(p)]


def sheriff_number(s: Position) -> int | None:
    """Return the number on the sheriff's space (None on the town of Nottingham)."""
    if 1 <= s.sheriff <= len(s.track):
        return s.track[s.sheriff - 1]
    return None


def ambush_matches(card: int, victim: int, item: int) -> bool:
    """Say whether ambush `card` may be sprung on `victim` exchanging `item`.

    Rulebook, "Attivare una carta imboscata": a two-item card hits an exchange of either item;
    a colour card hits any exchange by the player of that colour.
    """
    return ambush_colour(card) == victim or item in ambush_items(card)


def _log(s: Position, key: str, **args: object) -> None:
    """Log a public event (nothing in a search copy). The frequent call sites test
    `s.recording` themselves, so that a search copy does not even build the arguments."""
    if s.recording:
        s.logcell = log_append(s.logcell, Event(key, args))


def _secret(s: Position, key: str, audience: frozenset[int], public_key: str,
            public_args: dict[str, object], **args: object) -> None:
    """Log a private event, with its redacted form for everybody else (text.CATALOG declares
    both)."""
    if s.recording:
        s.logcell = log_append(s.logcell, Event(key, args, audience,
                                                Event(public_key, public_args)))


def _names(cards: list[int]) -> list[str]:
    """Return the item tokens of `cards`, in card order."""
    return [ITEMS[c // CARDS_PER_ITEM] for c in sorted(cards)]


# -- knowledge of hands (see state.py) ----------------------------------------------------
def _public_add(s: Position, h: int, item: int, n: int = 1) -> None:
    """Everybody saw `n` cards of `item` go into `h`'s hand."""
    s.own(F_KNOWN)
    p, k = s.players, s.known
    base = h * p * ITEM_TYPES + item
    for o in range(p):
        k[base + o * ITEM_TYPES] += n


def _private_add(s: Position, h: int, item: int, knower: int) -> None:
    """Only `knower` (besides `h`) saw a card of `item` go into `h`'s hand."""
    s.own(F_KNOWN)
    s.known[(h * s.players + knower) * ITEM_TYPES + item] += 1


def _public_remove(s: Position, h: int, item: int, n: int = 1) -> None:
    """Everybody saw `n` cards of `item` leave `h`'s hand."""
    s.own(F_KNOWN)
    p, k = s.players, s.known
    base = h * p * ITEM_TYPES + item
    for o in range(p):
        i = base + o * ITEM_TYPES
        v = k[i] - n
        k[i] = v if v > 0 else 0


def _hidden_remove(s: Position, h: int, item: int, knower: int) -> None:
    """A card of `item` left `h`'s hand; only `knower` (and `h`) saw which.

    An observer who did not see it can no longer be sure of any one known card, so each of
    their known counts drops by one: what they still know for certain, and nothing more.
    """
    s.own(F_KNOWN)
    p, k = s.players, s.known
    for o in range(p):
        base = (h * p + o) * ITEM_TYPES
        if o == knower:
            if k[base + item]:
                k[base + item] -= 1
        else:
            for i in range(base, base + ITEM_TYPES):
                if k[i]:
                    k[i] -= 1


def _reveal_hand(s: Position, h: int, observers: list[int]) -> None:
    """The observers (index h: everybody) saw `h`'s whole hand."""
    c = counts(s.hands[h])
    s.own(F_KNOWN)
    for o in observers:
        base = (h * s.players + o) * ITEM_TYPES
        s.known[base:base + ITEM_TYPES] = c


def _reveal_at_least(s: Position, h: int, item: int, n: int) -> None:
    """Everybody saw that `h` holds at least `n` cards of `item` (an open offer)."""
    s.own(F_KNOWN)
    p, k = s.players, s.known
    base = h * p * ITEM_TYPES + item
    for o in range(p):
        i = base + o * ITEM_TYPES
        if k[i] < n:
            k[i] = n


def _take(s: Position, h: int, item: int) -> int:
    """Remove and return a card of `item` from `h`'s hand."""
    s.own(F_HANDS)
    hand = s.hands[h]
    for i in range(len(hand) - 1, -1, -1):
        if hand[i] // CARDS_PER_ITEM == item:
            return hand.pop(i)
    raise ValueError(f"seat {h} holds no {ITEMS[item]}")


def _move(s: Position, src: int, dst: int, card: int) -> None:
    """Move `card` from `src`'s hand to `dst`'s in full view."""
    s.own(F_HANDS)
    s.hands[src].remove(card)
    item = card // CARDS_PER_ITEM
    _public_remove(s, src, item)
    s.hands[dst].append(card)
    _public_add(s, dst, item)


def _give_drawn(s: Position, h: int) -> None:
    """Put the card shown this turn into `h`'s hand, in full view."""
    s.own(F_HANDS)
    s.hands[h].append(s.drawn)
    _public_add(s, h, s.drawn // CARDS_PER_ITEM)
    s.drawn = -1


# -- setup --------------------------------------------------------------------------------
def setup(game: Game, seed: int, track: tuple[int, ...], cls: type[P]) -> P:
    """Set up a game as a position of class `cls`.

    Rulebook, "PREPARAZIONE": item cards shuffled, three to each player unseen; the ambush deck
    shuffled without the cards of colours not in play; the commissions laid out in pairs;
    the sheriff on Nottingham. Seat 0 starts (the rulebook leaves the choice to the table).
    """
    p = game.players
    s = cls(game)
    s.players = p
    s.track = track
    s.recording = True
    rng = Rng(seed_to_state(seed))
    deck = list(range(ITEM_CARDS))
    rng.shuffle(deck)
    s.hands = [[deck.pop() for _ in range(STARTING_HAND)] for _ in range(p)]
    s.deck = deck
    s.discard = []
    s.known = [0] * (p * p * ITEM_TYPES)
    s.winnings = [[] for _ in range(p)]
    ambush = [a for a in range(AMBUSH_CARDS) if ambush_colour(a) < p]
    rng.shuffle(ambush)
    s.ambush_deck = ambush
    s.ambush_known = [0] * AMBUSH_CARDS
    s.ambushes = [[] for _ in range(p)]
    s.ambush_gold = [[] for _ in range(p)]
    s.commissions = [[] for _ in COMMISSIONS]
    s.sheriff = 0
    s.active = 0
    s.phase = CHOOSE
    s.drawn = -1
    s.target = -1
    s.queue = []
    s.offers = [[] for _ in range(p)]
    s.offered = [NOT_ASKED] * p
    s.table = []
    s.ambush_drawn = []
    s.resume = RESUME_DRAW
    s.turn = 1
    s.rng = rng.state
    s.logcell = None
    _log(s, "setup", players=p, track=list(s.track))
    for h in range(p):
        _secret(s, "deal", frozenset({h}), "deal.hidden", {"player": h, "count": STARTING_HAND},
                player=h, items=_names(s.hands[h]))
    _start_turn(s)
    return s


# -- legal actions --------------------------------------------------------------------------
def legal(s: Position, player: int) -> list[Action]:
    """Return the legal actions of pending `player`, in stable order.

    Rulebook, "LE AZIONI": a Buy offer is one card, never a copper coin ("Acquisto"); the Buy is
    taken or refused; only a player holding a necklace may defend ("Difesa"); a Rob or Raid
    must take a card ("Rubare", "Rapinare"); the ambush card kept is not one's own colour
    ("Imboscata"); a Trade offer must be accepted ("Commercio"); an ambush is sprung only
    when it matches ("Attivare una carta imboscata"); any card may be discarded down ("Mazzo
    esaurito", Eccezione: each player chooses).
    """
    phase = s.phase
    hand = s.hands[player]
    if phase == CHOOSE:
        return _choose_actions(s)
    if phase == EXCHANGE:  # with CHOOSE, most decisions: tested early
        return _exchange_actions(s, player)
    if phase == BUY_OFFER:
        c = counts(hand)
        return [A.OFFER_ONE[i] for i in range(ITEM_TYPES) if c[i] and i != COPPER]
    if phase == BUY_CHOOSE:
        return [A.PURCHASE[q] for q in others_from_left(s) if s.offers[q]] + [A.REFUSE]
    if phase == DEFEND:
        has = any(c // CARDS_PER_ITEM == NECKLACE for c in hand)
        return [A.DEFEND, A.DECLINE] if has else [A.DECLINE]
    if phase == TAKE:
        c = counts(s.hands[s.target])
        return [A.TAKE[i] for i in range(ITEM_TYPES) if c[i]]
    if phase == AMBUSH_KEEP:
        return [A.HIDE[a] for a in sorted(s.ambush_drawn) if ambush_colour(a) != player]
    if phase == TRADE_OFFER:
        return _trade_offers(counts(hand))
    if phase == TRADE_CHOOSE:
        return [A.ACCEPT[q] for q in others_from_left(s) if s.offers[q]]
    if phase == AMBUSH_WINDOW:
        item = s.table[0] // CARDS_PER_ITEM
        return [A.SPRING[a] for a in sorted(s.ambushes[player])
                if ambush_matches(a, s.active, item)] + [A.DECLINE]
    if phase == DISCARD_DOWN:
        c = counts(hand)
        return [A.DISCARD[i] for i in range(ITEM_TYPES) if c[i]]
    return []


def _choose_actions(s: Position) -> list[Action]:
    """Keep the drawn card or carry out its action (rulebook, "Pescare una carta dal mazzo").

    A necklace cannot be played when drawn (rulebook, "Difesa"). An attack needs an opponent
    with a card in hand, an ambush needs two ambush cards to draw (project rulings).
    """
    item = s.drawn // CARDS_PER_ITEM
    out = [A.KEEP]
    if item == COPPER:
        out.append(A.BUY)
    elif item == GOLD:
        if len(s.ambush_deck) >= AMBUSH_DRAW:
            out.append(A.AMBUSH)
    elif item == CHEST:
        out.append(A.TRADE)
    elif item in (CANDLESTICK, PEARLS, JEWELS):
        table = A.STEAL if item == CANDLESTICK else A.ROB if item == PEARLS else A.RAID
        out.extend(table[q] for q in others_from_left(s) if s.hands[q])
    return out


def _trade_offers(c: list[int]) -> list[Action]:
    """One or two cards, never a chest (rulebook, "Commercio")."""
    out = [A.OFFER_ONE[i] for i in range(ITEM_TYPES) if c[i] and i != CHEST]
    for i in range(ITEM_TYPES):
        if not c[i] or i == CHEST:
            continue
        for j in range(i, ITEM_TYPES):
            if j == CHEST or not c[j] or (i == j and c[i] < 2):
                continue
            out.append(A.OFFER_TWO[i][j])
    return out


def _exchange_actions(s: Position, player: int) -> list[Action]:
    """At most one exchange: 3+ identical items or an open commission (rulebook, "Scambiare
    carte per punti vittoria", "Completare un incarico")."""
    c = counts(s.hands[player])
    out = [A.PASS]
    top = max(c)
    if top >= EXCHANGE_MINIMUM:
        for i, n in enumerate(c):
            if n >= EXCHANGE_MINIMUM:
                out += A.EXCHANGE[i][EXCHANGE_MINIMUM:n + 1]
    pairs: list[int] | None = None
    for kind, done in enumerate(s.commissions):
        if len(done) >= 2 or player in done:
            continue
        if kind == SEVEN:
            if all(c):
                out.append(A.COMMISSION_SEVEN)
        elif kind == FIVE:
            if top >= 5:
                out.extend(A.COMMISSION_FIVE[i] for i in range(ITEM_TYPES) if c[i] >= 5)
        elif top >= 2:
            if pairs is None:
                pairs = [i for i in range(ITEM_TYPES) if c[i] >= 2]
            if len(pairs) >= 3:
                size = 4 if kind == PAIRS4 else 3
                table = A.COMMISSION_PAIRS[kind]
                out.extend(table[combo] for combo in combinations(pairs, size))
    return out


def commission_cards(kind: int, items: list[int]) -> list[int]:
    """Return the item of every card a commission takes (rulebook, "Completare un incarico")."""
    if kind == SEVEN:
        return list(range(ITEM_TYPES))
    if kind == FIVE:
        return [items[0]] * 5
    return [i for i in items for _ in range(2)]


# -- effects --------------------------------------------------------------------------------
def apply(state: Position, player: int, action: Action) -> Position:
    """Return the state after a legal `action` by `player` (a position of the same class)."""
    s = state.fork()
    phase = s.phase
    kind = action.kind
    if phase == CHOOSE:
        _choose(s, action)
    elif phase == EXCHANGE:
        if kind == "pass":
            if s.recording:
                _log(s, "pass", player=player)
            _end_turn(s)
        elif kind == "exchange":
            _exchange(s, A.ITEM_INDEX[action.args[0]], int(action.args[1]))
        else:
            _commission(s, A.COMMISSION_INDEX[action.args[0]],
                        [A.ITEM_INDEX[a] for a in action.args[1:]])
    elif phase == BUY_OFFER:
        _buy_offer(s, player, A.ITEM_INDEX[action.args[0]])
    elif phase == BUY_CHOOSE:
        _buy_choose(s, int(action.args[0]) if kind == "purchase" else -1)
    elif phase == DEFEND:
        if kind == "defend":
            _defend(s)
        else:
            _attack(s)
    elif phase == TAKE:
        _take_from_target(s, A.ITEM_INDEX[action.args[0]])
    elif phase == AMBUSH_KEEP:
        _hide(s, A.AMBUSH_INDEX[action.args[0]])
    elif phase == TRADE_OFFER:
        _trade_offer(s, player, [A.ITEM_INDEX[a] for a in action.args])
    elif phase == TRADE_CHOOSE:
        _trade_accept(s, int(action.args[0]))
    elif phase == AMBUSH_WINDOW:
        if kind == "spring":
            _spring(s, player, A.AMBUSH_INDEX[action.args[0]])
        else:
            if s.recording:
                _log(s, "ambush.decline", player=player)
            s.own(F_QUEUE)
            s.queue.pop(0)
            _advance_ambush(s)
    elif phase == DISCARD_DOWN:
        _discard_down(s, player, A.ITEM_INDEX[action.args[0]])
    return s


def _start_turn(s: Position) -> None:
    """Draw and show the top item card (rulebook, "Pescare una carta dal mazzo")."""
    card = _draw(s, RESUME_DRAW)
    if card < 0:
        return
    s.drawn = card
    s.phase = CHOOSE
    if s.recording:
        _log(s, "draw", player=s.active, item=ITEMS[card // CARDS_PER_ITEM], turn=s.turn)


def _draw(s: Position, resume: int) -> int:
    """Return the top item card, reshuffling the discard into a new deck when the deck is
    empty (rulebook, "Mazzo esaurito"); -1 when both are empty and the exhaustion rule took
    over."""
    if not s.deck:
        if not s.discard:
            _exhaustion(s, resume)
            return -1
        s.own(F_DISCARD)
        rng = Rng(s.rng)
        deck = s.discard
        rng.shuffle(deck)
        s.rng = rng.state
        s.deck, s.discard = deck, []
        if s.recording:
            _log(s, "reshuffle", count=len(deck))
    s.own(F_DECK)
    return s.deck.pop()


def _exhaustion(s: Position, resume: int) -> None:
    """No deck and no discard (rulebook, "Mazzo esaurito", Eccezione): every player with more
    cards than the sheriff's number discards down to it, then the sheriff moves on with no
    favours. On the town of Nottingham there is no number, so nobody discards (ruling). The
    draw that was due is then tried again, and if it still finds no card the exception
    applies again (ruling: the rulebook's exception covers every draw that finds nothing)."""
    s.resume = resume
    limit = sheriff_number(s)
    if limit is None:
        if s.recording:
            _log(s, "exhausted.town")
        s.queue = []
    else:
        if s.recording:
            _log(s, "exhausted", number=limit)
        s.queue = [q for q in from_active(s) if len(s.hands[q]) > limit]
    if s.queue:
        s.phase = DISCARD_DOWN
    else:
        _finish_exhaustion(s)


def _discard_down(s: Position, player: int, item: int) -> None:
    """Discard one chosen card (rulebook, "Mazzo esaurito": each player chooses)."""
    card = _take(s, player, item)
    _public_remove(s, player, item)
    s.own(F_DISCARD | F_QUEUE)
    s.discard.append(card)
    if s.recording:
        _log(s, "discard", player=player, item=ITEMS[item])
    limit = sheriff_number(s)
    if limit is not None and len(s.hands[player]) <= limit:
        s.queue.pop(0)
    if not s.queue:
        _finish_exhaustion(s)


def _finish_exhaustion(s: Position) -> None:
    """Move the sheriff one space without favours (rulebook, "Mazzo esaurito", Eccezione),
    then go on where the draw was needed; back on Nottingham the game ends (rulebook,
    "Conclusione della partita")."""
    s.queue = []
    s.sheriff += 1
    if s.sheriff > len(s.track):
        if s.recording:
            _log(s, "sheriff.home")
        _end_game(s)
        return
    if s.recording:
        _log(s, "sheriff.nofavour", space=s.sheriff, number=s.track[s.sheriff - 1])
    if s.resume == RESUME_DRAW:
        _start_turn(s)
    else:
        _end_turn(s)


def _end_turn(s: Position) -> None:
    """Play passes to the left (rulebook, "SVOLGIMENTO DELLA PARTITA")."""
    s.active = (s.active + 1) % s.players
    s.turn += 1
    s.drawn = -1
    s.target = -1
    s.queue = []
    s.phase = EXCHANGE  # overwritten by the draw or the exhaustion
    _start_turn(s)


def _end_game(s: Position) -> None:
    """The game is over (rulebook, "CONCLUSIONE DELLA PARTITA")."""
    s.phase = OVER
    s.queue = []
    if s.recording:
        r = result(s)
        _log(s, "end", scores=list(r.scores), winners=list(r.winners))


def _to_exchange(s: Position) -> None:
    """Close the action (offers back in hand) and open the exchange step."""
    s.target = -1
    s.queue = []
    s.offers = [[] for _ in range(s.players)]
    s.offered = [NOT_ASKED] * s.players
    s.phase = EXCHANGE


def _choose(s: Position, action: Action) -> None:
    """Keep the shown card, or place it and carry out its action (rulebook, "LE AZIONI")."""
    a = s.active
    kind = action.kind
    if kind == "keep":
        if s.recording:
            _log(s, "keep", player=a, item=ITEMS[s.drawn // CARDS_PER_ITEM])
        _give_drawn(s, a)
        _to_exchange(s)
    elif kind == "buy":
        if s.recording:
            _log(s, "buy", player=a)
        s.own(F_QUEUE)
        for q in others_from_left(s):
            if any(c // CARDS_PER_ITEM != COPPER for c in s.hands[q]):
                s.queue.append(q)
            else:
                _announce(s, q)
        s.phase = BUY_OFFER if s.queue else BUY_CHOOSE
    elif kind in ("steal", "rob", "raid"):
        s.target = int(action.args[0])
        s.queue = [s.target]
        if s.recording:
            _log(s, kind, player=a, target=s.target)
        s.phase = DEFEND
    elif kind == "ambush":
        s.own(F_AMBUSH_DECK | F_AMBUSH_KNOWN)
        s.ambush_drawn = [s.ambush_deck.pop() for _ in range(AMBUSH_DRAW)]
        for card in s.ambush_drawn:
            s.ambush_known[card] = 1 << a
        if s.recording:
            _log(s, "ambush", player=a)
        s.phase = AMBUSH_KEEP
    elif kind == "trade":
        if s.recording:
            _log(s, "trade", player=a)
        s.queue = others_from_left(s)
        _advance_trade(s)


def _announce(s: Position, q: int) -> None:
    """A player with nothing to offer says so and shows their hand (rulebook, "Acquisto",
    "Commercio")."""
    s.own(F_OFFERED)
    s.offered[q] = ANNOUNCED
    _reveal_hand(s, q, list(range(s.players)))
    if s.recording:
        _log(s, "announce", player=q, items=_names(s.hands[q]))


def _buy_offer(s: Position, q: int, item: int) -> None:
    """Offer one card face down, never a copper coin; offers are revealed together once all
    are in (rulebook, "Acquisto"; ruling 1)."""
    card = next(c for c in reversed(s.hands[q]) if c // CARDS_PER_ITEM == item)
    s.own(F_OFFERS | F_OFFERED | F_QUEUE)
    s.offers[q] = [card]
    s.offered[q] = OFFERED
    s.queue.remove(q)
    if s.recording:
        _secret(s, "offer.secret", frozenset({q}), "offer.hidden", {"player": q},
                player=q, item=ITEMS[item])
    if not s.queue:
        shown = []
        for p in others_from_left(s):
            if s.offers[p]:
                i = s.offers[p][0] // CARDS_PER_ITEM
                _reveal_at_least(s, p, i, 1)
                shown.append(f"{p}:{ITEMS[i]}")
        if s.recording:
            _log(s, "offers.revealed", offers=shown)
        s.phase = BUY_CHOOSE


def _buy_choose(s: Position, q: int) -> None:
    """Take one offer and pay its owner the copper coin, or refuse all and keep the coin;
    the other offers go back to hand (rulebook, "Acquisto")."""
    a = s.active
    if q < 0:
        if s.recording:
            _log(s, "refuse", player=a)
        _give_drawn(s, a)
    else:
        card = s.offers[q][0]
        if s.recording:
            _log(s, "purchase", player=a, target=q, item=ITEMS[card // CARDS_PER_ITEM])
        _move(s, q, a, card)
        _give_drawn(s, q)
    _to_exchange(s)


def _defend(s: Position) -> None:
    """The attacked player plays a necklace from hand: the attack is off, the defender takes
    the attacker's card and gives the necklace (rulebook, "Difesa")."""
    q, a = s.target, s.active
    necklace = _take(s, q, NECKLACE)  # _take owned the hands
    _public_remove(s, q, NECKLACE)
    s.hands[a].append(necklace)
    _public_add(s, a, NECKLACE)
    if s.recording:
        _log(s, "defend", player=q, target=a, item=ITEMS[s.drawn // CARDS_PER_ITEM])
    _give_drawn(s, q)
    _to_exchange(s)


def _attack(s: Position) -> None:
    """The attacked player did not defend: carry out Steal, Rob or Raid (rulebook, "Trafugare",
    "Rubare", "Rapinare")."""
    q, a = s.target, s.active
    item = s.drawn // CARDS_PER_ITEM
    if s.recording:
        _log(s, "nodefence", player=q)
    s.queue = []
    if item == CANDLESTICK:
        s.own(F_HANDS)
        rng = Rng(s.rng)
        card = s.hands[q].pop(rng.below(len(s.hands[q])))
        s.rng = rng.state
        got = card // CARDS_PER_ITEM
        _hidden_remove(s, q, got, a)
        s.hands[a].append(card)
        _private_add(s, a, got, q)
        if s.recording:
            _secret(s, "steal.secret", frozenset({a, q}), "steal.hidden",
                    {"player": a, "target": q}, player=a, target=q, item=ITEMS[got])
        _give_drawn(s, q)
        _to_exchange(s)
    elif item == PEARLS:
        _reveal_hand(s, q, [a])
        if s.recording:
            _secret(s, "look.secret", frozenset({a}), "look.hidden", {"player": a, "target": q},
                    player=a, target=q, items=_names(s.hands[q]))
        s.phase = TAKE
    else:
        _reveal_hand(s, q, list(range(s.players)))
        if s.recording:
            _log(s, "open", player=q, items=_names(s.hands[q]))
        s.phase = TAKE


def _take_from_target(s: Position, item: int) -> None:
    """Take the chosen card and pay with the pearls or the jewels (rulebook, "Rubare",
    "Rapinare"). After a Rob only the two players see which card changed hands (ruling;
    option `rob_shows_card` shows it to all)."""
    q, a = s.target, s.active
    card = _take(s, q, item)  # _take owned the hands
    if s.drawn // CARDS_PER_ITEM == PEARLS and not s.game.options["rob_shows_card"]:
        _hidden_remove(s, q, item, a)
        s.hands[a].append(card)
        _private_add(s, a, item, q)
        if s.recording:
            _secret(s, "rob.secret", frozenset({a, q}), "rob.hidden", {"player": a, "target": q},
                    player=a, target=q, item=ITEMS[item])
    else:
        _public_remove(s, q, item)
        s.hands[a].append(card)
        _public_add(s, a, item)
        paid = ITEMS[s.drawn // CARDS_PER_ITEM]
        if s.recording:
            _log(s, "take.open", player=a, target=q, item=ITEMS[item], paid=paid)
    _give_drawn(s, q)
    _to_exchange(s)


def _hide(s: Position, card: int) -> None:
    """Keep one ambush card face down with the gold under it, the other under the ambush
    deck (rulebook, "Imboscata": never a card of one's own colour)."""
    a = s.active
    other = next(c for c in s.ambush_drawn if c != card)
    s.own(F_AMBUSHES | F_AMBUSH_GOLD | F_AMBUSH_DECK)
    s.ambushes[a].append(card)
    s.ambush_gold[a].append(s.drawn)
    s.drawn = -1
    s.ambush_deck.insert(0, other)
    s.ambush_drawn = []
    if s.recording:
        _secret(s, "hide.secret", frozenset({a}), "hide.hidden", {"player": a},
                player=a, card=AMBUSH_NAMES[card], other=AMBUSH_NAMES[other])
    _to_exchange(s)


def _advance_trade(s: Position) -> None:
    """Ask the next offerer in turn order; a player with nothing but chests announces it
    (rulebook, "Commercio"). If nobody can offer, the active player keeps the chest (ruling)."""
    while s.queue:
        q = s.queue[0]
        if any(c // CARDS_PER_ITEM != CHEST for c in s.hands[q]):
            s.phase = TRADE_OFFER
            return
        _announce(s, q)
        s.own(F_QUEUE)
        s.queue.pop(0)
    if any(s.offers):
        s.phase = TRADE_CHOOSE
        return
    if s.recording:
        _log(s, "trade.none", player=s.active)
    _give_drawn(s, s.active)
    _to_exchange(s)


def _trade_offer(s: Position, q: int, items: list[int]) -> None:
    """Offer one or two cards face up (rulebook, "Commercio")."""
    hand = s.hands[q]
    cards: list[int] = []
    for item in items:
        cards.append(next(c for c in reversed(hand)
                          if c // CARDS_PER_ITEM == item and c not in cards))
    s.own(F_OFFERS | F_OFFERED | F_QUEUE)
    s.offers[q] = cards
    s.offered[q] = OFFERED
    for item in set(items):
        _reveal_at_least(s, q, item, items.count(item))
    if s.recording:
        _log(s, "offer.open", player=q, items=[ITEMS[i] for i in items])
    s.queue.pop(0)
    _advance_trade(s)


def _trade_accept(s: Position, q: int) -> None:
    """Accept one offer (refusing is not allowed): the offered cards for the chest; the
    other offers go back to hand (rulebook, "Commercio")."""
    a = s.active
    if s.recording:
        _log(s, "accept", player=a, target=q, items=_names(s.offers[q]))
    for card in s.offers[q]:
        _move(s, q, a, card)
    _give_drawn(s, q)
    _to_exchange(s)


def _exchange(s: Position, item: int, n: int) -> None:
    """Lay out `n` identical cards for points; open the ambush window (rulebook, "Scambiare 3 o
    più carte oggetto", "Attivare una carta imboscata"; ruling 2: ambushers
    are asked in turn order from the active player's left). Every opponent with an ambush
    card in play is asked, matching or not, so being asked reveals nothing."""
    a = s.active
    s.table = [_take(s, a, item) for _ in range(n)]
    _public_remove(s, a, item, n)
    if s.recording:
        _log(s, "exchange", player=a, item=ITEMS[item], count=n)
    s.queue = [q for q in others_from_left(s) if s.ambushes[q]]
    _advance_ambush(s)


def _advance_ambush(s: Position) -> None:
    """Ask the next ambusher, or settle the exchange. A victim left with fewer than 3 cards
    cannot exchange and takes the rest back; the turn ends without an exchange and the
    sheriff does not move (rulebook, "Attivare una carta imboscata", Importante; ruling)."""
    a = s.active
    if len(s.table) < EXCHANGE_MINIMUM:
        item = s.table[0] // CARDS_PER_ITEM if s.table else -1
        if s.recording:
            _log(s, "exchange.failed", player=a, count=len(s.table))
        if s.table:
            s.own(F_HANDS)
            s.hands[a].extend(s.table)
            _public_add(s, a, item, len(s.table))
        s.table = []
        _end_turn(s)
        return
    if s.queue:
        s.phase = AMBUSH_WINDOW
        return
    item = s.table[0] // CARDS_PER_ITEM
    s.own(F_WINNINGS | F_DISCARD)
    s.winnings[a].append(s.table[0])
    s.discard.extend(s.table[1:])
    if s.recording:
        _log(s, "exchange.done", player=a, item=ITEMS[item], count=len(s.table),
             points=ITEM_VALUES[item])
    s.table = []
    _sheriff_move(s)


def _spring(s: Position, q: int, card: int) -> None:
    """Spring an ambush: show it, take one of the exchanged cards, give the gold under it to
    the victim, put the ambush card under the ambush deck (rulebook, "Attivare una carta
    imboscata")."""
    a = s.active
    i = s.ambushes[q].index(card)
    s.own(F_AMBUSHES | F_AMBUSH_GOLD | F_TABLE | F_HANDS | F_AMBUSH_DECK | F_AMBUSH_KNOWN
          | F_QUEUE)
    s.ambushes[q].pop(i)
    gold = s.ambush_gold[q].pop(i)
    taken = s.table.pop()
    item = taken // CARDS_PER_ITEM
    s.hands[q].append(taken)
    _public_add(s, q, item)
    s.hands[a].append(gold)
    _public_add(s, a, GOLD)
    s.ambush_deck.insert(0, card)
    s.ambush_known[card] = (1 << (s.players + 1)) - 1
    if s.recording:
        _log(s, "spring", player=q, target=a, card=AMBUSH_NAMES[card], item=ITEMS[item])
    # With several springs allowed, the same player is asked again while any ambush card
    # of theirs is in play (a public fact), so the new question reveals nothing.
    if not (s.game.options["several_ambushes_each"] and s.ambushes[q]):
        s.queue.pop(0)
    _advance_ambush(s)


def _commission(s: Position, kind: int, items: list[int]) -> None:
    """Complete a commission with its exact combination; the cards go to the discard. The
    first completer takes the single-pawn card, the second the two-pawn card (rulebook,
    "Completare un incarico"). No ambush can hit it (rulebook, "Attivare una carta imboscata",
    Nota). It is an exchange: the sheriff moves (ruling 3), unless it was the
    eighth commission, which ends the game at once (ruling 4)."""
    a = s.active
    cards = [_take(s, a, item) for item in commission_cards(kind, items)]
    for card in cards:
        _public_remove(s, a, card // CARDS_PER_ITEM)
    s.own(F_DISCARD | F_COMMISSIONS)
    s.discard.extend(cards)
    s.commissions[kind].append(a)
    if s.recording:
        _log(s, "commission", player=a, kind=COMMISSIONS[kind], items=_names(cards),
             place=len(s.commissions[kind]))
    if sum(len(done) for done in s.commissions) >= COMMISSION_COUNT:
        _end_game(s)
        return
    _sheriff_move(s)


def _sheriff_move(s: Position) -> None:
    """After an exchange the sheriff moves one space; every player holding no more cards
    than its number draws one card unseen, in turn order from the active player (rulebook,
    "Muovere lo Sceriffo e ottenere favori"; order: ruling). Back on Nottingham, the game
    ends (rulebook, "CONCLUSIONE DELLA PARTITA")."""
    s.sheriff += 1
    if s.sheriff > len(s.track):
        if s.recording:
            _log(s, "sheriff.home")
        _end_game(s)
        return
    number = s.track[s.sheriff - 1]
    if s.recording:
        _log(s, "sheriff", space=s.sheriff, number=number)
    favoured = [q for q in from_active(s) if len(s.hands[q]) <= number]
    for q in favoured:
        card = _draw(s, RESUME_END)
        if card < 0:
            return
        s.own(F_HANDS)
        s.hands[q].append(card)
        if s.recording:
            _secret(s, "favour.secret", frozenset({q}), "favour.hidden", {"player": q},
                    player=q, item=ITEMS[card // CARDS_PER_ITEM])
    _end_turn(s)


# -- the end --------------------------------------------------------------------------------
def scores(s: Position) -> list[int]:
    """Return each player's points: winnings pile plus commissions (rulebook, "PUNTEGGIO")."""
    out = [sum(ITEM_VALUES[c // CARDS_PER_ITEM] for c in pile) for pile in s.winnings]
    for kind, done in enumerate(s.commissions):
        single, double = COMMISSION_VALUES[kind]
        for q in done:
            out[q] += single if len(done) == 1 else double
    return out


def result(s: Position) -> Result:
    """Rank by points, then by the number of winnings cards; still equal, shared (rulebook,
    "PUNTEGGIO")."""
    points = scores(s)
    piles = [len(pile) for pile in s.winnings]
    return Result(tuple(points), Result.rank([(points[p], piles[p]) for p in range(s.players)]),
                  tuple(piles))
