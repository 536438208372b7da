import FerryInterop
import FerryTestSupport
import Foundation
import Testing

/// A document split into several files (the import corpus's Redocly starter, 40 files): what
/// cannot be read in one of the files it refers to is placed in that file, not in the root one.
@Suite struct OpenAPISplitDocumentTests {
    static let starter = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/import-corpus/openapi/redocly-starter/openapi").standardizedFileURL.path

    /// The starter copied into a scratch folder, with `file` (relative to it) changed by `change`.
    private func starter(changing file: String, _ change: (String) -> String) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let copy = folder.file("openapi")
        try FileManager.default.copyItem(atPath: Self.starter, toPath: copy)
        let path = (copy as NSString).appendingPathComponent(file)
        try change(try String(contentsOfFile: path, encoding: .utf8)).write(toFile: path, atomically: true, encoding: .utf8)
        return folder
    }

    private func imported(_ folder: TemporaryDirectory) throws -> ImportedCollection {
        let root = folder.file("openapi/openapi.yaml")
        return try OpenAPIImporter().importCollection(
            try String(contentsOfFile: root, encoding: .utf8), source: root, directory: folder.file("openapi"))
    }

    @Test func aPartThatCannotBeReadIsPlacedInTheFileThatHoldsIt() throws {
        let whole = try OpenAPIImporter().importCollection(
            try String(contentsOfFile: Self.starter + "/openapi.yaml", encoding: .utf8), source: "openapi.yaml", directory: Self.starter)
        let folder = try starter(changing: "components/parameters/Limit.yaml") {
            $0.replacingOccurrences(of: "schema:\n  type: integer", with: "schema: [not, a, schema]\nschema-was:\n  type: integer")
        }
        let collection = try imported(folder)
        #expect(collection.requests.count == whole.requests.count, "one parameter costs that parameter, not the document")
        let dropped = collection.report.notes(.dropped).filter { $0.message.hasPrefix("not read, left out: ") }
        // Where each operation uses it: its schema, then the parameter without one, each placed in its own file.
        #expect(
            dropped.map(\.place).sorted() == [
                "paths./menu.get.parameters[5], components/parameters/Limit.yaml, line 1, column 1",
                "paths./menu.get.parameters[5].schema, components/parameters/Limit.yaml, line 7, column 9",
                "paths./orders.get.parameters[2], components/parameters/Limit.yaml, line 1, column 1",
                "paths./orders.get.parameters[2].schema, components/parameters/Limit.yaml, line 7, column 9",
            ], "\(dropped)")
    }

    @Test func aReferencedFileThatIsNotYAMLIsNamedWithItsLine() throws {
        let folder = try starter(changing: "paths/revenue.yaml") { $0 + "\nbroken: [unclosed\n" }
        let collection = try imported(folder)
        let notes = collection.report.notes(.dropped).filter { $0.place.hasPrefix("paths/revenue.yaml, line ") }
        #expect(notes.count == 1, "\(collection.report.notes(.dropped))")
        #expect(notes.first?.message.contains("not valid YAML or JSON") == true, "\(notes)")
        #expect(!collection.requests.isEmpty, "the other files' operations import")
    }
}
