import FerryCore

extension ErrorChain {
    /// The outermost link of an error's chain, with its details, on one line.
    static func oneLine(_ error: any Error) -> String {
        ErrorChain(error).rendered.split(separator: "\n").first.map(String.init) ?? "\(error)"
    }
}
