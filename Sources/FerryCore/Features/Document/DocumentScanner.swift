import Foundation

/// A single-pass parser that fills a node table from a body's bytes (JSON, XML).
protocol DocumentScanner {
    static var format: Document.Format { get }
    /// Entries to reserve per byte of body, as a divisor (`count / n`).
    static var bytesPerEntry: Int { get }
    var table: NodeTable.Builder { get set }
    init(table: NodeTable.Builder)
    /// Scans the whole buffer; returns the deepest nesting reached. `releasingPages`: the buffer is a
    /// file mapping whose pages the scan may give back behind it (`FileMapping.releasePages`).
    mutating func run(_ bytes: UnsafeBufferPointer<UInt8>, releasingPages: Bool) throws(DocumentParseError) -> Int
}

extension DocumentScanner {
    /// Runs a scanner over `bytes` into a `Document`, releasing the table on failure.
    static func document(from bytes: Data, releasingPages: Bool = false) throws(DocumentParseError) -> Document {
        guard bytes.count < JSONParser.maximumSize else {
            throw DocumentParseError(offset: 0, line: 1, column: 1, message: "the document is larger than 4 GiB")
        }
        var scanner = Self(table: NodeTable.Builder(estimatedCount: bytes.count / bytesPerEntry + 16))
        let depth = bytes.withUnsafeBytes { raw in
            Result { () throws(DocumentParseError) -> Int in try scanner.run(raw.bindMemory(to: UInt8.self), releasingPages: releasingPages)
            }
        }
        switch depth {
        case .success(let reached):
            return Document(format: format, bytes: bytes, table: scanner.table.finish(), depth: reached)
        case .failure(let error):
            scanner.table.discard()
            throw error
        }
    }
}
