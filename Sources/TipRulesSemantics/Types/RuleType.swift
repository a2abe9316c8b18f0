import TipRulesSyntax

/// The static types of TipRules, spelled as Swift spells them.
public indirect enum RuleType: Sendable, Hashable, CustomStringConvertible {
    case int, double, bool, string, date, timeRange
    case optional(RuleType)
    case array(RuleType)
    case set(RuleType)
    /// One donation of an event; the string is the event id.
    case donation(String)
    /// An event, whose `donations` are its stream.
    case event(String)
    /// A parameter itself (`$isLoggedIn`), not its value.
    case parameter(RuleType)
    case keyPath(RuleType, RuleType)
    case function([RuleType], RuleType)
    /// `a...b` (closed) or `a..<b`.
    case range(RuleType, closed: Bool)
    /// A type used as a value, for `Date.now`, `Int.max`, `Double(x)`, `Set(xs)`.
    case metatype(RuleType)
    /// The type of a bare `nil` before its context is known (checker-internal).
    case nilLiteral
    /// The type of an expression that already failed to check; it silences follow-on errors.
    case error

    public var description: String {
        switch self {
        case .int: return "Int"
        case .double: return "Double"
        case .bool: return "Bool"
        case .string: return "String"
        case .date: return "Date"
        case .timeRange: return "TimeRange"
        case .optional(let wrapped):
            if case .function = wrapped { return "(\(wrapped))?" }
            return "\(wrapped)?"
        case .array(let element): return "[\(element)]"
        case .set(let element): return "Set<\(element)>"
        case .donation(let id): return "Donation<\(id)>"
        case .event(let id): return "Event<\(id)>"
        case .parameter(let value): return "Parameter<\(value)>"
        case .keyPath(let root, let value): return "KeyPath<\(root), \(value)>"
        case .function(let parameters, let result):
            return "(\(parameters.map(\.description).joined(separator: ", "))) -> \(result)"
        case .range(let bound, let closed): return closed ? "ClosedRange<\(bound)>" : "Range<\(bound)>"
        case .metatype(let type): return "\(type).Type"
        case .nilLiteral: return "nil"
        case .error: return "<<error>>"
        }
    }

    /// The types a rule file may name without arguments, by their Swift names. `TimeInterval`
    /// is Foundation's name for `Double` (`addingTimeInterval` takes one), so it is that type.
    package static let named: [String: RuleType] = [
        "Int": .int, "Double": .double, "Bool": .bool, "String": .string, "Date": .date, "TimeRange": .timeRange,
        "TimeInterval": .double,
    ]

    /// The generic types a rule file may name, with one argument (`Set<Int>`).
    package static let genericNames: Set<String> = ["Set", "Array"]

    /// Whether this type or any type inside it is `error`.
    package var containsError: Bool {
        switch self {
        case .error: return true
        case .optional(let t), .array(let t), .set(let t), .parameter(let t), .metatype(let t), .range(let t, _): return t.containsError
        case .keyPath(let a, let b): return a.containsError || b.containsError
        case .function(let ps, let r): return r.containsError || ps.contains { $0.containsError }
        default: return false
        }
    }

    /// Whether a value of this type may hold a `Date` (donations' dates come from logs and
    /// stores, which only hold printable ones).
    package var mentionsDate: Bool {
        switch self {
        case .date: return true
        case .optional(let t), .array(let t), .set(let t), .parameter(let t), .range(let t, _): return t.mentionsDate
        default: return false
        }
    }

    /// Whether this type is or holds a `Parameter<T>`.
    package var mentionsParameter: Bool {
        switch self {
        case .parameter: return true
        case .optional(let t), .array(let t), .set(let t): return t.mentionsParameter
        default: return false
        }
    }

    package var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    package var unwrapped: RuleType {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// The element type of arrays and sets.
    package var elementType: RuleType? {
        switch self {
        case .array(let e), .set(let e): return e
        default: return nil
        }
    }

    /// `==` and `!=` are available (Swift's Equatable).
    package var isEquatable: Bool {
        switch self {
        case .int, .double, .bool, .string, .date, .timeRange, .error: return true
        case .optional(let t), .array(let t), .set(let t): return t.isEquatable
        case .range(let t, _): return t.isEquatable
        default: return false
        }
    }

    /// `<`, `<=`, `>`, `>=` are available (Swift's Comparable).
    package var isComparable: Bool {
        switch self {
        case .int, .double, .string, .date, .error: return true
        default: return false
        }
    }

    /// Usable as a `Set` element or a grouping key (Swift's Hashable).
    package var isHashable: Bool {
        switch self {
        case .int, .double, .bool, .string, .date, .error: return true
        case .optional(let t), .array(let t), .set(let t): return t.isHashable
        default: return false
        }
    }

    package var isNumeric: Bool {
        switch self {
        case .int, .double, .error: return true
        default: return false
        }
    }

    /// `Int`, `Double`, `String` or `Date`: a value that sorts and compares by itself (unlike
    /// `isComparable`, not the error type).
    package var isOrderedScalar: Bool {
        switch self {
        case .int, .double, .string, .date: return true
        default: return false
        }
    }

    /// Types a payload field may have.
    package var isPayloadType: Bool {
        switch self {
        case .int, .double, .bool, .string, .date: return true
        case .optional(let t): return !t.isOptional && t.isPayloadType
        default: return false
        }
    }
}
