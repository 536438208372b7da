import ArgumentParser
import FerryCore
import FerryStore
import Foundation

/// `--openapi` and `--contract-requests` of `ferry send` and `ferry run`: the OpenAPI document
/// exchanges are checked against, and what a request that breaks it does.
struct ContractOptions: ParsableArguments, Sendable {
    /// What a request that breaks the contract does.
    enum RequestMode: String, CaseIterable, ExpressibleByArgument, Sendable {
        /// Sent, with a warning.
        case warn
        /// Not sent; its findings are failed checks.
        case error
    }

    @Option(
        name: .customLong("openapi"),
        help: ArgumentHelp(
            "Check each exchange against this OpenAPI 3.0/3.1 document (JSON or YAML); default: the collection's openapi: setting.",
            valueName: "spec"))
    var openapi: String?

    @Option(
        name: .customLong("contract-requests"),
        help: "A request that breaks the contract (parameters, body): warn (sent, a warning) or error (not sent, a failed check).")
    var requestMode: RequestMode = .warn

    init() {}

    /// The options as the parser would make them from `--openapi` and `--contract-requests` (for a
    /// command that is not parsed: `ferry curl`).
    init(openapi: String?, requestMode: RequestMode) {
        self.openapi = openapi
        self.requestMode = requestMode
    }

    /// The contract: `--openapi` (any file, relative to the working directory: it is the user's
    /// command line), else the `openapi:` of the collection's root `_folder.ferry.yaml` (inside the
    /// collection, as `access` allows); nil when neither names one.
    func contract(root: String?, access: FileAccessPolicy?) throws -> OpenAPIContract? {
        if let openapi {
            let folder = FileManager.default.currentDirectoryPath
            return try ContractFile.load(openapi, access: .unbounded(directory: folder), field: "--openapi")
        }
        return try root.flatMap { try ContractFile.collection(at: $0, access: access) }
    }
}
