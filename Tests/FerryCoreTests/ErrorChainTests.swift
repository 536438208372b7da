import FerryCore
import Foundation
import Testing

@Suite struct ErrorChainTests {
    @Test func walksFromTheOutermostErrorInward() {
        let inner = FerryError.localFile(reason: .unreadable(path: "/tmp/body.bin", error: POSIXError(.EACCES)))
        let outer = FerryError.transportFailed(
            reason: .init(kind: .aborted, code: 42, codeText: "Callback aborted", detail: "", underlying: inner))
        let chain = ErrorChain(outer)
        #expect(chain.links.map(\.stage) == ["transport", "file", "system"])
        #expect(chain.links.map(\.reason) == ["aborted", "unreadable", "posix"])
        #expect(chain.links[2].details == [.init("errno", "\(POSIXErrorCode.EACCES.rawValue)")])
        #expect(chain.rendered.split(separator: "\n").count == 3)
        #expect(chain.rendered.contains("↳ file: cannot read a local file (path: /tmp/body.bin)"))
    }

    @Test func transportLinksKeepCurlsWords() {
        let error = FerryError.transportFailed(
            reason: .init(
                kind: .contentLengthMismatch, code: 18, codeText: "Transferred a partial file",
                detail: "transfer closed with 2000 bytes remaining to read",
                bytesReceived: 2000, expectedLength: 4000))
        let link = ErrorChain(error).links[0]
        #expect(link.message == "the body was shorter than its Content-Length")
        #expect(link.details.contains(.init("curl", "18 Transferred a partial file")))
        #expect(link.details.contains(.init("expected", "4000 bytes")))
        #expect(link.details.contains(.init("received", "2000 bytes")))
    }

    @Test func cancellationIsItsOwnStage() {
        #expect(
            ErrorChain(FerryError.explicitlyCancelled).links == [
                ErrorLink(stage: "cancelled", reason: "explicitlyCancelled", message: "the request was cancelled")
            ])
    }
}
