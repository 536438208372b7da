import FerryCore
import FerrySession
import Foundation

/// `ferry run`'s `output:` (Hurl's `[Options] output:`): each request's body written, as its result
/// comes, to standard output (`-`) or to the file its request file names (inside the collection,
/// `RequestDescription.resolved` saw to that). A body that cannot be written is told on stderr.
struct RunBodyOutput: Sendable {
    var stdout: OutputStream
    var stderr: OutputStream

    func write(_ result: RunResult) {
        guard let path = result.output, let body = result.response?.body else { return }
        do {
            if path == "-" {
                let data = try body.data()
                // On a terminal, control characters are shown, not obeyed.
                try stdout.writeAll(stdout.isTerminal ? Data(TerminalSafeText.escaping(String(decoding: data, as: UTF8.self)).utf8) : data)
            } else {
                try AtomicFile.write(try body.data(), to: path)
            }
        } catch {
            stderr.line("ferry: run: " + TerminalSafeText.escaping("\(result.item.path): the body was not written to \(path): \(error)"))
        }
    }
}
