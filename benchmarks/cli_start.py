"""How long the command line takes to answer: CPU seconds (user + system, the interpreter's start
included) of `companion --help`, `companion odds --help` and `companion validate piraten-kapern`,
each a fresh process, the three alternated run after run; the medians. Bytecode cached, as an
installed command has it: each command runs once untimed first, with PYTHONDONTWRITEBYTECODE
taken out of the environment, so that every module it imports has its .pyc written.

    python benchmarks/cli_start.py [--runs 7]
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys

from arguments import at_least

COMMANDS = {"companion --help": ["--help"], "companion odds --help": ["odds", "--help"],
            "companion validate piraten-kapern": ["validate", "piraten-kapern"]}


#: the commands' environment: bytecode written and read
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def cpu(args: list[str]) -> float:
    """CPU seconds of one `companion` process run with `args`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "companion.cli", *args], capture_output=True, check=True, env=ENV)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=at_least(1), default=7, help="alternated runs of each command")
    args = parser.parse_args()
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for argv in COMMANDS.values():
        cpu(argv)  # (the .pyc files written)
    for _ in range(args.runs):
        for name, argv in COMMANDS.items():
            times[name].append(cpu(argv))
    print(f"CPU seconds, median of {args.runs} alternated runs:")
    for name, values in times.items():
        print(f"  {name:<36} {statistics.median(values):.2f} s  ({min(values):.2f}-{max(values):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
