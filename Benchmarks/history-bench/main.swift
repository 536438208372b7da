import FerryCore
import FerryStore
import Foundation

// ferry-history-bench: the history benchmark of Benchmarks/README.md (driven by Benchmarks/history).
//   ferry-history-bench fill DB COUNT          records COUNT realistic exchanges through HistoryStore; prints seconds
//   ferry-history-bench open DB                opens the history and lists the newest 20; prints milliseconds
//   ferry-history-bench search DB RUNS WORDS STATUS   runs the search RUNS times on one open store;
//                                              prints the median milliseconds and the number of hits

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("ferry-history-bench: \(message)\n".utf8))
    exit(1)
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000
}

/// A deterministic, varied exchange: hosts, methods, statuses, 8–12 headers, JSON bodies of 200 B – 6 KiB.
func exchange(_ index: Int, start: Date) throws -> HistoryEntry {
    var random = SplitMix(seed: UInt64(index))
    let hosts = ["api.example.com", "shop.example.com", "auth.example.org", "cdn.example.net", "localhost"]
    let words = ["kayak", "paddle", "canoe", "sail", "anchor", "harbour", "ferry", "dock", "rope", "buoy", "tide", "keel"]
    let statuses = [200, 200, 200, 200, 201, 204, 301, 304, 400, 401, 403, 404, 404, 409, 500, 502, 503]
    let host = hosts[random.next(hosts.count)]
    let word = words[random.next(words.count)]
    let status = statuses[random.next(statuses.count)]
    let method: HTTPMethod = [.get, .get, .get, .post, .put, .delete][random.next(6)]
    let url = URL(string: "https://\(host)/v1/\(word)s/\(index)?page=\(random.next(50))&sort=\(words[random.next(words.count)])")!
    var requestHeaders: HTTPHeaders = ["Accept": "application/json", "User-Agent": "ferry/bench", "X-Request-ID": "req-\(index)"]
    var body: RequestBody = .none
    if method == .post || method == .put {
        requestHeaders.add(name: "Content-Type", value: "application/json")
        body = .bytes(Data(#"{"name": "\#(word)-\#(index)", "size": \#(random.next(100))}"#.utf8))
    }
    let items = 2 + random.next(40)
    let json =
        "{\"items\": ["
        + (0..<items).map { item in
            #"{"id": \#(index * 100 + item), "name": "\#(words[(index + item) % words.count]) \#(item)", "price": \#(random.next(10_000)) , "tags": ["a", "b"]}"#
        }.joined(separator: ", ") + "], \"total\": \(items)}"
    let data = Data(json.utf8)
    let headers: HTTPHeaders = [
        "Content-Type": "application/json; charset=utf-8", "Content-Length": "\(data.count)",
        "Date": "Mon, 23 Nov 2026 18:00:00 GMT", "Server": "bench", "Cache-Control": "no-cache",
        "ETag": "\"\(index)\"", "X-Request-ID": "req-\(index)", "Vary": "Accept-Encoding",
    ]
    let response = Response(
        status: status, reasonPhrase: HTTPStatus.standardReason(for: status), httpVersion: "HTTP/1.1", headers: headers,
        body: ResponseBody(storage: .memory(data), count: Int64(data.count)), effectiveURL: url.absoluteString,
        remoteAddress: "93.184.216.34:443", redirects: [],
        timeline: Timeline(
            start: start, durations: [.dns: 800, .connect: 1500, .tls: 4000, .send: 100, .wait: Int64(random.next(90_000)), .receive: 700]),
        sent: SentRequest(requestLine: "\(method.rawValue) \(url.path) HTTP/1.1", headers: requestHeaders, bodyBytes: 0))
    return try HistoryEntry(
        request: Request(method: method, url: url, headers: requestHeaders, body: body), response: response, error: nil,
        started: start)
}

/// A small deterministic generator, so every run fills the same database.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

let arguments = CommandLine.arguments
let clock = ContinuousClock()
do {
    switch (arguments.count > 1 ? arguments[1] : "", arguments.count) {
    case ("fill", 4):
        guard let count = Int(arguments[3]) else { fail("COUNT must be a number") }
        let store = try HistoryStore(path: arguments[2], retention: .unlimited)
        let origin = Date().addingTimeInterval(-Double(count) * 30)
        let started = clock.now
        for index in 0..<count { try store.record(try exchange(index, start: origin.addingTimeInterval(Double(index) * 30))) }
        print(String(format: "%.1f", milliseconds(clock.now - started) / 1000))
    case ("open", 3):
        let started = clock.now
        let store = try HistoryStore(path: arguments[2], retention: .unlimited)
        let rows = try store.list(limit: 20)
        print(String(format: "%.2f %d", milliseconds(clock.now - started), rows.count))
    case ("search", 6):
        guard let runs = Int(arguments[3]), runs > 0 else { fail("RUNS must be a positive number") }
        let store = try HistoryStore(path: arguments[2], retention: .unlimited)
        let query = HistoryQuery(text: arguments[4], status: arguments[5], limit: 50)
        var times: [Double] = []
        var hits = 0
        for _ in 0..<runs {
            let started = clock.now
            hits = try store.search(query).count
            times.append(milliseconds(clock.now - started))
        }
        print(String(format: "%.2f %d", times.sorted()[runs / 2], hits))
    default:
        fail("usage: ferry-history-bench fill DB COUNT | open DB | search DB RUNS WORDS STATUS")
    }
} catch {
    fail("\(error)")
}
