import FerryCore

/// The input as the compact JSON `__ferry.begin` parses, written directly (no `JSONEncoder`: it
/// crosses once per script). A response's body is left out: it crosses as a string of its own.
extension ScriptInput {
    /// `text` as a JSON string literal: quoted as it is when nothing in it needs escaping (the
    /// common case: names, URLs, header values; a C2 byte may begin a C1 control), else through
    /// `JSONStringLiteral`, which escapes scalar by scalar.
    static func literal(_ text: String) -> String {
        let plain = text.utf8.allSatisfy { byte in byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F && byte != 0xC2 }
        return plain ? "\"" + text + "\"" : JSONStringLiteral.make(text)
    }

    var json: String {
        var fields = [
            "\"info\":" + info.json, "\"variables\":" + Self.object(variables), "\"iterationData\":" + Self.object(iterationData),
        ]
        if let request { fields.append("\"request\":" + request.json) }
        if let response { fields.append("\"response\":" + response.json) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func object(_ values: [String: String]) -> String {
        "{" + values.map { literal($0.key) + ":" + literal($0.value) }.joined(separator: ",") + "}"
    }

    static func headers(_ headers: [Request.Header]) -> String {
        "["
            + headers.map { header in
                "{\"key\":" + literal(header.key) + ",\"value\":" + literal(header.value)
                    + (header.disabled == true ? ",\"disabled\":true}" : "}")
            }.joined(separator: ",") + "]"
    }
}

extension ScriptInput.Info {
    var json: String {
        "{\"eventName\":" + ScriptInput.literal(eventName) + ",\"requestName\":" + ScriptInput.literal(requestName)
            + ",\"requestId\":" + ScriptInput.literal(requestId) + ",\"iteration\":\(iteration),\"iterationCount\":\(iterationCount)"
            + (environment.map { ",\"environment\":" + ScriptInput.literal($0) } ?? "") + "}"
    }
}

extension ScriptInput.Request {
    var json: String {
        "{\"method\":" + ScriptInput.literal(method) + ",\"url\":" + ScriptInput.literal(url) + ",\"headers\":"
            + ScriptInput.headers(headers)
            + (body.map { ",\"body\":{\"mode\":\"raw\",\"raw\":" + ScriptInput.literal($0.raw) + "}" } ?? "")
            + "}"
    }
}

extension ScriptInput.Response {
    /// Without the body (it crosses as a string of its own).
    var json: String {
        "{\"code\":\(code),\"status\":" + ScriptInput.literal(status) + ",\"headers\":" + ScriptInput.headers(headers)
            + ",\"responseTime\":\(responseTime),\"responseSize\":\(responseSize)}"
    }
}
