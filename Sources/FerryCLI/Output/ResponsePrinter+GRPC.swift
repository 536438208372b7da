import FerryCore
import Foundation

extension ResponsePrinter {
    /// A gRPC request file's answer (`GRPCTransport`'s JSON of the messages and the status) as
    /// pretty JSON, and with `-i` the trailers after it.
    func printGRPCAnswer(_ response: Response, includeTrailers: Bool) throws {
        let body = try response.body.data()
        guard let document = try? JSONParser.parse(body) else { return try printBody(of: response) }
        printText(DocumentPrettyPrinter(colored: stdout.isTerminal).string(document) + "\n")
        if includeTrailers, !response.trailers.isEmpty {
            printText("\n" + response.trailers.map { "\($0.name): \($0.value)" }.joined(separator: "\n") + "\n")
        }
    }
}
