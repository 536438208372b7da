import Foundation

/// A keyword of a schema, compiled: values parsed, patterns compiled, subschemas and references
/// resolved to their `SchemaNode`s.
indirect enum SchemaKeyword {
    /// Which bound a number keyword sets.
    enum Bound {
        case minimum, exclusiveMinimum, maximum, exclusiveMaximum
    }

    case type(SchemaTypes)
    /// `strings` holds the UTF-8 of the values that are strings, compared with a string instance's bytes in place.
    case enumeration(Set<SchemaValue>, strings: [[UInt8]])
    case constant(SchemaValue)
    /// `name` is the keyword as written: draft 4's boolean `exclusiveMinimum` makes `minimum` exclusive.
    /// `integer` is the limit when it is a plain integer of 64 bits, compared without building decimals.
    case bound(DecimalNumber, Bound, name: String, integer: Int64?)
    case multipleOf(DecimalNumber, Double)
    case minLength(Int)
    case maxLength(Int)
    case pattern(NSRegularExpression)
    case format(String)
    case minItems(Int)
    case maxItems(Int)
    case uniqueItems
    /// `prefixItems`, or `items` given as an array (before 2020-12).
    case prefixItems([SchemaNode], name: String)
    /// `items` (after `prefixItems` in 2020-12, all items before) or `additionalItems`: items from `start` on.
    case items(SchemaNode, start: Int, name: String)
    case contains(SchemaNode, minimum: Int, maximum: Int?)
    case minProperties(Int)
    case maxProperties(Int)
    /// The names' numbers in the node's `names`.
    case required([Int])
    /// The schema of each property, by the number of its name in the node's `names` (properties come first there).
    case properties(ContiguousArray<SchemaNode>)
    case patternProperties([(NSRegularExpression, SchemaNode)])
    /// A member is known when its name's number is below `known` (a name of `properties`) or it matches a pattern.
    case additionalProperties(SchemaNode, known: Int, patterns: [NSRegularExpression])
    case dependentRequired([(String, [String])], name: String)
    case dependentSchemas([(String, SchemaNode)], name: String)
    case propertyNames(SchemaNode)
    case allOf([SchemaNode])
    case anyOf([SchemaNode])
    case oneOf([SchemaNode])
    case not(SchemaNode)
    case conditional(SchemaNode, then: SchemaNode?, else: SchemaNode?)
    case ref(SchemaNode)
    /// 2020-12's `$dynamicRef` (with the anchor when the static target is a `$dynamicAnchor`)
    /// and 2019-09's `$recursiveRef` (anchor nil).
    case dynamicRef(SchemaNode, anchor: String?, recursive: Bool)
    case unevaluatedProperties(SchemaNode)
    case unevaluatedItems(SchemaNode)
}
