import Foundation

/// Ferry's demo server, run as the `ferry-demo-server` program found beside the `ferry` executable
/// (in the build folder, or `PREFIX/libexec/ferry` when installed), so `ferry` does not carry the
/// server's code. A child started here exits when `ferry` ends, even when `ferry` is killed: it reads
/// a pipe from `ferry` as its standard input and exits at its end.
final class DemoServerProcess {
    static let programName = "ferry-demo-server"

    /// Why the server could not be started, for the user.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `http(s)://127.0.0.1:PORT`.
    let baseURL: String
    /// curl's `sha256//…` pin of the server's key, for a TLS server.
    let publicKeyPin: String?
    private let process: Process
    private let input: Pipe

    /// The server program's path: beside the running `ferry`, symbolic links resolved.
    static var programPath: String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(programName).path
    }

    /// Starts a server on a free 127.0.0.1 port and waits for the line saying where it listens;
    /// with `tls`, it speaks https and writes its certificate to `certificateFile`.
    init(tls: Bool = false, certificateFile: String? = nil) throws {
        let path = try Self.checkedProgramPath()
        process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments =
            ["--port", "0", "--until-stdin-closes"] + (tls ? ["--tls"] : []) + (certificateFile.map { ["--cert-out", $0] } ?? [])
        input = Pipe()
        let output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot start the demo server \(path): \(error.localizedDescription)")
        }
        let lines = Self.readLines(from: output.fileHandleForReading, count: tls ? 2 : 1)
        let prefix = "Ferry demo server listening on ", pinPrefix = "TLS public key pin: "
        guard let first = lines.first, first.hasPrefix(prefix), !tls || lines.count == 2 && lines[1].hasPrefix(pinPrefix) else {
            process.terminate()
            process.waitUntilExit()
            let reason = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(
                in: .whitespacesAndNewlines)
            throw Failure(description: "the demo server \(path) did not start" + (reason.isEmpty ? "" : ": " + reason))
        }
        baseURL = String(first.dropFirst(prefix.count))
        publicKeyPin = tls ? String(lines[1].dropFirst(pinPrefix.count)) : nil
    }

    /// Stops the server and waits for it to end.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }

    /// The server's path, or an error saying where it was looked for.
    static func checkedProgramPath() throws -> String {
        let path = programPath
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(
                description:
                    "the demo server program \(programName) is not beside ferry (looked for \(path)); build it with `swift build --product \(programName)` or reinstall Ferry"
            )
        }
        return path
    }

    /// Up to `count` lines, read byte by byte so nothing after them is taken from the pipe; fewer at its end.
    private static func readLines(from handle: FileHandle, count: Int) -> [String] {
        var lines: [String] = [], line: [UInt8] = [], byte: UInt8 = 0
        while lines.count < count {
            let result = read(handle.fileDescriptor, &byte, 1)
            if result < 0 && errno == EINTR { continue }
            guard result == 1 else { break }
            if byte == UInt8(ascii: "\n") {
                lines.append(String(decoding: line, as: UTF8.self))
                line = []
            } else {
                line.append(byte)
            }
        }
        return lines
    }
}
