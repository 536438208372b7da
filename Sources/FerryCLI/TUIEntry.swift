import FerryApp
import FerryTUI

/// Opens the terminal UI for `ferry` and `ferry demo`, turning "no usable terminal" into exit 1.
enum TUIEntry {
    static func open(theme: String?, examples: [NamedRequest] = []) throws {
        do {
            try TUILauncher.run(theme: theme, examples: examples)
        } catch {
            OutputStream.standardError.line("ferry: \(error)")
            throw ExitStatus.usage.exitCode
        }
    }
}
