import Foundation

extension ProtoJSONWriter {
    /// Writes a well-known type in its JSON form.
    mutating func writeWellKnown(
        _ type: WellKnownType, bytes: [UInt8], range: Range<Int>, path: String, depth: Int, into out: inout String
    ) throws(ProtoCodecError) {
        let fields = try occurrences(bytes, range, path: path)
        func last(_ number: Int) -> Occurrence? { fields.first { $0.0 == number }?.1.last }
        func scalar(_ number: Int, _ kind: ProtoField.Kind) throws(ProtoCodecError) -> String? {
            guard let occurrence = last(number) else { return nil }
            var reader = ProtoWireReader(bytes: bytes, range: occurrence.range)
            if kind == .string || kind == .bytes { return try lengthDelimitedText(kind, bytes: bytes, range: occurrence.range, path: path) }
            return try self.scalar(kind, typeName: "", .varint, &reader, path: path).json
        }
        func integer(_ number: Int) throws(ProtoCodecError) -> Int64 {
            guard let occurrence = last(number) else { return 0 }
            var reader = ProtoWireReader(bytes: bytes, range: occurrence.range)
            do throws(ProtoCodecError) { return Int64(bitPattern: try reader.varint()) } catch {
                throw ProtoCodecError(error.problem, path: path, offset: error.offset)
            }
        }
        switch type {
        case .timestamp:
            let seconds = try integer(1)
            let nanos = Int32(truncatingIfNeeded: try integer(2))
            guard WellKnownType.timestampSeconds.contains(seconds), (0..<1_000_000_000).contains(nanos) else {
                throw ProtoCodecError("a Timestamp of \(seconds) s and \(nanos) ns is out of range", path: path, offset: range.lowerBound)
            }
            let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
            let secondOfDay = seconds - days * 86400
            let date = WellKnownType.civil(days: days)
            out += String(
                format: "\"%04lld-%02lld-%02lldT%02lld:%02lld:%02lld", date.year, date.month, date.day, secondOfDay / 3600,
                secondOfDay / 60 % 60, secondOfDay % 60)
            out += WellKnownType.fraction(nanos) + "Z\""
        case .duration:
            let seconds = try integer(1)
            let nanos = Int32(truncatingIfNeeded: try integer(2))
            guard WellKnownType.durationSeconds.contains(seconds), abs(nanos) < 1_000_000_000,
                seconds == 0 || nanos == 0 || (seconds < 0) == (nanos < 0)
            else {
                throw ProtoCodecError("a Duration of \(seconds) s and \(nanos) ns is out of range", path: path, offset: range.lowerBound)
            }
            let negative = seconds < 0 || nanos < 0
            out += "\"" + (negative ? "-" : "") + "\(seconds.magnitude)" + WellKnownType.fraction(Int32(nanos.magnitude)) + "s\""
        case .empty:
            out += "{}"
        case .fieldMask:
            var paths: [String] = []
            for occurrence in fields.first(where: { $0.0 == 1 })?.1 ?? [] {
                let text = try lengthDelimitedText(.string, bytes: bytes, range: occurrence.range, path: path)
                paths.append(ProtoField.camelCase(text))
            }
            Self.appendString(paths.joined(separator: ","), to: &out)
        case .structType:
            out += "{"
            var first = true
            for occurrence in fields.first(where: { $0.0 == 1 })?.1 ?? [] {
                let entry = try occurrences(bytes, occurrence.range, path: path)
                var key = ""
                var value = "null"
                for (number, list) in entry {
                    let item = list[list.count - 1]
                    if number == 1 { key = try lengthDelimitedText(.string, bytes: bytes, range: item.range, path: path) }
                    if number == 2 {
                        value = ""
                        try writeMessage(
                            WellKnownType.value.rawValue, bytes: bytes, range: item.range, path: path + "." + key, depth: depth + 1,
                            into: &value)
                    }
                }
                if !first { out += "," }
                first = false
                Self.appendString(key, to: &out)
                out += ":" + value
            }
            out += "}"
        case .listValue:
            out += "["
            for (index, occurrence) in (fields.first(where: { $0.0 == 1 })?.1 ?? []).enumerated() {
                if index > 0 { out += "," }
                try writeMessage(
                    WellKnownType.value.rawValue, bytes: bytes, range: occurrence.range, path: path + "[\(index)]", depth: depth + 1,
                    into: &out)
            }
            out += "]"
        case .value:
            guard let (number, list) = fields.last(where: { (1...6).contains($0.0) }) else {
                throw ProtoCodecError("a google.protobuf.Value holds none of its kinds", path: path, offset: range.lowerBound)
            }
            let occurrence = list[list.count - 1]
            switch number {
            case 1: out += "null"
            case 2:
                var reader = ProtoWireReader(bytes: bytes, range: occurrence.range)
                out += try self.scalar(.double, typeName: "", .fixed64, &reader, path: path).json
            case 3: Self.appendString(try lengthDelimitedText(.string, bytes: bytes, range: occurrence.range, path: path), to: &out)
            case 4: out += try scalar(4, .bool) ?? "false"
            case 5:
                try writeMessage(
                    WellKnownType.structType.rawValue, bytes: bytes, range: occurrence.range, path: path, depth: depth + 1, into: &out)
            default:
                try writeMessage(
                    WellKnownType.listValue.rawValue, bytes: bytes, range: occurrence.range, path: path, depth: depth + 1, into: &out)
            }
        case .any:
            let url = try scalar(1, .string) ?? ""
            let value = last(2)?.range ?? range.lowerBound..<range.lowerBound
            if url.isEmpty {
                guard value.isEmpty else {
                    throw ProtoCodecError("an Any holds a value but no type URL", path: path, offset: value.lowerBound)
                }
                out += "{}"
                return
            }
            let typeName = String(url[(url.lastIndex(of: "/").map { url.index(after: $0) } ?? url.startIndex)...])
            out += "{\"@type\":"
            Self.appendString(url, to: &out)
            if WellKnownType(rawValue: typeName) != nil {
                out += ",\"value\":"
                try writeMessage(typeName, bytes: bytes, range: value, path: path + "<\(typeName)>", depth: depth + 1, into: &out)
            } else {
                guard let inner = pool.message(typeName) else {
                    throw ProtoCodecError("an Any holds a \(typeName), which the schema lacks", path: path, offset: value.lowerBound)
                }
                var first = false
                try writeFields(
                    inner, bytes: bytes, range: value, path: path + "<\(typeName)>", depth: depth + 1, first: &first, into: &out)
            }
            out += "}"
        default:
            let kind = type.wrapped!
            if let occurrence = last(1) {
                if kind == .string || kind == .bytes {
                    out += try lengthDelimitedScalar(kind, bytes: bytes, range: occurrence.range, path: path).json
                } else {
                    var reader = ProtoWireReader(bytes: bytes, range: occurrence.range)
                    let wire: WireType = kind == .double ? .fixed64 : kind == .float ? .fixed32 : .varint
                    out += try self.scalar(kind, typeName: "", wire, &reader, path: path).json
                }
            } else {
                switch kind {
                case .string, .bytes: out += "\"\""
                case .bool: out += "false"
                case .int64, .uint64: out += "\"0\""
                case .double, .float: out += "0.0"
                default: out += "0"
                }
            }
        }
    }
}
