import FerryCore
import Foundation
import Yams

/// `scripts:` in a request file, a folder's `_folder.ferry.yaml` or the collection's root:
///
///     scripts:
///       pre-request: |
///         pm.environment.set("stamp", Date.now())
///       tests: |
///         pm.test("ok", () => pm.response.to.have.status(200))
///
/// Each script remembers its file and line, so its errors name the file's line and column.
extension RequestScripts {
    init(yaml node: Node, key: String, in file: YAMLFile) throws(ConfigProblem) {
        self.init()
        for (field, keyNode, value) in try file.fields(of: node, key: key, allowed: Self.phaseNames) {
            let text = try file.string(value, key: "\(key).\(field)")
            guard let phase = Phase(rawValue: field), !text.isEmpty else { continue }
            self[phase] = Self.source(text, value: value, keyNode: keyNode, file: file.path)
        }
    }

    private static let phaseNames = Phase.allCases.map(\.rawValue)

    /// The script with the file's line of its first line: a block scalar (`|`) starts on the line
    /// after its indicator, indented by two more columns than its key (as Ferry writes it).
    private static func source(_ text: String, value: Node, keyNode: Node, file: String) -> ScriptSource {
        let line = value.mark?.line ?? 1
        guard let style = value.scalar?.style, style == .literal || style == .folded else {
            return ScriptSource(text, file: file, line: line)
        }
        let keyColumn = max(1, keyNode.mark?.column ?? 1)
        return ScriptSource(text, file: file, line: line + 1, indent: keyColumn - 1 + 2)
    }

    /// The `scripts:` mapping, each script as a literal block when it can be one.
    var yamlNode: Node {
        .map(Phase.allCases.compactMap { phase in self[phase].map { (phase.rawValue, Node.text($0.text)) } })
    }
}
