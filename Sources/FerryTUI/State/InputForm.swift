/// A small form over the screen: a few labelled one-line fields, one of them being typed in, and
/// what Enter starts with them (a load of the editor's request, the mock server).
public struct InputForm: Hashable, Sendable {
    public enum Purpose: Hashable, Sendable {
        case load, mock
    }

    public struct Field: Hashable, Sendable {
        public var label: String
        /// What the field takes, shown after it.
        public var hint: String
        public var value: TextField
    }

    public var purpose: Purpose
    public var title: String
    public var fields: [Field]
    /// The field being typed in.
    public var selection = 0
    /// Why Enter did not start: a value that cannot be read.
    public var problem: String?

    /// The load form: `ferry load`'s -c, -z, -n and -r, with the TUI's defaults (`-c 10 -z 10s`), and
    /// what to load: the editor's request, or a folder of the collection with `--weight`s.
    public static let load = InputForm(
        purpose: .load, title: "Load test: Enter starts, Tab or ↑/↓ moves, Esc closes",
        fields: [
            Field(label: "Connections", hint: "requests in flight at once", value: TextField("10")),
            Field(label: "Duration", hint: "10s, 500ms, 2m; empty with a count", value: TextField("10s")),
            Field(label: "Requests", hint: "a count instead of a duration", value: TextField()),
            Field(label: "Rate", hint: "requests per second (open model); empty: as fast as answered", value: TextField()),
            Field(
                label: "Target", hint: "empty: the editor's request; . : every request file; or a folder of the collection",
                value: TextField()),
            Field(label: "Weights", hint: "with a Target: file=n …, as ferry load --weight (1 by default)", value: TextField()),
        ])

    /// The mock server's form: the port to listen on and `ferry mock`'s modes, as `settings` had them.
    public static func mock(_ settings: MockSettings) -> InputForm {
        let on = { (value: Bool) in value ? "y" : "" }
        return InputForm(
            purpose: .mock, title: "Mock server: Enter starts, Tab or ↑/↓ moves, Esc closes",
            fields: [
                Field(label: "Port", hint: "on 127.0.0.1; 0 picks a free one", value: TextField(String(settings.port))),
                Field(
                    label: "Stateful", hint: "y: POST creates, GET reads, PUT/PATCH/DELETE change (--stateful)",
                    value: TextField(on(settings.stateful))),
                Field(
                    label: "Validate", hint: "y: a request that breaks its OpenAPI operation gets a 400 (--validate)",
                    value: TextField(on(settings.validatesRequests))),
                Field(
                    label: "History", hint: "y: also what real servers answered; or a run id (--from-history)",
                    value: TextField(settings.historyRun.map { $0.isEmpty ? "y" : $0 } ?? "")),
                Field(
                    label: "Record", hint: "a base URL: what nothing answers goes there, into the history (--record)",
                    value: TextField(settings.upstream ?? "")),
                Field(
                    label: "Examples", hint: "y: save each recorded answer in its request file (--into-examples)",
                    value: TextField(on(settings.intoExamples))),
            ])
    }

    /// The text of the field labelled `label`, trimmed ("" when there is none).
    public func value(_ label: String) -> String {
        (fields.first { $0.label == label }?.value.text ?? "").trimmingCharacters(in: .whitespaces)
    }

    /// Moves to the next (or previous) field, round.
    mutating func move(by step: Int) {
        selection = ((selection + step) % fields.count + fields.count) % fields.count
    }

    /// Types into, or edits, the selected field; the last problem goes.
    mutating func edit(_ change: TextChange) {
        fields[selection].value.edit(change)
        problem = nil
    }
}
