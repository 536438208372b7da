import Foundation

/// Byte counts and rates for people: `512 B`, `1.5 KiB`, `12.0 MiB/s`.
public enum ByteCountText {
    public static func format(_ bytes: Int64) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f", value) + " " + units[unit]
    }

    /// Milliseconds from microseconds, one decimal under 100 ms.
    public static func milliseconds(_ micros: Int64) -> String {
        let ms = Double(micros) / 1000
        return ms < 100 ? String(format: "%.1f ms", ms) : String(format: "%.0f ms", ms)
    }
}
