import FerryCore

extension ScriptSource {
    /// True when the text holds any of `words`, bytes compared (Foundation's `contains` cost ~4% of a
    /// scripted run asked once a request, the standard library's generic search more).
    public func mentions(_ words: [String]) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            words.contains { word in
                var word = word
                return word.withUTF8 { needle in Self.find(needle, in: bytes) }
            }
        }
    }

    private static func find(_ needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        guard bytes.count >= needle.count else { return false }
        var index = 0
        while index <= bytes.count - needle.count {
            if bytes[index] == first {
                var matched = 1
                while matched < needle.count && bytes[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            index += 1
        }
        return false
    }
}
