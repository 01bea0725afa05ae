"""The one door to typer's undocumented pieces: every import of them in cli/ is here.

typer 0.28 vendors click as ``typer._click`` (docs/DECISIONS.md D1); the command line
needs click's exceptions (to print one-line errors), its context and help formatter (to
list commands whole and resolve a group's default subcommand), and typer's completion
installer and choice type (to offer bash, zsh and fish only). A typer release may move
any of them without notice, so the supported range is named here, once, and
tests/cli/test_typer_private.py checks it against pyproject.toml, the installed typer and
these imports. Everything else in cli/ uses typer's documented surface only
(``typer.Typer``, ``Option``, ``Argument``, ``echo``, ``Exit``, ``BadParameter``,
``typer.main.get_command``).
"""

from typer._click import Command, Context, HelpFormatter, Parameter, echo
from typer._click.exceptions import (
    ClickException,
    NoArgsIsHelpError,
    NoSuchOption,
    UsageError,
)
from typer._click.types import IntParamType, IntRange
from typer._completion_shared import install as install_completion
from typer._types import TyperChoice
from typer.completion import show_callback
from typer.core import TyperGroup, TyperOption

# pyproject.toml's requirement, as (lowest, first unsupported) release.
SUPPORTED = ((0, 28, 0), (0, 29))
REQUIREMENT = "typer>=0.28.0,<0.29"

__all__ = [
    "REQUIREMENT",
    "SUPPORTED",
    "ClickException",
    "Command",
    "Context",
    "HelpFormatter",
    "IntParamType",
    "IntRange",
    "NoArgsIsHelpError",
    "NoSuchOption",
    "Parameter",
    "TyperChoice",
    "TyperGroup",
    "TyperOption",
    "UsageError",
    "echo",
    "install_completion",
    "show_callback",
]
