import FerryCore
import Foundation

extension ProtoJSONReader {
    /// A well-known type from its JSON form.
    func encodeWellKnown(_ type: WellKnownType, _ node: NodeID, pointer: String, depth: Int) throws(ProtoCodecError) -> [UInt8] {
        var writer = ProtoWireWriter()
        let kind = document.kind(of: node)
        let text = document.value(of: node) ?? ""
        switch type {
        case .timestamp:
            guard kind == .string, let (seconds, nanos) = Self.timestamp(text) else {
                throw failure("a Timestamp is an RFC 3339 string such as \"1972-01-01T10:00:20.021Z\"", node, pointer)
            }
            Self.secondsAndNanos(seconds, nanos, into: &writer)
        case .duration:
            guard kind == .string, let (seconds, nanos) = Self.duration(text) else {
                throw failure("a Duration is a string of seconds such as \"1.5s\"", node, pointer)
            }
            Self.secondsAndNanos(seconds, nanos, into: &writer)
        case .empty:
            guard kind == .object, document.childCount(of: node) == 0 else { throw failure("an Empty is written {}", node, pointer) }
        case .fieldMask:
            guard kind == .string else { throw failure("a FieldMask is a string of comma-separated paths", node, pointer) }
            for path in text.split(separator: ",") {
                let snake = path.reduce(into: "") { out, character in
                    if character.isUppercase { out += "_" + character.lowercased() } else { out.append(character) }
                }
                writer.lengthDelimited(1, Array(snake.utf8))
            }
        case .structType:
            guard kind == .object else { throw failure("a Struct is a JSON object, not \(describe(node))", node, pointer) }
            for member in document.children(of: node) {
                let key = document.key(of: member) ?? ""
                var entry = ProtoWireWriter()
                entry.lengthDelimited(1, Array(key.utf8))
                entry.lengthDelimited(2, try encodeWellKnown(.value, member, pointer: pointer + "/" + Self.escaped(key), depth: depth + 1))
                writer.lengthDelimited(1, entry.bytes)
            }
        case .listValue:
            guard kind == .array else { throw failure("a ListValue is a JSON array, not \(describe(node))", node, pointer) }
            for (index, item) in document.children(of: node).enumerated() {
                writer.lengthDelimited(1, try encodeWellKnown(.value, item, pointer: pointer + "/\(index)", depth: depth + 1))
            }
        case .value:
            guard depth < ProtoJSONWriter.maximumDepth else { throw failure("values nest too deep", node, pointer) }
            switch kind {
            case .null:
                writer.tag(1, .varint)
                writer.varint(0)
            case .number:
                guard let number = Double(text), number.isFinite else { throw failure("\(text) is out of a double's range", node, pointer) }
                writer.tag(2, .fixed64)
                writer.fixed64(number.bitPattern)
            case .string: writer.lengthDelimited(3, Array(text.utf8))
            case .bool:
                writer.tag(4, .varint)
                writer.varint(text == "true" ? 1 : 0)
            case .object: writer.lengthDelimited(5, try encodeWellKnown(.structType, node, pointer: pointer, depth: depth + 1))
            default: writer.lengthDelimited(6, try encodeWellKnown(.listValue, node, pointer: pointer, depth: depth + 1))
            }
        case .any:
            guard kind == .object else { throw failure("an Any is a JSON object with \"@type\"", node, pointer) }
            let members = Array(document.children(of: node))
            if members.isEmpty { return [] }
            guard let typeMember = members.first(where: { document.key(of: $0) == "@type" }), document.kind(of: typeMember) == .string,
                let url = document.value(of: typeMember)
            else { throw failure("an Any needs its \"@type\"", node, pointer) }
            let typeName = String(url[(url.lastIndex(of: "/").map { url.index(after: $0) } ?? url.startIndex)...])
            let rest = members.filter { document.key(of: $0) != "@type" }
            var inner = ProtoWireWriter()
            if let special = WellKnownType(rawValue: typeName) {
                guard let value = rest.first(where: { document.key(of: $0) == "value" }), rest.count == 1 else {
                    throw failure("an Any holding a \(typeName) has its JSON in \"value\"", node, pointer)
                }
                inner.append(try encodeWellKnown(special, value, pointer: pointer + "/value", depth: depth + 1))
            } else {
                guard let message = pool.message(typeName) else {
                    throw failure("an Any holds a \(typeName), which the schema lacks", typeMember, pointer + "/@type")
                }
                try encodeFields(message, members: rest, pointer: pointer, depth: depth + 1, into: &inner)
            }
            writer.lengthDelimited(1, Array(url.utf8))
            writer.lengthDelimited(2, inner.bytes)
        default:
            let field = type.wrapped!
            if kind == .null { return [] }
            var value = ProtoWireWriter()
            try encodeScalar(field, typeName: "", node, pointer: pointer, into: &value)
            switch field {
            case .string, .bytes: writer.tag(1, .lengthDelimited)
            case .double: writer.tag(1, .fixed64)
            case .float: writer.tag(1, .fixed32)
            default: writer.tag(1, .varint)
            }
            writer.append(value.bytes)
        }
        return writer.bytes
    }

    private static func secondsAndNanos(_ seconds: Int64, _ nanos: Int32, into writer: inout ProtoWireWriter) {
        if seconds != 0 {
            writer.tag(1, .varint)
            writer.varint(UInt64(bitPattern: seconds))
        }
        if nanos != 0 {
            writer.tag(2, .varint)
            writer.varint(UInt64(bitPattern: Int64(nanos)))
        }
    }

    /// Digits after a dot as nanoseconds (at most 9).
    private static func nanos(_ digits: Substring) -> Int32? {
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int32(digits + String(repeating: "0", count: 9 - digits.count))
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` → seconds and nanos since the epoch.
    static func timestamp(_ text: String) -> (Int64, Int32)? {
        let characters = Array(text)
        guard characters.count >= 20, characters[4] == "-", characters[7] == "-", characters[10] == "T" || characters[10] == "t",
            characters[13] == ":", characters[16] == ":"
        else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            let slice = characters[range]
            guard slice.allSatisfy(\.isASCIIDigit) else { return nil }
            return Int64(String(slice))
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19), (1...12).contains(month), (1...31).contains(day), hour < 24,
            minute < 60, second < 60, year >= 1
        else { return nil }
        var index = 19
        var nanos: Int32 = 0
        if characters[index] == "." {
            var end = index + 1
            while end < characters.count, characters[end].isASCIIDigit { end += 1 }
            guard let value = Self.nanos(Substring(String(characters[(index + 1)..<end]))) else { return nil }
            nanos = value
            index = end
        }
        guard index < characters.count else { return nil }
        var offset: Int64 = 0
        switch characters[index] {
        case "Z", "z":
            guard index + 1 == characters.count else { return nil }
        case "+", "-":
            guard index + 6 == characters.count, characters[index + 3] == ":", let hours = number((index + 1)..<(index + 3)),
                let minutes = number((index + 4)..<(index + 6))
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (characters[index] == "+" ? 1 : -1)
        default: return nil
        }
        let seconds = WellKnownType.days(year: year, month: month, day: day) * 86400 + hour * 3600 + minute * 60 + second - offset
        guard WellKnownType.timestampSeconds.contains(seconds) else { return nil }
        return (seconds, nanos)
    }

    /// `[-]SECONDS[.fraction]s` → seconds and nanos (both negative for a negative duration).
    static func duration(_ text: String) -> (Int64, Int32)? {
        guard text.hasSuffix("s") else { return nil }
        var body = Substring(text.dropLast())
        let negative = body.hasPrefix("-")
        if negative { body = body.dropFirst() }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit), let seconds = Int64(whole) else { return nil }
        var nanos: Int32 = 0
        if parts.count == 2 {
            guard let value = Self.nanos(parts[1]) else { return nil }
            nanos = value
        }
        guard WellKnownType.durationSeconds.contains(seconds) else { return nil }
        return negative ? (-seconds, -nanos) : (seconds, nanos)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
