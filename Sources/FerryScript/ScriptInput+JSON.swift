import FerryCore

/// The input as the compact JSON `__ferry.begin` parses, written directly into one string (no
/// `JSONEncoder`, no string made per field: it crosses once per script). A response's body is left
/// out: it crosses as a string of its own.
extension ScriptInput {
    /// `text` as a JSON string literal: quoted as it is when nothing in it needs escaping (the
    /// common case: names, URLs, header values; a C2 byte may begin a C1 control), else through
    /// `JSONStringLiteral`, which escapes scalar by scalar.
    static func literal(_ text: String) -> String {
        var output = ""
        appendLiteral(text, to: &output)
        return output
    }

    static func appendLiteral(_ text: String, to output: inout String) {
        let plain = text.utf8.allSatisfy { byte in byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F && byte != 0xC2 }
        if plain {
            output += "\""
            output += text
            output += "\""
        } else {
            output += JSONStringLiteral.make(text)
        }
    }

    var json: String {
        var output = ""
        output.reserveCapacity(512)
        output += "{\"info\":"
        info.append(to: &output)
        output += ",\"variables\":"
        Self.append(variables, to: &output)
        output += ",\"iterationData\":"
        Self.append(iterationData, to: &output)
        if let request {
            output += ",\"request\":"
            request.append(to: &output)
        }
        if let response {
            output += ",\"response\":"
            response.append(to: &output)
        }
        output += "}"
        return output
    }

    static func append(_ values: [String: String], to output: inout String) {
        output += "{"
        var first = true
        for (key, value) in values {
            if !first { output += "," }
            first = false
            appendLiteral(key, to: &output)
            output += ":"
            appendLiteral(value, to: &output)
        }
        output += "}"
    }

    static func append(_ headers: [Request.Header], to output: inout String) {
        output += "["
        for (index, header) in headers.enumerated() {
            output += index == 0 ? "{\"key\":" : ",{\"key\":"
            appendLiteral(header.key, to: &output)
            output += ",\"value\":"
            appendLiteral(header.value, to: &output)
            output += header.disabled == true ? ",\"disabled\":true}" : "}"
        }
        output += "]"
    }
}

extension ScriptInput.Info {
    func append(to output: inout String) {
        output += "{\"eventName\":"
        ScriptInput.appendLiteral(eventName, to: &output)
        output += ",\"requestName\":"
        ScriptInput.appendLiteral(requestName, to: &output)
        output += ",\"requestId\":"
        ScriptInput.appendLiteral(requestId, to: &output)
        output += ",\"iteration\":"
        output += String(iteration)
        output += ",\"iterationCount\":"
        output += String(iterationCount)
        if let environment {
            output += ",\"environment\":"
            ScriptInput.appendLiteral(environment, to: &output)
        }
        output += "}"
    }
}

extension ScriptInput.Request {
    func append(to output: inout String) {
        output += "{\"method\":"
        ScriptInput.appendLiteral(method, to: &output)
        output += ",\"url\":"
        ScriptInput.appendLiteral(url, to: &output)
        output += ",\"headers\":"
        ScriptInput.append(headers, to: &output)
        if let body {
            output += ",\"body\":{\"mode\":\"raw\",\"raw\":"
            ScriptInput.appendLiteral(body.raw, to: &output)
            output += "}"
        }
        output += "}"
    }
}

extension ScriptInput.Response {
    /// Without the body (it crosses as a string of its own).
    var json: String {
        var output = ""
        append(to: &output)
        return output
    }

    func append(to output: inout String) {
        output += "{\"code\":"
        output += String(code)
        output += ",\"status\":"
        ScriptInput.appendLiteral(status, to: &output)
        output += ",\"headers\":"
        ScriptInput.append(headers, to: &output)
        output += ",\"responseTime\":"
        output += String(responseTime)
        output += ",\"responseSize\":"
        output += String(responseSize)
        output += "}"
    }
}
