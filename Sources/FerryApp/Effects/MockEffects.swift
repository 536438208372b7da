import FerryCore
import FerryMock
import FerryStore
import FerryTUI
import Foundation

/// The TUI's mock server (`ferry mock` in-process): the open collection's saved examples, and the
/// OpenAPI document its `openapi:` names, served on 127.0.0.1 in the modes `MockSettings` asks for
/// (read by the same `MockLaunch` as `ferry mock`'s flags); the hits are posted in batches (at most
/// ten a second), so a load against the mock does not flood the loop; a recorded answer saved as an
/// example (or not) is a notice.
final class MockEffects: @unchecked Sendable {
    private let inbox: MessageInbox
    /// The collection's folder.
    private let root: String
    private let lock = NSLock()
    private var server: MockServer?
    /// `--record`'s forwarder of the running server: its history rows are written when it stops.
    private var recorder: MockRecorder?
    private var pending: [MockHitRow] = []
    private var isFlushing = false
    /// Counts starts and stops: a server that comes up after a newer start or a stop is shut down.
    private var generation = 0

    init(inbox: MessageInbox, root: String) {
        self.inbox = inbox
        self.root = root
    }

    /// Reads the collection (and the history, with `historyRun`) and starts listening on the
    /// settings' port (a running server is stopped first).
    func start(_ settings: MockSettings) {
        stop(posting: false)
        let root = self.root, inbox = self.inbox, port = settings.port
        let generation = lock.withLock { self.generation }
        Task.detached { [self] in
            let prepared: MockLaunch.Prepared
            do {
                var launch = MockLaunch(sources: [root] + (try Self.openAPIDocument(of: root)))
                launch.stateful = settings.stateful
                launch.validatesRequests = settings.validatesRequests
                launch.history = settings.historyRun.map { ($0.isEmpty ? nil : $0, nil) }
                launch.upstream = settings.upstream
                launch.intoExamples = settings.intoExamples
                prepared = try launch.prepare(environment: ProcessEnvironment.variables) { inbox.post(.notice($0)) }
            } catch {
                return inbox.post(.mockFailed("\(error)"))
            }
            let service = prepared.service
            do {
                let server = try await MockServer.start(port: port, service: service, threads: 1) { [self] in self.keep($0) }
                let isWanted = lock.withLock {
                    guard self.generation == generation else { return false }
                    self.server = server
                    self.recorder = prepared.recorder
                    return true
                }
                guard isWanted else {
                    _ = prepared.recorder?.finish()
                    return await server.shutdown()
                }
                let routes = service.router.routes.map { route in
                    MockRouteRow(
                        name: route.name,
                        source: route.source.hasPrefix(root + "/") ? String(route.source.dropFirst(root.count + 1)) : route.source,
                        replies: route.responses.map { MockRouteRow.Reply(status: $0.status, name: $0.isGenerated ? "" : $0.name) })
                }
                inbox.post(.mockStarted(baseURL: server.baseURL, routes: routes, warnings: prepared.notes + prepared.warnings))
            } catch {
                _ = prepared.recorder?.finish()
                inbox.post(.mockFailed(MockServer.describe(bindError: error, host: "127.0.0.1", port: port)))
            }
        }
    }

    /// Stops the server; answers with `.mockStopped` when `posting`.
    func stop(posting: Bool = true) {
        let (running, recorder) = lock.withLock {
            generation += 1
            return (server.take(), self.recorder.take())
        }
        guard let server = running else {
            if posting { inbox.post(.mockStopped) }
            return
        }
        server.stopListening()
        let inbox = self.inbox
        Task.detached {
            await server.shutdown()
            if let warning = recorder?.finish() { inbox.post(.notice("mock: " + warning)) }
            if posting { inbox.post(.mockStopped) }
        }
    }

    /// A hit from the server's event loop: kept, and posted with the others of the next tenth of a second.
    private func keep(_ hit: MockHit) {
        let row = MockHitRow(
            time: hit.time, method: hit.method, path: hit.path, route: hit.route, answer: hit.answer, status: hit.status, line: hit.line,
            headers: hit.request?.headers.map { "\($0.name): \($0.value)" } ?? [], body: hit.request?.body ?? [])
        let schedules = lock.withLock {
            pending.append(row)
            defer { isFlushing = true }
            return !isFlushing
        }
        guard schedules else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { [self] in
            let hits = lock.withLock {
                isFlushing = false
                return pending.take()
            }
            inbox.post(.mockHits(hits))
        }
    }

    /// The OpenAPI document the collection's `openapi:` names, as a path; none when it names none.
    private static func openAPIDocument(of root: String) throws -> [String] {
        let settings = (root as NSString).appendingPathComponent(FolderDefaults.fileName)
        guard FileManager.default.fileExists(atPath: settings), let spec = try FolderDefaults(contentsOf: settings).openapi else {
            return []
        }
        return [spec.hasPrefix("/") ? spec : (root as NSString).appendingPathComponent(spec)]
    }
}

extension Array {
    /// The elements, leaving the array empty.
    fileprivate mutating func take() -> [Element] {
        defer { removeAll() }
        return self
    }
}
