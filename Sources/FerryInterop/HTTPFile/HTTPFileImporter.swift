import FerryCore
import Foundation

/// `.http` and `.rest` files of the JetBrains HTTP Client and VS Code REST Client
/// (`HTTPFileReader`), with the `http-client.env.json` and `http-client.private.env.json` beside
/// them: each environment there an environment (private values secret, `$shared` values in
/// every one), the file's `@variables` in each of them (they win, as in both tools), or in one
/// environment named after the file when there are no environment files.
public struct HTTPFileImporter: Importer {
    public static let environmentFile = "http-client.env.json"
    public static let privateEnvironmentFile = "http-client.private.env.json"

    public init() {}

    public func importCollection(_ text: String, source: String, directory: String) throws(ImportProblem) -> ImportedCollection {
        var reader = HTTPFileReader(source: source)
        try reader.read(text)
        var collection = reader.collection
        // The editors that run these files send a file's requests top to bottom.
        collection.keepRequestOrder()
        Self.chainResponseReferences(in: &collection, namesUsed: reader.namesUsed)
        var environments: [ImportedCollection.Environment] = []
        for (file, secret) in [(Self.environmentFile, false), (Self.privateEnvironmentFile, true)] {
            let path = (directory as NSString).appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let root = try JSONNode.parse(String(decoding: data, as: UTF8.self), source: path)
            try Self.read(root, secret: secret, into: &environments, report: &collection.report)
        }
        if environments.isEmpty, !reader.variables.isEmpty {
            let name = (source as NSString).lastPathComponent.components(separatedBy: ".").first ?? "http"
            environments.append(.init(name: name.isEmpty ? "http" : name, variables: []))
        }
        for index in environments.indices { reader.variables.forEach { environments[index].variables.set($0) } }
        collection.environments = environments
        return collection
    }

    /// A response reference (`{{login.response.body.$.token}}`, `{{login.response.headers.X-Token}}`,
    /// `{{login.response.body.*}}`) becomes a chained value of the request that uses it, under the
    /// same name: Ferry sends the request named `login` first and takes the value from its answer, as
    /// both tools do. A reference to a request the file does not name is left for the user, noted.
    static func chainResponseReferences(in collection: inout ImportedCollection, namesUsed: [Int: [String]]) {
        var paths: [String: String] = [:]
        for request in collection.requests { if let name = request.description.name { paths[name] = paths[name] ?? request.path } }
        for index in collection.requests.indices {
            var description = collection.requests[index].description
            for name in Set(namesUsed[index] ?? []).sorted() {
                guard let reference = ResponseReference(name) else { continue }
                guard let path = paths[reference.request] else {
                    collection.report.dropped(
                        collection.requests[index].source, "{{\(name)}}: no request of this file is named \(reference.request)")
                    continue
                }
                description.chains.append(VariableChain(capture: Capture(name: name, source: reference.source), request: path))
                collection.report.approximated(
                    collection.requests[index].source, "{{\(name)}} is taken from \(path), sent first (a chained value)")
            }
            collection.requests[index].description = description
        }
    }

    /// `NAME.response.body.PATH` or `NAME.response.headers.FIELD`, as the `.http` editors write it.
    private struct ResponseReference {
        var request: String
        var source: Capture.Source

        init?(_ name: String) {
            let parts = name.split(separator: ".", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, parts[1] == "response", !parts[0].isEmpty, !parts[3].isEmpty else { return nil }
            request = String(parts[0])
            switch parts[2] {
            case "body": source = .body(path: parts[3] == "*" ? "$" : String(parts[3]))
            case "headers": source = .header(String(parts[3]))
            default: return nil
            }
        }
    }

    /// One environment file: `{"name": {"variable": value, …}, …}`; `$shared` goes into every environment.
    private static func read(
        _ root: JSONNode, secret: Bool, into environments: inout [ImportedCollection.Environment],
        report: inout ImportReport
    ) throws(ImportProblem) {
        guard root.isObject else { throw root.problem("expected an object of environments") }
        var shared: [Variable] = []
        for (name, values) in try root.members() {
            guard values.isObject else { throw values.problem("expected the variables of environment \(name) as an object") }
            var variables: [Variable] = []
            for (key, value) in try values.members() {
                guard let text = value.text else {
                    report.dropped(
                        value.path, "\(key) is not a text value (\(name == "$shared" ? "shared" : name)): Ferry's variables are text")
                    continue
                }
                variables.append(Variable(name: key, value: text, isSecret: secret))
                report.imported(value.path, "variable \(key)\(secret ? " (secret)" : "")")
            }
            if name == "$shared" {
                shared += variables
                continue
            }
            if let index = environments.firstIndex(where: { $0.name == name }) {
                variables.forEach { environments[index].variables.set($0) }
            } else {
                environments.append(.init(name: name, variables: variables))
            }
        }
        for index in environments.indices {
            let own = Set(environments[index].variables.map(\.name))
            environments[index].variables.insert(contentsOf: shared.filter { !own.contains($0.name) }, at: 0)
        }
    }
}
