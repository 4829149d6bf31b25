"""The Flet app. A game's views are the package `app/<pkg>/`; a game kept in another root
(COMPANION_GAME_ROOTS, companion/roots.py) brings its views in that root's `app/`, which joins
this package's path."""
from companion.roots import extra_packages

__path__ = extra_packages(__path__, "app")
