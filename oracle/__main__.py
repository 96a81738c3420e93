"""``python -m oracle`` is the ``oracle`` command."""
from oracle.cli import main

main()
