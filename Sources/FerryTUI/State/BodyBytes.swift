import FerryCore

/// The response body's bytes for the Hex tab, read a page at a time; equal when they are the same source.
public struct BodyBytes: Hashable, Sendable {
    public let source: ByteSource

    public init(_ source: ByteSource) { self.source = source }

    public var dump: HexDump { HexDump(source: source) }

    public static func == (lhs: BodyBytes, rhs: BodyBytes) -> Bool { lhs.source === rhs.source }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(source)) }
}
