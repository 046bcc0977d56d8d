"""Tables at a chosen decision point, made with CPython's bridge and bots and resumed in the
page (the app opens the active game's save at boot): reaching a molodka, a talon or a
2-player draw by clicking would take a whole test each."""

from __future__ import annotations

import json

from games import bridge


def ask(request: dict) -> dict:
    answer = json.loads(bridge.handle(json.dumps(request)))
    assert "error" not in answer, answer
    return answer


def view_of(record: dict, seat: int = 0) -> dict:
    return ask({"op": "view", "record": record, "seat": seat})["view"]


def record_until(game: str, players: int, predicate, *, options: dict | None = None, seed: int = 1,
                 level: str = "easy", deck: list[str] | None = None, limit: int = 5000) -> dict:
    """The first record (bots play every seat) whose view for seat 0 satisfies predicate."""
    request = {"op": "new", "game": game, "players": players, "options": options or {}, "seed": seed}
    if deck:
        request["deck"] = deck
    record = ask(request)["record"]
    for _ in range(limit):
        view = view_of(record)
        if predicate(view):
            return record
        assert not view["over"], f"{game}: the match ended before the wanted position"
        choice = ask({"op": "bot", "record": record, "level": level})
        record = ask({"op": "act", "record": record, "action": choice["action"], "seat": choice["seat"]})["record"]
    raise AssertionError("position not reached")


def human_to_act(phase: str | None = None):
    """A predicate: seat 0 is to act (in `phase`, if given)."""
    return lambda view: view["to_act"] == 0 and not view["over"] and (phase is None or view["phase"] == phase)


def resume_on_load(page, record: dict, **fields) -> None:
    """The page boots straight into this record's table (a schema-2 save, marked active);
    `fields` are the save's others (level, people, viewer...)."""
    save = {"schema": 2, "game": record["game"], "savedAt": 1, "undos": 0, "hints": 0, "record": record, **fields}
    page.add_init_script(f"""if (!sessionStorage.getItem('seeded')) {{
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('cardtable.v2.save.{record["game"]}', {json.dumps(json.dumps(save))});
        localStorage.setItem('cardtable.v2.active', '{record["game"]}');
    }}""")


YOUR_TURN = "[data-testid=table-screen][data-to-act='0'][data-busy='false']"


def show_position(page, record: dict, timeout: int = 15_000) -> None:
    """Opens `record` on a page that is already booted: its save is written, then resumed from
    the start screen (no reload, so one Pyodide boot serves many positions)."""
    save = {"schema": 2, "game": record["game"], "savedAt": 1, "undos": 0, "hints": 0, "record": record}
    page.evaluate("([key, save]) => localStorage.setItem(key, save)",
                  [f"cardtable.v2.save.{record['game']}", json.dumps(save)])
    if page.locator("[data-testid=table-screen]").count():
        page.locator("[data-testid=leave]").evaluate("node => node.click()")
    else:  # the start screen lists the saves it found when it was drawn: draw it again
        page.locator("[data-testid=open-history]").evaluate("node => node.click()")
        page.locator("[data-testid=history-back]").evaluate("node => node.click()")
    page.wait_for_selector("[data-testid=start-screen]", timeout=timeout)
    page.locator(f"[data-testid=resume][data-game='{record['game']}']").evaluate("node => node.click()")
    page.wait_for_selector(YOUR_TURN, timeout=timeout)
