"""Issue 26 item 2: the join QR code shows on the table's network, where the host's page is plain
http at a LAN address: not a secure origin. The server draws the code (app/widgets/join.py, an SVG
picture); the test opens the host's page under this machine's own name, which Chromium maps to
127.0.0.1 (--host-resolver-rules) and which is no secure origin, and decodes the code from a
screenshot (zxing-cpp) to the join link the page shows. The server runs with `--host <LAN address>`
and is reached on 127.0.0.1 meanwhile: localhost keeps working beside the address. Screenshot:
$COMPANION_SHOTS/join-qr-insecure.png."""
from __future__ import annotations

import io
import ipaddress
import re
import socket
from types import SimpleNamespace

import pytest
from PIL import Image

from app import access

pytestmark = pytest.mark.browser


def own_name() -> str | None:
    """This machine's host name, if it is a name (the app's Host check admits it)."""
    name = socket.gethostname().lower()
    try:
        ipaddress.ip_address(name)
        return None
    except ValueError:
        return None if not name or name in access.LOOPBACK else name


def test_the_qr_code_shows_and_decodes_on_a_plain_http_address(browser, make_server, tmp_path, new_page, ui) -> None:
    zxingcpp = pytest.importorskip("zxingcpp", reason="the QR decoder: pip install zxing-cpp (the test extra)")
    lan, name = access.lan_address(), own_name()
    if not lan or not name:
        pytest.skip("this machine has no LAN address or no host name of its own")
    srv = make_server(tmp_path, "--host", lan)
    code = srv.wait_for_log(r"join code (\d{6})").group(1)
    other = browser.browser_type.launch(executable_path=ui.CHROMIUM,
                                        args=ui.LAUNCH_ARGS + [f"--host-resolver-rules=MAP {name} 127.0.0.1"])
    try:
        ctx = other.new_context(viewport=ui.PHONE)
        ctx.set_default_timeout(30_000)
        for script in ui.PAGE_SCRIPTS:
            ctx.add_init_script(script)
        host = ctx.new_page()
        base = f"http://{name}:{srv.port}"
        gid = ui.start_game(host, SimpleNamespace(url=base), "piraten-kapern", "play", [True, True], mode="devices")
        assert host.evaluate("window.isSecureContext") is False  # (as a LAN address over http is)
        ui.see(host, "Other devices")
        link = host.get_by_text(re.compile(r"^http://\S+/s/" + re.escape(gid) + r"\?join=\d{6}$")).first
        shown = link.inner_text().strip()
        assert shown == f"http://{lan}:{srv.port}/s/{gid}?join={code}"
        qr = host.get_by_role("img", name=re.compile("QR code")).first
        qr.scroll_into_view_if_needed()
        found: list[str] = []
        for _ in range(30):  # (the picture is drawn a frame or two after its node is there)
            ui.painted(host)
            png = host.screenshot()
            found = [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]
            if found:
                break
        ui.shot(host, "join-qr-insecure")
        assert found == [shown], f"decoded from the screenshot: {found}"
        host.close()
        ctx.close()
    finally:
        other.close()
    # the host's own browser on localhost: the server with --host <address> answers there too
    local = new_page(ui.PHONE)
    ui.open_app(local, f"http://localhost:{srv.port}/")
    ui.see(local, "Games")
