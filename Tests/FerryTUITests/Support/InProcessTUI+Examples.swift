import FerryCore
import FerryTestSupport
import Foundation

extension InProcessTUI {
    /// The bundled examples in the sources.
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/FerryCLI/Examples").path

    /// The TUI (120×34) on a copy of the bundled examples in `home`, with the demo environment and
    /// `baseURL` pointing at a demo server; `leaked` is set when a painted frame holds a token of the
    /// demo's log-in (it starts with the user's name in base64), which must stay redacted.
    static func onExamples(home: TemporaryDirectory, baseURL: String, leaked: LockedFlag) throws -> InProcessTUI {
        let collection = home.file("examples")
        try FileManager.default.copyItem(atPath: examples, toPath: collection)
        return InProcessTUI(
            home: home, width: 120, height: 34, collection: collection,
            variables: [Variable(name: "baseURL", value: baseURL)], environmentName: "demo"
        ) { painted in
            if painted.text.contains(Data("ferry".utf8).base64EncodedString() + ".") { leaked.set() }
        }
    }
}
