import Foundation

/// How long a rule makes the mock wait before answering, in milliseconds: fixed, uniform between
/// two bounds, or drawn from a distribution — log-normal by its median and sigma (WireMock's
/// `lognormal`, whose long tail is how real servers' latencies look) or normal by its mean and
/// standard deviation (MockServer's `gaussian`). A draw is kept within 0 ... `limit`.
public enum MockLatency: Sendable, Equatable {
    case uniform(ClosedRange<Int>)
    case logNormal(median: Double, sigma: Double)
    case normal(mean: Double, deviation: Double)

    /// Ten minutes: the longest wait a mock file may ask for.
    public static let limit = 600_000

    /// A wait drawn with `random` (uniform in 0 ..< 1).
    public func sample(random: () -> Double) -> Int {
        let drawn: Double
        switch self {
        case .uniform(let range): return range.lowerBound + Int(Double(range.count - 1) * random())
        case .logNormal(let median, let sigma): drawn = median * exp(sigma * Self.standardNormal(random))
        case .normal(let mean, let deviation): drawn = mean + deviation * Self.standardNormal(random)
        }
        return drawn.isNaN ? 0 : Int(min(max(drawn, 0), Double(Self.limit)).rounded())
    }

    /// A draw of the standard normal distribution from two uniform ones (Box–Muller).
    private static func standardNormal(_ random: () -> Double) -> Double {
        let u = max(random(), .leastNonzeroMagnitude)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * random())
    }
}
