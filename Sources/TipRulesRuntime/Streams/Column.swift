import TipRulesSemantics
import TipRulesSyntax

/// One payload field of a donation stream, stored as a plain array of its Swift type, so scans
/// read machine values and memory holds no per-value tags (8 bytes per Int, Double or Date).
package enum Column: Sendable {
    case int(ColumnArray<Int>)
    case double(ColumnArray<Double>)
    case bool(ColumnArray<Bool>)
    case string(ColumnArray<String>)
    /// Dates as seconds since 2001-01-01T00:00:00Z.
    case date(ColumnArray<Double>)
    /// Optional fields, as values (`.null` for nil).
    case values(ColumnArray<Value>)

    /// An empty column for a payload type.
    init(for type: RuleType) {
        switch type {
        case .int: self = .int([])
        case .double: self = .double([])
        case .bool: self = .bool([])
        case .string: self = .string([])
        case .date: self = .date([])
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
        case .values(let items): return items[position]
        }
    }


    /// The value at a position of an `Int` column.
    func int(at position: Int) -> Int {
        guard case .int(let items) = self else { preconditionFailure("not an Int column") }
        return items[position]
    }

    /// Whether the value at a position is nil (only an optional field's `values` column holds
    /// nils), read in place.
    func isNil(at position: Int) -> Bool {
        guard case .values(let items) = self else { return false }
        return items.isNull(at: position)
    }

    /// The value at a position of a `Double` column, or the seconds since 2001 of a `Date` one.
    func double(at position: Int) -> Double {
        switch self {
        case .double(let items), .date(let items): return items[position]
        default: preconditionFailure("not a Double or Date column")
        }
    }

    /// Inserts a value (already checked against the field's type).
    mutating func insert(_ value: Value, at position: Int) {
        // The array is taken out of `self` before it changes, so it is uniquely referenced and
        // grows in place (a switch over a tuple holding `self` would keep a second reference
        // and copy the whole column on every insertion).
        switch self {
        case .int(var items):
            guard case .int(let x) = value else { preconditionFailure("value does not match the column") }
            self = .values([]); items.insert(x, at: position); self = .int(items)
        case .double(var items):
            guard case .double(let x) = value else { preconditionFailure("value does not match the column") }
            self = .values([]); items.insert(x, at: position); self = .double(items)
        case .bool(var items):
            guard case .bool(let x) = value else { preconditionFailure("value does not match the column") }
            self = .values([]); items.insert(x, at: position); self = .bool(items)
        case .string(var items):
            guard case .string(let x) = value else { preconditionFailure("value does not match the column") }
            self = .values([]); items.insert(x, at: position); self = .string(items)
        case .date(var items):
            guard case .date(let x) = value else { preconditionFailure("value does not match the column") }
            self = .values([]); items.insert(x, at: position); self = .date(items)
        case .values(var items):
            self = .values([]); items.insert(value, at: position); self = .values(items)
        }
    }

    /// The column with its values from `start` on in a new order (see `ColumnArray.reorderSuffix`).
    mutating func reorderSuffix(from start: Int, _ order: [Int]) {
        switch self {
        case .int(var items): self = .values([]); items.reorderSuffix(from: start, order); self = .int(items)
        case .double(var items): self = .values([]); items.reorderSuffix(from: start, order); self = .double(items)
        case .bool(var items): self = .values([]); items.reorderSuffix(from: start, order); self = .bool(items)
        case .string(var items): self = .values([]); items.reorderSuffix(from: start, order); self = .string(items)
        case .date(var items): self = .values([]); items.reorderSuffix(from: start, order); self = .date(items)
        case .values(var items): self = .values([]); items.reorderSuffix(from: start, order); self = .values(items)
        }
    }

    /// Drops the values at the first `count` positions.
    mutating func removeFirst(_ count: Int) {
        switch self {
        case .int(var items): self = .values([]); items.removeFirst(count); self = .int(items)
        case .double(var items): self = .values([]); items.removeFirst(count); self = .double(items)
        case .bool(var items): self = .values([]); items.removeFirst(count); self = .bool(items)
        case .string(var items): self = .values([]); items.removeFirst(count); self = .string(items)
        case .date(var items): self = .values([]); items.removeFirst(count); self = .date(items)
        case .values(var items): self = .values([]); items.removeFirst(count); self = .values(items)
        }
    }

    /// Appends the values of one field of many donations (already checked), switching on the
    /// column's type once rather than per value.
    mutating func append(contentsOf rows: [[Value]], field: Int) {
        append(contentsOf: rows.lazy.map { $0[field] })
    }

    /// Appends checked values of the column's type, switching on the type once.
    mutating func append<Values: Collection<Value>>(contentsOf values: Values) {
        func take<T>(_ items: inout ColumnArray<T>, _ unwrap: (Value) -> T) {
            items.reserveCapacity(items.count + values.count)
            for value in values { items.append(unwrap(value)) }
        }
        switch self {
        case .int(var items):
            self = .values([])
            take(&items) { if case .int(let x) = $0 { return x }; preconditionFailure("value does not match the column") }
            self = .int(items)
        case .double(var items):
            self = .values([])
            take(&items) { if case .double(let x) = $0 { return x }; preconditionFailure("value does not match the column") }
            self = .double(items)
        case .bool(var items):
            self = .values([])
            take(&items) { if case .bool(let x) = $0 { return x }; preconditionFailure("value does not match the column") }
            self = .bool(items)
        case .string(var items):
            self = .values([])
            take(&items) { if case .string(let x) = $0 { return x }; preconditionFailure("value does not match the column") }
            self = .string(items)
        case .date(var items):
            self = .values([])
            take(&items) { if case .date(let x) = $0 { return x }; preconditionFailure("value does not match the column") }
            self = .date(items)
        case .values(var items):
            self = .values([])
            take(&items) { $0 }
            self = .values(items)
        }
    }

    /// Drops spare capacity, after a bulk load.
    mutating func compact() {
        switch self {
        case .int(var items): self = .values([]); items.compact(); self = .int(items)
        case .double(var items): self = .values([]); items.compact(); self = .double(items)
        case .bool(var items): self = .values([]); items.compact(); self = .bool(items)
        case .string(var items): self = .values([]); items.compact(); self = .string(items)
        case .date(var items): self = .values([]); items.compact(); self = .date(items)
        case .values(var items): self = .values([]); items.compact(); self = .values(items)
        }
    }
}
