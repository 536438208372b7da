import CJavaScriptCore
import Foundation

/// Debian's JavaScriptCore, loaded (`dlopen`) when the first script runs, never at start-up: `ferry`
/// does not link it, so a machine without it runs everything but scripts.
enum JavaScriptCoreLibrary {
    static let fileName = "libjavascriptcoregtk-4.1.so.0"
    /// The library to load instead (another build of JavaScriptCore), or nil.
    static let override = ProcessInfo.processInfo.environment["FERRY_JAVASCRIPTCORE"]
    /// The Debian package that installs it.
    static let package = "libjavascriptcoregtk-4.1-0"

    /// Loads the library once; throws naming the package to install when it cannot.
    static func load() throws(ScriptEngineUnavailable) {
        if let failure = loaded { throw failure }
    }

    /// Why the library could not be loaded, or nil once it was: tried once per process (each script asks).
    private static let loaded: ScriptEngineUnavailable? = {
        var reason = [CChar](repeating: 0, count: 512)
        guard ferry_js_load(override ?? fileName, &reason, reason.count) == 1 else {
            return ScriptEngineUnavailable(reason: String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return nil
    }()
}

/// Why scripts cannot run here: JavaScriptCore could not be loaded.
public struct ScriptEngineUnavailable: Error, Sendable, CustomStringConvertible {
    public var reason: String

    public var description: String {
        "scripts need JavaScriptCore (install the Debian package \(JavaScriptCoreLibrary.package)): \(reason)"
    }
}
