import FerryCore

/// Draws a timeline as text: one row per phase, a bar placed at its offset and scaled to `width`.
public enum TimelineWaterfall {
    public static func render(_ timeline: Timeline, width: Int = 40) -> [String] {
        let total = max(timeline.total, 1)
        let columns = max(width, 10)
        var rows: [String] = []
        for phase in Timeline.Phase.allCases {
            let duration = timeline[phase]
            let start = Int(timeline.offset(of: phase) * Int64(columns) / total)
            let length = Int(duration * Int64(columns) / total)
            let bar: String
            if duration == 0 {
                bar = ""
            } else if length == 0 {
                bar = String(repeating: " ", count: min(start, columns - 1)) + "▏"
            } else {
                bar = String(repeating: " ", count: start) + String(repeating: "█", count: length)
            }
            rows.append(
                "  \(phase.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0))\(milliseconds(duration).leftPadded(to: 10))  \(bar)"
            )
        }
        rows.append("  \("total".padding(toLength: 10, withPad: " ", startingAt: 0))\(milliseconds(timeline.total).leftPadded(to: 10))")
        if timeline.redirect > 0 {
            rows.append("  (of which \(milliseconds(timeline.redirect)) on redirects before the final response)")
        }
        return rows
    }

    /// Microseconds as milliseconds with three significant decimals: `12.345 ms`.
    public static func milliseconds(_ microseconds: Int64) -> String {
        let whole = microseconds / 1000
        let fraction = microseconds % 1000
        return "\(whole).\(String(fraction).leftPadded(to: 3, with: "0")) ms"
    }
}
