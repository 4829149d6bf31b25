"""Widgets shared by every game's views. Each is a function that builds new controls per call
(never module-level controls: web sessions would share them)."""
