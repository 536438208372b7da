import Foundation
import Yams

#if canImport(Glibc)
    import Glibc
#endif

/// A YAML file read as a tree of nodes with line numbers, for files whose errors must say where.
package struct YAMLFile {
    package let path: String
    package let root: Node
    /// Whether problems give the column too (request files do; themes and keymaps give lines).
    package var reportsColumns = false
    /// The folder the files this one names must stay in (a collection's root); nil for this file's own folder.
    package var boundary: String?
    /// Values left to read as parameters. Yams keeps an aliased node once, but a tree read out of
    /// it is as large as the aliases make it: nine aliases of nine make billions of values (an
    /// alias bomb), so reading stops at a million, with a problem, instead of exhausting memory.
    let budget = ReadingBudget(values: 1_000_000)

    /// Reads and parses `path`; a missing, unreadable or malformed file is a `ConfigProblem`.
    /// `resolver` decides the scalars' implicit tags: Ferry's own files read scalars themselves and
    /// pass `.basic`, which skips Yams' regular expressions (most of the parse time otherwise).
    package init(path: String, resolver: Resolver = .default) throws(ConfigProblem) {
        try self.init(text: try Self.text(of: path), path: path, resolver: resolver)
    }

    /// The largest YAML file Ferry reads (a request file, a folder's defaults, an environment, the
    /// settings): a collection is someone else's input, and parsing is held to bounded memory.
    package static let sizeLimit = 16 << 20

    /// The UTF-8 text of the file at `path`; an unreadable file, or one over `sizeLimit`, is a `ConfigProblem`.
    package static func text(of path: String) throws(ConfigProblem) -> String {
        let body = try FileBytes.contents(
            of: path, limit: sizeLimit, kind: "a YAML file", advice: " (a large body belongs in a file of its own: body: {file: …})")
        guard let text = String(validating: body, as: UTF8.self) else {
            throw ConfigProblem(file: path, line: nil, key: nil, message: "cannot be read (it is not UTF-8 text)")
        }
        return text
    }

    /// Parses `text` read from `path`.
    package init(text: String, path: String, resolver: Resolver = .default) throws(ConfigProblem) {
        self.path = path
        do {
            root = try Yams.compose(yaml: text, resolver, Self.noConstructor, .utf8) ?? Node.mapping(Node.Mapping([]))
        } catch let error as YamlError {
            let mark = Self.mark(of: error)
            throw ConfigProblem(
                file: path, line: mark?.line, column: mark?.column, key: nil, message: "is not valid YAML (\(Self.summary(of: error)))")
        } catch {
            throw ConfigProblem(file: path, line: nil, key: nil, message: "is not valid YAML (\(error))")
        }
    }

    /// Ferry reads nodes, never `Node.any`, so its nodes carry a constructor with no maps: Yams'
    /// `.default` builds its three maps of closures anew for every file (an eighth of a request file's parse).
    private static var noConstructor: Constructor { Constructor([:], [:], [:]) }

    /// A problem at `node`.
    package func problem(at node: Node, key: String, _ message: String) -> ConfigProblem {
        ConfigProblem(file: path, line: node.mark?.line, column: reportsColumns ? node.mark?.column : nil, key: key, message: message)
    }

    /// The entries of a mapping node, in file order; a problem when `node` is not a mapping.
    package func entries(of node: Node, key: String) throws(ConfigProblem) -> [(key: String, keyNode: Node, value: Node)] {
        guard let mapping = node.mapping else { throw problem(at: node, key: key, "expected a mapping (key: value lines)") }
        return mapping.map { ($0.key.string ?? "", $0.key, $0.value) }
    }

    private static func mark(of error: YamlError) -> Mark? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark
        default: nil
        }
    }

    private static func summary(of error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _): problem
        default: "\(error)"
        }
    }
}
