"""The journeys of the arena's browser test, run in order by scripts/gui_browser.py."""
