import FerryCore

extension ExchangeDiff {
    /// The differences as lines a person reads (`ferry history diff`, the TUI's diff view):
    /// status, then `+`/`-`/`~` per header and per body tree path. Not escaped for a terminal.
    public var lines: [String] {
        var lines = ["#\(old) → #\(new)"]
        if let status {
            lines.append("status: \(status.old.map(String.init) ?? "error") → \(status.new.map(String.init) ?? "error")")
        } else {
            lines.append("status: same")
        }
        lines.append(headers.isEmpty ? "headers: same" : "headers:")
        for change in headers { lines.append("  " + Self.line(change.kind, change.name + ":", change.old, change.new)) }
        if body.identical {
            lines.append("body: identical")
        } else if let note = body.note {
            lines.append("body: \(note)")
        } else {
            lines.append("body (\(body.format ?? "")): \(body.changes.count) change\(body.changes.count == 1 ? "" : "s")")
            for change in body.changes { lines.append("  " + Self.line(change.kind, change.path, change.old, change.new)) }
        }
        lines.append("body fingerprints: \(body.fingerprints.map { $0 ?? "none" }.joined(separator: " → "))")
        return lines
    }

    private static func line(_ kind: DocumentDiff.Change.Kind, _ subject: String, _ old: String?, _ new: String?) -> String {
        switch kind {
        case .added: "+ \(subject) \(new ?? "")"
        case .removed: "- \(subject) \(old ?? "")"
        case .changed: "~ \(subject) \(old ?? "") → \(new ?? "")"
        }
    }
}
