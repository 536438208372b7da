import Foundation
import Testing

/// The README's screen capture (made by scripts/readme-screen) is current: it shows every folder of
/// the bundled example collection, so adding one without re-running the script fails here.
@Suite struct ReadmeScreenTests {
    @Test func theCaptureShowsEveryExampleFolder() throws {
        let root = DocumentationExampleTests.root
        for page in ["README.md", "Documentation/tui.md"] {
            let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            let screen = try #require(
                text.components(separatedBy: "<!-- screen: begin").dropFirst().first?
                    .components(separatedBy: "<!-- screen: end -->").first, "\(page) has no screen markers")
            let examples = root.appendingPathComponent("Sources/FerryCLI/Examples").path
            // The folders holding request files (not environments/ or files/).
            let folders = try FileManager.default.contentsOfDirectory(atPath: examples).filter { name in
                let files = (try? FileManager.default.contentsOfDirectory(atPath: examples + "/" + name)) ?? []
                return files.contains { $0.hasSuffix(".ferry.yaml") && $0 != "_folder.ferry.yaml" }
            }
            #expect(!folders.isEmpty)
            for folder in folders {
                #expect(screen.contains("▾ \(folder)/"), "\(page)'s screen does not show \(folder)/: run scripts/readme-screen")
            }
            #expect(screen.contains("200 OK"), "\(page)'s screen shows no response: run scripts/readme-screen")
        }
    }
}
