/// The one table of built-ins: the checker resolves members and functions in it, and the
/// evaluator runs the implementation stored with each entry.
public enum Builtins {
    /// Every built-in, in documentation order.
    public static let all: [Builtin] =
        donationMembers + arrayMembers + setMembers + rangeMembers + stringMembers + numberMembers + staticMembers + globalFunctions

    /// Entries by name, for lookup.
    static let byName: [String: [Builtin]] = Dictionary(grouping: all, by: \.name)

    /// The built-ins named `name` that apply to a receiver kind.
    static func lookup(_ name: String, on receivers: [BuiltinReceiver]) -> [Builtin] {
        (byName[name] ?? []).filter { receivers.contains($0.receiver) }
    }

    /// Every member name available on a receiver kind (for "did you mean" suggestions).
    static func memberNames(on receivers: [BuiltinReceiver]) -> [String] {
        all.filter { receivers.contains($0.receiver) }.map(\.name)
    }
}
