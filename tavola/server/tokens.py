"""Secrets of a table: host and seat tokens, table ids.

A token is 192 random bits from `secrets`, shown once to its holder and stored only as a
SHA-256 hash; a presented token is hashed and compared with `hmac.compare_digest`, so the
comparison takes the same time wherever the hashes differ.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

TOKEN_BYTES = 24
MAX_TOKEN_TEXT = 64


def new_token() -> str:
    """Return a fresh token (URL-safe text)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    """Return a fresh table id (not a secret, but not guessable either): 12 URL-safe
    characters, the first never `-`, so that the id can be typed as an argument of a
    command (`tavola admin end-table ID`) without being read as an option."""
    while True:
        made = secrets.token_urlsafe(9)
        if not made.startswith("-"):
            return made


def new_seed() -> int:
    """Return a fresh game seed (63 bits, so any SQL BIGINT holds it)."""
    return secrets.randbits(63)


def token_hash(token: str) -> str:
    """Return the stored form of a token."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def matches(token: object, stored: str | None) -> bool:
    """True if `token` is the token whose hash is `stored` (constant-time comparison)."""
    if stored is None or type(token) is not str or len(token) > MAX_TOKEN_TEXT:
        return False
    return hmac.compare_digest(token_hash(token), stored)


def rematch_token(token: str, table_id: str, seat: int) -> str:
    """Return the seat token, at seat `seat` of rematch `table_id`, of the holder of seat
    token `token` of the finished table: derived from it (HMAC-SHA256), so only that holder
    (or the server while the holder presents it) can know it, it is the same on every ask,
    and, like every token, it is stored only as its hash."""
    digest = hmac.new(token.encode("utf-8", "replace"),
                      f"tavola-rematch:{table_id}:{seat}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:TOKEN_BYTES]).decode("ascii")
