/// Facts about this build of Ferry.
public enum FerryInfo {
    public static let version = "0.1.0"
    /// The default `User-Agent` sent when the request sets none.
    public static var userAgent: String {
        #if arch(x86_64)
            let arch = "x86_64"
        #elseif arch(arm64)
            let arch = "arm64"
        #else
            let arch = "unknown"
        #endif
        return "Ferry/\(version) (Linux; \(arch))"
    }
}
