/// OpenAPI 3.0, 3.1 and 3.2 documents, YAML or JSON, read with OpenAPIKit: one request per
/// operation, an environment per server (`OpenAPICollectionBuilder`); `$ref`s into other files are
/// read relative to the document (`ExternalReferences`); Swagger 2.0 is converted first. A part that
/// cannot be read is left out and named in the report; a document with nothing left is refused.
public struct OpenAPIImporter: Importer {
    public init() {}

    public func importCollection(_ text: String, source: String, directory: String) throws(ImportProblem) -> ImportedCollection {
        let (document, dropped, clamped) = try OpenAPIDocumentReader.read(text, source: source, directory: directory)
        var collection = OpenAPICollectionBuilder(document: document).build()
        // A document whose every operation failed is refused with its first problem, not imported empty.
        if let first = dropped.first, collection.requests.isEmpty { throw first }
        collection.report.notes =
            dropped.map { ImportReport.Note(.dropped, at: $0.place ?? "document", "not read, left out: " + $0.message) }
            + clamped + collection.report.notes
        return collection
    }
}
