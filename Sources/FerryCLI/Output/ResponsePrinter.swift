import FerryCore
import Foundation

/// Human output of `ferry send`: the head with `-i`, the body, the timeline and errors.
/// Nothing from the server reaches a terminal raw: on a tty, control characters are escaped and
/// binary bodies are described instead of printed. Pipes get the exact bytes.
struct ResponsePrinter {
    var stdout = OutputStream.standardOutput
    var stderr = OutputStream.standardError
    /// Hides secret variable values in what is printed about the request and its errors.
    var redaction = Redaction()

    func printHead(of response: Response) {
        printHead(statusLine: "\(response.httpVersion) \(response.status) \(response.reasonPhrase)", headers: response.headers)
    }

    /// A status line and headers, then an empty line (a stream's head is printed before its events).
    func printHead(statusLine: String, headers: HTTPHeaders) {
        var lines = [statusLine.trimmingCharacters(in: .whitespaces)]
        lines += headers.map { "\($0.name): \($0.value)" }
        let text = lines.joined(separator: "\n") + "\n\n"
        stdout.write(stdout.isTerminal ? TerminalSafeText.escaping(text) : text)
    }

    func printBody(of response: Response) throws {
        if response.body.outputPath != nil { return }
        try printBody(response.body, contentType: response.headers["Content-Type"])
    }

    /// The bytes as they are to a pipe; on a terminal, text escaped and binary described.
    func printBody(_ body: ResponseBody, contentType: String?) throws {
        guard stdout.isTerminal else { return try copyBody(body) }
        let prefix = Array(try body.prefix(64 << 10))
        guard TerminalSafeText.looksLikeText(prefix, isPrefix: body.count > Int64(prefix.count)) else {
            stderr.line(
                "ferry: not showing a binary body of \(body.count) bytes (\(contentType ?? "no Content-Type")) on a terminal; use -o FILE, a pipe or --hex"
            )
            return
        }
        printText(String(decoding: try body.data(), as: UTF8.self))
    }

    /// Text to stdout, escaped on a terminal, ending in a newline there.
    func printText(_ text: String) {
        guard stdout.isTerminal else { return stdout.write(text) }
        stdout.write(TerminalSafeText.escaping(text))
        if !text.isEmpty, !text.hasSuffix("\n") { stdout.write("\n") }
    }

    /// What `--dry-run` would send: the method and URL, the headers Ferry composes (the transport
    /// adds its defaults and the Host), the cookies given (`-b`, `cookies:`; the jar's are added
    /// when sent), the body's size, and every local file the request reads.
    func printPlanned(_ request: Request, files: [String]) {
        var text = "\(request.method.rawValue) \(request.url.absoluteString)\n"
        for field in DefaultHeaders.applied(to: request.authenticated().headers, all: request.options.defaultHeaders != false)
        where !field.value.isEmpty { text += "\(field.name): \(field.value)\n" }
        let cookies = [request.cookies?.header, request.ownCookies].compactMap { $0 }
        if !cookies.isEmpty { text += "Cookie: \(cookies.joined(separator: "; "))\n" }
        let length = (try? request.body.makeSource())??.length
        text = redaction.redact(text) + "\n(\(length.map { "\($0) bytes of body" } ?? "no body"); nothing was sent)\n"
        text += files.map { "(reads the local file \($0))\n" }.joined()
        stdout.write(stdout.isTerminal ? TerminalSafeText.escaping(text) : text)
    }

    func printTimeline(of response: Response) {
        var lines = [
            "Timeline (\(response.httpVersion) \(response.status), \(response.body.count) bytes, \(response.remoteAddress ?? "?")):"
        ]
        for hop in response.redirects { lines.append("  ↪ " + hop.summary) }
        lines += TimelineWaterfall.render(response.timeline)
        stderr.line(TerminalSafeText.escaping(lines.joined(separator: "\n")))
    }

    func printError(_ error: FerryError) {
        stderr.line("ferry: " + TerminalSafeText.escaping(redaction.redact(ErrorChain(error).rendered)))
    }

    /// The request file's assertion results and capture problems, one line each on stderr.
    func printChecks(_ checks: CheckReport) {
        let lines = checks.results.map(\.line) + checks.captureProblems.map { "✗ " + $0 }
        for line in lines { stderr.line(TerminalSafeText.escaping(redaction.redact(line))) }
    }

    /// Streams the body to stdout without holding a spooled file in memory.
    private func copyBody(_ body: ResponseBody) throws {
        guard let path = body.filePath else { return stdout.write(try body.data()) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FerryError.localFile(reason: .unreadable(path: path, error: POSIXError(.ENOENT)))
        }
        defer { try? handle.close() }
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { stdout.write(chunk) }
    }
}
