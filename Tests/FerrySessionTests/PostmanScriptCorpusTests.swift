import FerryCore
import FerryInterop
import FerryScript
import FerrySession
import Foundation
import Testing

/// The test and pre-request scripts of public Postman collections (`Tests/Fixtures/import-corpus/postman`,
/// none written for Ferry) imported and run against their saved example responses, or a 200 JSON
/// answer where there is none (issue 30): at least 90% must find every API they use. A script
/// misses an API when it stops on a ReferenceError, on a TypeError calling what Ferry does not
/// provide (`… is not a function`) or on a library `require` Ferry does not load; other errors (a
/// body of another shape than the generic answer) are not counted.
/// `FERRY_CORPUS_REPORT=1` prints each miss (Documentation/TESTING.md lists them).
@Suite struct PostmanScriptCorpusTests {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/import-corpus/postman").standardized.path

    private static let genericAnswer = ScriptInput.Response(
        code: 200, status: "OK", headers: [.init(key: "Content-Type", value: "application/json")], body: #"{"ok":true}"#, responseTime: 12,
        responseSize: 11)

    private static let genericRequest = ScriptInput.Request(method: "GET", url: "https://example.test/", headers: [], body: nil)

    /// The collections of the corpus, by path below it.
    private static func collections() throws -> [String] {
        let paths = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".json") }.sorted()
    }

    /// The API a failure shows missing, or nil when it is no missing API.
    static func missingAPI(_ name: String, _ message: String) -> String? {
        if name == "ReferenceError" { return message.replacingOccurrences(of: "Can't find variable: ", with: "") }
        if message.hasPrefix("require(") { return String(message.prefix { $0 != ":" }) }
        guard name == "TypeError" else { return nil }
        guard let range = message.range(of: " is not a function") else { return nil }
        return String(message[..<range.lowerBound])
    }

    @Test func ninetyPercentOfTheScriptsFindEveryAPITheyUse() async throws {
        let engine = try ScriptEngine.shared(timeLimit: 2)
        var count = 0
        var misses: [String] = []
        let collections = try Self.collections()
        #expect(collections.count >= 40)
        for path in collections {
            let text = try String(contentsOfFile: (Self.folder as NSString).appendingPathComponent(path), encoding: .utf8)
            let imported = try PostmanImporter().importCollection(text, source: path, directory: Self.folder)
            let variables = Dictionary(
                (imported.environments.first?.variables ?? []).map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
            var runs: [(ScriptSource, RequestScripts.Phase, ScriptInput.Request, ScriptInput.Response)] = []
            for request in imported.requests {
                let example = request.description.examples.first.map { example in
                    ScriptInput.Response(
                        code: example.status, status: HTTPStatus.standardReason(for: example.status),
                        headers: example.headers.map { .init(key: $0.name, value: $0.value) }, body: example.body ?? "", responseTime: 12,
                        responseSize: example.body?.utf8.count ?? 0)
                }
                let seen = ExchangeScripts.scriptRequest(request.description)
                for phase in RequestScripts.Phase.allCases {
                    if let script = request.description.scripts[phase] { runs.append((script, phase, seen, example ?? Self.genericAnswer)) }
                }
            }
            for defaults in imported.folders.values {
                for scripts in defaults.scripts {
                    for phase in RequestScripts.Phase.allCases {
                        if let script = scripts[phase] { runs.append((script, phase, Self.genericRequest, Self.genericAnswer)) }
                    }
                }
            }
            for (script, phase, request, response) in runs {
                count += 1
                let input = ScriptInput(
                    info: .init(eventName: phase == .preRequest ? "prerequest" : "test", requestName: "corpus", requestId: path),
                    variables: variables, request: request, response: phase == .preRequest ? nil : response)
                let outcome = await engine.run(ScriptSource(script.text, file: "\(path) \(script.file)"), phase: phase, input: input)
                let failures =
                    (outcome.error.map { [($0.name, $0.message)] } ?? [])
                    + outcome.tests.compactMap { $0.error.map { ($0.name, $0.message) } }
                if let missing = failures.lazy.compactMap({ Self.missingAPI($0.0, $0.1) }).first {
                    misses.append("\(path) \(script.file) (\(phase.rawValue)): \(missing)")
                }
            }
        }
        if ProcessInfo.processInfo.environment["FERRY_CORPUS_REPORT"] != nil {
            print("\(count) scripts, \(count - misses.count) find every API they use")
            misses.forEach { print($0) }
        }
        #expect(count >= 150)
        #expect(Double(count - misses.count) >= 0.9 * Double(count), "\(misses.joined(separator: "\n"))")
    }
}
