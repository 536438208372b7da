import FerryCore
import Yams

/// Connection settings in files: among a request's `options:`, and as an environment's `$options:`.
extension ConnectionSettings {
    /// Reads a mapping of connection settings only (an environment's `$options:`).
    init(yaml node: Node, key: String, in file: YAMLFile) throws(ConfigProblem) {
        self.init()
        for (field, _, value) in try file.fields(of: node, key: key, allowed: Self.keys) {
            self[field] = try file.string(value, key: "\(key).\(field)")
        }
    }

    /// The settings that are set, as `key: value` pairs in the order of `keys`.
    var yamlPairs: [(String, Node)] {
        Self.keys.compactMap { key in self[key].map { (key, Node.text($0)) } }
    }
}
