// swift-tools-version:6.1
import PackageDescription

/// Ferry: a terminal API explorer. See README.md and Documentation/DECISIONS.md.
let package = Package(
    name: "Ferry",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "ferry", targets: ["ferry"]),
        .executable(name: "ferry-demo-server", targets: ["ferry-demo-server"]),
        // For the libFuzzer executable of Fuzz/Package.swift (`make fuzz`), which depends on this package.
        .library(name: "FerryFuzzing", targets: ["FerryFuzzing"]),
    ],
    // Each version range is no wider than the minor version Ferry was tested with (Package.resolved
    // stays out of git: the mirrored packages' commit ids are not upstream's).
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", .upToNextMinor(from: "1.8.2")),
        .package(url: "https://github.com/apple/swift-nio.git", .upToNextMinor(from: "2.101.2")),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", .upToNextMinor(from: "1.5.0")),
        .package(url: "https://github.com/vapor/multipart-kit.git", .upToNextMinor(from: "4.7.1")),
        .package(url: "https://github.com/jpsim/Yams.git", .upToNextMinor(from: "6.2.2")),
        .package(url: "https://github.com/groue/GRDB.swift.git", .upToNextMinor(from: "7.10.0")),
        // Without its default ExternalLoading trait: Ferry resolves local $refs only (DECISIONS.md).
        .package(url: "https://github.com/yaslab/CSV.swift.git", .upToNextMinor(from: "2.5.2")),
        .package(url: "https://github.com/mattpolzin/OpenAPIKit.git", .upToNextMinor(from: "6.4.0"), traits: []),
        // GraphQL queries are parsed before they are sent; the demo server executes a real schema.
        .package(url: "https://github.com/GraphQLSwift/GraphQL.git", .upToNextMinor(from: "4.3.0")),
        // `ferry load`'s latency histogram (Documentation/load.md).
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", .upToNextMinor(from: "0.2.0")),
        // gRPC's schemas: the descriptor types (FileDescriptorProto & co.); the dynamic codec is Ferry's (DECISIONS.md).
        .package(url: "https://github.com/apple/swift-protobuf.git", .upToNextMinor(from: "1.39.0")),
    ],
    targets: [
        // MARK: - C system libraries and shims
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .target(name: "CCurlShims", dependencies: ["CCurl"]),
        // ncursesw's headers only: the TUI loads the library when its terminal starts (CNcursesShims).
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
        .target(name: "CNcursesShims", dependencies: ["CNcursesw", "CDynamicLibrary"]),
        // dlopen and dlsym for the libraries a feature loads when it is first used.
        .target(name: "CDynamicLibrary", linkerSettings: [.linkedLibrary("dl")]),
        // OpenSSL's libcrypto, which libcurl already loads: hashes without compiling a BoringSSL (DECISIONS.md).
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // Debian's libxxhash: XXH3-128, the history's fingerprint of a response body (DECISIONS.md).
        .systemLibrary(
            name: "CXXHash",
            pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"])]
        ),
        // Debian's libxml2: XPath 1.0 over XML and HTML bodies in checks and captures, loaded when the
        // first expression is compiled (DECISIONS.md). Its headers are where libxml2-dev puts them.
        .target(name: "CLibXML2", dependencies: ["CDynamicLibrary"], cSettings: [.unsafeFlags(["-isystem", "/usr/include/libxml2"])]),
        // Debian's libpcre2: JSONPath's `match` and `search` over UTF-8 without bridging to UTF-16 (DECISIONS.md).
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"])]
        ),
        // Debian's libyaml: OpenAPI documents read from parse events straight into the decoder's tree (DECISIONS.md).
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // OpenSSL's libssl, beside the libcrypto above: FerryTLS (DECISIONS.md).
        .systemLibrary(
            name: "CSSL",
            pkgConfig: "libssl",
            providers: [.apt(["libssl-dev"])]
        ),
        // zlib, which libcurl already loads: gRPC's gzip and deflate message compression.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // JavaScriptCore's C API declared by Ferry and loaded with dlopen on first use: `ferry` does
        // not link libjavascriptcoregtk, and building needs no -dev package (DECISIONS.md).
        .target(name: "CJavaScriptCore", linkerSettings: [.linkedLibrary("dl")]),

        // MARK: - Ferry modules
        .target(name: "FerryCore", dependencies: ["CLibXML2", "CPCRE2", "CCrypto", .product(name: "GraphQL", package: "GraphQL")]),
        .target(name: "FerryDigest", dependencies: ["CCrypto", "CXXHash"]),
        // Scripts (pre-request, post-response, tests) in JavaScriptCore, with Postman's and Bruno's APIs.
        .target(name: "FerryScript", dependencies: ["FerryCore", "CJavaScriptCore"]),
        // TLS for NIO channels over the system's OpenSSL (wss://, the demo server's --tls): no BoringSSL to compile (DECISIONS.md).
        .target(
            name: "FerryTLS",
            dependencies: [
                "CSSL",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
            ]),
        // WebSockets go over SwiftNIO: Debian 12's libcurl 7.88 has none (DECISIONS.md).
        .target(
            name: "FerryTransport",
            dependencies: [
                "FerryCore", "CCurl", "CCurlShims",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                "FerryTLS",  // wss://
                "FerryDigest",  // the SigV4 payload hash curl 7.88 cannot take from a read callback; the WebSocket accept key
                .product(name: "Histogram", package: "hdrhistogram-swift"),  // ferry load's latencies
            ]),
        // gRPC without generated code: descriptor pools, protobuf binary <-> JSON, framing, status, reflection's
        // messages, and calls over any Transport (Documentation/grpc.md).
        .target(
            name: "FerryGRPC",
            dependencies: ["FerryCore", "CZlib", .product(name: "SwiftProtobuf", package: "swift-protobuf")]),
        // The demo server, linked only into ferry-demo-server and the tests, not into ferry.
        .target(
            name: "FerryServer",
            dependencies: [
                "FerryDigest", "FerryTLS",
                "FerryGRPC",  // the gRPC-Web face: its .proto files compiled and its messages coded by Ferry's own
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "GraphQL", package: "GraphQL"),
            ], resources: [.copy("TestIdentity")]),
        // `ferry mock`: a collection's examples and OpenAPI documents served on SwiftNIO (Documentation/mock.md).
        .target(
            name: "FerryMock",
            dependencies: [
                "FerryCore", "FerryStore", "FerryInterop",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        .target(name: "FerryTerminal", dependencies: ["FerryTUI", "CNcursesw", "CNcursesShims"]),
        .target(name: "FerryTUI", dependencies: ["FerryCore"]),
        .target(
            name: "FerryStore",
            dependencies: [
                "FerryCore",
                .product(name: "Yams", package: "Yams"),
                .product(name: "GRDB", package: "GRDB.swift"),
                "FerryDigest",
            ]),
        .target(
            name: "FerryInterop",
            dependencies: [
                "FerryCore",
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
                .product(name: "Yams", package: "Yams"),
                "CLibYAML",
            ]),
        // The fuzz targets: the parsers of untrusted input as plain functions (Documentation/TESTING.md).
        .target(
            name: "FerryFuzzing",
            dependencies: ["FerryCore", "FerryStore", "FerryInterop", "FerryGRPC", "FerryMock", "FerryTransport", "FerryScript"]),
        // The life of an exchange after its request is resolved, for every front end: credentials,
        // cookies, the transport, chained values, collection runs (Documentation/ARCHITECTURE.md).
        .target(
            name: "FerrySession",
            dependencies: [
                "FerryCore", "FerryTransport", "FerryStore", "FerryScript",
                "FerryGRPC",  // grpc:// requests in the pipeline's send stage (GRPCTransport)
                .product(name: "CSV", package: "CSV.swift"),
                "FerryDigest",  // PKCE's S256 challenge
            ]),
        .target(
            name: "FerryApp",
            dependencies: [
                "FerryCore", "FerryTUI", "FerryTerminal", "FerryTransport", "FerryStore", "FerryInterop", "FerrySession",
                "FerryMock",  // the Mock view's server (F8)
                "FerryGRPC",  // the gRPC schema outline the TUI completes with
                .product(name: "Yams", package: "Yams"),
            ], resources: [.copy("Themes")]),
        .target(
            name: "FerryCLI",
            dependencies: [
                "FerryCore", "FerryTransport", "FerryApp", "FerrySession", "FerryStore", "FerryTUI", "FerryInterop", "FerryDemoOptions",
                "FerryGRPC", "FerryMock",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], resources: [.copy("Examples")]),
        .executableTarget(name: "ferry", dependencies: ["FerryCLI"]),
        .target(name: "FerryDemoOptions", dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(
            name: "ferry-demo-server",
            dependencies: [
                "FerryServer", "FerryDemoOptions", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "ferry-bench", dependencies: ["FerryCore", "FerryTransport", "FerryStore", "FerryGRPC", "FerrySession"],
            path: "Benchmarks/FerryBench"),
        .executableTarget(name: "ferry-history-bench", dependencies: ["FerryCore", "FerryStore"], path: "Benchmarks/history-bench"),

        // MARK: - Tests
        .target(
            name: "FerryTestSupport",
            dependencies: [
                "FerryCore", "FerryServer", "FerryDigest",
            ], path: "Tests/FerryTestSupport"),
        .testTarget(
            name: "FerryCoreTests", dependencies: ["FerryCore", "FerryTestSupport"],
            exclude: ["Fixtures"]),  // read in place through #filePath
        .testTarget(
            name: "FerryTransportTests",
            dependencies: [
                "FerryCore", "FerryTransport", "FerryServer", "FerryTestSupport", "FerryDigest",
            ]),
        .testTarget(
            name: "FerryStoreTests",
            dependencies: [
                "FerryCore", "FerryStore", "FerryTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ], exclude: ["Golden"]),  // read in place through #filePath
        .testTarget(
            name: "FerryInteropTests",
            dependencies: [
                "FerryCore", "FerryInterop", "FerryServer", "FerryTransport", "FerryTestSupport", "FerryMock",
            ], exclude: ["Fixtures"]),  // read in place through #filePath
        .testTarget(
            name: "FerryGRPCTests",
            dependencies: [
                "FerryCore", "FerryGRPC", "FerryTransport", "FerryTestSupport", .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]),
        .testTarget(
            name: "FerryFuzzingTests", dependencies: ["FerryFuzzing"],
            exclude: ["Fixtures"]),  // read in place through #filePath
        .testTarget(name: "FerryDigestTests", dependencies: ["FerryDigest", "FerryTestSupport"]),
        .testTarget(name: "FerryShimTests", dependencies: ["CNcursesShims", "CCurlShims"]),
        .testTarget(
            name: "FerrySessionTests",
            dependencies: ["FerryCore", "FerrySession", "FerryStore", "FerryScript", "FerryInterop", "FerryTestSupport"]),
        .testTarget(
            name: "FerryTUITests",
            dependencies: [
                "FerryCore", "FerryTUI", "FerryApp", "FerrySession", "FerryTerminal", "FerryStore", "CNcursesShims", "FerryTestSupport",
            ]),
        .testTarget(
            name: "FerryCLITests",
            dependencies: [
                "ferry", "ferry-demo-server", "FerryCLI", "FerryServer", "FerryStore", "FerryTestSupport", "FerryMock",
                .product(name: "GRDB", package: "GRDB.swift"),
            ], exclude: ["Fixtures"]),  // read in place through #filePath
    ]
)
