"""The board package's exports stay what they are whatever was imported first: geometry,
picture and walks are functions named like their modules, and importing a module first once
made `from companion.board import geometry` give the module."""
from __future__ import annotations

import subprocess
import sys

from companion import ROOT


def test_an_export_named_like_its_module_stays_the_function():
    code = ("import companion.board.geometry, companion.board.picture, companion.board.walks\n"
            "from companion.board import geometry, picture, walks\n"
            "import types\n"
            "assert not any(isinstance(f, types.ModuleType) for f in (geometry, picture, walks))\n"
            "assert callable(geometry) and geometry.__module__ == 'companion.board.geometry'\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
