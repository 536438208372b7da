import FerryCore
import FerryTUI
import FerryTestSupport
import Foundation
import Testing

/// Which files the TUI's editor may send: inside a collection, only the collection's own (issue 31);
/// without one, what the user types is their own.
@Suite struct EditorFileAccessTests {
    private func state(root: String, body: String) -> AppState {
        var state = AppState(width: 100, height: 24)
        var description = RequestDescription(method: .post, url: "http://api.test/upload")
        description.body = .file(path: body, contentType: nil)
        state.load(RequestSource(title: "upload", description: description, root: root), file: nil)
        return state
    }

    @Test func aCollectionsRequestReadsNoFileOutsideIt() throws {
        let collection = try TemporaryDirectory()
        let outside = try TemporaryDirectory()
        let secret = try outside.write("secret.txt", Data("private".utf8))
        var state = state(root: collection.path, body: secret)
        state.collection.fileAccess = FileAccessPolicy(collection: collection.path)
        #expect {
            try state.makeRequest()
        } throws: { error in
            ErrorChain(error).line.contains("body file \(secret) is outside the collection \(collection.path)")
        }
        state.collection.fileAccess = FileAccessPolicy(collection: collection.path, allowing: [outside.path])
        #expect(Self.file(of: try state.makeRequest().request.body) == secret, "a path the user's config trusts is read")
    }

    /// Ctrl-R on a request that reads a file outside the collection asks, naming the file; any key
    /// but `y` sends nothing, `y` sends it this once (the next send asks again).
    @Test func theUserMayLetAnOutsideFileBeSentOnce() throws {
        let collection = try TemporaryDirectory()
        let outside = try TemporaryDirectory()
        let secret = try outside.write("secret.txt", Data("private".utf8))
        var state = state(root: collection.path, body: secret)
        state.collection.fileAccess = FileAccessPolicy(collection: collection.path)
        let real = URL(fileURLWithPath: secret).resolvingSymlinksInPath().path
        #expect(press(.control("r"), in: &state).isEmpty)
        #expect(state.notice?.contains("reads a file outside the collection: \(real)") == true, "\(state.notice ?? "")")
        #expect(press(.character("n"), in: &state).isEmpty, "any other key sends nothing")
        #expect(state.notice == "nothing was sent: the files stay unread")
        press(.control("r"), in: &state)
        let sent = press(.character("y"), in: &state)
        guard case .send(_, let outgoing)? = sent.first else {
            Issue.record("y sends: \(sent)")
            return
        }
        #expect(Self.file(of: outgoing.resolved.request.body) == secret)
        #expect(state.collection.fileAccess?.allowed.isEmpty == true, "allowed this once, not for good")
    }

    @Test func withoutACollectionWhatTheUserTypesIsRead() throws {
        let outside = try TemporaryDirectory()
        let file = try outside.write("mine.txt", Data("mine".utf8))
        let state = state(root: FileManager.default.currentDirectoryPath, body: file)
        #expect(Self.file(of: try state.makeRequest().request.body) == file)
    }

    private static func file(of body: RequestBody) -> String? {
        if case .file(let path) = body { path } else { nil }
    }
}
