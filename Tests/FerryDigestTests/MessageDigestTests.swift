import FerryDigest
import FerryTestSupport
import Foundation
import Testing

/// Ferry's hashes (libcrypto and libxxhash through FerryDigest), written as hex by `hexString`, agree with the system's own tools on the same bytes.
@Suite struct MessageDigestTests {
    /// Bytes that cross the piece boundaries below, with every byte value.
    private static let bytes = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) })

    @Test func sha256AndSHA1MatchCoreutils() async throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("bytes", Self.bytes)
        let sha256 = await firstWord(of: "/usr/bin/sha256sum", [file])
        let sha1 = await firstWord(of: "/usr/bin/sha1sum", [file])
        let empty = await firstWord(of: "/usr/bin/sha256sum", [try directory.write("empty", Data())])
        #expect(MessageDigest.hash(.sha256, data: Self.bytes).hexString == sha256)
        #expect(MessageDigest.hash(.sha1, data: Self.bytes).hexString == sha1)
        #expect(MessageDigest.hash(.sha256, data: Data()).hexString == empty)
    }

    @Test func piecesCopiesAndRepeatedFinalizeGiveTheWholeDigest() {
        var running = MessageDigest(.sha256)
        running.update(data: Self.bytes.prefix(1000))
        let early = running.finalize()
        var copy = running
        running.update(data: Self.bytes.dropFirst(1000))
        Self.bytes.dropFirst(1000).withUnsafeBytes { copy.update(bufferPointer: $0) }
        #expect(running.finalize() == MessageDigest.hash(.sha256, data: Self.bytes))
        #expect(copy.finalize() == running.finalize())
        #expect(early == MessageDigest.hash(.sha256, data: Self.bytes.prefix(1000)))
        #expect(early != running.finalize())
    }

    @Test func hmacMatchesOpenSSL() async throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("bytes", Self.bytes)
        let mac = MessageDigest.hmacSHA256(key: Data("ferry-key".utf8), data: Self.bytes)
        let reference = try await ChildProcess.run("/usr/bin/openssl", ["dgst", "-sha256", "-hmac", "ferry-key", "-r", file], timeout: 30)
        #expect(reference.status == 0)
        #expect(mac.hexString == reference.text.split(separator: " ").first.map { String($0) })
    }

    /// XXH3-128, given whole or in pieces, is `xxhsum -H2`'s hash of the same bytes.
    @Test func xxh3MatchesXxhsum() async throws {
        let whole = XXH3Hash128()
        whole.update(data: Self.bytes)
        #expect(whole.finalize().hexString == (try await xxhsum128(Self.bytes)))
        let pieces = XXH3Hash128()
        for start in stride(from: 0, to: Self.bytes.count, by: 4099) {
            Self.bytes[start..<min(start + 4099, Self.bytes.count)].withUnsafeBytes { pieces.update(bufferPointer: $0) }
        }
        #expect(pieces.finalize() == whole.finalize())
        #expect(XXH3Hash128().finalize().hexString == (try await xxhsum128(Data())))
    }

    private func firstWord(of tool: String, _ arguments: [String]) async -> String? {
        let outcome = await ChildProcess.run(tool, arguments, timeout: 30)
        #expect(outcome.status == 0, "\(tool): \(outcome.stderr)")
        return outcome.text.split(separator: " ").first.map { String($0) }
    }
}
