"""Deck analysis, the reporting side: the numbers of a run as JSON, a table, and a plot.

Exact runs give the probability as a reduced fraction (``exact``) and a float; sampled runs give
the 95% Wilson interval instead (``confidence_interval``).  A partial run (Ctrl-C, time limit)
says so and counts only the hands it decided.  "Successful hand patterns" are the distinct
successful hands, most probable first; each comes with one shortest line, found on its concrete
position by the puzzle search (the lines are not part of what the workers return, so every
runner reports the same lines).
"""
from __future__ import annotations

import io
from collections import Counter
from fractions import Fraction
from pathlib import Path

from oracle.errors import OracleError
from oracle.safe_write import target_of, write_file
from oracle.yugioh.deckrun import Run, hand_names, per_card, probability, total
from oracle.yugioh.hands import fraction_text, wilson
from oracle.yugioh.position import parse_position
from oracle.yugioh.solve import Puzzle, solve_puzzle


def build(run: Run, *, top: int = 5, lines: bool = True) -> dict:
    setup = run.setup
    good, decided = probability(run)
    everything = total(run)
    out: dict = {"deck": setup.source, "goal": setup.goal, "going": setup.job.going,
                 "hand_size": setup.hand_size, "max_steps": setup.job.max_steps,
                 "hands": "all" if run.sampled is None else run.sampled, "partial": run.partial}
    if run.partial:
        out["stopped"] = run.stopped
    if run.sampled is None:
        p = Fraction(good, decided) if decided else Fraction(0)
        out["probability"] = float(p)
        out["exact"] = fraction_text(p)
        out["ways"] = everything
    else:
        out["probability"] = good / decided if decided else 0.0
        out["confidence_interval"] = list(wilson(good, decided))
        out["draws"] = decided
        out["seed"] = run.seed
    out["percent"] = round(100 * out["probability"], 4)
    out["distinct_hands"] = len(run.weights)
    out["decided_hands"] = len(run.decided())
    out["solved_hands"] = len(run.reached)
    out["cards"] = [{"name": c["name"], "copies": c["copies"],
                     "success_rate": c["success"] / c["weight"] if c["weight"] else None,
                     "hand_share": c["weight"] / decided if decided else 0.0}
                    for c in per_card(run)]
    ranked = sorted(run.decided(), key=lambda e: (-e[1], hand_names(setup, e[0])))
    out["failing_hands"] = [{"hand": hand_names(setup, h), "probability": w / everything}
                            for h, w, ok in ranked if not ok][:top]
    successes = []
    found: dict = {}   # hand -> one shortest line (Steps), each hand solved at most once
    for h, w, _ in [e for e in ranked if e[2]][:top]:
        entry = {"hand": hand_names(setup, h), "probability": w / everything}
        if lines:
            entry["line"] = [s.text() for s in _line(run, h, found)]
            entry["steps"] = len(entry["line"])
        successes.append(entry)
    out["successful_hands"] = successes
    if lines:
        out["successful_patterns"], out["failing_patterns"] = patterns(run, ranked, top, found)
    out["seconds"] = round(run.seconds, 3)
    out["runner"] = run.runner
    return out


def shortest_line(run: Run, hand) -> list[str]:
    """One shortest line of ``hand`` to the goal (the steps in the text form of lines)."""
    return [s.text() for s in _line(run, hand, {})]


def _position(run: Run, hand):
    setup = run.setup
    codes = [code for name, k in zip(setup.names, hand) for code in [_code(run, name)] * k]
    return parse_position(setup.job.position_doc(codes), source=f"<hand of {setup.source}>")


def _line(run: Run, hand, found: dict) -> list:
    if hand not in found:
        setup = run.setup
        outcome = solve_puzzle(Puzzle(_position(run, hand), setup.goal, setup.source), max_steps=setup.job.max_steps)
        found[hand] = outcome.lines[0] if outcome.lines else []
    return found[hand]


def used_from_hand(run: Run, hand, steps: list) -> Counter:
    """The cards of ``hand`` its line uses: the hand minus what is still in it once the line is
    played.  Names alone cannot say it: a line may discard one Junk Synchron as a cost and Normal
    Summon another, two copies that a count of names per step sees as one."""
    from oracle.yugioh.cards import Library
    from oracle.yugioh.lines import Line, check_line

    position = _position(run, hand)
    start = Counter(s.card.name for s in position.slots if s.location == "hand" and s.owner == position.turn_player)
    result = check_line(Line(position, steps, source=f"<line of {run.setup.source}>"))
    if not steps or result.steps[-1].position is None:
        return Counter()
    lib = Library.load()
    left = Counter(lib.resolve(e["card"] if isinstance(e, dict) else e).name
                   for e in result.steps[-1].position["players"][position.turn_player]["hand"])
    return start - left


def patterns(run: Run, ranked: list, top: int, found: dict) -> tuple[list[dict], list[dict]]:
    """The most common successful and failing hand patterns (docs/decks.md).

    A successful pattern is the cards of a successful hand that its shortest line uses (the
    starter the line needs; the rest of the hand is spare: used_from_hand): the most probable successful hand
    not holding an earlier pattern gives the next one.  Its probability is that of opening a
    successful hand that holds those cards.  A failing pattern is which cards of the successful
    patterns a failing hand holds (none, a starter without its partner, ...), by probability."""
    setup = run.setup
    everything = total(run)
    good = [(Counter(hand_names(setup, h)), h, w) for h, w, ok in ranked if ok]
    holds = lambda hand, cards: all(hand[n] >= k for n, k in cards.items())  # noqa: E731
    chosen: list[tuple[Counter, tuple]] = []
    for names, h, _ in good:
        if len(chosen) >= top:
            break
        if any(holds(names, cards) for cards, _ in chosen):
            continue
        chosen.append((used_from_hand(run, h, _line(run, h, found)), h))
    successful = []
    for cards, h in chosen:
        held = [(w, names) for names, _, w in good if holds(names, cards)]
        successful.append({"cards": sorted(cards.elements()), "probability": sum(w for w, _ in held) / everything,
                           "hands": len(held), "example": hand_names(setup, h),
                           "line": [s.text() for s in found[h]], "steps": len(found[h])})
    successful.sort(key=lambda e: (-e["probability"], e["cards"]))
    starters = {n for cards, _ in chosen for n in cards}
    groups: dict[tuple, list] = {}
    for h, w, ok in ranked:
        if not ok:
            key = tuple(sorted(starters & set(hand_names(setup, h))))
            groups.setdefault(key, []).append(w)
    failing = [{"holds": list(k), "probability": sum(ws) / everything, "hands": len(ws)} for k, ws in groups.items()]
    failing.sort(key=lambda e: (-e["probability"], e["holds"]))
    return successful, failing[:top]


def _code(run: Run, name: str) -> int:
    from oracle.yugioh.cards import Library

    return Library.load().resolve(name).code


def text(report: dict) -> str:
    out = []
    label = " (PARTIAL: " + report["stopped"] + ")" if report["partial"] else ""
    out.append(f"deck {report['deck']}, going {report['going']} ({report['hand_size']} cards), goal "
               f"{_goal(report['goal'])} within {report['max_steps']} actions{label}")
    if "exact" in report:
        out.append(f"probability: {report['percent']:.2f}%  = {report['exact']}  over "
                   f"{report['decided_hands']} of {report['distinct_hands']} distinct hands "
                   f"({report['ways']} ways to draw {report['hand_size']})")
    else:
        lo, hi = report["confidence_interval"]
        out.append(f"probability: {report['percent']:.2f}%  95% interval {100 * lo:.2f}%-{100 * hi:.2f}% "
                   f"over {report['draws']} hands drawn ({report['distinct_hands']} distinct; seed {report['seed']})")
    out.append(f"{report['solved_hands']} hands solved in {report['seconds']:.1f} s on {report['runner']}")
    out.append("")
    out.append(f"{'card':42} {'copies':>6} {'success when held':>18}")
    for c in sorted(report["cards"], key=lambda c: (-(c["success_rate"] or 0), c["name"])):
        rate = "-" if c["success_rate"] is None else f"{100 * c['success_rate']:.1f}%"
        out.append(f"{c['name'][:42]:42} {c['copies']:>6} {rate:>18}")
    if report["failing_hands"]:
        out.append("")
        out.append("most common failing hands:")
        for e in report["failing_hands"]:
            out.append(f"  {100 * e['probability']:.3f}%  " + ", ".join(e["hand"]))
    if report["successful_hands"]:
        out.append("")
        out.append("most common successful hands, each with one shortest line:")
        for e in report["successful_hands"]:
            steps = f"  ({e['steps']} actions)" if "steps" in e else ""
            out.append(f"  {100 * e['probability']:.3f}%  " + ", ".join(e["hand"]) + steps)
            for step in e.get("line", []):
                out.append(f"      {step}")
    if report.get("successful_patterns"):
        out.append("")
        out.append("most common successful patterns (the cards a shortest line names, with any other cards):")
        for e in report["successful_patterns"]:
            out.append(f"  {100 * e['probability']:.3f}%  " + ", ".join(e["cards"])
                       + f"  ({_hands(e['hands'])}, {e['steps']} actions)")
            for step in e["line"]:
                out.append(f"      {step}")
    if report.get("failing_patterns"):
        out.append("")
        out.append("failing hands by the pattern cards they hold:")
        for e in report["failing_patterns"]:
            what = ", ".join(e["holds"]) if e["holds"] else "(none of the pattern cards)"
            out.append(f"  {100 * e['probability']:.3f}%  {what}  ({_hands(e['hands'])})")
    return "\n".join(out)


def _hands(n: int) -> str:
    return f"{n} hand{'s' if n != 1 else ''}"


def _goal(goal: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in goal.items())


def check_plot_path(path: str) -> None:
    """Before a long run: the plot can be written (format known, matplotlib installed)."""
    if Path(path).suffix.lower() not in (".png", ".svg"):
        raise OracleError("the plot is a .png or .svg file", source=path, field="--plot")
    target_of(path)  # a file that cannot be written is refused before the run
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise OracleError("--plot needs matplotlib: pip install -e '.[plot]'", field="--plot") from None


def plot(reports: list[dict], path: str | Path | None = None):
    """Per-card success rates (the first report), and the success of each report side by side
    (e.g. going first and going second: hand size 5 and 6).  Written atomically to ``path``
    (.png or .svg) when given; the figure is returned."""
    import matplotlib

    if path is not None:
        matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    first = reports[0]
    cards = sorted((c for c in first["cards"] if c["success_rate"] is not None), key=lambda c: c["success_rate"])
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, max(3.0, 0.3 * len(cards) + 1)),
                                      gridspec_kw={"width_ratios": [3, 1]})
    left.barh([c["name"] for c in cards], [100 * c["success_rate"] for c in cards], color="tab:blue")
    left.axvline(100 * first["probability"], color="tab:red", linestyle="--", label="whole deck")
    left.set_xlabel("success rate of hands holding the card (%)")
    left.set_xlim(0, 100)
    left.legend(loc="lower right")
    left.set_title(f"goal: {_goal(first['goal'])} within {first['max_steps']} actions")
    labels = [f"{r['going']}\n({r['hand_size']} cards)" for r in reports]
    values = [100 * r["probability"] for r in reports]
    errors = None
    if all("confidence_interval" in r for r in reports):
        errors = [[v - 100 * r["confidence_interval"][0] for v, r in zip(values, reports)],
                  [100 * r["confidence_interval"][1] - v for v, r in zip(values, reports)]]
    right.bar(labels, values, yerr=errors, color="tab:green")
    right.set_ylabel("success (%)")
    right.set_ylim(0, 100)
    right.set_title("by going / hand size")
    fig.tight_layout()
    if path is not None:
        picture = io.BytesIO()
        fig.savefig(picture, format=Path(path).suffix[1:].lower())
        write_file(path, picture.getvalue())
        plt.close(fig)
    return fig
