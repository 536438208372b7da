#!/usr/bin/env python3
"""Writes cases.json for SchemaAgreementTests: the component schemas of public OpenAPI documents
(Tests/FerryInteropTests/Fixtures/openapi, licences in its README), each with an instance made to
match it and instances made to break it one keyword at a time (a property of the wrong type, a
required property missing, a value outside an enum or a bound, an extra property where none is
allowed, the whole value of the wrong type). The documents are stored as JSON (their schemas
only); the verdicts are not: the test asks Python's validators for them at run time.
    generate.py > cases.json"""
import copy
import json
import os
import re
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCES = os.path.join(HERE, "../../FerryInteropTests/Fixtures/openapi")
DOCUMENTS = ["v3.0-petstore.yaml", "v3.0-petstore-expanded.yaml", "v3.0-uspto.yaml", "v3.1-webhook-example.yaml", "twilio_api_v2010.yaml"]
MAX_SCHEMAS = 40  # per document (Twilio's has hundreds)

FORMATS = {"date-time": "2026-01-02T03:04:05Z", "date": "2026-01-02", "email": "ann@example.com", "uri": "https://example.com/a",
           "uuid": "123e4567-e89b-12d3-a456-426614174000", "ipv4": "192.0.2.1", "hostname": "example.com"}


def resolve(schema, document):
    seen = 0
    while isinstance(schema, dict) and "$ref" in schema and seen < 20:
        node = document
        for token in schema["$ref"].lstrip("#/").split("/"):
            node = node[token.replace("~1", "/").replace("~0", "~")]
        schema, seen = node, seen + 1
    return schema


def sample(schema, document, depth=0):
    schema = resolve(schema, document)
    if not isinstance(schema, dict):
        return None
    if "enum" in schema and schema["enum"]:
        return schema["enum"][0]
    if "allOf" in schema:
        merged = {}
        for part in schema["allOf"]:
            value = sample(part, document, depth + 1)
            if isinstance(value, dict):
                merged.update(value)
        return merged
    for key in ("oneOf", "anyOf"):
        if key in schema and schema[key]:
            return sample(schema[key][0], document, depth + 1)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind == "object" or (kind is None and "properties" in schema):
        required = set(schema.get("required", []))
        return {name: sample(sub, document, depth + 1) for name, sub in schema.get("properties", {}).items()
                if depth < 3 or name in required}
    if kind == "array":
        return [sample(schema.get("items", {}), document, depth + 1) for _ in range(max(1, schema.get("minItems", 1)))][:4]
    if kind == "string":
        text = FORMATS.get(schema.get("format"), "text")
        sid = re.fullmatch(r"\^([A-Z]{2})\[0-9a-fA-F\]\{32\}\$", schema.get("pattern", ""))
        if sid:  # Twilio's identifiers: two letters and 32 hex digits
            return sid.group(1) + "0123456789abcdef" * 2
        return (text + "x" * schema.get("minLength", 0))[: schema.get("maxLength", 1000)]
    if kind == "integer":
        return int(schema.get("minimum", 1))
    if kind == "number":
        return float(schema.get("minimum", 1.5))
    if kind == "boolean":
        return True
    return None


def wrong(schema, document):
    kind = resolve(schema, document).get("type") if isinstance(resolve(schema, document), dict) else None
    return {"string": 12345, "integer": "x", "number": "x", "boolean": "yes", "object": [], "array": {}}.get(kind, None)


def breakers(schema, value, document):
    """(name, instance) pairs, each breaking one keyword of `schema` in `value`."""
    schema = resolve(schema, document)
    yield "the whole value is null", None
    if not isinstance(value, dict) or not isinstance(schema, dict):
        return
    properties = schema.get("properties", {})
    for name, sub in properties.items():
        if name not in value:
            continue
        bad = wrong(sub, document)
        if bad is not None:
            broken = copy.deepcopy(value)
            broken[name] = bad
            yield f"{name} has the wrong type", broken
        resolved = resolve(sub, document)
        if isinstance(resolved, dict) and "enum" in resolved:
            broken = copy.deepcopy(value)
            broken[name] = "not-in-the-enum"
            yield f"{name} is outside its enum", broken
        if isinstance(resolved, dict) and "minimum" in resolved:
            broken = copy.deepcopy(value)
            broken[name] = resolved["minimum"] - 1
            yield f"{name} is below its minimum", broken
        if isinstance(resolved, dict) and isinstance(value[name], dict):
            for inner, instance in breakers(resolved, value[name], document):
                if instance is None:
                    continue
                broken = copy.deepcopy(value)
                broken[name] = instance
                yield f"{name}: {inner}", broken
    for name in schema.get("required", []):
        if name in value:
            broken = copy.deepcopy(value)
            del broken[name]
            yield f"{name} is missing", broken
    if schema.get("additionalProperties") is False:
        broken = copy.deepcopy(value)
        broken["unexpected"] = 1
        yield "an extra property", broken


def main():
    documents, cases = {}, []
    for file in DOCUMENTS:
        with open(os.path.join(SOURCES, file), encoding="utf-8") as handle:
            spec = yaml.safe_load(handle)
        schemas = spec.get("components", {}).get("schemas", {})
        names = sorted(schemas)[:MAX_SCHEMAS]
        document = {"openapi": spec["openapi"], "components": {"schemas": schemas}}
        documents[file] = document
        for name in names:
            value = sample(schemas[name], document)
            pointer = "/components/schemas/" + name.replace("~", "~0").replace("/", "~1")
            cases.append({"document": file, "schema": pointer, "name": f"{name}: made to match", "instance": value})
            for label, instance in list(breakers(schemas[name], value, document))[:12]:
                cases.append({"document": file, "schema": pointer, "name": f"{name}: {label}", "instance": instance})
    json.dump({"documents": documents, "cases": cases}, sys.stdout, ensure_ascii=False, separators=(",", ":"), default=str)


main()
