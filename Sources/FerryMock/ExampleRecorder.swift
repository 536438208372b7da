import FerryCore
import FerryStore
import Foundation

/// `ferry mock --record UPSTREAM --into-examples`: what the upstream answered, saved as an
/// `examples:` entry of the collection's request file whose method and URL template the request
/// fits (the most specific one). The file is read again and saved through
/// `RequestDescription.save` (atomic, and never over a file that no longer parses); an answer
/// already saved there (the same status, headers and body) is not saved twice. One save at a time.
public final class ExampleRecorder: @unchecked Sendable {
    /// Response headers not saved: the connection's, the encoding's (the body is kept decoded),
    /// and those that differ on every answer or carry a session.
    static let unsaved: Set<String> = MockReply.recomputed.union(["date", "set-cookie", "age", "expires"])

    private struct File {
        var method: String
        var template: PathTemplate
        var path: String
    }

    private let files: [File]
    private let lock = NSLock()

    /// What became of one answer.
    public enum Outcome: Sendable, Equatable {
        case saved(path: String, name: String)
        /// The file already holds this answer, under this name.
        case alreadySaved(path: String, name: String)
        /// No request file of the collections fits the request.
        case noRequestFile
        /// The answer or the file could not be saved, and why.
        case failed(String)
    }

    /// The request files of the collection folders `roots` (each read once, now).
    public init(roots: [String]) throws {
        var files: [File] = []
        for root in roots {
            let collection = try RequestCollection(root: root)
            for entry in collection.requests {
                files.append(
                    File(
                        method: entry.document.method.rawValue.uppercased(), template: PathTemplate(urlTemplate: entry.document.url),
                        path: (root as NSString).appendingPathComponent(entry.path)))
            }
        }
        self.files = files
    }

    /// Saves `reply` as an example of the request file `request` fits.
    public func record(_ request: MockRequest, reply: MockReply) -> Outcome {
        let fitting = files.filter { $0.method == request.method && $0.template.match(request.segments) != nil }
        guard var file = fitting.first else { return .noRequestFile }
        for other in fitting.dropFirst() where other.template.isMoreSpecific(than: file.template) { file = other }
        guard let body = String(bytes: reply.body, encoding: .utf8) else {
            return .failed("the answer's body is not text, and an example's body is")
        }
        let headers = reply.headers.filter { !Self.unsaved.contains($0.name.lowercased()) }.map {
            HTTPHeader(name: $0.name, value: $0.value)
        }
        return lock.withLock {
            do {
                var document = try RequestDescription(contentsOf: file.path)
                if let same = document.examples.first(where: {
                    $0.status == reply.status && $0.headers == headers && ($0.body ?? "") == body
                }) {
                    return .alreadySaved(path: file.path, name: same.name)
                }
                let name = Self.name(for: reply.status, among: document.examples.map(\.name))
                document.examples.append(.init(name: name, status: reply.status, headers: headers, body: body.isEmpty ? nil : body))
                try document.save(to: file.path)
                return .saved(path: file.path, name: name)
            } catch {
                return .failed("\(file.path): \(ErrorChain(error).line)")
            }
        }
    }

    /// `recorded 200`, or `recorded 200 (2)` and on when the name is taken.
    static func name(for status: Int, among names: [String]) -> String {
        let base = "recorded \(status)"
        guard names.contains(base) else { return base }
        var count = 2
        while names.contains("\(base) (\(count))") { count += 1 }
        return "\(base) (\(count))"
    }
}
