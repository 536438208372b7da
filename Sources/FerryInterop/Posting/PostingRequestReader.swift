import FerryCore
import Foundation

/// One Posting request file as a request description: name, description, method, URL with its
/// query and `params`, headers, the body (`content` with its `content_type`, or `form_data`),
/// basic and bearer auth, redirects, TLS and the time limit. Disabled entries, scripts, other
/// auth and options are named in `report`.
struct PostingRequestReader {
    /// The file below the collection, for notes.
    let place: String
    var report = ImportReport()

    init(place: String) { self.place = place }

    /// `$NAME` and `${NAME}` as Ferry's `{{NAME}}`.
    static func template(_ text: String) -> String {
        text.replacingOccurrences(of: #"\$\{([A-Za-z_][A-Za-z0-9_]*)\}"#, with: "{{$1}}", options: .regularExpression)
            .replacingOccurrences(of: #"\$([A-Za-z_][A-Za-z0-9_]*)"#, with: "{{$1}}", options: .regularExpression)
    }

    private func text(_ node: JSONNode, _ key: String) throws(ImportProblem) -> String? {
        try node.string(key).map(Self.template)
    }

    /// Enabled `name`/`value` entries of the list `key`; disabled ones are noted.
    /// The `{name, value, enabled?}` entries of `node[key]`, in order.
    private func entries(_ node: JSONNode, _ key: String, kind: String) throws(ImportProblem) -> [RequestDescription.HeaderEntry] {
        try (node.array(key) ?? []).map { entry throws(ImportProblem) in
            guard let name = try text(entry, "name") else { throw entry.problem("a \(kind) without a name") }
            return .init(name: name, value: try text(entry, "value") ?? "", enabled: entry["enabled"] == nil || entry.flag("enabled"))
        }
    }

    /// The pairs of `entries` that are on, and those that are off.
    private static func split(_ entries: [RequestDescription.HeaderEntry]) -> (on: [(String, String)], off: [(String, String)]) {
        (entries.filter(\.enabled).map { ($0.name, $0.value) }, entries.filter { !$0.enabled }.map { ($0.name, $0.value) })
    }

    mutating func description(_ root: JSONNode) throws(ImportProblem) -> RequestDescription {
        let (base, urlQuery) = URLQuery.split(try text(root, "url") ?? "")
        var description = RequestDescription(method: HTTPMethod(try root.string("method") ?? "GET"), url: base)
        description.name = try root.string("name")
        description.description = try root.string("description")
        let query = Self.split(try entries(root, "params", kind: "query parameter"))
        URLQuery.apply(urlQuery + query.on, disabled: query.off, to: &description)
        description.headers = try entries(root, "headers", kind: "header")
        if let body = try root.object("body") {
            if let content = try text(body, "content") {
                let hasType = description.headers.contains { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }
                description.body = .raw(content, contentType: hasType ? nil : try body.string("content_type"))
            } else if body["form_data"] != nil {
                let form = Self.split(try entries(body, "form_data", kind: "form field"))
                for (name, _) in FormFields.apply(form.on, disabled: form.off, to: &description) {
                    report.dropped(
                        "\(place): body.form_data", "the disabled form field \(name) is not imported (query parameters are disabled too)")
                }
            }
        }
        try readAuth(root, into: &description)
        try readOptions(root, into: &description)
        if let scripts = try root.object("scripts") {
            for (hook, path) in try scripts.members() {
                report.dropped("\(place): scripts.\(hook)", "the \(hook) script \(path.text ?? "") is not run by Ferry")
            }
        }
        return description
    }

    private mutating func readAuth(_ root: JSONNode, into description: inout RequestDescription) throws(ImportProblem) {
        guard let auth = try root.object("auth"), let type = try auth.string("type") else { return }
        switch type {
        case "basic":
            let basic = try auth.object("basic")
            description.auth = .basic(
                username: try basic.flatMap { node throws(ImportProblem) in try text(node, "username") } ?? "",
                password: try basic.flatMap { node throws(ImportProblem) in try text(node, "password") } ?? "")
        case "bearer_token":
            description.auth = .bearer(
                token: try auth.object("bearer_token").flatMap { node throws(ImportProblem) in try text(node, "token") } ?? "")
        default:
            report.dropped("\(place): auth", "\(type) authentication is not supported yet")
        }
    }

    private mutating func readOptions(_ root: JSONNode, into description: inout RequestDescription) throws(ImportProblem) {
        guard let options = try root.object("options") else { return }
        for (key, value) in try options.members() {
            switch key {
            case "follow_redirects": description.options.followRedirects = options.flag(key)
            case "verify_ssl": description.options.tls.verifyPeer = options.flag(key)
            case "timeout": description.options.totalTimeout = value.text.flatMap(Double.init)
            default: report.dropped("\(place): options.\(key)", "the option \(key): \(value.text ?? "…") has no counterpart in Ferry")
            }
        }
    }
}
