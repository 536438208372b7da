import Synchronization

/// The texts of one request file split into templates (`Template`) once, by their text: `ferry run`
/// splits its files' texts on the thread that reads them (`RequestDescription.prepareTemplates`), and a
/// file resolved again (`--repeat`, data rows, the TUI's editor) splits none again. It travels with
/// its `RequestDescription` but is not part of its value: any two caches are equal.
public final class TemplateCache: Sendable, Equatable {
    /// Each text's template, or nil when a placeholder stands inside another's name
    /// (`{{host.{{region}}}}`), which `VariableResolver.render` fills in first, each time.
    private let templates = Mutex<[String: Template?]>([:])

    public init() {}

    /// `text` split (nil: it nests placeholders), kept for the next time. The TUI's editor changes a
    /// text a key at a time, so the cache is emptied when it holds `capacity` texts.
    func template(_ text: String) -> Template? {
        if let known = templates.withLock({ $0[text] }) { return known }
        let template = VariableResolver.nestsPlaceholders(text) ? nil : Template(text)
        templates.withLock { templates in
            if templates.count >= Self.capacity { templates.removeAll(keepingCapacity: true) }
            templates[text] = template
        }
        return template
    }

    /// How many texts it holds.
    var count: Int { templates.withLock { $0.count } }

    private static let capacity = 256

    public static func == (lhs: TemplateCache, rhs: TemplateCache) -> Bool { true }
}
