import CLibYAML
import Yams

/// Reads YAML (or JSON) text into a `DecodingTree` from libyaml's parse events, without composing
/// Yams' `Node`s first: composing them and laying them out again was a quarter of an OpenAPI
/// import (Benchmarks/README.md, issue 28). It reads what `Yams.compose` reads with the basic
/// resolver and merge keys — one document, scalars untyped, quoted ones tagged `str`, anchors and
/// aliases (an alias is the anchored node itself, not a copy), the same syntax errors at the same
/// places, repeated keys refused — and checks what `YAMLValueGuard` checks as it goes.
struct YAMLEventReader {
    /// The deepest nesting read (Yams' libyaml stops at the same depth).
    static let maximumDepth = 1000

    /// A mapping or sequence being read.
    private struct Frame {
        var kind: DecodingTree.Kind
        var line: Int
        var column: Int
        var anchor: String?
        var pairs: [DecodingTree.Pair] = []
        var items: [Int32] = []
        /// A mapping's key read, its value not yet.
        var key: DecodingTree.Pair?
        /// A mapping's key nodes, beside `pairs`, for where a repeated key is.
        var keyNodes: [Int32] = []
        /// The values the frame holds with aliases expanded, as `YAMLValueGuard` counts them.
        var expanded = 1
    }

    private let tree = DecodingTree()
    private let source: String
    private var frames: [Frame] = []
    private var anchors: [String: Int32] = [:]
    /// Each node's count of values with aliases expanded.
    private var expanded: [Int] = []
    private var document: Int32?

    private init(source: String) {
        self.source = source
    }

    /// The tree of the single document `text` holds; nil when it holds none.
    static func tree(of text: String, source: String) throws(ImportProblem) -> DecodingTree? {
        var text = text
        let outcome: Result<DecodingTree?, ImportProblem> = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return .success(nil) }
            var reader = YAMLEventReader(source: source)
            return Result { () throws(ImportProblem) in try reader.read(base, count: bytes.count, text: bytes) }
        }
        return try outcome.get()
    }

    private mutating func read(
        _ base: UnsafePointer<UInt8>, count: Int, text: UnsafeBufferPointer<UInt8>
    ) throws(ImportProblem)
        -> DecodingTree?
    {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { throw ImportProblem(source: source, "not valid YAML or JSON: Memory error") }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, base, count)
        var event = yaml_event_t()
        var documents = 0
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else { throw problem(parser, text: text) }
            defer { yaml_event_delete(&event) }
            let line = Int(event.start_mark.line) + 1
            let column = Int(event.start_mark.column) + 1
            switch event.type {
            case YAML_STREAM_END_EVENT:
                guard let document else { return nil }
                tree.root = document
                return tree
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                guard documents == 1 else {
                    throw OpenAPIDocumentReader.syntaxProblem(
                        "but found another document", line: line, column: column,
                        context: ("expected a single document in the stream", 1, 1), source: source)
                }
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let string = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                if YAMLValueGuard.overflows(string) {
                    throw YAMLValueGuard.overflowProblem(string, source: source, place: "line \(line), column \(column)")
                }
                let tag: Tag.Name =
                    scalar.quoted_implicit == 1 ? .str : scalar.tag.map { Tag.Name(rawValue: String(cString: $0)) } ?? .implicit
                let style = Node.Scalar.Style(rawValue: scalar.style.rawValue) ?? .any
                let node = tree.addScalar(string, style: style, tag: tag, line: line, column: column)
                expanded.append(1)
                register(scalar.anchor, node)
                try deliver(node)
            case YAML_ALIAS_EVENT:
                let name = String(cString: event.data.alias.anchor)
                guard let node = anchors[name] else {
                    throw OpenAPIDocumentReader.syntaxProblem(
                        "found undefined alias", line: line, column: column, context: nil, source: source)
                }
                try deliver(node)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                guard frames.count < Self.maximumDepth else {
                    throw OpenAPIDocumentReader.syntaxProblem(
                        "more than \(Self.maximumDepth) levels of nesting", line: line, column: column, context: nil, source: source)
                }
                let isMapping = event.type == YAML_MAPPING_START_EVENT
                let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
                frames.append(
                    Frame(
                        kind: isMapping ? .mapping : .sequence, line: line, column: column,
                        anchor: anchor.map { String(cString: $0) }))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                let frame = frames.removeLast()
                let node: Int32
                if frame.kind == .mapping {
                    try checkRepeatedKeys(frame)
                    node = tree.addMapping(frame.pairs, line: frame.line, column: frame.column)
                } else {
                    node = tree.addSequence(frame.items, line: frame.line, column: frame.column)
                }
                expanded.append(frame.expanded)
                if let anchor = frame.anchor { anchors[anchor] = node }
                try deliver(node)
            default:
                continue  // the stream's start, a document's end
            }
        }
    }

    private mutating func register(_ anchor: UnsafeMutablePointer<yaml_char_t>?, _ node: Int32) {
        if let anchor { anchors[String(cString: anchor)] = node }
    }

    /// Gives a finished node to the mapping or sequence it is in, or makes it the document.
    private mutating func deliver(_ node: Int32) throws(ImportProblem) {
        guard let last = frames.indices.last else {
            document = node
            return
        }
        let size = expanded[Int(node)]
        frames[last].expanded = min(frames[last].expanded + size, YAMLValueGuard.maximumNodes + 1)
        guard frames[last].expanded <= YAMLValueGuard.maximumNodes else { throw YAMLValueGuard.sizeProblem(source: source) }
        switch frames[last].kind {
        case .mapping:
            if var key = frames[last].key {
                key.value = node
                frames[last].pairs.append(key)
                frames[last].key = nil
            } else {
                guard let text = tree.string(node) else { throw YAMLValueGuard.keyProblem(source: source, place: tree.place(of: node)) }
                frames[last].key = DecodingTree.Pair(key: text, value: -1, merges: text == "<<" && tree.scalar(node).style == .plain)
                frames[last].keyNodes.append(node)
            }
        default:
            frames[last].items.append(node)
        }
    }

    /// Refuses a mapping with a key twice, as Yams does, naming the first repeated key (in sorted order).
    private func checkRepeatedKeys(_ frame: Frame) throws(ImportProblem) {
        guard frame.pairs.count > 1 else { return }
        var seen = Set<String>(minimumCapacity: frame.pairs.count)
        var repeated: Set<String> = []
        for pair in frame.pairs { if let key = pair.key, !seen.insert(key).inserted { repeated.insert(key) } }
        guard let first = repeated.min(), let index = frame.pairs.firstIndex(where: { $0.key == first }) else { return }
        let names = repeated.sorted().map { "'\($0)'" }.joined(separator: ", ")
        throw ImportProblem(
            source: source, place: tree.place(of: frame.keyNodes[index]),
            "not valid YAML or JSON: expected all keys to be unique but found the following duplicated key(s): \(names)")
    }

    /// libyaml's error as a problem at its line and column (a byte offset for text that is not UTF-8).
    private func problem(_ parser: yaml_parser_t, text: UnsafeBufferPointer<UInt8>) -> ImportProblem {
        let problem = parser.problem.map { String(cString: $0) } ?? "Memory error"
        switch parser.error {
        case YAML_READER_ERROR:
            let offset = String(decoding: UnsafeBufferPointer(rebasing: text.prefix(parser.problem_offset)), as: UTF8.self).count
            return ImportProblem(source: source, place: "byte \(offset)", "not valid YAML or JSON: \(problem)")
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            let context = parser.context.map {
                (String(cString: $0), Int(parser.context_mark.line) + 1, Int(parser.context_mark.column) + 1)
            }
            return OpenAPIDocumentReader.syntaxProblem(
                problem, line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1, context: context,
                source: source)
        default:
            return ImportProblem(source: source, "not valid YAML or JSON: \(problem)")
        }
    }
}
