import FerryCore
import Foundation
import Synchronization

/// One exchange's contract checks in `ferry run` — its operation matched, its request checked (a
/// warning: it was sent), its response checked — made once its response is in, by whichever thread
/// takes them up first: the run's `ContractCheckWorker` in a batch, or the thread that concludes the
/// exchange, which waits only for a check the worker is making at that moment.
final class ContractCheck: @unchecked Sendable {
    /// What the checks found.
    struct Verdicts: Sendable {
        /// The operation matched.
        var exchange: ExchangeContract
        var request: ContractVerdict
        /// Nil when the exchange had no response.
        var response: ContractVerdict?
    }

    /// When the response came in: the latency bound counts from here.
    let arrived = ContinuousClock.now
    /// The run's worker, which may take it up once queued; nil: only its conclusion makes it.
    let worker: ContractCheckWorker?
    /// 0: waiting; 1: being made (by the thread that set it); 2: made.
    private let progress = Atomic<Int>(0)
    private let contract: OpenAPIContract
    // Read only by the thread that moved `progress` from 0 to 1, and let go of by it.
    private var request: Request?
    private var response: Response?
    // Written before `progress` becomes 2, read after.
    private var made: Verdicts?

    init(_ contract: OpenAPIContract, request: Request, response: Response?, worker: ContractCheckWorker?) {
        self.contract = contract
        self.request = request
        self.response = response
        self.worker = worker
    }

    var isMade: Bool { progress.load(ordering: .sequentiallyConsistent) == 2 }

    /// Makes the verdicts, unless another thread has taken them up (then false).
    func make() -> Bool {
        guard progress.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged else { return false }
        let request = request.take()!
        let exchange = ExchangeContract(contract, method: request.method, url: request.url)
        made = Verdicts(
            exchange: exchange, request: exchange.check(request: request),
            response: response.take().map { exchange.check($0, document: nil) })
        progress.store(2, ordering: .sequentiallyConsistent)
        return true
    }

    /// The verdicts: made here if no thread has taken them up, else waited for (blocking).
    var verdicts: Verdicts {
        if !make(), !isMade { worker?.wait(for: self) }
        return made!
    }
}
