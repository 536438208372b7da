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
        return (try? checks.rendered(with: VariableResolver(collection.variables + collection.chained + collection.captured))) ?? checks
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

extension AppState {
    /// `a` and `c` in the Tree: the selected node becomes an Expect line, an assertion of its value
    /// (`$.items count == 3` for a container) or a capture named after its key.
    mutating func addCheck(for action: Action) {
        guard let tree = exchange.summary?.tree, let document = tree.document, let node = tree.selectedNode else {
            notice = "select a node of the Tree first"
            return
        }
        let path = NodePath.path(of: node, in: document)
        let line: CheckLine
        if action == .captureNode {
            let key = document.key(of: node) ?? document.name(of: node) ?? "value"
            let name = String(key.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" })
            line = .capture(Capture(name: name.isEmpty ? "value" : name, source: .body(path: path)))
        } else {
            let predicate: Assertion.Predicate =
                switch ResponseFacts.value(of: node, in: document) {
                case .array(let count, _), .object(let count, _): .count(.compare(.equal, .number(String(count))))
                case .string(let text), .text(let text): .compare(.equal, .string(text))
                case .number(let text): .compare(.equal, .number(text))
                case .bool(let value): .compare(.equal, .bool(value))
                case .null: .isKind(.null)
                case .missing: .exists(true)
                }
            line = .assertion(Assertion(.body(path: path), predicate))
        }
        editor.checks.append(line.text)
        editor.checkSelection = editor.checks.count - 1
        notice = "added to Expect: \(line.text)"
    }
}
