"""The anchor of the print benchmark: the deck of deck_table.py drawn by protograf, fronts only.

    python benchmarks/protograf_deck.py OUT.pdf

Run it with the Python of a virtual environment that has protograf (it needs nothing of this
project): `python3 -m venv /tmp/protograf && /tmp/protograf/bin/pip install protograf`, then
`/tmp/protograf/bin/python benchmarks/protograf_deck.py /tmp/protograf-500.pdf`. It prints its
own CPU seconds (interpreter start, imports and writing the PDF included) last.
"""
from __future__ import annotations

import sys
import time

from deck_table import table
from protograf import Card, Create, Data, Deck, Save, T, circle, rectangle, text

Create(filename=sys.argv[1], units="mm", margin=5)
Data(data_list=table())
Deck(card_size="poker", grid_marks=True)
# lower-case shapes are templates for the cards (the capitalised ones draw on the page at once)
Card("*",
     rectangle(x=2, y=2, width=59, height=12, fill="#c8d6d8"),
     text(text=T("{{ title }}"), x=31.5, y=9.5, font_size=11),
     circle(cx=54.5, cy=21, radius=4.5, fill="#1f6f8b"),
     text(text=T("{{ number }}"), x=54.5, y=22, font_size=9),
     text(text=T("{{ text }}"), x=6.5, y=52, align="centre", font_size=9, width=50, height=26, wrap=True))
Save()
print(time.process_time())
