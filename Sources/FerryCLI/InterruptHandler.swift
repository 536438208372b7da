import Dispatch
import Foundation

/// Turns SIGINT into a callback while alive, so a command can cancel its work and clean up
/// instead of dying mid-write. A second SIGINT after cancel ends the process as usual.
final class InterruptHandler {
    private let source: any DispatchSourceSignal

    init(_ onInterrupt: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler(handler: onInterrupt)
        source.resume()
    }

    func cancel() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
