import FerryApp
import FerryCore
import FerryTUI

/// Opens the terminal UI for `ferry` and `ferry demo`, turning "no usable terminal" into exit 1.
enum TUIEntry {
    static func open(theme: String?, examples: [NamedRequest] = [], collection: String? = nil,
                     variables: [Variable] = [], environmentName: String? = nil) throws {
        do {
            try TUILauncher.run(theme: theme, examples: examples, collection: collection, variables: variables, environmentName: environmentName)
        } catch {
            OutputStream.standardError.line("ferry: \(error)")
            throw ExitStatus.usage.exitCode
        }
    }
}
