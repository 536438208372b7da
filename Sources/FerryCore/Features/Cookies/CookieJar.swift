import Foundation

/// The cookies of one jar (a collection and environment, or ad-hoc requests), in the Netscape
/// cookie-file format that `curl -b/-c` reads and writes.
public struct CookieJar: Sendable, Hashable {
    public var cookies: [Cookie]

    public init(cookies: [Cookie] = []) { self.cookies = cookies }

    /// The header curl writes at the top of a jar; Ferry writes the same so the file is recognised.
    public static let fileHeader =
        "# Netscape HTTP Cookie File\n# https://curl.se/docs/http-cookies.html\n# This file was written by Ferry.\n\n"

    /// Reads a jar's text; a malformed line throws its 1-based line number and what is wrong.
    public init(netscape text: String) throws(CookieJarProblem) {
        var cookies: [Cookie] = []
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            do {
                if let cookie = try Cookie(netscapeLine: String(line)) { cookies.append(cookie) }
            } catch {
                var problem = error
                problem.line = index + 1
                throw problem
            }
        }
        self.cookies = cookies
    }

    /// The file's text: the header and one line per cookie.
    public var netscapeText: String {
        Self.fileHeader + cookies.map { $0.netscapeLine + "\n" }.joined()
    }
}
