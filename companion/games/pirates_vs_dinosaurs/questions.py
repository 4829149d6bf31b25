"""The question each of the engine's decision kinds asks, in words for people.

One table for every front end (the app shows it as is, the terminal adds its input hints), so a
new decision kind is worded once. `{roller}` is the captain rolling; `{to}` the face a card turns
dice to (" to Skull"), empty when unknown.
"""
from __future__ import annotations

QUESTIONS: dict[str, str] = {
    "relic": "Choose a Relic", "mate": "Choose a First Mate",
    "outfit": "Buy your weapon and equipment (the points left buy sailors)",
    "area": "Where do you search?", "inc_order": "Play which Upcoming Incident first?",
    "act": "Search, end the search early, attack a rival or replenish your crew",
    "arrange": "Arrange Incidents for captains (one each), or go on", "discard": "Discard down to your hand limit",
    "pre": "Before the roll: Desperate Actions, or roll", "post": "After the roll: Desperate Actions, or accept it",
    "react_pre": "{roller} is about to roll: play a card on them, or pass",
    "react_post": "{roller} has rolled: react to that roll, or pass",
    "react_card": "A card is about to strike: play a card that works at any time, or pass",
    "look": "Look at which Landmark?", "dig_act": "Dig, attack, replenish or return to the ship",
    "putback": "Your crew cannot carry it all: which treasure goes back into the bag?",
    "ship": "Draw from the bag, or pass", "choose": "Choose an option", "send_dino": "Who fights the Dinosaur Attack?",
    "cards": "Play which card?", "reroll": "Which dice do you re-roll?", "set_face": "Which dice do you turn{to}?",
    "cancel_slot": "Cancel which Upcoming Incident?", "lose_cards": "A card makes you discard: which Event cards go?",
}
