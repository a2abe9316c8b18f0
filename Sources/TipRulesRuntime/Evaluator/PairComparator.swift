import TipRulesSemantics

/// An order's comparisons of keys (see `KeyComparisons`) over the keys computed for each
/// element of a list: whether the element at one offset comes before the one at another, by
/// the closure's own operators on the same machine values.
///
/// The keys are plain buffers, and each comparison of them a closure specialised for its
/// type and operator that reads them in place, so a comparison (tens of thousands in a sort)
/// costs a few calls, without reference counting.
final class PairComparator {
    /// The `Double` (and `Int`) keys, one buffer of every element's key after another.
    private let numbers: UnsafeMutablePointer<Double>
    private let ints: UnsafeMutablePointer<Int>
    /// Whether the element at the first offset comes before the one at the second.
    let precedes: (Int, Int) -> Bool

    /// A chain's links over their keys' buffers (see `chained`), or nil.
    private let links: UnsafeMutableBufferPointer<ChainStep>?

    init(_ keyed: KeyedComparator, keys: [OrderKeys], count: Int) {
        let comparisons = keyed.comparisons
        var numberKeys: [[Double]] = [], intKeys: [[Int]] = []
        for key in keys {
            switch key {
            case .numbers(let items): numberKeys.append(items)
            case .ints(let items): intKeys.append(items)
            case .values: break
            }
        }
        let numbers = UnsafeMutablePointer<Double>.allocate(capacity: max(1, numberKeys.count * count))
        for (index, items) in numberKeys.enumerated() { (numbers + index * count).initialize(from: items, count: count) }
        let ints = UnsafeMutablePointer<Int>.allocate(capacity: max(1, intKeys.count * count))
        for (index, items) in intKeys.enumerated() { (ints + index * count).initialize(from: items, count: count) }
        self.numbers = numbers
        self.ints = ints
        // Each key's buffer, or its values.
        var numberIndex = 0, intIndex = 0
        let reads: [OrderKeysRead] = keys.map { key in
            switch key {
            case .numbers:
                defer { numberIndex += 1 }
                return .numbers(UnsafePointer(numbers + numberIndex * count))
            case .ints:
                defer { intIndex += 1 }
                return .ints(UnsafePointer(ints + intIndex * count))
            case .values(let items): return .values(items)
            }
        }
        func build(_ comparisons: KeyComparisons) -> (Int, Int) -> Bool {
            switch comparisons {
            case .constant(let flag): return { _, _ in flag }
            case .compare(let key, let op):
                switch reads[key] {
                case .numbers(let keys): return PairComparator.compare(op, keys)
                case .ints(let keys): return PairComparator.compare(op, keys)
                case .values(let keys): return { Evaluator.compare(op, keys[$0], keys[$1]) }
                }
            case .and(let x, let y):
                let a = build(x), b = build(y)
                return { a($0, $1) && b($0, $1) }
            case .or(let x, let y):
                let a = build(x), b = build(y)
                return { a($0, $1) || b($0, $1) }
            case .not(let x):
                let a = build(x)
                return { !a($0, $1) }
            case .choose(let x, let y, let z):
                let c = build(x), a = build(y), b = build(z)
                return { c($0, $1) ? a($0, $1) : b($0, $1) }
            }
        }
        if let chain = keyed.chain, let links = PairComparator.steps(chain, reads) {
            self.links = links
            precedes = PairComparator.chained(UnsafeBufferPointer(links), whenEqual: chain[chain.count - 1].whenEqual)
        } else {
            links = nil
            precedes = build(comparisons)
        }
    }

    deinit {
        numbers.deallocate()
        ints.deallocate()
        links?.deallocate()
    }

    /// A link of a chain of keys (see `KeyComparisons.chain`) over its key's buffer.
    private struct ChainStep {
        let keys: UnsafeRawPointer
        let isInt: Bool
        let whenLess: Bool
        let whenGreater: Bool
        let whenUnordered: Bool
    }

    /// A chain's links over buffers of machine keys, or nil when a key is of another type.
    private static func steps(_ chain: [KeyChainLink], _ reads: [OrderKeysRead]) -> UnsafeMutableBufferPointer<ChainStep>? {
        var steps: [ChainStep] = []
        for link in chain {
            let keys: UnsafeRawPointer, isInt: Bool
            switch reads[link.key] {
            case .numbers(let items): (keys, isInt) = (UnsafeRawPointer(items), false)
            case .ints(let items): (keys, isInt) = (UnsafeRawPointer(items), true)
            case .values: return nil
            }
            steps.append(ChainStep(keys: keys, isInt: isInt, whenLess: link.whenLess, whenGreater: link.whenGreater,
                                   whenUnordered: link.whenUnordered))
        }
        let buffer = UnsafeMutableBufferPointer<ChainStep>.allocate(capacity: steps.count)
        _ = buffer.initialize(from: steps)
        return buffer
    }

    /// Whether the element at one offset comes before the one at another by a chain of keys:
    /// the first link whose keys differ decides, by its operator; when all are equal, the last
    /// link's operator decides. One loop over the links, each comparing two machine values in
    /// place, rather than a closure per comparison of the chain's structure.
    private static func chained(_ steps: UnsafeBufferPointer<ChainStep>, whenEqual: Bool) -> (Int, Int) -> Bool {
        { first, second in
            for step in steps {
                if step.isInt {
                    let keys = step.keys.assumingMemoryBound(to: Int.self)
                    let a = keys[first], b = keys[second]
                    if a < b { return step.whenLess }
                    if a > b { return step.whenGreater }
                } else {
                    let keys = step.keys.assumingMemoryBound(to: Double.self)
                    let a = keys[first], b = keys[second]
                    if a < b { return step.whenLess }
                    if a > b { return step.whenGreater }
                    if a != b { return step.whenUnordered }
                }
            }
            return whenEqual
        }
    }

    private enum OrderKeysRead {
        case numbers(UnsafePointer<Double>)
        case ints(UnsafePointer<Int>)
        case values([Value])
    }

    /// `keys[i] op keys[j]`, one closure per operator.
    private static func compare<T: Comparable>(_ op: ComparisonOperator, _ keys: UnsafePointer<T>) -> (Int, Int) -> Bool {
        switch op {
        case .equal: return { keys[$0] == keys[$1] }
        case .notEqual: return { keys[$0] != keys[$1] }
        case .less: return { keys[$0] < keys[$1] }
        case .lessOrEqual: return { keys[$0] <= keys[$1] }
        case .greater: return { keys[$0] > keys[$1] }
        case .greaterOrEqual: return { keys[$0] >= keys[$1] }
        }
    }
}
