/// OpenAPI 3.0, 3.1 and 3.2 documents, YAML or JSON, read with OpenAPIKit: one request per
/// operation, an environment per server (`OpenAPICollectionBuilder`); `$ref`s into other files are
/// read relative to the document (`ExternalReferences`). Swagger 2.0 is refused with a problem that
/// says to convert it.
public struct OpenAPIImporter: Importer {
    public init() {}

    public func importCollection(_ text: String, source: String, directory: String) throws(ImportProblem) -> ImportedCollection {
        let document = try OpenAPIDocumentReader.read(text, source: source, directory: directory)
        return OpenAPICollectionBuilder(document: document).build()
    }
}
