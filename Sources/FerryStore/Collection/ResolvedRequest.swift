import FerryCore

/// A request built from a document with its variables filled in, and the redaction that hides the
/// secret values it now holds.
public struct ResolvedRequest: Sendable {
    public var request: Request
    public var redaction: Redaction
}
