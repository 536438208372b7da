import CPCRE2

/// A regular expression compiled by PCRE2 (Debian's libpcre2) and matched against UTF-8 text where
/// it lies: no bridging to UTF-16 as `NSRegularExpression` needs, JIT-compiled where the CPU allows.
/// A match that backtracks past a bound gives up and counts as no match, so no pattern hangs a
/// query. One instance is for one thread (its match data is reused).
final class UTF8Regex {
    /// The most backtracking steps one match may take (PCRE2's match limit).
    static let matchLimit: UInt32 = 10_000_000

    private let code: OpaquePointer
    private let matchData: OpaquePointer
    private let context: OpaquePointer

    /// Compiles `pattern` (PCRE2 syntax, UTF mode); nil when it does not compile.
    init?(_ pattern: String) {
        var errorCode: Int32 = 0
        var errorOffset = 0
        let compiled = pattern.utf8CString.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UInt8.self) { bytes in
                pcre2_compile_8(bytes.baseAddress, bytes.count - 1, PCRE2_UTF, &errorCode, &errorOffset, nil)
            }
        }
        guard let compiled else { return nil }
        guard let data = pcre2_match_data_create_from_pattern_8(compiled, nil), let context = pcre2_match_context_create_8(nil) else {
            pcre2_code_free_8(compiled)
            return nil
        }
        pcre2_set_match_limit_8(context, Self.matchLimit)
        // Without JIT support (or memory for it) PCRE2 interprets the pattern: slower, same answers.
        _ = pcre2_jit_compile_8(compiled, PCRE2_JIT_COMPLETE)
        (code, matchData, self.context) = (compiled, data, context)
    }

    deinit {
        pcre2_match_context_free_8(context)
        pcre2_match_data_free_8(matchData)
        pcre2_code_free_8(code)
    }

    /// True when the pattern matches somewhere in `bytes`, which must be valid UTF-8.
    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // An empty buffer may have no address; PCRE2 wants one even for no bytes.
        let empty: UInt8 = 0
        return withUnsafePointer(to: empty) { fallback in
            pcre2_match_8(code, bytes.baseAddress ?? fallback, bytes.count, 0, PCRE2_NO_UTF_CHECK, matchData, context) >= 0
        }
    }

    /// True when the pattern matches somewhere in `text`.
    func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches($0) }
    }
}
