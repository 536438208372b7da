import FerryCore

/// A search of the Tree or Hex tab, run by the runtime off the UI thread (it may walk a whole
/// 50 MB body); the result comes back as `Message.searchFinished`. It stops early when its task
/// is cancelled, which the runtime does when a newer search starts.
public struct ViewSearch: Sendable {
    /// What is searched: the document's keys, names and values, or the body's bytes.
    public enum Target: Sendable {
        case tree(Document, query: String)
        case bytes(ByteSource, needle: [UInt8])
    }

    public let id: Int
    public let target: Target

    /// The most matches kept; the count shows `+` beyond it.
    public static let matchLimit = 10_000

    public init(id: Int, target: Target) {
        self.id = id
        self.target = target
    }

    /// Finds the matches, in document (byte) order.
    public func run() -> SearchResult {
        switch target {
        case .tree(let document, let query): treeMatches(document, query: query.lowercased())
        case .bytes(let source, let needle): byteMatches(source, needle: needle)
        }
    }

    private func treeMatches(_ document: Document, query: String) -> SearchResult {
        var matches: [NodeID] = []
        var stack = Array(document.topLevelNodes.reversed())
        var visited = 0
        while let node = stack.popLast() {
            visited += 1
            if visited.isMultiple(of: 4096), Task.isCancelled { break }
            let label = document.key(of: node) ?? document.name(of: node)
            if label.map({ $0.lowercased().contains(query) }) == true
                || document.value(of: node).map({ $0.lowercased().contains(query) }) == true
            {
                matches.append(node)
                if matches.count > Self.matchLimit { break }
            }
            if document.kind(of: node).isContainer { stack += document.children(of: node).reversed() }
        }
        let capped = matches.count > Self.matchLimit
        return SearchResult(id: id, matches: .nodes(Array(matches.prefix(Self.matchLimit))), capped: capped)
    }

    private func byteMatches(_ source: ByteSource, needle: [UInt8]) -> SearchResult {
        let dump = HexDump(source: source)
        var offsets: [Int64] = []
        var from: Int64 = 0
        while offsets.count <= Self.matchLimit, !Task.isCancelled, let offset = try? dump.firstOffset(of: needle, from: from) {
            offsets.append(offset)
            from = offset + 1
        }
        let capped = offsets.count > Self.matchLimit
        return SearchResult(id: id, matches: .offsets(Array(offsets.prefix(Self.matchLimit))), capped: capped)
    }
}
