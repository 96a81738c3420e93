"""``oracle show POSITION`` (registered by ``oracle.cli``): a position as a picture."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from oracle.errors import OracleError


@click.command("show")
@click.argument("position", type=click.Path(dir_okay=False))
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write the picture here (.svg, or .png with the optional extra 'png'); default: SVG on stdout.")
def show(position: str, output: str | None) -> None:
    """Draw POSITION (a position or puzzle JSON file, any game) as a picture of the field.

    Formats: docs/positions.md (Yu-Gi-Oh!), docs/duel-masters.md, docs/skills.md."""
    from oracle import linefile, pictures, svg
    from oracle.safe_write import write_file

    picture = pictures.position_svg(*linefile.position_file(position))
    if output is None:
        sys.stdout.write(picture)
        return
    suffix = Path(output).suffix.lower()
    if suffix == ".svg":
        write_file(output, picture)
    elif suffix == ".png":
        write_file(output, svg.to_png(picture))
    else:
        raise OracleError("the picture is written as .svg or .png", source=output)
