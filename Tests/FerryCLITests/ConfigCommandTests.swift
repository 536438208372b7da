import FerryTestSupport
import Foundation
import Testing

/// `ferry config` and `ferry --version`: the real binary, with a home of its own.
@Suite struct ConfigCommandTests {
    /// A fresh home with `config` and `data` folders, and the environment that points Ferry at them.
    private func scratchHome() throws -> (folder: String, environment: [String: String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-config-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/config/ferry", withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = folder
        environment["XDG_CONFIG_HOME"] = folder + "/config"
        environment["XDG_DATA_HOME"] = folder + "/data"
        environment["NO_COLOR"] = nil
        return (folder, environment)
    }

    private func report(_ environment: [String: String]) async throws -> [String: Any] {
        let outcome = await FerryBinary.run(["config", "--json"], environment: environment)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
    }

    @Test func pathsFollowTheXDGFoldersAndMissingFilesGiveTheDefaults() async throws {
        let (folder, environment) = try scratchHome()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = try await report(environment)
        let paths = try #require(report["paths"] as? [String: String])
        #expect(paths["config"] == folder + "/config/ferry/config.yaml")
        #expect(paths["keymap"] == folder + "/config/ferry/keymap.yaml")
        #expect(paths["themes"] == folder + "/config/ferry/themes")
        #expect(paths["data"] == folder + "/data/ferry")
        #expect(paths["history"] == folder + "/data/ferry/history.sqlite")
        #expect(paths["layout"] == folder + "/data/ferry/tui.yaml")
        let present = try #require(report["present"] as? [String: Bool])
        #expect(present["config"] == false && present["history"] == false)
        #expect(present["builtinThemes"] == true && present["examples"] == true)
        #expect((report["settings"] as? [String: String])?["theme"] == "ferry-dark")
        #expect((report["sources"] as? [String: String])?["theme"] == "default")
        #expect((report["themes"] as? [String])?.contains("solarized-dark") == true)
        #expect((report["problems"] as? [String])?.isEmpty == true)

        let text = await FerryBinary.run(["config"], environment: environment)
        #expect(text.status == 0)
        #expect(
            text.text.contains("config       \(folder)/config/ferry/config.yaml (none: the defaults)\n  theme      ferry-dark (default)\n"))
        #expect(text.text.contains("history      \(folder)/data/ferry/history.sqlite (not yet made)\n"))
    }

    @Test func theThemeComesFromConfigYAMLAndABrokenFileIsNamed() async throws {
        let (folder, environment) = try scratchHome()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let config = folder + "/config/ferry/config.yaml"
        try "theme: solarized-dark\n".write(toFile: config, atomically: true, encoding: .utf8)
        let chosen = try await report(environment)
        #expect((chosen["settings"] as? [String: String])?["theme"] == "solarized-dark")
        #expect((chosen["sources"] as? [String: String])?["theme"] == "config.yaml")
        #expect((chosen["present"] as? [String: Bool])?["config"] == true)

        try "theme: solarized-dark\ncolour: red\n".write(toFile: config, atomically: true, encoding: .utf8)
        let broken = try await report(environment)
        #expect((broken["settings"] as? [String: String])?["theme"] == "ferry-dark")
        let problems = try #require(broken["problems"] as? [String])
        #expect(problems.count == 1)
        #expect(problems.first?.contains("config.yaml:2") == true && problems.first?.contains("colour") == true)
    }

    @Test func versionNamesFerryAndLibcurlWithTheFeaturesCurlReports() async throws {
        let outcome = await FerryBinary.run(["--version"])
        #expect(outcome.status == 0)
        let lines = outcome.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "ferry 0.1.0")
        let libcurl = try #require(lines.first { $0.hasPrefix("libcurl ") })
        let features = try #require(lines.first { $0.hasPrefix("features: ") })
        #expect(features.split(separator: " ").contains("HTTP2"))

        // curl(1) on the same libcurl reports the same features.
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["--version"]
        let pipe = Pipe()
        curl.standardOutput = pipe
        try curl.run()
        let curlText = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        curl.waitUntilExit()
        let curlVersion = libcurl.split(separator: " ")[1]
        if curlText.contains("libcurl/\(curlVersion) ") {
            let curlFeatures = try #require(curlText.split(separator: "\n").first { $0.hasPrefix("Features: ") })
            #expect(Set(curlFeatures.split(separator: " ").dropFirst()) == Set(features.split(separator: " ").dropFirst()))
        }
    }
}
