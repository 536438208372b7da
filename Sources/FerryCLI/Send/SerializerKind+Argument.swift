import ArgumentParser
import FerryCore

/// `--as KIND` parses a serializer kind by its name.
extension SerializerKind: ExpressibleByArgument {}
