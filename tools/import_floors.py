"""Draw the package's structure from its imports: each layer's modules floor by floor.

    python tools/import_floors.py

A module's floor is one above the highest module of its own layer that it imports (the
ground floor imports nothing of its layer), so every arrow of the drawing points down; a
circle has no floor and is listed instead. Every import counts, those inside functions and
under ``TYPE_CHECKING`` included. docs/ARCHITECTURE.md shows the output, and
tests/project/test_layout.py holds the rules with this module's reader.
"""

from __future__ import annotations

import ast
import pathlib
import sys

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "anagramdb"
LAYERS = ("engine", "countdown", "cli", "web")


def layer_of(module: str) -> str:
    """The layer of a dotted module name inside the package ('anagramdb.countdown.letters')."""
    if module == "anagramdb.__main__":
        return "cli"  # `python -m anagramdb` is the command line's second door
    parts = module.split(".")
    return parts[1] if len(parts) >= 2 and parts[1] in LAYERS else "engine"


def module_name(path: pathlib.Path) -> str:
    """The dotted name of a source file of the package."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(path: pathlib.Path) -> list[tuple[int, str]]:
    """Every anagramdb module a source file imports, resolved to absolute names, with lines."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.startswith("anagramdb"):
                folder = PACKAGE.parent.joinpath(*target.split("."))
                for alias in node.names:
                    # `from ..cli import queries`: a name that is a module is that module.
                    is_module = (folder / f"{alias.name}.py").is_file() or (
                        folder / alias.name
                    ).is_dir()
                    found.append((node.lineno, f"{target}.{alias.name}" if is_module else target))
        elif isinstance(node, ast.Import):
            found.extend(
                (node.lineno, alias.name)
                for alias in node.names
                if alias.name.startswith("anagramdb")
            )
    return found


def sources() -> list[pathlib.Path]:
    """The package's source files, in a fixed order."""
    return sorted(PACKAGE.rglob("*.py"))


def import_graph() -> dict[str, set[str]]:
    """Each module -> the other modules of the package it imports."""
    graph = {}
    for path in sources():
        name = module_name(path)
        graph[name] = {target for _, target in imported_modules(path) if target != name}
    return graph


def floors(graph: dict[str, set[str]]) -> tuple[dict[str, int], list[str]]:
    """Each module's floor within its layer, and the modules caught in a circle (no floor)."""
    floor: dict[str, int] = {}
    circled: list[str] = []
    for module in sorted(graph):
        trail = [module]
        pending = [(module, iter(sorted(graph[module])))]
        while pending:
            current, targets = pending[-1]
            same = (t for t in targets if t in graph and layer_of(t) == layer_of(current))
            target = next((t for t in same if t not in floor), None)
            if target is None:
                pending.pop()
                trail.pop()
                own = [floor[t] for t in graph[current] if t in floor and same_layer(t, current)]
                floor[current] = 1 + max(own, default=-1)
            elif target in trail:
                circled.append(" -> ".join([*trail[trail.index(target) :], target]))
                floor[target] = -1  # counted once; its floor is meaningless
            else:
                trail.append(target)
                pending.append((target, iter(sorted(graph[target]))))
    return floor, circled


def same_layer(first: str, second: str) -> bool:
    return layer_of(first) == layer_of(second)


def short_name(module: str) -> str:
    """A module's name within its layer; a layer's package (its public names) is __init__."""
    if module == "anagramdb" or (module.count(".") == 1 and layer_of(module) != "engine"):
        return "__init__"
    return module.rpartition(".")[2]


def drawing() -> list[str]:
    """The structure as text: one line a floor, each layer's ground floor first."""
    graph = import_graph()
    floor, circled = floors(graph)
    lines = []
    for layer in LAYERS:
        members = [m for m in graph if layer_of(m) == layer]
        lines.append(f"{layer} ({len(members)} modules):")
        for level in range(max((floor[m] for m in members), default=-1) + 1):
            names = sorted(short_name(m) for m in members if floor[m] == level)
            lines.append(f"  {level}: {' '.join(names)}")
    lines.append(f"circles: {len(circled)}")
    lines.extend(f"  {circle}" for circle in circled)
    return lines


if __name__ == "__main__":
    print("\n".join(drawing()))
    sys.exit(0)
