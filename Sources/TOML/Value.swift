/// A TOML value. Tables and arrays nest other values.
///
/// Only `table` is `indirect`: boxing it keeps every value 24 bytes,
/// while boxing scalars would cost an allocation per value.
public enum TOMLValue: Equatable, Sendable {
    case string(String)
    case integer(Int64)
    case float(Double)
    case boolean(Bool)
    case offsetDateTime(TOMLOffsetDateTime)
    case localDateTime(TOMLLocalDateTime)
    case localDate(TOMLLocalDate)
    case localTime(TOMLLocalTime)
    case array([TOMLValue])
    indirect case table(TOMLTable)

    /// Equality is structural. Unlike Double, `nan` equals `nan`, so a
    /// document always equals itself after a round trip.
    public static func == (lhs: TOMLValue, rhs: TOMLValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): return a == b
        case let (.integer(a), .integer(b)): return a == b
        case let (.float(a), .float(b)): return a == b || (a.isNaN && b.isNaN)
        case let (.boolean(a), .boolean(b)): return a == b
        case let (.offsetDateTime(a), .offsetDateTime(b)): return a == b
        case let (.localDateTime(a), .localDateTime(b)): return a == b
        case let (.localDate(a), .localDate(b)): return a == b
        case let (.localTime(a), .localTime(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.table(a), .table(b)): return a == b
        default: return false
        }
    }

    /// The TOML type name used in messages ("string", "integer", "table", …).
    public var typeName: String {
        switch self {
        case .string: return "string"
        case .integer: return "integer"
        case .float: return "float"
        case .boolean: return "boolean"
        case .offsetDateTime: return "offset date-time"
        case .localDateTime: return "local date-time"
        case .localDate: return "local date"
        case .localTime: return "local time"
        case .array: return "array"
        case .table: return "table"
        }
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var integerValue: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The value of a float, or of an integer converted to Double.
    public var doubleValue: Double? {
        switch self {
        case .float(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }

    public var boolValue: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    public var localDateValue: TOMLLocalDate? {
        if case .localDate(let value) = self { return value }
        return nil
    }

    public var localTimeValue: TOMLLocalTime? {
        if case .localTime(let value) = self { return value }
        return nil
    }

    public var localDateTimeValue: TOMLLocalDateTime? {
        if case .localDateTime(let value) = self { return value }
        return nil
    }

    public var offsetDateTimeValue: TOMLOffsetDateTime? {
        if case .offsetDateTime(let value) = self { return value }
        return nil
    }

    public var arrayValue: [TOMLValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var tableValue: TOMLTable? {
        if case .table(let value) = self { return value }
        return nil
    }

    /// The value for `key` if this is a table.
    public subscript(key: String) -> TOMLValue? {
        tableValue?[key]
    }

    /// The element at `index` if this is an array and the index is in range.
    public subscript(index: Int) -> TOMLValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}

extension TOMLValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .float(value) }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(arrayLiteral elements: TOMLValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, TOMLValue)...) {
        self = .table(TOMLTable(elements))
    }
}
