import FerryCore
import FerryServer
import FerryTestSupport
import FerryTransport
import Foundation
import Testing

@testable import FerryInterop

/// curlconverter's corpus of curl commands: every command is imported (or refused with a reason
/// curl shares), and each one that `curl` itself can send is sent by `curl` and by Ferry to the
/// demo server's echo, which must receive the same method, target, headers (but `User-Agent`) and
/// body bytes — or, where Ferry cannot do what curl does yet, the import's report must say so for
/// that command: nothing differs silently.
@Suite struct CurlCorpusTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/curl/curlconverter")
        .path

    static let fixtures: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".sh") }
        .sorted()

    /// Commands Ferry refuses, each for a reason curl shares.
    static let refused: [String: String] = [
        "j_data_priority_than_f.sh": "-F with -d: curl refuses it too"
    ]

    @Test func theCorpusAndCurlAreThere() {
        #expect(Self.fixtures.count > 100)
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"), "the comparison needs the real curl (scripts/install-deps)")
    }

    @Test(arguments: fixtures)
    func ferrySendsWhatCurlSends(fixture: String) async throws {
        let original = try String(contentsOfFile: (Self.folder as NSString).appendingPathComponent(fixture), encoding: .utf8)
        try await withDemoServer { server in
            let target = server.baseURL.replacingOccurrences(of: "http://", with: "") + "/anything"
            let text = original.replacingOccurrences(of: "https://localhost:28139", with: "http://" + target)
                .replacingOccurrences(of: "localhost:28139", with: target)
            let imported: ImportedCollection
            do {
                imported = try CurlImporter().importCollection(text, source: fixture, directory: Self.folder)
            } catch {
                #expect(Self.refused[fixture] != nil, "\(fixture) was refused: \(error)")
                return
            }
            #expect(Self.refused[fixture] == nil, "\(fixture) should have been refused (\(Self.refused[fixture] ?? ""))")
            let commands = try CurlImporter.curlCommands(in: text, source: fixture)
            let scratch = try TemporaryDirectory()
            var requests = imported.requests[...]
            for (number, command) in commands.enumerated() {
                let place = commands.count == 1 ? "line \(command.line)" : "command \(number + 1), line \(command.line)"
                let mine = requests.prefix { $0.source.hasPrefix(place) }
                requests = requests.dropFirst(mine.count)
                #expect(!mine.isEmpty, "\(fixture) \(place) made no request")
                let reported = imported.report.notes.contains { $0.kind != .imported && $0.place.hasPrefix(place) }
                // curl gets the standard input the shell line gives it, as Ferry's import did.
                var input = command.inputFile.map { (Self.folder as NSString).appendingPathComponent($0) }
                if let text = command.standardInput { input = try scratch.write("stdin-\(number)", Data(text.utf8)) }
                let curl = await ChildProcess.run(
                    "/usr/bin/curl", command.words + ["--max-time", "20"], standardInput: input,
                    directory: scratch.path, timeout: 30)
                let expected = EchoedRequest.all(in: curl.stdout)
                guard curl.status == 0, expected.count == mine.count else { continue }  // curl could not send it here
                for (request, wanted) in zip(mine, expected) {
                    let received: EchoedRequest?
                    do {
                        let resolved = try request.description.resolved(with: .literal, directory: Self.folder)
                        received =
                            EchoedRequest.all(
                                in: try await CurlTransport().send(resolved.request, receivingInto: .default, progress: nil).body.data()
                            ).first
                    } catch {
                        #expect(
                            reported, "\(fixture) \(request.source): Ferry could not send it (\(error)) and the report does not say why")
                        continue
                    }
                    #expect(
                        received == wanted || reported,
                        "\(fixture) \(request.source) differs unreported:\ncurl:  \(wanted)\nFerry: \(received.map(\.description) ?? "no echo")"
                    )
                }
            }
        }
    }
}

/// The demo server's echo of a request, with what differs between any two senders taken out: the
/// `User-Agent`, and a multipart body's boundary (its parts are compared instead).
struct EchoedRequest: Equatable, CustomStringConvertible {
    var method: String
    var url: String
    var headers: [String: String]
    var body: String

    /// Every echo in output that may hold heads (`-i`), several responses (several URLs) or more
    /// after them (`-w`): each echo is a JSON object from a line `{` to a line `}`.
    static func all(in output: Data) -> [EchoedRequest] {
        // "\r\n" (a head printed by -i) is one Character in Swift: split on it too.
        let lines = String(decoding: output, as: UTF8.self).split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        var echoes: [EchoedRequest] = []
        var start: Int?
        for (index, line) in lines.enumerated() {
            if line.hasSuffix("{"), line.dropLast().allSatisfy({ $0 != "\"" && $0 != ":" }) { start = start ?? index }
            if line == "}", let first = start {
                let text = lines[first...index].joined(separator: "\n")
                let json = text[text.firstIndex(of: "{")!...]
                if let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], let echo = EchoedRequest(object)
                {
                    echoes.append(echo)
                }
                start = nil
            }
        }
        return echoes
    }

    private init?(_ object: [String: Any]) {
        guard let method = object["method"] as? String, let url = object["url"] as? String,
            let headers = object["headers"] as? [String: Any]
        else { return nil }
        self.method = method
        self.url = url
        var fields: [String: String] = [:]
        for (name, value) in headers where name.lowercased() != "user-agent" {
            let joined = (value as? [String])?.joined(separator: ", ") ?? "\(value)"
            fields[name.lowercased()] = joined.contains("boundary=") ? String(joined.prefix { $0 != ";" }) : joined
        }
        if let multipart = object["multipart"] as? [String: Any], let parts = multipart["parts"] {
            fields["content-length"] = nil
            body = String(decoding: (try? JSONSerialization.data(withJSONObject: parts, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
        } else {
            body = "\(object["bodySize"] ?? 0) bytes, SHA-256 \(object["bodySHA256"] ?? "")"
        }
        self.headers = fields
    }

    var description: String { "\(method) \(url) \(headers.sorted { $0.key < $1.key }) \(body)" }
}
