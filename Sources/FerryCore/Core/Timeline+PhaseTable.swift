extension Timeline {
    /// The microseconds of each phase in a fixed table, and which phases were given: every request of
    /// a run builds a timeline and its report line and checks read the total, which a dictionary made
    /// cost a hash of each phase's name. A phase never given is left out of `durations` (and so of the
    /// history's JSON), as it was of the dictionary.
    struct PhaseTable: Sendable, Hashable {
        private var values = SIMD8<Int64>()
        /// One bit per phase given, at the phase's place in `Phase.allCases`.
        private var given: UInt8 = 0

        /// A phase's microseconds, or nil when it was never given; nil takes it out.
        subscript(phase: Phase) -> Int64? {
            get { given & phase.bit == 0 ? nil : values[phase.place] }
            set {
                values[phase.place] = newValue ?? 0
                if newValue == nil { given &= ~phase.bit } else { given |= phase.bit }
            }
        }

        /// The sum of every phase.
        var total: Int64 { values.wrappedSum() }

        /// The phases given, with their microseconds.
        var dictionary: [Phase: Int64] {
            var phases: [Phase: Int64] = [:]
            for phase in Phase.allCases { if let value = self[phase] { phases[phase] = value } }
            return phases
        }
    }
}

extension Timeline.Phase {
    /// The phase's place in `allCases`, the order they happen in.
    fileprivate var place: Int {
        switch self {
        case .queue: 0
        case .dns: 1
        case .connect: 2
        case .tls: 3
        case .send: 4
        case .wait: 5
        case .receive: 6
        case .serialize: 7
        }
    }

    fileprivate var bit: UInt8 { 1 << place }
}
