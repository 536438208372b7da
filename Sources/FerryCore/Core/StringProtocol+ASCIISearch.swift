extension StringProtocol {
    /// True when the ASCII text `needle` occurs in this text, found by a plain scan of the UTF-8: on
    /// Linux `String.contains(_:)` goes through NSString, and `utf8.contains(other.utf8)` through an
    /// unspecialized generic search, each thousands of instructions a call, paid on every request of
    /// a run (`{{` in a variable's value, `://` in a URL).
    public func containsASCII(_ needle: StaticString) -> Bool {
        let search = { (haystack: UnsafeBufferPointer<UInt8>) -> Bool in
            needle.withUTF8Buffer { pattern in
                guard let first = pattern.first else { return true }
                guard pattern.count <= haystack.count else { return false }
                return (0...(haystack.count - pattern.count)).contains { start in
                    haystack[start] == first && (1..<pattern.count).allSatisfy { haystack[start + $0] == pattern[$0] }
                }
            }
        }
        return utf8.withContiguousStorageIfAvailable(search) ?? Array(utf8).withUnsafeBufferPointer(search)
    }
}
