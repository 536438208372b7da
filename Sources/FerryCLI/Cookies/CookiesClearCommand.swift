import ArgumentParser
import FerryCore
import FerryStore
import Foundation

/// `ferry cookies clear`: empties a jar (the file stays, mode 0600), or only one domain's cookies.
struct CookiesClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove the cookies of a jar (all, or one domain's).")

    @OptionGroup var choice: CookieJarChoice

    @Option(name: .customLong("domain"), help: ArgumentHelp("Remove only this domain's cookies.", valueName: "domain"))
    var domain: String?

    func run() throws {
        let path = choice.path
        let stderr = OutputStream.standardError
        do {
            var jar = try CookieJarFile.read(path)
            let before = jar.cookies.count
            jar.cookies.removeAll { cookie in domain.map { cookie.domain.caseInsensitiveCompare($0) == .orderedSame } ?? true }
            try CookieJarFile.write(jar, to: path)
            OutputStream.standardOutput.line("removed \(before - jar.cookies.count) of \(before) cookies from \(path)")
        } catch let problem as ConfigProblem {
            stderr.line("ferry: " + problem.description)
            throw ExitStatus.usage.exitCode
        } catch let error as FerryError {
            stderr.line("ferry: " + ErrorChain(error).rendered)
            throw ExitStatus(for: error).exitCode
        }
    }
}
