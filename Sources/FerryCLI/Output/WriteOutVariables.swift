import FerryCore
import Foundation

/// The values of curl's common `-w` variables for one exchange, in curl's forms: times in seconds
/// with six decimals from the start of the transfer, `http_code` three digits (`000` when nothing
/// came back), sizes in bytes.
struct WriteOutVariables {
    private(set) var values: [String: String] = [:]
    private let headers: HTTPHeaders?

    /// Every variable this type knows, for the warning about others.
    static let names: Set<String> = [
        "http_code", "response_code", "http_version", "method", "url", "url_effective", "content_type", "scheme",
        "size_download", "size_upload", "size_header", "size_request", "num_redirects", "num_headers", "redirect_url",
        "time_namelookup", "time_connect", "time_appconnect", "time_pretransfer", "time_starttransfer", "time_redirect",
        "time_total", "speed_download", "speed_upload", "remote_ip", "remote_port", "exitcode", "errormsg",
        "filename_effective", "json", "header_json",
    ]

    init(url: String, request: Request?, response: Response?, error: FerryError?, exitCode: Int32, output: String?) {
        headers = response?.headers
        var values: [String: String] = [
            "url": url, "exitcode": String(exitCode), "errormsg": error.map { "\($0)" } ?? "",
            "filename_effective": output ?? "", "method": request?.method.rawValue ?? "",
            "url_effective": response?.effectiveURL ?? request?.url.absoluteString ?? url,
        ]
        let status = response?.status ?? 0
        values["http_code"] = String(format: "%03d", status)
        values["response_code"] = values["http_code"]
        if let response {
            values["http_version"] = response.httpVersion.hasPrefix("HTTP/") ? String(response.httpVersion.dropFirst(5)) : "0"
            values["content_type"] = response.headers["Content-Type"] ?? ""
            values["scheme"] = (URL(string: response.effectiveURL)?.scheme ?? "").uppercased()
            values["size_download"] = String(response.body.count)
            values["size_upload"] = String(response.sent?.bodyBytes ?? 0)
            values["size_header"] = String(
                Self.headBytes(line: "\(response.httpVersion) \(response.status) \(response.reasonPhrase)", headers: response.headers))
            values["size_request"] = String(response.sent.map { Self.headBytes(line: $0.requestLine, headers: $0.headers) } ?? 0)
            values["num_redirects"] = String(response.redirects.count)
            values["num_headers"] = String(response.headers.count)
            let followed = request?.options.followRedirects ?? true
            values["redirect_url"] = (300..<400).contains(status) && !followed ? response.headers["Location"] ?? "" : ""
            let (ip, port) = Self.split(address: response.remoteAddress)
            values["remote_ip"] = ip
            values["remote_port"] = port
            let timeline = response.timeline
            let queue = timeline[.queue]
            func end(of phase: Timeline.Phase) -> Int64 { timeline.offset(of: phase) + timeline[phase] - queue }
            let total = end(of: .receive)
            values["time_namelookup"] = Self.seconds(end(of: .dns))
            values["time_connect"] = Self.seconds(end(of: .connect))
            values["time_appconnect"] = Self.seconds(timeline[.tls] > 0 ? end(of: .tls) : 0)
            values["time_pretransfer"] = Self.seconds(end(of: .tls))
            values["time_starttransfer"] = Self.seconds(end(of: .wait))
            values["time_redirect"] = Self.seconds(timeline.redirect)
            values["time_total"] = Self.seconds(total)
            let elapsed = max(Double(total) / 1e6, 1e-6)
            values["speed_download"] = String(Int64(Double(response.body.count) / elapsed))
            values["speed_upload"] = String(Int64(Double(response.sent?.bodyBytes ?? 0) / elapsed))
        }
        for name in Self.names where values[name] == nil && name != "json" && name != "header_json" {
            values[name] = name.hasPrefix("time_") ? Self.seconds(0) : name.hasPrefix("size_") || name.hasPrefix("num_") ? "0" : ""
        }
        values["json"] = Self.json(values)
        values["header_json"] = Self.headerJSON(response?.headers)
        self.values = values
    }

    /// A header's values joined with ", ", or nil when the response has none of that name.
    func header(_ name: String) -> String? {
        let all = headers?.values(for: name) ?? []
        return all.isEmpty ? nil : all.joined(separator: ", ")
    }

    private static func seconds(_ microseconds: Int64) -> String {
        String(format: "%.6f", Double(max(0, microseconds)) / 1e6)
    }

    /// A head's size on the wire: its line and each `Name: value`, each ended by CRLF, then CRLF.
    private static func headBytes(line: String, headers: HTTPHeaders) -> Int {
        headers.reduce(line.utf8.count + 4) { $0 + $1.name.utf8.count + 2 + $1.value.utf8.count + 2 }
    }

    /// `1.2.3.4:80` or `[::1]:80` as the address and the port.
    private static func split(address: String?) -> (String, String) {
        guard let address, let colon = address.lastIndex(of: ":") else { return (address ?? "", "") }
        let host = address[..<colon].trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return (host, String(address[address.index(after: colon)...]))
    }

    private static func json(_ values: [String: String]) -> String {
        let object = values.reduce(into: [String: Any]()) { object, entry in
            let number: Any? = entry.key.hasPrefix("time_") ? Double(entry.value) : Int64(entry.value)
            object[entry.key] = number ?? entry.value
        }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return "{}"
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func headerJSON(_ headers: HTTPHeaders?) -> String {
        var object: [String: [String]] = [:]
        for field in headers ?? HTTPHeaders() { object[field.name.lowercased(), default: []].append(field.value) }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return "{}"
        }
        return String(decoding: data, as: UTF8.self)
    }
}
