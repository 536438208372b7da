import FerryCore
import Foundation

/// The OAuth 2.0 tokens of one collection and environment, cached between runs: a JSON file
/// (mode 0600, folder 0700) of tokens by `OAuth2Settings.cacheKey`. It holds secrets, so it lives in
/// the data folder, never in the collection.
public struct OAuth2TokenFile: Sendable {
    /// Where the file is, worked out when a token is read or stored: a collection's is named by a
    /// SHA-256 of its path, and libcrypto's first digest was 14% of a one-request run's instructions,
    /// for a file most runs never open.
    private let locate: @Sendable () -> String

    public var path: String { locate() }

    public init(path: String) { locate = { path } }

    public init(locating: @escaping @Sendable () -> String) { locate = locating }

    private struct Contents: Codable {
        var tokens: [String: OAuth2Token] = [:]
    }

    /// The token cached for `key`, or nil. A missing or unreadable file holds none (it is only a
    /// cache: the token is fetched again and the file replaced).
    public func token(for key: String) -> OAuth2Token? {
        read().tokens[key]
    }

    /// Caches `token` for `key` (nil removes it), keeping the file's other tokens.
    public func store(_ token: OAuth2Token?, for key: String) throws {
        var contents = read()
        contents.tokens[key] = token
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        try AtomicFile.writePrivate(try encoder.encode(contents), to: path)
    }

    private func read() -> Contents {
        guard let data = FileManager.default.contents(atPath: path) else { return Contents() }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return (try? decoder.decode(Contents.self, from: data)) ?? Contents()
    }
}
