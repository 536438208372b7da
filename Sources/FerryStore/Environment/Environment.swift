import FerryCore
import Foundation
import Yams

/// A named set of variables: `environments/NAME.yaml` in a collection (a value per name, or
/// `{value: …, secret: true}`, or a chain `{from: login.ferry.yaml, path: $.token, ttl: 15m}`), and `environments/NAME.env` beside it, whose values are all secret.
public struct Environment: Sendable, Equatable {
    public static let directoryName = "environments"

    public var name: String
    public var variables: [Variable]
    /// Variables taken from a request's response when needed (`name: {from: FILE, path: …}`).
    public var chains: [VariableChain]

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
            throw ConfigProblem(file: directory, line: nil, key: nil,
                                message: "no environment `\(name)` (\(known.isEmpty ? "there are none" : "available: " + known.joined(separator: ", ")))")
        }
        var variables: [Variable] = []
        var chains: [VariableChain] = []
        if manager.fileExists(atPath: yamlPath) { (variables, chains) = try yamlVariables(at: yamlPath) }
        if manager.fileExists(atPath: envPath) { variables += try DotEnv(contentsOf: envPath).variables }
        return Environment(name: name, variables: variables, chains: chains)
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

    private static func yamlVariables(at path: String) throws(ConfigProblem) -> (values: [Variable], chains: [VariableChain]) {
        var file = try YAMLFile(path: path, resolver: .basic)
        file.reportsColumns = true
        return try file.variables(of: file.root, key: "")
    }
}

extension Environment {
    /// The environment as its `environments/NAME.yaml` file holds it: `name: value`,
    /// `name: {value: …, secret: true}` for a secret, `name: {from: …, path: …}` for a chain.
    public func yaml() throws -> String {
        try Yams.serialize(node: YAMLFile.variablesNode(variables, chains: chains), indent: 2, width: -1, allowUnicode: true)
    }

    /// True when a value is secret: the file is then created readable by its owner only.
    public var holdsSecrets: Bool { variables.contains(where: \.isSecret) }
}
