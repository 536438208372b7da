import FerryTestSupport
import Foundation
import Testing

/// What the hostile cases share, made once at test time: the compression bombs (Python's zlib and
/// the `brotli` package from PyPI; gigabytes are never committed) and the TLS certificates (`openssl`).
actor HostileFixtures {
    static let shared = HostileFixtures()

    private var gzipBomb: Task<[UInt8], any Error>?
    private var brotliBomb: Task<[UInt8], any Error>?
    private var certificateFolder: Task<TemporaryDirectory, any Error>?

    func bytes(_ payload: HostileCase.Payload) async throws -> [UInt8] {
        switch payload {
        case .text(let text): return Array(text.utf8)
        case .bytes(let bytes): return bytes
        case .repeated(let text, let count): return Array(String(repeating: text, count: count).utf8)
        case .gzipBomb:
            if gzipBomb == nil { gzipBomb = Task { try await Self.python(Self.gzipBombScript) } }
            return try await gzipBomb!.value
        case .brotliBomb:
            if brotliBomb == nil { brotliBomb = Task { try await Self.python(Self.brotliBombScript) } }
            return try await brotliBomb!.value
        }
    }

    /// A folder with `ca.pem` (the CA the cases trust), `server.key` and its certificates for
    /// 127.0.0.1 signed by the CA (`trusted.pem`, `expired.pem`), for another host (`wrongHost.pem`),
    /// and signed by itself (`selfSigned.pem`).
    func certificates() async throws -> TemporaryDirectory {
        if certificateFolder == nil { certificateFolder = Task { try await Self.makeCertificates() } }
        return try await certificateFolder!.value
    }

    private static func makeCertificates() async throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try "subjectAltName=IP:127.0.0.1\n".write(toFile: directory.file("ip.ext"), atomically: true, encoding: .utf8)
        try "subjectAltName=DNS:wrong.example\n".write(toFile: directory.file("wrong.ext"), atomically: true, encoding: .utf8)
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        let sign = ["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial"]
        let steps: [[String]] = [
            ["req", "-x509"] + ec + ["-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Ferry Hostile CA"],
            ["req"] + ec + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"],
            sign + ["-out", "trusted.pem", "-days", "2", "-extfile", "ip.ext"],
            sign + ["-out", "expired.pem", "-days", "-1", "-extfile", "ip.ext"],
            sign + ["-out", "wrongHost.pem", "-days", "2", "-extfile", "wrong.ext"],
            ["x509", "-req", "-in", "server.csr", "-signkey", "server.key", "-out", "selfSigned.pem", "-days", "2", "-extfile", "ip.ext"],
        ]
        for step in steps {
            let outcome = await ChildProcess.run("/usr/bin/openssl", step, directory: directory.path)
            guard outcome.status == 0 else { throw FixtureFailure(output: "openssl \(step.joined(separator: " ")): \(outcome.stderr)") }
        }
        return directory
    }

    private static func python(_ script: String) async throws -> [UInt8] {
        let outcome = await ChildProcess.run("/usr/bin/env", ["python3", "-c", script], timeout: 120)
        guard outcome.status == 0 else { throw FixtureFailure(output: "python3: \(outcome.stderr)") }
        return Array(outcome.stdout)
    }

    /// 10 GiB of zeros as one gzip member: after a full flush deflate's output for the same input
    /// repeats, so one compressed MiB is written 10,240 times (the trailer's checksum is never reached).
    private static let gzipBombScript = """
        import sys, zlib
        compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
        zeros = bytes(1 << 20)
        first = compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
        repeated = compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
        sys.stdout.buffer.write(first + repeated * 10239 + compressor.flush())
        """

    /// 10 GiB of zeros through the `brotli` package (quality 1 keeps making it under a second).
    private static let brotliBombScript = """
        import sys, brotli
        compressor = brotli.Compressor(quality=1)
        zeros = bytes(1 << 24)
        sys.stdout.buffer.write(b"".join(compressor.process(zeros) for _ in range(640)) + compressor.finish())
        """

    struct FixtureFailure: Error, CustomStringConvertible {
        var output: String
        var description: String { output }
    }
}
