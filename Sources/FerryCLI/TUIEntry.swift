import ArgumentParser
import FerryApp
import FerryCore
import FerryTUI

/// Opens the terminal UI for `ferry` and `ferry demo`, turning "no usable terminal" into exit 1 and
/// an ending by a signal or a lost terminal into its exit status.
enum TUIEntry {
    static func open(
        theme: String?, examples: [RequestSource] = [], collection: String? = nil,
        variables: [Variable] = [], variablesOnlyFor: String? = nil, environmentName: String? = nil
    ) throws {
        let status: Int32
        do {
            status = try TUILauncher.run(
                theme: theme, examples: examples, collection: collection, variables: variables,
                variablesOnlyFor: variablesOnlyFor, environmentName: environmentName)
        } catch {
            OutputStream.standardError.line("ferry: \(error)")
            throw ExitStatus.usage.exitCode
        }
        if status != 0 { throw ExitCode(status) }
    }
}
