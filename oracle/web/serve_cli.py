"""``oracle serve`` (registered by ``oracle.cli``): the explorer on a local port.

Starlette and uvicorn are imported only when the command runs, so the rest of the CLI works
without the optional extra ``web``."""
from __future__ import annotations

import click

from oracle.errors import OracleError


@click.command("serve")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="The TCP port.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (the loopback address: only this machine can connect).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=30.0, show_default=True,
              help="Seconds allowed for each solver call of a request (plays, check, solve).")
def serve(port: int, host: str, timeout: float) -> None:
    """Start the explorer: a web page to load positions, click through legal plays, check moves and
    solve puzzles, over a JSON API (docs/api.md).  Stop it with Ctrl-C."""
    try:
        import uvicorn

        from oracle.web.app import create_app
    except ImportError as exc:
        raise OracleError(f"the explorer needs the optional extra: pip install 'summon-oracle[web]' ({exc.name} is missing)") from None
    click.echo(f"the explorer is at http://{host}:{port}/  (Ctrl-C stops it)", err=True)
    uvicorn.run(create_app(timeout=timeout), host=host, port=port, log_level="warning")
