/// What a rule does to an answer on purpose: a latency (fixed, or uniform between two bounds), an
/// error status at a rate, a dropped connection at a rate.
public struct MockFault: Sendable, Equatable {
    /// Milliseconds, the least and the most (equal for a fixed latency).
    public var latency: ClosedRange<Int>?
    /// Answer `errorStatus` instead, this often (0 to 1).
    public var errorRate = 0.0
    public var errorStatus = 500
    /// Close the connection instead of answering, this often (0 to 1).
    public var dropRate = 0.0

    public init() {}

    /// `reply` with the faults applied, chance read from `random` (0 ..< 1).
    func apply(to reply: MockReply, random: () -> Double) -> MockReply {
        var reply = reply
        if let latency { reply.delay = latency.lowerBound + Int(Double(latency.count - 1) * random()) }
        if dropRate > 0, random() < dropRate {
            reply.dropsConnection = true
        } else if errorRate > 0, random() < errorRate {
            let problem = MockProblem(
                status: errorStatus, title: "Injected fault", detail: "the mock file asks for \(errorStatus) this often")
            let delay = reply.delay
            reply = problem.reply
            reply.delay = delay
        }
        return reply
    }
}
