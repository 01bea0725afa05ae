"""The command line: everything that parses arguments, prints or exits lives here.

``console`` is the entry point and answers the simplest commands without importing typer;
``app`` is the typer application that handles every other command line; ``render`` turns
results into the text and JSON the commands print. Importing this package imports nothing
else.
"""
