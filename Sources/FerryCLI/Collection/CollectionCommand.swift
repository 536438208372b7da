import ArgumentParser
import FerryCore
import FerryStore
import Foundation

/// `ferry collection …`: look at a collection of saved requests.
struct CollectionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "collection",
        abstract: "Work with a collection of saved requests (a folder of .ferry.yaml files).",
        subcommands: [List.self])

    /// `ferry collection list [DIR] [--json]`. Named explicitly, as every command is: without a
    /// name, ArgumentParser derives it with `String(describing:)` while parsing any command line,
    /// which cost a twentieth of a `ferry send` (callgrind: 5.3 M of 82 M instructions).
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List a collection's requests, and the files that fail to parse with file:line:column.",
            discussion: "Exit codes: 0 all files parse, 1 some file is broken, 4 the folder cannot be read.")

        @Argument(help: "The collection's folder (default: the current folder).")
        var directory: String?

        @Flag(name: .long, help: "Print one JSON document instead of a table.")
        var json = false

        func run() throws {
            let root = directory ?? FileManager.default.currentDirectoryPath
            let collection: RequestCollection
            do {
                collection = try RequestCollection(root: root)
            } catch let error as FerryError {
                ResponsePrinter().printError(error)
                throw ExitStatus.localFile.exitCode
            }
            let listing = CollectionListing(collection)
            let out = OutputStream.standardOutput
            if json {
                out.write(try ExchangeReport.encode(listing))
                out.write("\n")
            } else {
                out.write(TerminalSafeText.escaping(listing.table))
            }
            if !collection.problems.isEmpty { throw ExitStatus.usage.exitCode }
        }
    }
}
