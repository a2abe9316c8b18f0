import TipRulesSemantics

/// The types whose closure parameters the evaluator keeps unboxed, as the 64 bits of a machine
/// value: binding one per element then costs a store, with no reference counting of a `Value`
/// and no release of what the slot held before.
enum ScalarKind {
    case int, double, date, bool

    /// The kind of a static type, or nil when values of the type are kept boxed.
    init?(_ type: RuleType) {
        switch type {
        case .int: self = .int
        case .double: self = .double
        case .date: self = .date
        case .bool: self = .bool
        default: return nil
        }
    }

    /// The value of the bits `bits(of:)` gave.
    @inline(__always)
    func value(_ bits: UInt64) -> Value {
        switch self {
        case .int: return .int(Int(truncatingIfNeeded: bits))
        case .double: return .double(Double(bitPattern: bits))
        case .date: return .date(Double(bitPattern: bits))
        case .bool: return .bool(bits != 0)
        }
    }

    /// The bits of the value of a node of this kind, evaluated unboxed.
    @inline(__always)
    func bits(of node: Node, _ ev: inout Evaluator) throws(Interrupt) -> UInt64 {
        switch self {
        case .int: return UInt64(truncatingIfNeeded: try node.int(&ev))
        case .double, .date: return try node.double(&ev).bitPattern
        case .bool: return try node.bool(&ev) ? 1 : 0
        }
    }

    /// The bits of a value of a scalar type: an `Int`'s two's complement, a `Double`'s or a
    /// `Date`'s IEEE pattern (NaN payloads and -0.0 kept), a `Bool` as 0 or 1.
    @inline(__always)
    static func bits(of value: Value) -> UInt64 {
        switch value {
        case .int(let x): return UInt64(truncatingIfNeeded: x)
        case .double(let x), .date(let x): return x.bitPattern
        case .bool(let x): return x ? 1 : 0
        default: preconditionFailure("a scalar local given another value")
        }
    }
}
