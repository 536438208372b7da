import FerryCore
import Foundation

/// What curl's `-v` and `-w` print, for `ferry send`'s flags of the same names.
extension ResponsePrinter {
    /// The request head as sent (`> ` lines) and the response head (`< ` lines) on stderr, as curl's
    /// `-v` shows them, with each redirect followed named (`* `) before them. Secrets are redacted.
    func printVerboseHeads(of response: Response) {
        var lines = response.redirects.map { "* \($0.status) from \($0.url): following \($0.location)" }
        if let sent = response.sent {
            lines += ["> " + sent.requestLine] + sent.headers.map { "> \($0.name): \($0.value)" } + [">"]
        }
        lines += ["< \(response.httpVersion) \(response.status) \(response.reasonPhrase)".trimmingCharacters(in: .whitespaces)]
        lines += response.headers.map { "< \($0.name): \($0.value)" } + ["<"]
        let text = lines.joined(separator: "\n") + "\n"
        let redacted = redaction.isEmpty ? text : redaction.redact(text)
        stderr.write(stderr.isTerminal ? TerminalSafeText.escaping(redacted) : redacted)
    }

    /// `-w`'s text, each part to the stream `%{stdout}`/`%{stderr}` chose; unknown variables named
    /// in a warning first, as curl does.
    func printWriteOut(_ format: WriteOutFormat, variables: WriteOutVariables) {
        for name in format.unknownVariables(known: WriteOutVariables.names) {
            stderr.line("ferry: -w: unknown variable %{\(TerminalSafeText.escaping(name))}")
        }
        for (stream, text) in format.rendered(value: { variables.values[$0] }, header: variables.header) {
            let output = stream == .standardOutput ? stdout : stderr
            output.write(output.isTerminal ? TerminalSafeText.escaping(text) : text)
        }
    }
}
