"""Run the command line as ``python -m boardgames``; see :mod:`boardgames.cli`."""

import sys

from boardgames.cli import main

if __name__ == "__main__":
    sys.exit(main())
