import FerryCore
import Foundation

/// Hurl files: each entry a request file (`HurlReader`), `variable:` options one environment named
/// after the file; what Hurl checks in the response is named in the report, with its text.
public struct HurlImporter: Importer {
    public init() {}

    public func importCollection(_ text: String, source: String, directory: String) throws(ImportProblem) -> ImportedCollection {
        var reader = HurlReader(source: source)
        try reader.read(text)
        var collection = reader.collection
        if !reader.variables.isEmpty {
            let name = (source as NSString).lastPathComponent.components(separatedBy: ".").first ?? "hurl"
            collection.environments = [.init(name: name.isEmpty ? "hurl" : name, variables: reader.variables)]
        }
        return collection
    }
}
