"""The read-me page, the rules booklet and the combined PDF (issue 15 items 1-3, 5): the read-me
comes first and lists every file with its pages and how to print it, the combined file holds
every page in print order, the booklet is made from the content (components and counts, setup,
the turn, the rules, every authored part, every ruling) on A5 pages imposed for saddle stitching
and as a plain version; board tiles keep their marks outside the artwork."""
from __future__ import annotations

import re

from companion.content.models import Ruling, say
from companion.printing import check, flow
from companion.printing.build import context, plan
from companion.printing.options import PrintOptions
from companion.printing.pdfdoc import duplex_order
from companion.printing.sheets import booklet, boards, readme
from companion.printing.source import expand

from .conftest import Recorder

def _pages(data: bytes) -> int:
    return len(re.findall(rb"/Type /Page\b", data))

def test_read_me_first_and_one_combined_pdf_in_print_order(kapern_set):
    folder, made = kapern_set
    names = list(made)
    assert names[0] == "piraten-kapern-read-me.pdf"
    assert names[1:3] == ["piraten-kapern-rules-booklet.pdf", "piraten-kapern-rules.pdf"]
    assert names[-1] == "piraten-kapern-all.pdf"
    # the portrait A4 files, each sheet on a fresh sheet (blank backs where one has none); the
    # landscape booklet stays in its own file
    portrait = [n for n in names[:-1] if n != "piraten-kapern-rules-booklet.pdf"]
    assert sum(made[n] for n in portrait) < made[names[-1]] <= 2 * sum(made[n] for n in portrait)
    assert _pages((folder / names[-1]).read_bytes()) == made[names[-1]]

def test_read_me_lists_every_file_with_its_pages_and_how_to_print(kapern):
    ps = expand(kapern, "en")
    ctx = context(ps, PrintOptions())

    notes = [readme.FileNote("piraten-kapern-cards-fortune.pdf", "", 8, ctx.words("how.cards", duplex="x"))]
    whole = [readme.FileNote("piraten-kapern-all.pdf", "", 20, ctx.words("how.all", duplex="x"))]
    pages = readme.pages(ctx, ps, kapern, notes, lambda n: whole)
    laid = flow.layout(readme.blocks(ctx, ps, kapern, notes), 180, 260)
    text = " ".join(flow.texts(laid))
    assert len(pages) == 1
    assert "piraten-kapern-cards-fortune.pdf" in text and "double-sided on cardstock" in text
    assert "50 mm" in ctx.words("readme.scale", size="50") and "100 %" in text
    rec = Recorder()
    pages[0].draw(rec)
    assert (50.0, 50.0) in {(round(w, 3), round(h, 3)) for _, _, w, h in rec.rects}   # the test square
    drawn = " ".join(t for _, t in rec.texts)
    for count, name in booklet.checklist(ps, ctx.words):
        assert name in drawn
    assert "piraten-kapern-all.pdf" in drawn

def test_imposition_folds_into_a_booklet():
    assert booklet.imposition(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]
    # 6 pages: padded to 8 with two blank pages at the back
    assert booklet.imposition(6) == [(None, 0), (1, None), (5, 2), (3, 4)]
    for n in range(1, 30):
        seen = [i for pair in booklet.imposition(n) for i in pair if i is not None]
        assert sorted(seen) == list(range(n))

def _text(pages) -> str:
    return " ".join(" ".join(flow.texts(pages)).split())

def test_kapern_booklet_is_the_content(kapern, kapern_set):
    folder, made = kapern_set
    ps = expand(kapern, "en")
    ctx = context(ps, PrintOptions())
    a5 = booklet.pages_a5(ctx, ps, kapern)
    assert made["piraten-kapern-rules.pdf"] == len(a5)
    assert made["piraten-kapern-rules-booklet.pdf"] == 2 * -(-len(a5) // 4)
    text = _text(a5)
    for count, name in booklet.checklist(ps, ctx.words):
        assert name in text
    for step in kapern.info.setup:
        assert " ".join(say(step, "en").split()) in text
    for aid in ps.aids:
        for side in aid.sides:
            for heading, _ in side:
                assert heading in text
    for title, _ in booklet.reference("piraten-kapern"):
        assert title in text
    rulings = [o for _, _, o in kapern.objects() if isinstance(o, Ruling)]
    assert rulings and all(" ".join(r.reading.split()) in text for r in rulings)

def test_pvd_booklet_writes_out_every_authored_part(pvd):
    ps = expand(pvd, "en")
    ctx = context(ps, PrintOptions())
    text = _text(booklet.pages_a5(ctx, ps, pvd))
    # the Curses and the Volcano marks (board spaces), the Event deck, First Mates, Relics, Equipment
    for board in ps.boards:
        for r in board.regions:
            if r.get("text"):
                assert f"{r['name']}: {' '.join(r['text'].split())}" in text
    for g in ps.cards:
        for f in g.faces:
            if f.fields.get("text"):
                assert f.fields["name"] in text, (g.id, f.fields["name"])
    assert "Remove pairs" in text and "Fragments each" in text     # setup per player count
    assert "Cover the next volcano mark" in text

def test_tile_marks_stay_outside_the_artwork(pvd):
    ps = expand(pvd, "en")
    ctx = context(ps, PrintOptions())
    board = ps.boards[0]
    pages = boards.tile_pages(ctx, board)
    _, ts = boards.orient(ctx, board, 12.0)
    glue = ctx.words("tiles.under", tile="")
    for page, tile in zip(pages[1:], ts):
        rec = Recorder()
        page.draw(rec)
        ww, wh = boards.tile_window(page.paper)
        left, top = (page.paper.w - ww) / 2, (page.paper.h - wh) / 2
        # the furniture is drawn after the board: every line after the board's last is outside it
        furniture = rec.lines[-6:]
        for ln in furniture:
            (x1, y1), (x2, y2) = ln["from"], ln["to"]
            inside = left + 1e-6 < min(x1, x2) and max(x1, x2) < left + tile.w - 1e-6 and \
                top + 1e-6 < min(y1, y2) and max(y1, y2) < top + tile.h - 1e-6
            assert not inside, (tile.code, ln)
        has_right = any(o.col == tile.col + 1 and o.row == tile.row for o in ts)
        assert any(t.startswith(glue) for _, t in rec.texts) == (has_right or
                                                                any(o.row == tile.row + 1 and o.col == tile.col for o in ts))


def test_every_sheet_is_labelled_with_its_own_name(game_set):
    """The sticker sheet once carried the read-me's label ("read me first"): a late-bound name."""
    from companion.printing.build import plan

    # the component sheets (the read-me and the booklet are laid out by tests of their own)
    jobs = [j for j in plan(game_set("pirate-island")[0], PrintOptions(formats=("pdf",)))
            if j.pages is not None and j.kind not in ("readme", "rules")]
    assert any(j.kind == "stickers" for j in jobs)
    for job in jobs:
        sheet = job.title.split(": ", 1)[-1]
        # a large-format board page says its paper beside the board's name ("Pirate Island", "A2")
        assert all(sheet.startswith(pg.sheet) for pg in job.pages()), job.path.name


def test_pirateology_booklet_has_its_rules_with_the_rulebook_numbers(game_set):
    """Issue 15: Pirateology's rules in the project's words (content/pirateology/reference/en.yaml, which the
    app shows too), its setup (where the pirates start, which ship is whose) and its numbers."""
    game, ps = game_set("pirateology")
    ctx = context(ps, PrintOptions())
    text = _text(booklet.pages_a5(ctx, ps, game))
    sections = booklet.reference("pirateology")
    assert len(sections) >= 10 and ctx.words("booklet.rules") in text
    for title, body in sections:
        assert title in text and body in text
    r = game.files["rules.yaml"].rules
    whole = " ".join(body for _, body in sections)
    for said in (f"roll {r.pirate_dice} die", f"roll {r.ship_dice} dice", f"roll {r.castaway_dice} dice up to {r.castaway_tries} times",
                 f"a {r.castaway_escape[0]} or {r.castaway_escape[1]}", f"play {r.bank_maps} Treasure Maps",
                 f"{['', 'one', 'two', 'three'][r.cannon_skulls]} skulls with a Cannon", "move double"):
        assert said.lower() in whole.lower(), said
    setup = " ".join(say(s, "en") for s in game.info.setup)
    assert f"{r.coins_each} gold coins" in setup and f"deal {r.cards_dealt}" in setup
    assert f"{r.markers_each} land markers" in setup and "Black X" in setup


def test_booklet_rulings_one_heading_per_section_and_card_texts_as_sentences(pvd):
    ps = expand(pvd, "en")
    ctx = context(ps, PrintOptions())
    laid = booklet.pages_a5(ctx, ps, pvd)
    heads = [f.lines for page in laid for pl in page if pl.kind == "head2" for _, _, f, _ in pl.fits]
    names = [" ".join(r.value for ln in lines for r in ln.runs if r.kind == "text") for lines in heads]
    rulings_at = names.index(next(n for n in names if n.startswith("Components")))
    after = names[rulings_at:]
    assert len(after) == len(set(after)), [n for n in after if after.count(n) > 1]
    text = _text(laid)
    assert "Plunder Plunder" not in text and ".)." not in text
    assert booklet._sentences("Keep this card", "Swap your pirate for your ship.") == \
        "Keep this card. Swap your pirate for your ship."


def test_kapern_prints_in_dutch(kapern):
    """Issue 16 item 6 in print: `companion print piraten-kapern --lang nl` gives a Dutch read-me
    and booklet: the printer's words (content/words/nl.yaml, print:), the setup, the turn, the rules
    (content/piraten-kapern/reference/nl.yaml) and the rulings (rulings.yaml's translations) in Dutch."""
    ps = expand(kapern, "nl")
    ctx = context(ps, PrintOptions(lang="nl"))
    text = _text(booklet.pages_a5(ctx, ps, kapern))
    for dutch in ("Onderdelen", "Voorbereiding", "Een beurt", "De spelregels", "Uitspraken", "Doodshoofdeiland",
                  "Schud de 35 piratenkaarten", "Elke kaart, elk vak en elk fiche"):
        assert dutch in text, dutch
    before_rulings = text.split(ctx.words("booklet.rulings_intro"))[0]
    for english in ("Components", "Setup", "The rules", "Shuffle the 35", "Skull Island", "Every card"):
        assert english not in before_rulings, english
    assert [t for t, _ in booklet.reference("piraten-kapern", "nl")][0] == "Doel"
    notes = [readme.FileNote("piraten-kapern-cards-fortune-nl.pdf", "", 8, ctx.words("how.cards", duplex="x"))]
    words = " ".join(flow.texts(flow.layout(readme.blocks(ctx, ps, kapern, notes), 180, 260)))
    for dutch in ("eerst lezen", "Print op 100 %", "Papier en karton", "Controlelijst", "dubbelzijdig op karton"):
        assert dutch in words, dutch

def test_read_me_counts_its_own_pages_and_the_combined_files(pvd, tmp_path):
    """The PvD read-me once said "this page (read-me): 2" and "all.pdf: 108" on a read-me of 3
    pages and a combined file of 109: the combined file's row pushed the read-me onto a third page
    after the pages were counted. The counts are what is printed."""
    jobs = plan(pvd, PrintOptions(out=tmp_path, formats=("pdf",)))
    assert jobs[0].kind == "readme" and jobs[-1].kind == "all"
    pages = jobs[0].pages()
    rec = Recorder()
    for page in pages:
        page.draw(rec)
    texts = [t for _, t in rec.texts]
    this = texts.index(context(expand(pvd, "en"), PrintOptions()).words("readme.this"))
    assert texts[this + 1] == str(len(pages))
    whole = texts.index("pirates-vs-dinosaurs-all.pdf")
    backs = [[i % 2 == 1 for i in range(len(pages))]] + [[p.back for p in j.pages()] for j in jobs[1:-1]
                                                          if j.paper == jobs[0].paper]
    assert texts[whole + 1] == str(len(duplex_order(backs)))


def test_the_dutch_booklet_has_no_english_ruling_left(kapern):
    """Every ruling of the Dutch edition prints in Dutch (its `translations: nl`): the Dutch
    booklet holds each Dutch reading and none of the English rules, readings or reasons, and no
    note that the rulings are in English; the English booklet keeps the English ones."""
    rulings = [o for _, _, o in kapern.objects() if isinstance(o, Ruling)]
    assert len(rulings) > 20 and all("nl" in r.translations for r in rulings)
    texts = {}
    for lang in ("nl", "en"):
        ps = expand(kapern, lang)
        ctx = context(ps, PrintOptions(lang=lang))
        texts[lang] = " ".join(_text(booklet.pages_a5(ctx, ps, kapern)).split())
    nl = texts["nl"]
    assert "Uitspraken" in nl and "Engels" not in nl.split("Uitspraken")[-1]
    for r in rulings:
        dutch = r.words("nl")
        assert " ".join(dutch.reading.split()) in nl, r.id
        for english in (r.rule, r.reading, r.why.rstrip(".")):
            assert " ".join(english.split()) not in nl, f"{r.id}: English left in the Dutch booklet: {english!r}"
        assert " ".join(r.reading.split()) in texts["en"]
    assert check.problems(kapern, ("nl",)) == []


def test_a_ruling_without_dutch_is_a_print_problem_of_a_dutch_edition(kapern):
    """A ruling added in English only would print in English in the Dutch booklet: the check
    that `companion print` runs says which one (and the booklet says so above the rulings)."""
    first = next(o for _, _, o in kapern.objects() if isinstance(o, Ruling))
    saved = first.translations
    try:
        first.translations = {}
        found = [p for p in check.problems(kapern, ("en",)) if "ruling" in p]
        assert found == [f"piraten-kapern [nl] ruling {first.id}: no nl text (translations: {{nl: {{rule, reading, why}}}}); "
                         "the nl booklet would print it in English"]
        ps = expand(kapern, "nl")
        text = _text(booklet.pages_a5(context(ps, PrintOptions(lang="nl")), ps, kapern))
        assert "Uitspraken die nog geen Nederlandse tekst hebben" in text
    finally:
        first.translations = saved


def test_read_me_keeps_each_board_picture_with_all_its_assembly_steps(pvd, tmp_path):
    """Issue 15 item 2 (the board assembly steps with a small picture): the PvD read-me once put
    steps 1-2 under the picture and steps 3-4 alone on the next page. The heading, the picture
    and every step stand on one page."""
    jobs = plan(pvd, PrintOptions(out=tmp_path, formats=("pdf",)))
    laid = []
    for page in jobs[0].pages():
        rec = Recorder()
        page.draw(rec)
        laid.append(" ".join(" ".join(t for _, t in rec.texts).split()))
    board = next(t for t in laid if "Putting the board together" in t)
    for n in range(1, 5):
        assert f"{n}." in board.split("Putting the board together", 1)[1], (n, board)
    assert sum("Putting the board together" in t for t in laid) == 1


def test_a_kept_group_taller_than_a_page_still_breaks():
    """`keep` never leaves a page empty: a group that cannot fit on any page flows as usual."""
    def page_texts(pages) -> list[str]:
        return [" ".join(flow.texts([page])) for page in pages]

    long = [flow.heading("Head", keep=3)] + [flow.p("word " * 400) for _ in range(3)]
    assert page_texts(flow.layout(long, 100, 120))[0].startswith("Head word")
    def draw(*_) -> None:
        pass

    def kept_page(keep: int) -> int:
        doc = [flow.picture(80, draw), flow.heading("Kept", keep=keep), flow.picture(20, draw), flow.picture(20, draw)]
        pages = page_texts(flow.layout(doc, 100, 120))
        return next(i for i, t in enumerate(pages) if "Kept" in t)

    assert kept_page(0) == 0   # the heading and the first picture fit below the tall one
    assert kept_page(2) == 1   # both pictures do not: with keep=2 the group starts the next page
