import FerryCore
import FerryServer
import FerryTestSupport
import FerryTransport
import Foundation
import Testing

/// The timeline's hops: one per request of a redirect chain, back to back, measured by the transport.
@Suite struct HopTimingTests {
    @Test func eachRedirectHopHasItsOwnMarks() async throws {
        try await withDemoServer { server in
            let response = try await CurlTransport().send(
                Request(url: try Request.parseURL("\(server.baseURL)/redirect/2")), receivingInto: .default, progress: nil)
            let hops = response.timeline.hops
            #expect(hops.map(\.status) == [302, 302, 200])
            #expect(hops.map(\.url) == ["\(server.baseURL)/redirect/2", "\(server.baseURL)/redirect/1", "\(server.baseURL)/get"])
            #expect(hops.first?.start == 0)
            for (previous, hop) in zip(hops, hops.dropFirst()) { #expect(hop.start == previous.end, "hops follow each other") }
            for hop in hops {
                let firstByte = try #require(hop.firstByte)
                #expect(hop.start <= hop.sent && hop.sent <= firstByte && firstByte <= hop.end)
            }
            #expect(hops.last?.end == response.timeline.total - response.timeline[.queue], "the last hop ends with the transfer")
        }
    }

    @Test func aSingleRequestIsOneHop() async throws {
        try await withDemoServer { server in
            let response = try await CurlTransport().send(
                Request(url: try Request.parseURL("\(server.baseURL)/get")), receivingInto: .default, progress: nil)
            #expect(response.timeline.hops.map(\.status) == [200])
        }
    }
}
