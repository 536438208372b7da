#!/usr/bin/env python3
"""Prints, for each case of cases.json, the verdict of a validator nobody at Ferry wrote, Python's
openapi-core (its response validation, `OpenAPI.iter_response_errors`): one line of JSON per case,
`{"valid": bool, "parts": [...], "pointers": [...]}`, the parts being what failed (status,
content type, header, body) and the pointers the instance locations (RFC 6901) of the body's
schema errors.
    verdicts.py cases.json"""
import json
import sys

from openapi_core import OpenAPI
from openapi_core.testing import MockRequest, MockResponse
from openapi_core.templating.media_types.exceptions import MediaTypeNotFound
from openapi_core.templating.responses.exceptions import ResponseNotFound
from openapi_core.validation.response.exceptions import MissingRequiredHeader
from openapi_core.validation.schemas.exceptions import InvalidSchemaValue

data = json.load(open(sys.argv[1], encoding="utf-8"))
apis = {}


def pointers(error):
    while error is not None and not isinstance(error, InvalidSchemaValue):
        error = error.__cause__ or error.__context__
    if error is None:
        return []
    return sorted({"".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in schema_error.absolute_path)
                   for schema_error in error.schema_errors})


def part(error):
    chain = error
    while chain is not None:
        if isinstance(chain, ResponseNotFound):
            return "status"
        if isinstance(chain, MediaTypeNotFound):
            return "content type"
        if isinstance(chain, MissingRequiredHeader):
            return "header"
        if isinstance(chain, InvalidSchemaValue):
            return "body"
        chain = chain.__cause__ or chain.__context__
    return type(error).__name__


for case in data["cases"]:
    if case["document"] not in apis:
        apis[case["document"]] = OpenAPI.from_dict(data["documents"][case["document"]])
    api = apis[case["document"]]
    scheme, _, rest = case["server"].partition("://")
    host, slash, prefix = rest.partition("/")
    request = MockRequest(f"{scheme}://{host}", case["method"].lower(), slash + prefix + case["path"])
    response = MockResponse(
        json.dumps(case["body"]).encode(), status_code=case["status"], headers=case["headers"], content_type=case["contentType"])
    errors = list(api.iter_response_errors(request, response))
    found = sorted({pointer for error in errors for pointer in pointers(error)})
    print(json.dumps({"valid": not errors, "parts": sorted({part(error) for error in errors}), "pointers": found}))
