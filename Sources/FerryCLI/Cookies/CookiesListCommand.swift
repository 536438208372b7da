import ArgumentParser
import FerryCore
import FerryStore
import Foundation

/// `ferry cookies list`: a jar's cookies, one a line, or as JSON.
struct CookiesListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the cookies of a jar.")

    @OptionGroup var choice: CookieJarChoice

    @Flag(name: .long, help: "Print one JSON document instead.")
    var json = false

    /// One cookie as `--json` prints it.
    struct Entry: Encodable {
        var domain: String
        var includesSubdomains: Bool
        var path: String
        var name: String
        var value: String
        var secure: Bool
        var httpOnly: Bool
        /// ISO 8601; nil for a session cookie.
        var expires: String?
    }

    /// What `--json` prints.
    struct Listing: Encodable {
        var jar: String
        var cookies: [Entry]
    }

    func run() throws {
        let path = choice.path
        let jar: CookieJar
        do {
            jar = try CookieJarFile.read(path)
        } catch {
            OutputStream.standardError.line("ferry: " + error.description)
            throw ExitStatus.usage.exitCode
        }
        let out = OutputStream.standardOutput
        if json {
            let entries = jar.cookies.map { cookie in
                Entry(
                    domain: cookie.domain, includesSubdomains: cookie.includesSubdomains, path: cookie.path, name: cookie.name,
                    value: cookie.value,
                    secure: cookie.secure, httpOnly: cookie.httpOnly,
                    expires: cookie.expires.map { ISO8601DateFormatter().string(from: $0) })
            }
            out.write(try ExchangeReport.encode(Listing(jar: path, cookies: entries)))
            out.write("\n")
            return
        }
        var text = "\(path): \(jar.cookies.count) cookie\(jar.cookies.count == 1 ? "" : "s")\n"
        for cookie in jar.cookies { text += cookie.summary + "\n" }
        out.write(out.isTerminal ? TerminalSafeText.escaping(text) : text)
    }
}
