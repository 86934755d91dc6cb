"""The tap-budget flows of single games: a browser walking one game's own forms, counted by benchmarks/taps.py."""
