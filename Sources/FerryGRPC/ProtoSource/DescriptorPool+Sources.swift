import FerryCore
import Foundation

extension DescriptorPool {
    /// The types of descriptor sets and of `.proto` files (found with their imports under
    /// `importPaths`, as protoc's `-I`); a `.proto` problem is a codec error naming its file, line and column.
    public init(protosetFiles: [String], protoFiles: [String], importPaths: [String]) throws {
        try self.init(protosetFiles: protosetFiles)
        guard !protoFiles.isEmpty else { return }
        do {
            for file in try ProtoCompiler(importPaths: importPaths).compile(protoFiles) { try add(file) }
        } catch let error as ProtoSourceError {
            throw ProtoCodecError(error.description)
        }
    }
}
