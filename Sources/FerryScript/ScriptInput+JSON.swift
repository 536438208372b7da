import FerryCore

/// The input as the compact JSON `__ferry.begin` parses, written directly (no `JSONEncoder`: it
/// crosses once per script). A response's body is left out: it crosses as a string of its own.
extension ScriptInput {
    var json: String {
        var fields = [
            "\"info\":" + info.json, "\"variables\":" + Self.object(variables), "\"iterationData\":" + Self.object(iterationData),
        ]
        if let request { fields.append("\"request\":" + request.json) }
        if let response { fields.append("\"response\":" + response.json) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func object(_ values: [String: String]) -> String {
        "{" + values.map { JSONStringLiteral.make($0.key) + ":" + JSONStringLiteral.make($0.value) }.joined(separator: ",") + "}"
    }

    static func headers(_ headers: [Request.Header]) -> String {
        "["
            + headers.map { header in
                "{\"key\":" + JSONStringLiteral.make(header.key) + ",\"value\":" + JSONStringLiteral.make(header.value)
                    + (header.disabled == true ? ",\"disabled\":true}" : "}")
            }.joined(separator: ",") + "]"
    }
}

extension ScriptInput.Info {
    var json: String {
        "{\"eventName\":" + JSONStringLiteral.make(eventName) + ",\"requestName\":" + JSONStringLiteral.make(requestName)
            + ",\"requestId\":" + JSONStringLiteral.make(requestId) + ",\"iteration\":\(iteration),\"iterationCount\":\(iterationCount)"
            + (environment.map { ",\"environment\":" + JSONStringLiteral.make($0) } ?? "") + "}"
    }
}

extension ScriptInput.Request {
    var json: String {
        "{\"method\":" + JSONStringLiteral.make(method) + ",\"url\":" + JSONStringLiteral.make(url) + ",\"headers\":"
            + ScriptInput.headers(headers)
            + (body.map { ",\"body\":{\"mode\":\"raw\",\"raw\":" + JSONStringLiteral.make($0.raw) + "}" } ?? "")
            + "}"
    }
}

extension ScriptInput.Response {
    /// Without the body (it crosses as a string of its own).
    var json: String {
        "{\"code\":\(code),\"status\":" + JSONStringLiteral.make(status) + ",\"headers\":" + ScriptInput.headers(headers)
            + ",\"responseTime\":\(responseTime),\"responseSize\":\(responseSize)}"
    }
}
