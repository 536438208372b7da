import FerryCore
import FerryServer
import FerryTestSupport
import FerryTransport
import Foundation
import Synchronization
import Testing

/// Work that runs long on the curl loop — a `ferry run` script — keeps the transfers beside it going
/// by pumping the loop (`TransferPump`), as the script engine does every few milliseconds of a script.
@Suite struct CurlLoopPumpTests {
    /// A job on the loop that never yields, and only pumps, still gets the answer of the request it
    /// put on the wire: without the pump nothing reads it until the job ends.
    @Test func aJobThatNeverYieldsButPumpsLetsTheTransferBesideItBeAnswered() async throws {
        try await withDemoServer { server in
            let transport = CurlTransport()
            let pump = try #require(transport.executor as? any TransferPump)
            let request = Request(url: try Request.parseURL("\(server.baseURL)/delay/1"))
            let seen = Seen()
            let answered = await withTaskExecutorPreference(transport.executor) {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        _ = try? await transport.send(
                            request, receivingInto: .default, progress: { _ in seen.started.withLock { $0 = true } }, observer: seen)
                    }
                    let deadline = ContinuousClock.now + .seconds(10)  // not a wait: the bound of the two waits for a condition below
                    while !seen.started.withLock({ $0 }), ContinuousClock.now < deadline { await Task.yield() }  // on the wire
                    // From here the job holds the loop (as a script does) until the answer's head is read.
                    while !seen.head.withLock({ $0 }), ContinuousClock.now < deadline { pump.pump() }
                    return seen.head.withLock { $0 }
                }
            }
            #expect(answered, "the answer was read while the job held the loop")
        }
    }

    /// What the transfer reported, on the loop's thread.
    private final class Seen: ResponseStreamObserver {
        let started = Mutex(false)
        let head = Mutex(false)

        func responseHeadArrived(_ status: HeaderLine.Status, headers: HTTPHeaders, time: Int64) -> Bool {
            head.withLock { $0 = true }
            return false
        }

        func responseBodyArrived(_ bytes: UnsafeRawBufferPointer, time: Int64) {}
    }
}
