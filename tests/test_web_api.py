"""The explorer's HTTP API (oracle/web/app.py) through Starlette's test client: every endpoint,
good input and bad.  Answers are compared with the CLI's own entry points."""
from __future__ import annotations

import json
import warnings

import pytest

pytest.importorskip("starlette", reason="the explorer needs the optional extra web")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")
with warnings.catch_warnings():  # Starlette 1.x prefers httpx2 for its client; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

import oracle  # noqa: E402
from oracle.web.app import create_app  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(timeout=30), raise_server_exceptions=False) as c:
        yield c


def doc(root, name):
    return json.loads((root / name).read_text())


def test_page_and_static_files(client):
    page = client.get("/")
    assert page.status_code == 200 and 'id="plays"' in page.text
    assert "function refresh" in client.get("/static/app.js").text


def test_examples(client, root):
    names = {e["name"]: e for e in client.get("/examples").json()["examples"]}
    assert names["example"]["kind"] == "position" and names["03-synchro"]["kind"] == "puzzle"
    assert names["dm-charge"]["game"] == "duel-masters"
    assert client.get("/examples/junk-synchron").json() == doc(root, "facts/positions/junk-synchron.json")
    missing = client.get("/examples/no-such-example")
    assert missing.status_code == 404 and "GET /examples" in missing.json()["error"]


def test_plays_equal_the_oracle(client, root):
    position = doc(root, "facts/positions/example.json")
    answer = client.post("/plays", json={"position": position}).json()
    expected = [p.to_json() for p in oracle.plays(position)]
    assert [{k: v for k, v in p.items() if k not in ("label", "step")} for p in answer["plays"]] == expected
    assert answer["complete"] is True
    tribute = [p for p in answer["plays"] if p["action"] == "tribute_summon"]
    assert 'tribute_summon "Summoned Skull" with "Sangan"' in {p["step"] for p in tribute}


def test_plays_of_a_duel_masters_position(client, root):
    answer = client.post("/plays", json={"position": doc(root, "facts/positions/dm-charge.json")}).json()
    assert answer["game"] == "duel-masters"
    assert {p["card"]["name"] for p in answer["plays"]} >= {"Faerie Life"}


def test_check_a_legal_and_an_illegal_step(client, root):
    position = doc(root, "facts/positions/junk-synchron.json")
    legal = client.post("/check", json={"position": position, "steps": [
        'normal_summon "Junk Synchron"',
        {"action": "synchro_summon", "card": "Black Rose Dragon", "materials": ["Junk Synchron", "Gene-Warped Warwolf"]}]})
    body = legal.json()
    assert legal.status_code == 200 and body["status"] == "legal"
    assert body["steps"][1]["state"]["extra_monster_zones"] != [None, None] or \
        any(z and z["card"] for z in body["steps"][1]["state"]["players"][0]["monster_zones"])
    assert body["line"].splitlines()[1].startswith('synchro_summon "Black Rose Dragon" with')
    illegal = client.post("/check", json={"position": position, "steps": [
        'synchro_summon "Black Rose Dragon" with "Gene-Warped Warwolf"']}).json()
    assert illegal["status"] == "illegal"
    assert "Black Rose Dragon needs at least 1 Tuner material, 0 given" in illegal["steps"][0]["reasons"]


def test_solve_a_bundled_puzzle(client, root):
    puzzle = doc(root, "facts/puzzles/03-synchro.json")
    answer = client.post("/solve", json={"puzzle": puzzle}).json()
    assert answer["solved"] and len(answer["lines"][0]) == 2
    same = client.post("/solve", json={"position": puzzle["position"], "goal": puzzle["goal"], "max_steps": 1}).json()
    assert not same["solved"] and same["searched"] == 1 and same["stopped"] is None


def test_solve_is_bounded_by_the_time_limit(client, root):
    puzzle = doc(root, "facts/puzzles/13-six-summons.json")
    answer = client.post("/solve", json={"puzzle": puzzle, "timeout": 0.001}).json()
    assert answer["stopped"] and "time limit" in answer["stopped"]


def test_show(client, root):
    svg = client.post("/show", json={"position": doc(root, "facts/positions/example.json")}).json()["svg"]
    assert svg.startswith("<svg") and "Summoned Skull" in svg
    dm = client.post("/show", json={"position": doc(root, "facts/positions/dm-charge.json")}).json()["svg"]
    assert "Mana zone" in dm


def test_import_a_deck_and_a_puzzle(client, shared_data):
    ydk = "#main\n89631139\n89631139\n70781052\n46986414\n46986414\n46986414\n#extra\n1861629\n!side\n"
    answer = client.post("/import", json={"kind": "ydk", "text": ydk}).json()
    me = answer["position"]["players"][0]
    assert me["hand"] == [89631139, 89631139, 70781052, 46986414, 46986414] and me["deck"] == [46986414]
    assert me["extra_deck"] == [1861629]
    lua = next(p for p in sorted(shared_data.glob("puzzles/**/*.lua")))
    imported = client.post("/import", json={"kind": "lua", "text": lua.read_text(encoding="utf-8")})
    assert imported.status_code in (200, 422), imported.text
    if imported.status_code == 200:
        assert client.post("/show", json={"position": imported.json()["position"]}).status_code == 200


@pytest.mark.parametrize("path, body, status, words", [
    ("/plays", b"not json", 400, "not JSON"),
    ("/plays", b"[1, 2]", 400, "JSON object"),
    ("/plays", {"position": 3}, 400, '"position"'),
    ("/plays", {"position": {"players": 3}}, 422, "players"),
    ("/plays", {"position": {"game": "chess"}}, 422, "unknown game"),
    ("/plays", {"position": {}, "timeout": -1}, 400, "timeout"),
    ("/check", {"position": {}}, 400, '"steps"'),
    ("/check", {"position": {}, "steps": ["nonsense"]}, 422, "unknown action 'nonsense'"),
    ("/check", {"position": {}, "steps": ['normal_summon "Junk Synchron"']}, 422, "no Junk Synchron in the position"),
    ("/check", {"position": {}, "steps": [7]}, 422, "a step is a string"),
    ("/solve", {"position": {}}, 400, '"goal"'),
    ("/solve", {"position": {}, "goal": {"x": 1}}, 422, "unknown goal 'x'"),
    ("/solve", {"position": {}, "goal": {"win": True}, "max_steps": 99}, 400, "max_steps"),
    ("/show", {}, 400, '"position"'),
    ("/show", {"position": {"game": "yugioh", "players": [{"hand": ["No Such Card Anywhere"]}, {}]}}, 422,
     "players[0].hand[0]"),
    ("/import", {"kind": "zip", "text": ""}, 400, '"kind"'),
    ("/import", {"kind": "ydk", "text": "#main\nnot-a-code\n"}, 422, ""),
])
def test_bad_requests_get_one_line(client, path, body, status, words):
    res = client.post(path, content=body) if isinstance(body, bytes) else client.post(path, json=body)
    assert res.status_code == status, res.text
    error = res.json()["error"]
    assert words in error and "\n" not in error and "Traceback" not in error


def test_wrong_method(client):
    assert client.get("/plays").status_code == 405


@pytest.mark.parametrize("name", ["example", "junk-synchron", "dm-charge", "dm-evolution-lock", "dm-shield-trigger",
                                  "dm-ninja-strike"])
def test_every_listed_play_is_a_step_the_checker_accepts(client, root, name):
    # the page makes a play by sending its "step" to /check: each must read back as legal
    position = doc(root, f"facts/positions/{name}.json")
    listed = client.post("/plays", json={"position": position}).json()["plays"]
    assert listed
    for play in listed:
        answer = client.post("/check", json={"position": position, "steps": [play["step"]]}).json()
        assert answer["status"] == "legal", (play["step"], answer["message"])


def test_a_position_naming_a_file_on_the_server_is_refused(client):
    res = client.post("/show", json={"position": {"players": [{"ydk": "/etc/hostname"}, {}]}})
    assert res.status_code == 400 and "/import" in res.json()["error"]


def test_solve_a_duel_masters_puzzle(client, root):
    position = doc(root, "facts/positions/dm-evolution-stack.json")
    answer = client.post("/solve", json={"position": position, "goal": {"summon": "Bronze-Arm Tribe"}}).json()
    assert answer["solved"] and answer["lines"][0][0].startswith('summon "Bronze-Arm Tribe"')
    refused = client.post("/solve", json={"position": "board.json", "goal": {"win": True}})
    assert refused.status_code == 400


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 70000000) | st.floats(allow_nan=False, allow_infinity=False)
                    | st.sampled_from(["Sangan", "Junk Synchron", "attack", "hand", "yugioh", "duel-masters", ""]),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                        st.sampled_from(["position", "steps", "goal", "players", "game", "card", "action", "hand",
                                         "materials", "kind", "text", "timeout", "max_steps", "turn", "monster_zones"]),
                        inner, max_size=4), max_leaves=12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(["/plays", "/check", "/solve", "/show", "/import"]), body=JSON)
def test_any_json_gets_an_answer_or_one_line_4xx(client, path, body):
    res = client.post(path, json=body)
    assert res.status_code < 500, (path, body, res.text)
    if res.status_code >= 400:
        error = res.json()["error"]
        assert error and "\n" not in error


EXAMPLE = json.loads((__import__("pathlib").Path(__file__).parent.parent / "facts/positions/example.json").read_text())
STEP_TEXT = st.sampled_from(['normal_summon "Dark Magician"', 'tribute_summon "Dark Magician" with "Sangan"',
                             'link_summon "Decode Talker" with "Sangan"', "attack", 'attack "Sangan" directly',
                             'summon "Faerie Life"', '"', "pendulum_summon", 'xyz_summon 5'])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(["/plays", "/check", "/solve", "/show"]),
       key=st.sampled_from(["turn", "players", "extra_monster_zones", "rules", "game"]), value=JSON,
       steps=st.lists(STEP_TEXT | JSON, max_size=3), goal=JSON)
def test_a_damaged_position_gets_an_answer_or_one_line_4xx(client, path, key, value, steps, goal):
    position = {**EXAMPLE, key: value}
    res = client.post(path, json={"position": position, "steps": steps, "goal": goal, "max_steps": 2})
    assert res.status_code < 500, (path, position, steps, goal, res.text)
