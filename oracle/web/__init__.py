"""The explorer: ``oracle serve``, a local web page over an HTTP API (optional extra ``web``).

Nothing here is imported by the rest of the package: Starlette and uvicorn are needed only when
the explorer runs (``pip install 'summon-oracle[web]'``).
"""
