import FerryCore
import FerryStore
import Foundation
import Yams

/// A mock file (`mock.yaml` beside a collection): rules tried in order before the routes.
///
/// ```yaml
/// rules:
///   - match: {method: GET, path: /pets/{id}, query: {x: "1"}, headers: {X-Tenant: acme}, body: {$.name: Rex}}
///     respond: {status: 200, headers: {Content-Type: application/json}, body: '{"id": "{{request.path.id}}"}'}
///     latency: {min: 50, max: 300}     # milliseconds; or one number; or {type: lognormal, median: 90, sigma: 0.4}
///     fail: {rate: 0.1, status: 503}
///     drop: 0.05
///     dribble: {bytesPerSecond: 100, rate: 0.5}   # or one number: every answer's body at 100 bytes a second
/// ```
public struct MockFile: Sendable {
    public static let fileName = "mock.yaml"
    public let path: String
    public let rules: [MockRule]

    static let ruleKeys = ["name", "match", "respond", "latency", "fail", "drop", "dribble"]

    /// Reads the file at `path`; a located problem when it cannot be read as a mock file.
    public init(path: String) throws(ConfigProblem) {
        try self.init(text: try YAMLFile.text(of: path), path: path)
    }

    /// Reads a mock file's text; `path` names it in problems.
    public init(text: String, path: String) throws(ConfigProblem) {
        var file = try YAMLFile(text: text, path: path, resolver: .basic)
        file.reportsColumns = true
        self.path = path
        var rules: [MockRule] = []
        let fields = try file.fields(of: file.root, key: "", allowed: ["rules"])
        for (_, _, list) in fields {
            for (index, node) in try file.items(of: list, key: "rules").enumerated() {
                rules.append(try Self.rule(node, key: "rules[\(index)]", in: file))
            }
        }
        self.rules = rules
    }

    /// True when the file at `path` reads as a mock file (a `rules:` list at its top).
    public static func looksLikeMockFile(_ path: String) -> Bool {
        guard let text = try? YAMLFile.text(of: path) else { return false }
        return text.split(separator: "\n").contains { $0.hasPrefix("rules:") }
    }

    private static func rule(_ node: Node, key: String, in file: YAMLFile) throws(ConfigProblem) -> MockRule {
        let place = "\(file.path):\(node.mark?.line ?? 0):\(node.mark?.column ?? 0)"
        var rule = MockRule(location: place)
        for (field, _, value) in try file.fields(of: node, key: key, allowed: ruleKeys) {
            let path = "\(key).\(field)"
            switch field {
            case "name": rule.location += " (\(try file.string(value, key: path)))"
            case "match": try match(value, key: path, into: &rule, in: file)
            case "respond": rule.response = try response(value, key: path, in: file)
            case "latency": rule.fault.latency = try latency(value, key: path, in: file)
            case "fail":
                for (part, _, setting) in try file.fields(of: value, key: path, allowed: ["rate", "status"]) {
                    if part == "rate" {
                        rule.fault.errorRate = try rate(setting, key: "\(path).rate", in: file)
                    } else {
                        rule.fault.errorStatus = try file.int(setting, key: "\(path).status", in: 100...599)
                    }
                }
            case "dribble": rule.fault.dribble = try dribble(value, key: path, in: file)
            default: rule.fault.dropRate = try rate(value, key: path, in: file)
            }
        }
        return rule
    }

    private static func match(_ node: Node, key: String, into rule: inout MockRule, in file: YAMLFile) throws(ConfigProblem) {
        for (field, _, value) in try file.fields(of: node, key: key, allowed: ["method", "path", "query", "headers", "body"]) {
            let path = "\(key).\(field)"
            switch field {
            case "method": rule.method = try file.string(value, key: path).uppercased()
            case "path":
                let text = try file.string(value, key: path)
                guard text.hasPrefix("/") else { throw file.problem(at: value, key: path, "a path template starts with / (/pets/{id})") }
                rule.path = PathTemplate(urlTemplate: text)
            case "query", "headers":
                var pairs: [(name: String, value: String)] = []
                for (name, _, setting) in try file.entries(of: value, key: path) {
                    pairs.append((name, try file.string(setting, key: "\(path).\(name)")))
                }
                if field == "query" { rule.query = pairs } else { rule.headers = pairs }
            default:
                for (query, _, setting) in try file.entries(of: value, key: path) {
                    let parsed: JSONPathQuery
                    do {
                        parsed = try JSONPathQuery(query)
                    } catch {
                        throw file.problem(at: value, key: "\(path).\(query)", "not a JSONPath query: \(error)")
                    }
                    let isNull = setting.scalar.map { $0.style == .plain && ["~", "null", ""].contains($0.string) } ?? false
                    rule.body.append((parsed, isNull ? nil : try file.string(setting, key: "\(path).\(query)")))
                }
            }
        }
    }

    private static func response(_ node: Node, key: String, in file: YAMLFile) throws(ConfigProblem) -> MockRule.Response {
        var status = 200
        var headers: [(name: String, value: String)] = []
        var body = ""
        var example: String?
        for (field, _, value) in try file.fields(of: node, key: key, allowed: ["status", "headers", "body", "example"]) {
            let path = "\(key).\(field)"
            switch field {
            case "status": status = try file.int(value, key: path, in: 100...599)
            case "headers":
                for (name, _, setting) in try file.entries(of: value, key: path) {
                    headers.append((name, try file.string(setting, key: "\(path).\(name)")))
                }
            case "body":
                if value.scalar != nil {
                    body = try file.string(value, key: path)
                } else {
                    // A mapping or list is the JSON it stands for.
                    let tree = try file.parameters(value, key: path)
                    body = String(decoding: (try? JSONRequestSerializer(pretty: true).serialize(tree)) ?? Data(), as: UTF8.self)
                    if !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                        headers.append(("Content-Type", "application/json"))
                    }
                }
            default: example = try file.string(value, key: path)
            }
        }
        if let example {
            guard headers.isEmpty, body.isEmpty else {
                throw file.problem(at: node, key: key, "an example answers as saved: give example or status/headers/body")
            }
            return .example(example)
        }
        return .own(status: status, headers: headers, body: MockTemplate(body))
    }

    /// One number (fixed), `{min, max}` (uniform), or a distribution named by `type` in WireMock's
    /// words — `uniform` with `lower` and `upper`, `lognormal` with `median` and `sigma` — or
    /// MockServer's for the one WireMock lacks: `gaussian` with `mean` and `stdDev`.
    private static func latency(_ node: Node, key: String, in file: YAMLFile) throws(ConfigProblem) -> MockLatency {
        let milliseconds = 0...MockLatency.limit
        if node.scalar != nil {
            let fixed = try file.int(node, key: key, in: milliseconds)
            return .uniform(fixed...fixed)
        }
        let fields = try file.fields(
            of: node, key: key, allowed: ["type", "min", "max", "lower", "upper", "median", "sigma", "mean", "stdDev"])
        var values: [String: Double] = [:]
        var type = "uniform"
        for (field, _, value) in fields {
            if field == "type" {
                type = try file.string(value, key: "\(key).type")
                continue
            }
            guard let number = Double(try file.string(value, key: "\(key).\(field)")), number.isFinite, number >= 0,
                number <= Double(MockLatency.limit)
            else { throw file.problem(at: value, key: "\(key).\(field)", "expected milliseconds from 0 to \(MockLatency.limit)") }
            values[field] = number
        }
        let wanted: [String]
        switch type {
        case "uniform": wanted = values["lower"] != nil || values["upper"] != nil ? ["lower", "upper"] : ["min", "max"]
        case "lognormal": wanted = ["median", "sigma"]
        case "gaussian": wanted = ["mean", "stdDev"]
        default: throw file.problem(at: node, key: "\(key).type", "expected uniform, lognormal or gaussian")
        }
        if let stray = values.keys.sorted().first(where: { !wanted.contains($0) }) {
            throw file.problem(at: node, key: "\(key).\(stray)", "a \(type) latency takes \(wanted.joined(separator: " and "))")
        }
        let first = values[wanted[0]] ?? 0, second = values[wanted[1]] ?? 0
        switch type {
        case "lognormal":
            guard first > 0 else { throw file.problem(at: node, key: "\(key).median", "a lognormal latency needs a median above 0") }
            return .logNormal(median: first, sigma: second)
        case "gaussian": return .normal(mean: first, deviation: second)
        default:
            guard first <= second else { throw file.problem(at: node, key: key, "\(wanted[0]) is above \(wanted[1])") }
            return .uniform(Int(first.rounded())...Int(second.rounded()))
        }
    }

    /// One number (bytes a second, every answer) or `{bytesPerSecond, rate}`.
    private static func dribble(_ node: Node, key: String, in file: YAMLFile) throws(ConfigProblem) -> (bytesPerSecond: Int, rate: Double) {
        let speeds = 1...(1 << 30)
        if node.scalar != nil { return (try file.int(node, key: key, in: speeds), 1) }
        var dribble = (bytesPerSecond: 0, rate: 1.0)
        for (field, _, value) in try file.fields(of: node, key: key, allowed: ["bytesPerSecond", "rate"]) {
            if field == "rate" {
                dribble.rate = try rate(value, key: "\(key).rate", in: file)
            } else {
                dribble.bytesPerSecond = try file.int(value, key: "\(key).bytesPerSecond", in: speeds)
            }
        }
        guard dribble.bytesPerSecond > 0 else { throw file.problem(at: node, key: key, "give bytesPerSecond (1 or more)") }
        return dribble
    }

    private static func rate(_ node: Node, key: String, in file: YAMLFile) throws(ConfigProblem) -> Double {
        guard let rate = Double(try file.string(node, key: key)), (0...1).contains(rate) else {
            throw file.problem(at: node, key: key, "expected a rate from 0 to 1 (0.1 is one request in ten)")
        }
        return rate
    }
}
