/// A place in a document as the import report names it: keys joined by dots, indices in brackets
/// (`paths./pets.get.parameters[0]`). Passes over a `DecodingTree` keep one as they walk and make it
/// text only for a note.
struct DocumentPath {
    enum Step {
        case key(String)
        case index(Int)
    }

    private(set) var steps: [Step] = []

    init(_ steps: [Step] = []) {
        self.steps = steps
    }

    mutating func append(_ step: Step) { steps.append(step) }
    mutating func removeLast() { steps.removeLast() }

    /// The path as text; "" for the document itself.
    var text: String {
        var text = ""
        for step in steps {
            switch step {
            case .key(let key): text += (text.isEmpty ? "" : ".") + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// The text of the path to `key` below this one.
    func text(appending key: String) -> String {
        let text = text
        return text.isEmpty ? key : text + "." + key
    }
}
