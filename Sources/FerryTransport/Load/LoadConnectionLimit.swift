import Foundation

/// How many connections this process can hold open: the open-file limit, raised to its hard limit
/// when it is lower, less what the process needs besides (standard streams, the history, curl's own).
public enum LoadConnectionLimit {
    static let reserved = 64

    /// The most concurrent connections a load may use; raises the soft open-file limit first.
    public static func raised() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 - reserved }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return max(1, Int(min(limit.rlim_cur, rlim_t(Int32.max))) - reserved)
    }
}
