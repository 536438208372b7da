import FerryCore
import Foundation
import Yams

/// Typed reads of nodes, each failing with the node's line and column.
extension YAMLFile {
    /// The entries of a mapping whose keys must be among `allowed`; an unknown or repeated key is a problem.
    package func fields(of node: Node, key: String, allowed: [String]) throws(ConfigProblem) -> [(key: String, keyNode: Node, value: Node)]
    {
        let entries = try entries(of: node, key: key)
        var seen: Set<String> = []
        for entry in entries {
            // The key's path is made only for a problem: every file's every field passes here.
            func path() -> String { key.isEmpty ? entry.key : "\(key).\(entry.key)" }
            guard allowed.contains(entry.key) else {
                throw problem(at: entry.keyNode, key: path(), "unknown key (expected \(allowed.joined(separator: ", ")))")
            }
            guard seen.insert(entry.key).inserted else { throw problem(at: entry.keyNode, key: path(), "appears twice") }
        }
        return entries
    }

    /// A scalar's text (`key`, the problem's, made only for one).
    package func string(_ node: Node, key: @autoclosure () -> String) throws(ConfigProblem) -> String {
        guard let scalar = node.scalar else { throw problem(at: node, key: key(), "expected a text value") }
        return scalar.string
    }

    package func bool(_ node: Node, key: String) throws(ConfigProblem) -> Bool {
        guard node.scalar?.style == .plain, let flag = Bool(try string(node, key: key).lowercased()) else {
            throw problem(at: node, key: key, "expected true or false")
        }
        return flag
    }

    package func int(_ node: Node, key: String, in range: ClosedRange<Int>) throws(ConfigProblem) -> Int {
        guard let number = Int(try string(node, key: key)), range.contains(number) else {
            throw problem(at: node, key: key, "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    package func seconds(_ node: Node, key: String) throws(ConfigProblem) -> Double {
        guard let value = Double(try string(node, key: key)), value > 0, value.isFinite else {
            throw problem(at: node, key: key, "expected a positive number of seconds")
        }
        return value
    }

    /// A list of texts; a single text counts as a list of one.
    package func strings(_ node: Node, key: String) throws(ConfigProblem) -> [String] {
        guard let sequence = node.sequence else { return [try string(node, key: key)] }
        var values: [String] = []
        for (index, item) in sequence.enumerated() { values.append(try string(item, key: "\(key)[\(index)]")) }
        return values
    }

    /// A list node's items; a problem when `node` is not a list.
    package func items(of node: Node, key: String) throws(ConfigProblem) -> [Node] {
        guard let sequence = node.sequence else { throw problem(at: node, key: key, "expected a list (- item lines)") }
        return Array(sequence)
    }

    /// A parameter tree: plain numbers stay numbers as written, `true`/`false` booleans, `null` null,
    /// quoted scalars strings.
    package func parameters(_ node: Node, key: String) throws(ConfigProblem) -> Parameters {
        guard budget.spend() else {
            throw problem(at: node, key: key, "holds more than \(budget.limit) values once its YAML aliases are expanded (an alias bomb?)")
        }
        switch node {
        case .mapping:
            var members: [(key: String, value: Parameters)] = []
            for entry in try entries(of: node, key: key) {
                members.append((entry.key, try parameters(entry.value, key: key.isEmpty ? entry.key : "\(key).\(entry.key)")))
            }
            return .object(members)
        case .sequence(let sequence):
            var items: [Parameters] = []
            for (index, item) in sequence.enumerated() { items.append(try parameters(item, key: "\(key)[\(index)]")) }
            return .array(items)
        case .scalar(let scalar):
            return Node.parameter(scalar)
        case .alias:
            throw problem(at: node, key: key, "aliases are not supported")
        }
    }
}
