import FerryCore
import Foundation

/// The values of chained variables that have a `ttl`, kept between runs of Ferry so a login is sent
/// once per ttl, not once per command: a JSON file per collection and environment
/// (`StoreLocations.chainValuesPath`), mode 0600 in 0700 folders since values may be secret. A
/// value is keyed by the variable's name with the request and source it came from, so editing the
/// chain forgets it. Chains without a ttl are never written here.
public struct ChainValueCache: Sendable {
    /// Where the file is, worked out when a value is read or kept: its name hashes the collection's
    /// path, and libcrypto's first digest was 14% of a one-request run's instructions, for a file
    /// only chains with a ttl open.
    private let locate: @Sendable () -> String

    public var path: String { locate() }

    public init(path: String) { locate = { path } }

    /// The cache of a collection's chains for one environment, in the data folder of `locations`.
    public init(locations: StoreLocations, collection: String, environment: String?) {
        locate = { locations.chainValuesPath(collection: collection, environment: environment) }
    }

    private struct Entry: Codable {
        var value: String
        var taken: Date
    }

    /// The value taken for `chain` no longer than its ttl before `now`, or nil.
    public func value(of chain: VariableChain, now: Date) -> String? {
        guard let ttl = chain.ttl, let entry = entries()[Self.key(of: chain)] else { return nil }
        let age = now.timeIntervalSince(entry.taken)
        return age >= 0 && age < Double(ttl) ? entry.value : nil
    }

    /// Keeps `value` as taken for `chain` at `time`; nothing is kept for a chain without a ttl.
    public func store(_ value: String, of chain: VariableChain, at time: Date) throws {
        guard chain.ttl != nil else { return }
        var kept = entries()
        kept[Self.key(of: chain)] = Entry(value: value, taken: time)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.dateEncodingStrategy = .secondsSince1970
        try AtomicFile.writePrivate(try encoder.encode(kept), to: path)
    }

    private func entries() -> [String: Entry] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return (try? decoder.decode([String: Entry].self, from: data)) ?? [:]
    }

    private static func key(of chain: VariableChain) -> String {
        "\(chain.name) from \(chain.request) at \(chain.capture.sourceText)"
    }
}
