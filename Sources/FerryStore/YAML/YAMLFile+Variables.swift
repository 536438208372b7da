import FerryCore
import Foundation
import Yams

/// A mapping of variables, as environments and a request file's `vars:` hold them.
extension YAMLFile {
    /// `name: value`, `name: {value: …, secret: true}`, or a chain
    /// `name: {from: login.ferry.yaml, path: $.json.token, ttl: 15m, secret: true}` (`path` takes
    /// what `capture:` takes: a body path, `header NAME`, `status`; or `regex:` instead of it).
    /// Keys in `skipping` are not variables (an environment's `$options`).
    package func variables(
        of node: Node, key: String, skipping: Set<String> = []
    ) throws(ConfigProblem) -> (values: [Variable], chains: [VariableChain]) {
        var values: [Variable] = []
        var chains: [VariableChain] = []
        for (name, keyNode, value) in try entries(of: node, key: key) where !skipping.contains(name) {
            let path = key.isEmpty ? name : "\(key).\(name)"
            guard !name.isEmpty, !name.contains("{"), !name.contains("}"), name.trimmingCharacters(in: .whitespaces) == name else {
                throw problem(at: keyNode, key: path, "is not a variable name")
            }
            guard value.mapping != nil else {
                values.append(Variable(name: name, value: try string(value, key: path)))
                continue
            }
            let fields = try self.fields(of: value, key: path, allowed: ["value", "secret", "from", "path", "regex", "ttl"])
            let secret =
                try fields.first { $0.key == "secret" }.map { field throws(ConfigProblem) in try bool(field.value, key: "\(path).secret") }
                ?? false
            if let text = fields.first(where: { $0.key == "value" }) {
                guard fields.allSatisfy({ ["value", "secret"].contains($0.key) }) else {
                    throw problem(at: value, key: path, "has a `value:`, so it cannot also be taken `from:` a request")
                }
                values.append(Variable(name: name, value: try string(text.value, key: "\(path).value"), isSecret: secret))
            } else {
                chains.append(try chain(named: name, fields: fields, at: value, key: path, secret: secret))
            }
        }
        return (values, chains)
    }

    private func chain(
        named name: String, fields: [(key: String, keyNode: Node, value: Node)], at node: Node,
        key: String, secret: Bool
    ) throws(ConfigProblem) -> VariableChain {
        guard let from = fields.first(where: { $0.key == "from" }) else {
            throw problem(at: node, key: key, "needs a `value:`, or `from:` a request file with the `path:` to take")
        }
        let request = try string(from.value, key: "\(key).from")
        guard request.hasSuffix(RequestCollection.requestSuffix) else {
            throw problem(
                at: from.value, key: "\(key).from", "expected a request file (…\(RequestCollection.requestSuffix)) in the collection")
        }
        var source: Capture?
        var ttl: Int?
        for field in fields {
            switch field.key {
            case "path": source = try RequestDescription.capture(named: name, from: field.value, key: "\(key).path", in: self)
            case "regex":
                let pattern = try string(field.value, key: "\(key).regex")
                guard (try? NSRegularExpression(pattern: pattern)) != nil else {
                    throw problem(at: field.value, key: "\(key).regex", "is not a valid regular expression")
                }
                source = Capture(name: name, source: .regex(pattern))
            case "ttl":
                guard let seconds = VariableChain.seconds(try string(field.value, key: "\(key).ttl")) else {
                    throw problem(at: field.value, key: "\(key).ttl", "expected a time such as 90s, 15m, 2h or 1d")
                }
                ttl = seconds
            default: break
            }
        }
        guard var source else {
            throw problem(at: node, key: key, "needs `path:` (a body path, header NAME or status) or `regex:` to take from the response")
        }
        source.secret = secret
        return VariableChain(capture: source, request: request, ttl: ttl)
    }

    /// The mapping `variables(of:key:)` reads, for writing back.
    package static func variablesNode(_ values: [Variable], chains: [VariableChain]) -> Node {
        let plain = values.map { variable in
            variable.isSecret
                ? (variable.name, Node.map([("value", .text(variable.value)), ("secret", .plain("true"))]))
                : (variable.name, Node.text(variable.value))
        }
        let chained = chains.map { chain -> (String, Node) in
            var fields: [(String, Node)] = [("from", .text(chain.request))]
            switch chain.capture.source {
            case .regex(let pattern) where chain.capture.filters.isEmpty: fields.append(("regex", .text(pattern)))
            default: fields.append(("path", .text(chain.capture.sourceText)))
            }
            if let ttl = chain.ttl { fields.append(("ttl", .plain(VariableChain.ttlText(ttl)))) }
            if chain.capture.secret { fields.append(("secret", .plain("true"))) }
            return (chain.name, .map(fields))
        }
        return .map(plain + chained)
    }
}
