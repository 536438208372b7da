import FerryCore
import FerryMock
import FerryStore
import FerryTransport
import Foundation

/// `ferry mock --record UPSTREAM` (and the TUI's Mock view): a request no route answers is sent on
/// to the upstream server (libcurl, as `ferry send` sends), its answer recorded in the history
/// (and with `--into-examples` in the request file it fits, told to `report`) and sent back.
public final class MockRecorder: Sendable {
    private let upstream: String
    private let transport = CurlTransport(hashesBodies: true)
    private let history: HistoryWriter
    private let examples: ExampleRecorder?
    private let report: @Sendable (String) -> Void

    /// Headers of the client's that are the connection's, or that curl must write itself.
    private static let dropped: Set<String> = [
        "host", "content-length", "connection", "keep-alive", "transfer-encoding", "accept-encoding",
    ]

    /// `upstream` is a base URL (`https://api.example.com/v1`), the request's target appended to it.
    init(
        upstream: String, locations: StoreLocations, examples: ExampleRecorder? = nil,
        report: @escaping @Sendable (String) -> Void = { _ in }
    ) throws {
        let url = try Request.parseURL(upstream)
        self.upstream = url.absoluteString.hasSuffix("/") ? String(url.absoluteString.dropLast()) : url.absoluteString
        history = HistoryWriter(locations: locations)
        self.examples = examples
        self.report = report
    }

    public func forward(_ request: MockRequest) async -> MockReply {
        let started = Date()
        var headers = HTTPHeaders(
            request.headers.filter { !Self.dropped.contains($0.name.lowercased()) }.map { HTTPHeader(name: $0.name, value: $0.value) })
        for name in ["Accept", "User-Agent"] where request.header(name) == nil { headers.add(name: name, value: "") }
        var options = RequestOptions()
        options.followRedirects = false
        guard let url = URL(string: upstream + request.target) else {
            return MockProblem(status: 400, title: "Bad target", detail: "\(request.target) does not make a URL with \(upstream)").reply
        }
        let outgoing = Request(
            method: HTTPMethod(request.method), url: url, headers: headers, body: request.body.isEmpty ? .none : .bytes(Data(request.body)),
            options: options)
        do {
            let response = try await transport.send(
                outgoing, receivingInto: .automatic(spoolThreshold: 64 << 20), progress: nil, observer: nil)
            history.append(
                FinishedExchange(
                    request: outgoing, response: response, error: nil, started: started, origin: .adHoc, redaction: Redaction()))
            let reply = MockReply(
                status: response.status, headers: response.headers.fields.map { ($0.name, $0.value) }, body: Array(try response.body.data())
            )
            if let examples { report(Self.line(examples.record(request, reply: reply), for: request)) }
            return reply
        } catch {
            let failure = error as? FerryError ?? .invalidRequest(reason: .invalidArgument(name: "upstream", problem: "\(error)"))
            history.append(
                FinishedExchange(request: outgoing, response: nil, error: failure, started: started, origin: .adHoc, redaction: Redaction())
            )
            return MockProblem(status: 502, title: "Upstream failed", detail: "\(url.absoluteString): \(failure.localizedDescription)")
                .reply
        }
    }

    /// The line for an answer saved as an example, or not saved.
    private static func line(_ outcome: ExampleRecorder.Outcome, for request: MockRequest) -> String {
        switch outcome {
        case .saved(let path, let name): "saved the answer to \(request.method) \(request.path) as example \"\(name)\" of \(path)"
        case .alreadySaved(let path, let name): "\(path) already has the answer to \(request.method) \(request.path) (\"\(name)\")"
        case .noRequestFile: "warning: no request file fits \(request.method) \(request.path); its answer is in the history only"
        case .failed(let why): "warning: the answer to \(request.method) \(request.path) was not saved: \(why)"
        }
    }

    /// Writes what is still queued for the history; a warning when it could not be.
    public func finish() -> String? { history.finish()?.message }
}
