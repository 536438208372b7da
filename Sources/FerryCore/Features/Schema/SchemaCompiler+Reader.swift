import Foundation

extension SchemaCompiler {
    /// Reads the values of one schema object's keywords, naming the keyword's node when a value is
    /// not what the keyword takes.
    struct Reader {
        let compiler: SchemaCompiler
        let schema: SchemaNode
        let tree: Document
        let members: [String: NodeID]

        func problem(_ node: NodeID, _ message: String) -> SchemaProblem {
            compiler.registry.problem(at: node, in: schema.document, message)
        }

        func schema(_ node: NodeID) -> SchemaNode { compiler.node(node, in: schema.document) }

        func schemas(_ node: NodeID) throws(SchemaProblem) -> [SchemaNode] {
            guard tree.kind(of: node) == .array else { throw problem(node, "expected an array of schemas") }
            return tree.children(of: node).map(schema)
        }

        func schemaMap(_ node: NodeID) throws(SchemaProblem) -> [(String, SchemaNode)] {
            guard tree.kind(of: node) == .object else { throw problem(node, "expected an object of schemas") }
            return tree.members(of: node).map { ($0.key, schema($0.value)) }
        }

        func string(_ node: NodeID) throws(SchemaProblem) -> String {
            guard let text = tree.string(at: node) else { throw problem(node, "expected a string") }
            return text
        }

        func number(_ node: NodeID) throws(SchemaProblem) -> DecimalNumber {
            guard tree.kind(of: node) == .number, let number = DecimalNumber(tree.literal(of: node)) else {
                throw problem(node, "expected a number")
            }
            return number
        }

        /// A non-negative integer (`2` or `2.0`), capped to `Int.max`.
        func count(_ node: NodeID) throws(SchemaProblem) -> Int {
            let value = try number(node)
            guard value.isInteger, value >= DecimalNumber("0")! else { throw problem(node, "expected a non-negative integer") }
            return tree.doubleValue(of: node).map { $0 >= Double(Int.max) ? Int.max : Int($0) } ?? Int.max
        }

        func types(_ node: NodeID) throws(SchemaProblem) -> SchemaTypes {
            let names = tree.kind(of: node) == .array ? Array(tree.children(of: node)) : [node]
            var types: SchemaTypes = []
            for name in names {
                guard let type = SchemaTypes(name: try string(name)) else {
                    throw problem(name, "unknown type: the types are null, boolean, object, array, number, string and integer")
                }
                types.insert(type)
            }
            return types
        }

        func pattern(_ node: NodeID) throws(SchemaProblem) -> NSRegularExpression {
            try pattern(named: try string(node), at: node)
        }

        func pattern(named source: String, at node: NodeID) throws(SchemaProblem) -> NSRegularExpression {
            guard let expression = SchemaPattern.compile(source) else {
                throw problem(node, "`\(source)` is not a regular expression Ferry can read")
            }
            return expression
        }

        /// The subschema a `$ref`, `$dynamicRef` or `$recursiveRef` names, its document loaded if need be.
        func reference(_ node: NodeID, as given: String? = nil) throws(SchemaProblem) -> SchemaNode {
            let registry = compiler.registry
            var text = given ?? ""
            if given == nil { text = try string(node) }
            let uri = SchemaURI.resolve(text, against: registry.resources[schema.resource].uri)
            guard let (document, target) = try registry.locate(uri) else { throw problem(node, "`\(text)` leads nowhere (\(uri))") }
            return compiler.node(target, in: document)
        }
    }
}
