import FerryCore
import FerrySession
import FerryStore
import Foundation

extension ExchangePipelines {
    /// The pipelines of a command: the user's store, what the user must do (an OAuth 2.0 URL to
    /// open) said on stderr, and a cookie jar that cannot be read or written said there too; the
    /// exchanges recorded by `history` (nil: not recorded).
    static func commandLine(
        transport: any Transport, locations: StoreLocations = StoreLocations(environment: ProcessEnvironment.variables),
        keepsCookies: Bool, history: HistoryWriter?, printer: ResponsePrinter,
        onCookieProblem: @escaping @Sendable (FerryError) -> Void = { _ in }
    ) -> ExchangePipelines {
        let stderr = printer.stderr
        return ExchangePipelines(
            transport: transport, locations: locations,
            keepsCookies: keepsCookies, history: history, notify: { stderr.line("ferry: " + TerminalSafeText.escaping($0)) },
            onCookieProblem: { problem in
                stderr.line("ferry: " + TerminalSafeText.escaping(ErrorChain(problem).rendered))
                onCookieProblem(problem)
            })
    }
}
