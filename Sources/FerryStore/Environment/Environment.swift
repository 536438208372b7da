import FerryCore
import Foundation
import Yams

/// A named set of variables: `environments/NAME.yaml` in a collection (a value per name, or
/// `{value: …, secret: true}`, or a chain `{from: login.ferry.yaml, path: $.token, ttl: 15m}`), and `environments/NAME.env` beside it, whose values are all secret.
/// The YAML file may also hold `$options:`, the proxy and client certificate of its requests.
public struct Environment: Sendable, Equatable {
    public static let directoryName = "environments"
    /// The key of the connection settings in the YAML file (`$` names are Ferry's, never variables).
    public static let optionsKey = "$options"

    public var name: String
    public var variables: [Variable]
    /// Variables taken from a request's response when needed (`name: {from: FILE, path: …}`).
    public var chains: [VariableChain]
    /// The proxy, Unix socket and client certificate of the requests sent in this environment
    /// (a request's own `options:` and flags win).
    public var connection = ConnectionSettings()

    public init(name: String, variables: [Variable], chains: [VariableChain] = []) {
        self.name = name
        self.variables = variables
        self.chains = chains
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
            throw ConfigProblem(
                file: directory, line: nil, key: nil,
                message: "no environment `\(name)` (\(known.isEmpty ? "there are none" : "available: " + known.joined(separator: ", ")))")
        }
        var environment = Environment(name: name, variables: [])
        if manager.fileExists(atPath: yamlPath) {
            (environment.variables, environment.chains, environment.connection) = try yamlContents(at: yamlPath)
        }
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

    private static func yamlContents(at path: String) throws(ConfigProblem) -> ([Variable], [VariableChain], ConnectionSettings) {
        try yamlContents(of: try YAMLFile.text(of: path), path: path)
    }

    /// The variables, chains and connection settings of an environment file's `text`; `path` is only
    /// used in problems.
    package static func yamlContents(
        of text: String, path: String
    ) throws(ConfigProblem) -> ([Variable], [VariableChain], ConnectionSettings) {
        var file = try YAMLFile(text: text, path: path, resolver: .basic)
        file.reportsColumns = true
        var connection = ConnectionSettings()
        if let options = try file.entries(of: file.root, key: "").first(where: { $0.key == optionsKey }) {
            connection = try ConnectionSettings(yaml: options.value, key: optionsKey, in: file)
        }
        let (variables, chains) = try file.variables(of: file.root, key: "", skipping: [optionsKey])
        return (variables, chains, connection)
    }
}

extension Environment {
    /// The environment as its `environments/NAME.yaml` file holds it: `name: value`,
    /// `name: {value: …, secret: true}` for a secret, `name: {from: …, path: …}` for a chain.
    public func yaml() throws -> String {
        var root = YAMLFile.variablesNode(variables, chains: chains)
        if !connection.isEmpty, case .mapping(var pairs) = root {
            pairs[.text(Self.optionsKey)] = .map(connection.yamlPairs)
            root = .mapping(pairs)
        }
        return try Yams.serialize(node: root, indent: 2, width: -1, allowUnicode: true)
    }

    /// True when a value is secret: the file is then created readable by its owner only.
    public var holdsSecrets: Bool { variables.contains(where: \.isSecret) }
}
