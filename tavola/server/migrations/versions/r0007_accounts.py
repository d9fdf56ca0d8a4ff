"""Accounts: user names with Argon2id password hashes, their sessions (stored hashed) and
the seats attached to each account.

Revision ID: r0007
Revises: r0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0007"
down_revision: str | None = "r0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `accounts`, `sessions` and `account_seats`."""
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_table(
        "account_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("added", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Forget the accounts, their sessions and seats."""
    op.drop_table("account_seats")
    op.drop_table("sessions")
    op.drop_table("accounts")
