"""`oracle deck analyse`: how often a deck's opening hand reaches a goal (docs/decks.md)."""
from __future__ import annotations

import json
import sys

import click

from oracle.errors import OracleError


@click.command("analyse")
@click.argument("deck")
@click.option("--goal", required=True, help='JSON ({"summon": NAME}, ...) or a short form: summon:NAME, '
              "board:A,B, monsters:N, damage:N, win, link:R, extra:K, synchro, xyz, fusion, ritual.")
@click.option("--going", type=click.Choice(["first", "second", "both"]), default="first", show_default=True,
              help="Going first: 5 cards, no Battle Phase; going second: 6 cards; both: one after the "
                   "other, compared (and plotted side by side with --plot).")
@click.option("--hands", default="all", show_default=True, help="all: every distinct hand, exactly; N: N drawn hands.")
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed of --hands N.")
@click.option("--max-steps", type=click.IntRange(0, 8), default=3, show_default=True, help="Actions a line may take.")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Local worker processes (default: one per core).")
@click.option("--scheduler", default=None, help="A Dask scheduler address (tcp://HOST:PORT) to run on instead.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False), default=None,
              help="Also draw the per-card success rates to FILE.png or FILE.svg (needs matplotlib).")
@click.option("--checkpoint", type=click.Path(dir_okay=False), default=None,
              help="Append results to this file as they come; rerun with it to continue.")
@click.option("--top", type=click.IntRange(min=0), default=5, show_default=True,
              help="How many failing and successful hands to list.")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Stop after this many seconds and report what was solved (partial).")
@click.option("--no-progress", is_flag=True, help="No progress bar on stderr.")
def analyse(deck: str, goal: str, going: str, hands: str, seed: int, max_steps: int, workers: int | None,
            scheduler: str | None, as_json: bool, plot_path: str | None, checkpoint: str | None, top: int,
            timeout: float | None, no_progress: bool) -> None:
    """Over every opening hand of DECK (.ydk, a list of names, or a ydke:// URL), the probability
    of reaching GOAL within --max-steps actions, with the cards and hands that make or miss it.

    Exit status: 0 done, 2 bad input, 3 stopped early (Ctrl-C, --timeout): the partial result is
    printed and labelled partial."""
    from oracle.yugioh import deckreport, deckrun

    if workers is not None and scheduler:
        raise OracleError("give --workers or --scheduler, not both", field="--workers")
    if hands != "all" and not (hands.isdigit() and int(hands) > 0):
        raise OracleError(f"--hands is 'all' or a positive number, not {hands!r}", field="--hands")
    if plot_path:
        deckreport.check_plot_path(plot_path)
    if going == "both" and checkpoint:
        raise OracleError("a checkpoint holds one analysis: give --going first or --going second with it",
                          field="--checkpoint")
    sides = ["first", "second"] if going == "both" else [going]
    setups = [deckrun.prepare(deck, goal, going=side, max_steps=max_steps) for side in sides]  # bad input first
    reports = {}
    for side, setup in zip(sides, setups):
        run = deckrun.analyse(setup, hands=hands, seed=seed, workers=workers, scheduler=scheduler,
                              checkpoint=checkpoint, progress=not no_progress, timeout=timeout)
        reports[side] = deckreport.build(run, top=top)
        if run.partial:
            break  # Ctrl-C or the time limit: what was solved is printed, nothing more is started
    if as_json:
        doc = reports if going == "both" else reports[going]
        click.echo(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        click.echo("\n\n".join(deckreport.text(r) for r in reports.values()))
    if plot_path and not run.partial:
        deckreport.plot(list(reports.values()), plot_path)
    if run.partial:
        click.echo(f"partial: {run.stopped}; {len(run.reached)} hands solved", err=True)
        sys.exit(3)
