import TipRulesSyntax

/// The one table of built-in signatures: the checker resolves members and functions in it, the
/// optimizer and the evaluator recognise calls by their `BuiltinID`.
package enum Builtins {
    /// Every built-in, in documentation order.
    package static let all: [Builtin] =
        donationMembers + arrayMembers + setMembers + rangeMembers + stringMembers + numberMembers + staticMembers + globalFunctions

    /// Entries by id (the table is in `BuiltinID` order).
    package static let byID: [Builtin] = {
        var table = [Builtin?](repeating: nil, count: BuiltinID.allCases.count)
        for builtin in all {
            precondition(table[builtin.id.rawValue] == nil, "built-in \(builtin.id) listed twice")
            table[builtin.id.rawValue] = builtin
        }
        return table.enumerated().map { index, builtin in
            guard let builtin else { preconditionFailure("built-in \(BuiltinID.allCases[index]) has no signature") }
            return builtin
        }
    }()

    /// The entry of a built-in.
    package static subscript(_ id: BuiltinID) -> Builtin { byID[id.rawValue] }

    /// Entries by name, for lookup.
    private static let byName: [String: [Builtin]] = Dictionary(grouping: all, by: \.name)

    /// The built-ins named `name` that apply to a receiver kind.
    package static func lookup(_ name: String, on receivers: [BuiltinReceiver]) -> [Builtin] {
        guard let named = byName[name] else { return [] }
        // Usually every built-in of the name applies: no new array then.
        return named.allSatisfy { receivers.contains($0.receiver) } ? named : named.filter { receivers.contains($0.receiver) }
    }

    /// Every member name available on a receiver kind (for "did you mean" suggestions).
    package static func memberNames(on receivers: [BuiltinReceiver]) -> [String] {
        all.filter { receivers.contains($0.receiver) }.map(\.name)
    }

    /// The names of the free functions and initializers (`abs`, `min`, `Double`, `Set`, ...).
    package static let globalFunctionNames: Set<String> = Set(all.filter { $0.receiver == .global }.map(\.name))
}
