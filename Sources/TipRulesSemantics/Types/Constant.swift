import TipRulesSyntax

/// A value known at compile time: a literal, a folded literal expression or a parameter's
/// default. The runtime turns it into its own `Value`; the typed tree holds only constants, so
/// the semantics never depends on the runtime's representation of streams and donations.
// Only the case that holds another constant is boxed, so copying a number, a date or a short
// string (as fused scans do at every evaluation) takes no reference count.
public enum Constant: Sendable, Hashable {
    case int(Int)
    case double(Double)
    case bool(Bool)
    case string(String)
    /// Seconds since 2001-01-01T00:00:00Z.
    case date(Double)
    case timeRange(TimeRange)
    case null
    /// A non-nil value of a doubly optional type (`Int??`), boxed so it stays apart from `nil`.
    indirect case some(Constant)
    case array([Constant])
    case set(Set<Constant>)

    /// Wraps a constant of type `wrapped` into `wrapped?` (boxing only when `wrapped` is optional).
    static func wrap(_ value: Constant, wrapped: RuleType) -> Constant {
        wrapped.isOptional ? .some(value) : value
    }
}
