import Foundation

/// Where the time of one exchange went, phase by phase, in microseconds.
///
/// The phases are never negative and always add up to `total`. When redirects were followed, each
/// phase is the sum over every hop (as libcurl reports it), and `redirect` tells how much of the
/// total went to the hops before the final one; `redirect` is part of the other phases, not added.
public struct Timeline: Sendable, Hashable, Codable {
    /// The phases in the order they happen. Names beside each are HAR's and libcurl's.
    public enum Phase: String, Sendable, CaseIterable, Codable, CodingKeyRepresentable {
        /// Waiting for the transport to pick the request up.   HAR `blocked`; not in curl (Ferry's own clock).
        case queue
        /// Resolving the host name.                            HAR `dns`;     curl NAMELOOKUP.
        case dns
        /// Establishing the TCP connection.                    HAR `connect`; curl CONNECT − NAMELOOKUP.
        case connect
        /// The TLS handshake.                                   HAR `ssl`;     curl APPCONNECT − CONNECT.
        case tls
        /// Protocol set-up and writing the request head and body. HAR `send`; curl PRETRANSFER − APPCONNECT, plus the
        /// time from the first to the last byte written (Ferry's clock, from curl's debug callback).
        case send
        /// Waiting for the first byte of the response.          HAR `wait`;    from the last byte written to the first
        /// response byte (Ferry's clock), or curl STARTTRANSFER − the end of send.
        case wait
        /// Reading the response body.                           HAR `receive`; curl TOTAL − the end of wait.
        case receive
        /// Turning the body into a value (JSON tree, string…). Not in HAR or curl; filled in by the response side.
        case serialize

        /// The name HAR 1.2 uses for this phase, when it has one.
        public var harName: String? {
            switch self {
            case .queue: "blocked"
            case .dns: "dns"
            case .connect: "connect"
            case .tls: "ssl"
            case .send: "send"
            case .wait: "wait"
            case .receive: "receive"
            case .serialize: nil
            }
        }
    }

    /// Wall-clock time the request was handed to the transport.
    public var start: Date
    private var phases = PhaseTable()
    /// Microseconds spent on the redirect hops before the final response (included in the phases).
    public var redirect: Int64
    /// Each request of the exchange with its own marks, when the transport measured them (one per
    /// redirect hop plus the final one); not encoded (the phases are the stable record).
    public var hops: [Hop] = []

    private enum CodingKeys: String, CodingKey { case start, durations, redirect }

    public init(start: Date, durations: [Phase: Int64] = [:], redirect: Int64 = 0) {
        self.start = start
        for (phase, value) in durations { phases[phase] = max(0, value) }
        self.redirect = max(0, redirect)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        start = try container.decode(Date.self, forKey: .start)
        for (phase, value) in try container.decode([Phase: Int64].self, forKey: .durations) { phases[phase] = value }
        redirect = try container.decode(Int64.self, forKey: .redirect)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start, forKey: .start)
        try container.encode(durations, forKey: .durations)
        try container.encode(redirect, forKey: .redirect)
    }

    /// The phases that were given, with their microseconds (one never given is not listed).
    public var durations: [Phase: Int64] { phases.dictionary }

    /// The microseconds of `phase`, or nil when it was never given (as `durations` has it, without
    /// building the dictionary: the history writes every timeline of a run).
    public func duration(_ phase: Phase) -> Int64? { phases[phase] }

    public subscript(phase: Phase) -> Int64 {
        get { phases[phase] ?? 0 }
        set { phases[phase] = max(0, newValue) }
    }

    /// The sum of all phases (every report line and check of a run reads it).
    public var total: Int64 { phases.total }

    /// The offset from the start at which `phase` begins.
    public func offset(of phase: Phase) -> Int64 {
        Phase.allCases.prefix { $0 != phase }.reduce(0) { $0 + self[$1] }
    }
}

extension Timeline {
    /// Cumulative instants of one transfer as a transport reports them, in microseconds from its start.
    /// Values the transport did not reach are 0 (no TLS, a failure before the first byte).
    public struct TransferMarks: Sendable, Hashable {
        public var nameLookup: Int64
        public var connect: Int64
        public var tlsHandshake: Int64
        public var preTransfer: Int64
        /// How long writing the request took, from its first byte to its last (summed over hops).
        public var requestWriting: Int64
        /// From the last byte written to the first byte of the response (summed over hops); 0 when not measured.
        public var responseWaiting: Int64
        /// Reported by libcurl; used for `wait` when `responseWaiting` was not measured.
        public var firstByte: Int64
        public var total: Int64
        public var redirect: Int64

        public init(
            nameLookup: Int64 = 0, connect: Int64 = 0, tlsHandshake: Int64 = 0, preTransfer: Int64 = 0,
            requestWriting: Int64 = 0, responseWaiting: Int64 = 0, firstByte: Int64 = 0, total: Int64 = 0, redirect: Int64 = 0
        ) {
            self.nameLookup = nameLookup
            self.connect = connect
            self.tlsHandshake = tlsHandshake
            self.preTransfer = preTransfer
            self.requestWriting = requestWriting
            self.responseWaiting = responseWaiting
            self.firstByte = firstByte
            self.total = total
            self.redirect = redirect
        }
    }

    /// Builds the phases from cumulative marks. Marks that run backwards (a reused connection
    /// reports 0 for connect, a failed transfer stops early) are clamped, so no phase is negative
    /// and the phases add up to `queue + marks.total`.
    public init(start: Date, queue: Int64, marks: TransferMarks) {
        let total = max(0, marks.total)
        var previous: Int64 = 0
        func mark(_ value: Int64) -> Int64 {
            let clamped = min(max(value, previous), total)
            defer { previous = clamped }
            return clamped - previous
        }
        let dns = mark(marks.nameLookup)
        let connect = mark(marks.connect)
        let tls = mark(marks.tlsHandshake)
        let send = mark(max(marks.preTransfer, previous) + marks.requestWriting)
        // Ferry's own clock when it saw the wait; libcurl's STARTTRANSFER otherwise (for uploads
        // curl 7.88 sets it when sending starts, too early). No first byte at all: all waiting.
        let wait = mark(
            marks.responseWaiting > 0
                ? previous + marks.responseWaiting
                : marks.firstByte > 0 ? marks.firstByte : total)
        let receive = mark(total)
        self.init(start: start, redirect: min(marks.redirect, total))
        self[.queue] = queue
        self[.dns] = dns
        self[.connect] = connect
        self[.tls] = tls
        self[.send] = send
        self[.wait] = wait
        self[.receive] = receive
    }
}
