"""Alembic environment: migrations run on the connection `tavola.server.migrations` hands in."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("tavola's migrations run through tavola.server.migrations.upgrade")
context.configure(connection=connection, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
