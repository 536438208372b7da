import FerryCore
import FerryStore
import FerryTestSupport
import Foundation
import Testing

@Suite struct CollectionTests {
    /// A small tree: two folders with defaults, three requests, one broken file.
    func makeTree() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let files = [
            "_folder.ferry.yaml": "baseURL: http://api.test/v1/\nheaders:\n  - X-Team: core\n  - Accept: text/plain\n",
            "users/_folder.ferry.yaml": "headers:\n  - Accept: application/json\n",
            "users/list.ferry.yaml": "url: users\n",
            "users/admin/create.ferry.yaml": "name: Create an admin\nmethod: POST\nurl: admins\nheaders:\n  - X-Team: ops\n",
            "health.ferry.yaml": "url: https://status.test/health\n",
            "broken.ferry.yaml": "url: http://x.test/\nheaders: [\n",
            "notes.txt": "not a request\n",
            ".hidden/secret.ferry.yaml": "url: http://hidden.test/\n",
        ]
        for (path, text) in files {
            try FileManager.default.createDirectory(
                atPath: (directory.file(path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = try directory.write(path, Data(text.utf8))
        }
        return directory
    }

    @Test func loadsTheTreeAndListsBrokenFilesWithTheirLocation() throws {
        let directory = try makeTree()
        let collection = try RequestCollection(root: directory.path)
        #expect(collection.requests.map(\.path) == ["health.ferry.yaml", "users/admin/create.ferry.yaml", "users/list.ferry.yaml"])
        #expect(collection.requests.map(\.title) == ["health", "Create an admin", "list"])
        let problem = try #require(collection.problems.first)
        #expect(collection.problems.count == 1)
        #expect(problem.file == directory.file("broken.ferry.yaml"))
        #expect(problem.line == 3)
        #expect(problem.column != nil)
    }

    @Test func nestedFoldersInheritBaseURLAndHeaders() throws {
        let directory = try makeTree()
        let collection = try RequestCollection(root: directory.path)
        let create = try #require(collection.requests.first { $0.path == "users/admin/create.ferry.yaml" })
        let defaults = collection.defaults(forFolder: create.folder)
        let request = try create.document.resolved(with: VariableResolver(), defaults: defaults, directory: directory.path).request
        #expect(request.url.absoluteString == "http://api.test/v1/admins")
        #expect(request.headers.fields.map { "\($0.name): \($0.value)" } == ["Accept: application/json", "X-Team: ops"])
        #expect(try FolderDefaults.inherited(byFileAt: directory.file("users/admin/create.ferry.yaml"), root: directory.path) == defaults)
        let health = try #require(collection.requests.first { $0.path == "health.ferry.yaml" })
        let direct = try health.document.resolved(
            with: VariableResolver(), defaults: collection.defaults(forFolder: ""), directory: directory.path)
        #expect(direct.request.url.absoluteString == "https://status.test/health")
    }

    @Test func savingNeverOverwritesABrokenFileUnlessForced() throws {
        let directory = try makeTree()
        let path = directory.file("broken.ferry.yaml")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let error = try #require(throws: FerryError.self) { try RequestDescription(url: "http://new.test/").save(to: path) }
        guard case .localFile(.unwritable(_, let underlying)) = error, underlying is StoreError else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect("\(error)".contains("refusing to overwrite a file that does not parse"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        try RequestDescription(url: "http://new.test/").save(to: path, force: true)
        #expect(try RequestDescription(contentsOf: path).url == "http://new.test/")
    }

    @Test func savingCreatesFoldersAndLeavesNoTemporaryFiles() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("a/b/new.ferry.yaml")
        try CollectionFixtures.everyField.save(to: path)
        #expect(try RequestDescription(contentsOf: path) == CollectionFixtures.everyField)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("a/b")) == ["new.ferry.yaml"])
    }

    @Test func abandonedTemporaryFilesAreRemovedButLiveOnesKept() throws {
        let directory = try makeTree()
        let abandoned = try directory.write("users/\(AtomicFile.temporaryPrefix)dead01", Data("half a fi".utf8))
        let live = try directory.write("\(AtomicFile.temporaryPrefix)live01", Data("being written".utf8))
        let handle = open(live, O_RDONLY)
        defer { close(handle) }
        #expect(flock(handle, LOCK_EX) == 0)
        _ = try RequestCollection(root: directory.path)
        #expect(!FileManager.default.fileExists(atPath: abandoned))
        #expect(FileManager.default.fileExists(atPath: live))
    }

    @Test func filesChangedOnDiskAreNoticed() throws {
        let directory = try makeTree()
        let collection = try RequestCollection(root: directory.path)
        #expect(collection.changedEntries().isEmpty)
        var document = try RequestDescription(contentsOf: directory.file("health.ferry.yaml"))
        document.description = "edited elsewhere"
        try document.save(to: directory.file("health.ferry.yaml"))
        #expect(collection.changedEntries().map(\.path) == ["health.ferry.yaml"])
    }

    @Test func aMissingRootIsALocalFileError() {
        #expect(throws: FerryError.self) { try RequestCollection(root: "/nonexistent/ferry-collection") }
    }

    /// Issue 31: `c/loop/up -> ..` and `c/loop/self -> ../loop` made the walk endless; a second link
    /// into a folder listed already is not followed either. Real folders and links, under a deadline.
    @Test func linksToFoldersWalkedAlreadyAreNamedAndNotFollowed() async throws {
        let directory = try TemporaryDirectory()
        for path in ["loop/get.ferry.yaml", "shared/one.ferry.yaml"] {
            try FileManager.default.createDirectory(
                atPath: (directory.file(path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = try directory.write(path, Data("url: http://x.test/\n".utf8))
        }
        try FileManager.default.createSymbolicLink(atPath: directory.file("loop/up"), withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: directory.file("loop/self"), withDestinationPath: "../loop")
        try FileManager.default.createSymbolicLink(atPath: directory.file("again"), withDestinationPath: "shared")
        try FileManager.default.createSymbolicLink(atPath: directory.file("zero.ferry.yaml"), withDestinationPath: "/dev/zero")
        let root = directory.path
        let collection = try await Deadline.within(30, "the walk of a collection with link loops") { try RequestCollection(root: root) }
        #expect(collection.requests.map(\.path) == ["loop/get.ferry.yaml", "shared/one.ferry.yaml"])
        #expect(collection.problems.isEmpty)
        #expect(collection.skippedLinks.map(\.file) == [directory.file("again"), directory.file("loop/self"), directory.file("loop/up")])
        #expect(
            collection.skippedLinks.map(\.message) == [
                "leads to shared, listed already: not followed",
                "leads back to loop, which holds it (a link loop): not followed",
                "leads back to the collection's folder, which holds it (a link loop): not followed",
            ])
        #expect(RequestCollection.requestPaths(under: root) == ["loop/get.ferry.yaml", "shared/one.ferry.yaml"])
    }
}
