/// What a rule does to an answer on purpose: a latency (fixed, uniform, or from a distribution), an
/// error status at a rate, a dropped connection at a rate, a body dribbled slowly at a rate.
public struct MockFault: Sendable {
    public var latency: MockLatency?
    /// Answer `errorStatus` instead, this often (0 to 1).
    public var errorRate = 0.0
    public var errorStatus = 500
    /// Close the connection instead of answering, this often (0 to 1).
    public var dropRate = 0.0
    /// Send the body at this many bytes a second, this often (0 to 1).
    public var dribble: (bytesPerSecond: Int, rate: Double)?

    public init() {}

    /// `reply` with the faults applied, chance read from `random` (0 ..< 1).
    func apply(to reply: MockReply, random: () -> Double) -> MockReply {
        var reply = reply
        if let latency { reply.delay = latency.sample(random: random) }
        if dropRate > 0, random() < dropRate {
            reply.dropsConnection = true
        } else if errorRate > 0, random() < errorRate {
            let problem = MockProblem(
                status: errorStatus, title: "Injected fault", detail: "the mock file asks for \(errorStatus) this often")
            let delay = reply.delay
            reply = problem.reply
            reply.delay = delay
        }
        if let dribble, !reply.dropsConnection, dribble.rate >= 1 || random() < dribble.rate {
            reply.bytesPerSecond = dribble.bytesPerSecond
        }
        return reply
    }
}
