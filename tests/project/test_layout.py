"""The package's architecture, read from its imports: front ends -> countdown -> engine."""

from __future__ import annotations

import importlib.util
import pathlib
import subprocess
import sys

import pytest

# The import reader and the drawing of the floors are tools/import_floors.py's; the rules
# are held here.
_spec = importlib.util.spec_from_file_location(
    "import_floors", pathlib.Path(__file__).resolve().parents[2] / "tools" / "import_floors.py"
)
assert _spec is not None and _spec.loader is not None
import_floors = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(import_floors)
PACKAGE = import_floors.PACKAGE
layer_of = import_floors.layer_of
module_name = import_floors.module_name
imported_modules = import_floors.imported_modules

# Each layer may import only from the layers listed for it (and from itself).
ALLOWED = {
    "engine": {"engine"},
    "countdown": {"engine", "countdown"},
    "cli": {"engine", "countdown", "cli"},
    "web": {"engine", "countdown", "web"},
}
# The front ends are siblings: neither imports the other, with one exception, the
# command-line module that starts the web server (cli/serving.py, typer-free). What both
# need (queries turned into result records) lives below them, in countdown/queries.py.
DOORS = {"anagramdb.cli.serving": {"web"}}


SOURCES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_dependencies_point_one_way(path):
    own = layer_of(module_name(path))
    allowed = ALLOWED[own] | DOORS.get(module_name(path), set())
    for line, target in imported_modules(path):
        # `anagramdb.__version__` and the like are engine-level names.
        assert layer_of(target) in allowed, f"{path.name}:{line}: the {own} layer imports {target}"


@pytest.mark.parametrize("path", sorted((PACKAGE / "web").rglob("*.py")), ids=lambda p: p.name)
def test_the_web_imports_nothing_from_the_command_line(path):
    for line, target in imported_modules(path):
        assert layer_of(target) != "cli", f"{path.name}:{line}: imports {target}"


def test_the_command_line_imports_the_web_only_to_serve():
    for path in sorted((PACKAGE / "cli").rglob("*.py")):
        if module_name(path) in DOORS:
            continue
        for line, target in imported_modules(path):
            assert layer_of(target) != "web", f"{path.name}:{line}: imports {target}"


def test_no_import_goes_in_a_circle():
    """The package's imports, those inside functions and under TYPE_CHECKING included, form
    no circle: every module can be read after the modules it imports. The tool that draws the
    floors finds the circles within a layer; one across layers would need an arrow that the
    layer tests above refuse."""
    _, circled = import_floors.floors(import_floors.import_graph())
    assert not circled, circled


# The engine's floors, ground first. A module imports from its own floor or below, never
# from a floor above it: the arrow that made the last circle (atomic asking dictionary where
# the packaged data lives) pointed up. A new engine module takes its place here.
ENGINE_FLOORS = [
    # the ground: errors, what is packaged, keys, bounded lines, atomic files
    {"errors", "packaged", "guard", "lines", "keys", "resolve", "atomic", "kinds", "file_lock"},
    # the files: word lists, the index, what sits beside it, the block cache
    {
        "wordlist",
        "index",
        "index_build",
        "index_stale",
        "index_check",
        "stored_keys",
        "block_cache",
        "key_table",
        "short_answers",
        "mapped",
    },
    # the readers and the builder
    {"dictionary", "mapped_dictionary", "keyed", "builder", "definitions"},
    # the roof: the public names (anagramdb/__init__.py)
    {""},
]


def engine_floor(module: str) -> int:
    short = module.removeprefix("anagramdb").removeprefix(".")
    for floor, members in enumerate(ENGINE_FLOORS):
        if short in members:
            return floor
    raise AssertionError(f"{module} is on no floor: give it one in ENGINE_FLOORS")


@pytest.mark.parametrize(
    "path",
    [path for path in SOURCES if layer_of(module_name(path)) == "engine"],
    ids=lambda p: p.name,
)
def test_no_engine_import_points_up_a_floor(path):
    own = engine_floor(module_name(path))
    for line, target in imported_modules(path):
        if layer_of(target) == "engine":
            assert engine_floor(target) <= own, f"{path.name}:{line}: imports {target}, a floor up"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_no_module_imports_the_roof_of_its_own_layer(path):
    """A layer's __init__ holds its public names for the floors above; a module inside the
    layer importing it would be an arrow up (and often a circle through the lazy names)."""
    own = module_name(path)
    layer = layer_of(own)
    roof = "anagramdb" if layer == "engine" else f"anagramdb.{layer}"
    if own == roof or own == "anagramdb.__main__":
        return
    for line, target in imported_modules(path):
        assert target != roof, f"{path.name}:{line}: imports {roof}, its own layer's roof"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_every_module_stays_small(path):
    """One concern a module (STYLE.md, point 11): about 450 lines at most."""
    lines = path.read_text(encoding="utf-8").count("\n")
    assert lines <= 450, f"{path.name} has {lines} lines: split it by concern"


def test_layers_exist_as_packages():
    for layer in ("countdown", "cli", "web"):
        assert (PACKAGE / layer / "__init__.py").is_file()


@pytest.mark.parametrize(
    "module",
    [
        "anagramdb",
        "anagramdb.countdown",
        "anagramdb.cli",
        "anagramdb.cli.console",
        "anagramdb.web.server",
        "anagramdb.web.workers",
    ],
)
def test_importing_never_loads_typer(module):
    code = f"import sys, {module}; print('typer' in sys.modules or 'click' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
