import FerryCore
import FerryGRPC
import FerryStore
import FerryTransport
import Foundation

// ferry-bench: drives Ferry's parts the way the benchmarks in Benchmarks/README.md describe.
//   ferry-bench gets URL COUNT           COUNT sequential GETs on one transport; prints seconds
//   ferry-bench download URL FILE        one download into FILE; prints seconds and peak RSS (MiB)
//   ferry-bench parse FILE               parses a JSON file (memory-mapped) into a Document; prints
//                                        seconds, MB/s, node count and peak RSS (MiB)
//   ferry-bench parse FILE RUNS          reads FILE into memory once, then parses it RUNS times;
//                                        prints wall seconds, thread CPU seconds and nodes per parse
//                                        (the format of Benchmarks/simdjson-parse.cpp)
//   ferry-bench foundation-parse FILE    Foundation's JSONSerialization on FILE (the reference for
//                                        `ferry view --summary`); prints seconds, peak RSS (MiB), bytes
//   ferry-bench collection-load DIR      loads the collection at DIR as `ferry collection list` does;
//                                        prints seconds, requests and broken files
//   ferry-bench jsonpath FILE QUERY      parses a JSON file (memory-mapped), then evaluates the RFC 9535
//                                        query over it; prints parse seconds, query seconds, node count
//   ferry-bench xpath FILE EXPR          parses an XML file with libxml2 as `xpath` checks do, then evaluates
//                                        the XPath expression (a node-set's string values taken, as checks
//                                        take them); prints parse seconds, evaluation seconds, node count or value
//   ferry-bench grpc-unary URL COUNT     COUNT unary calls of helloworld.Greeter/SayHello one after another
//                                        (grpc:// or grpcs://, --cacert-free: TLS unverified), the schema by
//                                        reflection first, each request encoded from JSON and each answer
//                                        decoded to JSON as `ferry send` does; prints seconds
//   ferry-bench contract SPEC BODY URL COUNT   the OpenAPI contract's checks of COUNT exchanges (a GET of
//                                        URL?i=N answered 200 with the JSON file BODY) as `ferry run
//                                        --openapi` makes them, in a loop; prints thread CPU µs per exchange
//   ferry-bench scripts COUNT [empty]    `ferry run`'s script machinery without the wire: COUNT (> 1,000) requests of
//                                        `script-run`'s files, pre-request and tests scripts run on the calling
//                                        thread (`;` each with `empty`); prints CPU and wall of the first 1,000
//                                        and per request after them (ScriptMachinery.swift)

/// This thread's CPU time in seconds: on a loaded machine, unlike wall time, it leaves out the
/// time spent waiting for a core.
func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Peak resident set size of this process in MiB, from /proc (VmHWM).
func peakRSSMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kib = Double(line.split(separator: " ", omittingEmptySubsequences: true)[1])
    else { return -1 }
    return kib / 1024
}

/// Seconds for `count` GETs of `url` one after another on one transport, run on its curl thread as
/// `ferry run` runs (nonisolated: top-level code is the main actor's, and would hop to it each time).
nonisolated func sequentialGets(_ url: URL, count: Int) async throws -> Double {
    let transport = CurlTransport()
    let clock = ContinuousClock()
    let started = clock.now
    try await withTaskExecutorPreference(transport.executor) {
        for _ in 0..<count {
            let response = try await transport.send(Request(url: url), receivingInto: .default, progress: nil)
            guard response.status == 200 else {
                throw FerryError.invalidRequest(reason: .invalidArgument(name: "status", problem: "\(response.status)"))
            }
        }
    }
    return (clock.now - started) / .seconds(1)
}

/// Seconds for `count` unary calls over one transport, after one reflection of the schema.
nonisolated func sequentialUnaryCalls(_ url: String, count: Int) async throws -> Double {
    let transport = CurlTransport(hashesBodies: false)
    let client = GRPCClient(transport: transport)
    let target = try GRPCTarget(url)
    var template = GRPCCall(target: target, method: "helloworld.Greeter/SayHello", messages: .fixed([]))
    template.options.tls.verifyPeer = false
    let pool = try await GRPCReflection(client: client, template: template).pool(containing: ["helloworld.Greeter"])
    let clock = ContinuousClock()
    let started = clock.now
    try await withTaskExecutorPreference(transport.executor) {
        for index in 0..<count {
            var reader = ProtoJSONReader(pool: pool)
            var call = template
            call.messages = .fixed([
                try reader.message(fromJSON: Data("{\"name\": \"call \(index)\"}".utf8), type: "helloworld.HelloRequest")
            ])
            let outcome = try await client.run(call) { message, _ in
                var writer = ProtoJSONWriter(pool: pool)
                _ = try? writer.json(of: message, type: "helloworld.HelloReply")
            }
            guard outcome.status.isOK, outcome.messageCount == 1 else { throw ProtoCodecError("call \(index): \(outcome.status.message)") }
        }
    }
    return (clock.now - started) / .seconds(1)
}

/// Thread CPU seconds per exchange of the contract's checks as `ferry run --openapi` makes them for
/// each exchange: the operation matched, the request's check, the response's (its JSON body parsed
/// and validated) and the verdict's checks, `count` times over 1,000 URLs `URL?i=1…1000`.
func contractChecks(spec: String, body: String, url: String, count: Int) throws -> Double {
    let folder = (spec as NSString).deletingLastPathComponent
    let contract = try ContractFile.load(spec, access: FileAccessPolicy(collection: folder), field: "openapi")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: body))
    let urls = try (1...1000).map { try Request.parseURL("\(url)?i=\($0)") }
    let response = Response(
        status: 200, reasonPhrase: "OK", httpVersion: "HTTP/1.1",
        headers: ["Content-Type": "application/json", "Content-Length": String(bytes.count)],
        body: ResponseBody(storage: .memory(bytes), count: Int64(bytes.count)), effectiveURL: urls[0].absoluteString,
        remoteAddress: nil, redirects: [], timeline: Timeline(start: Date()), sent: nil)
    let started = threadCPUSeconds()
    for index in 0..<count {
        let request = Request(url: urls[index % urls.count])
        let exchange = ExchangeContract(contract, method: request.method, url: request.url)
        let verdicts = [exchange.check(request: request), exchange.check(response, document: nil)]
        guard verdicts.allSatisfy(\.passed), verdicts[1].results.count == 1 else { throw ContractBenchFailure(verdicts) }
    }
    return (threadCPUSeconds() - started) / Double(count)
}

/// A contract check that did not pass: the benchmark measures only exchanges that keep the contract.
struct ContractBenchFailure: Error {
    let verdicts: [ContractVerdict]
    init(_ verdicts: [ContractVerdict]) { self.verdicts = verdicts }
}

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("ferry-bench: \(message)\n".utf8))
    exit(code)
}

let usage =
    "usage: ferry-bench gets URL COUNT | grpc-unary URL COUNT | download URL FILE | parse FILE [RUNS] | foundation-parse FILE | collection-load DIR | jsonpath FILE QUERY | xpath FILE EXPR | contract SPEC BODY URL COUNT | scripts COUNT [empty]"
let arguments = CommandLine.arguments
let clock = ContinuousClock()
do {
    switch (arguments.count > 1 ? arguments[1] : "", arguments.count) {
    case ("gets", 4):
        guard let url = try? Request.parseURL(arguments[2]) else { fail(usage, code: 1) }
        print(String(format: "%.4f", try await sequentialGets(url, count: Int(arguments[3]) ?? 0)))
    case ("scripts", 3), ("scripts", 4):
        guard let count = Int(arguments[2]), count > 1000, arguments.count == 3 || arguments[3] == "empty" else {
            fail("usage: ferry-bench scripts COUNT [empty] (COUNT: more than 1,000 requests)", code: 1)
        }
        print(try await scriptMachinery(count: count, empty: arguments.count == 4))
    case ("grpc-unary", 4):
        print(String(format: "%.4f", try await sequentialUnaryCalls(arguments[2], count: Int(arguments[3]) ?? 0)))
    case ("download", 4):
        guard let url = try? Request.parseURL(arguments[2]) else { fail(usage, code: 1) }
        let started = clock.now
        let response = try await CurlTransport().send(Request(url: url), receivingInto: .file(path: arguments[3]), progress: nil)
        print(String(format: "%.4f %.1f %lld", (clock.now - started) / .seconds(1), peakRSSMiB(), response.body.count))
    case ("parse", 3):
        let bytes = try Data(contentsOf: URL(fileURLWithPath: arguments[2]), options: .alwaysMapped)
        let started = clock.now
        let document = try JSONParser.parse(bytes)
        let seconds = (clock.now - started) / .seconds(1)
        print(String(format: "%.4f %.1f %d %.1f", seconds, Double(bytes.count) / 1_000_000 / seconds, document.nodeCount, peakRSSMiB()))
    case ("parse", 4):
        let bytes = try Data(contentsOf: URL(fileURLWithPath: arguments[2]))
        for _ in 0..<(Int(arguments[3]) ?? 0) {
            let started = clock.now, cpu = threadCPUSeconds()
            let document = try JSONParser.parse(bytes)
            let cpuSeconds = threadCPUSeconds() - cpu, seconds = (clock.now - started) / .seconds(1)
            print(String(format: "%.6f %.6f %d", seconds, cpuSeconds, document.nodeCount))
        }
    case ("foundation-parse", 3):
        let data = try Data(contentsOf: URL(fileURLWithPath: arguments[2]), options: .alwaysMapped)
        let started = clock.now
        _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        print(String(format: "%.4f %.1f %d", (clock.now - started) / .seconds(1), peakRSSMiB(), data.count))
    case ("collection-load", 3):
        let started = clock.now
        let collection = try RequestCollection(root: arguments[2])
        let seconds = (clock.now - started) / .seconds(1)
        print(String(format: "%.4f %d %d", seconds, collection.requests.count, collection.problems.count))
    case ("xpath", 4):
        let bytes = try Data(contentsOf: URL(fileURLWithPath: arguments[2]), options: .alwaysMapped)
        let started = clock.now
        let document = try XPathDocument(body: bytes, html: false)
        let parsed = clock.now
        let value: String
        switch try document.evaluate(XPathExpression(arguments[3])) {
        case .nodes(let texts): value = String(texts.count)
        case .string(let text): value = text
        case .number(let number): value = number == number.rounded() ? String(Int(number)) : String(number)
        case .boolean(let flag): value = String(flag)
        }
        print(String(format: "%.4f %.4f ", (parsed - started) / .seconds(1), (clock.now - parsed) / .seconds(1)) + value)
    case ("jsonpath", 4):
        let bytes = try Data(contentsOf: URL(fileURLWithPath: arguments[2]), options: .alwaysMapped)
        let started = clock.now
        let document = try JSONParser.parse(bytes)
        let parsed = clock.now
        let nodes = try JSONPathQuery(arguments[3]).select(in: document)
        print(String(format: "%.4f %.4f %d", (parsed - started) / .seconds(1), (clock.now - parsed) / .seconds(1), nodes.count))
    case ("contract", 6):
        let seconds = try contractChecks(spec: arguments[2], body: arguments[3], url: arguments[4], count: Int(arguments[5]) ?? 0)
        print(String(format: "%.2f", seconds * 1e6))
    default:
        fail(usage, code: 1)
    }
} catch {
    fail("\(error)", code: 2)
}
