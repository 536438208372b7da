import FerryInterop
import FerryStore

/// What `ferry import` prints: a line per file (written, or would be written), then the report.
struct ImportSummary: Encodable {
    struct FileLine: Encodable {
        var path: String
        /// Where in the source a request file came from; nil for folder and environment files.
        var source: String?
        /// `written`, `would write`, or `would replace` (a dry run over an existing file).
        var status: String
    }

    var files: [FileLine]
    var report: ImportReport

    init(files: [CollectionWriter.File], imported: ImportedCollection, dryRun: Bool, taken: Set<String>) {
        let sources = Dictionary(imported.requests.map { ($0.path, $0.source) }, uniquingKeysWith: { first, _ in first })
        self.files = files.map { file in
            FileLine(
                path: file.path, source: sources[file.path],
                status: !dryRun ? "written" : taken.contains(file.path) ? "would replace" : "would write")
        }
        report = imported.report
    }

    var lines: [String] {
        files.map { file in "\(file.status) \(file.path)" + (file.source.map { "  (\($0))" } ?? "") } + report.lines
    }
}
