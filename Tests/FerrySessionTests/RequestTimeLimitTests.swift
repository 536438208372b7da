import FerryCore
import FerrySession
import Foundation
import Testing

/// Issue 31: a run's requests and chained requests get a time limit unless their file sets one, and
/// a timeout it caused names the limit and how to change it.
@Suite struct RequestTimeLimitTests {
    private let request = Request(method: .get, url: URL(string: "http://127.0.0.1:1/")!)

    private func timeout(_ detail: String) -> FerryError {
        .transportFailed(reason: .init(kind: .timedOut, code: 28, codeText: "Timeout was reached", detail: detail))
    }

    @Test func aRequestWithoutALimitGetsThreeHundredSecondsAndItsTimeoutSaysSo() throws {
        let limit = RequestTimeLimit()
        let (limited, applied) = limit.applied(to: request)
        #expect(applied && limited.options.totalTimeout == 300)
        let explained = limit.explained(timeout("Operation timed out after 300000 milliseconds"), limited: true)
        #expect(
            ErrorChain(explained).line == "the request timed out (the limit is 300 s per request; --max-time SECONDS sets another, 0 none)")
    }

    @Test func aRequestsOwnLimitAndMaxTimeZeroAreKept() {
        var own = request
        own.options.totalTimeout = 7
        #expect(RequestTimeLimit().applied(to: own).request.options.totalTimeout == 7)
        #expect(!RequestTimeLimit().applied(to: own).limited)
        let none = RequestTimeLimit(maxTime: 0)
        #expect(none.applied(to: request).request.options.totalTimeout == nil)
        #expect(
            ErrorChain(RequestTimeLimit().explained(timeout("slow"), limited: false)).line == "the request timed out",
            "a limit of the request's own is not Ferry's to explain")
    }
}
