import ArgumentParser

/// `--theme NAME` for the commands that open the TUI. One group shared by `ferry`, `ferry demo` and
/// `ferry view`: a parent's option may follow a subcommand, and only a shared group hands the
/// value to the subcommand instead of keeping it at the root.
struct ThemeOption: ParsableArguments {
    @Option(
        name: .long,
        help:
            "The TUI's colour theme (ferry-dark, ferry-light, solarized-dark, high-contrast, monochrome, or one in ~/.config/ferry/themes); default: `theme:` in ~/.config/ferry/config.yaml, else ferry-dark."
    )
    var theme: String?
}
