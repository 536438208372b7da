import FerryCore
import FerryMock
import FerryStore
import Foundation

/// What a mock serves and how, as `ferry mock`'s flags say it and the TUI's Mock view asks it: the
/// sources, then (`--from-history`) the history's exchanges, a recorder that sends what nothing
/// answers upstream (`--record`, `--into-examples`), stored resources (`--stateful`) and request
/// validation (`--validate`). `prepare` reads it all into a `MockService`, or says which part failed.
public struct MockLaunch: Sendable {
    public var sources: [String]
    public var stateful = false
    public var validatesRequests = false
    /// `--from-history`: nil serves none; else the run (`--run`, nil: every run) and `--since`.
    public var history: (run: String?, since: String?)?
    /// `--record`: the base URL what nothing answers goes to.
    public var upstream: String?
    /// `--into-examples`: each upstream answer saved in the request file it fits.
    public var intoExamples = false

    public init(sources: [String]) { self.sources = sources }

    /// The service, what reading it warned of (`warnings`) and said (`notes`), and the recorder
    /// (its history is written at `finish`).
    public struct Prepared: Sendable {
        public var service: MockService
        public var notes: [String]
        public var warnings: [String]
        public var recorder: MockRecorder?
    }

    /// A part that could not be read, in words that name it (`the history: …`, `--record: …`).
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads the sources, the history and the collections; `report` receives the recorder's lines
    /// (an answer saved as an example, or why not).
    public func prepare(
        environment: [String: String], report: @escaping @Sendable (String) -> Void
    ) throws(Problem) -> Prepared {
        let loaded: MockSources
        do {
            loaded = try MockSources(paths: sources)
        } catch {
            throw Problem(description: "\(error)")
        }
        var routes = loaded.routes
        var notes: [String] = []
        if let history {
            do {
                let store = try HistoryStore(locations: StoreLocations(environment: environment))
                var query = HistoryQuery(since: try history.since.map { try HistoryQuery.parseTime($0, name: "--since") }, limit: 10_000)
                query.run = history.run
                let (recorded, skipped) = HistoryMockSource.routes(try store.entries(query))
                if skipped > 0 { notes.append("\(skipped) recorded exchanges without a whole answer left out") }
                routes += recorded
            } catch {
                throw Problem(description: "the history: \(error)")
            }
        }
        var recorder: MockRecorder?
        if let upstream {
            var examples: ExampleRecorder?
            if intoExamples {
                let folders = try collectionFolders()
                do {
                    examples = try ExampleRecorder(roots: folders)
                } catch {
                    throw Problem(description: "--into-examples: \(error)")
                }
            }
            do {
                recorder = try MockRecorder(
                    upstream: upstream, locations: StoreLocations(environment: environment), examples: examples, report: report)
            } catch {
                throw Problem(description: "--record: \(error)")
            }
        }
        let router = MockRouter(routes: routes)
        let service = MockService(
            router: router, rules: loaded.rules, resources: stateful ? ResourceStore(routes: router.routes) : nil,
            validator: validatesRequests ? RequestValidator(documents: loaded.documents) : nil, upstream: recorder.map { $0.forward })
        return Prepared(service: service, notes: notes, warnings: loaded.warnings + service.ruleWarnings(), recorder: recorder)
    }

    /// The collection folders among the sources, where `--into-examples` saves; one at least.
    private func collectionFolders() throws(Problem) -> [String] {
        let folders = sources.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        guard !folders.isEmpty else { throw Problem(description: "--into-examples saves into a collection folder: give one as a source") }
        return folders
    }
}
