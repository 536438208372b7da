/// What a node of a `Document` is, across JSON, XML and property lists.
public enum NodeKind: UInt8, Sendable, CaseIterable {
    // JSON (property lists reuse array, string and bool)
    case object, array, string, number, bool, null
    // XML
    case element, attribute, text, comment, cdata, processingInstruction
    // Property lists
    case dictionary, integer, real, date, data

    /// True for kinds that hold child nodes.
    public var isContainer: Bool {
        switch self {
        case .object, .array, .element, .dictionary: true
        default: false
        }
    }
}
