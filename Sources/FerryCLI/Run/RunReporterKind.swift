import ArgumentParser

/// The report `ferry run` writes: lines for people, or a document for CI (`--reporter`).
enum RunReporterKind: String, CaseIterable, ExpressibleByArgument {
    case text, json, junit, tap
}
