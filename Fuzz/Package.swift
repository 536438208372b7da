// swift-tools-version:6.1
import PackageDescription

/// Ferry's libFuzzer executable, apart from the main package: it has no `main` of its own and links
/// only with `-sanitize=fuzzer`. Built and run by `make fuzz` (Documentation/TESTING.md, "Fuzzing").
let package = Package(
    name: "FerryFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Ferry", path: "..")],
    targets: [
        .systemLibrary(name: "CLibFuzzer"),
        .executableTarget(name: "ferry-fuzz", dependencies: ["CLibFuzzer", .product(name: "FerryFuzzing", package: "Ferry")]),
    ]
)
