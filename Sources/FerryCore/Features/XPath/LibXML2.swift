import CLibXML2

/// What every use of libxml2 shares: its one-time start (which must come before threads use it)
/// and an error handler that keeps its messages off the terminal (they are read from the context).
enum LibXML2 {
    private static let started: Void = xmlInitParser()

    static func start() { _ = started }

    /// Errors of `context` are kept in its `lastError`, not printed.
    static func silence(_ context: xmlXPathContextPtr) {
        context.pointee.error = { _, _ in }
    }

    /// A libxml2 string as Swift's, freed.
    static func take(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        defer { ferry_xml_free(pointer) }
        return String(cString: pointer)
    }
}
