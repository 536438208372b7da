import Foundation

/// One `-F` argument in curl's syntax: `name=value[;type=mime][;filename=name]` (a field; only
/// trailing `;type=`/`;filename=` are options, other semicolons belong to the value) or
/// `name=@path[;type=mime][;filename=name]` (a file, streamed when sent); `ferry send -F` and the
/// TUI's Multipart tab read parts this way.
public struct FormPartArgument: Equatable, Sendable {
    public var name: String
    public var value: Value
    public var type: String?
    public var fileName: String?

    public enum Value: Equatable, Sendable {
        case text(String)
        case file(path: String)
    }

    public init(parsing argument: String) throws {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
            throw Self.invalid(argument, "expected `name=value` or `name=@file`")
        }
        name = String(argument[..<equals])
        let rest = argument[argument.index(after: equals)...]
        guard rest.hasPrefix("@") else {
            var text = String(rest)
            // Trailing options, last first: `a;b;type=text/plain` is the value `a;b` typed text/plain.
            while let semicolon = text.lastIndex(of: ";") {
                let option = text[text.index(after: semicolon)...]
                if option.hasPrefix("type="), type == nil {
                    type = String(option.dropFirst(5))
                } else if option.hasPrefix("filename="), fileName == nil {
                    fileName = String(option.dropFirst(9))
                } else {
                    break
                }
                text = String(text[..<semicolon])
            }
            value = .text(text)
            try checkType(argument)
            return
        }
        var fields = rest.dropFirst().split(separator: ";", omittingEmptySubsequences: false)
        let path = String(fields.removeFirst())
        guard !path.isEmpty else { throw Self.invalid(argument, "the file path is empty") }
        value = .file(path: path)
        for field in fields {
            if field.hasPrefix("type=") {
                type = String(field.dropFirst(5))
            } else if field.hasPrefix("filename=") {
                fileName = String(field.dropFirst(9))
            } else {
                throw Self.invalid(argument, "unknown option `\(field)` (expected type= or filename=)")
            }
        }
        try checkType(argument)
    }

    private func checkType(_ argument: String) throws {
        guard let type else { return }
        guard !type.isEmpty, type.allSatisfy({ $0.isASCII && !$0.isWhitespace && !$0.isNewline }) else {
            throw Self.invalid(argument, "the type is not a MIME type")
        }
    }

    /// Adds the part; a file part is checked now (missing, unreadable, a directory…).
    public func append(to form: inout MultipartFormData) throws {
        switch value {
        case .text(let text): form.append(Data(text.utf8), name: name, fileName: fileName, mimeType: type)
        case .file(let path): try form.appendFile(path: path, name: name, fileName: fileName, mimeType: type)
        }
    }

    private static func invalid(_ argument: String, _ problem: String) -> FerryError {
        .invalidRequest(reason: .invalidArgument(name: "-F \(argument)", problem: problem))
    }
}
