/// One compiled (sub)schema: its keywords ready to check, where it is in its document, and the
/// resource it belongs to (for `$dynamicRef`). Created empty and filled by `SchemaCompiler`, so that
/// references may form cycles; never changed once compilation ends, so its properties are read
/// without run-time exclusivity checks (a walk reads them at every node).
final class SchemaNode: @unchecked Sendable {
    /// The schema document's name and the pointer, `#/components/schemas/Pet`.
    let location: String
    let resource: Int
    let document: Int
    let node: NodeID
    /// A boolean schema's answer (`true` allows everything, `false` nothing); nil for an object.
    @exclusivity(unchecked) var verdict: Bool?
    @exclusivity(unchecked) var keywords: [SchemaKeyword] = []
    /// True when an `unevaluatedProperties` or `unevaluatedItems` here needs the annotations of the others.
    @exclusivity(unchecked) var tracksEvaluation = false
    /// True when a keyword needs an object instance's members.
    @exclusivity(unchecked) var readsMembers = false
    /// The names `properties` and `required` list, numbered, for finding an instance's members by their keys' bytes.
    @exclusivity(unchecked) var names: SchemaMemberNames?
    /// OpenAPI's `discriminator`: the property naming the branch of `oneOf`/`anyOf` a value means,
    /// and the branch for each name. It changes no verdict; when no branch matches, the violations
    /// reported are those of the branch the value names, not one for the whole `oneOf`.
    @exclusivity(unchecked) var discriminator: (property: String, mapping: [String: SchemaNode])?
    /// OpenAPI's `readOnly` and `writeOnly` (annotations in JSON Schema).
    @exclusivity(unchecked) var readOnly = false
    @exclusivity(unchecked) var writeOnly = false

    init(location: String, resource: Int, document: Int, node: NodeID) {
        self.location = location
        self.resource = resource
        self.document = document
        self.node = node
    }

    /// Lets go of the nodes this one reaches: a `$ref` cycle (a recursive schema) is a cycle of
    /// objects, freed only once its nodes are untied (`SchemaValidator`'s deinit, a failed compile).
    func untie() {
        keywords = []
        discriminator = nil
    }
}
