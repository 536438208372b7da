import Foundation

/// Ferry's own strict RFC 8259 JSON parser: one pass over the bytes, no recursion, into the flat
/// node table of a `Document`. Strings and numbers are validated here and decoded on access.
/// A leading UTF-8 byte-order mark is skipped (RFC 8259 §8.1 allows ignoring it).
public enum JSONParser {
    /// Deeper nesting is a parse error rather than a risk to the stack of whoever walks the tree.
    public static let maximumDepth = 10_000
    /// Byte offsets are stored in 32 bits.
    public static let maximumSize = Int(UInt32.max)

    /// Parses `bytes`; `releasingPages` when they are a file mapping (`FileMapping`) whose pages
    /// may be given back as the scan passes them, so a huge body is not all resident at once.
    public static func parse(_ bytes: Data, releasingPages: Bool = false) throws(DocumentParseError) -> Document {
        try JSONScanner.document(from: bytes, releasingPages: releasingPages)
    }
}
