"""Where a page of a long list stands among its pages: the history's plays and its photos are read a page at a
time, newest first."""

from __future__ import annotations

import math


class Paged:
    """Page `number` (from 1) of `size` items out of the `matching` ones; a dataclass adds its items beside these."""

    number: int
    matching: int
    size: int

    @property
    def pages(self) -> int:
        return max(1, math.ceil(self.matching / self.size))

    @property
    def has_previous(self) -> bool:
        return self.number > 1

    @property
    def has_next(self) -> bool:
        return self.number < self.pages
