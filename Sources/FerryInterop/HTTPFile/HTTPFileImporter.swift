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
