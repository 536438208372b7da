import FerryCore
import Foundation
import Yams

/// Posting collections: a folder of `*.posting.yaml` request files in subfolders (the folders are
/// kept), and its `.env` files, each an environment named after the file. Posting's `$NAME` and
/// `${NAME}` variables become Ferry's `{{NAME}}`; scripts, and options and auth Ferry does not
/// have, are named in the report. The importer is given the folder (`directory`); `text` is unused.
public struct PostingImporter: Importer {
    public static let suffix = ".posting.yaml"

    public init() {}

    /// True when `folder` holds a Posting request file, at any depth.
    public static func isCollection(_ folder: String) -> Bool {
        FileManager.default.enumerator(atPath: folder)?.contains { ($0 as? String)?.hasSuffix(suffix) == true } ?? false
    }

    public func importCollection(_ text: String, source: String, directory: String) throws(ImportProblem) -> ImportedCollection {
        var collection = ImportedCollection()
        let paths = ((FileManager.default.enumerator(atPath: directory)?.allObjects as? [String]) ?? []).sorted()
        for path in paths where path.hasSuffix(Self.suffix) {
            let absolute = (directory as NSString).appendingPathComponent(path)
            guard let text = try? String(contentsOfFile: absolute, encoding: .utf8) else {
                throw ImportProblem(source: absolute, "cannot be read as UTF-8 text")
            }
            let (description, report) = try Self.request(text, place: path, source: absolute)
            collection.report.notes += report.notes
            let folder = (path as NSString).deletingLastPathComponent
            collection.add(
                description, title: description.name ?? String((path as NSString).lastPathComponent.dropLast(Self.suffix.count)),
                folder: RequestFileName.folder(folder.split(separator: "/").map(String.init)), source: path)
            collection.report.imported(path, "\(description.method.rawValue) \(description.url)")
        }
        for path in paths where path.hasSuffix(".env") && !path.contains("/") {
            let absolute = (directory as NSString).appendingPathComponent(path)
            guard let text = try? String(contentsOfFile: absolute, encoding: .utf8) else {
                throw ImportProblem(source: absolute, "cannot be read as UTF-8 text")
            }
            let name = path == ".env" ? "default" : String(path.dropLast(4))
            collection.environments.append(.init(name: name, variables: try Self.dotenv(text, source: absolute)))
            collection.report.imported(path, "environment \(name)")
        }
        return collection
    }

    /// The request that one request file's `text` describes, and the report of reading it; `place`
    /// is the file below the collection, `source` its full path (both only used in notes and problems).
    package static func request(_ text: String, place: String, source: String) throws(ImportProblem) -> (RequestDescription, ImportReport) {
        var reader = PostingRequestReader(place: place)
        let description = try reader.description(try parse(text, source: source))
        return (description, reader.report)
    }

    private static func parse(_ text: String, source: String) throws(ImportProblem) -> JSONNode {
        do {
            guard let document = try Yams.compose(yaml: text) else { throw ImportProblem(source: source, "the request file is empty") }
            try YAMLValueGuard.check(document, source: source)
            let value = document.any
            let node = JSONNode(value: value, components: [], source: source)
            guard node.isObject else { throw node.problem("expected a request (name:, method:, url: …)") }
            return node
        } catch let problem as ImportProblem {
            throw problem
        } catch {
            throw OpenAPIDocumentReader.syntaxProblem(error, source: source)
        }
    }

    /// `NAME=value` lines (quotes taken off, `#` comments and `export ` skipped); a line without
    /// `=` is a problem at its line.
    package static func dotenv(_ text: String, source: String) throws(ImportProblem) -> [Variable] {
        var variables: [Variable] = []
        for (offset, raw) in text.splitLines().enumerated() {
            var line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("export ") { line = String(line.dropFirst(7)) }
            guard let equals = line.firstIndex(of: "="), equals != line.startIndex else {
                throw ImportProblem(source: source, place: "line \(offset + 1), column 1", "expected NAME=value")
            }
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            variables.set(Variable(name: line[..<equals].trimmingCharacters(in: .whitespaces), value: value))
        }
        return variables
    }
}
