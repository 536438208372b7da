import FerryStore
import Foundation

/// What `ferry collection list` prints: the requests, the broken files and the links to folders not
/// followed (loops), as a table or JSON.
struct CollectionListing: Encodable {
    struct Item: Encodable {
        var path: String
        var folder: String
        var name: String
        var method: String
        var url: String
    }

    struct Problem: Encodable {
        var file: String
        var line: Int?
        var column: Int?
        var key: String?
        var message: String

        init(_ problem: ConfigProblem) {
            (file, line, column, key, message) = (problem.file, problem.line, problem.column, problem.key, problem.message)
        }
    }

    var root: String
    var requests: [Item]
    var environments: [String]
    var problems: [Problem]
    var skippedLinks: [Problem]

    init(_ collection: RequestCollection) {
        root = collection.root
        requests = collection.requests.map {
            Item(path: $0.path, folder: $0.folder, name: $0.title, method: $0.document.sentMethod.rawValue, url: $0.document.url)
        }
        environments = Environment.names(in: collection.root)
        problems = collection.problems.map(Problem.init)
        skippedLinks = collection.skippedLinks.map(Problem.init)
    }

    /// One line per request (method, path, URL, name), then one per broken file and per link not followed.
    var table: String {
        let pathWidth = requests.map(\.path.count).max() ?? 0
        var lines = requests.map { item in
            item.method.padding(toLength: max(7, item.method.count), withPad: " ", startingAt: 0) + " "
                + item.path.padding(toLength: pathWidth, withPad: " ", startingAt: 0) + "  " + item.url
                + (item.name == Self.stem(item.path) ? "" : "  (\(item.name))")
        }
        if !environments.isEmpty { lines.append("environments: " + environments.joined(separator: ", ")) }
        lines += problems.map { problem in
            "BROKEN  "
                + ConfigProblem(file: problem.file, line: problem.line, column: problem.column, key: problem.key, message: problem.message)
                .description
        }
        lines += skippedLinks.map { "SKIPPED \($0.file): \($0.message)" }
        lines.append(
            "\(requests.count) request\(requests.count == 1 ? "" : "s")"
                + (problems.isEmpty ? "" : ", \(problems.count) broken file\(problems.count == 1 ? "" : "s")")
                + (skippedLinks.isEmpty ? "" : ", \(skippedLinks.count) link\(skippedLinks.count == 1 ? "" : "s") not followed"))
        return lines.joined(separator: "\n") + "\n"
    }

    private static func stem(_ path: String) -> String {
        String((path as NSString).lastPathComponent.dropLast(RequestCollection.requestSuffix.count))
    }
}
