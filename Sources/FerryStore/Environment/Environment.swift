import FerryCore
import Foundation
import Yams

/// A named set of variables: `environments/NAME.yaml` in a collection (a value per name, or
/// `{value: …, secret: true}`), and `environments/NAME.env` beside it, whose values are all secret.
/// The YAML file may also hold `$options:`, the proxy and client certificate of its requests.
public struct Environment: Sendable, Equatable {
    public static let directoryName = "environments"
    /// The key of the connection settings in the YAML file (`$` names are Ferry's, never variables).
    public static let optionsKey = "$options"

    public var name: String
    public var variables: [Variable]
    /// The proxy, Unix socket and client certificate of the requests sent in this environment
    /// (a request's own `options:` and flags win).
    public var connection = ConnectionSettings()

    public init(name: String, variables: [Variable]) {
        self.name = name
        self.variables = variables
    }

    /// Loads environment `name` of the collection at `root`: its YAML file, its `.env` file, or both
    /// (the `.env` values win). Neither existing is a problem listing the environments there are.
    public static func load(named name: String, in root: String) throws(ConfigProblem) -> Environment {
        let directory = (root as NSString).appendingPathComponent(directoryName)
        let yamlPath = (directory as NSString).appendingPathComponent("\(name).yaml")
        let envPath = (directory as NSString).appendingPathComponent("\(name).env")
        let manager = FileManager.default
        guard !name.contains("/"), manager.fileExists(atPath: yamlPath) || manager.fileExists(atPath: envPath) else {
            let known = names(in: root)
            throw ConfigProblem(file: directory, line: nil, key: nil,
                                message: "no environment `\(name)` (\(known.isEmpty ? "there are none" : "available: " + known.joined(separator: ", ")))")
        }
        var environment = Environment(name: name, variables: [])
        if manager.fileExists(atPath: yamlPath) { (environment.variables, environment.connection) = try yamlContents(at: yamlPath) }
        if manager.fileExists(atPath: envPath) { environment.variables += try DotEnv(contentsOf: envPath).variables }
        return environment
    }

    /// The names of the collection's environments, sorted.
    public static func names(in root: String) -> [String] {
        let directory = (root as NSString).appendingPathComponent(directoryName)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let names = files.compactMap { file -> String? in
            guard !file.hasPrefix(".") else { return nil }
            let url = URL(fileURLWithPath: file)
            return ["yaml", "env"].contains(url.pathExtension) ? url.deletingPathExtension().lastPathComponent : nil
        }
        return Array(Set(names)).sorted()
    }

    private static func yamlContents(at path: String) throws(ConfigProblem) -> ([Variable], ConnectionSettings) {
        var file = try YAMLFile(path: path, resolver: .basic)
        file.reportsColumns = true
        var variables: [Variable] = []
        var connection = ConnectionSettings()
        for (name, _, value) in try file.entries(of: file.root, key: "") {
            if name == optionsKey {
                connection = try ConnectionSettings(yaml: value, key: name, in: file)
                continue
            }
            guard value.mapping != nil else {
                variables.append(Variable(name: name, value: try file.string(value, key: name)))
                continue
            }
            var variable = Variable(name: name, value: "")
            var hasValue = false
            for (field, _, fieldValue) in try file.fields(of: value, key: name, allowed: ["value", "secret"]) {
                if field == "value" {
                    variable.value = try file.string(fieldValue, key: "\(name).value")
                    hasValue = true
                } else {
                    variable.isSecret = try file.bool(fieldValue, key: "\(name).secret")
                }
            }
            guard hasValue else { throw file.problem(at: value, key: name, "needs a value") }
            variables.append(variable)
        }
        return (variables, connection)
    }
}

extension Environment {
    /// The environment as its `environments/NAME.yaml` file holds it: `name: value`, and
    /// `name: {value: …, secret: true}` for a secret.
    public func yaml() throws -> String {
        var pairs: [(String, Node)] = variables.map { variable in
            variable.isSecret
                ? (variable.name, Node.map([("value", .text(variable.value)), ("secret", .plain("true"))]))
                : (variable.name, Node.text(variable.value))
        }
        if !connection.isEmpty { pairs.append((Self.optionsKey, .map(connection.yamlPairs))) }
        return try Yams.serialize(node: .map(pairs), indent: 2, width: -1, allowUnicode: true)
    }

    /// True when a value is secret: the file is then created readable by its owner only.
    public var holdsSecrets: Bool { variables.contains(where: \.isSecret) }
}
