/// A change to the collection's files the sidebar asks the runtime for (paths below the collection).
public enum FileOperation: Hashable, Sendable {
    case rename(from: String, to: String)
    case duplicate(from: String, to: String)
    case delete(String)
}
