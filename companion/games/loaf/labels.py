"""What the round form's pickers call a review card's effect kinds (basic and advanced) and its targets."""

from __future__ import annotations

from companion.games import msg

SIDE_KINDS = {
    "basic": (("up", msg("Reputation up (+X)")), ("down", msg("Reputation down (−X)"))),
    "advanced": (
        ("discard", msg("Discard X cards")),
        ("retrieve_lowest", msg("Take back the lowest discarded card")),
        ("take_back_lower", msg("Take back, discard one at most X lower")),
        ("take_back_higher", msg("Take back, discard one at least X higher")),
        ("bonus_points", msg("X bonus points at the end")),
        ("minus_points", msg("X minus points at the end")),
        ("double_bonus", msg("x2 bonus (no target)")),
        ("double_minus", msg("x2 minus (no target)")),
        ("double_success", msg("Double success (no target)")),
        ("double_failure", msg("Double failure (no target)")),
        ("empty_double", msg("Empty: counts as two (no target)")),
        ("empty", msg("Empty: counts as one (no target)")),
    ),
}
TARGET_LABELS = {
    "highest": msg("Highest (crown)"),
    "lowest": msg("Lowest (broken crown)"),
    "good": msg("Good: 0 or more (+1 icon)"),
    "bad": msg("Bad: below 0 (−1 icon)"),
    "zero": msg("Exactly 0 (0 icon)"),
    "all": msg("Every player"),
}
