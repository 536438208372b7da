/// How a description's parameters are written: the query string's array style and key order, JSON
/// pretty-printing and the property-list format (`ferry send`'s `--array-style`, `--keep-key-order`,
/// `--pretty-json`, `--plist-format`; a request file's `encoding:`).
public struct ParameterStyle: Sendable, Equatable {
    public var arrayStyle: QueryStringEncoder.ArrayStyle = .brackets
    /// Keys in the order written (request files and the editor) rather than sorted as AFNetworking does.
    public var keepsKeyOrder = true
    public var prettyJSON = false
    public var plistFormat: PropertyListRequestSerializer.Format = .xml

    public init(
        arrayStyle: QueryStringEncoder.ArrayStyle = .brackets, keepsKeyOrder: Bool = true,
        prettyJSON: Bool = false, plistFormat: PropertyListRequestSerializer.Format = .xml
    ) {
        self.arrayStyle = arrayStyle
        self.keepsKeyOrder = keepsKeyOrder
        self.prettyJSON = prettyJSON
        self.plistFormat = plistFormat
    }

    /// The query-string encoder this style describes.
    public var query: QueryStringEncoder { QueryStringEncoder(arrayStyle: arrayStyle, keepsKeyOrder: keepsKeyOrder) }
}
