"""The table assistant of Pirates vs. Dinosaurs: a real game played at a table, tracked by the rules.

`tracker.py` is its Game (saved, undone and resumed like any session), `entries.py` what may be
written down beside the real game, `settle.py` the rules with the table as the chance source (the
dice come with an entry), and `numbers.py` what the tracker shows, worked out by the rules.
"""
