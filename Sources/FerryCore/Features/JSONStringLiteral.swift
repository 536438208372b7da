/// Text written as a JSON string literal: quotes, backslashes and control characters (C0, DEL and
/// C1) escaped, so the literal is valid JSON and also safe to print on a terminal.
package enum JSONStringLiteral {
    /// `text` as a quoted literal.
    package static func make(_ text: String) -> String {
        var output = ""
        append(text, to: &output)
        return output
    }

    /// Appends `text` as a quoted literal to `output`.
    static func append(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value):
                output += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4, with: "0")
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
