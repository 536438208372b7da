/// "This request reads files outside the collection: … y sends them this once": asked when a send
/// is refused only because the request reads files outside its collection (issue 31). The user sees
/// exactly which files would be read and sent; `y` allows those paths for this one send.
public struct OutsideFilesQuestion: Sendable, Equatable {
    /// The real paths of the files outside the collection.
    public var paths: [String]

    public init(paths: [String]) { self.paths = paths }

    /// The line the status bar shows while the question waits.
    public var prompt: String {
        "this request reads \(paths.count == 1 ? "a file" : "\(paths.count) files") outside the collection: "
            + paths.joined(separator: ", ") + " — y sends \(paths.count == 1 ? "it" : "them") this once, any other key does not"
    }
}
