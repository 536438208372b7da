import Foundation

extension Parameters {
    /// The deepest nesting accepted from a document; the encoders walk the tree recursively.
    public static let maximumDepth = 256

    /// Parses `text` with Ferry's order-keeping JSON parser; the top level must be an object.
    public init(json text: String) throws {
        let document: Document
        do {
            document = try JSONParser.parse(Data(text.utf8))
        } catch {
            let expected = error.expected.map { ", expected \($0)" } ?? ""
            throw FerryError.requestSerializationFailed(
                reason: .invalidParameters(
                    problem: "not valid JSON at line \(error.line), column \(error.column): \(error.message)\(expected)"))
        }
        guard document.kind(of: document.root) == .object else {
            throw FerryError.requestSerializationFailed(reason: .invalidParameters(problem: "the JSON must be an object"))
        }
        try self.init(document: document)
    }

    /// The JSON document's tree as parameters, keys and numbers exactly as written.
    public init(document: Document) throws {
        guard document.format == .json else {
            throw FerryError.requestSerializationFailed(reason: .invalidParameters(problem: "only a JSON document can be parameters"))
        }
        guard document.depth <= Self.maximumDepth else {
            throw FerryError.requestSerializationFailed(
                reason: .invalidParameters(problem: "nested deeper than \(Self.maximumDepth) levels"))
        }
        self = Self(document, document.root)
    }

    private init(_ document: Document, _ node: NodeID) {
        switch document.kind(of: node) {
        case .object:
            self = .object(document.children(of: node).map { (document.key(of: $0) ?? "", Parameters(document, $0)) })
        case .array:
            self = .array(document.children(of: node).map { Parameters(document, $0) })
        case .number:
            self = .number(document.literal(of: node))
        case .bool:
            self = .bool(document.boolValue(of: node) == true)
        case .null:
            self = .null
        default:
            self = .string(document.value(of: node) ?? "")
        }
    }
}
