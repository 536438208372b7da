import FerryCore
import Foundation

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

    /// Whether `needle` is in `bytes`: the C library's `memchr` finds each place its first byte
    /// is, `memcmp` compares the rest (a byte loop per word was ~2 µs a request in `ferry run`).
    private static func find(_ needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first, let word = needle.baseAddress else { return true }
        guard let base = bytes.baseAddress, bytes.count >= needle.count else { return false }
        let last = bytes.count - needle.count  // the last place the word may begin
        var start = 0
        while start <= last, let found = memchr(base + start, Int32(first), last - start + 1) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + index, word, needle.count) == 0 { return true }
            start = index + 1
        }
        return false
    }
}
