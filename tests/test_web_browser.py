"""The explorer end to end: a real `oracle serve` on the loopback address, driven in Debian's
headless chromium by Playwright (scripts/install-test-deps installs the browser)."""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

pytest.importorskip("starlette", reason="the explorer needs the optional extra web")
playwright = pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright (pip)")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed: run scripts/install-test-deps")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(root, tmp_path_factory):
    port = free_port()
    log = tmp_path_factory.mktemp("serve") / "serve.log"   # a file, not a pipe: a full pipe would block it
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "oracle", "serve", "--port", str(port), "--timeout", "60"],
                                cwd=root, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(url + "/examples", timeout=1)
            break
        except OSError:
            if proc.poll() is not None:
                pytest.fail("oracle serve stopped: " + log.read_text())
            time.sleep(0.1)
    else:
        proc.terminate()
        pytest.fail("oracle serve did not answer within 30 s: " + log.read_text())
    yield url
    proc.terminate()
    proc.wait(10)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    with playwright.sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")), executable_path=CHROMIUM, args=ARGS, headless=True,
            viewport={"width": 1500, "height": 1000})
        yield context
        context.close()


@pytest.fixture
def page(browser, server):
    page = browser.new_page()
    page.set_default_timeout(60_000)
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready=true]")
    yield page
    page.close()


def load(page, name):
    page.select_option("#example", name)
    page.click("#load-example")
    page.wait_for_function(f"document.getElementById('title').textContent.startsWith({json.dumps(name + ' ')})")
    page.wait_for_selector("#busy", state="hidden")


def shown_plays(page) -> list[dict]:
    return [json.loads(b.get_attribute("data-play")) for b in page.query_selector_all("#plays button.play")]


def board_text(page) -> str:
    return page.inner_html("#board")   # with the tooltips (<title>), which name every card in full


def test_example_plays_equal_oracle_plays(page, root):
    load(page, "example")
    cli = subprocess.run([sys.executable, "-m", "oracle", "plays", "facts/positions/example.json", "--json"],
                         cwd=root, capture_output=True, text=True, check=True)
    expected = json.loads(cli.stdout)["plays"]
    got = [{k: v for k, v in p.items() if k not in ("label", "step")} for p in shown_plays(page)]
    assert got == expected and len(got) > 3
    page.select_option("#filter", "tribute_summon")
    assert {p["action"] for p in shown_plays(page)} == {"tribute_summon"}


def test_tribute_summon_changes_the_board_and_undo_restores_it(page):
    load(page, "example")
    before = board_text(page)
    assert "Summoned Skull (Normal)" in before and "Hand (2)" in before
    page.click('#plays button.play[data-step="tribute_summon \\"Summoned Skull\\" with \\"Sangan\\""]')
    page.wait_for_selector("#line li.step")
    page.wait_for_selector("#busy", state="hidden")
    assert page.inner_text("#line").startswith('tribute_summon "Summoned Skull" with "Sangan"')
    after = board_text(page)
    assert "Hand (1)" in after and "GY (1)" in after and after != before
    page.click("#undo")
    page.wait_for_function("document.querySelectorAll('#line li.step').length === 0")
    page.wait_for_selector("#busy", state="hidden")
    assert board_text(page) == before
    assert not page.is_disabled("#redo")


def test_an_illegal_synchro_is_explained(page):
    load(page, "junk-synchron")
    page.fill("#move", 'synchro_summon "Black Rose Dragon" with "Gene-Warped Warwolf"')
    page.click("#try")
    page.wait_for_selector("#verdict.illegal")
    verdict = page.inner_text("#verdict")
    assert "Black Rose Dragon needs at least 1 Tuner material, 0 given" in verdict
    assert page.query_selector_all("#line li.step") == []   # an illegal move is not made


def test_solve_a_bundled_puzzle_and_step_through_it(page):
    load(page, "03-synchro")
    assert json.loads(page.input_value("#goal")) == {"summon": "Black Rose Dragon"}
    page.click("#solve")
    page.wait_for_selector("#solution ol li")
    steps = [li.inner_text() for li in page.query_selector_all("#solution ol li")]
    assert steps[0] == 'normal_summon "Junk Synchron"' and steps[1].startswith('synchro_summon "Black Rose Dragon"')
    for n in (1, 2):
        page.click("#sol-next")
        page.wait_for_function(f"document.querySelectorAll('#line li.step').length === {n}")
        page.wait_for_selector("#busy", state="hidden")
        if n == 1 and os.environ.get("ORACLE_SCREENSHOTS"):   # scripts/screenshots: the page for the docs
            page.screenshot(path=os.environ["ORACLE_SCREENSHOTS"], full_page=True)
    assert "Black Rose Dragon (Synchro, " in board_text(page)   # on the field, in either position
    assert page.is_disabled("#sol-next")
    page.click("#export-line")
    assert page.input_value("#export").splitlines()[1:] == steps


def test_duel_masters_charge(page):
    load(page, "dm-charge")
    assert "Mana zone (3: 3 untapped, 0 tapped)" in board_text(page)
    page.click('#plays button.play[data-step^="charge \\"Faerie Life\\""]')
    page.wait_for_selector("#line li.step")
    page.wait_for_selector("#busy", state="hidden")
    assert "Mana zone (4: 4 untapped, 0 tapped)" in board_text(page)


def test_a_solve_stopped_by_the_time_limit_says_so(page):
    load(page, "13-six-summons")
    page.fill("#time-limit", "0.001")
    page.click("#solve")
    page.wait_for_selector("#solution.stopped")
    assert page.inner_text("#solution").startswith("the search stopped after the time limit of 0.001 s")


def test_open_a_deck_file(page, root):
    page.set_input_files("#upload", str(root / "facts/yugioh/decks/example.ydk"))
    page.wait_for_function("document.getElementById('title').textContent.startsWith('example.ydk ')")
    page.wait_for_selector("#busy", state="hidden")
    assert "Hand (5)" in board_text(page)
    assert "the first 5 cards of the Main Deck are in the hand" in page.inner_text("#message")


def test_open_an_edopro_puzzle(page, shared_data):
    lua = sorted(shared_data.glob("puzzles/Nightmare Troubadour/*.lua"))[0]
    page.set_input_files("#upload", str(lua))
    page.wait_for_function(f"document.getElementById('title').textContent.startsWith({json.dumps(lua.name + ' ')})")
    page.wait_for_selector("#busy", state="hidden")
    assert page.inner_html("#board").startswith("<svg")
    assert "Hand (" in board_text(page) and isinstance(json.loads(page.input_value("#goal")), dict)
