/// Reads one kind of document into a collection. Pure: the text in, descriptions and a report out;
/// a file the document refers to is only read when its importer says so.
public protocol Importer: Sendable {
    /// Imports `text`, read from `source` (a path, or `standard input`), whose folder is `directory`.
    func importCollection(_ text: String, source: String, directory: String) throws(ImportProblem) -> ImportedCollection
}
