import ArgumentParser

/// `ferry cookies list|clear`: the cookie jars `ferry send` and the TUI keep between runs.
struct CookiesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cookies",
        abstract: "List or clear a cookie jar (one per collection and environment, one for ad-hoc requests).",
        discussion:
            "Jars live in $XDG_DATA_HOME/ferry/cookies (~/.local/share/ferry by default) in the Netscape format curl's -b and -c read and write.",
        subcommands: [CookiesListCommand.self, CookiesClearCommand.self])
}
