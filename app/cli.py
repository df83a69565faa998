"""Command-line commands registered on the app (``flask --app app ...``)."""

from __future__ import annotations

import click
from flask import Flask


def register_cli(app: Flask) -> None:
    @app.cli.command("init-db")
    def init_db() -> None:
        """Create the database tables if they are missing (create_app already does this)."""
        click.echo("Database ready.")
