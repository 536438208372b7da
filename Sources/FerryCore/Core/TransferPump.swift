/// A thread that drives transfers and runs other work between them (the curl loop, whose executor
/// `ferry run` prefers). Work that runs long there — a script — calls `pump()` now and then, so the
/// transfers in flight go on meanwhile: an answer is read as it comes, and the request waiting for
/// its turn goes out, instead of both waiting for the work to end.
public protocol TransferPump: AnyObject, Sendable {
    /// Drives the transfers in flight without blocking; does nothing off the thread, or outside a job running on it.
    func pump()
}
