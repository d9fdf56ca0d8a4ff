"""Whether a seat's link has been used (by joining or by playing with it), and whether a
table is public (listed in the lobby, its open seats claimable by anyone).

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

# Plain ADD COLUMN (SQLite and PostgreSQL both add a column with a constant default in
# place): a batch migration would copy and drop `tables`, and on SQLite with foreign keys
# on, dropping it would delete every table's seats and actions with it.


def upgrade() -> None:
    """Mark seats taken (those already joined are) and tables public (none so far)."""
    op.add_column("seats", sa.Column("taken", sa.Boolean, nullable=False,
                                     server_default=sa.false()))
    op.execute("UPDATE seats SET taken = (name IS NOT NULL AND kind = 'human')")
    # Tables stored before are private: nobody chose to open their seats to strangers.
    op.add_column("tables", sa.Column("public", sa.Boolean, nullable=False,
                                      server_default=sa.false()))


def downgrade() -> None:
    """Forget which seats are taken and which tables are public."""
    op.drop_column("seats", "taken")
    op.drop_column("tables", "public")
