import FerryCore
import FerryTransport

/// What `ferry --version` prints: Ferry's version, then the libcurl it runs on with the libraries
/// it was built with and its features.
enum FerryVersion {
    static var text: String {
        let curl = CurlLibrary.current
        var lines = ["ferry \(FerryInfo.version)"]
        lines.append("libcurl \(curl.version)" + (curl.libraries.isEmpty ? "" : " (" + curl.libraries.joined(separator: ", ") + ")"))
        if !curl.features.isEmpty { lines.append("features: " + curl.features.joined(separator: " ")) }
        return lines.joined(separator: "\n")
    }
}
