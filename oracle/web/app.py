"""The explorer's ASGI app: the page, and the JSON API it runs on (docs/api.md).

The server keeps no state: each request carries the position (and the steps of the line), so that
undo, redo and export live in the page and any bot can call the same endpoints.  Every answer
comes from the existing entry points (``oracle.plays``, the line checkers, the puzzle solvers, the
pictures); bad input is a 4xx with one line naming the field, never a traceback.
"""
from __future__ import annotations

import json
import logging
import tempfile
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from oracle import jsonfile, pictures
from oracle.errors import OracleError
from oracle.resources import facts_dir

STATIC = Path(__file__).with_name("static")
MAX_BODY = 2_000_000          # bytes: a position, a deck or a puzzle is far smaller
MAX_STEPS = 12                # the longest line /solve searches
log = logging.getLogger("oracle.web")


class BadRequest(Exception):
    """A request the API cannot read: answered with 400 and one line."""


def create_app(*, timeout: float = 30.0) -> Starlette:
    """The app; ``timeout`` (seconds) bounds every solver call of a request, as the CLI's options do."""

    async def body(request: Request) -> dict:
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise BadRequest(f"the request is larger than {MAX_BODY} bytes")
        try:
            doc = json.loads(raw or b"null")
        except (ValueError, UnicodeDecodeError) as exc:
            raise BadRequest(f"the request body is not JSON ({exc})") from None
        if not isinstance(doc, dict):
            raise BadRequest("the request body is a JSON object")
        return doc

    def limit(doc: dict) -> float:
        asked = doc.get("timeout", timeout)
        if isinstance(asked, bool) or not isinstance(asked, (int, float)) or asked <= 0:
            raise BadRequest("timeout is a positive number of seconds")
        return min(float(asked), timeout)

    async def plays(request: Request) -> JSONResponse:
        doc = await body(request)
        position = _position(doc)
        return JSONResponse(await run_in_threadpool(_plays, position, limit(doc)))

    async def check(request: Request) -> JSONResponse:
        doc = await body(request)
        position, steps = _position(doc), doc.get("steps")
        if not isinstance(steps, list):
            raise BadRequest('"steps" is a list of steps (strings in the text form of oracle check, or objects)')
        return JSONResponse(await run_in_threadpool(_check, position, steps, limit(doc)))

    async def solve(request: Request) -> JSONResponse:
        doc = await body(request)
        puzzle = doc.get("puzzle", {k: doc[k] for k in ("position", "goal") if k in doc})
        if not isinstance(puzzle, dict) or "position" not in puzzle or "goal" not in puzzle:
            raise BadRequest('give "position" and "goal" (or a "puzzle" with both)')
        steps = doc.get("max_steps", 8)
        if isinstance(steps, bool) or not isinstance(steps, int) or not 1 <= steps <= MAX_STEPS:
            raise BadRequest(f"max_steps is a whole number from 1 to {MAX_STEPS}")
        return JSONResponse(await run_in_threadpool(_solve, puzzle, steps, limit(doc)))

    async def show(request: Request) -> JSONResponse:
        doc = await body(request)
        position = _position(doc)
        return JSONResponse({"svg": await run_in_threadpool(pictures.position_svg, position, "position")})

    async def examples(request: Request) -> JSONResponse:
        return JSONResponse({"examples": _examples()})

    async def example(request: Request) -> JSONResponse:
        name = request.path_params["name"]
        found = {e["name"]: e for e in _examples()}
        if name not in found:
            raise HTTPException(404, f"no bundled example {name!r}; GET /examples lists them")
        return JSONResponse(jsonfile.read(facts_dir() / found[name]["file"]))

    async def import_(request: Request) -> JSONResponse:
        doc = await body(request)
        kind, text = doc.get("kind"), doc.get("text")
        if kind not in ("ydk", "lua") or not isinstance(text, str):
            raise BadRequest('give "kind" ("ydk" or "lua") and "text" (the file\'s contents)')
        return JSONResponse(await run_in_threadpool(_import, kind, text, doc.get("hand", 5)))

    async def index(request: Request) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    async def bad_request(request: Request, exc: Exception) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=400)

    async def oracle_error(request: Request, exc: Exception) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=422)

    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code)

    async def internal(request: Request, exc: Exception) -> JSONResponse:
        # a bug, not bad input: logged in full on the server, one line to the client
        log.exception("internal error on %s", request.url.path)
        line = f"{exc.__class__.__name__}: {exc}".splitlines()[0] if str(exc) else exc.__class__.__name__
        return JSONResponse({"error": f"internal error ({line})"}, status_code=500)

    routes = [
        Route("/", index), Route("/plays", plays, methods=["POST"]), Route("/check", check, methods=["POST"]),
        Route("/solve", solve, methods=["POST"]), Route("/show", show, methods=["POST"]),
        Route("/examples", examples), Route("/examples/{name}", example),
        Route("/import", import_, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    handlers = {BadRequest: bad_request, OracleError: oracle_error, HTTPException: http_error, Exception: internal}
    return Starlette(routes=routes, exception_handlers=handlers)


def _position(doc: dict) -> dict:
    position = doc.get("position")
    if not isinstance(position, dict):
        raise BadRequest('"position" is a position document (a JSON object, docs/positions.md)')
    players = position.get("players")
    if isinstance(players, list) and any(isinstance(p, dict) and "ydk" in p for p in players):
        # a file name would be read on the server's disk: the API takes documents only
        raise BadRequest('a position sent here lists its Deck; send a .ydk file to POST /import instead of "ydk"')
    return position


def _game(position: dict) -> str:
    game = position.get("game", "yugioh")
    if game not in ("yugioh", "duel-masters"):
        raise OracleError(f"unknown game {game!r}; use yugioh or duel-masters", source="position", field="game")
    return game


def _plays(position: dict, timeout: float) -> dict:
    from oracle.yugioh.lines import Step
    from oracle.yugioh.report import LABELS

    if _game(position) == "duel-masters":
        # (the package's own plays() is shadowed by its submodule plays once that is imported)
        from oracle.duel_masters import solve_position
        from oracle.duel_masters.plays import plays_from
        from oracle.duel_masters.position import parse_position

        parsed = parse_position(position, "position")
        result = solve_position(parsed, timeout=timeout)
        return {"game": "duel-masters", "plays": [{**p.to_json(), "step": _dm_step(p)} for p in plays_from(result, parsed)],
                "complete": result.complete, "stopped": result.stopped}
    import oracle

    found = oracle.plays(position, timeout=timeout)
    out = []
    for p in found:
        step = Step(0, p.action, card=p.card.name if p.card else None, materials=[m.name for m in p.materials],
                    spell=p.spell.name if p.spell else None, cards=[c.name for c in p.cards])
        out.append({**p.to_json(), "label": LABELS[p.action], "step": step.text()})
    return {"game": "yugioh", "plays": out, "complete": found.complete, "stopped": found.stopped}


def _dm_step(play) -> str:
    """A Duel Masters play as a step of the text form: every choice it made named (the copy, the
    method, the cards tapped, the evolution base), so that checking it reads it the same way."""
    from oracle.duel_masters.lines import METHODS, Step

    action = {"put_into_battle_zone": "put"}.get(play.action, play.action)
    summon = action == "summon"
    return Step(0, action, play.card["name"], zone=play.card["location"],
                method=play.method if summon and play.method in METHODS else None,
                paying=[p["card"]["name"] for p in play.payment] if summon else [],
                on=[b["name"] for b in play.base] if summon else []).text()


def _check(position: dict, steps: list, timeout: float) -> dict:
    from oracle import linefile

    if _game(position) == "duel-masters":
        from oracle.duel_masters import lines
    else:
        from oracle.yugioh import lines
    # the steps of a JSON line file: strings in the text form, or objects
    read = [linefile.step_from_json(s, n, "steps", lines.parse_step, lines._step_object)
            for n, s in enumerate(steps, 1)]
    line = lines.make_line(position, read, source="steps")
    result = lines.check_line(line, timeout=timeout)
    out = result.to_json()
    for row, r in zip(out["steps"], result.steps):
        row["text"] = r.step.text()
    out["line"] = "\n".join(s.text() for s in line.steps)
    return out


def _solve(puzzle: dict, max_steps: int, timeout: float) -> dict:
    if _game(_position(puzzle)) == "duel-masters":
        from oracle.duel_masters.puzzles import puzzle_from_json, solve_puzzle
    else:
        from oracle.yugioh.solve import puzzle_from_json, solve_puzzle
    outcome = solve_puzzle(puzzle_from_json(puzzle, source="puzzle"), max_steps=max_steps, timeout=timeout)
    return outcome.to_json()


def _examples() -> list[dict]:
    """The bundled positions and puzzles (facts/positions, facts/puzzles)."""
    out = []
    for folder, kind in (("positions", "position"), ("puzzles", "puzzle")):
        for path in sorted((facts_dir() / folder).glob("*.json")):
            doc = jsonfile.read(path)
            position = doc.get("position", doc) if kind == "puzzle" else doc
            if kind == "position" and "ydk" in json.dumps(doc.get("players", [])):
                continue  # names a deck file beside it: not a document the page can send back
            out.append({"name": path.stem, "kind": kind, "file": f"{folder}/{path.name}",
                        "game": position.get("game", "yugioh") if isinstance(position, dict) else "yugioh",
                        "description": doc.get("description") or doc.get("comment") or ""})
    return out


def _import(kind: str, text: str, hand: Any) -> dict:
    """A position from an uploaded .ydk (its first ``hand`` Main Deck cards in the hand) or an
    EDOPro puzzle .lua (read, never executed)."""
    if isinstance(hand, bool) or not isinstance(hand, int) or not 0 <= hand <= 60:
        raise BadRequest("hand is a whole number of cards from 0 to 60")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"upload.{kind}"
        path.write_text(text, encoding="utf-8")
        if kind == "lua":
            from oracle.yugioh.puzzle_lua import import_lua

            imported = import_lua(path)
            goal = imported.goal or ({"win": True} if not imported.objective else None)
            return {"position": imported.position, "goal": goal, "objective": imported.objective or ""}
        from oracle.yugioh.cards import Library
        from oracle.yugioh.ydk import read_ydk

        deck = read_ydk(path, Library.load())
    main = [c.code for c in deck.main]
    empty = {"monster_zones": [None] * 5, "spell_trap_zones": [None] * 5}
    me = {"hand": main[:hand], "deck": main[hand:], "extra_deck": [c.code for c in deck.extra], **empty}
    position = {"game": "yugioh", "turn": {"player": 0, "phase": "main1", "first_turn": True},
                "players": [me, dict(empty)], "extra_monster_zones": [None, None]}
    return {"position": position, "goal": None, "objective": ""}
