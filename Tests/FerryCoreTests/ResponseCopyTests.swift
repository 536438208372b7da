import FerryCore
import Foundation
import Testing

@Suite struct ResponseCopyTests {
    /// A response's fields are shared by its copies until one of them changes: the change is that copy's alone.
    @Test func aCopyChangedLeavesTheOriginalAsItWas() {
        let original = Response(
            status: 200, reasonPhrase: "OK", httpVersion: "HTTP/1.1", headers: ["A": "1"], body: .empty, effectiveURL: "http://x/",
            remoteAddress: nil, redirects: [], timeline: Timeline(start: Date()), sent: nil)
        var copy = original
        copy.headers.add(name: "B", value: "2")
        copy.status = 404
        copy.timeline[.wait] = 7
        copy.stoppedByUser = true
        #expect(original.status == 200 && original.headers["B"] == nil && original.timeline.total == 0 && !original.stoppedByUser)
        #expect(
            copy.status == 404 && copy.headers["A"] == "1" && copy.headers["B"] == "2" && copy.timeline[.wait] == 7 && copy.stoppedByUser)
    }
}
