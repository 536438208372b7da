import FerryCore
import FerryServer
import FerryTestSupport
import FerryTransport
import Foundation
import Testing

/// Proxies through libcurl to a real one on loopback (tinyproxy): plain http forwarded, https
/// tunnelled with CONNECT, hosts left out with `noProxy`, and the proxy's own credentials.
@Suite struct ProxyTransportTests {
    private func headers(_ response: Response) throws -> [String: String] {
        let echo = try JSONSerialization.jsonObject(with: response.body.data()) as? [String: [String: String]]
        return try #require(echo?["headers"])
    }

    @Test func plainHTTPGoesThroughTheProxyUnlessItIsLeftOut() async throws {
        try await withTinyProxy { proxy throws in
            try await withDemoServer { server throws in
                var request = Request(url: try Request.parseURL("\(server.baseURL)/headers"))
                request.options.proxy = proxy.url
                let proxied = try await CurlTransport().send(request, receivingInto: .default, progress: nil)
                #expect(proxied.status == 200)
                let seen = try headers(proxied)
                #expect(seen["Via"]?.contains("tinyproxy") == true, "\(seen)")

                request.options.noProxy = "127.0.0.1"
                let direct = try await CurlTransport().send(request, receivingInto: .default, progress: nil)
                #expect(try headers(direct)["Via"] == nil)
            }
        }
    }

    @Test func httpsIsTunnelledWithConnect() async throws {
        let identity = try DemoTLSIdentity.load()
        let directory = try TemporaryDirectory()
        let caFile = try directory.write("ca.pem", Data(identity.certificatePEM.utf8))
        try await withTinyProxy { proxy throws in
            try await withDemoServer(tls: identity) { server throws in
                var request = Request(url: try Request.parseURL("\(server.baseURL)/headers"))
                request.options.proxy = proxy.url
                request.options.tls.caFile = caFile
                let response = try await CurlTransport().send(request, receivingInto: .default, progress: nil)
                #expect(response.status == 200)
                #expect(try headers(response)["Via"] == nil, "the proxy cannot see inside the tunnel")
                #expect(proxy.log.contains("CONNECT 127.0.0.1:\(server.port)"), "\(proxy.log)")
            }
        }
    }

    @Test func aProxyThatWantsCredentialsGetsThem() async throws {
        try await withTinyProxy(basicAuth: (user: "ann", password: "pr0xy")) { proxy throws in
            try await withDemoServer { server throws in
                var request = Request(url: try Request.parseURL("\(server.baseURL)/get"))
                request.options.proxy = proxy.url
                #expect(try await CurlTransport().send(request, receivingInto: .default, progress: nil).status == 407)
                request.proxyUser = "ann:pr0xy"
                #expect(try await CurlTransport().send(request, receivingInto: .default, progress: nil).status == 200)
            }
        }
    }
}
