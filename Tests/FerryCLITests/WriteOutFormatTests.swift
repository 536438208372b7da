import Testing

@testable import FerryCLI

/// curl's `-w` format and `--retry` schedule, as pure logic.
@Suite struct WriteOutFormatTests {
    @Test func readsVariablesHeadersEscapesAndStreamSwitches() {
        let format = WriteOutFormat(#"a %{http_code}\t%header{X-Id} 100%% %{stderr}%{method}\n%{stdout}\q %"#)
        let parts = format.rendered(value: { ["http_code": "200", "method": "GET"][$0] }, header: { $0 == "X-Id" ? "7" : nil })
        let (output, error) = (WriteOutFormat.Stream.standardOutput, WriteOutFormat.Stream.standardError)
        #expect(parts.map(\.0) == [output, output, output, output, output, error, error, output])
        #expect(parts.map(\.1) == ["a ", "200", "\t", "7", " 100% ", "GET", "\n", #"\q %"#])
        #expect(format.unknownVariables(known: ["http_code"]) == ["method"])
    }

    @Test func retriesTransientFailuresWithCurlsBackoff() {
        let retry = TransientRetry(retries: 3, delay: nil, maxTime: 5)
        #expect(retry.wait(beforeRetry: 1, retryAfter: nil, elapsed: 0) == 1)
        #expect(retry.wait(beforeRetry: 3, retryAfter: nil, elapsed: 0) == 4)
        #expect(retry.wait(beforeRetry: 3, retryAfter: nil, elapsed: 2) == nil, "past --retry-max-time")
        #expect(retry.wait(beforeRetry: 2, retryAfter: " 3", elapsed: 0) == 3, "Retry-After")
        #expect(retry.wait(beforeRetry: 4, retryAfter: nil, elapsed: 0) == nil, "none left")
        #expect(TransientRetry(retries: 1, delay: 0.25).wait(beforeRetry: 1, retryAfter: "9", elapsed: 0) == 0.25)
    }
}
