import Foundation

/// Evaluates a query's segments over a `Document` (RFC 9535 §2.3–2.4): every selector gives its
/// nodes in document order. One evaluator serves one evaluation (it caches compiled regexes).
final class JSONPathEvaluator {
    let document: Document
    /// The node `$` stands for.
    let root: NodeID
    private var expressions: [String: UTF8Regex?] = [:]

    init(document: Document, root: NodeID) {
        self.document = document
        self.root = root
    }

    /// The nodelist `segments` select from `node` and, when it is empty, the position of the
    /// segment after which nothing was left.
    func select(_ segments: [JSONPathSegment], from node: NodeID) -> (nodes: [NodeID], emptyAt: Int?) {
        var nodes = [node]
        for segment in segments {
            nodes = apply(segment, to: nodes)
            if nodes.isEmpty { return ([], segment.position) }
        }
        return (nodes, nil)
    }

    /// One segment applied to each node of a nodelist, the results concatenated.
    private func apply(_ segment: JSONPathSegment, to nodes: [NodeID]) -> [NodeID] {
        var output: [NodeID] = []
        for node in nodes {
            if segment.isDescendant {
                document.forEachNode(from: node) { visited in
                    for selector in segment.selectors { apply(selector, to: visited, into: &output) }
                }
            } else {
                for selector in segment.selectors { apply(selector, to: node, into: &output) }
            }
        }
        return output
    }

    private func apply(_ selector: JSONPathSelector, to node: NodeID, into output: inout [NodeID]) {
        let kind = document.kind(of: node)
        let isArray = kind == .array
        let isObject = kind == .object || kind == .dictionary
        switch selector {
        case .name(let name):
            if isObject, let member = document.member(of: node, named: name) { output.append(member) }
        case .wildcard:
            if isArray || isObject { output.append(contentsOf: document.children(of: node)) }
        case .index(let index):
            if isArray, let element = element(of: node, at: index) { output.append(element) }
        case .slice(let start, let end, let step):
            guard isArray else { return }
            let elements = Array(document.children(of: node))
            for index in Self.slice(count: elements.count, start: start, end: end, step: step ?? 1) { output.append(elements[index]) }
        case .filter(let filter):
            guard isArray || isObject else { return }
            for child in document.children(of: node) where test(filter, current: child) { output.append(child) }
        }
    }

    private func element(of array: NodeID, at index: Int) -> NodeID? {
        if index >= 0 { return document.child(of: array, at: index) }
        let position = document.childCount(of: array) + index
        return position >= 0 ? document.child(of: array, at: position) : nil
    }

    /// The indexes a slice selects from `count` elements (§2.3.4.2.2), in the order it selects them.
    static func slice(count: Int, start: Int?, end: Int?, step: Int) -> [Int] {
        guard step != 0 else { return [] }
        func normalized(_ index: Int) -> Int { index >= 0 ? index : count + index }
        if step > 0 {
            let lower = min(max(normalized(start ?? 0), 0), count)
            let upper = min(max(normalized(end ?? count), 0), count)
            return lower < upper ? Array(stride(from: lower, to: upper, by: step)) : []
        }
        let upper = min(max(normalized(start ?? count - 1), -1), count - 1)
        let lower = min(max(end.map(normalized) ?? -1, -1), count - 1)
        return lower < upper ? Array(stride(from: upper, to: lower, by: step)) : []
    }

    // MARK: - Filters

    func test(_ filter: JSONPathFilter, current: NodeID) -> Bool {
        switch filter {
        case .or(let terms): terms.contains { test($0, current: current) }
        case .and(let terms): terms.allSatisfy { test($0, current: current) }
        case .not(let inner): !test(inner, current: current)
        case .exists(let query): query.isSingular ? singular(query, current: current) != nil : !nodes(query, current: current).isEmpty
        case .function(let call): logical(call, current: current)
        case .compare(let left, let comparison, let right):
            value(left, current: current).compare(comparison, value(right, current: current), in: document)
        }
    }

    private func nodes(_ query: JSONPathFilterQuery, current: NodeID) -> [NodeID] {
        select(query.segments, from: query.isRelative ? current : root).nodes
    }

    /// The one node a singular query selects, without building nodelists.
    private func singular(_ query: JSONPathFilterQuery, current: NodeID) -> NodeID? {
        var node = query.isRelative ? current : root
        for segment in query.segments {
            switch segment.selectors[0] {
            case .name(let name): guard let member = document.member(of: node, named: name) else { return nil }; node = member
            case .index(let index):
                guard document.kind(of: node) == .array, let element = element(of: node, at: index) else { return nil }
                node = element
            default: return nil
            }
        }
        return node
    }

    private func value(_ comparable: JSONPathComparable, current: NodeID) -> JSONPathValue {
        switch comparable {
        case .literal(let literal): .literal(literal)
        case .query(let query): singular(query, current: current).map(JSONPathValue.node) ?? .nothing
        case .function(let call): value(of: call, current: current)
        }
    }

    /// A ValueType function's result.
    private func value(of call: JSONPathFunctionCall, current: NodeID) -> JSONPathValue {
        switch call {
        case .length(let argument):
            switch value(argument, current: current) {
            case .literal(.string(let text)): return .literal(.number(Double(text.unicodeScalars.count)))
            case .node(let node):
                switch document.kind(of: node) {
                case .array, .object, .dictionary: return .literal(.number(Double(document.childCount(of: node))))
                default:
                    guard case .string(let text)? = JSONPathValue.primitive(of: node, in: document) else { return .nothing }
                    return .literal(.number(Double(text.unicodeScalars.count)))
                }
            default: return .nothing
            }
        case .count(let query): return .literal(.number(Double(nodes(query, current: current).count)))
        case .value(let query):
            let selected = nodes(query, current: current)
            return selected.count == 1 ? .node(selected[0]) : .nothing
        case .match, .search: return .nothing
        }
    }

    /// A LogicalType function's result: `match` and `search` (false when either side is no string
    /// or the pattern is no I-Regexp).
    private func logical(_ call: JSONPathFunctionCall, current: NodeID) -> Bool {
        let (subject, pattern, whole): (JSONPathComparable, JSONPathComparable, Bool)
        switch call {
        case .match(let a, let b): (subject, pattern, whole) = (a, b, true)
        case .search(let a, let b): (subject, pattern, whole) = (a, b, false)
        default: return false
        }
        guard case .string(let text)? = value(subject, current: current).primitive(in: document),
            case .string(let source)? = value(pattern, current: current).primitive(in: document),
            let expression = expression(source, whole: whole)
        else { return false }
        return expression.matches(text)
    }

    private func expression(_ source: String, whole: Bool) -> UTF8Regex? {
        let key = (whole ? "m" : "s") + source
        if let cached = expressions[key] { return cached }
        let compiled = IRegexp.pcrePattern(source).flatMap { pattern in
            UTF8Regex(whole ? #"\A(?:"# + pattern + #")\z"# : pattern)
        }
        expressions[key] = compiled
        return compiled
    }
}
