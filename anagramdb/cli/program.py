"""The top of the typer app: global options anywhere, one-line errors, exit codes.

Every command line that reaches typer goes through :meth:`Program.main` (the console
script, ``python -m anagramdb`` and typer's CliRunner alike), so the rules here hold for
every command, including those added later:

- global options (``--dict``) may stand before or after the command (grammar.hoist);
- every error is one ``anagramdb: error: ...`` line on stderr: exit 2 for usage errors
  and bad input, 1 for file and system problems (the AnagramDBError's own code);
- Ctrl-C prints ``anagramdb: interrupted`` and exits 130; a closed pipe exits 1 quietly;
  anything else is a bug, reported on one line too (ANAGRAMDB_DEBUG=1 shows the traceback).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from typing import Any

from typer import Abort, Exit

from ..block_cache import MAX_DIGITS
from ..errors import SHOWN, AnagramDBError, StorageError, describe_os_error, quoted
from . import messages
from .grammar import GLOBAL_VALUE_OPTIONS, hoist, split_globals
from .groups import Group, value_options
from .messages import PROGRAM
from .typer_private import (
    ClickException,
    Command,
    Context,
    IntParamType,
    IntRange,
    NoArgsIsHelpError,
    NoSuchOption,
    Parameter,
    TyperChoice,
    TyperOption,
    UsageError,
    echo,
    install_completion,
    show_callback,
)

COMPLETION_SHELLS = ("bash", "zsh", "fish")  # the shells whose completion is supported (README)


def _install_completion(ctx: Context, param: Parameter, value: str | None) -> None:
    """``--install-completion SHELL``: typer's installer, with its file errors as
    ``cannot write ...`` (exit 1) and the shell named plainly."""
    if not value or ctx.resilient_parsing:
        return
    try:
        shell, path = install_completion(shell=value, prog_name=PROGRAM)
    except OSError as exc:
        raise StorageError(
            f"cannot write {exc.filename or 'the completion script'}: {describe_os_error(exc)}"
        ) from exc
    echo(f"{shell} completion installed in {path}")
    echo("Completion will take effect once you restart the terminal")
    raise Exit(0)


def restrict_completion(params: list[Parameter]) -> None:
    """``--install-completion SHELL`` and ``--show-completion SHELL`` for COMPLETION_SHELLS
    only (another is a usage error, exit 2), in place of typer's, which guess the shell
    (with shellingham) and offer PowerShell too."""
    for index, param in enumerate(params):
        if param.name in ("install_completion", "show_completion"):
            install = param.name == "install_completion"
            params[index] = TyperOption(
                param_decls=[f"--{param.name.replace('_', '-')}"],
                type=TyperChoice(COMPLETION_SHELLS),
                callback=_install_completion if install else show_callback,
                expose_value=False,
                help="Install completion for the specified shell."
                if install
                else "Show completion for the specified shell, to copy it or customize the "
                "installation.",
            )


class _Digits(IntParamType):
    """A whole number of at most MAX_DIGITS digits (click's int takes any length: 4,299
    digits pass, and overflow later as a float or a clock)."""

    def convert(self, value: Any, param: Parameter | None, ctx: Context | None) -> Any:
        if isinstance(value, str):
            digits = value.strip().lstrip("+-")
            if len(digits) > MAX_DIGITS:
                self.fail(
                    f"{value.strip()[:12]}... has {len(digits):,} digits, but a number here "
                    f"has at most {MAX_DIGITS}",
                    param,
                    ctx,
                )
        return super().convert(value, param, ctx)


class _DigitsRange(_Digits, IntRange):
    """IntRange, of at most MAX_DIGITS digits."""


def bound_digits(command: Command) -> None:
    """Every whole-number option and argument of *command* and its subcommands takes at
    most MAX_DIGITS digits (a usage error past that, before int() sees it)."""
    for param in command.params:
        kind = param.type
        if isinstance(kind, _Digits):
            continue
        if isinstance(kind, IntRange):
            param.type = _DigitsRange(kind.min, kind.max, kind.min_open, kind.max_open, kind.clamp)
        elif type(kind) is IntParamType:
            param.type = _Digits()
    for sub in getattr(command, "commands", {}).values():
        bound_digits(sub)


def usage_message(exc: UsageError, fallback: str = PROGRAM) -> str:
    """click's message as one line: 'letters: invalid value for '--min': ... (see ...)'.
    *fallback* is the command path when click gives no context (an option's missing value)."""
    text = exc.format_message().strip().rstrip(".").replace(". (", " (")
    # click quotes the value it refused whole: cut it as the library's messages do.
    text = re.sub(rf"'([^']{{{SHOWN + 1},}})'", lambda match: quoted(match[1]), text)
    if text[:1].isupper() and text[1:2].islower():
        text = text[0].lower() + text[1:]
    return about(exc.ctx.command_path if exc.ctx is not None else fallback, text)


def about(path: str, text: str, see: str | None = None) -> str:
    """A usage error's one line for the command *path* (``anagramdb numbers stats``):
    ``numbers stats: TEXT (see anagramdb numbers stats --help)``, or another command's
    help (*see*)."""
    command = path.partition(" ")[2]
    return f"{command + ': ' if command else ''}{text} (see {see or path} --help)"


class Program(Group):
    """The ``anagramdb`` group: click's main loop, with the rules of the module docstring."""

    def main(  # type: ignore[override]  # click's main takes more arguments, which this program never passes
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        code = self.run(list(sys.argv[1:] if args is None else args), complete_var, **extra)
        if standalone_mode:
            sys.exit(code)
        return code

    def command_of(self, args: list[str]) -> tuple[str, Command]:
        """``anagramdb COMMAND [SUBCOMMAND]`` as named in *args* (global options hoisted),
        as far as they name commands (the help page a usage error points at; a group's
        default subcommand when it names none), and the command it names."""
        try:
            words = split_globals(hoist(args))[1]  # --cache SIZE, --dict VALUE
        except (ValueError, UsageError):
            return PROGRAM, self
        command: Command = self
        path = [PROGRAM]
        found = self.commands.get(words[0]) if words else None
        if found is not None:
            path.append(words[0])
            command = found
        if isinstance(command, Group):
            name = command.resolve_words(words[1:])[0] or command.default
            if name is not None:
                path.append(name)
                command = command.commands[name]
        return " ".join(path), command

    def empty_value(self, args: list[str]) -> str | None:
        """The usage error for an option given an empty value (``--piles ''``,
        ``--host=``), or None: no option's value may be empty (a default is not a
        silent stand-in for a value the user meant to give)."""
        path, command = self.command_of(args)
        takes_value = value_options(command) - set(GLOBAL_VALUE_OPTIONS)  # --dict says itself
        for position, word in enumerate(args):
            if word == "--":
                break
            name, equals, value = word.partition("=")
            if name in takes_value and (
                (equals and not value) or (not equals and args[position + 1 : position + 2] == [""])
            ):
                return about(path, f"option '{name}' needs a value, not an empty one")
        return None

    def misplaced(self, exc: NoSuchOption, args: list[str]) -> str | None:
        """An option given where it does not belong: before the command (``anagramdb
        --json anagrams ...``), or to a group's other subcommand (``numbers 1 2 -t 3
        --jobs 2``): say whose it is, rather than click's guess."""
        ctx = exc.ctx
        if ctx is None:
            return None
        group = self if ctx.parent is None else ctx.parent.command
        if not isinstance(group, Group) or (group is self and ctx.parent is not None):
            return None
        owners = [
            name
            for name, command in group.commands.items()
            if any(exc.option_name in param.opts for param in command.params)
        ]
        name = exc.option_name
        if ctx.parent is not None:  # a subcommand's sibling owns it
            if not owners:
                return None
            owner = f"{ctx.parent.command_path} {owners[0]}"
            return about(ctx.command_path, f"option '{name}' belongs to {owner}", owner)
        owners = [word for word in args if word in owners][:1] or owners
        if not owners:
            return None
        example = f"{PROGRAM} {owners[0]} ... {name}"
        return about(
            PROGRAM,
            f"option '{name}' belongs to a command: put it after the command, e.g. {example}",
        )

    def run(self, args: list[str], complete_var: str | None = None, **extra: Any) -> int:
        """Run one command line and return its exit code; never raises but SystemExit."""
        messages.show_warnings()
        messages.start_run()
        restrict_completion(self.params)
        bound_digits(self)
        empty = self.empty_value(args)
        if empty is not None:
            return messages.error(empty, 2)
        try:
            result = super().main(
                hoist(args), PROGRAM, complete_var, standalone_mode=False, **extra
            )
        except AnagramDBError as exc:
            return messages.error(str(exc), exc.exit_code)
        except NoArgsIsHelpError as exc:
            # A bare `anagramdb` or `anagramdb draw`: the help, as --help prints it.
            echo(exc.ctx.get_help())
            return 0
        except NoSuchOption as exc:
            return messages.error(
                self.misplaced(exc, args) or usage_message(exc, self.command_of(args)[0]), 2
            )
        except UsageError as exc:
            return messages.error(usage_message(exc, self.command_of(args)[0]), 2)
        except ClickException as exc:
            return messages.error(exc.format_message(), exc.exit_code)
        except Abort:
            return messages.interrupted()
        except (KeyboardInterrupt, Exception) as exc:
            return messages.failed(exc, args)
        code = result if isinstance(result, int) else 0
        if code == messages.INTERRUPTED:
            # typer turns Ctrl-C into a silent exit 130.
            return messages.interrupted()
        messages.show_notices()
        return code
