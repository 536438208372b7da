import FerryCore
import FerryServer
import FerryTestSupport
import FerryTransport
import Foundation
import Testing

/// Each way an exchange can fail gives its own clear error, and never hangs.
@Suite struct TransportFailureTests {
    @Test func connectionRefused() async throws {
        let port = try closedLocalPort()
        let kind = await failureKind {
            try await CurlTransport().send(
                Request(url: try Request.parseURL("http://127.0.0.1:\(port)/")), receivingInto: .default, progress: nil)
        }
        #expect(kind == .connectionRefused)
    }

    @Test func unknownHost() async throws {
        let kind = await failureKind {
            try await CurlTransport().send(
                Request(url: try Request.parseURL("http://no-such-host.invalid/")), receivingInto: .default, progress: nil)
        }
        #expect(kind == .hostNotFound)
    }

    @Test func timeoutWhileTheServerStalls() async throws {
        try await withDemoServer { server in
            var request = Request(url: try Request.parseURL("\(server.baseURL)/misbehave/stall"))
            request.options.totalTimeout = 0.3
            let clock = ContinuousClock()
            let started = clock.now
            let kind = await failureKind { try await CurlTransport().send(request, receivingInto: .default, progress: nil) }
            #expect(kind == .timedOut)
            // The stall never ends, so returning at all shows the timeout fired; the bound is loose
            // because a loaded 2-core machine (parallel suites, builds) stretches everything.
            #expect(clock.now - started < .seconds(10))
        }
    }

    @Test func connectionClosedMidBodyAndShortContentLengthAreDistinct() async throws {
        try await withDemoServer { server in
            let transport = CurlTransport()
            func failure(_ path: String) async throws -> FerryError.TransportFailureReason? {
                do {
                    _ = try await transport.send(
                        Request(url: try Request.parseURL(server.baseURL + path)), receivingInto: .default, progress: nil)
                    return nil
                } catch FerryError.transportFailed(let reason) {
                    return reason
                }
            }
            let midBody = try #require(try await failure("/misbehave/close-mid-body"))
            #expect(midBody.kind == .connectionClosedMidBody)
            #expect(midBody.bytesReceived == 50_000)
            #expect(midBody.expectedLength == nil)

            let shortBody = try #require(try await failure("/misbehave/wrong-length"))
            #expect(shortBody.kind == .contentLengthMismatch)
            #expect(shortBody.bytesReceived == 2000)
            #expect(shortBody.expectedLength == 4000)
            #expect(shortBody.detail.contains("2000 bytes remaining"))

            let empty = try #require(try await failure("/misbehave/empty-reply"))
            #expect(empty.kind == .emptyReply)
        }
    }

    @Test func aFailingBodyStreamAbortsTheUploadWithItsReason() async throws {
        try await withDemoServer { server in
            let request = Request(
                method: .post, url: try Request.parseURL("\(server.baseURL)/anything"),
                body: .stream(BodyStreamSource(length: 1000) { FailingStream() }))
            do {
                _ = try await CurlTransport().send(request, receivingInto: .default, progress: nil)
                Issue.record("expected an error")
            } catch let error as FerryError {
                let reasons = ErrorChain(error).links.map(\.reason)
                #expect(reasons == ["aborted", "posix"])
            }
        }
    }

    @Test func invalidRequestsAreRejectedBeforeAnythingIsSent() async throws {
        let request = Request(url: try Request.parseURL("http://127.0.0.1:1/"), headers: ["X": "a\nb"])
        do {
            _ = try await CurlTransport().send(request, receivingInto: .default, progress: nil)
            Issue.record("expected an error")
        } catch let error as FerryError {
            #expect(ErrorChain(error).links.first?.reason == "invalidHeaderValue")
        }
    }
}

/// A body stream that fails after its first read, as a disk error would.
private final class FailingStream: BodyStream {
    private var reads = 0
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        reads += 1
        guard reads == 1 else { throw POSIXError(.EIO) }
        buffer[0] = 0x41
        return 1
    }
}
