import FerryCore

/// The collection the TUI works in, a room of the TUI: the sidebar's tree, the file the editor's
/// request belongs to, prompts about files, the environment and the demo's examples.
public struct CollectionState: Sendable {
    /// The collection tree; nil when Ferry runs without a collection.
    public var sidebar: Sidebar?
    /// The file the editor's request came from or was saved to.
    public var openRequest: OpenRequest?
    /// The path being typed: where to save a new request, or a file's new name.
    public var pathPrompt: PathPrompt?
    /// The file the user asked to delete; `y` confirms.
    public var pendingDelete: String?
    /// The open file, changed on disk, that Ctrl-S would write over; `o` confirms.
    public var pendingOverwrite: String?
    /// The question asked before unsaved edits would be lost, while it waits for its answer.
    public var unsavedQuestion: UnsavedEditsQuestion?
    /// The files outside the collection a send waits on the user's word to read.
    public var outsideFilesQuestion: OutsideFilesQuestion?
    /// What to carry out once the save the user chose in answer to that question is written.
    public var afterSave: UnsavedEditsQuestion.Then?
    /// True while carrying out what the user chose to drop their edits for.
    var dropsEdits = false
    /// The environment `{{variables}}` are resolved with when sending; nil for none.
    public var environment: String?
    public var variables: [Variable] = []
    /// The environment's proxy and client certificate, under the open request's own.
    public var connection = ConnectionSettings()
    /// Which files requests may read and whether they may name a proxy: the collection's boundary
    /// with what the user's config trusts; nil without a collection (what is typed is the user's own).
    public var fileAccess: FileAccessPolicy?
    /// Values taken by requests' `capture:` in this session; they win over the environment's, so
    /// "log in, then call" works by hand as in `ferry run`.
    public var captured: [Variable] = []
    /// The environment's chained variables: taken from another request's response when a send needs them.
    public var chains: [VariableChain] = []
    /// Chained values taken for the send being prepared; the runtime keeps them (and their ttl)
    /// between sends, so each send asks again and a value past its ttl is taken anew.
    public var chained: [Variable] = []
    /// What the send in flight says with its answer on the status line: the requests sent for its
    /// chained variables, a replay's new address.
    public var sendNotice: String?
    /// The newest exchange the history holds for the open file, offered in the empty response area
    /// until something is sent or another request loaded.
    public var lastRecorded: HistoryRow?
    /// Prepared requests F2/F3 step through (`ferry demo`), and which one is loaded.
    public var examples: [RequestSource] = []
    public var exampleIndex: Int?

    public init() {}
}
