"""The game server: tables, seats, bots and storage that loses nothing.

`tavola serve` runs `create_app` (FastAPI on uvicorn). The pieces, one concern each:

- `storage`  — the event-sourced database (SQLite or PostgreSQL, Alembic migrations);
- `tables`   — the match authority: live tables replayed from storage, the checks every
  action passes and the one place actions are accepted; beside it, one module per concern
  of a table (`table_frames`, `table_chat`, `table_seats`, `table_bots`, `table_clocks`,
  `table_sync`, `table_rematch`, on the typed core `table_core`), `settings` (a table's
  settings, the server's limits, the checks of a new table) and `hub` (every table a
  process serves);
- `undo`     — whether a decision may be taken back, told through the game contract;
- `bots`     — bots off the event loop, with a think-time budget and a random fallback;
- `protocol` — the client frames, their limits and checks (documented in docs/protocol.md);
- `app`      — HTTP routes and the websocket of each client;
- `listen`   — PostgreSQL notifications between server processes;
- `remote`   — the client side, for `tavola connect` and the load benchmark.

The server knows the games only through the game contract (`tavola.core`) and the agents
only through `tavola.agents`; it never imports a game's internals.
"""
