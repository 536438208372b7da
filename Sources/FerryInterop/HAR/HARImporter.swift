import FerryCore
import Foundation

/// HAR 1.1/1.2 captures (browsers' "Save all as HAR", `ferry history export`): each entry a request
/// file named so files sort in the capture's order (`001-get-example-com-api`), its response kept as
/// an example. Headers are those the browser sent, so Ferry's default headers are switched off;
/// the ones the transport sets itself (HTTP/2 pseudo-headers, `Host`, `Content-Length`) are left out.
public struct HARImporter: Importer {
    public init() {}

    /// Headers the transport writes itself, left out of imported requests.
    static let transportHeaders: Set<String> = ["host", "content-length", "connection", "transfer-encoding"]

    public func importCollection(_ text: String, source: String, directory: String) throws(ImportProblem) -> ImportedCollection {
        let root = try JSONNode.parse(text, source: source)
        guard let log = try root.object("log") else {
            throw ImportProblem(source: source, place: "/log", "not a HAR file: `log` is missing")
        }
        if let version = try log.string("version"), !["1.1", "1.2"].contains(version) {
            throw log["version"]!.problem("unknown HAR version \(version): Ferry reads HAR 1.1 and 1.2")
        }
        guard let entries = try log.array("entries") else {
            throw ImportProblem(source: source, place: "/log/entries", "the log has no `entries` list")
        }
        var collection = ImportedCollection()
        let width = max(3, String(entries.count).count)
        for (index, entry) in entries.enumerated() {
            guard let request = try entry.object("request") else {
                throw ImportProblem(source: source, place: entry.pointer + "/request", "the entry has no request")
            }
            guard let url = request["url"]?.value as? String else {
                throw ImportProblem(source: source, place: request.pointer + "/url", "the request has no URL (a string)")
            }
            guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
                collection.report.dropped(entry.path, "\(url.prefix(40)) is not an HTTP URL")
                continue
            }
            var description = RequestDescription(method: HTTPMethod(try request.string("method") ?? "GET"), url: url)
            description.options.defaultHeaders = false
            try applyHeaders(request, to: &description, report: &collection.report)
            try applyBody(request, to: &description, report: &collection.report)
            if let response = try entry.object("response") { try applyExample(response, to: &description, report: &collection.report) }
            collection.report.imported(entry.path, "\(description.method.rawValue) \(url)")
            // The entry's position, so names sort in the capture's order and match `log.entries[N]` places.
            let number = String(repeating: "0", count: max(0, width - String(index + 1).count)) + String(index + 1)
            let target = URL(string: url).map { ($0.host ?? "") + $0.path } ?? url
            collection.add(description, title: "\(number) \(description.method.rawValue) \(target)", folder: "", source: entry.path)
        }
        return collection
    }

    private func applyHeaders(
        _ request: JSONNode, to description: inout RequestDescription, report: inout ImportReport
    ) throws(ImportProblem) {
        var left: [String] = []
        for header in try request.array("headers") ?? [] {
            guard let name = try header.string("name") else { throw header.problem("a header without a `name`") }
            if name.hasPrefix(":") || Self.transportHeaders.contains(name.lowercased()) {
                left.append(name)
            } else {
                description.headers.append(.init(name: name, value: try header.string("value") ?? ""))
            }
        }
        if !left.isEmpty { report.dropped("\(request.path).headers", "\(left.joined(separator: ", ")): the transport sets these itself") }
        let cookies = try request.array("cookies") ?? []
        if !cookies.isEmpty, !description.headers.contains(where: { $0.name.caseInsensitiveCompare("Cookie") == .orderedSame }) {
            let pairs = try cookies.map { cookie throws(ImportProblem) in
                "\(try cookie.string("name") ?? "")=\(try cookie.string("value") ?? "")"
            }
            description.headers.append(.init(name: "Cookie", value: pairs.joined(separator: "; ")))
        }
    }

    /// `postData.text` as written (its Content-Type is among the headers); without text, `params`
    /// as a form or multipart body.
    private func applyBody(_ request: JSONNode, to description: inout RequestDescription, report: inout ImportReport) throws(ImportProblem)
    {
        guard let postData = try request.object("postData") else { return }
        let mimeType = try postData.string("mimeType") ?? ""
        let hasType = description.headers.contains { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }
        if let text = try postData.string("text"), !text.isEmpty {
            description.body = .raw(text, contentType: hasType || mimeType.isEmpty ? nil : mimeType)
            return
        }
        let params = try postData.array("params") ?? []
        guard !params.isEmpty else { return }
        if mimeType.lowercased().hasPrefix("multipart/") {
            // Its boundary belongs to the old body.
            description.headers.removeAll { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }
            description.body = .multipart(
                try params.map { param throws(ImportProblem) in
                    let name = try param.string("name") ?? ""
                    if let fileName = try param.string("fileName") {
                        report.approximated(param.path, ImportReport.readingNote("the file part \(name)", fileName))
                        return .init(name: name, value: .file(path: fileName), contentType: try param.string("contentType"))
                    }
                    return .init(name: name, value: .text(try param.string("value") ?? ""))
                })
        } else {
            description.body = .form(
                Parameters.flat(
                    try params.map { param throws(ImportProblem) in
                        (
                            (try param.string("name") ?? "").removingPercentEncoding ?? "",
                            (try param.string("value") ?? "").removingPercentEncoding ?? ""
                        )
                    }))
        }
    }

    /// The response as an example: status, headers, and the body when it is text (base64 decoded).
    private func applyExample(
        _ response: JSONNode, to description: inout RequestDescription, report: inout ImportReport
    ) throws(ImportProblem) {
        let status = Int(try response.string("status") ?? "0") ?? 0
        guard status > 0 else {
            report.dropped(response.path, "no response was received (status 0)")
            return
        }
        let headers = try (response.array("headers") ?? []).map { header throws(ImportProblem) in
            HTTPHeader(name: try header.string("name") ?? "", value: try header.string("value") ?? "")
        }
        var body: String?
        if let content = try response.object("content"), let text = try content.string("text") {
            if try content.string("encoding") == "base64" {
                if let data = Data(base64Encoded: text), let decoded = String(data: data, encoding: .utf8),
                    TerminalSafeText.looksLikeText(Array(data), isPrefix: false)
                {
                    body = decoded
                } else {
                    report.dropped(
                        "\(content.path).text",
                        "a binary response body (\(try content.string("mimeType") ?? "no type")) is not kept in the example")
                }
            } else {
                body = text
            }
        }
        let reason = try response.string("statusText") ?? ""
        description.examples.append(
            .init(name: reason.isEmpty ? "\(status)" : "\(status) \(reason)", status: status, headers: headers, body: body))
    }
}
