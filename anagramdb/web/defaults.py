"""The server's defaults, stated once: the command line imports them without the server."""

DEFAULT_HOST = "127.0.0.1"  # loopback: nobody else can reach the server
DEFAULT_PORT = 8000
MAX_WORKERS = 64
