/// OpenAPI 3.0 and Swagger 2.0 give a schema one `type` and one `items` schema; documents in the wild
/// also write 3.1's list of types (`type: [string, "null"]`) and draft 4's list of item schemas
/// (`items: [{…}]`), both in Slack's Web API description, which OpenAPIKit's 3.0 reader refuses.
/// `rewrite` says them in 3.0's words, in the document's `DecodingTree`: one type and
/// `nullable: true` for a null in the list, no `type` at all (any value) for several or for 3.1's
/// `type: "null"`; one item schema for a list of one, `anyOf` for several.
/// What is not exact is noted as approximated. Examples, defaults, enums and vendor extensions
/// are values, not schemas, and are left as they are.
enum SchemaLists {
    /// Rewrites the type and item lists of `tree`'s document in place, noting each approximation.
    static func rewrite(_ tree: DecodingTree, notes: inout [ImportReport.Note]) {
        var path = DocumentPath()
        rewrite(tree.root, in: tree, path: &path, notes: &notes)
    }

    private static func rewrite(_ node: Int32, in tree: DecodingTree, path: inout DocumentPath, notes: inout [ImportReport.Note]) {
        switch tree.kinds[Int(node)] {
        case .mapping:
            rewriteLists(of: node, in: tree, path: path, notes: &notes)
            for position in tree.run(of: node) {
                let key = tree.keys[position] ?? ""
                guard !values.contains(key), !key.hasPrefix("x-") else { continue }
                path.append(.key(key))
                rewrite(tree.children[position], in: tree, path: &path, notes: &notes)
                path.removeLast()
            }
        case .sequence:
            for (offset, position) in tree.run(of: node).enumerated() {
                path.append(.index(offset))
                rewrite(tree.children[position], in: tree, path: &path, notes: &notes)
                path.removeLast()
            }
        case .scalar, .alias:
            return
        }
    }

    /// The mapping `node`'s own `type` and `items` lists said in 3.0's words.
    private static func rewriteLists(of node: Int32, in tree: DecodingTree, path: DocumentPath, notes: inout [ImportReport.Note]) {
        let type = tree.child(of: node, named: "type")
        let items = tree.child(of: node, named: "items")
        guard
            type.map({ tree.kinds[Int($0)] == .sequence || tree.string($0) == "null" }) ?? false
                || items.map({ tree.kinds[Int($0)] == .sequence }) ?? false
        else { return }
        var pairs = tree.pairs(of: node)
        let nullable = { (pairs: inout [(key: String?, value: Int32)]) in
            if !pairs.contains(where: { $0.key == "nullable" }) { pairs.append((key: "nullable", value: tree.addScalar("true"))) }
        }
        if let index = pairs.firstIndex(where: { $0.key == "type" }), tree.kinds[Int(pairs[index].value)] == .sequence {
            let names = tree.run(of: pairs[index].value).compactMap { tree.string(tree.children[$0]) }
            let types = names.filter { $0 != "null" }
            if types.count == 1 {
                pairs[index].value = tree.addScalar(types[0])
            } else {
                pairs.remove(at: index)
                if types.count > 1 {
                    notes.append(
                        ImportReport.Note(
                            .approximated, at: path.text(appending: "type"),
                            "type [\(names.joined(separator: ", "))] is not one type in OpenAPI 3.0: any value is accepted"))
                }
            }
            if types.count < names.count { nullable(&pairs) }
        }
        if let index = pairs.firstIndex(where: { $0.key == "type" }), tree.string(pairs[index].value) == "null" {
            pairs.remove(at: index)
            nullable(&pairs)
            notes.append(
                ImportReport.Note(
                    .approximated, at: path.text(appending: "type"), "type null has no OpenAPI 3.0 spelling: any value is accepted"))
        }
        if let index = pairs.firstIndex(where: { $0.key == "items" }), tree.kinds[Int(pairs[index].value)] == .sequence {
            let list = tree.run(of: pairs[index].value)
            if list.count == 1 {
                pairs[index].value = tree.children[list.lowerBound]
            } else {
                pairs[index].value = tree.addMapping([DecodingTree.Pair(key: "anyOf", value: pairs[index].value)])
                notes.append(
                    ImportReport.Note(
                        .approximated, at: path.text(appending: "items"),
                        "a list of \(list.count) item schemas is not one schema in OpenAPI 3.0: an item may be any of them"))
            }
        }
        tree.setRun(of: node, keys: pairs.map(\.key), children: pairs.map(\.value))
    }

    /// The keys whose values are data, never schemas.
    private static let values: Set<String> = ["example", "examples", "default", "enum", "const"]
}
