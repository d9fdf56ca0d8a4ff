"""Intrige (Stefan Dorra, F.X. Schmid 1994; Amigo card edition 2003/04), 3-5 players.

Rules, in short (Intrige rulebook; docs/games/intrige.md explains every ruling in full).
Every player owns a palace of rooms, each room paying a salary, and a supply of figures of
several professions; money is kept secret ("Setup"). Play goes seat by seat for a fixed
number of rounds ("Course of the game"). In your turn you (1) collect from the bank the
salary of every room of another palace that holds one of your figures, nobody collecting in
round 1 ("1. Collecting income"); (2) receive the figures the others left in your park: each
sender pays you a bribe, at once and in full (at least the smallest bribe, in its steps),
and then you seat them as you please, bound by no promise: one figure per room, one per
profession, and a profession once seated keeps its room ("2. Receiving foreign figures"). A
waiting figure whose profession already sits in your palace attacks it (internal conflict:
the defender pays a fresh bribe first, then the attackers in turn order, and you decide who
keeps the room); several waiting figures of one unseated profession contend (external
conflict: you admit one). Losers go to the island for good. A figure whose owner paid must
get an empty room when there is one ("Conflicts"). (3) You send two figures from your supply
to the parks of two different other palaces - except in the last round ("3. Sending one's
own figures"). Most money wins; ties share.

Size: 3-5 seats, 6 rounds (1994) or 5 (Amigo). Every figure sent (10 or 8 per player) brings
at most two bribes (its sender's and a defender's), each taking at most nine decisions
(`ask`, `range`, `offer`, `range`, `bribe`, and the interface's `back` at most once per sum
named, each undone step taken again), one conflict decision and one seating: with its own
`send`, at most 21 decisions per figure, so at most 1,050 per game (`config.max_decisions`
proves it); about 100-250 in practice. A sum is named directly when there are at most 12
payable sums, else through ranges of ten steps, so a decision offers at most about 20
actions (a send: up to 20). No chance; the only secret is money, and it follows from public
events.

| option | default | values | meaning |
|---|---|---|---|
| `edition` | `"1994"` | `"1994"`, `"amigo"` | which edition's numbers (table below) |
| `bribe_order` | `"conflicts_first"` | also `"turn_order"` | who bribes first (ruling) |

| number | 1994 | Amigo |
|---|---|---|
| room salaries | 10,000 / 20,000* / 40,000* / 60,000* / 100,000 | 1,000 / 3,000 / 6,000 / 10,000 |
| starting money | 320,000 | 32,000 |
| smallest bribe and step | 10,000 | 1,000 |
| figures per player | 10 (2 x 5 professions) | 8 (2 x 4 professions) |
| rounds (none sent in the last) | 6 | 5 |

Reconstructions (*): the three middle salaries of the 1994 edition are not known; see
`config.py` and docs/reconstructions.md for the constraints they satisfy. The Amigo palace
colours and profession names are naming choices only.

Rulings (docs/games/intrige.md has each with its test):
- Money is hidden: a view holds only the viewer's own money; bribes, incomes and offers are
  public events and public records in every view.
- A player who cannot pay the smallest bribe pays 0 and is still seated if a room is free;
  no other bribe is ever 0.
- Turn order inside a palace starts with the seat after its owner.
- Conflict order: "first every internal conflict, then every external one" orders the
  bribing and the owner's conflict decisions (internal from the lowest room up, then
  external); the numbered order of assignment (no conflict, external, internal) orders the
  seating into rooms. Under the default `conflicts_first` the bribes go: each internal
  conflict (defender, then its attackers in turn order), each external conflict's senders,
  then the other senders in turn order.
- Negotiation: before paying a bribe, the payer may once make a public, non-binding offer
  "I pay X for room R" (`ask:R`, then `offer:X,R`); it changes nothing but the record.
- Choosing a sum (decision design): with more than 12 payable sums, the sums below ten steps
  are named directly and the others through `range:B` (B and the next nine steps). An
  interface take-back, not a rule: `back` undoes a range picked or a room asked for, at most
  once per sum named.

The package has the shape of every tavola game: components, config -> state -> actions ->
rules -> view, text, schema -> heuristics, encoding -> game.
"""

from __future__ import annotations

from tavola.core.registry import register
from tavola.games.intrige.game import IntrigeGame, IntrigeState

register(IntrigeGame)

__all__ = ["IntrigeGame", "IntrigeState"]
