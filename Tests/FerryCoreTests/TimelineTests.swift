import FerryCore
import Foundation
import Testing

@Suite struct TimelineTests {
    @Test func phasesFollowTheMarksAndSumToTheTotal() {
        let marks = Timeline.TransferMarks(
            nameLookup: 1_000, connect: 3_000, tlsHandshake: 10_000, preTransfer: 10_500,
            requestWriting: 500, responseWaiting: 20_000, firstByte: 31_000, total: 40_000)
        let timeline = Timeline(start: Date(), queue: 200, marks: marks)
        #expect(timeline[.queue] == 200)
        #expect(timeline[.dns] == 1_000)
        #expect(timeline[.connect] == 2_000)
        #expect(timeline[.tls] == 7_000)
        #expect(timeline[.send] == 1_000)
        #expect(timeline[.wait] == 20_000)
        #expect(timeline[.receive] == 9_000)
        #expect(timeline.total == 40_200)
        #expect(timeline.offset(of: .wait) == 200 + 1_000 + 2_000 + 7_000 + 1_000)
    }

    @Test func reusedConnectionsAndMissingTLSGiveZeroNotNegative() {
        // A reused connection: curl reports 0 for connect and TLS after a non-zero name lookup.
        let marks = Timeline.TransferMarks(nameLookup: 50, connect: 0, tlsHandshake: 0, preTransfer: 80, firstByte: 900, total: 1_000)
        let timeline = Timeline(start: Date(), queue: 0, marks: marks)
        #expect(Timeline.Phase.allCases.allSatisfy { timeline[$0] >= 0 })
        #expect(timeline[.connect] == 0)
        #expect(timeline[.tls] == 0)
        #expect(timeline[.wait] == 820)
        #expect(timeline.total == 1_000)
    }

    @Test func aTransferThatNeverSawAByteIsAllWaiting() {
        let marks = Timeline.TransferMarks(nameLookup: 10, connect: 20, preTransfer: 30, total: 5_000_000)
        let timeline = Timeline(start: Date(), queue: 0, marks: marks)
        #expect(timeline[.wait] == 5_000_000 - 30)
        #expect(timeline[.receive] == 0)
    }

    @Test func marksBeyondTheTotalAreClamped() {
        let marks = Timeline.TransferMarks(
            nameLookup: 9_000, connect: 2_000, requestWriting: 50_000, firstByte: 7_000, total: 5_000, redirect: 8_000)
        let timeline = Timeline(start: Date(), queue: 10, marks: marks)
        #expect(timeline.total == 5_010)
        #expect(timeline.redirect == 5_000)
        #expect(Timeline.Phase.allCases.allSatisfy { timeline[$0] >= 0 })
    }

    /// Only the phases given are listed and encoded, a zero given apart from one never given; a
    /// timeline reads back from its JSON equal to itself.
    @Test func onlyThePhasesGivenAreListedAndEncoded() throws {
        var timeline = Timeline(start: Date(timeIntervalSince1970: 1_764_262_353), durations: [.dns: 5, .wait: 0, .tls: -3], redirect: 2)
        #expect(timeline.durations == [.dns: 5, .wait: 0, .tls: 0])
        #expect(timeline != Timeline(start: timeline.start, durations: [.dns: 5], redirect: 2))
        timeline[.serialize] = 40
        #expect(timeline.total == 45)
        #expect(timeline.offset(of: .serialize) == 5)
        let json = try JSONEncoder().encode(timeline)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect((object["durations"] as? [String: Int])?.keys.sorted() == ["dns", "serialize", "tls", "wait"])
        #expect(try JSONDecoder().decode(Timeline.self, from: json) == timeline)
    }

    @Test func phaseNamesMapToHAR() {
        #expect(Timeline.Phase.queue.harName == "blocked")
        #expect(Timeline.Phase.tls.harName == "ssl")
        #expect(Timeline.Phase.serialize.harName == nil)
    }
}
