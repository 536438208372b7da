import ArgumentParser
import FerryCore
import FerryTransport
import Foundation

/// `ferry send URL [flags]`: one exchange, printed for people or as JSON, with a meaningful exit code.
struct SendCommand: AsyncCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send one request and show what came back.",
        discussion: "Exit codes: 0 success, 1 usage or input error, 2 transport failure, 3 response rejected, 4 local file error, 130 cancelled.")

    @OptionGroup var options: SendOptions

    func execute() async throws {
        let status = await Self.exchange(options)
        if status != .success { throw status.exitCode }
    }

    /// Runs the exchange and prints it; SIGINT cancels the transfer cleanly (no partial `-o` file).
    static func exchange(_ options: SendOptions, transport: CurlTransport = CurlTransport()) async -> ExitStatus {
        let printer = ResponsePrinter()
        let request: Request
        do {
            request = try options.makeRequest()
        } catch {
            let ferryError = error as? FerryError ?? .invalidRequest(reason: .invalidArgument(name: "request", problem: "\(error)"))
            return report(request: nil, response: nil, error: ferryError, options: options, printer: printer)
        }
        let destination: ResponseDestination = options.output.map { .file(path: $0) } ?? .default
        let task = Task { try await transport.send(request, receivingInto: destination, progress: nil) }
        let interrupt = InterruptHandler { task.cancel() }
        defer { interrupt.cancel() }
        do {
            let response = try await task.value
            return report(request: request, response: response, error: nil, options: options, printer: printer)
        } catch {
            let ferryError = error as? FerryError ?? .explicitlyCancelled
            return report(request: request, response: nil, error: ferryError, options: options, printer: printer)
        }
    }

    private static func report(request: Request?, response: Response?, error: FerryError?, options: SendOptions, printer: ResponsePrinter) -> ExitStatus {
        var status = error.map(ExitStatus.init(for:)) ?? .success
        if options.json {
            let requestPart = request.map { ExchangeReport.RequestPart(request: $0, sent: response?.sent) }
                ?? ExchangeReport.RequestPart(unparsedURL: options.url, method: options.method)
            do {
                let document = try ExchangeReport(request: requestPart, response: response, error: error,
                                                  bodyLimit: max(0, options.jsonBodyLimit), exitCode: status)
                printer.stdout.write(try document.encoded())
                printer.stdout.write("\n")
            } catch let failure as FerryError {
                printer.printError(failure)
                status = ExitStatus(for: failure)
            } catch {
                printer.stderr.line("ferry: could not encode the report: \(error)")
                status = .localFile
            }
            return status
        }
        if let error { printer.printError(error) }
        guard let response else { return status }
        if options.include { printer.printHead(of: response) }
        do {
            try printer.printBody(of: response)
        } catch let failure as FerryError {
            printer.printError(failure)
            status = ExitStatus(for: failure)
        } catch {
            status = .localFile
        }
        if options.timeline { printer.printTimeline(of: response) }
        return status
    }
}
