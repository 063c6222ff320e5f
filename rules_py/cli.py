"""The command line ``rules-py`` (also ``python -m rules_py``), on the same engine.

Every command goes through :func:`rules_py.web.call`, the browser boundary, so
a terminal and the page give the same answer for the same input and seed.
Output is for people by default and JSON with ``--json``; bad input goes to
stderr naming the field, with exit status 2.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from rules_py import registry, share, text_view, web
from rules_py.core.errors import RulesInputError

__all__ = ["BAD_INPUT", "main", "run"]

BAD_INPUT = 2  # exit status for input the rules refuse, as argparse uses for bad usage
NOTATION_WIDGET = "dice.notation"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rules-py",
        description="Roll dice, read exact odds and run the SRD's rollers from a terminal.",
    )
    as_json = argparse.ArgumentParser(add_help=False)
    as_json.add_argument(
        "--json", action="store_true", default=argparse.SUPPRESS, help="print JSON for programs"
    )
    parser.add_argument("--json", action="store_true", help="print JSON for programs")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    command = functools.partial(commands.add_parser, parents=[as_json])
    roll = command("roll", help="roll a dice expression, e.g. 4d6kh3")
    roll.add_argument("expression")
    roll.add_argument("--seed", help="replay the roll with this seed (0 to 2**64-1)")
    odds = command("odds", help="the exact distribution of a dice expression")
    odds.add_argument("expression")
    call = command("call", help="print what rules_py.web.call(NAME, REQUEST) returns")
    call.add_argument("name", metavar="NAME")
    call.add_argument("request", metavar="REQUEST_JSON")
    replay = command("replay", help="replay a roll from a share link of the site")
    replay.add_argument("link", metavar="LINK")
    command("list", help="list the rollers and their fields")
    return parser


def _seed(text: str | None) -> int | str | None:
    if text is None:
        return None
    return int(text) if text.isdigit() else text  # anything else: the boundary names the field


def _run(name: str, request: dict[str, Any]) -> dict[str, Any]:
    response: dict[str, Any] = json.loads(web.call(name, json.dumps(request)))
    return response


def _show(response: dict[str, Any], as_json: bool, out: TextIO, err: TextIO) -> int:
    if not response["ok"]:
        error = response["error"]
        print(f"rules-py: {error['field'] or 'input'}: {error['message']}", file=err)
        return BAD_INPUT
    result = response["result"]
    if as_json:
        print(json.dumps(result, indent=2), file=out)
        return 0
    print(text_view.render(result["view"]), file=out)
    if "seed" in result:
        print(f"Seed: {result['seed']}", file=out)
    return 0


def _describe_field(info: dict[str, Any]) -> str:
    kind = info["kind"]
    if kind == "int":
        allowed = f"{info['min']}-{info['max']}"
    elif kind == "choice":
        allowed = "|".join(choice["value"] for choice in info["choices"])
    elif kind == "bool":
        allowed = "true|false"
    else:
        allowed = "text"
    return f"{info['name']}={allowed} (default {json.dumps(info['default'])})"


def _list(as_json: bool, out: TextIO) -> int:
    described = [registry.get(name).describe() for name in registry.names()]
    if as_json:
        print(json.dumps(described, indent=2), file=out)
        return 0
    for widget in described:
        actions = ", ".join(str(action["name"]) for action in widget["actions"])
        print(f"{widget['name']}: {widget['title']} (actions: {actions})", file=out)
        for info in widget["fields"]:
            print(f"    {_describe_field(info)}", file=out)
    return 0


def main(
    argv: Sequence[str] | None = None, out: TextIO = sys.stdout, err: TextIO = sys.stderr
) -> int:
    args = _parser().parse_args(argv)
    if args.command == "list":
        return _list(args.json, out)
    if args.command == "call":
        answer = web.call(args.name, args.request)
        print(answer, file=out)
        return 0 if json.loads(answer)["ok"] else BAD_INPUT
    if args.command == "roll":
        request: dict[str, Any] = {"expression": args.expression, "action": "roll"}
        seed = _seed(args.seed)
        if seed is not None:
            request["seed"] = seed
        return _show(_run(NOTATION_WIDGET, request), args.json, out, err)
    if args.command == "odds":
        request = {"expression": args.expression, "action": "odds"}
        return _show(_run(NOTATION_WIDGET, request), args.json, out, err)
    return _replay(args.link, args.json, out, err)


def _replay(link: str, as_json: bool, out: TextIO, err: TextIO) -> int:
    """A share link's roll, as the page shows it when the link is opened."""
    try:
        name, request_json = share.parse_link(link)
    except RulesInputError as error:
        print(f"rules-py: {error.field}: {error.message}", file=err)
        return BAD_INPUT
    response: dict[str, Any] = json.loads(web.call(name, request_json))
    if response["ok"] and not as_json:
        print(f"Replay of {registry.get(name).title} ({name})", file=out)
    return _show(response, as_json, out, err)


def run() -> None:
    """The console script: like :func:`main`, quiet when the reader closes the pipe
    (``rules-py list | head``)."""
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        sys.stdout = None  # nothing more can be written; stops a second error at exit
        status = 0
    raise SystemExit(status)
