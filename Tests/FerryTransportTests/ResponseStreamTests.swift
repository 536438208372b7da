import FerryCore
import FerryServer
import FerryTestSupport
import FerryTransport
import Foundation
import Synchronization
import Testing

/// The transport hands a streamed body to its observer as it arrives, and a stopped stream keeps what arrived.
@Suite struct ResponseStreamTests {
    /// Records what the transport told it; asks for the body when `wantsStream`.
    final class Recorder: ResponseStreamObserver, @unchecked Sendable {
        let wantsStream: Bool
        private let lock = NSLock()
        private var heads: [Int] = []
        private var bytes = Data()

        init(wantsStream: Bool) { self.wantsStream = wantsStream }

        func responseHeadArrived(_ status: HeaderLine.Status, headers: HTTPHeaders, time: Int64) -> Bool {
            lock.withLock { heads.append(status.code) }
            return wantsStream
        }

        func responseBodyArrived(_ bytes: UnsafeRawBufferPointer, time: Int64) {
            lock.withLock { self.bytes.append(contentsOf: bytes) }
        }

        var statuses: [Int] { lock.withLock { heads } }
        var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
    }

    private func waitFor(_ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while !condition(), Date() < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        return condition()
    }

    @Test func bodyBytesReachTheObserverBeforeTheResponseEnds() async throws {
        try await withDemoServer { server throws in
            let recorder = Recorder(wantsStream: true)
            // An endless stream, a record every ten seconds: what the observer sees came before its end.
            let request = Request(url: try Request.parseURL("\(server.baseURL)/ndjson?count=0&interval=10"))
            let task = Task { try await CurlTransport().send(request, receivingInto: .default, progress: nil, observer: recorder) }
            let first = await waitFor { recorder.text.contains("record 1") }
            #expect(first, "the observer saw: \(recorder.text)")
            task.cancel()
            let response = try await task.value
            #expect(try response.body.data() == Data(recorder.text.utf8))
            #expect(recorder.statuses == [200])
            #expect(response.stoppedByUser)
        }
    }

    @Test func aStreamThatEndsReturnsItsWholeBody() async throws {
        try await withDemoServer { server throws in
            let recorder = Recorder(wantsStream: true)
            let request = Request(url: try Request.parseURL("\(server.baseURL)/ndjson?count=3&interval=0"))
            let response = try await CurlTransport().send(request, receivingInto: .default, progress: nil, observer: recorder)
            #expect(!response.stoppedByUser)
            #expect(try response.body.data() == Data(recorder.text.utf8))
            #expect(recorder.text.split(separator: "\n").count == 3)
        }
    }

    @Test func redirectHeadsAreSeenAndOnlyTheLastBodyIsStreamed() async throws {
        try await withDemoServer { server throws in
            let recorder = Recorder(wantsStream: true)
            let target = "/sse?count=1%26interval=0"
            let request = Request(url: try Request.parseURL("\(server.baseURL)/redirect-to?url=\(target)"))
            let response = try await CurlTransport().send(request, receivingInto: .default, progress: nil, observer: recorder)
            #expect(recorder.statuses == [302, 200])
            #expect(try response.body.data() == Data(recorder.text.utf8))
            #expect(recorder.text.contains("tick 1"))
        }
    }

    @Test func stoppingAStreamKeepsWhatArrived() async throws {
        try await withDemoServer { server throws in
            let recorder = Recorder(wantsStream: true)
            let request = Request(url: try Request.parseURL("\(server.baseURL)/sse?count=0&interval=0.1"))
            let task = Task { try await CurlTransport().send(request, receivingInto: .default, progress: nil, observer: recorder) }
            #expect(await waitFor { recorder.text.contains("id: 2\n") }, "the observer saw: \(recorder.text)")
            task.cancel()
            let response = try await task.value
            #expect(response.stoppedByUser)
            #expect(response.status == 200)
            let body = String(decoding: try response.body.data(), as: UTF8.self)
            #expect(body.hasPrefix(": ferry demo event stream\n"))
            #expect(recorder.text == body)
        }
    }

    /// The task cancelled from inside its progress report: libcurl stops the transfer in that same
    /// callback, before the loop takes the cancel command, and the stream still keeps what arrived
    /// (the TUI's Esc on a loaded machine lost it).
    @Test func aStreamStoppedByItsProgressCallbackKeepsWhatArrived() async throws {
        try await withDemoServer { server throws in
            let recorder = Recorder(wantsStream: true)
            let sending = Mutex<Task<Response, any Error>?>(nil)
            let request = Request(url: try Request.parseURL("\(server.baseURL)/sse?count=0&interval=0.05"))
            let progress: @Sendable (TransferProgress) -> Void = { _ in
                if recorder.text.contains("id: 2\n") { sending.withLock { $0 }?.cancel() }
            }
            let task = Task { try await CurlTransport().send(request, receivingInto: .default, progress: progress, observer: recorder) }
            sending.withLock { $0 = task }
            let response = try await task.value
            #expect(response.stoppedByUser)
            #expect(response.status == 200)
            #expect(try response.body.data() == Data(recorder.text.utf8))
        }
    }

    @Test func aBodyNotAskedForIsCancelledAsBefore() async throws {
        try await withDemoServer { server throws in
            let recorder = Recorder(wantsStream: false)
            let request = Request(url: try Request.parseURL("\(server.baseURL)/sse?count=0&interval=0.1"))
            let task = Task { try await CurlTransport().send(request, receivingInto: .default, progress: nil, observer: recorder) }
            #expect(await waitFor { recorder.statuses == [200] })
            task.cancel()
            await #expect(throws: FerryError.self) { try await task.value }
            #expect(recorder.text.isEmpty)
        }
    }
}
