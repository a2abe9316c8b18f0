import TipRulesSyntax

/// A shape of type in a built-in signature, resolved against the receiver and arguments.
package indirect enum TypePattern: Sendable, Hashable {
    case exact(RuleType)
    /// The receiver's element type (`T` of `[T]`, `Set<T>`, a range's bound).
    case element
    /// The receiver's own type.
    case receiver
    /// A type variable bound by the arguments (`U` of `map`, `T` of `min(_:_:)`).
    case generic
    case optional(TypePattern)
    case array(TypePattern)
    case set(TypePattern)
    case function([TypePattern], TypePattern)
    case keyPath(TypePattern, TypePattern)

    var mentionsGeneric: Bool {
        switch self {
        case .generic: return true
        case .exact, .element, .receiver: return false
        case .optional(let p), .array(let p), .set(let p): return p.mentionsGeneric
        case .function(let ps, let r): return r.mentionsGeneric || ps.contains { $0.mentionsGeneric }
        case .keyPath(let a, let b): return a.mentionsGeneric || b.mentionsGeneric
        }
    }

    var isFunction: Bool {
        if case .function = self { return true }
        if case .keyPath = self { return true }
        return false
    }
}

/// A requirement on the element or type variable of a built-in.
package enum BuiltinConstraint: Sendable, Hashable {
    case none
    case elementEquatable, elementComparable, elementHashable
    case genericComparable, genericHashable, genericNumeric
}

/// Where a built-in is found.
package enum BuiltinReceiver: Sendable, Hashable {
    case array, donationArray, set, string, int, double, date, event, donation, range
    /// A static member of a type: `Date.now`, `Int.max`, `TimeRange.week` (and `.week` by context).
    case staticMember(RuleType)
    /// A free function or initializer: `abs`, `min`, `max`, `Double(_:)`, `Int(_:)`, `Set(_:)`.
    case global
}

/// One entry of the built-in table: the signature the checker reads, under the id the optimizer
/// and the evaluator dispatch on. Entries are shared, immutable objects.
package final class Builtin: Sendable {
    package let id: BuiltinID
    package let name: String
    package let receiver: BuiltinReceiver
    /// Argument labels, or nil for a property.
    package let labels: [String?]?
    package let parameters: [TypePattern]
    package let result: TypePattern
    package let constraint: BuiltinConstraint
    /// Accepts any number (at least two) of arguments of the last parameter's type.
    package let isVariadic: Bool
    /// A one-line description for documentation and the REPL.
    package let summary: String

    init(
        _ id: BuiltinID, _ name: String, on receiver: BuiltinReceiver, labels: [String?]? = nil, parameters: [TypePattern] = [],
        result: TypePattern, constraint: BuiltinConstraint = .none, variadic: Bool = false, _ summary: String
    ) {
        self.id = id
        self.name = name
        self.receiver = receiver
        self.labels = labels
        self.parameters = parameters
        self.result = result
        self.constraint = constraint
        self.isVariadic = variadic
        self.summary = summary
    }

    package var isProperty: Bool { labels == nil }

    /// The Swift-style name with labels: `contains(where:)`, `count`.
    package var signatureName: String {
        guard let labels else { return name }
        return name + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
    }
}
