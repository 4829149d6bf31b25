"""Joining a table in a real browser at phone size (issue 16.1): with --host the host's screen shows
an http link with this machine's address and a QR code carrying the join code; a device without
the code cannot take a seat, the link's device can; the host frees a lost phone's seat and another
device takes it with the typed-in code. Screenshots go to $COMPANION_SHOTS (join-*.png)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from app import state
from companion.games import get_game

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def lan_server(tmp_path_factory, server, make_server):  # (`server`: the browser fixtures' checks)
    """`companion app --web --host 0.0.0.0` on a free port: a LAN server with a join code."""
    srv = make_server(tmp_path_factory.mktemp("lan-data"), "--host", "0.0.0.0")
    srv.code = srv.wait_for_log(r"join code (\d{6})").group(1)  # (printed a moment after it listens)
    return srv


@pytest.mark.walk
def test_join_by_qr_link_code_and_hand_a_seat_over(lan_server, new_page, ui) -> None:
    # made in the server's data folder as the set-up screen makes it (two humans, one device each;
    # that screen: tests/app/test_browser.py); the host's browser opens it first and takes Anne's seat
    live = state.GameRegistry(lan_server.data_dir).create(get_game("piraten-kapern"), ["Anne", "Bart"], state.DEVICES)
    gid = live.id
    host = new_page(ui.PHONE)
    ui.open_game(host, lan_server, live)
    ui.tap(host, "Take seat: Anne")
    ui.see(host, "Other devices")
    link_text = host.get_by_text(re.compile(r"^http://\S+/s/" + re.escape(gid) + r"\?join=\d{6}$"))
    link = link_text.first.inner_text().strip()
    assert link.endswith(f":{lan_server.port}/s/{gid}?join={lan_server.code}")
    assert "localhost" not in link and "ws://" not in link
    host.get_by_role("img", name=re.compile("QR code")).first.wait_for()
    ui.into_view(host, link_text.first)
    ui.shot(host, "join-1-host-qr")

    # a device on the network without the code: it sees the game but cannot take a seat
    stranger = new_page(ui.PHONE)
    ui.open_app(stranger, f"{lan_server.url}/s/{gid}")
    ui.see(stranger, "Join this game")
    ui.see(stranger, "needs the join code")
    ui.tap(stranger, "Take seat: Bart")
    ui.see(stranger, "Enter the join code")
    ui.shot(stranger, "join-2-no-code")

    # the phone that scanned the QR code opens its link (this machine's address, the code in it)
    phone = new_page(ui.PHONE)
    ui.open_app(phone, link)
    ui.tap(phone, "Take seat: Bart")
    ui.see(phone, "This device plays Bart")
    ui.see(stranger, "This game is played on another device")  # every seat taken: no code field
    ui.see(host, "Free Bart's seat")
    ui.shot(phone, "join-3-phone-seated")

    # Bart's phone is lost: the host frees the seat, and the other device takes it with the code.
    # The stranger's screen redraws with the free seat and an empty code field: typing into the
    # field before that redraw came would type into a field about to be replaced
    ui.tap(host, "Free Bart's seat", changes=stranger)
    ui.see(phone, "Join this game")
    field = stranger.get_by_label("Join code")
    for _ in range(5):  # the field holds the code (and told the server): its counter says so.
        # Typed the moment the field takes the focus, before Flutter's text editing has taken the
        # field over, the code is dropped (the field stays empty): type it again, as a person would
        field.fill(lan_server.code)
        try:
            ui.see(stranger, "6 characters remaining", timeout=5_000)
            break
        except PlaywrightTimeout:
            continue
    else:
        raise AssertionError("the join code field never held the typed code")
    ui.tap(stranger, "Join")
    ui.see(stranger, "Joined: take a free seat.")
    ui.tap(stranger, "Take seat: Bart")
    ui.see(stranger, "This device plays Bart")
    # (Anne's turn goes on, or three skulls ended it by themselves and it is Bart's)
    stranger.get_by_text(re.compile(r"^(Waiting for Anne|Your turn, Bart)")).first.wait_for()
    stranger.get_by_role("button", name="Take seat: Bart").wait_for(state="detached")
    ui.shot(stranger, "join-4-seat-handed-over")
    ui.see(host, "Free Bart's seat")
    ui.shot(host, "join-5-host-after")


@pytest.mark.walk
def test_a_hot_seat_game_stays_on_its_device(lan_server, new_page, ui) -> None:
    owner = new_page(ui.PHONE)
    gid = ui.start_game(owner, lan_server, "piraten-kapern", "play", [True, True])
    owner.get_by_text(re.compile(r"^Your turn, (Anne|Bart)$")).first.wait_for()  # (Kapern: no privacy screen)
    other = new_page(ui.PHONE)
    ui.open_app(other, f"{lan_server.url}/?join={lan_server.code}")
    ui.see(other, "Games")
    assert not other.get_by_text(re.compile("Hot-seat game")).count()  # (a free seat elsewhere may be listed)
    ui.open_app(other, f"{lan_server.url}/s/{gid}")
    ui.see(other, "This game is played on another device")
    ui.see(other, "Not on this device")
    assert not other.get_by_role("button", name=re.compile("^I am ")).count()
    ui.shot(other, "join-6-hot-seat-elsewhere")
