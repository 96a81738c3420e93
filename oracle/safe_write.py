"""Writing a file a user names, so that no command can destroy what is there.

Every command that writes (``cards import``, ``puzzle import -o``, ``check --state`` and
``--pictures``, ``show -o``, ``deck analyse --plot``) goes through ``write_file``, and a deck
analysis checkpoint, appended to in place, through ``target_of``:

- only regular files are written: a directory, a device (``/dev/full``, ``/dev/sda``), a pipe or a
  socket is refused, and so is a symbolic link that leads to one;
- a symbolic link to a regular file is written *through*: the file it points to is replaced and
  the link stays (what a user who links a file into place expects);
- folders are never created: a missing folder is an error that names it;
- the data go to a temporary file in the same folder, which is flushed and then renamed over the
  target, so the target is either the old file or the whole new one, never half written;
- a failed write (disk full, permission denied) is an ``OracleError`` naming the file, and the
  temporary file is removed.
"""
from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from oracle.errors import OracleError

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"))


def target_of(path: str | Path) -> Path:
    """The regular file that writing ``path`` would replace (a symbolic link followed), or an
    OracleError saying why it cannot be written."""
    path = Path(path)
    source = str(path)
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise OracleError(f"cannot write here: {exc.strerror or exc}", source=source) from None
    if mode is not None and not stat.S_ISREG(mode):
        kind = next((word for test, word in _KINDS if test(mode)), "not a regular file")
        via = f" (the symbolic link leads to {target})" if target != path else ""
        raise OracleError(f"this is {kind}{via}: only regular files are written", source=source)
    folder = target.parent
    if not folder.is_dir():
        raise OracleError(f"the folder {folder} does not exist; create it first (folders are never created)",
                          source=source)
    return target


def write_file(path: str | Path, data: str | bytes) -> Path:
    """Write ``data`` (text is written as UTF-8) to ``path`` safely; the file written is returned."""
    target = target_of(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        old_mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        old_mode = 0o666 & ~umask
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as out:
            out.write(raw)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, old_mode)
        os.replace(tmp, target)
        tmp = None
    except OSError as exc:
        raise OracleError(f"cannot write the file: {exc.strerror or exc}", source=str(path)) from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
    return target
