#!/usr/bin/env python3
"""Writes the rules' wording of the setup panel's options into the page's catalogs.

    python tools/sync_rules_wording.py [--check] [locales/]

docs/rules/translations.json says how each language's rules name every option and choice of
a game's setup panel; the setup panel must say the same. For every msgid listed there (options
and choices, without the words said all over the page, see SHARED) this sets the msgstr of
locales/<lang>.po, keeping everything else of the file as it is. --check only lists the
differences (exit 1 if any). Run `python build.py` afterwards: it compiles the catalogs.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORDING = ROOT / "docs" / "rules" / "translations.json"
# Msgids the page also uses in other senses: their catalog wording stays. ("Draw" is also the
# Zevaka button "draw a card"; the deadlock choice "Draw" needs a context of its own.)
SHARED = frozenset({"On", "Off", "Yes", "No", "Draw"})
KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) (".*")$')


def wanted_wording(language: str) -> dict[str, str]:
    data = json.loads(WORDING.read_text(encoding="utf-8"))
    return {msgid: entry[language] for section in ("options", "choices")
            for msgid, entry in data[section].items() if msgid not in SHARED}


def sync(po_text: str, wording: dict[str, str]) -> tuple[str, list[tuple[str, str, str]]]:
    """The PO text with the msgstr of every listed msgid set, and the (msgid, old, new) changed.
    Only entries without context or plural are touched; blocks are kept line for line."""
    blocks = re.split(r"(\n\s*\n)", po_text)
    changes = []
    for index in range(0, len(blocks), 2):
        lines = blocks[index].split("\n")
        fields, spans, current = {}, {}, None
        for number, line in enumerate(lines):
            match = KEYWORD.match(line.strip())
            if match:
                current = match.group(1)
                fields[current] = json.loads(match.group(2))
                spans[current] = [number, number + 1]
            elif line.strip().startswith('"') and current:
                fields[current] += json.loads(line.strip())
                spans[current][1] = number + 1
            else:
                current = None
        msgid = fields.get("msgid")
        if msgid not in wording or "msgctxt" in fields or "msgid_plural" in fields or "msgstr" not in fields:
            continue
        new = wording[msgid]
        if fields["msgstr"] == new:
            continue
        start, end = spans["msgstr"]
        lines[start:end] = ["msgstr " + json.dumps(new, ensure_ascii=False)]
        blocks[index] = "\n".join(lines)
        changes.append((msgid, fields["msgstr"], new))
    return "".join(blocks), changes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("locales", nargs="?", default=str(ROOT / "locales"), type=Path)
    parser.add_argument("--check", action="store_true", help="list the differences, change nothing")
    args = parser.parse_args(argv)
    found = False
    for po in sorted(args.locales.glob("*.po")):
        language = po.stem
        try:
            wording = wanted_wording(language)
        except KeyError:
            continue  # a language the rules are not written in
        text, changes = sync(po.read_text(encoding="utf-8"), wording)
        for msgid, old, new in changes:
            found = True
            print(f"{po.name}: {msgid!r}: {old!r} -> {new!r}")
        if changes and not args.check:
            po.write_text(text, encoding="utf-8")
    return 1 if found and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
