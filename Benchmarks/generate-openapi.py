#!/usr/bin/env python3
"""Writes an OpenAPI 3.0 document with N operations (default 1200: N/4 paths with GET, POST, PUT and
DELETE) in 20 tags, for timing `ferry import openapi`. Every operation has a path parameter, query
parameters, a JSON request body (POST, PUT) from $ref'd schemas with allOf, enums, formats and
nested arrays, response examples and bearer security. Written as JSON with --json, else YAML."""
import argparse, json

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("file", help="the document to write")
parser.add_argument("count", nargs="?", type=int, default=1200, help="how many operations (default 1200)")
parser.add_argument("--json", action="store_true", help="write JSON instead of YAML")
arguments = parser.parse_args()

schemas = {
    "Address": {"type": "object", "required": ["street"], "properties": {
        "street": {"type": "string"}, "city": {"type": "string"}, "zip": {"type": "string", "pattern": "^[0-9]{5}$"}}},
    "Base": {"type": "object", "properties": {
        "id": {"type": "string", "format": "uuid", "readOnly": True},
        "created": {"type": "string", "format": "date-time"}}},
}
paths = {}
for index in range(arguments.count // 4):
    name = f"Thing{index}"
    schemas[name] = {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "required": ["name"], "properties": {
        "name": {"type": "string"}, "email": {"type": "string", "format": "email"},
        "kind": {"type": "string", "enum": ["small", "large"]}, "count": {"type": "integer", "minimum": 1},
        "address": {"$ref": "#/components/schemas/Address"},
        "tags": {"type": "array", "items": {"type": "string"}}}}]}
    tag = f"group {index % 20}"
    ref = {"$ref": f"#/components/schemas/{name}"}
    item_parameter = {"name": "itemId", "in": "path", "required": True, "schema": {"type": "integer"}, "example": index}
    query = [{"name": "page", "in": "query", "required": True, "schema": {"type": "integer"}},
             {"name": "sort", "in": "query", "schema": {"type": "string"}}]
    ok = {"description": "ok", "content": {"application/json": {"schema": ref, "example": {"name": name, "count": index}}}}
    body = {"required": True, "content": {"application/json": {"schema": ref}}}
    paths[f"/things{index}/{{itemId}}"] = {
        "parameters": [item_parameter],
        "get": {"operationId": f"getThing{index}", "tags": [tag], "parameters": query, "responses": {"200": ok}},
        "post": {"operationId": f"createThing{index}", "tags": [tag], "requestBody": body, "responses": {"201": ok}},
        "put": {"operationId": f"replaceThing{index}", "tags": [tag], "requestBody": body, "responses": {"200": ok}},
        "delete": {"summary": f"Delete thing {index}", "tags": [tag], "responses": {"204": {"description": "gone"}}},
    }
document = {
    "openapi": "3.0.3",
    "info": {"title": "Generated", "version": "1.0.0"},
    "servers": [{"url": "https://api.example.com/v1"}],
    "security": [{"bearer": []}],
    "paths": paths,
    "components": {"schemas": schemas, "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}},
}
with open(arguments.file, "w") as output:
    if arguments.json:
        json.dump(document, output, indent=1)
    else:
        import yaml
        yaml.safe_dump(document, output, sort_keys=False)
