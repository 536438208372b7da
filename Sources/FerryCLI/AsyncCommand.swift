import ArgumentParser

/// A Ferry subcommand whose work is asynchronous.
///
/// swift-argument-parser's `AsyncParsableCommand` is not usable from this package's entry point on
/// Linux with Swift 6.3: calls resolve to the synchronous `main`/`run` overloads, which print help or
/// refuse (see Documentation/DECISIONS.md). Commands implement `execute()` and `FerryCommand.main`
/// runs it.
public protocol AsyncCommand: ParsableCommand {
    func execute() async throws
}
