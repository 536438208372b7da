import FerryCore

/// Form fields as importers read them: the enabled ones as a form body, the switched-off ones as
/// `disabledParams` (the Params tab shows both), unless the query's parameters hold that place.
enum FormFields {
    /// Sets the form body (a key given twice is sent twice) and keeps `disabled` when it can;
    /// returns the switched-off fields it could not keep, for the importer to report.
    static func apply(
        _ pairs: [(String, String)], disabled: [(String, String)], to description: inout RequestDescription
    )
        -> [(String, String)]
    {
        description.body = .form(Parameters.flat(pairs))
        if Set(pairs.map(\.0)).count < pairs.count { description.parameterStyle.arrayStyle = .repeat }
        guard !disabled.isEmpty else { return [] }
        guard description.params == nil, description.disabledParams == nil else { return disabled }
        description.disabledParams = Parameters.flat(disabled)
        return []
    }
}
