"""The OpenAPI 3.1 document, generated from the same schemas that validate the requests."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from pydantic.json_schema import models_json_schema

from . import history_openapi, photo_openapi, table_openapi
from .rules import OPENAPI_PATHS as RULES_PATHS

REF = "#/components/schemas/{model}"

ERRORS = {
    "type": "object",
    "required": ["errors"],
    "properties": {
        "errors": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["loc", "msg"],
                "properties": {"loc": {"type": "string"}, "msg": {"type": "string"}},
            },
        }
    },
}

RESULT = {
    "type": "object",
    "required": ["players", "winners"],
    "properties": {
        "players": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["name", "score", "breakdown"],
                "properties": {
                    "name": {"type": "string"},
                    "score": {"type": "integer"},
                    "breakdown": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["label", "points", "rule"],
                            "properties": {
                                "label": {"type": "string"},
                                "points": {"type": "integer"},
                                "rule": {"type": "string"},
                            },
                        },
                    },
                },
            },
        },
        "winners": {"type": "array", "items": {"type": "string"}},
        "notes": {"type": "array", "items": {"type": "string"}},
    },
}


def _error(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": REF.format(model="Errors")}}},
    }


def _operation(endpoint: Any, ref: dict[str, Any]) -> dict[str, Any]:
    response_schema = getattr(endpoint, "response", None) or {"$ref": REF.format(model="Result")}
    return {
        "post": {
            "summary": endpoint.summary,
            "operationId": endpoint.path.strip("/").replace("/", "_").replace("-", "_"),
            "requestBody": {"required": True, "content": {"application/json": {"schema": ref}}},
            "responses": {
                "200": {
                    "description": "The result",
                    "content": {"application/json": {"schema": response_schema}},
                },
                "400": _error("The body is not JSON or not an object"),
                "413": _error("The body is over 64 KiB"),
                "422": _error("The input breaks a rule: every problem, located"),
            },
        }
    }


@cache
def _document(endpoints: tuple[Any, ...]) -> dict[str, Any]:
    models = dict.fromkeys([*(e.schema for e in endpoints), *table_openapi.models()])
    refs, schema = models_json_schema([(m, "validation") for m in models], ref_template=REF)
    components = {**schema.get("$defs", {}), "Errors": ERRORS, "Result": RESULT, **table_openapi.COMPONENTS}
    components |= history_openapi.COMPONENTS | photo_openapi.COMPONENTS
    components |= table_openapi.payload_components(refs, components)
    paths = {f"/api/v1{e.path}": _operation(e, refs[(e.schema, "validation")]) for e in endpoints}
    paths |= table_openapi.paths(refs, _error)
    paths |= history_openapi.paths(_error) | photo_openapi.paths(_error)
    paths["/api/v1/openapi.json"] = {
        "get": {"summary": "This document", "responses": {"200": {"description": "OpenAPI 3.1"}}}
    }
    paths.update(RULES_PATHS)
    return {
        "openapi": "3.1.0",
        "info": {"title": "Table Companion API", "version": "1"},
        "paths": paths,
        "components": {"schemas": components},
    }


def document(endpoints: Sequence[Any]) -> dict[str, Any]:
    return _document(tuple(endpoints))
