import FerryCore
import FerryTransport
import Foundation

// ferry-bench: drives CurlTransport the way the benchmarks in Benchmarks/README.md describe.
//   ferry-bench gets URL COUNT        COUNT sequential GETs on one transport; prints seconds
//   ferry-bench download URL FILE     one download into FILE; prints seconds and peak RSS (MiB)

/// Peak resident set size of this process in MiB, from /proc (VmHWM).
func peakRSSMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kib = Double(line.split(separator: " ", omittingEmptySubsequences: true)[1]) else { return -1 }
    return kib / 1024
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let url = try? Request.parseURL(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: ferry-bench gets URL COUNT | download URL FILE\n".utf8))
    exit(1)
}
let transport = CurlTransport()
let clock = ContinuousClock()
let started = clock.now
do {
    switch arguments[1] {
    case "gets":
        for _ in 0..<(Int(arguments[3]) ?? 0) {
            let response = try await transport.send(Request(url: url), receivingInto: .default, progress: nil)
            guard response.status == 200 else { throw FerryError.invalidRequest(reason: .invalidArgument(name: "status", problem: "\(response.status)")) }
        }
        print(String(format: "%.4f", (clock.now - started) / .seconds(1)))
    case "download":
        let response = try await transport.send(Request(url: url), receivingInto: .file(path: arguments[3]), progress: nil)
        print(String(format: "%.4f %.1f %lld", (clock.now - started) / .seconds(1), peakRSSMiB(), response.body.count))
    default:
        FileHandle.standardError.write(Data("unknown mode \(arguments[1])\n".utf8))
        exit(1)
    }
} catch {
    FileHandle.standardError.write(Data("ferry-bench: \(error)\n".utf8))
    exit(2)
}
