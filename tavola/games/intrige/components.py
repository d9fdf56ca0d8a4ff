"""The pieces of Intrige as data: palaces, professions and figures.

Intrige rulebook, "Contents": five palaces of the five great states, five rooms each, ten
figures per colour in five professions, the island of exile, the money notes. The Amigo card
edition has four rooms and four professions (docs/games/intrige.md, "Editions").
"""

from __future__ import annotations

# A figure is (owner seat, profession index); its colour is its owner's palace.
Figure = tuple[int, int]

PALACES_1994: tuple[str, ...] = ("Firenze", "Milano", "Napoli", "Roma", "Venezia")

# Naming choice, not a rule: the Amigo palaces are known only as five colours.
PALACES_AMIGO: tuple[str, ...] = ("red", "yellow", "green", "blue", "violet")

# Action tokens for the five professions of the 1994 edition (Intrige rulebook, "Contents").
PROFESSIONS_1994: tuple[str, ...] = ("fiscal", "legal", "prelate", "military", "scientific")

# Naming choice, not a rule: the Amigo edition's four professions are known without names,
# so the engine reuses the first four 1994 names; no rule depends on which they are
# (docs/reconstructions.md, "Intrige").
PROFESSIONS_AMIGO: tuple[str, ...] = PROFESSIONS_1994[:4]

PROFESSION_LABELS: dict[str, str] = {
    "fiscal": "fiscal counsellor",
    "legal": "legal counsellor",
    "prelate": "prelate",
    "military": "military counsellor",
    "scientific": "scientific counsellor",
}
