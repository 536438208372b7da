import CLibFuzzer
import FerryFuzzing
import Foundation

// libFuzzer's driver, started from this executable's own `main` (SwiftPM links every executable
// with its module's entry point as `main`, so libFuzzer's `main` is not used). Each input goes to
// the target `FERRY_FUZZ_TARGET` names, one of `FuzzTarget`'s raw values.

/// The target named by `FERRY_FUZZ_TARGET`, read at the first input.
let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["FERRY_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(
            Data("FERRY_FUZZ_TARGET must be one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: " "))\n".utf8))
        exit(2)
    }
    return target
}()

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(
    LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        target.run(UnsafeRawBufferPointer(start: data, count: size))
        return 0
    })
