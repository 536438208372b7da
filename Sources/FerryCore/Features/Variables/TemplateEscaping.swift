/// How a variable's value is written into a body of a given media type, so that a value with a
/// quote, a backslash, a newline or an `&` keeps the body well formed: inside a JSON string
/// literal it is escaped as JSON (outside one it is written as is, so `{{object}}` can still
/// stand for a whole JSON value); in XML and property lists `&`, `<` and `>` become entities.
public enum TemplateEscaping: Sendable, Equatable {
    case none, json, xml

    /// The escaping for a body with this `Content-Type` (nil or another type: none).
    public init(contentType: String?) {
        guard let media = contentType.flatMap(MediaType.init) else {
            self = .none
            return
        }
        switch (media.subtype, media.suffix) {
        case ("json", _), (_, "json"): self = .json
        case ("xml", _), (_, "xml"), ("x-plist", _): self = .xml
        default: self = .none
        }
    }

    /// Writes `template` with each variable's value from `value`, escaped as this escaping says.
    func render(_ template: Template, _ value: (String) throws -> String) rethrows -> String {
        var output = ""
        var inString = false
        var escaped = false
        for piece in template.pieces {
            switch piece {
            case .text(let text):
                output += text
                guard self == .json else { continue }
                for character in text {
                    if escaped {
                        escaped = false
                    } else if character == "\\" {
                        escaped = inString
                    } else if character == "\"" {
                        inString.toggle()
                    }
                }
            case .variable(let name):
                let text = try value(name)
                switch self {
                case .json where inString: output += String(JSONStringLiteral.make(text).dropFirst().dropLast())
                case .xml:
                    output += text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                        .replacingOccurrences(of: ">", with: "&gt;")
                case .json, .none: output += text
                }
            }
        }
        return output
    }
}
