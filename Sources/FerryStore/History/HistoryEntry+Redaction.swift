import FerryCore
import Foundation

extension HistoryEntry {
    /// Replaces `redaction`'s secrets in every text the entry stores (its URLs, heads and bodies as
    /// stored, redirects, error and checks); true when one was found, and the entry is then marked
    /// `redacted` and its size counted again. Used for a new entry's secrets and for those a run
    /// met after the row was written (`HistoryStore.redact`).
    @discardableResult
    mutating func redact(with redaction: Redaction) -> Bool {
        guard !redaction.isEmpty else { return false }
        var found = false
        func clean(_ text: String) -> String {
            let result = redaction.redact(text)
            found = found || result != text
            return result
        }
        func clean(_ headers: [HTTPHeader]) -> [HTTPHeader] {
            headers.map { HTTPHeader(name: $0.name, value: clean($0.value)) }
        }
        func clean(_ data: Data) -> Data {
            let result = redaction.redact(data)
            found = found || result != data
            return result
        }
        url = clean(url)
        requestHeaders = clean(requestHeaders)
        requestBody = requestBody.map(clean)
        requestLine = requestLine.map(clean)
        sentHeaders = sentHeaders.map(clean)
        responseHeaders = clean(responseHeaders)
        responseTrailers = responseTrailers.map(clean)
        responseBody = responseBody.map(clean)
        effectiveURL = effectiveURL.map(clean)
        if var cleaned = timeline {
            for index in cleaned.hops.indices { cleaned.hops[index].url = clean(cleaned.hops[index].url) }
            timeline = cleaned
        }
        redirects = redirects.map { hop in
            RedirectHop(url: clean(hop.url), status: hop.status, location: clean(hop.location), setCookies: hop.setCookies?.map(clean))
        }
        if let links = errorChain {
            let chain = ErrorChain(links: links)
            let shown = redaction.redact(chain)
            found = found || shown != chain
            errorChain = shown.links
        }
        checks = checks?.map { RecordedCheck(check: clean($0.check), passed: $0.passed, problem: $0.problem.map(clean)) }
        guard found else { return false }
        redacted = true
        storedBytes = measuredBytes
        return true
    }

    /// Bytes the entry takes, roughly (its URL, heads and bodies), for the size limit of retention.
    var measuredBytes: Int64 {
        let heads = (requestHeaders + (sentHeaders ?? []) + responseHeaders + (responseTrailers ?? [])).reduce(0) {
            $0 + $1.name.utf8.count + $1.value.utf8.count + 4
        }
        return Int64(url.utf8.count + heads + (requestBody?.count ?? 0) + (responseBody?.count ?? 0) + 512)
    }
}
