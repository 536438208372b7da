import FerryCore
import FerrySession
import Foundation

/// What `ferry run`'s scripts cost without the wire (issue 30): the requests of `Benchmarks/script-run`
/// (1,000 request files, each with a pre-request script and a tests script of three assertions, the
/// file's number a literal of its own), each request's pre-request scripts run on its description
/// and its tests on the answer the demo server gives it, on the calling thread as `ferry run` runs
/// them on its curl thread, `count` requests in all. With `empty`, both scripts are `;`: the
/// machinery alone. Process CPU (JavaScriptCore's compiler threads in it) and wall time, of the
/// first 1,000 requests (the engine's start and the JIT's warm-up in them) and per request after;
/// `count` is more than 1,000.
nonisolated func scriptMachinery(count: Int, empty: Bool) async throws -> String {
    let files = (1...1000).map { index in
        let number = String(format: "%04d", index)
        var description = RequestDescription(url: "{{baseURL}}/get?i=\(number)")
        description.scripts = RequestScripts(
            preRequest: ScriptSource(empty ? ";" : #"pm.variables.set("stamp", String(Date.now()));"#, file: "r\(number).ferry.yaml"),
            tests: ScriptSource(
                empty
                    ? ";"
                    : """
                    pm.test("status", () => pm.response.to.have.status(200));
                    pm.test("json", () => pm.expect(pm.response.json().args.i).to.equal("\(number)"));
                    pm.test("fast", () => pm.expect(pm.response.responseTime).to.be.below(5000));
                    """, file: "r\(number).ferry.yaml"))
        let answer = Data(
            """
            {
              "args" : {
                "i" : "\(number)"
              },
              "headers" : {
                "Accept" : "*/*",
                "Host" : "127.0.0.1:18092",
                "User-Agent" : "ferry"
              },
              "origin" : "127.0.0.1",
              "url" : "http://127.0.0.1:18092/get?i=\(number)"
            }
            """.utf8)
        let response = Response(
            status: 200, reasonPhrase: "OK", httpVersion: "HTTP/1.1",
            headers: ["Content-Type": "application/json", "Content-Length": String(answer.count), "Server": "ferry-demo"],
            body: ResponseBody(storage: .memory(answer), count: Int64(answer.count)),
            effectiveURL: "http://127.0.0.1:18092/get?i=\(number)", remoteAddress: "127.0.0.1", redirects: [],
            timeline: Timeline(start: Date()), sent: nil)
        let context = ExchangeScripts.Context(requestName: "r\(number)", requestPath: "r\(number).ferry.yaml")
        return (description, ExchangeScripts(request: description, defaults: FolderDefaults()), response, context)
    }
    let variables = VariableResolver([Variable(name: "baseURL", value: "http://127.0.0.1:18092")])
    let clock = ContinuousClock()
    let start = (wall: clock.now, cpu: processCPUSeconds())
    var warm = start  // once the first 1,000 requests are done
    let failure: ScriptMachineryFailure? = await ExchangeScripts.onCallersThread {
        for index in 0..<count {
            let (description, scripts, response, context) = files[index % files.count]
            var resolver = variables
            let before = await scripts.runBefore(description, resolver: &resolver, context: context)
            let pending = PendingScripts(
                scripts: scripts, description: before.request ?? description, resolver: resolver, context: context, before: before)
            let report = await pending.report(after: response)
            guard report.results.count == (empty ? 0 : 3), report.results.allSatisfy(\.passed) else {
                return ScriptMachineryFailure(index: index, results: report.results)
            }
            if index + 1 == 1000 { warm = (clock.now, processCPUSeconds()) }
        }
        return nil
    }
    if let failure { throw failure }
    let end = (wall: clock.now, cpu: processCPUSeconds())
    let first = (wall: (warm.wall - start.wall) / .milliseconds(1), cpu: (warm.cpu - start.cpu) * 1e3)
    let rest = Double(count - 1000)
    let steady = (wall: (end.wall - warm.wall) / .microseconds(1) / rest, cpu: (end.cpu - warm.cpu) * 1e6 / rest)
    return String(
        format: "first 1,000 requests: %.1f ms CPU, %.1f ms wall; after them: %.2f µs CPU, %.2f µs wall a request", first.cpu, first.wall,
        steady.cpu, steady.wall)
}

/// This process's CPU seconds (user and system, all its threads).
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// A request whose tests did not all pass: the benchmark measures only requests that pass.
struct ScriptMachineryFailure: Error {
    let index: Int
    let results: [AssertionResult]
}
