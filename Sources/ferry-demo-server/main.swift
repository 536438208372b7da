import Foundation

let command = DemoServerCommand.parseOrExit()
do {
    try await command.serve()
} catch {
    DemoServerCommand.exit(withError: error)
}
