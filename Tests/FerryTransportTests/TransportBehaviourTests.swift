import FerryCore
import FerryServer
import FerryTestSupport
import FerryTransport
import Foundation
import Testing

/// Redirects, timelines, cookies, cancellation and concurrency against the local server.
@Suite struct TransportBehaviourTests {
    @Test func redirectsAreFollowedAndRecordedHopByHop() async throws {
        try await withDemoServer { server in
            let response = try await CurlTransport().send(
                Request(url: try Request.parseURL("\(server.baseURL)/redirect/3")), receivingInto: .default, progress: nil)
            #expect(response.status == 200)
            #expect(response.effectiveURL == "\(server.baseURL)/get")
            #expect(
                response.redirects == [
                    RedirectHop(url: "\(server.baseURL)/redirect/3", status: 302, location: "/redirect/2"),
                    RedirectHop(url: "\(server.baseURL)/redirect/2", status: 302, location: "/redirect/1"),
                    RedirectHop(url: "\(server.baseURL)/redirect/1", status: 302, location: "/get"),
                ])
            #expect(response.timeline.redirect > 0)
            #expect(response.timeline.redirect <= response.timeline.total)
        }
    }

    /// Finished transfers' easy handles are reset and reused: nothing of one request may reach the next.
    @Test func aReusedHandleCarriesNothingOverFromTheRequestBefore() async throws {
        try await withDemoServer { server in
            let transport = CurlTransport()
            let url = try Request.parseURL("\(server.baseURL)/anything")
            var head = Request(method: .head, url: url)
            head.options.followRedirects = false
            #expect(try await transport.send(head, receivingInto: .default, progress: nil).body.count == 0)
            var put = Request(method: .put, url: url, headers: ["X-Only": "once"], body: .bytes(Data("first".utf8)))
            put.authentication = .basic(username: "ann", password: "secret")
            _ = try await transport.send(put, receivingInto: .default, progress: nil)
            let get = try await transport.send(Request(url: url), receivingInto: .default, progress: nil)
            let echoed = try #require(try JSONSerialization.jsonObject(with: get.body.mappedData()) as? [String: Any])
            #expect(echoed["method"] as? String == "GET", "not HEAD's no-body mode, nor PUT: \(echoed)")
            #expect(echoed["bodySize"] as? Int == 0, "no body of the PUT before: \(echoed)")
            let headers = try #require(echoed["headers"] as? [String: String])
            #expect(headers["X-Only"] == nil && headers["Authorization"] == nil, "\(headers)")
        }
    }

    /// A POST without a body answered 302 is followed with a GET, as with a body (a method given to
    /// libcurl by name would be kept on every hop); a 307 keeps it. Without default headers it says
    /// no `Content-Length`, as an imported curl command or Hurl file sends none.
    @Test(arguments: [(302, "GET"), (307, "POST")])
    func aPostWithoutABodyIsRedirectedAsBrowsersAndCurlDo(status: Int, method: String) async throws {
        try await withDemoServer { server in
            var request = Request(
                method: .post, url: try Request.parseURL("\(server.baseURL)/redirect-to?url=/anything&status_code=\(status)"))
            request.options.defaultHeaders = false
            let response = try await CurlTransport().send(request, receivingInto: .default, progress: nil)
            let echoed = try #require(try JSONSerialization.jsonObject(with: response.body.mappedData()) as? [String: Any])
            #expect(echoed["method"] as? String == method, "\(echoed)")
            let headers = try #require(echoed["headers"] as? [String: String])
            #expect(headers["Content-Length"] == nil, "\(headers)")
        }
    }

    @Test func redirectsCanBeRefusedOrLimited() async throws {
        try await withDemoServer { server in
            let transport = CurlTransport()
            var request = Request(url: try Request.parseURL("\(server.baseURL)/redirect/3"))
            request.options.followRedirects = false
            let unfollowed = try await transport.send(request, receivingInto: .default, progress: nil)
            #expect(unfollowed.status == 302)
            #expect(unfollowed.headers["Location"] == "/redirect/2")
            #expect(unfollowed.redirects.isEmpty)

            request.options.followRedirects = true
            request.options.maxRedirects = 2
            let kind = await failureKind { try await transport.send(request, receivingInto: .default, progress: nil) }
            #expect(kind == .tooManyRedirects)
        }
    }

    @Test func timelinePhasesAreOrderedAndSumToTheTotal() async throws {
        try await withDemoServer { server in
            let response = try await CurlTransport().send(
                Request(url: try Request.parseURL("\(server.baseURL)/delay/0.2")), receivingInto: .default, progress: nil)
            let timeline = response.timeline
            #expect(Timeline.Phase.allCases.allSatisfy { timeline[$0] >= 0 })
            #expect(Timeline.Phase.allCases.reduce(0) { $0 + timeline[$1] } == timeline.total)
            // The server waited 200 ms before answering: that is the wait phase, not receive.
            #expect(timeline[.wait] >= 190_000)
            #expect(timeline[.wait] > timeline[.receive])
            #expect(timeline.offset(of: .wait) < timeline.offset(of: .receive))
            #expect(abs(timeline.start.timeIntervalSinceNow) < 30)
        }
    }

    @Test func cookiesPersistWithinATransport() async throws {
        try await withDemoServer { server in
            let transport = CurlTransport()
            let response = try await transport.send(
                Request(url: try Request.parseURL("\(server.baseURL)/cookies/set?flavour=oat&size=big")), receivingInto: .default,
                progress: nil)
            let cookies = try JSONSerialization.jsonObject(with: response.body.data()) as? [String: [String: String]]
            #expect(cookies?["cookies"] == ["flavour": "oat", "size": "big"])
            let fresh = try await CurlTransport().send(
                Request(url: try Request.parseURL("\(server.baseURL)/cookies")), receivingInto: .default, progress: nil)
            let none = try JSONSerialization.jsonObject(with: fresh.body.data()) as? [String: [String: String]]
            #expect(none?["cookies"] == [:])
        }
    }

    /// Five transfers stalled in the middle of the body, each cancelled once its first bytes came:
    /// the caller sees `.explicitlyCancelled` (under a deadline; how fast is a benchmark's business).
    @Test func cancellingATaskStopsAStalledTransfer() async throws {
        try await withDemoServer { server in
            let transport = CurlTransport()
            let request = Request(url: try Request.parseURL("\(server.baseURL)/misbehave/stall-body"))
            for _ in 0..<5 {
                let arrived = LockedFlag()
                let task = Task {
                    try await transport.send(request, receivingInto: .default, progress: { if $0.downloaded > 0 { arrived.set() } })
                }
                let deadline = ContinuousClock.now + .seconds(10)
                while !arrived.isSet, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
                #expect(arrived.isSet, "the first bytes came")
                task.cancel()
                let result = try await Deadline.within(10, "the cancelled transfer") { await task.result }
                guard case .failure(let error as FerryError) = result, case .explicitlyCancelled = error else {
                    Issue.record("expected cancellation, got \(result)")
                    return
                }
            }
        }
    }

    @Test func twentyConcurrentTransfersAllCompleteCorrectly() async throws {
        try await withDemoServer { server in
            let transport = CurlTransport()
            let results = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for index in 0..<20 {
                    group.addTask {
                        let size = 50_000 + index * 1000
                        let bytes = Request(url: try Request.parseURL("\(server.baseURL)/bytes/\(size)?seed=\(index)"))
                        let response = try await transport.send(bytes, receivingInto: .default, progress: nil)
                        return (index, sha256Hex(try response.body.data()))
                    }
                }
                return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
            }
            #expect(results.count == 20)
            for (index, hash) in results {
                #expect(hash == sha256Hex(SeededBytes(seed: UInt64(index)).bytes(from: 0, count: 50_000 + index * 1000)))
            }
        }
    }

    @Test func downloadAndUploadRatesAreCapped() async throws {
        try await withDemoServer { server in
            let transport = CurlTransport()
            let clock = ContinuousClock()
            var download = Request(url: try Request.parseURL("\(server.baseURL)/bytes/300000"))
            download.options.maxDownloadRate = 200_000
            var started = clock.now
            _ = try await transport.send(download, receivingInto: .default, progress: nil)
            #expect(clock.now - started > .milliseconds(1000))  // 300 kB at 200 kB/s: about 1.5 s

            var upload = Request(method: .post, url: try Request.parseURL("\(server.baseURL)/anything"), body: .bytes(Data(count: 300_000)))
            upload.options.maxUploadRate = 200_000
            started = clock.now
            _ = try await transport.send(upload, receivingInto: .default, progress: nil)
            #expect(clock.now - started > .milliseconds(1000))
        }
    }

    @Test func hugeHeadersAndTheRequestAsSentAreReported() async throws {
        try await withDemoServer { server in
            var request = Request(url: try Request.parseURL("\(server.baseURL)/misbehave/huge-headers"))
            request.headers.add(name: "X-Trace", value: "abc")
            request.headers.add(name: "Accept", value: "")  // suppresses curl's default Accept
            let response = try await CurlTransport().send(request, receivingInto: .default, progress: nil)
            #expect(response.headers.count >= 100)
            #expect(response.headers["X-Filler-99"]?.count == 1000)
            let sent = try #require(response.sent)
            #expect(sent.requestLine == "GET /misbehave/huge-headers HTTP/1.1")
            #expect(sent.headers["X-Trace"] == "abc")
            #expect(sent.headers["Accept"] == nil)
            #expect(sent.headers["User-Agent"] == FerryInfo.userAgent)
        }
    }

    @Test func anEmptyValueLeavesOutAnAddedHeaderAndSendsAnyOtherEmpty() async throws {
        try await withDemoServer { server in
            var request = Request(url: try Request.parseURL("\(server.baseURL)/headers"))
            request.headers.add(name: "X-Empty", value: "")
            request.headers.add(name: "Accept", value: "")
            let response = try await CurlTransport().send(request, receivingInto: .default, progress: nil)
            let sent = try #require(response.sent)
            #expect(sent.headers["X-Empty"] == "", "\(sent.headers)")
            #expect(sent.headers["Accept"] == nil)
        }
    }
}

/// The transport failure kind `body` threw, or nil.
func failureKind(_ body: () async throws -> Response) async -> FerryError.TransportFailureReason.Kind? {
    do {
        _ = try await body()
        return nil
    } catch FerryError.transportFailed(let reason) {
        return reason.kind
    } catch {
        return nil
    }
}
