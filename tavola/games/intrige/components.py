"""The pieces of Intrige as data: palaces, professions and figures.

Seed: 004_2f30db9d650ad435.txt, "Contenuto" (five palaces of the five great states, five
rooms each, ten figures per colour in five professions, the exile island, gold notes).
COMPONENTS.md (Intrige) adds the Amigo card edition (four rooms, four professions).
"""

from __future__ import annotations

# A figure is (owner seat, profession index); its colour is its owner's palace.
Figure = tuple[int, int]

PALACES_1994: tuple[str, ...] = ("Firenze", "Milano", "Napoli", "Roma", "Venezia")

# Naming choice, not a rule: the sources give the Amigo palaces only as "5 colours".
PALACES_AMIGO: tuple[str, ...] = ("red", "yellow", "green", "blue", "violet")

# Action tokens for the five professions of the 1994 edition (seed, "Contenuto").
PROFESSIONS_1994: tuple[str, ...] = ("fiscal", "legal", "prelate", "military", "scientific")

# Naming choice, not a rule: COMPONENTS.md gives the Amigo edition four professions without
# names, so the engine reuses the first four 1994 names; no rule depends on which they are.
PROFESSIONS_AMIGO: tuple[str, ...] = PROFESSIONS_1994[:4]

PROFESSION_LABELS: dict[str, str] = {
    "fiscal": "fiscal counsellor",
    "legal": "legal counsellor",
    "prelate": "prelate",
    "military": "military counsellor",
    "scientific": "scientific counsellor",
}
