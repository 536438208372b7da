import Foundation

/// Leaves out of a document's `components.schemas`, before OpenAPIKit decodes it, the schemas the
/// importer never reads: it samples the schemas of parameters and request bodies (and of what they
/// refer to), never those of responses. Decoding schemas is most of an import's time, and in large
/// documents most schemas describe only responses (openai.yaml: about 746 of 1,422), so each import
/// decodes only what can reach a request (Benchmarks/README.md, issue 28). Everything outside
/// `components.schemas` is decoded as before; a reference the walk cannot place keeps every schema.
enum UnreadSchemas {
    /// What a node is in the document's structure, as far as the walk needs to know: only the
    /// schema of a response's media type goes unread; anything else reads whatever it refers to.
    private enum Role: Int {
        case any, paths, pathItem, operation, responses, response, content, media
    }

    private static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]

    /// Removes the unread schemas of `tree`'s `components.schemas`; returns how many.
    @discardableResult
    static func leaveOut(of tree: DecodingTree) -> Int {
        guard let components = tree.child(of: tree.root, named: "components"),
            let schemas = tree.child(of: components, named: "schemas"), tree.kinds[Int(schemas)] == .mapping
        else { return 0 }
        var read = Set<String>()
        var visited = Set<Int64>()
        var pending: [(node: Int32, role: Role)] = []
        for position in tree.run(of: tree.root) where tree.keys[position] != "components" {
            pending.append((tree.children[position], tree.keys[position] == "paths" ? .paths : .any))
        }
        while let (node, role) = pending.popLast() {
            guard visited.insert(Int64(node) << 3 | Int64(role.rawValue)).inserted else { continue }
            switch tree.kinds[Int(node)] {
            case .sequence:
                for position in tree.run(of: node) { pending.append((tree.children[position], .any)) }
            case .mapping:
                for position in tree.run(of: node) {
                    let key = tree.keys[position]
                    let child = tree.children[position]
                    if key == "$ref", let reference = tree.string(child) {
                        guard let target = target(of: reference, in: tree, components: components) else {
                            if reference.hasPrefix("#/components/schemas/") { return 0 }  // a schema not found by its name
                            continue
                        }
                        if target.kind == "schemas" { read.insert(target.name) }
                        pending.append((target.node, role == .response ? .response : .any))
                        continue
                    }
                    guard let childRole = Self.role(at: key, below: role) else { continue }
                    pending.append((child, childRole))
                }
            case .scalar, .alias:
                continue
            }
        }
        let kept = tree.pairs(of: schemas).filter { $0.key.map(read.contains) ?? true }
        let removed = Int(tree.counts[Int(schemas)]) - kept.count
        if removed > 0 { tree.setRun(of: schemas, keys: kept.map(\.key), children: kept.map(\.value)) }
        return removed
    }

    /// The role of the child at `key` of a mapping whose role is `role`; nil for a response's schema.
    private static func role(at key: String?, below role: Role) -> Role? {
        switch role {
        case .any: .any
        case .paths: .pathItem
        case .pathItem: key.map(methods.contains) == true ? .operation : .any
        case .operation: key == "responses" ? .responses : .any
        case .responses: .response
        case .response: key == "content" ? .content : .any
        case .content: .media
        case .media: key == "schema" ? nil : .any
        }
    }

    /// The component a `#/components/KIND/NAME…` reference names, with its kind and name; nil for a
    /// reference elsewhere (another file's is inlined before, any other is not looked up).
    private static func target(
        of reference: String, in tree: DecodingTree, components: Int32
    ) -> (kind: String, name: String, node: Int32)? {
        guard reference.hasPrefix("#/components/") else { return nil }
        let tokens = reference.dropFirst("#/components/".count).split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard tokens.count >= 2 else { return nil }
        let kind = String(tokens[0])
        let token = String(tokens[1])
        guard let section = tree.child(of: components, named: kind) else { return nil }
        // As written and percent-decoded: the name is the one of these the document holds.
        for spelling in [token, token.removingPercentEncoding ?? token] {
            let name = spelling.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let node = tree.child(of: section, named: name) { return (kind, name, node) }
        }
        return nil
    }
}
