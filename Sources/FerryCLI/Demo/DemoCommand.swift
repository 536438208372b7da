import ArgumentParser
import FerryCore
import FerryGRPC
import FerryStore
import FerryTransport
import Foundation

/// `ferry demo`: opens the TUI against the demo server (`ferry-demo-server`, started beside), with prepared requests;
/// `--tour` prints a short tour of what Ferry shows instead.
struct DemoCommand: AsyncCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Try Ferry's TUI against its own local demo server (offline); --tour prints a tour instead.")

    @Flag(name: .long, help: "Print a tour of requests and responses instead of opening the TUI.")
    var tour = false

    @OptionGroup var themeOption: ThemeOption

    /// `--collection` (default: the bundled examples) and `--env` (default: demo), shared with `ferry`'s.
    @OptionGroup var collectionOptions: CollectionOptions

    func execute() async throws {
        guard tour else {
            let server = try DemoServerProcess()
            defer { server.stop() }
            let collection = collectionOptions.collection ?? DemoExamples.directory
            // The `demo` environment when the collection has one. `baseURL` points at the server in it
            // and without an environment; F4 to another environment goes to that environment's own.
            let environment =
                collectionOptions.environment ?? collection.flatMap { Environment.names(in: $0).contains("demo") ? "demo" : nil }
            return try TUIEntry.open(
                theme: themeOption.theme, examples: try DemoExamples.requests(in: collectionOptions.collection), collection: collection,
                variables: [Variable(name: "baseURL", value: server.baseURL)], variablesOnlyFor: "demo", environmentName: environment)
        }

        let caFile = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-demo-ca-\(getpid()).pem").path
        defer { try? FileManager.default.removeItem(atPath: caFile) }
        let server = try DemoServerProcess()
        defer { server.stop() }
        let tlsServer = try DemoServerProcess(tls: true, certificateFile: caFile)
        defer { tlsServer.stop() }

        let out = OutputStream.standardOutput
        let printer = ResponsePrinter(stdout: out, stderr: out)
        let transport = GRPCTransport(inner: CurlTransport())
        let steps = try DemoTour.steps(
            base: server.baseURL, tlsBase: tlsServer.baseURL, caFile: caFile, publicKeyPin: tlsServer.publicKeyPin ?? "")
        out.line(
            "Ferry \(FerryInfo.version) on libcurl \(CurlTransport.curlVersion): a tour against the demo server at \(server.baseURL)\n")
        for (index, step) in steps.enumerated() {
            out.line("━━ \(index + 1)/\(steps.count)  \(step.title)")
            out.line("   \(step.request.method) \(step.request.url.absoluteString)")
            do {
                let response = try await transport.send(step.request, receivingInto: .default, progress: nil)
                out.line(
                    "   → \(response.httpVersion) \(response.status) \(response.displayReason), \(response.body.count) bytes, \(response.headers["Content-Type"] ?? "no type")"
                )
                try printPreview(of: response, to: out)
                printer.printTimeline(of: response)
            } catch let error as FerryError {
                out.line("   → failed:")
                printer.printError(error)
            }
            out.line("")
        }
        out.line(
            "Try it yourself: `ferry serve-demo --port 8080` in one terminal, then `ferry send http://127.0.0.1:8080/json -i --timeline`.")
    }

    /// The first lines of a text body (escaped), or a note for a binary one.
    private func printPreview(of response: Response, to out: OutputStream) throws {
        let prefix = Array(try response.body.prefix(4096))
        guard TerminalSafeText.looksLikeText(prefix, isPrefix: response.body.count > 4096) else {
            out.line("   (binary body, not shown)")
            return
        }
        let lines = String(decoding: prefix, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines.prefix(8) { out.line("   │ " + TerminalSafeText.escaping(String(line))) }
        if lines.count > 8 { out.line("   │ …") }
    }
}
