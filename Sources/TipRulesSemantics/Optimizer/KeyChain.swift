/// One link of a `KeyComparisons` chain: a key, and the operator that decides the order when
/// the two elements' keys differ (see `KeyComparisons.chain`).
package struct KeyChainLink: Sendable, Equatable {
    package let key: Int
    package let op: ComparisonOperator

    package init(key: Int, op: ComparisonOperator) {
        self.key = key
        self.op = op
    }

    /// What the link answers when the first element's key is less than the second's.
    package var whenLess: Bool { op == .less || op == .lessOrEqual || op == .notEqual }
    /// When it is greater.
    package var whenGreater: Bool { op == .greater || op == .greaterOrEqual || op == .notEqual }
    /// When the two are unordered (a `Double` NaN): only `!=` holds.
    package var whenUnordered: Bool { op == .notEqual }
    /// When they are equal, for the last link (the others then leave it to the next).
    package var whenEqual: Bool { op == .equal || op == .lessOrEqual || op == .greaterOrEqual }
}

extension KeyComparisons {
    /// The comparisons as a chain of keys, each deciding by its operator unless the two
    /// elements' keys are equal, when the next decides, and the last's operator decides equal
    /// keys too: the usual orders by several keys, `$0.a == $1.a ? $0.b < $1.b : $0.a > $1.a`
    /// and `$0.a < $1.a || ($0.a == $1.a && $0.b > $1.b)`. Nil for other structures.
    ///
    /// Each form answers as its closure on every pair: `a == b ? x : a op b` is the chain's
    /// rule as written (NaN included: `==` is false, and `op` decides); `a op b || (a == b && x)`
    /// is the same only for a strict `op` (`<`, `>`), which is false on equal keys.
    package var chain: [KeyChainLink]? {
        var links: [KeyChainLink] = []
        var rest = self
        while true {
            if case .compare(let key, let op) = rest {
                links.append(KeyChainLink(key: key, op: op))
                return links
            }
            guard let (link, tie) = rest.firstLink else { return nil }
            links.append(link)
            rest = tie
        }
    }

    /// The first link of a chain of more than one, and the comparisons that break its ties.
    private var firstLink: (KeyChainLink, KeyComparisons)? {
        switch self {
        case .choose(.compare(let key, .equal), let tie, .compare(let decider, let op)) where key == decider,
             .choose(.compare(let key, .notEqual), .compare(let decider, let op), let tie) where key == decider:
            return (KeyChainLink(key: key, op: op), tie)
        case .or(.compare(let key, let op), let equalAnd) where op.isStrictOrder,
             .or(let equalAnd, .compare(let key, let op)) where op.isStrictOrder:
            guard let tie = equalAnd.tie(ofEqual: key) else { return nil }
            return (KeyChainLink(key: key, op: op), tie)
        default:
            return nil
        }
    }

    /// `x` of `a == b && x` or `x && a == b`, where `a` and `b` are both elements' `key`.
    private func tie(ofEqual key: Int) -> KeyComparisons? {
        switch self {
        case .and(.compare(key, .equal), let tie), .and(let tie, .compare(key, .equal)): tie
        default: nil
        }
    }
}

extension ComparisonOperator {
    /// `<` or `>`: false when the two sides are equal.
    var isStrictOrder: Bool { self == .less || self == .greater }
}
