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

    /// Other names of built-ins: Foundation's `TimeInterval` is `Double`, so `TimeInterval(n)`
    /// is `Double(n)` (as `RuleType.named` makes the type name the same type).
    static let aliases: [String: String] = ["TimeInterval": "Double"]

    /// Entries by name, for lookup.
    private static let byName: [String: NamedBuiltins] = {
        var table = Dictionary(grouping: all, by: \.name).mapValues(NamedBuiltins.init)
        for (alias, name) in aliases { table[alias] = table[name] }
        return table
    }()

    /// The built-ins named `name` that apply to a receiver kind.
    package static func lookup(_ name: String, on receivers: [BuiltinReceiver]) -> [Builtin] {
        guard let named = byName[name] else { return [] }
        return named.applying(to: receivers)
    }

    /// The built-ins named `name` found on one receiver (`.global`, a static member's type),
    /// without an array of receivers made for the call.
    package static func lookup(_ name: String, on receiver: BuiltinReceiver) -> [Builtin] {
        byName[name]?.byReceiver.first { $0.receiver == receiver }?.builtins ?? []
    }

    /// Every member name available on a receiver kind (for "did you mean" suggestions).
    package static func memberNames(on receivers: [BuiltinReceiver]) -> [String] {
        all.filter { receivers.contains($0.receiver) }.map(\.name)
    }

    /// The names of the free functions and initializers (`abs`, `min`, `Double`, `Set`, ...).
    package static let globalFunctionNames: Set<String> = {
        let names = Set(all.filter { $0.receiver == .global }.map(\.name))
        return names.union(aliases.filter { names.contains($0.value) }.keys)
    }()
}

/// The built-ins of one name, grouped by where they are found: the checker looks a member up
/// for every member it resolves (several in a one-line rule), and comparing each entry's
/// receiver with each wanted one (a `RuleType` in a static member's) cost more than the rest of
/// resolving it.
private struct NamedBuiltins {
    /// Every built-in of the name, in table order.
    let all: [Builtin]
    /// Those found on each receiver, each list in table order, by receiver.
    let byReceiver: [(receiver: BuiltinReceiver, builtins: [Builtin])]
    /// Those found on an array of donations (on `.donationArray` or `.array`), in table order.
    let onDonationArrays: [Builtin]

    init(_ all: [Builtin]) {
        self.all = all
        var byReceiver: [(receiver: BuiltinReceiver, builtins: [Builtin])] = []
        for builtin in all {
            if let index = byReceiver.firstIndex(where: { $0.receiver == builtin.receiver }) {
                byReceiver[index].builtins.append(builtin)
            } else {
                byReceiver.append((builtin.receiver, [builtin]))
            }
        }
        self.byReceiver = byReceiver
        onDonationArrays = all.filter { $0.receiver == .donationArray || $0.receiver == .array }
    }

    /// The built-ins found on any of `receivers`, in table order.
    func applying(to receivers: [BuiltinReceiver]) -> [Builtin] {
        switch receivers.count {
        case 0:
            return []
        case 1:
            let receiver = receivers[0]
            return byReceiver.first { $0.receiver == receiver }?.builtins ?? []
        default:
            if receivers.count == 2, receivers.contains(.donationArray), receivers.contains(.array) { return onDonationArrays }
            return all.filter { receivers.contains($0.receiver) }
        }
    }
}
