import Foundation

/// Reads what is typed in the Hex tab's prompts: byte patterns to search for, and offsets.
public enum ByteQuery {
    /// The bytes to look for: `0xdeadbeef`, or two or more space-separated hex pairs (`de ad`), are
    /// bytes; anything else is its UTF-8 text. Nil for an empty query.
    public static func needle(_ query: String) -> [UInt8]? {
        guard !query.isEmpty else { return nil }
        let lower = query.lowercased()
        if lower.hasPrefix("0x"), let bytes = hexPairs(String(lower.dropFirst(2))) { return bytes }
        let tokens = lower.split(separator: " ")
        if tokens.count >= 2, tokens.allSatisfy({ $0.count == 2 }), let bytes = hexPairs(tokens.joined()) { return bytes }
        return Array(query.utf8)
    }

    /// An offset written in decimal or as `0x…` hex; nil when it is neither or negative.
    public static func offset(_ text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.hasPrefix("0x") { return Int64(trimmed.dropFirst(2), radix: 16).flatMap { $0 >= 0 ? $0 : nil } }
        return Int64(trimmed).flatMap { $0 >= 0 ? $0 : nil }
    }

    private static func hexPairs(_ digits: String) -> [UInt8]? {
        let characters = Array(digits)
        guard !characters.isEmpty, characters.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: characters.count, by: 2) {
            guard let byte = UInt8(String(characters[index...index + 1]), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}
