import FerryCore
import Foundation

/// A script as `ScriptEngine` calls it: its literals taken out (`ScriptLiterals`) and its text
/// inside the function each context compiles once per text. Made once per script text (kept for
/// the scripts a run repeats: a folder's or the collection's before each request, each
/// iteration's), and in `ferry run` when the request file is read, on the plan's reader thread:
/// not on the thread the run's requests wait for. A reference: a request's scripts are handed on
/// several times a request, and a copy of the script and its literals was a retain of each.
public final class ScriptFunction: Sendable {
    public let source: ScriptSource
    let literals: ScriptLiterals?
    /// The function's source (`wrapped`).
    let text: String

    public init(_ source: ScriptSource) {
        self.source = source
        let key = Key(text: source.text, afterFirstLine: source.line > 1)
        if let known = Self.lock.withLock({ Self.made[key] }) {
            (literals, text) = known
            return
        }
        let literals = ScriptLiterals.make(source.text)
        let made = (literals, Self.wrapped(source, literals: literals))
        Self.lock.withLock {
            if Self.made.count >= 256 { Self.made.removeAll(keepingCapacity: true) }
            Self.made[key] = made
        }
        (self.literals, text) = made
    }

    /// Scripts' literals and functions by text: at most 256, forgotten together when full.
    nonisolated(unsafe) private static var made: [Key: (ScriptLiterals?, String)] = [:]
    private static let lock = NSLock()

    /// What `made` keeps a script's function by: its text, and whether it starts after its file's first line.
    private struct Key: Hashable {
        var text: String
        var afterFirstLine: Bool
    }

    /// The script inside a function of the input, the body and the literals (JSON) that begins the
    /// state and runs it, so its declarations stay its own; an async one when it says `await`
    /// (JavaScriptCore compiles an async function into twice the code, which a script's first run
    /// pays for). The wrapper's first line comes before the script's, whose lines keep their
    /// distance. With `literals`, their text inside a function of `ƒ`, their values.
    static func wrapped(_ script: ScriptSource, literals: ScriptLiterals?) -> String {
        let async = script.mentions(["await"])
        let (open, close) = literals == nil ? ("", "") : ("((\(ScriptLiterals.name)) => ", ")(JSON.parse(__ferryLiterals))")
        let body = literals?.text ?? script.text
        var wrapped = ""
        wrapped.reserveCapacity(body.utf8.count + 200)
        wrapped += "(function (__ferryInput, __ferryBody, __ferryLiterals) { " + ScriptEngine.begin + open
        wrapped += async ? "__ferry.settle((async () => {" : "__ferry.call(() => {"
        if script.line > 1 { wrapped += "\n" }
        wrapped += body
        wrapped += async ? "\n})())" : "\n})"
        return wrapped + close + "; })"
    }
}
