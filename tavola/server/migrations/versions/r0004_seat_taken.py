"""Whether a seat's link has been used (by joining or by playing with it).

Revision ID: r0004
Revises: r0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0004"
down_revision: str | None = "r0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Mark each seat taken once its token has been used; seats already joined are taken."""
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("taken", sa.Boolean, nullable=False,
                                   server_default=sa.false()))
    op.execute("UPDATE seats SET taken = (name IS NOT NULL AND kind = 'human')")


def downgrade() -> None:
    """Forget which seats are taken."""
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("taken")
