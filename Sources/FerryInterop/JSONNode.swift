import FerryCore
import Foundation

/// A value of a JSON document with its place in it, for importers that report malformed input by
/// JSON pointer (`/item/3/request/url`) and notes by path (`item[3].request.url`).
struct JSONNode {
    enum Component {
        case key(String)
        case index(Int)
    }

    let value: Any
    /// The keys and indexes from the root.
    let components: [Component]
    /// The file the document came from, for problems.
    let source: String

    /// Parses `text`; a syntax error is a problem at its line and column (Ferry's own parser says where).
    static func parse(_ text: String, source: String) throws(ImportProblem) -> JSONNode {
        let data = Data(text.utf8)
        do {
            _ = try JSONParser.parse(data)
        } catch {
            throw ImportProblem(
                source: source, place: "line \(error.line), column \(error.column)",
                "not valid JSON: \(error.message)" + (error.expected.map { ", expected \($0)" } ?? ""))
        }
        guard let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            throw ImportProblem(source: source, "not valid JSON")
        }
        return JSONNode(value: value, components: [], source: source)
    }

    /// The RFC 6901 pointer (`/item/3/request`); `/` for the whole document.
    var pointer: String {
        guard !components.isEmpty else { return "/" }
        return components.map { component in
            switch component {
            case .key(let key): "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            case .index(let index): "/\(index)"
            }
        }.joined()
    }

    /// The path for reports (`item[3].request.auth`); `document` for the whole document.
    var path: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += (text.isEmpty ? "" : ".") + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text.isEmpty ? "document" : text
    }

    /// A problem at this node.
    func problem(_ message: String) -> ImportProblem {
        ImportProblem(source: source, place: pointer, message)
    }

    /// The member `key`; nil when this is not an object, or the member is missing or `null`.
    subscript(key: String) -> JSONNode? {
        guard let member = (value as? [String: Any])?[key], !(member is NSNull) else { return nil }
        return JSONNode(value: member, components: components + [.key(key)], source: source)
    }

    var isObject: Bool { value is [String: Any] }
    var isArray: Bool { value is [Any] }

    /// The value as text: a string as it is, a number or boolean as written; nil for others.
    var text: String? {
        if let string = value as? String { return string }
        if let number = value as? NSNumber {
            if String(cString: number.objCType) == "c" { return number.boolValue ? "true" : "false" }
            return number.stringValue
        }
        // YAML documents (Yams) hold Swift values, which do not bridge to NSNumber on Linux.
        if let flag = value as? Bool { return flag ? "true" : "false" }
        if let integer = value as? Int { return String(integer) }
        if let double = value as? Double { return String(double) }
        return nil
    }

    /// The elements of an array.
    func elements() throws(ImportProblem) -> [JSONNode] {
        guard let array = value as? [Any] else { throw problem("expected an array") }
        return array.indices.map { JSONNode(value: array[$0], components: components + [.index($0)], source: source) }
    }

    /// The members of an object by key, sorted (JSON objects have no order Ferry can keep).
    func members() throws(ImportProblem) -> [(key: String, value: JSONNode)] {
        guard let object = value as? [String: Any] else { throw problem("expected an object") }
        return object.keys.sorted().map { ($0, JSONNode(value: object[$0]!, components: components + [.key($0)], source: source)) }
    }

    /// The member `key` as an array's elements; nil when missing.
    func array(_ key: String) throws(ImportProblem) -> [JSONNode]? {
        try self[key]?.elements()
    }

    /// The member `key` as an object; nil when missing; anything else is malformed.
    func object(_ key: String) throws(ImportProblem) -> JSONNode? {
        guard let member = self[key] else { return nil }
        guard member.isObject else { throw member.problem("expected an object") }
        return member
    }

    /// The member `key` as text (numbers and booleans as written); nil when missing; objects and
    /// arrays are malformed.
    func string(_ key: String) throws(ImportProblem) -> String? {
        guard let member = self[key] else { return nil }
        guard let text = member.text else { throw member.problem("expected a string") }
        return text
    }

    /// True for an entry switched off: `disabled: true`, or `enabled: false` (older Postman exports).
    var isDisabled: Bool { flag("disabled") || (self["enabled"] != nil && !flag("enabled")) }

    /// The member `key` as a boolean (`true`, or the string `"true"`); false when missing.
    func flag(_ key: String) -> Bool {
        guard let member = self[key] else { return false }
        if let flag = member.value as? Bool { return flag }
        if let number = member.value as? NSNumber { return number.boolValue }
        return member.text == "true"
    }
}
