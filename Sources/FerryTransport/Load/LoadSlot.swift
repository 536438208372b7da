import FerryCore
import Foundation

/// One of a load's `-c` concurrent transfers: an easy handle per target it has sent (kept, so each
/// request reuses a configured handle and the multi handle's connections), the current request's
/// due time, and the head and body of a sampled response. Used on the runner's thread only.
final class LoadSlot {
    private var transfers: [Int: CurlTransfer] = [:]
    private(set) var current: CurlTransfer?
    private(set) var target = 0
    /// When the current request was due (open model) or sent (closed), in uptime nanoseconds.
    private(set) var due: UInt64 = 0
    private(set) var sampling = false
    private var heads = ResponseHeadCollector()
    private var body = Data()
    private let sampleBodyLimit: Int

    init(sampleBodyLimit: Int) { self.sampleBodyLimit = sampleBodyLimit }

    /// Points the slot at `target`'s handle (made by `make` the first time) for a request due at `due`.
    func begin(target: Int, due: UInt64, sampling: Bool, make: (LoadSlot) throws -> CurlTransfer) rethrows -> UnsafeMutableRawPointer {
        self.target = target
        if transfers[target] == nil { transfers[target] = try make(self) }
        let transfer = transfers[target]!
        current = transfer
        self.due = due
        self.sampling = sampling
        if sampling {
            heads = ResponseHeadCollector()
            body.removeAll(keepingCapacity: true)
        }
        return transfer.handle
    }

    func receiveBody(_ bytes: UnsafeRawBufferPointer) {
        guard sampling, body.count < sampleBodyLimit else { return }
        body.append(contentsOf: bytes.prefix(sampleBodyLimit - body.count))
    }

    func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        guard sampling else { return }
        heads.consume(line: String(decoding: bytes, as: UTF8.self), requestURL: "")
    }

    /// The sampled response, as the checks of a request file read it (no timeline: latencies are the load's).
    func sampledResponse(url: String) -> Response {
        Response(
            status: heads.status?.code ?? 0, reasonPhrase: heads.status?.reason ?? "", httpVersion: heads.status?.version ?? "HTTP/1.1",
            headers: heads.headers, body: ResponseBody(storage: .memory(body), count: Int64(body.count)), effectiveURL: url,
            remoteAddress: nil, redirects: heads.redirects, timeline: Timeline(start: Date()), sent: nil)
    }
}
