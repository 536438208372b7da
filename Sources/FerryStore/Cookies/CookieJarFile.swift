import FerryCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A cookie jar on disk in the Netscape format (`curl -b FILE` reads it, `curl -c FILE` writes
/// it): read with located errors, written atomically with mode 0600, its folder made 0700.
public enum CookieJarFile {
    /// Reads the jar at `path`; a missing file is an empty jar. A malformed line is a problem
    /// naming the file, line and column.
    public static func read(_ path: String) throws(ConfigProblem) -> CookieJar {
        guard FileManager.default.fileExists(atPath: path) else { return CookieJar() }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigProblem(file: path, line: nil, key: nil, message: "cannot be read as UTF-8 text (\(error.localizedDescription))")
        }
        do {
            return try CookieJar(netscape: text)
        } catch {
            throw ConfigProblem(file: path, line: error.line, column: error.column, key: nil, message: error.message)
        }
    }

    /// Replaces the jar at `path` (temporary file and rename, mode 0600), creating missing folders
    /// with mode 0700.
    public static func write(_ jar: CookieJar, to path: String) throws {
        try AtomicFile.writePrivate(Data(jar.netscapeText.utf8), to: path)
    }
}
