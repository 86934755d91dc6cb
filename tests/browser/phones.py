"""A phone as the browser tests open one: a fresh context the size of a phone (390 × 844), touch and all."""

from __future__ import annotations

from typing import Any

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def new_phone(chromium: Any, **extra: Any) -> Any:
    """A new phone (a browser context of its own: its own cookies, storage and service worker)."""
    return chromium.new_context(**PHONE, **extra)
