"""The board widget without a browser: it builds from a board view, labels every space for
screen readers, and hands a tapped space's id to the screen."""
from __future__ import annotations

import flet as ft
import flet.canvas as cv

from app import theme
from app.widgets.board import _name_fit, board_widget, pan_to, player_look, space_label
from companion.board.picture import picture
from companion.board.picture import space_at
from companion.content.loader import load_game
from companion.engine.session import Session
from companion.games.pirates_vs_dinosaurs.rules import GAME

from ..board.conftest import HEXLAND


def under(control, kind):
    """Every control of `kind` under a control (depth first)."""
    out = []
    stack = [control]
    while stack:
        c = stack.pop()
        if isinstance(c, kind):
            out.append(c)
        for attr in ("content", "controls"):
            child = getattr(c, attr, None)
            if isinstance(child, list):
                stack.extend(child)
            elif isinstance(child, ft.Control):
                stack.append(child)
    return out


def semantics(control):
    return under(control, ft.Semantics)


def hexland_view():
    board = load_game(HEXLAND).files["board.yaml"].boards[0]
    return {"map": picture(board), "spaces": {}, "pieces": [
        {"space": "harbour-1", "seat": 1, "kind": "ship", "text": "", "label": "Blue ship"}]}


def test_every_space_is_a_labelled_button_and_a_tap_hands_its_id():
    tapped = []
    w = board_widget(hexland_view(), 390, tapped.append, highlights={"s13": {"kind": "reachable", "text": 2}})
    nodes = {n.label: n for n in semantics(w)}
    assert "Swamp 23" in nodes and "Harbour 1: Blue ship" in nodes
    assert "Hill 13 (reachable, costs 2)" in nodes
    target = nodes["Swamp 23"].content
    target.on_click(None)
    assert tapped == ["s23"]


def test_the_whole_board_fits_the_width_and_pieces_use_the_print_colours():
    w = board_widget(hexland_view(), 366, None)
    stack = w.content
    assert stack.width == 366 and stack.height < 366
    assert player_look(1)["letter"] == "B" and player_look(1)["color"].lower() == "#56b4e9"


def test_a_tap_between_targets_goes_to_the_space_under_it():
    view = hexland_view()
    s13 = next(sp for sp in view["map"]["spaces"] if sp["id"] == "s13")
    cx, cy = s13["centre"]
    px, py = s13["points"][1]
    assert space_at(view["map"], cx + (px - cx) * 0.9, cy + (py - cy) * 0.9) == "s13"


def test_the_pvd_island_builds_for_a_seat():
    s = Session(GAME, ["Anne", "Ben"], {}, seed=2)
    w = board_widget(s.board_view(0), 366, lambda sid: None)
    labels = [n.label for n in semantics(w)]
    assert any(lbl.startswith("Jungle: search 3 hours") for lbl in labels)
    assert any(lbl.startswith("Harbor: captains who are not on the island. Here: Anne") for lbl in labels)
    assert space_label({"name": "Harbour", "number": 4}, None, ["Blue ship"], None) == "Harbour 4: Blue ship"


def test_a_phone_can_show_the_board_larger_and_back():
    from types import SimpleNamespace

    from app.widgets.board import board_panel

    renders = []
    screen = SimpleNamespace(app=SimpleNamespace(page=SimpleNamespace(width=390), render=lambda: renders.append(1)))
    panel = board_panel(screen, hexland_view())
    zoom = panel.controls[-1]
    assert zoom.content == "Show the board larger"
    zoom.on_click(None)
    assert screen.board_zoom == 2.0 and renders
    bigger = board_panel(screen, hexland_view())
    frame = bigger.controls[0]
    assert frame.width == 366 and frame.content.controls[0].width == 732      # scrolled sideways
    assert bigger.controls[-1].content == "Fit the board to the screen"
    nodes = [n.label for n in semantics(bigger)]
    assert "Swamp 23" in nodes
    assert isinstance(frame.content.controls[0].controls[0], ft.GestureDetector)   # taps between targets
    picked = [n for n in semantics(bigger) if n.label == "Swamp 23"][0]
    picked.content.on_click(None)
    assert screen.board_tap == "s23"
    assert board_panel(screen, hexland_view()).controls[1].value == "Swamp 23"


def canvas_texts(control):
    """Every text drawn on the board's canvases: (text, size, max_width)."""
    import flet.canvas as cv

    return [(t.value, t.style.size, t.max_width) for c in under(control, cv.Canvas) for t in c.shapes
            if isinstance(t, cv.Text)]


def test_space_names_never_break_a_word_on_a_desktop():
    """The Dig Site's curse spaces on a 1280 px screen: "2. Chattering Teeth" was drawn as
    "Chatte / ring", "12. Night of Screams" cut to "12. Night of". A name is drawn whole, in two
    lines at most, each word on one line, or its number alone: measured with the face's own widths
    (once a guess of 0.62 em a letter, too wide for "ill" and too narrow for "WM")."""
    s = Session(GAME, ["Anne", "Ben"], {}, seed=2)
    named = [t for t in canvas_texts(board_widget(s.board_view(0), 720, None)) if t[2]]
    assert any(t[0] == "Awakening Volcano" for t in named)
    for text, size, width in named:
        words = text.split()
        assert all(theme.text_width(word, size) <= width for word in words), (text, size, width)
        lines, line = [], ""
        for word in words:    # the renderer's greedy break
            if line and theme.text_width(f"{line} {word}", size) > width:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}".strip()
        assert len(lines) + 1 <= 2, (text, size, width, lines)


def test_a_board_name_is_sized_by_its_letters_not_their_count():
    """Two names of as many letters: the wide one is drawn smaller than the narrow one, each as
    large as lets it fit its space (the face's own widths)."""
    wide, narrow = _name_fit("MWMWMW", 60, 30), _name_fit("iltilt", 60, 30)
    assert wide and narrow and wide[1] < narrow[1]
    for name, size in (wide, narrow):
        assert theme.text_width(name, size) <= 60
        assert size == 30 or theme.text_width(name, size + 0.5) > 60


def test_the_pvd_island_shows_its_title_the_slot_marks_and_time_badges_apart():
    """The island as printed (content/pirates-vs-dinosaurs/board.yaml): the title box names the
    game, each landmark slot shows its printed mark ("3P": not used with 3 players), and the time
    markers' badges of captains in one area lie under their pieces, apart, on a phone."""
    import random

    from companion.games.pirates_vs_dinosaurs.catalog import catalog
    from companion.games.pirates_vs_dinosaurs.state import EXPEDITION

    s = Session(GAME, ["Anne", "Ben", "Cato", "Dora"], {}, seed=5)
    rng = random.Random(5)
    for _ in range(3000):
        areas = [pl.area for pl in s.state.players if pl.stage == EXPEDITION]
        if len(areas) - len(set(areas)) >= 1:
            break
        s.act(rng.choice(s.legal_actions()))
    texts = [(t.value, t.x, t.y, t.max_width) for c in under(board_widget(s.board_view(0), 366, None), cv.Canvas)
             for t in c.shapes if isinstance(t, cv.Text)]
    values = [t[0] for t in texts]
    assert "Pirates vs. Dinosaurs" in values
    marks = {sp.text["en"] for sp in catalog().content.files["board.yaml"].boards[0].spaces
             if sp.kind == "landmark-slot" and sp.text}
    assert marks and marks <= set(values)
    badges = [t for t in texts if t[0].endswith(" h")]
    assert len(badges) == len(areas)
    for i, a in enumerate(badges):
        for b in badges[i + 1:]:
            if abs(a[2] - b[2]) < 8:  # on one row: side by side, not over each other
                assert abs(a[1] - b[1]) >= (a[3] + b[3]) / 2, (a, b)


def test_a_zoomed_map_is_panned_to_a_piece_and_never_past_its_edges():
    """The map brought to a picked piece (app.widgets.board.Zoom.show): its centre in the middle of
    the frame, or, near an edge of the map, the edge in the frame's edge (a ship in a corner
    harbour stays in view; the viewer is never asked for a view beyond the map)."""
    size = (600.0, 400.0)
    assert pan_to((300.0, 200.0), size, 2.0) == (-150.0, -100.0)  # the middle: a quarter off each side
    assert pan_to((10.0, 390.0), size, 2.0) == (0.0, -200.0)  # a corner: the view at that corner
    assert pan_to((590.0, 5.0), size, 1.5) == (-200.0, 0.0)
    for centre in ((0.0, 0.0), (600.0, 400.0), (123.0, 321.0)):
        dx, dy = pan_to(centre, size, 3.0)
        # the piece is inside the view: from -d to -d + size / z
        assert -dx <= centre[0] <= -dx + size[0] / 3.0 and -dy <= centre[1] <= -dy + size[1] / 3.0
