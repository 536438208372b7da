import FerryCore
import FerryStore
import FerryTestSupport
import Foundation
import Testing

/// Cookie jars on disk: where they live, their modes, and located errors.
@Suite struct CookieJarFileTests {
    @Test func aJarIsWrittenWithMode0600InAFolderMade0700AndReadBack() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("data/ferry/cookies/shop-0a1b2c/dev.txt")
        let jar = CookieJar(cookies: [
            Cookie(domain: "127.0.0.1", name: "a", value: "1"),
            Cookie(
                domain: "example.test", includesSubdomains: true, secure: true, httpOnly: true,
                expires: Date(timeIntervalSince1970: 1_900_000_000), name: "sid", value: "x"),
        ])
        try CookieJarFile.write(jar, to: path)
        #expect(try CookieJarFile.read(path) == jar)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let folderMode =
            try FileManager.default.attributesOfItem(atPath: (path as NSString).deletingLastPathComponent)[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        try CookieJarFile.write(CookieJar(), to: path)
        #expect(try CookieJarFile.read(path).cookies.isEmpty)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent) == ["dev.txt"],
            "no temporary file is left")
    }

    @Test func aMissingJarIsEmptyAndABrokenOneNamesFileLineAndColumn() throws {
        let directory = try TemporaryDirectory()
        #expect(try CookieJarFile.read(directory.file("none.txt")).cookies.isEmpty)
        let broken = try directory.write("broken.txt", Data("# Netscape HTTP Cookie File\nh\tFALSE\t/\tmaybe\t0\ta\tb\n".utf8))
        #expect(throws: ConfigProblem(file: broken, line: 2, column: 11, key: nil, message: "expected TRUE or FALSE, found `maybe`")) {
            try CookieJarFile.read(broken)
        }
    }

    @Test func eachCollectionAndEnvironmentHasItsOwnJar() {
        let locations = StoreLocations(configDirectory: "/cfg", dataDirectory: "/data/ferry")
        #expect(locations.cookieJarPath(collection: nil, environment: nil) == "/data/ferry/cookies/ad-hoc.txt")
        let dev = locations.cookieJarPath(collection: "/work/shop", environment: "dev")
        #expect(dev.hasPrefix("/data/ferry/cookies/shop-") && dev.hasSuffix("/dev.txt"))
        #expect(
            locations.cookieJarPath(collection: "/work/shop/", environment: "prod") == (dev as NSString).deletingLastPathComponent
                + "/prod.txt")
        #expect(
            locations.cookieJarPath(collection: "/other/shop", environment: "dev") != dev, "two collections named alike do not share a jar")
        #expect(locations.cookieJarPath(collection: "/work/shop", environment: nil).hasSuffix("/no-environment.txt"))
    }
}
