import FerryCore
import Foundation

/// One Insomnia request resource as a request description: name, description, method, URL with
/// its query as `params` (and the `parameters` list), enabled headers, the body by its MIME type
/// (text, form, multipart, a file), basic and bearer auth, redirects and TLS. Nunjucks variables
/// (`{{ _.host }}`) become Ferry's `{{host}}`; template tags (`{% … %}`), other auth kinds and
/// disabled entries are named in `report`.
struct InsomniaRequestReader: FileReading {
    let resource: JSONNode
    var report = ImportReport()
    var attachments: Set<String> = []

    private static let templates = ImportedTemplates(builtIns: [:])

    init(resource: JSONNode) { self.resource = resource }

    mutating func description() throws(ImportProblem) -> RequestDescription {
        let (base, query) = URLQuery.split(try text(resource, "url") ?? "")
        var description = RequestDescription(method: HTTPMethod(try resource.string("method") ?? "GET"), url: base)
        description.name = try resource.string("name")
        var about = try resource.string("description")
        if about == nil, let meta = try resource.object("meta") { about = try meta.string("description") }  // v5
        if let about, !about.isEmpty { description.description = about }
        var pairs = query
        var disabled: [(String, String)] = []
        for parameter in try resource.array("parameters") ?? [] {
            guard let name = try text(parameter, "name") else { continue }
            let pair = (name, try text(parameter, "value") ?? "")
            if parameter.isDisabled { disabled.append(pair) } else { pairs.append(pair) }
        }
        URLQuery.apply(pairs, disabled: disabled, to: &description)
        for header in try resource.array("headers") ?? [] {
            guard let name = try text(header, "name"), !name.isEmpty else { continue }
            description.headers.append(.init(name: name, value: try text(header, "value") ?? "", enabled: !header.isDisabled))
        }
        try readBody(into: &description)
        try readAuth(into: &description)
        description.scripts = Self.scripts(of: resource)
        var follow = try resource.string("settingFollowRedirects")
        if follow == nil, let settings = try resource.object("settings") { follow = try settings.string("followRedirects") }  // v5
        switch follow {
        case "off": description.options.followRedirects = false
        case "on", "global", nil: break
        case let other?: report.approximated(resource.path, "settingFollowRedirects \(other) is read as following them")
        }
        return description
    }

    /// A request's or folder's scripts (format 4's `preRequestScript` and `afterResponseScript`,
    /// v5's `scripts`), kept as `scripts:` — pre-request and post-response; they speak Insomnia's
    /// `insomnia` API, which Ferry's scripts have beside Postman's `pm` it follows.
    static func scripts(of resource: JSONNode) -> RequestScripts {
        var scripts = RequestScripts()
        let v5 = resource["scripts"]
        for (node, phase) in [
            (resource["preRequestScript"], RequestScripts.Phase.preRequest), (resource["afterResponseScript"], .postResponse),
            (v5?["preRequest"], .preRequest), (v5?["afterResponse"], .postResponse),
        ] {
            guard let node, let code = node.text, !code.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { continue }
            scripts[phase] = ScriptSource(code, file: node.path)
        }
        return scripts
    }

    /// The member `key` as text in Ferry's template spelling; a `{% tag %}` in it is noted.
    private mutating func text(_ node: JSONNode, _ key: String) throws(ImportProblem) -> String? {
        guard let raw = try node.string(key) else { return nil }
        if raw.contains("{%") {
            report.approximated(node[key]!.path, "the template tag in \(raw.prefix(120)) is not run by Ferry and is sent as written")
        }
        return Self.ferrySpelling(raw)
    }

    /// `text` in Ferry's template spelling: Insomnia's `{{ _.host }}` is `{{host}}`.
    static func ferrySpelling(_ text: String) -> String {
        let plain = text.replacingOccurrences(of: "{{ _.", with: "{{").replacingOccurrences(of: "{{_.", with: "{{")
        return templates.rewrite(plain).text
    }

    private mutating func readBody(into description: inout RequestDescription) throws(ImportProblem) {
        guard let body = try resource.object("body") else { return }
        let type = try body.string("mimeType").flatMap { $0.isEmpty ? nil : $0 }
        if let file = try text(body, "fileName"), !file.isEmpty {
            description.body = .file(path: file, contentType: nil)
            reads(file, "the body", at: body.path)
            return
        }
        if let params = try body.array("params") {
            if type == "multipart/form-data" {
                var parts: [RequestDescription.MultipartPart] = []
                for param in params {
                    guard let name = try text(param, "name") else { continue }
                    if param.isDisabled {
                        report.dropped(param.path, "the disabled part \(name) is not imported")
                    } else if try param.string("type") == "file" {
                        let path = try text(param, "fileName") ?? ""
                        parts.append(.init(name: name, value: .file(path: path)))
                        reads(path, "the file part \(name)", at: param.path)
                    } else {
                        parts.append(.init(name: name, value: .text(try text(param, "value") ?? "")))
                    }
                }
                description.body = .multipart(parts)
            } else {
                var pairs: [(String, String)] = []
                var disabled: [(String, String)] = []
                for param in params {
                    guard let name = try text(param, "name") else { continue }
                    let pair = (name, try text(param, "value") ?? "")
                    if param.isDisabled { disabled.append(pair) } else { pairs.append(pair) }
                }
                for (name, _) in FormFields.apply(pairs, disabled: disabled, to: &description) {
                    report.dropped(body.path, "the disabled form field \(name) is not imported (query parameters are disabled too)")
                }
            }
            return
        }
        guard let content = try text(body, "text") else { return }
        let hasType = description.headers.contains { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }
        description.body = .raw(content, contentType: hasType ? nil : type)
        if type == "application/graphql" { report.approximated(body.path, "the GraphQL body is sent as the JSON Insomnia wrote") }
    }

    private mutating func readAuth(into description: inout RequestDescription) throws(ImportProblem) {
        guard let auth = try resource.object("authentication"), let type = try auth.string("type") else { return }
        if auth.flag("disabled") {
            report.dropped(auth.path, "the disabled \(type) auth is not imported")
            return
        }
        switch type {
        case "basic":
            description.auth = .basic(username: try text(auth, "username") ?? "", password: try text(auth, "password") ?? "")
        case "bearer":
            let prefix = try text(auth, "prefix") ?? ""
            if !prefix.isEmpty, prefix.caseInsensitiveCompare("Bearer") != .orderedSame {
                description.headers.append(.init(name: "Authorization", value: "\(prefix) \(try text(auth, "token") ?? "")"))
                report.approximated(auth.path, "the token with the prefix \(prefix) is sent as an Authorization header")
            } else {
                description.auth = .bearer(token: try text(auth, "token") ?? "")
            }
        case "none":
            break
        default:
            report.dropped(auth.path, "\(type) authentication is not supported yet")
        }
    }
}
