import FerryCore

/// The Expect tab's rows: assertions and captures, one line each.
extension RequestEditor {
    /// The editor's checks with `variables` filled into their expected values.
    func renderedChecks(with variables: [Variable]) -> ResponseChecks {
        let checks = (try? description().checks) ?? ResponseChecks()
        return (try? checks.rendered(with: VariableResolver(variables))) ?? checks
    }

    /// Commits the edited Expect row: a line that does not read stays open with the reason in `notice`.
    mutating func commitCheckEdit(_ index: Int, text: String, notice: inout String?) -> Bool {
        if text.trimmingCharacters(in: .whitespaces).isEmpty {
            removeCheck(at: index)
            return true
        }
        do {
            checks[index] = try CheckLine(parsing: text).text
            return true
        } catch {
            notice = "✗ " + error.description
            return false
        }
    }

    /// Drops the Expect row at `index` (an emptied or abandoned new one).
    mutating func removeCheck(at index: Int) {
        if checks.indices.contains(index) { checks.remove(at: index) }
        checkSelection = max(0, min(checkSelection, checks.count - 1))
    }

    /// Adds `line` to the Expect tab, selected.
    mutating func addCheck(_ line: CheckLine) {
        checks.append(line.text)
        checkSelection = checks.count - 1
    }
}
