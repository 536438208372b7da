import FerryCore

/// The Timeline tab's block for a redirect chain: one bar per hop on a shared scale, set-up (`░`,
/// DNS, connect, TLS), send and wait (`▒`) and the answer (`█`), with each hop's time and URL.
enum HopWaterfall {
    static let labelWidth = 10
    static let msWidth = 11

    /// Nothing for a single request; otherwise a heading, a row per hop, a legend and the URLs.
    static func lines(_ timeline: Timeline, width: Int) -> [[Span]] {
        guard timeline.hops.count > 1, let last = timeline.hops.last else { return [] }
        let scale = max(1, last.end)
        let barWidth = max(1, width - labelWidth - msWidth - 2)
        func column(_ time: Int64) -> Int { Int(min(time, scale) * Int64(barWidth) / scale) }
        var lines: [[Span]] = [[], [Span("per hop (from the transfer's start; queue not included)", .muted)]]
        for (index, hop) in timeline.hops.enumerated() {
            var bar = Array(repeating: Character(" "), count: barWidth)
            let firstByte = hop.firstByte ?? hop.end
            for (from, to, mark) in [(hop.start, hop.sent, "░"), (hop.sent, firstByte, "▒"), (firstByte, hop.end, "█")]
                as [(Int64, Int64, Character)]
            {
                for x in column(from)..<max(column(from), column(to)) where x < barWidth { bar[x] = mark }
            }
            if !bar.contains(where: { $0 != " " }) { bar[min(column(hop.start), barWidth - 1)] = "█" }
            let label = "\(index + 1) " + (hop.status.map(String.init) ?? "—")
            lines.append([
                Span(label.padding(toLength: labelWidth, withPad: " ", startingAt: 0), .accent), Span("▕"),
                Span(String(bar), .timelineBar), Span("▏"), Span(ByteCountText.milliseconds(hop.duration).leftPadded(to: msWidth - 1)),
            ])
        }
        lines.append([Span(String(repeating: " ", count: labelWidth + 1) + "░ set-up  ▒ send, wait  █ answer", .muted)])
        lines += timeline.hops.enumerated().map { index, hop in [Span("\(index + 1) ", .accent), Span(TerminalSafeText.escaping(hop.url))] }
        return lines
    }
}
