import Foundation

extension Redaction {
    /// `response` as it may be shown: secrets replaced in its headers, the request head as sent,
    /// the URLs of its redirects and the body when it is held in memory. A body spooled to disk
    /// (larger than the transport's memory threshold) is left as received.
    public func redact(_ response: Response) -> Response {
        guard !isEmpty else { return response }
        var shown = response
        shown.headers = redact(response.headers)
        shown.effectiveURL = redact(response.effectiveURL)
        shown.redirects = response.redirects.map { hop in
            var hop = hop
            hop.url = redact(hop.url)
            hop.location = redact(hop.location)
            return hop
        }
        shown.sent = response.sent.map {
            SentRequest(requestLine: redact($0.requestLine), headers: redact($0.headers), bodyBytes: $0.bodyBytes)
        }
        if case .memory(let data) = response.body.storage {
            let clean = redact(data)
            shown.body = ResponseBody(storage: .memory(clean), count: Int64(clean.count))
        }
        return shown
    }

    /// `chain` with secrets replaced in every message and detail.
    public func redact(_ chain: ErrorChain) -> ErrorChain {
        ErrorChain(
            links: chain.links.map { link in
                var link = link
                link.message = redact(link.message)
                link.details = link.details.map { ErrorLink.Detail($0.name, redact($0.value)) }
                return link
            })
    }

    private func redact(_ headers: HTTPHeaders) -> HTTPHeaders {
        HTTPHeaders(headers.map { HTTPHeader(name: $0.name, value: redact($0.value)) })
    }
}
