/// A length of time as people type it: `10`, `1.5s`, `500ms`, `2m`, `1h` (`ferry load -z`, the TUI's load form).
public enum DurationText {
    /// The seconds `text` stands for; nil unless it is a positive, finite time.
    public static func seconds(_ text: String) -> Double? {
        let units: [(suffix: String, scale: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        let scaled = units.lazy.compactMap { unit in
            text.hasSuffix(unit.suffix) ? Double(text.dropLast(unit.suffix.count)).map { $0 * unit.scale } : nil
        }.first
        guard let value = scaled ?? Double(text), value > 0, value.isFinite else { return nil }
        return value
    }
}
