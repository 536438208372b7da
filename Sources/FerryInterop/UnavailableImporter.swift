/// A format whose importer is not built yet: every import is a clear error, never an empty collection.
struct UnavailableImporter: Importer {
    let format: ImportFormat

    func importCollection(_ text: String, source: String, directory: String) throws(ImportProblem) -> ImportedCollection {
        throw ImportProblem(source: source, "importing \(format.rawValue) is not available yet")
    }
}
