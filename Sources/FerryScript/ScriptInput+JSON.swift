import FerryCore

/// The input as the compact JSON `__ferry.begin` parses, written directly as bytes
/// (`ScriptJSONWriter`: no `JSONEncoder`, no string made per field). A response's body is left
/// out: it crosses as a string of its own.
extension ScriptInput {
    /// `text` as a JSON string literal (`ScriptJSONWriter.string`).
    static func literal(_ text: String) -> String {
        var writer = ScriptJSONWriter(capacity: text.utf8.count + 2)
        writer.string(text)
        return writer.text
    }

    var json: String {
        var writer = ScriptJSONWriter()
        writer.raw("{\"info\":")
        info.write(to: &writer)
        writer.raw(",\"variables\":")
        Self.write(variables, to: &writer)
        writer.raw(",\"iterationData\":")
        Self.write(iterationData, to: &writer)
        if let request {
            writer.raw(",\"request\":")
            request.write(to: &writer)
        }
        if let response {
            writer.raw(",\"response\":")
            response.write(to: &writer)
        }
        writer.raw("}")
        return writer.text
    }

    static func write(_ values: [String: String], to writer: inout ScriptJSONWriter) {
        writer.raw("{")
        var first = true
        for (key, value) in values {
            if !first { writer.raw(",") }
            first = false
            writer.string(key)
            writer.raw(":")
            writer.string(value)
        }
        writer.raw("}")
    }

    static func write(_ headers: [Request.Header], to writer: inout ScriptJSONWriter) {
        writer.raw("[")
        for (index, header) in headers.enumerated() {
            writer.raw(index == 0 ? "{\"key\":" : ",{\"key\":")
            writer.string(header.key)
            writer.raw(",\"value\":")
            writer.string(header.value)
            writer.raw(header.disabled == true ? ",\"disabled\":true}" : "}")
        }
        writer.raw("]")
    }
}

extension ScriptInput.Info {
    func write(to writer: inout ScriptJSONWriter) {
        writer.raw("{\"eventName\":")
        writer.string(eventName)
        writer.raw(",\"requestName\":")
        writer.string(requestName)
        writer.raw(",\"requestId\":")
        writer.string(requestId)
        writer.raw(",\"iteration\":")
        writer.number(iteration)
        writer.raw(",\"iterationCount\":")
        writer.number(iterationCount)
        if let environment {
            writer.raw(",\"environment\":")
            writer.string(environment)
        }
        writer.raw("}")
    }
}

extension ScriptInput.Request {
    func write(to writer: inout ScriptJSONWriter) {
        writer.raw("{\"method\":")
        writer.string(method)
        writer.raw(",\"url\":")
        writer.string(url)
        writer.raw(",\"headers\":")
        ScriptInput.write(headers, to: &writer)
        if let body {
            writer.raw(",\"body\":{\"mode\":\"raw\",\"raw\":")
            writer.string(body.raw)
            writer.raw("}")
        }
        writer.raw("}")
    }
}

extension ScriptInput.Response {
    /// Without the body (it crosses as a string of its own).
    var json: String {
        var writer = ScriptJSONWriter(capacity: 256)
        write(to: &writer)
        return writer.text
    }

    func write(to writer: inout ScriptJSONWriter) {
        writer.raw("{\"code\":")
        writer.number(code)
        writer.raw(",\"status\":")
        writer.string(status)
        writer.raw(",\"headers\":")
        ScriptInput.write(headers, to: &writer)
        writer.raw(",\"responseTime\":")
        writer.number(responseTime)
        writer.raw(",\"responseSize\":")
        writer.number(responseSize)
        writer.raw("}")
    }
}
