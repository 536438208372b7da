import Foundation

/// The reference for Ferry's hex dumps: util-linux `hexdump -C -v` run on a file.
public enum Hexdump {
    public static func canonical(of path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hexdump")
        process.arguments = ["-C", "-v", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
