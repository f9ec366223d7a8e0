"""Static files (the pages' stylesheet and script, Swagger UI's), for the API and the pages
alike: a path that names no file is a 404, however it is malformed.

Litestar's static files router passes the path to the file system as it came, and only a
missing file is a 404 to it: a NUL character (ValueError), a name over 255 bytes, a path
over the system's limit, a file taken for a folder (OSError) all answered 500. Here each
of them is a missing file. A path that climbs out of the folder (`..`) was already one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from litestar import Router
from litestar.file_system import BaseLocalFileSystem
from litestar.static_files import create_static_files_router
from litestar.types.file_types import FileInfo


class _LocalFiles(BaseLocalFileSystem):
    async def info(self, path: Any, **kwargs: Any) -> FileInfo:
        try:
            return await super().info(path, **kwargs)
        except PermissionError:
            raise
        except (ValueError, OSError) as error:
            raise FileNotFoundError(str(path)[:300]) from error


def static_files_router(path: str, directory: Path) -> Router:
    """The files of `directory` under `path`, not in the API's document."""
    return create_static_files_router(
        path=path, directories=[directory], file_system=_LocalFiles(), include_in_schema=False
    )
