import Foundation

/// A parsed media type such as `application/vnd.api+json; charset=utf-8`.
public struct MediaType: Hashable, Sendable, CustomStringConvertible {
    /// Lower-cased type and subtype (`application`, `vnd.api+json`).
    public var type: String
    public var subtype: String
    /// Parameters in order, names lower-cased, values unquoted.
    public var parameters: [(name: String, value: String)]

    /// Parses a Content-Type or Accept element; nil when it is not `type/subtype`.
    public init?(_ text: String) {
        let pieces = text.split(separator: ";", omittingEmptySubsequences: false)
        let essence = pieces[0].trimmingWhitespace().lowercased()
        let halves = essence.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, !halves[0].isEmpty, !halves[1].isEmpty else { return nil }
        type = String(halves[0])
        subtype = String(halves[1])
        parameters = pieces.dropFirst().compactMap { piece in
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return nil }
            var value = pair[1].trimmingWhitespace()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return (pair[0].trimmingWhitespace().lowercased(), value)
        }
    }

    /// `type/subtype` without parameters.
    public var essence: String { "\(type)/\(subtype)" }
    public var description: String { essence }

    public func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name.lowercased() }?.value
    }

    /// The structured-syntax suffix (`json` for `vnd.api+json`), if any.
    public var suffix: String? {
        subtype.split(separator: "+").count > 1 ? subtype.split(separator: "+").last.map(String.init) : nil
    }

    /// True when this (concrete) type is accepted by `pattern`: `*/*`, `type/*`, an exact essence,
    /// or `*/*+suffix` for any type with that structured-syntax suffix. Parameters are ignored.
    public func isMatched(by pattern: String) -> Bool {
        guard let (patternType, patternSubtype) = Self.essence(ofPattern: pattern) else { return false }
        if patternType == "*" && patternSubtype == "*" { return true }
        if patternSubtype.hasPrefix("*+") {
            return suffix == String(patternSubtype.dropFirst(2)) && (patternType == "*" || patternType == type)
        }
        if patternSubtype == "*" { return patternType == type }
        return patternType == type && patternSubtype == subtype
    }

    /// A pattern's lower-cased type and subtype. The serializers' patterns, matched for every response,
    /// are bare lower-case `type/subtype` and are split where they stand; anything else is parsed.
    private static func essence(ofPattern pattern: String) -> (Substring, Substring)? {
        let isBare = pattern.utf8.allSatisfy { byte in
            byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: ";") && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
        if isBare {
            let halves = pattern.split(separator: "/", omittingEmptySubsequences: false)
            return halves.count == 2 && !halves[0].isEmpty && !halves[1].isEmpty ? (halves[0], halves[1]) : nil
        }
        return MediaType(pattern).map { (Substring($0.type), Substring($0.subtype)) }
    }

    public static func == (lhs: MediaType, rhs: MediaType) -> Bool {
        lhs.essence == rhs.essence && lhs.parameters.map(\.name) == rhs.parameters.map(\.name)
            && lhs.parameters.map(\.value) == rhs.parameters.map(\.value)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(essence) }
}
