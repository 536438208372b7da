import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// Cookie jars from the command line: kept across runs (0600), read and written by curl too,
/// `-b`/`-c`/`--no-cookies`, and `ferry cookies list|clear`; with the demo server and httpbin.
@Suite struct CookieCommandTests {
    /// A data folder of this test's own, so its jars are its own.
    private struct Home {
        let directory: TemporaryDirectory
        var environment: [String: String] { ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": directory.file("data")]) { $1 } }
        var adHocJar: String { directory.file("data/ferry/cookies/ad-hoc.txt") }

        init() throws { directory = try TemporaryDirectory() }

        func ferry(_ arguments: [String]) async -> FerryBinary.Outcome { await FerryBinary.run(arguments, environment: environment) }
    }

    private func cookies(_ outcome: FerryBinary.Outcome) throws -> [String: String] {
        let document = try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: [String: String]]
        return try #require(document?["cookies"], "\(outcome.text) \(outcome.stderr)")
    }

    @Test func cookiesAreKeptAcrossRunsInA0600JarThatCurlReads() async throws {
        let home = try Home()
        try await withDemoServer { server throws in
            let set = await home.ferry(["send", "\(server.baseURL)/cookies/set?flavour=oat&size=big", "--timeline"])
            #expect(set.status == 0, "\(set.stderr)")
            #expect(
                set.stderr.contains("↪ 302 \(server.baseURL)/cookies/set?flavour=oat&size=big → /cookies; sets flavour=oat, size=big"),
                "\(set.stderr)")
            #expect(
                try cookies(await home.ferry(["send", "\(server.baseURL)/cookies"])) == ["flavour": "oat", "size": "big"],
                "a second run sends them")
            let mode = try FileManager.default.attributesOfItem(atPath: home.adHocJar)[.posixPermissions] as? Int
            #expect(mode == 0o600)

            let curl = await ChildProcess.run("/usr/bin/curl", ["-s", "-b", home.adHocJar, "\(server.baseURL)/cookies"])
            #expect(try cookies(curl) == ["flavour": "oat", "size": "big"], "curl -b reads Ferry's jar")

            let listed = await home.ferry(["cookies", "list"])
            #expect(listed.text == "\(home.adHocJar): 2 cookies\nflavour=oat  127.0.0.1/  session\nsize=big  127.0.0.1/  session\n")
            #expect(try cookies(await home.ferry(["send", "\(server.baseURL)/cookies", "--no-cookies"])).isEmpty)

            let cleared = await home.ferry(["cookies", "clear"])
            #expect(cleared.text == "removed 2 of 2 cookies from \(home.adHocJar)\n")
            #expect(try cookies(await home.ferry(["send", "\(server.baseURL)/cookies"])).isEmpty)
        }
    }

    @Test func aJarCurlWroteIsReadByDashBAndDashCWritesOneCurlReads() async throws {
        let home = try Home()
        try await withDemoServer { server throws in
            let curlJar = home.directory.file("curl-jar.txt")
            let curl = await ChildProcess.run("/usr/bin/curl", ["-s", "-L", "-c", curlJar, "\(server.baseURL)/cookies/set?from=curl"])
            #expect(curl.status == 0)
            let sent = await home.ferry(["send", "\(server.baseURL)/cookies", "-b", curlJar])
            #expect(try cookies(sent) == ["from": "curl"])
            #expect(!FileManager.default.fileExists(atPath: home.adHocJar), "-b FILE replaces Ferry's jar: nothing else is written")

            let ferryJar = home.directory.file("jars/ferry.txt")
            let written = await home.ferry(["send", "\(server.baseURL)/cookies/set?from=ferry", "-c", ferryJar])
            #expect(written.status == 0, "\(written.stderr)")
            #expect(
                try cookies(await ChildProcess.run("/usr/bin/curl", ["-s", "-b", ferryJar, "\(server.baseURL)/cookies"])) == [
                    "from": "ferry"
                ])
            #expect(
                try cookies(await home.ferry(["send", "\(server.baseURL)/cookies", "-b", "inline=1; other=2"])) == [
                    "inline": "1", "other": "2",
                ])
        }
    }

    @Test func httpbinsCookieEndpointsRoundTripThroughTheJar() async throws {
        let home = try Home()
        try await withHTTPBin { httpbin throws in
            #expect(
                try cookies(await home.ferry(["send", "\(httpbin.baseURL)/cookies/set?session=abc&theme=dark"])) == [
                    "session": "abc", "theme": "dark",
                ])
            #expect(try cookies(await home.ferry(["send", "\(httpbin.baseURL)/cookies/delete?theme"])) == ["session": "abc"])
            #expect(try cookies(await home.ferry(["send", "\(httpbin.baseURL)/cookies"])) == ["session": "abc"])
            let listed = await home.ferry(["cookies", "list", "--json"])
            let document = try JSONSerialization.jsonObject(with: listed.stdout) as? [String: Any]
            let entries = try #require(document?["cookies"] as? [[String: Any]])
            #expect(entries.map { $0["name"] as? String } == ["session"])
        }
    }

    @Test func aBrokenJarIsNamedWithItsLineAndNothingIsSent() async throws {
        let home = try Home()
        let broken = try home.directory.write("broken.txt", Data("# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\n".utf8))
        let outcome = await home.ferry(["send", "http://127.0.0.1:9/cookies", "-b", broken])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("\(broken):2: expected 7 tab-separated fields"), "\(outcome.stderr)")
        let listed = await home.ferry(["cookies", "list", "--jar", broken])
        #expect(listed.status == 1)
    }

    @Test func eachEnvironmentOfACollectionHasItsOwnJar() async throws {
        let home = try Home()
        try await withDemoServer { server throws in
            let collection = home.directory.file("shop")
            try FileManager.default.createDirectory(atPath: collection + "/environments", withIntermediateDirectories: true)
            for name in ["dev", "prod"] {
                try "baseURL: \(server.baseURL)\n".write(
                    toFile: collection + "/environments/\(name).yaml", atomically: true, encoding: .utf8)
            }
            try "url: \"{{baseURL}}/cookies/set?who={{who}}\"\n".write(
                toFile: collection + "/set.ferry.yaml", atomically: true, encoding: .utf8)
            try "url: \"{{baseURL}}/cookies\"\n".write(toFile: collection + "/get.ferry.yaml", atomically: true, encoding: .utf8)
            #expect(await home.ferry(["send", collection + "/set.ferry.yaml", "--env", "dev", "--var", "who=dev"]).status == 0)
            #expect(try cookies(await home.ferry(["send", collection + "/get.ferry.yaml", "--env", "dev"])) == ["who": "dev"])
            #expect(
                try cookies(await home.ferry(["send", collection + "/get.ferry.yaml", "--env", "prod"])).isEmpty,
                "prod's jar is another jar")
            let listed = await home.ferry(["cookies", "list", "--collection", collection, "--env", "dev"])
            #expect(listed.text.hasSuffix(": 1 cookie\nwho=dev  127.0.0.1/  session\n"), "\(listed.text)\(listed.stderr)")
        }
    }
}
