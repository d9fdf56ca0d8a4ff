"""Clocks and the start of play: when a table's play began, each decision's time left on
its mover's clock, and whether the players chose to wait for a seat out of time.

Revision ID: r0006
Revises: r0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0006"
down_revision: str | None = "r0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `tables.started`, `actions.clock` and `seats.waited`. A table stored before has
    been in play since it was made (it never waited for its players)."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("started", sa.Float, nullable=True))
    op.execute("UPDATE tables SET started = created")
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("clock", sa.Float, nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("waited", sa.Boolean, nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    """Forget the start of play, the clocks' times and the waits."""
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("waited")
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("clock")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("started")
