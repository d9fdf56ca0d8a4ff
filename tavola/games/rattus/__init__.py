"""Rattus (Åse & Henrik Berg, 2010) for 2-4 players: the plague sweeps medieval Europe.

Rules (the Rattus rulebook, in our own words)
---------------------------------------------
Setup ("Setup" 1-10): 8 / 10 / 12 regions are in play for 2 / 3 / 4 players. Each region in
play gets one face-down starting rat token; the remaining starting tokens join the supply
together with the other tokens, of which 12 / 6 / 0 are first removed face down. The
plague piece starts on a random region in play. Each player has 20 cubes; the first player
(seat 0) and then clockwise everyone puts 2 cubes in a region, then from the last player
counter-clockwise everyone puts 2 more (possibly in the same region).

A turn ("Turn summary"): A) optionally take one class card, from beside the board or from
another player; B) optionally place in one region as many cubes as it has rat tokens,
using the powers of all held cards (the one just taken included) in any order; C) move
the plague piece to an adjacent region (the Knight: up to 2 regions). A, B and C come in
that order, each its own decision (ruling R2). The plague spreads
from its new region ("Plague spreading"): 1 token there sends 1 face-down token from the
supply to an adjacent region, 2 or 3 send 2 (to one or two adjacent regions), never more
than 3 tokens in a region. If the region holds a token and a cube it is devastated
("Devastation of the plagued region"): its tokens are revealed one by one until all are
revealed or no cube is left; a token whose threshold the population reaches hits ("The
rat tokens"): each M the player(s) with most cubes there, A every player there, each class
icon the card's holder if present; every revealed token leaves the game. The Knight's
holder, when active, first decides whether the plague counts as 2 neutral cubes.

Powers ("Class cards"): King, one own cube from a region without rats to the safe palace;
Merchant, up to 3 own cubes to an adjacent region; Monk, one token to an adjacent region;
Peasant, one cube more when placing (also where there are no rats); Witch, look at two
tokens and maybe swap them; Knight, as above.

End ("End of the game"): when, at the end of a turn, the supply is empty or a player has
all cubes on the board (or, by ruling R17, after the round limit). From the last player's
right-hand neighbour counter-clockwise, every other player may use their cards once more
(Peasant: 1 cube anywhere; Knight: plague up to 2 regions), then every token on the board
is resolved with the plague as 2 neutral cubes. Most cubes on the board (palace included)
wins; a tie goes to the tied player who would play next.

Size: 2-4 players; about 13-50 turns (random play: 85-280 decisions a game); each turn is
a chain of 1-14 small decisions with at most about 60 legal actions at a time (most from
the Witch's first look). A game never exceeds `config.MAX_DECISIONS` decisions (derived in
config.py from the round limit).

Parameters (options of `tavola.make("rattus", players, seed, **options)`)
-------------------------------------------------------------------------
| option | default | choices | meaning |
|---|---|---|---|
| ties | "next_player" | "next_player", "shared" | tie-break (ruling R16) |
| rounds | 30 | 20, 30, 40, 60, 100 | full rounds after which the game ends (ruling R17) |

Rulings (full text and tests: docs/games/rattus.md)
---------------------------------------------------
R1 powers once per turn; R2 A after B ends B; R3 short reserves; R4 the Knight's 2-step
reach; R5 reveal order; R6 the final Knight move neither spreads nor devastates; R7 lost
cubes leave the game; R8 starting tokens' backs are public; R9 the Witch may look within one
region; R10 the final Peasant cube; R11 the Merchant moves his own cubes; R12 the Knight's
neutral cubes only raise the population; R13 the Witch looks at board tokens only and her
knowledge is private; R14 the active player places spreading tokens, tokens that fit
nowhere are lost; R15 class icons hit holders with a cube there, MM one M at a time; R16
final round order and tie-break; R17 the round limit.

Decisions: the Merchant and the Monk first name the region they act on, the Witch one token
at a time, so a numbered list for a person stays short (docs/games/rattus.md).

Reconstructions (components.py, docs/games/rattus.md): the adjacency map and the 49
tokens' fronts.

Layout: components, config -> state -> actions -> rules -> view, text, schema ->
heuristics, encoding -> game -> this package, which only registers the game.
"""

from __future__ import annotations

from tavola.core import register
from tavola.games.rattus.game import RattusGame

register(RattusGame)
