import FerryCore
import FerryTestSupport
import Foundation
import Testing

@testable import FerryInterop

/// curl's own examples of its authentication and session options (Fixtures/curl/manpage), imported
/// into request files, and written back by `CurlExporter` as curl reads them.
@Suite struct CurlAuthImportTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/curl/manpage").path

    private func imported() throws -> ImportedCollection {
        let text = try String(contentsOfFile: Self.folder + "/auth-and-sessions.sh", encoding: .utf8)
        return try CurlImporter().importCollection(text, source: "auth-and-sessions.sh", directory: Self.folder)
    }

    /// The description imported from the command on `line` of the fixture.
    private func description(line: Int, in collection: ImportedCollection) throws -> RequestDescription {
        try #require(collection.requests.first { $0.source == "command \(line), line \(line)" }, "no request from line \(line)").description
    }

    @Test func cookiePairsBecomeTheRequestsOwnCookies() throws {
        let collection = try CurlImporter().importCollection(
            "curl -b 'a=1; b=x y' -b c=3 https://h.example/\ncurl -b 'not a pair' -b 'd=4' https://h.example/\n", source: "c.sh",
            directory: "/")
        #expect(
            collection.requests[0].description.cookies == [
                .init(name: "a", value: "1"), .init(name: "b", value: "x y"), .init(name: "c", value: "3"),
            ])
        #expect(collection.requests[0].description.headers.isEmpty)
        #expect(collection.requests[1].description.cookies == [.init(name: "d", value: "4")])
    }

    @Test func authenticationCertificatesProxiesSocketsAndCookieFilesAreImported() throws {
        let collection = try imported()
        #expect(try description(line: 1, in: collection).auth == .digest(username: "name", password: "password"))
        #expect(
            try description(line: 2, in: collection).auth
                == .awsSigV4(AWSSignature(region: "us-east-2", service: "es", accessKey: "key", secretKey: "secret")))

        let certificate = try description(line: 3, in: collection).connection
        #expect(certificate.clientCertificate == Self.folder + "/certfile")
        #expect(certificate.clientKey == Self.folder + "/keyfile")
        #expect(try description(line: 4, in: collection).connection.certificateType == "PEM")
        #expect(try description(line: 5, in: collection).connection.keyPassphrase == "secret")

        let proxied = try description(line: 6, in: collection).connection
        #expect(proxied.proxy == "proxy")
        #expect(proxied.proxyUser == "name:pwd")
        #expect(try description(line: 7, in: collection).connection.noProxy == "www.example")
        #expect(try description(line: 8, in: collection).connection.unixSocket == Self.folder + "/socket-path")

        let cookies = try description(line: 10, in: collection)
        #expect(
            cookies.headers == [.init(name: "Cookie", value: "session=abc123; secureonly=yes")],
            "the host's and its domain's cookies for / over https; not another path's or host's")

        let notes = collection.report.notes
        #expect(notes.contains { $0.kind == .dropped && $0.place == "command 9, line 9: -C -" && $0.message.contains("-o OUTPUT -C -") })
        #expect(
            notes.contains {
                $0.kind == .approximated && $0.place == "command 6, line 6: --proxy-user …" && $0.message.contains("secret variable")
            })
        #expect(
            notes.contains { $0.kind == .approximated && $0.place.hasPrefix("command 3, line 3: ") && $0.message.contains("not there now") }
        )
        #expect(
            !notes.contains { $0.message.contains("not supported yet") }, "\(notes.filter { $0.message.contains("not supported yet") })")
    }

    @Test func curlsCertColonPasswordAndBadInputs() throws {
        let importer = CurlImporter()
        let split = try importer.importCollection(
            #"curl -E 'c\:a.pem:pa:ss' --cert-type p12 https://x.test/"#, source: "s", directory: "/d")
        let connection = try #require(split.requests.first).description.connection
        #expect(connection.clientCertificate == "/d/c:a.pem")
        #expect(connection.keyPassphrase == "pa:ss")
        #expect(connection.certificateType == "P12")
        let der = try importer.importCollection("curl --cert-type DER --cert c.der https://x.test/", source: "s", directory: "/d")
        #expect(der.report.notes.contains { $0.kind == .dropped && $0.message.contains("PEM and P12") })
        #expect(throws: ImportProblem.self) {
            try importer.importCollection("curl --aws-sigv4 aws https://x.test/", source: "s", directory: "/d")
        }
    }

    @Test func theExporterWritesThemBackAsCurlReadsThem() throws {
        let collection = try imported()
        let exporter = CurlExporter()
        for line in [1, 2, 3, 6, 8] {
            let description = try description(line: line, in: collection)
            let command = try exporter.command(for: description, resolver: .literal, directory: Self.folder)
            let reimported = try CurlImporter().importCollection(command, source: "export", directory: Self.folder)
            let again = try #require(reimported.requests.first).description
            #expect(again.auth == description.auth, "line \(line): \(command)")
            #expect(again.connection == description.connection, "line \(line): \(command)")
        }
        var secret = RequestDescription(url: "https://x.test/")
        secret.connection.proxy = "http://proxy.test:3128"
        secret.connection.proxyUser = "{{proxyLogin}}"
        let resolver = VariableResolver([Variable(name: "proxyLogin", value: "ann:pr0xy", isSecret: true)])
        let redacted = try exporter.command(for: secret, resolver: resolver, directory: "/")
        #expect(redacted.contains("--proxy-user '{{proxyLogin}}'"))
        #expect(!redacted.contains("pr0xy"))
        #expect(try CurlExporter(reveal: true).command(for: secret, resolver: resolver, directory: "/").contains("--proxy-user ann:pr0xy"))
    }
}
