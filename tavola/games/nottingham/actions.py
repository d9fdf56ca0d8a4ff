"""Every Nottingham action, built once as constants so that `action in legal` is an identity
check, with the tables that decode them.

Text forms (seat numbers are 0-based):

| action | who | meaning |
|---|---|---|
| `keep` | active | take the drawn card into hand |
| `buy`, `ambush`, `trade` | active | carry out the drawn card's action |
| `steal:S`, `rob:S`, `raid:S` | active | carry out the attack against seat S |
| `offer:I` / `offer:I,J` | offerer | offer one item (Buy, Trade) or two (Trade) |
| `purchase:S` / `refuse` | active | buy seat S's offer / keep the copper |
| `accept:S` | active | accept seat S's trade offer |
| `defend` / `decline` | attacked / asked | play a necklace / let it happen |
| `take:I` | active | take an item from the robbed or raided hand |
| `hide:A` | active | keep ambush card A (the other goes under the ambush deck) |
| `exchange:I,N` | active | exchange N identical items |
| `commission:K[,I...]` | active | complete commission K with the named items |
| `pass` | active | end the turn without an exchange |
| `spring:A` | asked | activate ambush card A against the exchange on the table |
| `discard:I` | asked | discard an item (deck exhausted, hand above the sheriff's number) |
"""

from __future__ import annotations

from itertools import combinations

from tavola.core import Action, act
from tavola.games.nottingham.components import (
    AMBUSH_CARDS,
    AMBUSH_NAMES,
    CARDS_PER_ITEM,
    COMMISSIONS,
    ITEM_TYPES,
    ITEMS,
    PAIRS3,
    PAIRS4,
)
from tavola.games.nottingham.config import MAX_PLAYERS

KEEP = act("keep")
BUY = act("buy")
AMBUSH = act("ambush")
TRADE = act("trade")
REFUSE = act("refuse")
DEFEND = act("defend")
DECLINE = act("decline")
PASS = act("pass")
STEAL = [act("steal", s) for s in range(MAX_PLAYERS)]
ROB = [act("rob", s) for s in range(MAX_PLAYERS)]
RAID = [act("raid", s) for s in range(MAX_PLAYERS)]
PURCHASE = [act("purchase", s) for s in range(MAX_PLAYERS)]
ACCEPT = [act("accept", s) for s in range(MAX_PLAYERS)]
OFFER_ONE = [act("offer", ITEMS[i]) for i in range(ITEM_TYPES)]
# OFFER_TWO[i][j] for i <= j: two cards, items in table order.
OFFER_TWO = [[act("offer", ITEMS[i], ITEMS[j]) for j in range(ITEM_TYPES)]
             for i in range(ITEM_TYPES)]
TAKE = [act("take", ITEMS[i]) for i in range(ITEM_TYPES)]
DISCARD = [act("discard", ITEMS[i]) for i in range(ITEM_TYPES)]
HIDE = [act("hide", AMBUSH_NAMES[a]) for a in range(AMBUSH_CARDS)]
SPRING = [act("spring", AMBUSH_NAMES[a]) for a in range(AMBUSH_CARDS)]
# EXCHANGE[i][n] for 3 <= n <= 12.
EXCHANGE = [[act("exchange", ITEMS[i], n) for n in range(CARDS_PER_ITEM + 1)]
            for i in range(ITEM_TYPES)]
COMMISSION_SEVEN = act("commission", COMMISSIONS[0])
COMMISSION_FIVE = [act("commission", COMMISSIONS[1], ITEMS[i]) for i in range(ITEM_TYPES)]
# Pair commissions by their sorted item tuples.
COMMISSION_PAIRS: dict[int, dict[tuple[int, ...], Action]] = {
    kind: {items: act("commission", COMMISSIONS[kind], *(ITEMS[i] for i in items))
           for items in combinations(range(ITEM_TYPES), size)}
    for kind, size in ((PAIRS4, 4), (PAIRS3, 3))
}

# Decoding tables.
ITEM_INDEX = {name: i for i, name in enumerate(ITEMS)}
AMBUSH_INDEX = {name: a for a, name in enumerate(AMBUSH_NAMES)}
COMMISSION_INDEX = {name: k for k, name in enumerate(COMMISSIONS)}
