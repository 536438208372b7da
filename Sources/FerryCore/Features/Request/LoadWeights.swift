/// How often each request file of a collection load is chosen, as `ferry load --weight file=n`
/// gives it (and the TUI's load form): a file is matched by its path as given, its path in the
/// collection, or its name; 1 when no weight names it; the last weight that names it wins.
public struct LoadWeights: Sendable {
    public let weights: [(file: String, weight: Int)]

    /// Reads `file=n` arguments (n 1 or more); throws naming the first that is not one.
    public init(_ arguments: [String]) throws(FerryError) {
        var weights: [(file: String, weight: Int)] = []
        for argument in arguments {
            guard let equals = argument.lastIndex(of: "="), let value = Int(argument[argument.index(after: equals)...]), value > 0 else {
                throw FerryError.invalidRequest(
                    reason: .invalidArgument(name: "--weight \(argument)", problem: "expected `file=n` with n 1 or more"))
            }
            weights.append((String(argument[..<equals]), value))
        }
        self.weights = weights
    }

    /// The weight of the file at `path`, `relativePath` below the collection.
    public func weight(of path: String, relativePath: String) -> Int {
        let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        return weights.last { $0.file == path || $0.file == relativePath || $0.file == name }?.weight ?? 1
    }
}
