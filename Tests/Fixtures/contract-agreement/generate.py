#!/usr/bin/env python3
"""Writes cases.json for ContractAgreementTests: public OpenAPI documents (the petstore editions and
others, origins and licences in ../README.md and in the folders named below), and for each
operation with a JSON response a response made to match it, then responses made to break it one
part at a time: a status it does not declare, a content type it does not declare, a required
header missing, and the body broken one keyword at a time (a property of the wrong type, outside
its enum or below its minimum, a required property missing, an extra property where none is
allowed, the whole body null). The documents are stored whole as JSON; the verdicts are not: the
test asks Python's openapi-core for them at run time.
    generate.py > cases.json"""
import copy
import json
import os
import re
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
INTEROP = os.path.join(HERE, "../../FerryInteropTests/Fixtures/openapi")
CORPUS = os.path.join(HERE, "../import-corpus/openapi")
DOCUMENTS = [
    (INTEROP, "v3.0-petstore.yaml"), (INTEROP, "v3.0-petstore-expanded.yaml"), (INTEROP, "v3.0-uspto.yaml"),
    (CORPUS, "museum-3.1.yaml"), (CORPUS, "sendgrid-designs.yaml"), (CORPUS, "spotify.yaml"),
]
MAX_OPERATIONS = 25  # per document
MAX_BREAKERS = 8  # body breakers per operation
FORMATS = {"date-time": "2026-01-02T03:04:05Z", "date": "2026-01-02", "email": "ann@example.com", "uri": "https://example.com/a",
           "uuid": "123e4567-e89b-12d3-a456-426614174000", "ipv4": "192.0.2.1", "hostname": "example.com"}
METHODS = ["get", "put", "post", "delete", "patch"]


def resolve(node, document):
    seen = 0
    while isinstance(node, dict) and "$ref" in node and seen < 20:
        target = document
        for token in node["$ref"].lstrip("#/").split("/"):
            target = target[token.replace("~1", "/").replace("~0", "~")]
        node, seen = target, seen + 1
    return node


def sample(schema, document, depth=0):
    schema = resolve(schema, document)
    if not isinstance(schema, dict) or depth > 8:
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
                if (depth < 3 or name in required) and not resolve(sub, document).get("writeOnly", False)}
    if kind == "array":
        return [sample(schema.get("items", {}), document, depth + 1) for _ in range(max(1, schema.get("minItems", 1)))][:3]
    if kind == "string":
        text = FORMATS.get(schema.get("format"), "text")
        return (text + "x" * schema.get("minLength", 0))[: schema.get("maxLength", 1000)]
    if kind == "integer":
        return int(schema.get("minimum", 1))
    if kind == "number":
        return float(schema.get("minimum", 1.5))
    if kind == "boolean":
        return True
    return None


def wrong(schema, document):
    resolved = resolve(schema, document)
    kind = resolved.get("type") if isinstance(resolved, dict) else None
    if isinstance(kind, list) or (isinstance(resolved, dict) and (resolved.get("nullable") or "oneOf" in resolved or "anyOf" in resolved)):
        return None
    return {"string": 12345, "integer": "x", "number": "x", "boolean": "yes", "object": [], "array": {}}.get(kind, None)


def breakers(schema, value, document, depth=0):
    """(name, body) pairs, each breaking one keyword of `schema` in `value`."""
    schema = resolve(schema, document)
    if not isinstance(value, dict) or not isinstance(schema, dict) or depth > 2:
        return
    for name, sub in schema.get("properties", {}).items():
        if name not in value:
            continue
        bad = wrong(sub, document)
        if bad is not None:
            broken = copy.deepcopy(value)
            broken[name] = bad
            yield f"{name} has the wrong type", broken
        resolved = resolve(sub, document)
        if isinstance(resolved, dict) and "enum" in resolved and None not in resolved["enum"]:
            broken = copy.deepcopy(value)
            broken[name] = "not-in-the-enum"
            yield f"{name} is outside its enum", broken
        if isinstance(resolved, dict) and "minimum" in resolved:
            broken = copy.deepcopy(value)
            broken[name] = resolved["minimum"] - 1
            yield f"{name} is below its minimum", broken
        if isinstance(resolved, dict) and isinstance(value[name], dict):
            for inner, instance in breakers(resolved, value[name], document, depth + 1):
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


def server(spec):
    servers = spec.get("servers") or [{"url": "http://localhost"}]
    url = servers[0]["url"]
    for name, variable in (servers[0].get("variables") or {}).items():
        url = url.replace("{" + name + "}", str(variable.get("default", "")))
    if "://" not in url:
        url = "http://localhost" + ("" if url.startswith("/") else "/") + url
    return url.rstrip("/")


def concrete(template, parameters, document):
    values = {}
    for parameter in parameters:
        parameter = resolve(parameter, document)
        if parameter.get("in") == "path":
            value = sample(parameter.get("schema", {"type": "string"}), document)
            values[parameter["name"]] = "1" if value in (None, "") else str(value).lower() if isinstance(value, bool) else str(value)
    return re.sub(r"\{([^}]+)\}", lambda match: values.get(match.group(1), "1"), template)


def json_type(name):
    essence = name.split(";")[0].strip().lower()
    return essence == "application/json" or essence.endswith("+json")


def main():
    documents, cases = {}, []
    for folder, file in DOCUMENTS:
        with open(os.path.join(folder, file), encoding="utf-8") as handle:
            spec = yaml.safe_load(handle)
        documents[file] = spec
        base = server(spec)
        operations = 0
        for template, item in spec.get("paths", {}).items():
            item = resolve(item, spec)
            for method in METHODS:
                operation = item.get(method)
                if not isinstance(operation, dict) or operations >= MAX_OPERATIONS:
                    continue
                responses = operation.get("responses", {})
                chosen = None
                for status, response in responses.items():
                    response = resolve(response, spec)
                    content = response.get("content") or {}
                    media = next((name for name in content if json_type(name) and "schema" in content[name]), None)
                    if str(status).startswith("2") and media:
                        chosen = (int(str(status).replace("X", "0")), response, media, content[media]["schema"])
                        break
                if not chosen:
                    continue
                operations += 1
                status, response, media, schema = chosen
                parameters = item.get("parameters", []) + operation.get("parameters", [])
                path = concrete(template, parameters, spec)
                headers = {}
                for name, header in (response.get("headers") or {}).items():
                    header = resolve(header, spec)
                    if header.get("required") and name.lower() != "content-type":
                        value = sample(header.get("schema", {"type": "string"}), spec)
                        headers[name] = str(value).lower() if isinstance(value, bool) else str(value)
                body = sample(schema, spec)
                common = {"document": file, "server": base, "method": method.upper(), "path": path, "template": template}

                def case(name, **changes):
                    made = dict(common, name=f"{method.upper()} {template}: {name}", status=status, contentType=media,
                                headers=headers, body=body)
                    made.update(changes)
                    cases.append(made)

                case("made to match")
                declared = {str(code).upper() for code in responses}
                if "DEFAULT" not in declared and "4XX" not in declared and "418" not in declared:
                    case("an undeclared status", status=418)
                if not any(name.startswith("text/") or name == "*/*" for name in (response.get("content") or {})):
                    case("an undeclared content type", contentType="text/plain")
                for name in headers:
                    case(f"header {name} missing", headers={key: value for key, value in headers.items() if key != name})
                case("the whole body null", body=None)
                for label, broken in list(breakers(schema, body, spec))[:MAX_BREAKERS]:
                    case(label, body=broken)
    json.dump({"documents": documents, "cases": cases}, sys.stdout, ensure_ascii=False, separators=(",", ":"), default=str)


main()
