import ArgumentParser
import FerryCore
import FerryTransport
import Foundation

/// `--engine NAME`, with its values spelled out (as `SerializerKind`'s: no reflection while parsing).
extension LoadEngine: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public static var allValueDescriptions: [String: String] { [:] }
}

/// `ferry load`'s own flags: how many at once, how many or how long, at what rate, how targets weigh.
/// `-d` stays `send`'s `--data`; the duration is `-z` as in hey and oha (Documentation/DECISIONS.md).
struct LoadOptions: ParsableArguments {
    @Option(
        name: [.customShort("c"), .customLong("connections")], help: "Requests in flight at once (HTTP/1.1 connections, HTTP/2 streams).")
    var connections = 50

    @Option(name: [.customShort("n"), .customLong("requests")], help: "Stop after this many requests (default 200 when no --duration).")
    var requests: Int?

    @Option(
        name: [.customShort("z"), .customLong("duration")],
        help: ArgumentHelp("Stop after this long: seconds, or with a unit (500ms, 10s, 2m).", valueName: "time"))
    var duration: String?

    @Option(
        name: [.customShort("r"), .customLong("rate")],
        help: ArgumentHelp(
            "Start requests at this many per second (the open model: latency counts from when each was due).", valueName: "per-second"))
    var rate: Double?

    @Option(
        name: .customLong("weight"),
        help: ArgumentHelp(
            "For a collection: how often a request file is chosen relative to the others (default 1; repeatable).", valueName: "file=n"))
    var weights: [String] = []

    @Option(
        name: .customLong("sample"), help: ArgumentHelp("Check one response in this many against expect: (default 100).", valueName: "n"))
    var sampleEvery = 100

    @Option(name: .customLong("threads"), help: "Threads sending, each with its share of the connections (default: one per core).")
    var threads = ProcessInfo.processInfo.activeProcessorCount

    @Option(
        name: .customLong("engine"),
        help: ArgumentHelp(
            "ferry (its own HTTP/1.1 client, the default for plain http) or curl (libcurl; the default for https, HTTP/2, proxies…).",
            valueName: "name"))
    var engine: LoadEngine?

    /// The plan for `targets`; `connectionLimit` is what the open-file limit allows.
    func plan(targets: [LoadTarget], connectionLimit: Int) throws -> (plan: LoadPlan, note: String?) {
        let seconds = try duration.map(Self.seconds)
        let count = requests ?? (seconds == nil ? 200 : nil)
        var used = connections
        var note: String?
        if used > connectionLimit {
            note = "-c \(connections) is more than the open-file limit allows; using \(connectionLimit) connections"
            used = connectionLimit
        }
        if let count, count > 0, used > count { used = count }
        let plan = LoadPlan(
            targets: targets, connections: used, threads: threads, requests: count, duration: seconds, rate: rate, sampleEvery: sampleEvery,
            engine: engine)
        return (plan, note)
    }

    /// The weight `--weight` gives the file at `path` (matched by its path as given, relative to the collection, or its name).
    func weight(of path: String, relativePath: String) throws -> Int {
        try LoadWeights(weights).weight(of: path, relativePath: relativePath)
    }

    /// `10`, `1.5s`, `500ms`, `2m`, `1h` as seconds.
    static func seconds(_ text: String) throws -> Double {
        guard let value = DurationText.seconds(text) else {
            throw FerryError.invalidRequest(
                reason: .invalidArgument(name: "--duration \(text)", problem: "expected a time such as 10s, 500ms or 2m"))
        }
        return value
    }
}
