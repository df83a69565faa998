"""Translation catalogues as JSON, so that several people can translate in parallel, and their checks.

    python scripts/translations.py untranslated de [--limit N] [--offset N] > de.json
    python scripts/translations.py merge de de.json      # writes the translations into de's messages.po
    python scripts/translations.py check [de ...]        # untranslated, fuzzy or mismatched entries; exit 1

``untranslated`` prints a JSON object: each key is a message id that is missing, fuzzy or has a
placeholder that does not match the source; its value is ``""`` for a plain message, or, for a
message with plural forms, ``{"plural": <the English plural>, "forms": ["", ...]}`` with as many forms
as the language has (their order is the catalogue's ``Plural-Forms``, printed under ``"_plural_forms"``).
Fill the values in and give the file back to ``merge`` (a plural's value may also be a plain list).
``merge`` refuses an entry whose placeholders differ from the source and says which.
A message with a context (``pgettext("went out", "Out")``) is keyed ``"went out\u0004Out"`` (gettext's own
separator), so that "Out" as a toggle and any other "Out" stay two entries; its translator comment, when the
source has one, is printed under ``"_comments"`` with the same key.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "app" / "translations"

# {name}, {0}, {name!r:>3}; %(name)s, %s, %d; a literal "%%" or "{{" is no placeholder.
_BRACES = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*|\d*)(?:[!:][^{}]*)?\}(?!\})")
_PERCENT = re.compile(r"%(?:\(([A-Za-z_][A-Za-z0-9_]*)\))?[#0\- +]*\d*(?:\.\d+)?([sdifrxXeEgGc%])")


def placeholders(text: str) -> list[str]:
    """The placeholders of ``text``, sorted, with repeats (``["%(list)s", "{name}"]``)."""
    found = ["{" + m.group(1) + "}" for m in _BRACES.finditer(text)]
    for m in _PERCENT.finditer(text):
        if m.group(2) == "%":
            continue
        found.append(f"%({m.group(1)}){m.group(2)}" if m.group(1) else "%" + m.group(2))
    return sorted(found)


def languages() -> list[str]:
    """Every language with a catalogue under app/translations."""
    return sorted(p.parent.parent.name for p in TRANSLATIONS.glob("*/LC_MESSAGES/messages.po"))


def po_path(language: str) -> Path:
    return TRANSLATIONS / language / "LC_MESSAGES" / "messages.po"


def load(language: str):
    with po_path(language).open("rb") as handle:
        return read_po(handle, locale=language)


def save(language: str, catalog) -> None:
    with po_path(language).open("wb") as handle:
        write_po(handle, catalog, width=0, omit_header=False, sort_output=True, include_lineno=False)


def problems(message) -> list[str]:
    """What is wrong with one catalogue entry: missing, fuzzy, or placeholders that differ from the source."""
    if not message.id:
        return []
    if message.fuzzy:
        return ["fuzzy"]
    if isinstance(message.id, (list, tuple)):
        singular, plural = message.id[0], message.id[1]
        forms = list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]
        if not all(forms):
            return ["untranslated"]
        allowed = set(placeholders(singular)) | set(placeholders(plural))
        needed = set(placeholders(singular)) & set(placeholders(plural))
        found = []
        for number, form in enumerate(forms):
            have = set(placeholders(form))
            if not have <= allowed or not needed <= have:
                found.append(
                    f"plural form {number} has placeholders {sorted(have)}; the source has {sorted(allowed)}"
                    f" (each form needs {sorted(needed)})"
                )
        return found
    if not message.string:
        return ["untranslated"]
    if set(placeholders(message.string)) != set(placeholders(message.id)):  # a name may be repeated
        return [f"placeholders {placeholders(message.string)}; the source has {placeholders(message.id)}"]
    return []


def check(langs: list[str]) -> list[str]:
    """Every problem of the given catalogues, as lines ``lang: msgid: problem``."""
    lines = []
    for language in langs:
        for message in load(language):
            for problem in problems(message):
                key = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
                lines.append(f"{language}: {key!r}: {problem}")
    return lines


CONTEXT = "\u0004"
"""Between a message's context and its id in a JSON key (gettext's own separator)."""


def entry_key(message) -> str:
    """The JSON key of a catalogue entry: its id (the singular of a plural), after its context if it has one."""
    msgid = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
    return f"{message.context}{CONTEXT}{msgid}" if message.context else msgid


def untranslated(language: str, offset: int = 0, limit: int | None = None) -> dict:
    """The entries of ``language`` that need a translator, as the JSON object described above."""
    catalog = load(language)
    out: dict = {}
    entries = [m for m in catalog if m.id and problems(m)]
    comments: dict[str, str] = {}
    for message in entries[offset : None if limit is None else offset + limit]:
        key = entry_key(message)
        if isinstance(message.id, (list, tuple)):
            out[key] = {"plural": message.id[1], "forms": [""] * catalog.num_plurals}
        else:
            out[key] = ""
        if message.auto_comments:
            comments[key] = " ".join(message.auto_comments)
    if any(isinstance(v, dict) for v in out.values()):
        out["_plural_forms"] = catalog.plural_forms
    if comments:
        out["_comments"] = comments
    return out


def merge(language: str, translations: dict) -> list[str]:
    """Write ``translations`` into the catalogue; the refusals (unknown ids, placeholder mismatches) are returned."""
    catalog = load(language)
    refused = []
    for key, value in translations.items():
        if key.startswith("_") and key not in catalog:
            continue
        context, _, msgid = key.rpartition(CONTEXT)
        message = catalog.get(msgid, context=context or None)
        if message is None:
            refused.append(f"{key!r}: not in the catalogue (run make update-messages)")
            continue
        if isinstance(value, dict):
            value = value.get("forms", [])
        if not value or (isinstance(value, list) and not all(value)):
            continue  # left empty: still untranslated
        if isinstance(message.id, (list, tuple)):
            if not isinstance(value, list) or len(value) != catalog.num_plurals:
                refused.append(f"{key!r}: give {catalog.num_plurals} plural forms")
                continue
            old, message.string = message.string, tuple(value)
        elif isinstance(value, str):
            old, message.string = message.string, value
        else:
            refused.append(f"{key!r}: give one string")
            continue
        was_fuzzy = message.fuzzy
        message.flags.discard("fuzzy")
        wrong = problems(message)
        if wrong:
            message.string = old
            if was_fuzzy:
                message.flags.add("fuzzy")
            refused.append(f"{key!r}: {'; '.join(wrong)}")
    save(language, catalog)
    return refused


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    show = commands.add_parser("untranslated", help="print the entries a language still needs, as JSON")
    show.add_argument("language")
    show.add_argument("--offset", type=int, default=0)
    show.add_argument("--limit", type=int)
    put = commands.add_parser("merge", help="write translated JSON into a language's catalogue")
    put.add_argument("language")
    put.add_argument("file", help="the JSON file ('-' for standard input)")
    test = commands.add_parser("check", help="list untranslated, fuzzy and mismatched entries")
    test.add_argument("languages", nargs="*")
    args = parser.parse_args(argv)
    if args.command == "untranslated":
        json.dump(untranslated(args.language, args.offset, args.limit), sys.stdout, ensure_ascii=False, indent=1)
        print()
        return 0
    if args.command == "merge":
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
        refused = merge(args.language, json.loads(text))
        for line in refused:
            print(f"{args.language}: refused {line}", file=sys.stderr)
        left = len([key for key in untranslated(args.language) if key not in ("_plural_forms", "_comments")])
        print(f"{args.language}: {left} entries still to translate", file=sys.stderr)
        return 1 if refused else 0
    lines = check(args.languages or languages())
    print("\n".join(lines) if lines else "every catalogue is complete and its placeholders match")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
