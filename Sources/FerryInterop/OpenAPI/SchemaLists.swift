import Yams

/// OpenAPI 3.0 and Swagger 2.0 give a schema one `type` and one `items` schema; documents in the wild
/// also write 3.1's list of types (`type: [string, "null"]`) and draft 4's list of item schemas
/// (`items: [{…}]`), both in Slack's Web API description, which OpenAPIKit's 3.0 reader refuses.
/// `rewritten` says them in 3.0's words: one type and `nullable: true` for a null in the list, no
/// `type` at all (any value) for several or for 3.1's `type: "null"`; one item schema for a list of
/// one, `anyOf` for several.
/// What is not exact is noted as approximated. Examples, defaults, enums and vendor extensions
/// are values, not schemas, and are left as they are.
enum SchemaLists {
    /// `node` with its type lists rewritten, or nil when it holds none.
    static func rewritten(_ node: Node, path: String, notes: inout [ImportReport.Note]) -> Node? {
        switch node {
        case .mapping(let mapping):
            var pairs = Array(mapping)
            var changed = false
            if let index = pairs.firstIndex(where: { $0.key.string == "type" }), case .sequence(let list) = pairs[index].value {
                let names = list.compactMap(\.string)
                let types = names.filter { $0 != "null" }
                let nullable = types.count < names.count
                if types.count == 1 {
                    pairs[index] = (pairs[index].key, Node(types[0]))
                } else {
                    pairs.remove(at: index)
                    if types.count > 1 {
                        notes.append(
                            ImportReport.Note(
                                .approximated, at: place(path, "type"),
                                "type [\(names.joined(separator: ", "))] is not one type in OpenAPI 3.0: any value is accepted"))
                    }
                }
                if nullable, !pairs.contains(where: { $0.key.string == "nullable" }) { pairs.append((Node("nullable"), Node("true"))) }
                changed = true
            }
            if let index = pairs.firstIndex(where: { $0.key.string == "type" }), pairs[index].value.string == "null" {
                pairs.remove(at: index)
                if !pairs.contains(where: { $0.key.string == "nullable" }) { pairs.append((Node("nullable"), Node("true"))) }
                notes.append(
                    ImportReport.Note(
                        .approximated, at: place(path, "type"), "type null has no OpenAPI 3.0 spelling: any value is accepted"))
                changed = true
            }
            if let index = pairs.firstIndex(where: { $0.key.string == "items" }), case .sequence(let list) = pairs[index].value {
                if list.count == 1, let only = list.first {
                    pairs[index] = (pairs[index].key, only)
                } else {
                    pairs[index] = (pairs[index].key, .mapping(Node.Mapping([(Node("anyOf"), .sequence(list))])))
                    notes.append(
                        ImportReport.Note(
                            .approximated, at: place(path, "items"),
                            "a list of \(list.count) item schemas is not one schema in OpenAPI 3.0: an item may be any of them"))
                }
                changed = true
            }
            for index in pairs.indices {
                let key = pairs[index].key.string ?? ""
                guard !values.contains(key), !key.hasPrefix("x-"),
                    let child = rewritten(pairs[index].value, path: place(path, key), notes: &notes)
                else { continue }
                pairs[index] = (pairs[index].key, child)
                changed = true
            }
            return changed ? .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark)) : nil
        case .sequence(let sequence):
            var nodes = Array(sequence)
            var changed = false
            for index in nodes.indices {
                guard let child = rewritten(nodes[index], path: "\(path)[\(index)]", notes: &notes) else { continue }
                nodes[index] = child
                changed = true
            }
            return changed ? .sequence(Node.Sequence(nodes, sequence.tag, sequence.style, sequence.mark)) : nil
        case .scalar, .alias:
            return nil
        }
    }

    /// The keys whose values are data, never schemas.
    private static let values: Set<String> = ["example", "examples", "default", "enum", "const"]

    private static func place(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }
}
