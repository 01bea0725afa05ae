"""Command groups (``check``, ``draw``, ``numbers``): a family's subcommand is its first
word that is not an option, a group may run a default subcommand when none is named, and
a superseded form says so (docs/CLI.md, "One shape per kind of command")."""

from __future__ import annotations

from . import messages
from .grammar import first_word
from .typer_private import Command, Context, HelpFormatter, TyperGroup, TyperOption


def value_options(command: Command) -> set[str]:
    """The names of *command*'s options that take a value (``--target``, ``-t``)."""
    return {
        name
        for param in command.params
        if isinstance(param, TyperOption) and not param.is_flag and not param.count
        for name in param.opts
    }


class Group(TyperGroup):
    """A command group (``draw``, ``check``, ``numbers``): its subcommand is its first word
    that is not an option (grammar.first_word), and its list of commands gives each one's
    whole first sentence, wrapped (click cuts it to the terminal's width with '...').

    A group with a *default* runs it when no subcommand is named (``numbers 25 50 -t 75``
    is ``numbers solve ...``); with a *notice* too, that form is superseded and says so.
    A subcommand of *old_when_alone* followed by one word (not ``-``) is the default's
    old form instead: ``check letters steel`` checks the word steel from the rack LETTERS.
    """

    default: str | None = None
    notice: tuple[str, str] | None = None
    old_when_alone: tuple[str, ...] = ()

    def resolve_words(self, args: list[str]) -> tuple[str | None, list[str]]:
        """The subcommand *args* name (None: none, the default's) and the rest of them."""
        takes_value = set().union(*(value_options(c) for c in self.commands.values()))
        at = first_word(args, takes_value)
        if at is None or args[at] not in self.commands:
            return None, args
        name, rest = args[at], [*args[:at], *args[at + 1 :]]
        if name in self.old_when_alone and self.default is not None:
            words = [w for w in rest if not w.startswith("-") or w == "-"]
            if len(words) == 1 and words != ["-"]:
                return None, args
        return name, rest

    def resolve_command(
        self, ctx: Context, args: list[str]
    ) -> tuple[str | None, Command | None, list[str]]:
        if self.default is None:
            return super().resolve_command(ctx, args)
        name, rest = self.resolve_words(args)
        if name is None:
            name = self.default
            if self.notice is not None and not ctx.resilient_parsing:
                messages.superseded(*self.notice)
        return name, self.commands[name], rest

    def format_commands(self, ctx: Context, formatter: HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit=1000)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def group_class(
    default: str | None = None,
    notice: tuple[str, str] | None = None,
    old_when_alone: tuple[str, ...] = (),
) -> type[Group]:
    """A Group class with these settings (typer builds a group from a class)."""
    settings = {"default": default, "notice": notice, "old_when_alone": old_when_alone}
    return type("Group", (Group,), settings)
