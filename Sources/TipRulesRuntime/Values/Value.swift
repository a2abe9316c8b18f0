import TipRulesSemantics
import TipRulesSyntax

/// A runtime value. Each case holds what Swift would hold for the static type.
///
/// Optionals: a `T?` whose `T` is not itself optional is either `.null` or the plain value of
/// `T`; only when `T` is optional (`Int??`) is a non-nil value boxed in `.some`, so that
/// `.some(nil)` stays distinct from `nil` exactly as in Swift.
public enum Value: Sendable {
    case int(Int)
    case double(Double)
    case bool(Bool)
    case string(String)
    /// Seconds since 2001-01-01T00:00:00Z, as Foundation's `Date` stores it.
    case date(Double)
    case timeRange(TimeRange)
    case null
    indirect case some(Value)
    case array([Value])
    case set(Set<Value>)
    case donations(DonationList)
    case donation(DonationStream, Int)
    case event(Int)
    case parameter(Int)
    indirect case range(Value, Value, closed: Bool)
}

extension Value: Hashable {
    /// Equality as Swift's `==` for the static type (the checker only compares equal types).
    public static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.date(a), .date(b)): return a == b
        case let (.timeRange(a), .timeRange(b)): return a == b
        case (.null, .null): return true
        case let (.some(a), .some(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.set(a), .set(b)): return a == b
        case let (.event(a), .event(b)), let (.parameter(a), .parameter(b)): return a == b
        case let (.donation(s1, i1), .donation(s2, i2)): return s1 === s2 && i1 == i2
        case let (.range(a1, b1, c1), .range(a2, b2, c2)): return a1 == a2 && b1 == b2 && c1 == c2
        // A `[Donation<E>]` is kept either as stream positions or as an array of donations;
        // both forms compare element by element.
        case (.donations, .donations), (.donations, .array), (.array, .donations):
            return lhs.donationElements == rhs.donationElements
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .int(let v): hasher.combine(v)
        case .double(let v): hasher.combine(v)
        case .bool(let v): hasher.combine(v)
        case .string(let v): hasher.combine(v)
        case .date(let v): hasher.combine(v)
        case .timeRange(let v): hasher.combine(v)
        case .null: hasher.combine(0 as UInt8)
        case .some(let v): hasher.combine(1 as UInt8); hasher.combine(v)
        case .array(let v): hasher.combine(v)
        case .set(let v): hasher.combine(v)
        case .event(let v), .parameter(let v): hasher.combine(v)
        case .donation(let stream, let i): hasher.combine(ObjectIdentifier(stream)); hasher.combine(i)
        case .donations:
            // As an `.array` of the same donations hashes, since the two compare equal.
            hasher.combine(donationElements)
        case .range(let a, let b, let c): hasher.combine(a); hasher.combine(b); hasher.combine(c)
        }
    }

    /// The hash a `Set` or `Dictionary` of values asks for. A scalar is hashed as the standard
    /// library hashes its own `Int`, `Double`, `String` and `Bool` keys, in one step, rather
    /// than through a streaming `Hasher` (a third of the time it took to make `Set(xs)` of
    /// 1000 `Int`s). Values of different cases are never equal, so each case may hash its own way.
    public func _rawHashValue(seed: Int) -> Int {
        switch self {
        case .int(let v): return v._rawHashValue(seed: seed)
        case .double(let v), .date(let v): return v._rawHashValue(seed: seed)
        case .string(let v): return v._rawHashValue(seed: seed)
        case .bool(let v): return v._rawHashValue(seed: seed)
        default:
            var hasher = Hasher()
            hasher.combine(seed)
            hash(into: &hasher)
            return hasher.finalize()
        }
    }
}

extension Value {
    /// Swift's `<` for the comparable types.
    package static func less(_ lhs: Value, _ rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case let (.int(a), .int(b)): return a < b
        case let (.double(a), .double(b)): return a < b
        case let (.string(a), .string(b)): return a < b
        case let (.date(a), .date(b)): return a < b
        default: return false
        }
    }

    /// Wraps a value of type `wrapped` into `wrapped?`.
    package static func wrap(_ value: Value, wrapped: RuleType) -> Value {
        wrapped.isOptional ? .some(value) : value
    }

    /// Unwraps a value of an optional type, or nil when it is `nil`. (`nil` of `T??` nested in
    /// an optional is `.some(.null)`, so no type is needed to tell the levels apart.)
    package func unwrapped() -> Value? {
        switch self {
        case .null: return nil
        case .some(let inner): return inner
        default: return self
        }
    }

    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension Value {
    /// Whether a value has the representation of a type: the right case for scalars, `.null`
    /// or a (boxed when nested) value for optionals, element by element for arrays and sets.
    package func conforms(to type: RuleType) -> Bool {
        switch (self, type) {
        case (.null, .optional): return true
        case (.some(let inner), .optional(let wrapped)): return wrapped.isOptional && inner.conforms(to: wrapped)
        case (_, .optional(let wrapped)): return !wrapped.isOptional && conforms(to: wrapped)
        case (.array(let items), .array(let element)): return items.allSatisfy { $0.conforms(to: element) }
        case (.set(let items), .set(let element)): return items.allSatisfy { $0.conforms(to: element) }
        case (.int, .int), (.double, .double), (.bool, .bool), (.string, .string), (.date, .date), (.timeRange, .timeRange):
            return true
        default: return false
        }
    }
}

extension Value {
    /// The runtime form of a compile-time constant.
    package init(_ constant: Constant) {
        switch constant {
        case .int(let x): self = .int(x)
        case .double(let x): self = .double(x)
        case .bool(let x): self = .bool(x)
        case .string(let x): self = .string(x)
        case .date(let x): self = .date(x)
        case .timeRange(let x): self = .timeRange(x)
        case .null: self = .null
        case .some(let inner): self = .some(Value(inner))
        case .array(let items): self = .array(items.map(Value.init))
        case .set(let items): self = .set(Set(items.map(Value.init)))
        }
    }
}

extension Value {
    /// The elements of a donation list or array, as `.donation` values.
    fileprivate var donationElements: [Value] {
        switch self {
        case .donations(let list): return list.allPositions.map { .donation(list.stream, $0) }
        case .array(let items): return items
        default: return []
        }
    }
}

extension Value {
    /// Whether this is a reference to a parameter (`$isLoggedIn`) rather than a value.
    package var isParameterReference: Bool {
        if case .parameter = self { return true }
        return false
    }

    /// The value with every parameter reference in it replaced by that parameter's value.
    package func replacingParameters(_ values: [Value]) -> Value {
        switch self {
        case .parameter(let index): return values[index]
        case .some(let inner): return .some(inner.replacingParameters(values))
        case .array(let items): return .array(items.map { $0.replacingParameters(values) })
        default: return self
        }
    }
}

extension Value {
    /// The first date in the value that ISO 8601 cannot show, if any (see `ISO8601.isPrintable`).
    package var firstUnprintableDate: Double? {
        switch self {
        case .date(let seconds): return ISO8601.isPrintable(seconds) ? nil : seconds
        case .some(let inner): return inner.firstUnprintableDate
        case .array(let items): return items.lazy.compactMap(\.firstUnprintableDate).first
        case .set(let items): return items.lazy.compactMap(\.firstUnprintableDate).first
        case .range(let low, let high, _): return low.firstUnprintableDate ?? high.firstUnprintableDate
        default: return nil
        }
    }
}

extension Value {
    /// Whether two values are the same bit for bit (NaN is identical to itself, strings have the
    /// same UTF-8 bytes), as a cache needs: `==` would miss a NaN, `0.0 == -0.0` would confuse
    /// two different starts, and equal strings of other bytes search differently; donation lists
    /// are the same stream object at the same positions. False for other values.
    package func isIdentical(to other: Value) -> Bool {
        switch (self, other) {
        case (.double(let a), .double(let b)), (.date(let a), .date(let b)): return a.bitPattern == b.bitPattern
        case (.int(let a), .int(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a.utf8.elementsEqual(b.utf8)
        case (.null, .null): return true
        case (.some(let a), .some(let b)): return a.isIdentical(to: b)
        // The same stream object (which a store copies before it changes one that is shared,
        // as one held here is) at the same positions.
        case (.donations(let a), .donations(let b)): return a.stream === b.stream && a.positions == b.positions
        default: return false
        }
    }
}
