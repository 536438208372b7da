import FerryCore
import Foundation

/// One request of a load as the load's own client writes it: the head and body built once, when the
/// load starts, and written as they are for every repetition. A request's variables are resolved
/// before the load (`ferry load` resolves each target once, for either engine), so the bytes do not
/// change between repetitions. The head holds what libcurl would send for the same request: the
/// request line, `Host`, `Accept: */*`, Ferry's default headers, the user's headers in order (an
/// empty value leaves out a generated one), the cookie header, and the body's `Content-Length`.
struct LoadRequestBytes {
    let bytes: [UInt8]
    /// A HEAD request: its response has no body whatever its head says.
    let isHead: Bool

    init(request: Request, body: Data?) {
        isHead = request.method == .head
        let url = request.url
        var headers = DefaultHeaders.applied(to: request.headers, all: request.options.defaultHeaders != false)
        if !headers.contains("Cookie"), let cookie = request.cookies?.field(for: url) { headers.add(name: "Cookie", value: cookie) }
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let path = components?.percentEncodedPath ?? ""
        let target = (path.isEmpty ? "/" : path) + (components?.percentEncodedQuery.map { "?\($0)" } ?? "")
        var host = components?.percentEncodedHost ?? url.host ?? ""
        if host.contains(":"), !host.hasPrefix("[") { host = "[\(host)]" }
        var head = "\(request.method.rawValue) \(target) HTTP/1.1\r\n"
        if !headers.contains("Host") { head += "Host: " + (url.port.map { "\(host):\($0)" } ?? host) + "\r\n" }
        if !headers.contains("Accept") { head += "Accept: */*\r\n" }
        let framing: Set<String> = ["content-length", "expect", "connection"]
        for field in headers where !framing.contains(field.name.lowercased()) {
            if field.value.isEmpty {
                if !HTTPHeaders.generated.contains(field.name.lowercased()) { head += "\(field.name):\r\n" }
            } else {
                head += "\(field.name): \(field.value)\r\n"
            }
        }
        if let connection = headers["Connection"], !connection.isEmpty { head += "Connection: \(connection)\r\n" }
        if let body {
            head += "Content-Length: \(body.count)\r\n"
        } else if request.method == .post, request.options.defaultHeaders != false {
            head += "Content-Length: 0\r\n"
        }
        head += "\r\n"
        bytes = Array(head.utf8) + (body.map(Array.init) ?? [])
    }
}
