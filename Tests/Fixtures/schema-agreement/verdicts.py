#!/usr/bin/env python3
"""Prints, for each case of cases.json, the verdict of a validator nobody at Ferry wrote: one line
of JSON per case, `{"valid": bool, "pointers": [...]}`, the pointers being the instance locations
(RFC 6901) of every error `iter_errors` yields. OpenAPI 3.0 documents' schemas go through
openapi-schema-validator's OAS30Validator (jsonschema with `nullable`, read as a response), 3.1's
through jsonschema's Draft202012Validator.
    verdicts.py cases.json"""
import json
import sys

import jsonschema
import referencing
from openapi_schema_validator import OAS30Validator, OAS31Validator

data = json.load(open(sys.argv[1], encoding="utf-8"))
validators = {}
for case in data["cases"]:
    key = (case["document"], case["schema"])
    if key not in validators:
        document = data["documents"][case["document"]]
        resource = referencing.Resource.opaque(document)
        registry = referencing.Registry().with_resource("urn:document", resource)
        cls = OAS30Validator if document["openapi"].startswith("3.0") else OAS31Validator
        validators[key] = cls({"$ref": "urn:document#" + case["schema"]}, registry=registry)
    errors = list(validators[key].iter_errors(case["instance"]))
    pointers = sorted({"".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in error.absolute_path) for error in errors})
    print(json.dumps({"valid": not errors, "pointers": pointers}))
