"""TypeScript declarations of the JSON that Python hands the runtime, written
from the Python types that define it, so the type check of the runtime's
JavaScript (``make lint``) holds the browser to the same definition:

- ``runtime/contract/blocks.d.ts``: the view blocks, from the TypedDicts of
  :mod:`rules_py.view_blocks` (``page/blocks.js`` and ``page/chart.js``
  draw them);
- ``runtime/build-manifest.d.json.ts``: the build manifest, from the
  TypedDicts of :mod:`runtime.build.manifest`. The manifest is written at
  build time into the site (``assets/rp/build-manifest.json``), where the
  worker imports it as ``../build-manifest.json``; this declaration stands
  at that same path in the source (a ``.d.json.ts`` declares the JSON module
  beside it), so the worker's import is typed as what the build writes.

Both are committed. ``python -m runtime.build.declarations`` rewrites them;
``--check`` says which are out of date (a site test runs the same check).
The types translated are those :mod:`rules_py.core.json_shape` checks.
"""

from __future__ import annotations

import argparse
import inspect
import json
import types
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin

from rules_py import view_blocks
from rules_py.core.json_shape import is_typed_dict, typed_dict_fields
from runtime.build import manifest

__all__ = ["DECLARATIONS", "Declaration", "main", "out_of_date", "typescript"]

RUNTIME = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Declaration:
    """One generated file: where it goes, what it declares and from where."""

    path: Path
    source: str  # the Python module that defines the types
    roots: tuple[tuple[str, object], ...]  # exported name -> type: unions by name, TypedDicts
    default_export: str | None = None  # the type of the JSON module's default export

    def text(self) -> str:
        return typescript(self)


DECLARATIONS = (
    Declaration(
        RUNTIME / "contract" / "blocks.d.ts",
        "rules_py.view_blocks",
        (("AnyBlock", view_blocks.AnyBlock), ("Tone", view_blocks.Tone)),
    ),
    Declaration(
        RUNTIME / "build-manifest.d.json.ts",
        "runtime.build.manifest",
        (("ManifestJson", manifest.ManifestJson),),
        default_export="ManifestJson",
    ),
)


class _Writer:
    """The declarations of one file: each TypedDict once, as an interface,
    in the order they are met from the roots; named unions as type aliases."""

    def __init__(self, named: dict[str, object]) -> None:
        self.named_unions = {
            name: frozenset(get_args(hint)) for name, hint in named.items() if _members(hint)
        }
        self.named_literals = {
            name: hint for name, hint in named.items() if get_origin(hint) is Literal
        }
        self.done: set[type] = set()
        self.parts: list[str] = []

    def declare(self, name: str, hint: object) -> None:
        if is_typed_dict(hint):
            assert isinstance(hint, type) and hint.__name__ == name, name
            self._interface(hint)
            return
        members = _members(hint)
        if members is not None:
            alternatives = [self.type_of(member) for member in members]
        elif get_origin(hint) is Literal:
            alternatives = [json.dumps(value) for value in get_args(hint)]
        else:
            alternatives = [self.type_of(hint)]
        body = " | ".join(alternatives)
        if len(body) > 80:  # one alternative a line
            body = "".join(f"\n  | {alternative}" for alternative in alternatives)
        self.parts.append(f"export type {name} ={'' if body.startswith(chr(10)) else ' '}{body};\n")
        for member in members or ():
            if is_typed_dict(member):
                assert isinstance(member, type)
                self._interface(member)

    def _interface(self, cls: type) -> None:
        if cls in self.done:
            return
        self.done.add(cls)
        lines = [*_doc(cls.__doc__, ""), f"export interface {cls.__name__} {{"]
        nested: list[type] = []
        for field, (hint, required) in typed_dict_fields(cls).items():
            lines.append(f"  {field}{'' if required else '?'}: {self.type_of(hint, nested)};")
        lines.append("}")
        self.parts.append("\n".join(lines) + "\n")
        for inner in nested:
            self._interface(inner)

    def type_of(self, hint: object, nested: list[type] | None = None) -> str:
        """``hint`` in TypeScript; TypedDicts met are added to ``nested``."""
        found = nested if nested is not None else []
        members = _members(hint)
        if members is not None:
            for name, union in self.named_unions.items():
                if frozenset(members) == union:
                    return name
            return " | ".join(self.type_of(member, found) for member in members)
        for name, literal in self.named_literals.items():
            if hint == literal:
                return name
        origin = get_origin(hint)
        if origin is Literal:
            return self._literal(hint)
        if origin is list:
            (item,) = get_args(hint)
            inner = self.type_of(item, found)
            return f"({inner})[]" if " | " in inner else f"{inner}[]"
        if origin is dict:
            key, item = get_args(hint)
            assert key is str, hint
            return f"{{ [key: string]: {self.type_of(item, found)} }}"
        if is_typed_dict(hint):
            assert isinstance(hint, type)
            if hint not in self.done and hint not in found:
                found.append(hint)
            return hint.__name__
        simple: dict[object, str] = {
            str: "string", int: "number", float: "number", bool: "boolean",
            type(None): "null", None: "null", Any: "unknown",
        }
        if hint in simple:
            return simple[hint]
        raise TypeError(f"no TypeScript for {hint!r}")

    @staticmethod
    def _literal(hint: object) -> str:
        assert get_origin(hint) is Literal, hint
        return " | ".join(json.dumps(value) for value in get_args(hint))


def _members(hint: object) -> tuple[object, ...] | None:
    if get_origin(hint) in (Union, types.UnionType):
        return get_args(hint)
    return None


def _doc(text: str | None, indent: str) -> list[str]:
    if not text:
        return []
    body = inspect.cleandoc(text).replace("``", "`").splitlines()
    return [f"{indent}/**", *(f"{indent} * {line}".rstrip() for line in body), f"{indent} */"]


def typescript(declaration: Declaration) -> str:
    """The text of one generated declaration file."""
    writer = _Writer(dict(declaration.roots))
    for name, hint in declaration.roots:
        writer.declare(name, hint)
    command = "python -m runtime.build.declarations"
    head = f"// Generated from {declaration.source} by `{command}`: do not edit.\n"
    parts = [head, *writer.parts]
    if declaration.default_export:
        parts.append(
            f"declare const json: {declaration.default_export};\nexport default json;\n"
        )
    return "\n".join(parts)


def out_of_date(write: Callable[[Path, str], None] | None = None) -> list[Path]:
    """The declaration files whose text is not what the Python types give
    (``write`` rewrites each one, when given)."""
    stale = []
    for declaration in DECLARATIONS:
        text = declaration.text()
        current = declaration.path.read_text("utf-8") if declaration.path.exists() else None
        if current != text:
            stale.append(declaration.path)
            if write is not None:
                write(declaration.path, text)
    return stale


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say which files are stale")
    args = parser.parse_args()
    if args.check:
        stale = out_of_date()
        for path in stale:
            print(f"{path.relative_to(RUNTIME.parent)} is out of date")
        raise SystemExit(1 if stale else 0)
    def write(path: Path, text: str) -> None:
        path.write_text(text, "utf-8")

    for path in out_of_date(write):
        print(f"wrote {path.relative_to(RUNTIME.parent)}")


if __name__ == "__main__":
    main()
