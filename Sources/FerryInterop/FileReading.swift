import FerryCore

/// What notes the files its requests read (a body or a file part): the report says where each is
/// read from, and one inside the source's folder is kept in `attachments`, for `ferry import` to copy
/// into the collection beside the requests (a collection reads nothing outside its folder).
protocol FileReading {
    var report: ImportReport { get set }
    /// Paths relative to the source's folder.
    var attachments: Set<String> { get set }
}

extension FileReading {
    /// Notes that a request reads `path` (`subject`: "the body", "the file part avatar").
    mutating func reads(_ path: String, _ subject: String, at place: String) {
        report.approximated(place, ImportReport.readingNote(subject, path))
        if !CollectionPath.leavesFolder(path), !path.contains("{{") { attachments.insert(path) }
    }
}
