import Yams

/// One file of Bruno's YAML collection format (OpenCollection: `opencollection.yml`, `folder.yml`, a
/// request's `.yml`, `environments/*.yml`) said as the `.bru` blocks it stands for, so one reader
/// (`BrunoRequestReader`, the importer's folder defaults) gives both syntaxes the same meaning:
/// `info` is `meta`; `http` the method block with `params:query`/`params:path`, `headers`, the body
/// and auth blocks; `runtime.variables` (or a folder's `request.variables`) `vars:pre-request`;
/// `runtime.scripts` the script and `tests` blocks; `runtime.assertions` `assert`; `docs` `docs`.
/// A typed value (`{type: number, data: "42"}`) is its data. Entries keep their YAML line.
enum OpenCollectionItem {
    /// The `.bru` blocks of the YAML document `node`.
    static func document(_ node: Node) -> BruDocument {
        var blocks: [BruDocument.Block] = []
        let line = node.mark?.line ?? 1
        if let info = node["info"] {
            blocks.append(block("meta", info, entries: ["name", "seq", "type"].compactMap { entry($0, info[$0]) }))
        }
        // A folder or the collection keeps its request defaults under `request`.
        let request = node["http"] ?? node["graphql"] ?? node["request"]
        if let http = node["http"] ?? node["graphql"] {
            let body = http["body"]
            var method = [entry("url", http["url"]) ?? .init(key: "url", value: "", enabled: true, line: line)]
            method.append(.init(key: "body", value: bodyMode(body, graphQL: node["graphql"] != nil), enabled: true, line: line))
            method.append(.init(key: "auth", value: authMode(http["auth"]), enabled: true, line: line))
            blocks.append(block((http["method"]?.string ?? "get").lowercased(), http, entries: method))
            blocks += bodyBlocks(body, graphQL: node["graphql"] != nil)
        }
        if let request {
            let params = request["params"]?.sequence.map(Array.init) ?? []
            for kind in ["query", "path"] {
                let chosen = params.filter { ($0["type"]?.string ?? "query") == kind }
                if !chosen.isEmpty { blocks.append(block("params:\(kind)", request, entries: chosen.compactMap(named))) }
            }
            if let headers = request["headers"]?.sequence { blocks.append(block("headers", request, entries: headers.compactMap(named))) }
            if let auth = request["auth"], case .mapping = auth, let type = auth["type"]?.string {
                let fields = (auth.mapping.map(Array.init) ?? []).filter { $0.key.string != "type" }
                blocks.append(block("auth:\(type)", auth, entries: fields.compactMap { entry($0.key.string ?? "", $0.value) }))
                if node["http"] == nil, node["graphql"] == nil {
                    blocks.append(block("auth", auth, entries: [.init(key: "mode", value: type, enabled: true, line: line)]))
                }
            } else if node["http"] == nil, node["graphql"] == nil, let mode = request["auth"]?.string {
                blocks.append(block("auth", request, entries: [.init(key: "mode", value: mode, enabled: true, line: line)]))
            }
        }
        if let runtime = node["runtime"] ?? node["request"] {
            blocks += runtimeBlocks(runtime)
        }
        if let docs = node["docs"].map(text) ?? request?["docs"].map(text) { blocks.append(block("docs", node, text: docs)) }
        return BruDocument(blocks: blocks)
    }

    /// Variables, scripts and assertions: what runs around the request.
    private static func runtimeBlocks(_ runtime: Node) -> [BruDocument.Block] {
        var blocks: [BruDocument.Block] = []
        if let variables = runtime["variables"]?.sequence {
            blocks.append(block("vars:pre-request", runtime, entries: variables.compactMap(named)))
        }
        for script in runtime["scripts"]?.sequence ?? Node.Sequence() {
            let name = ["before-request": "script:pre-request", "after-response": "script:post-response", "tests": "tests"][
                script["type"]?.string ?? ""]
            if let name, let code = script["code"]?.string { blocks.append(block(name, script, text: code)) }
        }
        if let assertions = runtime["assertions"]?.sequence {
            let line = runtime.mark?.line ?? 1
            blocks.append(
                block(
                    "assert", runtime,
                    entries: assertions.compactMap { assertion in
                        guard let expression = assertion["expression"]?.string else { return nil }
                        let value = [assertion["operator"]?.string ?? "eq", assertion["value"].map(text)].compactMap { $0 }.joined(
                            separator: " ")
                        return .init(
                            key: expression, value: value, enabled: assertion["disabled"]?.bool != true, line: assertion.mark?.line ?? line)
                    }))
        }
        return blocks
    }

    /// An environment's variables (`variables: [{name, value, secret?, disabled?}]`) as `vars` and
    /// `vars:secret` blocks.
    static func environment(_ node: Node) -> BruDocument {
        let variables = node["variables"]?.sequence.map(Array.init) ?? []
        let secrets = variables.filter { $0["secret"]?.bool == true }
        return BruDocument(blocks: [
            block("vars", node, entries: variables.filter { $0["secret"]?.bool != true }.compactMap(named)),
            block("vars:secret", node, entries: secrets.compactMap(named)),
        ])
    }

    /// The body mode the `.bru` method block names: `type` (or the older `mode`) in Bruno's own words.
    private static func bodyMode(_ body: Node?, graphQL: Bool) -> String {
        if graphQL { return "graphql" }
        let mode = chosen(body)?["type"]?.string ?? body?["mode"]?.string ?? "none"
        return ["form-urlencoded": "formUrlEncoded", "multipart-form": "multipartForm"][mode] ?? mode
    }

    /// A body given as a list of variants (`[{title, selected, body}]`): the selected one, else the first.
    private static func chosen(_ body: Node?) -> Node? {
        guard let variants = body?.sequence else { return body }
        return (variants.first { $0["selected"]?.bool == true } ?? variants.first)?["body"]
    }

    /// The body's block: its text, its fields (files as `@file(path)`), or GraphQL's query and variables.
    private static func bodyBlocks(_ body: Node?, graphQL: Bool) -> [BruDocument.Block] {
        guard let body = chosen(body) else { return [] }
        if graphQL {
            return [block("body:graphql", body, text: body["query"].map(text) ?? "")]
                + (body["variables"].map { [block("body:graphql:vars", body, text: text($0))] } ?? [])
        }
        let mode = body["type"]?.string ?? body["mode"]?.string ?? "none"
        let data = body["data"] ?? body[mode] ?? body[bodyMode(body, graphQL: false)]
        switch mode {
        case "form-urlencoded", "formUrlEncoded":
            return [block("body:form-urlencoded", body, entries: data?.sequence?.compactMap(named) ?? [])]
        case "multipart-form", "multipartForm":
            let fields = data?.sequence?.compactMap { field -> BruDocument.Entry? in
                guard var entry = named(field) else { return nil }
                if field["type"]?.string == "file" {
                    let paths = field["value"]?.sequence?.compactMap(\.string) ?? [entry.value]
                    entry.value = "@file(\(paths.joined(separator: "|")))"
                }
                return entry
            }
            return [block("body:multipart-form", body, entries: fields ?? [])]
        case "file":
            let files = data?.sequence?.compactMap { file -> BruDocument.Entry? in
                guard let path = file["filePath"]?.string else { return nil }
                let value = "@file(\(path))" + (file["contentType"]?.string.map { " @contentType(\($0))" } ?? "")
                return .init(key: "file", value: value, enabled: file["selected"]?.bool != false, line: file.mark?.line ?? 1)
            }
            return [block("body:file", body, entries: files ?? [])]
        case "none": return []
        default: return [block("body:\(mode)", body, text: data.map(text) ?? "")]
        }
    }

    /// The auth mode the method block names: `inherit`, `none`, or the auth's `type`.
    private static func authMode(_ auth: Node?) -> String {
        guard let auth else { return "none" }
        return auth.string ?? auth["type"]?.string ?? "none"
    }

    /// A `{name, value, disabled?}` item as an entry.
    private static func named(_ item: Node) -> BruDocument.Entry? {
        guard let name = item["name"]?.string else { return nil }
        return .init(key: name, value: item["value"].map(text) ?? "", enabled: item["disabled"]?.bool != true, line: item.mark?.line ?? 1)
    }

    /// `key: value` as an entry; nil when there is no value.
    private static func entry(_ key: String, _ value: Node?) -> BruDocument.Entry? {
        guard let value else { return nil }
        return .init(key: key, value: text(value), enabled: true, line: value.mark?.line ?? 1)
    }

    /// A scalar's text, a typed value's data (`{type: number, data: "42"}`), or JSON-ish text of a
    /// structure nobody types as text (GraphQL variables given as a mapping).
    private static func text(_ node: Node) -> String {
        if let string = node.string { return string }
        if let data = node["data"]?.string, node["type"] != nil { return data }
        return (try? Yams.serialize(node: node)) ?? ""
    }

    private static func block(_ name: String, _ node: Node, entries: [BruDocument.Entry] = [], text: String = "") -> BruDocument.Block {
        BruDocument.Block(name: name, line: node.mark?.line ?? 1, entries: entries, text: text)
    }
}
