import Foundation

/// Maps a parsed XML property list (`<plist><dict><key>…`) onto plist node kinds, keeping byte
/// ranges and dictionary order, with an explicit stack instead of recursion.
struct XMLPropertyListMapper {
    let xml: Document
    var builder = PropertyListBuilder()

    private struct Frame {
        var elements: Document.Children.Iterator
        let opening: Int
        let element: NodeID
        let isDictionary: Bool
        var pendingKey: String?
    }

    init(xml: Document) { self.xml = xml }

    mutating func map() throws(DocumentParseError) {
        var top = xml.root
        if xml.name(of: top) == "plist" {
            var values: [NodeID] = []
            var iterator = xml.children(of: top).makeIterator()
            while let value = try nextElement(&iterator) { values.append(value) }
            guard values.count == 1 else { throw failure(top, "`<plist>` must hold exactly one value", expected: "one value element") }
            top = values[0]
        }
        var stack: [Frame] = []
        try value(top, key: nil, stack: &stack)
        while !stack.isEmpty {
            let last = stack.count - 1
            guard let element = try nextElement(&stack[last].elements) else {
                let frame = stack.removeLast()
                if frame.pendingKey != nil { throw failure(frame.element, "a `<key>` without a value", expected: "a value after the key") }
                builder.close(frame.opening, end: xml.byteRange(of: frame.element).upperBound)
                continue
            }
            if stack[last].isDictionary, stack[last].pendingKey == nil {
                guard xml.name(of: element) == "key" else {
                    throw failure(element, "`<\(xml.name(of: element) ?? "")>` where a key belongs", expected: "`<key>`")
                }
                stack[last].pendingKey = try text(of: element)
                continue
            }
            let key = stack[last].pendingKey
            stack[last].pendingKey = nil
            try value(element, key: key, stack: &stack)
        }
    }

    /// Adds one value element; containers are pushed for the main loop to fill.
    private mutating func value(_ element: NodeID, key: String?, stack: inout [Frame]) throws(DocumentParseError) {
        let name = xml.name(of: element) ?? ""
        let range = xml.byteRange(of: element)
        switch name {
        case "dict", "array":
            guard stack.count < JSONParser.maximumDepth else {
                throw failure(element, "nesting deeper than \(JSONParser.maximumDepth) levels", expected: nil)
            }
            let opening = builder.open(name == "dict" ? .dictionary : .array, key: key, start: range.lowerBound)
            stack.append(
                Frame(
                    elements: xml.children(of: element).makeIterator(), opening: opening, element: element, isDictionary: name == "dict",
                    pendingKey: nil))
        case "string":
            builder.scalar(.string, key: key, value: try text(of: element), range: range)
        case "integer":
            let text = try text(of: element).trimmingCharacters(in: .whitespacesAndNewlines)
            guard Self.isInteger(text) else {
                throw failure(element, "`\(text)` is not an integer", expected: "digits, or 0x and hex digits")
            }
            builder.scalar(.integer, key: key, value: text, range: range)
        case "real":
            let text = try text(of: element).trimmingCharacters(in: .whitespacesAndNewlines)
            guard Double(text) != nil else { throw failure(element, "`\(text)` is not a real number", expected: "a decimal number") }
            builder.scalar(.real, key: key, value: text, range: range)
        case "true", "false":
            guard try text(of: element).isEmpty else { throw failure(element, "`<\(name)/>` must be empty", expected: "`<\(name)/>`") }
            builder.scalar(.bool, key: key, value: name, range: range)
        case "date":
            let text = try text(of: element).trimmingCharacters(in: .whitespacesAndNewlines)
            guard text.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$"#, options: .regularExpression) != nil else {
                throw failure(element, "`\(text)` is not a plist date", expected: "YYYY-MM-DDTHH:MM:SSZ")
            }
            builder.scalar(.date, key: key, value: text, range: range)
        case "data":
            let text = try text(of: element).filter { !$0.isWhitespace }
            guard let data = Data(base64Encoded: text) else { throw failure(element, "`<data>` is not base64", expected: "base64") }
            builder.scalar(.data, key: key, value: data.base64EncodedString(), range: range)
        default:
            throw failure(
                element, "`<\(name)>` is not a property-list element",
                expected: "dict, array, string, integer, real, true, false, date or data")
        }
    }

    /// The next element child; comments and processing instructions are skipped, text is an error.
    private func nextElement(_ iterator: inout Document.Children.Iterator) throws(DocumentParseError) -> NodeID? {
        while let child = iterator.next() {
            switch xml.kind(of: child) {
            case .element: return child
            case .text, .cdata: throw failure(child, "text where a property-list element belongs", expected: "an element")
            default: continue
            }
        }
        return nil
    }

    /// The text content of a scalar element (text and CDATA); child elements are an error.
    private func text(of element: NodeID) throws(DocumentParseError) -> String {
        var text = ""
        for child in xml.children(of: element) {
            switch xml.kind(of: child) {
            case .text, .cdata: text += xml.value(of: child) ?? ""
            case .element: throw failure(child, "an element inside `<\(xml.name(of: element) ?? "")>`", expected: "text")
            default: continue
            }
        }
        return text
    }

    static func isInteger(_ text: String) -> Bool {
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") { return digits.count > 2 && digits.dropFirst(2).allSatisfy(\.isHexDigit) }
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private func failure(_ node: NodeID, _ message: String, expected: String?) -> DocumentParseError {
        xml.bytes.withUnsafeBytes { raw in
            DocumentParseError(
                locating: xml.byteRange(of: node).lowerBound, in: raw.bindMemory(to: UInt8.self), message: message, expected: expected)
        }
    }
}
