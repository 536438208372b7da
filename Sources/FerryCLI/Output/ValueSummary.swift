import FerryCore
import Foundation

/// What a serializer made of a body, in brief: the `value` part of `ferry send --json`, and what
/// `ferry view --json` and `--summary` report. Fields are only ever added.
public struct ValueSummary: Codable, Sendable {
    /// `document`, `text`, `data`, `image` or `empty`.
    public var kind: String
    /// The serializer that produced the value (`json`, `xml`, `plist`, `string`, `data`, `image`).
    public var serializer: String
    /// `auto` when the auto serializer chose `serializer` by Content-Type or sniffing.
    public var chosenBy: String?
    /// The body's size in bytes.
    public var bytes: Int64
    /// Time spent serializing (parsing), in milliseconds.
    public var parseMs: Double
    /// Parsing speed in MB/s (10^6 bytes), when the time was measurable.
    public var mbPerSecond: Double?
    /// Documents: the format (`JSON`, `XML`, `property list`), the root's kind, how many nodes
    /// and how deep, and the nodes of the root's tree by kind (`object`, `string`, `element`…).
    public var format: String?
    public var root: String?
    public var nodes: Int?
    public var depth: Int?
    public var nodesByKind: [String: Int]?
    /// Text: the charset it was decoded with and its length in characters.
    public var charset: String?
    public var characters: Int?
    /// Images: what the header says.
    public var image: ImagePart?

    public struct ImagePart: Codable, Sendable {
        public var format: String
        public var width: Int
        public var height: Int
        public var bitsPerPixel: Int?
        public var frames: Int

        public init(_ info: ImageInfo) {
            format = info.format.rawValue
            width = info.width
            height = info.height
            bitsPerPixel = info.bitsPerPixel
            frames = info.frameCount
        }

        /// `PNG, 640×480 pixels, 32 bits per pixel, 1 frame`.
        public var line: String {
            let depth = bitsPerPixel.map { ", \($0) bits per pixel" } ?? ""
            return "\(format), \(width)×\(height) pixels\(depth), \(frames) frame\(frames == 1 ? "" : "s")"
        }
    }

    /// Summarises `value`, read by the serializer named `serializer` from `bytes` bytes in
    /// `parseMicroseconds`; for `auto`, the value tells which serializer it chose.
    public init(_ value: SerializedValue, serializer: String, bytes: Int64, parseMicroseconds: Int64) {
        self.serializer = serializer == "auto" ? Self.serializerName(producing: value) ?? serializer : serializer
        chosenBy = self.serializer == serializer ? nil : serializer
        self.bytes = bytes
        parseMs = Double(parseMicroseconds) / 1000
        mbPerSecond = parseMicroseconds > 0 ? Double(bytes) / Double(parseMicroseconds) : nil
        switch value {
        case .empty:
            kind = "empty"
        case .data:
            kind = "data"
        case .text(let text, let charset):
            kind = "text"
            self.charset = charset
            characters = text.count
        case .image(let info):
            kind = "image"
            image = ImagePart(info)
        case .document(let document):
            kind = "document"
            format = document.format.rawValue
            root = "\(document.kind(of: document.root))"
            nodes = document.nodeCount
            depth = document.depth
            nodesByKind = Self.countKinds(in: document)
        }
    }

    /// The serializer that makes values like `value`; nil for an empty value, which any may make.
    static func serializerName(producing value: SerializedValue) -> String? {
        switch value {
        case .empty: nil
        case .data: "data"
        case .text: "string"
        case .image: "image"
        case .document(let document):
            switch document.format {
            case .json: "json"
            case .xml: "xml"
            case .propertyList: "plist"
            }
        }
    }

    /// Counts the nodes of the root's tree by kind, walking it with an explicit stack.
    static func countKinds(in document: Document) -> [String: Int] {
        var counts = [Int](repeating: 0, count: NodeKind.allCases.count)
        var pending = [document.root]
        while let node = pending.popLast() {
            let kind = document.kind(of: node)
            counts[NodeKind.allCases.firstIndex(of: kind)!] += 1
            if kind.isContainer { pending.append(contentsOf: document.children(of: node)) }
        }
        var result: [String: Int] = [:]
        for (kind, count) in zip(NodeKind.allCases, counts) where count > 0 { result["\(kind)"] = count }
        return result
    }

    /// Lines for people (`ferry view --summary`).
    public var lines: [String] {
        var lines = ["kind: \(kind) (serializer \(serializer)\(chosenBy.map { ", chosen by \($0)" } ?? ""))", "bytes: \(bytes)"]
        if let format, let root, let nodes, let depth {
            lines.append("document: \(format), root \(root), \(nodes) nodes, depth \(depth)")
        }
        if let nodesByKind {
            lines.append(
                "nodes by kind: "
                    + nodesByKind.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            )
        }
        if let charset, let characters { lines.append("text: \(characters) characters, \(charset)") }
        if let image { lines.append("image: \(image.line)") }
        let speed = mbPerSecond.map { String(format: ", %.1f MB/s", $0) } ?? ""
        lines.append(String(format: "parse: %.3f ms", parseMs) + speed)
        return lines
    }
}
