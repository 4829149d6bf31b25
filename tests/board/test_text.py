"""The terminal map: offset hex rows with numbers and pieces, within 80 columns."""
from __future__ import annotations

import pytest

from companion.board.text import text_map

MARK = {"plain": ".", "swamp": "~", "hill": "n", "mountain": "^", "lake": "o", "crater": "@", "fortress": "#"}


def test_the_fixture_map_as_text(graph):
    pieces = {"s13": "B1"}

    def cell(sid):
        sp = graph[sid]
        return pieces.get(sid) or (str(sp.number) if sp.number else MARK.get(sp.kind, "?"))

    got = text_map(graph, cell, legend=[". plain  ~ swamp  @ crater  B1 Blue pirate 1"])
    assert got.splitlines() == [
        "     29  28  27",
        "   30  15  14  26",
        " 31  16  @   B1  25",
        "   32  11  12  24",
        "     21  22  23",
        ". plain  ~ swamp  @ crater  B1 Blue pirate 1"]
    assert all(len(line) <= 80 for line in got.splitlines())


def test_neighbours_sit_beside_and_diagonally(graph):
    rows = text_map(graph, lambda sid: sid if sid == "crater" else str(graph[sid].number or "")).splitlines()
    col = {tok: (r, line.index(tok)) for r, line in enumerate(rows) for tok in line.split()}
    cr, cc = col["cra"]
    for n in ("11", "12", "13", "14", "15", "16"):
        r, c = col[n]
        assert abs(r - cr) <= 1 and abs(c - cc) <= (5 if r == cr else 3), n


def test_a_map_too_wide_for_the_terminal_is_refused(graph):
    with pytest.raises(ValueError, match="columns"):
        text_map(graph, lambda sid: "x", columns=10)


def test_row_letters_and_column_numbers_frame_the_map(graph):
    rows = sorted({sp.coord[1] for sp in graph.spaces.values() if sp.coord})
    def column(sid):  # printed ids count columns of offset rows, as Pirate Island's G7
        q, r = graph[sid].coord
        return str((2 * q + r) // 2 + 5)

    got = text_map(graph, lambda sid: str(graph[sid].number or "@"), row_label=lambda r: "ABCDE"[rows.index(r)],
                   column_label=column).splitlines()
    assert [line[:2] for line in got[1:]] == ["A ", "B ", "C ", "D ", "E "]
    header = got[0]
    centre = next(line for line in got if line.startswith("C "))
    for c in header.split():  # each column number stands over a cell of the unshifted rows
        at = header.index(c)
        assert centre[at:at + 3].strip(), (c, header, centre)
    assert header.split() == ["3", "4", "5", "6", "7"]
    assert all(len(line) <= 80 for line in got)
