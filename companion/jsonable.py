"""Any state or result the app keeps, as plain JSON values (for the table API and the contract test)."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

from pydantic import BaseModel


def jsonable(value: Any) -> Any:
    """`value` as JSON types: dataclasses and models as objects, mappings with text keys, sequences as lists."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", by_alias=True)
    if isinstance(value, Mapping):
        return {str(key): jsonable(item) for key, item in value.items()}
    if isinstance(value, set | frozenset):
        return sorted((jsonable(item) for item in value), key=repr)
    if isinstance(value, list | tuple | range):
        return [jsonable(item) for item in value]
    if isinstance(value, enum.Enum):
        return jsonable(value.value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    return str(value)
