"""The invitation on the host's screen: an http link with this machine's LAN address, its QR code
for phones at the table, and (with --host) the join code that the link carries."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

import flet as ft
import qrcode

from app import access
from companion.words import Words, words_for

from app.widgets.common import para


@lru_cache(maxsize=32)
def qr_svg(text: str) -> bytes:
    """A QR code of `text` drawn on the server as an SVG picture: dark runs of modules as one path on
    a white square with a quiet zone of 2 modules (cached: a redraw sends nothing when the link is
    the same). Not a PNG: the browser client decodes a raster image with the WebCodecs ImageDecoder,
    which a page on a plain-http LAN address (not a secure origin) does not have, and the code stayed
    blank there; a vector picture is drawn by the client itself, on any origin."""
    qr = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    qr.add_data(text)
    qr.make(fit=True)
    rows = qr.get_matrix()  # (with the quiet zone)
    size = len(rows)
    runs = []
    for y, row in enumerate(rows):
        x = 0
        while x < size:
            if row[x]:
                start = x
                while x < size and row[x]:
                    x += 1
                runs.append(f"M{start} {y}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{size * 8}" '
            f'height="{size * 8}" shape-rendering="crispEdges"><rect width="{size}" height="{size}" fill="#ffffff"/>'
            f'<path fill="#000000" d="{"".join(runs)}"/></svg>').encode()


def invitation(route: str, what: str, w: Words | None = None) -> list[ft.Control]:
    """Link, QR code and join code for joining `route` (e.g. /s/<id>) from another device."""
    w = w or words_for(None)
    door = access.current()
    link = door.join_link(route)
    out: list[ft.Control] = [
        para(w("app.join.scan", what=what)),
        ft.Image(src=qr_svg(link), width=200, height=200, semantics_label=w("app.join.qr", link=link)),
        ft.Text(link, size=14, weight=ft.FontWeight.BOLD),  # (selectable text is not in the accessibility tree)
    ]
    if door.join_code:
        out.append(para(w("app.join.code", code=door.join_code)))
    elif door.address() == "localhost":
        out.append(para(w("app.join.localhost", command="companion app --web --host 0.0.0.0"), size=13))
    return out


def join_code_field(on_change: Any, on_submit: Any, value: str = "", w: Words | None = None) -> ft.Control:
    """Where a device that opened the app without the link's code types it in. `value`: what was
    typed so far (a redraw while someone types, because another device acted, must not empty it)."""
    w = w or words_for(None)
    return ft.TextField(label=w("app.join.field"), hint_text=w("app.join.hint"), width=220, value=value,
                        max_length=12, keyboard_type=ft.KeyboardType.NUMBER,
                        on_change=lambda e: on_change(e.control.value or ""),
                        on_submit=lambda e: on_submit(e.control.value or ""))
