import FerryCore
import Foundation

/// Writes HAR 1.2: the log's frame around entries (shared with `ferry history export`), and entries
/// for requests that were built but not sent (`ferry export har`): status 0 and `_error` saying so.
public struct HARExporter {
    public struct Creator: Encodable, Sendable {
        public var name: String
        public var version: String

        public init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }

    /// Keep secret values instead of writing `{{name}}` in their place.
    public var reveal = false
    /// What could not be written (a body file's bytes, a body that is not text), per request.
    public private(set) var report = ImportReport()

    public init(reveal: Bool = false) { self.reveal = reveal }

    /// The text before the first entry and after the last.
    public static func frame(creator: Creator) throws -> (opening: Data, closing: Data) {
        (Data(#"{"log": {"version": "1.2", "creator": "#.utf8) + (try encode(creator)) + Data(#", "entries": ["#.utf8), Data("]}}".utf8))
    }

    /// A whole log.
    public static func document(_ entries: [HAREntry], creator: Creator) throws -> Data {
        let (opening, closing) = try frame(creator: creator)
        var data = opening
        for (index, entry) in entries.enumerated() {
            data += Data((index == 0 ? "\n" : ",\n").utf8) + (try encode(entry))
        }
        return data + Data("\n".utf8) + closing + Data("\n".utf8)
    }

    /// Pretty JSON with stable key order, as Ferry writes every report.
    public static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// The entry for `description` as it would be sent (variables filled in by `resolver`, the
    /// folder's defaults applied), with no response. Secrets are written as `{{name}}` unless `reveal`.
    public mutating func entry(
        for description: RequestDescription, place: String, resolver: VariableResolver, defaults: FolderDefaults,
        directory: String, startedDateTime: String
    ) throws -> HAREntry {
        // Body files are named in the report, never copied into the HAR.
        let resolved = try description.resolved(with: resolver, defaults: defaults, access: .unbounded(directory: directory))
        let request = resolved.request.authenticated()
        let hide: (String) -> String = { [reveal] text in reveal ? text : resolved.redaction.redact(text) }
        let cookies = request.ownCookies.map { [HAREntry.Pair(name: "Cookie", value: hide($0))] } ?? []
        let headers = request.headers.map { HAREntry.Pair(name: $0.name, value: hide($0.value)) } + cookies
        let mimeType = request.headers["Content-Type"] ?? ""
        var postData: HAREntry.PostData?
        var size: Int64 = 0
        switch request.body {
        case .none:
            break
        case .bytes(let data):
            size = Int64(data.count)
            if let text = String(data: data, encoding: .utf8) {
                postData = .init(mimeType: mimeType, text: hide(text))
            } else {
                report.dropped(place, "the body (\(data.count) bytes) is not text; HAR cannot hold it")
            }
        case .file(let path):
            report.dropped(place, "the body file \(path) is not copied into the HAR")
        case .stream:
            guard case .multipart(let parts) = description.body else { break }
            postData = .init(
                mimeType: mimeType,
                params: try parts.map { part in
                    switch part.value {
                    case .text(let text):
                        HAREntry.PostData.Param(name: part.name, value: hide(try resolver.render(text, place: "part \(part.name)")))
                    case .file(let path):
                        HAREntry.PostData.Param(
                            name: part.name, fileName: try resolver.render(path, place: "part \(part.name)"), contentType: part.contentType)
                    }
                })
            report.approximated(place, "multipart parts are listed by name; file contents are not copied into the HAR")
        }
        let harRequest = HAREntry.Request(
            method: request.method.rawValue, url: hide(request.url.absoluteString), httpVersion: "HTTP/1.1",
            headers: headers, postData: postData, bodySize: size)
        report.imported(place, "\(harRequest.method) \(harRequest.url)")
        let failure = HAREntry.Failure(
            message: "not sent: exported from a request file",
            chain: [ErrorLink(stage: "request", reason: "notSent", message: "not sent: exported from a request file")])
        return HAREntry(startedDateTime: startedDateTime, time: 0, request: harRequest, response: .none, error: failure)
    }
}
