import TipRulesSemantics
import TipRulesSyntax

/// One payload field of a donation stream, stored as a plain array of its Swift type, so scans
/// read machine values and memory holds no per-value tags (8 bytes per Int, Double or Date; 16,
/// as Swift lays out `Int?`, `Double?` and `String?`, per optional number or string).
package enum Column: Sendable {
    case int(ColumnArray<Int>)
    case double(ColumnArray<Double>)
    case bool(ColumnArray<Bool>)
    case string(ColumnArray<String>)
    /// Dates as seconds since 2001-01-01T00:00:00Z.
    case date(ColumnArray<Double>)
    /// Optional `Int` fields.
    case optionalInt(ColumnArray<Int?>)
    /// Optional `Double` fields.
    case optionalDouble(ColumnArray<Double?>)
    /// Optional `Date` fields, as seconds since 2001.
    case optionalDate(ColumnArray<Double?>)
    /// Optional `String` fields.
    case optionalString(ColumnArray<String?>)
    /// Other optional fields (`Bool?`), as values (`.null` for nil).
    case values(ColumnArray<Value>)

    /// An empty column for a payload type.
    init(for type: RuleType) {
        switch type {
        case .int: self = .int([])
        case .double: self = .double([])
        case .bool: self = .bool([])
        case .string: self = .string([])
        case .date: self = .date([])
        case .optional(.int): self = .optionalInt([])
        case .optional(.double): self = .optionalDouble([])
        case .optional(.date): self = .optionalDate([])
        case .optional(.string): self = .optionalString([])
        default: self = .values([])
        }
    }

    /// The value at a stream position.
    package subscript(position: Int) -> Value {
        switch self {
        case .int(let items): return .int(items[position])
        case .double(let items): return .double(items[position])
        case .bool(let items): return .bool(items[position])
        case .string(let items): return .string(items[position])
        case .date(let items): return .date(items[position])
        case .optionalInt(let items): return items[position].map(Value.int) ?? .null
        case .optionalDouble(let items): return items[position].map(Value.double) ?? .null
        case .optionalDate(let items): return items[position].map(Value.date) ?? .null
        case .optionalString(let items): return items[position].map(Value.string) ?? .null
        case .values(let items): return items[position]
        }
    }

    /// The value at a position of an `Int` column.
    func int(at position: Int) -> Int {
        guard case .int(let items) = self else { preconditionFailure("not an Int column") }
        return items[position]
    }

    /// Whether the value at a position is nil (only an optional field's column holds nils),
    /// read in place.
    func isNil(at position: Int) -> Bool {
        switch self {
        case .optionalInt(let items): return items[position] == nil
        case .optionalDouble(let items), .optionalDate(let items): return items[position] == nil
        case .optionalString(let items): return items.isNil(at: position)
        case .values(let items): return items.isNull(at: position)
        case .int, .double, .bool, .string, .date: return false
        }
    }

    /// The value at a position of a `Double` column, or the seconds since 2001 of a `Date` one.
    func double(at position: Int) -> Double {
        switch self {
        case .double(let items), .date(let items): return items[position]
        default: preconditionFailure("not a Double or Date column")
        }
    }

    /// The numbers of a `Double` or `Date` column (a date as its seconds); nil for others.
    var numbers: ColumnArray<Double>? {
        switch self {
        case .double(let items), .date(let items): return items
        default: return nil
        }
    }

    /// The column of an optional `Double` or `Date` field (a date as its seconds); nil for others.
    var optionalNumbers: ColumnArray<Double?>? {
        switch self {
        case .optionalDouble(let items), .optionalDate(let items): return items
        default: return nil
        }
    }

    /// Inserts a value (already checked against the field's type).
    mutating func insert(_ value: Value, at position: Int) {
        change(Insert(value: value, position: position))
    }

    /// The column with its values from `start` on in a new order (see `ColumnArray.reorderSuffix`).
    mutating func reorderSuffix(from start: Int, _ order: [Int]) {
        change(ReorderSuffix(start: start, order: order))
    }

    /// Drops the values at the first `count` positions.
    mutating func removeFirst(_ count: Int) {
        change(RemoveFirst(count: count))
    }

    /// Drops spare capacity, after a bulk load.
    mutating func compact() {
        change(Compact())
    }

    /// Appends the values of one field of many donations (already checked), switching on the
    /// column's type once rather than per value.
    mutating func append(contentsOf rows: [[Value]], field: Int) {
        append(contentsOf: rows.lazy.map { $0[field] })
    }

    /// Appends checked values of the column's type, switching on the type once.
    mutating func append<Values: Collection<Value>>(contentsOf values: Values) {
        change(Append(values: values))
    }

    // MARK: - Values as machine values

    // A value that does not match its column is a bug in the code that checked it.
    private static func int(_ value: Value) -> Int {
        if case .int(let x) = value { return x }
        preconditionFailure("value does not match the column")
    }
    private static func double(_ value: Value) -> Double {
        if case .double(let x) = value { return x }
        preconditionFailure("value does not match the column")
    }
    private static func bool(_ value: Value) -> Bool {
        if case .bool(let x) = value { return x }
        preconditionFailure("value does not match the column")
    }
    private static func string(_ value: Value) -> String {
        if case .string(let x) = value { return x }
        preconditionFailure("value does not match the column")
    }
    private static func date(_ value: Value) -> Double {
        if case .date(let x) = value { return x }
        preconditionFailure("value does not match the column")
    }
    @inline(__always)
    private static func optional<T>(_ value: Value, _ unwrap: (Value) -> T) -> T? {
        if case .null = value { return nil }
        return unwrap(value)
    }

    // MARK: - Changes the same for every element type

    /// Applies a change written once for every element type, with the array taken out of `self`
    /// first, so it is uniquely referenced and changes in place (a switch over a tuple holding
    /// `self` would keep a second reference and copy the whole column at every change), and with
    /// the function that reads a checked value as an element.
    private mutating func change(_ change: some ColumnChange) {
        switch self {
        case .int(var items): self = .values([]); change.apply(&items, Column.int); self = .int(items)
        case .double(var items): self = .values([]); change.apply(&items, Column.double); self = .double(items)
        case .bool(var items): self = .values([]); change.apply(&items, Column.bool); self = .bool(items)
        case .string(var items): self = .values([]); change.apply(&items, Column.string); self = .string(items)
        case .date(var items): self = .values([]); change.apply(&items, Column.date); self = .date(items)
        case .optionalInt(var items):
            self = .values([]); change.apply(&items) { Column.optional($0, Column.int) }; self = .optionalInt(items)
        case .optionalDouble(var items):
            self = .values([]); change.apply(&items) { Column.optional($0, Column.double) }; self = .optionalDouble(items)
        case .optionalDate(var items):
            self = .values([]); change.apply(&items) { Column.optional($0, Column.date) }; self = .optionalDate(items)
        case .optionalString(var items):
            self = .values([]); change.apply(&items) { Column.optional($0, Column.string) }; self = .optionalString(items)
        case .values(var items): self = .values([]); change.apply(&items) { $0 }; self = .values(items)
        }
    }
}

/// A change to a column's array written once for every element type; `element` reads a checked
/// value as one of the array's elements.
private protocol ColumnChange {
    func apply<Element>(_ items: inout ColumnArray<Element>, _ element: (Value) -> Element)
}

private struct Insert: ColumnChange {
    let value: Value, position: Int
    func apply<Element>(_ items: inout ColumnArray<Element>, _ element: (Value) -> Element) {
        items.insert(element(value), at: position)
    }
}

private struct Append<Values: Collection<Value>>: ColumnChange {
    let values: Values
    func apply<Element>(_ items: inout ColumnArray<Element>, _ element: (Value) -> Element) {
        items.reserveCapacity(items.count + values.count)
        for value in values { items.append(element(value)) }
    }
}

private struct ReorderSuffix: ColumnChange {
    let start: Int, order: [Int]
    func apply<Element>(_ items: inout ColumnArray<Element>, _ element: (Value) -> Element) { items.reorderSuffix(from: start, order) }
}

private struct RemoveFirst: ColumnChange {
    let count: Int
    func apply<Element>(_ items: inout ColumnArray<Element>, _ element: (Value) -> Element) { items.removeFirst(count) }
}

private struct Compact: ColumnChange {
    func apply<Element>(_ items: inout ColumnArray<Element>, _ element: (Value) -> Element) { items.compact() }
}
