import FerryCore

/// The Expect tab's rows (assertions and captures, one line each) and what a response's checks
/// leave behind: captured values become the session's variables.
extension AppState {
    /// Keeps the captured values for the requests sent after this one; the status line says what
    /// was captured and how many checks failed.
    mutating func takeCaptures(_ checks: CheckReport) -> String? {
        for variable in checks.captured {
            collection.captured.removeAll { $0.name == variable.name }
            collection.captured.append(variable)
        }
        var parts: [String] = []
        let failed = checks.failures.count + checks.captureProblems.count
        if failed > 0 { parts.append("\(failed) check(s) failed (Errors tab)") }
        if !checks.captured.isEmpty { parts.append("captured " + checks.captured.map { "{{\($0.name)}}" }.joined(separator: ", ")) }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// The editor's checks with the session's variables filled into their expected values.
    func renderedChecks() -> ResponseChecks {
        let checks = (try? editor.description().checks) ?? ResponseChecks()
        return (try? checks.rendered(with: VariableResolver(collection.variables + collection.captured))) ?? checks
    }

    /// Commits the edited Expect row: a line that does not read stays open with the reason shown.
    mutating func commitCheckEdit(_ index: Int, text: String, isNewRow: Bool) -> Bool {
        if text.trimmingCharacters(in: .whitespaces).isEmpty {
            if editor.checks.indices.contains(index) { editor.checks.remove(at: index) }
            editor.checkSelection = max(0, min(editor.checkSelection, editor.checks.count - 1))
            return true
        }
        do {
            editor.checks[index] = try CheckLine(parsing: text).text
            return true
        } catch {
            notice = "✗ " + error.description
            return false
        }
    }
}
