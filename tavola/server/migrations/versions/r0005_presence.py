"""Seat facts shared by every server process: stand-ins, presence and process heartbeats.

Revision ID: r0005
Revises: r0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0005"
down_revision: str | None = "r0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `seats.standin` (a bot plays the person's seat for now), the server processes
    alive (`processes`, each with its last heartbeat) and which seats each process has a
    connection of (`presence`)."""
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("standin", sa.Boolean, nullable=False,
                                   server_default=sa.false()))
    op.create_table(
        "processes",
        sa.Column("origin", sa.String(12), primary_key=True),
        sa.Column("seen", sa.Float, nullable=False),
    )
    op.create_table(
        "presence",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("origin", sa.String(12), primary_key=True, index=True),
    )


def downgrade() -> None:
    """Forget presence, processes and stand-ins."""
    op.drop_table("presence")
    op.drop_table("processes")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("standin")
