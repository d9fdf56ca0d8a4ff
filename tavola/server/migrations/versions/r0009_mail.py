"""Mail: an account's e-mail address (optional, verified by a link before any notice goes to
it), whether it asked for turn notices and in which language; the single-use links sent by
mail (stored as hashes); and when each account was last told of each table (at most one
notice an hour); the mails waiting to be sent (an outbox, so that none is lost when a
server stops).

Revision ID: r0009
Revises: r0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0009"
down_revision: str | None = "r0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `mail_addresses`, `mail_links`, `mail_outbox` and `mail_notices`."""
    op.create_table(
        "mail_addresses",
        sa.Column("account_id", sa.String(32),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("address", sa.String(254), nullable=True),
        sa.Column("address_key", sa.String(254), nullable=True, index=True),
        sa.Column("verified", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("notices", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("lang", sa.String(8), nullable=False, server_default="en"),
    )
    op.create_table(
        "mail_links",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("purpose", sa.String(12), nullable=False),
        sa.Column("address", sa.String(254), nullable=True),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_table(
        "mail_outbox",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("recipient", sa.String(254), nullable=False),
        sa.Column("message", sa.Text, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("due", sa.Float, nullable=False, index=True),
        sa.Column("leased", sa.Float, nullable=True),
    )
    op.create_table(
        "mail_notices",
        sa.Column("account_id", sa.String(32),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("sent", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Forget the addresses, the links and the notices."""
    op.drop_table("mail_notices")
    op.drop_table("mail_outbox")
    op.drop_table("mail_links")
    op.drop_table("mail_addresses")
