"""Who issued each token: the player (with a token of theirs), an administrator, or whoever
registered them (the first token). A player's data shows it to them (design.md, "A
player's data"): a token an administrator issued in their name, and so could use, is not
hidden from them. Tokens issued before: unknown (null).

Revision ID: 0027
Revises: 0026
"""

from alembic import op

revision = "0027"
down_revision = "0026"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE tokens ADD COLUMN issued_by text, ADD COLUMN by_administrator boolean")


def downgrade() -> None:
    op.execute("ALTER TABLE tokens DROP COLUMN issued_by, DROP COLUMN by_administrator")
