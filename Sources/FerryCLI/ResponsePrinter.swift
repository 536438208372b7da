import FerryCore
import Foundation

/// Human output of `ferry send`: the head with `-i`, the body, the timeline and errors.
/// Nothing from the server reaches a terminal raw: on a tty, control characters are escaped and
/// binary bodies are described instead of printed. Pipes get the exact bytes.
struct ResponsePrinter {
    var stdout = OutputStream.standardOutput
    var stderr = OutputStream.standardError

    func printHead(of response: Response) {
        var lines = ["\(response.httpVersion) \(response.status) \(response.reasonPhrase)".trimmingCharacters(in: .whitespaces)]
        lines += response.headers.map { "\($0.name): \($0.value)" }
        let text = lines.joined(separator: "\n") + "\n\n"
        stdout.write(stdout.isTerminal ? TerminalSafeText.escaping(text) : text)
    }

    func printBody(of response: Response) throws {
        if case .saved = response.body.storage { return }
        guard stdout.isTerminal else { return try copyBody(response.body) }
        let prefix = Array(try response.body.prefix(64 << 10))
        guard TerminalSafeText.looksLikeText(prefix, isPrefix: response.body.count > Int64(prefix.count)) else {
            let type = response.headers["Content-Type"] ?? "no Content-Type"
            stderr.line("ferry: not showing a binary body of \(response.body.count) bytes (\(type)) on a terminal; use -o FILE or a pipe")
            return
        }
        let text = String(decoding: try response.body.data(), as: UTF8.self)
        stdout.write(TerminalSafeText.escaping(text))
        if !text.hasSuffix("\n") { stdout.write("\n") }
    }

    func printTimeline(of response: Response) {
        var lines = ["Timeline (\(response.httpVersion) \(response.status), \(response.body.count) bytes, \(response.remoteAddress ?? "?")):"]
        for hop in response.redirects { lines.append("  ↪ \(hop.status) \(hop.url) → \(hop.location)") }
        lines += TimelineWaterfall.render(response.timeline)
        stderr.line(TerminalSafeText.escaping(lines.joined(separator: "\n")))
    }

    func printError(_ error: FerryError) {
        stderr.line("ferry: " + TerminalSafeText.escaping(ErrorChain(error).rendered))
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
