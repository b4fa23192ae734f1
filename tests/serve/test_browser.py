"""The browser table in a real headless Chromium (Debian's chromium and chromium-driver).

Each registered game, with 2 and 4 players where it allows them (bots in the
other seats), is set up through the page's own form and played to its end by
clicking the cards and move buttons the page draws from the layout and
action_info, at 1366x768; along the way and at the end the table must fit the
screen (no vertical scroll; your hand, the shared zones, the scores and the
opponents inside the viewport) and show no raw value (null, undefined, NaN, a
bare true/false). Also: a bot game watched as a spectator, a replay stepped
through, a seat's own link. ``HENCHMEN_SCREENSHOTS=docs/screenshots`` saves a
picture of every table (docs/screenshots/make.py).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import time
from collections.abc import Iterator
from typing import Any

import pytest
from tests.serve.conftest import Served, Ws

import henchmen
from henchmen.game import games

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium (the test extra) is needed")
from selenium.common.exceptions import (  # noqa: E402
    ElementClickInterceptedException,
    StaleElementReferenceException,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
if CHROMIUM is None or DRIVER is None:
    pytest.skip(
        "Debian's chromium and chromium-driver are needed (.ci/run installs them)",
        allow_module_level=True,
    )

#: A short full game of each game: (case id, game, options, seat kinds). The
#: person sits in seat 1; random bots (fast) fill the others.
CASES: list[tuple[str, str, dict[str, str], list[str]]] = [
    ("parry", "parry", {}, ["human", "human"]),  # hot seat: two people at one tab
    ("parry-4", "parry", {"players": "4"}, ["human", "random", "random", "random"]),
    (
        "seven-secret-supervillains",
        "seven-secret-supervillains",
        {"max_turns": "10"},
        ["human", "random"],
    ),
    (
        "seven-secret-supervillains-4",
        "seven-secret-supervillains",
        {"players": "4", "mode": "classic", "max_turns": "10"},
        ["human"] + ["random"] * 3,
    ),
    ("legendary", "legendary", {"players": "2"}, ["human", "random"]),
    ("legendary-4", "legendary", {"players": "4"}, ["human"] + ["random"] * 3),
    ("super", "super", {"max_rounds": "5"}, ["human", "random"]),
    ("super-4", "super", {"players": "4", "max_rounds": "5"}, ["human"] + ["random"] * 3),
    ("villainy", "villainy", {"max_rounds": "4"}, ["human", "random"]),
    ("villainy-4", "villainy", {"players": "4", "max_rounds": "2"}, ["human"] + ["random"] * 3),
    ("suet", "suet", {"max_rounds": "4"}, ["human", "random"]),
    ("suet-4", "suet", {"players": "4", "max_rounds": "3"}, ["human"] + ["random"] * 3),
]

#: The modes of Seven Secret Supervillains and the largest tables, each a full
#: game too (the slow breadth run).
MODES: list[tuple[str, str, dict[str, str], list[str]]] = [
    (
        f"seven-secret-supervillains-{mode}",
        "seven-secret-supervillains",
        {"players": str(n), "mode": mode, "max_turns": "10"},
        ["human"] + ["random"] * (n - 1),
    )
    for mode, n in (("brawl", 3), ("secretive", 4), ("gambler", 1), ("climb", 1))
] + [
    # More players than four: the opponents' row may scroll, the rest still fits.
    ("villainy-6", "villainy", {"players": "6", "max_rounds": "2"}, ["human"] + ["random"] * 5),
    ("super-6", "super", {"players": "6", "max_rounds": "5"}, ["human"] + ["random"] * 5),
    ("legendary-5", "legendary", {"players": "5"}, ["human"] + ["random"] * 4),
]

WIDTH, HEIGHT = 1366, 768


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={WIDTH},{HEIGHT}", "--hide-scrollbars"):  # fmt: skip
        options.add_argument(arg)
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(DRIVER))
    # The viewport itself is 1366x768 (a laptop screen), whatever the window's frame takes.
    metrics = {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    driver.set_script_timeout(20)
    yield driver
    driver.quit()


def view(driver: Any) -> dict[str, Any] | None:
    got: dict[str, Any] | None = driver.execute_script(
        "return table.view && {step: table.view.step, mine: table.view.your_turn,"
        " over: table.view.terminal, busy: table.busy || table.pending,"
        " seat: table.view.seat, game: table.view.game_id}"
    )
    return got


def wait(what: Any, timeout: float = 20.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = what()
        if got:
            return got
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {getattr(what, '__name__', what)}")


def open_lobby(driver: Any, served: Served) -> None:
    driver.get(served.http + "/")
    wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#game-name option"))
    # Every script error from here on is kept, for fits() to report.
    driver.execute_script(
        "window.pageErrors = [];"
        "addEventListener('error', (e) => pageErrors.push(String(e.message)));"
        "addEventListener('unhandledrejection', (e) => pageErrors.push(String(e.reason)));"
    )


def set_up(
    driver: Any, name: str, options: dict[str, str], kinds: list[str], pace: int = 0
) -> None:
    Select(driver.find_element(By.ID, "game-name")).select_by_value(name)
    for option, value in options.items():
        box = driver.find_element(By.ID, f"opt-{option}")
        if box.tag_name == "select":
            Select(box).select_by_value(value)
            continue
        box.clear()
        box.send_keys(value)
        driver.execute_script("arguments[0].dispatchEvent(new Event('change'))", box)
    for i, kind in enumerate(kinds):
        Select(driver.find_element(By.ID, f"seat-{i}-kind")).select_by_value(kind)
    for field, value in (("seed", "7"), ("pace", str(pace))):
        box = driver.find_element(By.ID, field)
        box.clear()
        box.send_keys(value)
    driver.find_element(By.ID, "start").click()
    wait(lambda: (driver.find_element(By.ID, "table").is_displayed() and view(driver))
         or (driver.find_element(By.ID, "notice").text and pytest.fail(  # the server said no
             driver.find_element(By.ID, "notice").text)))  # fmt: skip


#: How often the clicker takes the last move offered (often the one that ends a turn).
LAST = {"legendary": 0.8}

#: What must be inside the viewport, and what may be read nowhere on it. The
#: page scrolls nothing but its own panes (the middle, the log, the opponents'
#: row), so each region's box must lie on the screen.
FIT_PROBLEMS = r"""
const W = innerWidth, H = innerHeight, out = [];
const doc = document.scrollingElement || document.documentElement;
if (doc.scrollHeight > H + 1) out.push(`the page scrolls: ${doc.scrollHeight} px tall`);
if (doc.scrollWidth > W + 1) out.push(`the page scrolls sideways: ${doc.scrollWidth} px wide`);
const inside = (e, what) => {
  const r = e.getBoundingClientRect();
  if (!r.width || !r.height) out.push(`${what} is not drawn`);
  else if (r.top < -1 || r.left < -1 || r.bottom > H + 1 || r.right > W + 1)
    out.push(`${what} is outside the viewport: ${[r.left, r.top, r.right, r.bottom]}`);
};
const must = (sel, what) => {
  const e = document.querySelector(sel);
  if (!e) out.push(`no ${what}`); else inside(e, what);
};
if (table.view.seat !== null) must(".mine .role-hand", "your hand");
must(".mine", "your place");
const shared = document.querySelector("#centre .zone");
if (shared) {
  inside(shared, "the shared zone " + shared.dataset.zone);
  const c = document.getElementById("centre").getBoundingClientRect();
  const r = shared.getBoundingClientRect();
  if (r.top < c.top - 1 || r.top > c.bottom - 20) out.push("the first shared zone is out of sight");
}
const scores = [...document.querySelectorAll(".counter.score, .ocounter.score")];
for (const p of table.view.layout.counters.filter((c) => c.measure === "score"))
  if (!scores.length) out.push(`the score ${p.name} is not drawn`);
scores.forEach((e, i) => inside(e, "score " + e.textContent));
const seats = table.view.layout.players.filter((p) => p.place !== "bottom");
const panels = [...document.querySelectorAll(".opponent")];
if (panels.length !== seats.length) out.push(`${panels.length} opponents for ${seats.length}`);
panels.forEach((e) => inside(e, "opponent " + e.dataset.seat));
const walker = document.createTreeWalker(document.getElementById("table"), NodeFilter.SHOW_TEXT);
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  const t = n.textContent.trim();
  if (!t || !n.parentElement.checkVisibility()) continue;
  if (/\b(null|undefined|NaN)\b/.test(t) || /(^|\s)(true|false)$/.test(t))
    out.push(`raw value on the table: ${JSON.stringify(t)}`);
}
return out;
"""


#: A move in the small menu a card with several moves opens.
MENU_ITEM = "#menu:not([hidden]) button.move"


def fits(driver: Any) -> None:
    """The table fits 1366x768 with everything a player needs in sight, and no raw values."""
    problems: list[str] = driver.execute_script(FIT_PROBLEMS)
    assert problems == [], problems
    errors: list[str] = driver.execute_script("return window.pageErrors || []")
    assert errors == [], errors


def play_to_the_end(
    driver: Any, rng: random.Random, last: float, timeout: float = 180.0, stop_after: int = 0
) -> int:
    """Click legal moves (a playable card, or a move button) until the game is over
    (or, with ``stop_after``, until that many clicks are made).

    A card with several moves opens a small menu, whose first item is clicked
    or, at random, one of the move buttons it lights. The table's fit is
    checked every few clicks.
    """
    end = time.monotonic() + timeout
    clicks = 0
    while time.monotonic() < end:
        v = view(driver)
        if v is None or v["busy"]:
            time.sleep(0.01)
            continue
        if v["over"] or (stop_after and clicks >= stop_after):
            return clicks
        if not v["mine"]:
            time.sleep(0.01)
            continue
        cards = driver.find_elements(By.CSS_SELECTOR, ".card.playable")
        buttons = driver.find_elements(By.CSS_SELECTOR, "#moves button.move:not(:disabled)")
        if not buttons:
            time.sleep(0.01)
            continue
        if cards and rng.random() < 0.5:
            target = rng.choice(cards)
        else:
            target = buttons[-1] if rng.random() < last else rng.choice(buttons)
        try:
            target.click()
        except (StaleElementReferenceException, ElementClickInterceptedException):
            continue
        clicks += 1
        if clicks % 7 == 1:
            fits(driver)
        wait(lambda s=v["step"]: ((now := view(driver)) and (now["step"] != s or now["over"]))
             or driver.find_elements(By.CSS_SELECTOR, MENU_ITEM))  # fmt: skip
        for item in driver.find_elements(By.CSS_SELECTOR, MENU_ITEM)[:1]:
            try:
                item.click()
                clicks += 1
            except (StaleElementReferenceException, ElementClickInterceptedException):
                pass
    raise AssertionError(f"the game did not end within {timeout} s ({clicks} clicks)")


def told_by_events(name: str, options: dict[str, str]) -> bool:
    """Whether the game tells its story in events yet (some games still draw from observations)."""
    typed: dict[str, Any] = {k: int(v) if v.isdigit() else v for k, v in options.items()}
    state = henchmen.new_game(name, seed=1, **typed)
    while not state.is_terminal:
        state.apply(state.legal_action_ids[-1])
    return any(e.kind == "game-over" for e in state.last_events(0))


def final_screen(driver: Any) -> str:
    result = driver.find_element(By.ID, "result")
    assert result.is_displayed()
    text: str = result.text
    assert text.startswith("Game over:"), text
    # Nothing can be taken back once the game is over.
    assert not driver.find_element(By.ID, "undo").is_enabled()
    return text


def shoot(driver: Any, name: str) -> None:
    where = os.environ.get("HENCHMEN_SCREENSHOTS")
    if where:
        os.makedirs(where, exist_ok=True)
        driver.save_screenshot(os.path.join(where, f"{name}.png"))


def play_a_case(driver: Any, served: Served, case: str, name: str,
                options: dict[str, str], kinds: list[str]) -> None:  # fmt: skip
    open_lobby(driver, served)
    set_up(driver, name, options, kinds)
    fits(driver)
    rng = random.Random(case)
    # A few turns in, the table is worth a picture.
    play_to_the_end(driver, rng, LAST.get(name, 0.5), stop_after=6)
    wait(lambda: (v := view(driver)) and not v["busy"])
    shoot(driver, f"{case}-table")
    clicks = play_to_the_end(driver, rng, LAST.get(name, 0.5))
    text = final_screen(driver)
    fits(driver)
    if told_by_events(name, options):
        # The final screen gives the reason the log gives.
        game_over = driver.find_element(By.CSS_SELECTOR, "#log li.ev-game-over").text
        assert game_over and game_over in text
    assert clicks >= 0
    assert not driver.find_elements(By.CSS_SELECTOR, "#moves button.move")
    shoot(driver, f"{case}-end")


@pytest.mark.parametrize(("case", "name", "options", "kinds"), CASES, ids=[c[0] for c in CASES])
def test_a_full_game_of_every_game_through_the_page(
    browser: Any, served: Served, case: str, name: str, options: dict[str, str], kinds: list[str]
) -> None:
    play_a_case(browser, served, case, name, options, kinds)


def test_every_game_has_a_case() -> None:
    missing = {g.name for g in games()} - {c[1] for c in CASES}
    assert not missing, f"the browser test has no setup for the new games {missing}: add them"


@pytest.mark.slow
@pytest.mark.parametrize(("case", "name", "options", "kinds"), MODES, ids=[c[0] for c in MODES])
def test_every_mode_and_the_largest_tables_through_the_page(
    browser: Any, served: Served, case: str, name: str, options: dict[str, str], kinds: list[str]
) -> None:
    play_a_case(browser, served, case, name, options, kinds)


def test_villainy_hand_cards_show_their_a_and_d(browser: Any, served: Served) -> None:
    open_lobby(browser, served)
    set_up(browser, "villainy", {}, ["human", "random"])
    wait(lambda: browser.find_elements(By.CSS_SELECTOR, ".mine .role-hand .card.kind-minion"))
    for card in browser.find_elements(By.CSS_SELECTOR, ".mine .role-hand .card.kind-minion"):
        stats = card.find_element(By.CSS_SELECTOR, ".card-stats").text
        assert "A! " in stats and "D! " in stats, stats
    fits(browser)


def test_super_attacks_preview_their_damage_on_the_cards(browser: Any, served: Served) -> None:
    open_lobby(browser, served)
    set_up(browser, "super", {}, ["human", "random"])
    rng = random.Random(2)
    for _ in range(60):
        if browser.find_elements(By.CSS_SELECTOR, ".mine .card .preview"):
            break
        v = view(browser)
        assert v is not None and not v["over"], "no attack was offered before the end"
        play_to_the_end(browser, rng, 0.2, timeout=20, stop_after=1)
        wait(lambda: (now := view(browser)) and not now["busy"])
    # Each badge says what the card's moves deal, bonuses in (legal[].info.damage).
    shown = browser.execute_script(
        "return [...document.querySelectorAll('.mine .card .preview')].map((b) => {"
        " const c = b.closest('.card'), z = c.closest('[data-zone]').dataset.zone;"
        " const d = table.view.legal.filter((m) => m.info && m.info.zone === z"
        "   && m.info.card === c.dataset.name && m.info.damage !== undefined)"
        "   .map((m) => m.info.damage);"
        " return [b.textContent, 'deals ' + [...new Set(d)].join('/')]; })"
    )
    assert shown and all(badge == want for badge, want in shown), shown
    assert any("(deals " in b.text for b in browser.find_elements(By.CSS_SELECTOR, "#moves .move"))


def test_a_card_is_played_from_the_keyboard(browser: Any, served: Served) -> None:
    from selenium.webdriver.common.keys import Keys

    open_lobby(browser, served)
    set_up(browser, "parry", {}, ["human", "human"])
    wait(lambda: browser.find_elements(By.CSS_SELECTOR, ".card.playable"))
    before = view(browser)
    assert before is not None
    body = browser.find_element(By.TAG_NAME, "body")
    for _ in range(80):  # Tab through the page to the first card that has a move
        body.send_keys(Keys.TAB)
        focused = browser.switch_to.active_element
        if "playable" in (focused.get_attribute("class") or ""):
            break
    else:
        raise AssertionError("no playable card is reached with Tab")
    focused.send_keys(Keys.ENTER)
    wait(lambda: ((now := view(browser)) and now["step"] != before["step"])
         or browser.find_elements(By.CSS_SELECTOR, MENU_ITEM))  # fmt: skip


def test_a_bot_game_is_watched_to_its_end_as_a_spectator(browser: Any, served: Served) -> None:
    open_lobby(browser, served)
    set_up(browser, "parry", {}, ["random", "greedy"], pace=20)
    v = view(browser)
    assert v is not None and v["seat"] is None  # no seat is held: the page watches
    assert "spectator" in browser.find_element(By.ID, "seat-bar").text
    wait(lambda: (now := view(browser)) and now["over"], timeout=30)
    final_screen(browser)
    # A spectator's layout shows no card face of any hand.
    hands = browser.find_elements(By.CSS_SELECTOR, ".zone-hand .card.face")
    assert hands == []


def test_a_seat_link_opens_that_seat_and_the_host_tab_sees_its_move(
    browser: Any, served: Served
) -> None:
    client = Ws(served.ws)
    made = client.ok("create_game", game="parry", seed=3, seats=[{"kind": "human"}] * 2)
    gid = made["game_id"]
    token = {t["seat"]: t["token"] for t in made["tokens"]}
    browser.get(f"{served.http}/#game={gid}&token={token[1]}")
    wait(lambda: (v := view(browser)) and v["seat"] == 1)
    assert browser.find_elements(By.CSS_SELECTOR, "#moves button.move") == []  # not its turn
    first = client.ok("view", game_id=gid, token=token[0])["legal"][0]["id"]
    client.ok("move", game_id=gid, token=token[0], action=first)
    # Seat 1's own tab hears the move through its subscription.
    wait(lambda: (v := view(browser)) and v["step"] >= 1)
    log = browser.find_element(By.ID, "log").text
    assert "Player 1" in log
    client.close()


def test_a_replay_is_stepped_through_on_the_page(browser: Any, served: Served) -> None:
    client = Ws(served.ws)
    made = client.ok("create_game", game="parry", seed=5,
                     seats=[{"kind": "bot", "bot": "random"}] * 2)  # fmt: skip
    gid, host = made["game_id"], made["host_token"]
    wait(lambda: client.ok("view", game_id=gid)["terminal"])
    replay = client.ok("save_replay", game_id=gid, token=host)["replay"]
    client.close()
    open_lobby(browser, served)
    box = browser.find_element(By.ID, "replay-text")
    browser.execute_script("arguments[0].value = arguments[1]", box, json.dumps(replay))
    browser.find_element(By.ID, "load").click()
    wait(lambda: browser.find_element(By.ID, "review").is_displayed())
    length = len(replay["actions"])
    assert browser.find_element(By.ID, "rv-pos").text == f"step {length} of {length}"
    browser.find_element(By.ID, "rv-first").click()
    wait(lambda: browser.find_element(By.ID, "rv-pos").text == f"step 0 of {length}")
    browser.find_element(By.ID, "rv-next").click()
    wait(lambda: browser.find_element(By.ID, "rv-pos").text == f"step 1 of {length}")
    shoot(browser, "parry-review")
