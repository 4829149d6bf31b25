"""The browser tests' tap (`ui.tap`, tests/app/conftest.py) in a real browser, on the Kapern table
assistant's dice entry, where every tap adds a die: a tap that no control took is made again, and
the die is added once; a tap the app took, on a server that takes seconds to answer, is waited for
and never made twice."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

#: the page's next pointer-down never reaches Flutter (as when a tap lands while the screen
#: scrolls): the browser still clicks, and the trace (TRACE, registered first) still sees it
SWALLOW_NEXT_DOWN = """() => { const stop = e => { e.stopImmediatePropagation();
    window.removeEventListener('pointerdown', stop, true); window.__swallowed = (window.__swallowed || 0) + 1; };
    window.addEventListener('pointerdown', stop, true); }"""

CLICKS = "since => window.__trace.filter(e => e[0] >= since && e[1] === 'click').length"


@pytest.mark.walk
def test_a_lost_tap_is_made_again_once_and_a_slow_one_never_twice(server, new_page, ui) -> None:
    """Both on one dice entry (Anne's, the Captain entered already; the set-up screen and the card's
    tap: tests/app/test_browser.py): first a tap no control took, then one a slow server took."""
    live = ui.table_game(server, "piraten-kapern")
    live.session.resolve(["captain"])
    page = new_page(ui.PHONE)
    ui.open_game(page, server, live)
    ui.see(page, "Anne: enter the 8 dice")
    # a tap no control took is made again, once
    since = page.evaluate("() => performance.now()")
    page.evaluate(SWALLOW_NEXT_DOWN)
    ui.tap(page, "Add Gold coin")
    ui.see(page, "Slot die 1: Gold coin", exact=True)
    assert page.evaluate("() => window.__swallowed") == 1
    assert page.evaluate(CLICKS, since) == 2  # the lost tap and the one made again
    assert not page.get_by_text("Slot die 2: Gold coin", exact=True).count()  # one die added, not two
    ui.tap(page, "Add Diamond")  # and the next tap is one tap
    ui.see(page, "Slot die 2: Diamond", exact=True)
    assert page.evaluate(CLICKS, since) == 3
    # a tap the app took on a server that takes seconds to answer is waited for, never made twice
    since = page.evaluate("() => performance.now()")
    slow = server.data_dir / "slow-events"
    slow.write_text("3")  # each control event waits 3 s on the server before its handler runs
    try:
        ui.tap(page, "Add Gold coin")
    finally:
        slow.unlink()
    ui.see(page, "Slot die 3: Gold coin", exact=True)
    assert page.evaluate(CLICKS, since) == 1
    assert not page.get_by_text("Slot die 4: Gold coin", exact=True).count()
