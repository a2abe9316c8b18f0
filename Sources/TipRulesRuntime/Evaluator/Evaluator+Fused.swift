import TipRulesSemantics
import TipRulesSyntax

/// Evaluation of fused operations (see `Optimizer`): tight loops over stream columns.
extension Evaluator {
    @inline(never)
    mutating func fused(_ operation: FusedOperation, _ source: Node, _ initial: Node?, node: AnyObject, _ range: SourceRange) throws(Interrupt) -> Value {
        let value = try source.evaluate(&self)
        // As `reduce` does: the receiver first, then the initial value.
        if case .columnSum(_, _, let field, let addition) = operation, let initial {
            let start = try initial.evaluate(&self)
            guard let list = donationList(value), list.count > 0 else { return start }
            try tick(list.count, range)
            if let cache = inputs.cache, case .contiguous(let positions) = list.positions {
                return try cachedSum(cache, node, list, positions, field, from: start, addition)
            }
            return try columnSum(list, field, from: start, addition)
        }
        if case .groupCount(_, let field, let largest) = operation, let cache = inputs.cache,
           let list = donationList(value), list.count > 0, case .contiguous(let positions) = list.positions {
            try tick(list.count, range)
            return .int(cachedGroupCount(cache, node, list.stream, positions, field, largest))
        }
        guard let list = donationList(value), list.count > 0 else {
            return emptyResult(operation, value)
        }
        switch operation {
        case .scan(_, let predicate, let mode):
            return try scan(list, predicate, mode, range)
        case .countCompare(_, let predicate, let op, let k):
            return .bool(try countCompare(list, predicate, op, k, range))
        case .columnExtreme(_, let field, let isMax):
            try tick(list.count, range)
            return columnExtreme(list, field, isMax)
        case .groupCount(_, let field, let largest):
            try tick(list.count, range)
            return .int(groupCount(list, field, largest))
        case .columnSum:
            preconditionFailure("a sum is evaluated with its initial value")
        }
    }

    /// A group count from the cache's last answer for this node and stream, updated with the
    /// donations that entered the list at its end and left it at its start since.
    private func cachedGroupCount(_ cache: IncrementalCache, _ node: AnyObject, _ stream: DonationStream, _ positions: Range<Int>,
                                  _ field: Int, _ largest: Bool) -> Int {
        let column = stream.columns[field]
        var sizes: GroupSizes
        var reused = false
        if let entry = cache.take(node), entry.node === node, entry.stream === stream, entry.rewrites == stream.rewrites,
           case .groups(let cached) = entry.state,
           positions.lowerBound >= entry.range.lowerBound, positions.upperBound >= entry.range.upperBound,
           positions.lowerBound <= entry.range.upperBound {
            sizes = cached
            reused = true
            for position in entry.range.lowerBound..<positions.lowerBound { sizes.remove(column[position]) }
            for position in entry.range.upperBound..<positions.upperBound { sizes.add(column[position]) }
        } else {
            sizes = GroupSizes()
            for position in positions { sizes.add(column[position]) }
        }
        cache.put(IncrementalCache.Entry(node: node, stream: stream, rewrites: stream.rewrites, range: positions, state: .groups(sizes)), for: node, reused: reused)
        return largest ? sizes.largest : sizes.smallest
    }

    /// A sum from the cache's last total for this node and stream, when the list still starts
    /// where it did and only grew: the same additions, in the same order, as a rescan.
    private func cachedSum(_ cache: IncrementalCache, _ node: AnyObject, _ list: DonationList, _ positions: Range<Int>, _ field: Int,
                           from start: Value, _ addition: SourceRange) throws(Interrupt) -> Value {
        let stream = list.stream
        var total: Value
        var reused = false
        if let entry = cache.take(node), entry.node === node, entry.stream === stream, entry.rewrites == stream.rewrites,
           case .sum(let initial, let cached) = entry.state, initial.isIdentical(to: start),
           positions.lowerBound == entry.range.lowerBound, positions.upperBound >= entry.range.upperBound {
            let added = DonationList(stream: stream, positions: .contiguous(entry.range.upperBound..<positions.upperBound))
            total = added.count == 0 ? cached : try columnSum(added, field, from: cached, addition)
            reused = true
        } else {
            total = try columnSum(list, field, from: start, addition)
        }
        cache.put(IncrementalCache.Entry(node: node, stream: stream, rewrites: stream.rewrites, range: positions, state: .sum(initial: start, total: total)), for: node, reused: reused)
        return total
    }

    /// The column added left to right from `start`, as the closure adds it: a `Double` sum to
    /// the last bit, an `Int` overflow as the closure's runtime error.
    private func columnSum(_ list: DonationList, _ field: Int, from start: Value, _ addition: SourceRange) throws(Interrupt) -> Value {
        switch (list.stream.columns[field], start) {
        case (.int(let items), .int(var sum)):
            return try items.withUnsafeBufferPointer { buffer throws(Interrupt) in
                for offset in 0..<list.count {
                    let x = buffer[list.position(at: offset)]
                    let (next, overflow) = sum.addingReportingOverflow(x)
                    if overflow { throw failure(RuntimeMessages.overflow("\(sum) + \(x)"), addition) }
                    sum = next
                }
                return .int(sum)
            }
        case (.double(let items), .double(var sum)):
            items.withUnsafeBufferPointer { buffer in
                if case .contiguous(let range) = list.positions {
                    for position in range { sum += buffer[position] }
                } else {
                    for offset in 0..<list.count { sum += buffer[list.position(at: offset)] }
                }
            }
            return .double(sum)
        case (let column, var sum):
            // A column kept as values: the same additions, one value at a time.
            for offset in 0..<list.count {
                switch (sum, column[list.position(at: offset)]) {
                case (.int(let a), .int(let b)):
                    let (next, overflow) = a.addingReportingOverflow(b)
                    if overflow { throw failure(RuntimeMessages.overflow("\(a) + \(b)"), addition) }
                    sum = .int(next)
                case (.double(let a), .double(let b)):
                    sum = .double(a + b)
                default:
                    preconditionFailure("a sum of values that are not numbers of the accumulator's type")
                }
            }
            return sum
        }
    }

    /// The result over an empty list.
    private func emptyResult(_ operation: FusedOperation, _ value: Value) -> Value {
        switch operation {
        case .scan(_, _, .filter): return value
        case .scan(_, _, .count), .groupCount: return .int(0)
        case .columnSum: preconditionFailure("a sum is evaluated with its initial value")
        case .scan(_, _, .contains): return .bool(false)
        case .scan(_, _, .allSatisfy): return .bool(true)
        case .scan(_, _, .first), .scan(_, _, .last), .columnExtreme: return .null
        case .countCompare(_, _, let op, let k): return .bool(Evaluator.compare(op, .int(0), .int(k)))
        }
    }

    private mutating func scan(_ list: DonationList, _ predicate: RowPredicate, _ mode: ScanMode, _ range: SourceRange) throws(Interrupt) -> Value {
        try tick(list.count, range)
        switch mode {
        case .filter:
            var kept: [Int] = []
            forEachMatch(list, predicate, reverse: false) { kept.append($0); return true }
            return .donations(DonationList(stream: list.stream, positions: .scattered(kept)))
        case .count:
            var matches = 0
            forEachMatch(list, predicate, reverse: false) { _ in matches += 1; return true }
            return .int(matches)
        case .contains:
            var found = false
            forEachMatch(list, predicate, reverse: false) { _ in found = true; return false }
            return .bool(found)
        case .allSatisfy:
            var failed = false
            forEachMatch(list, .not(predicate), reverse: false) { _ in failed = true; return false }
            return .bool(!failed)
        case .first, .last:
            var match: Int?
            forEachMatch(list, predicate, reverse: mode == .last) { match = $0; return false }
            return match.map { .donation(list.stream, $0) } ?? .null
        }
    }

    /// Counts matches only as far as needed to decide `count OP k`.
    private mutating func countCompare(_ list: DonationList, _ predicate: RowPredicate?, _ op: ComparisonOperator, _ k: Int, _ range: SourceRange) throws(Interrupt) -> Bool {
        // Past `k + 1` matches no comparison with `k` can change.
        let enough = k < 0 ? 0 : (k == Int.max ? k : k + 1)
        var matches = 0
        if let predicate, enough > 0 {
            try tick(list.count, range)
            forEachMatch(list, predicate, reverse: false) { _ in
                matches += 1
                return matches < enough
            }
        } else if predicate == nil {
            matches = min(list.count, enough)
        }
        return Evaluator.compare(op, .int(matches), .int(k))
    }

    /// Calls `body` with each matching stream position, in list order (or reversed), until it
    /// returns false. A leading comparison of an Int field with a constant runs as a tight
    /// loop over the column, testing the rest of the predicate only where it holds.
    private func forEachMatch(_ list: DonationList, _ predicate: RowPredicate, reverse: Bool, _ body: (Int) -> Bool) {
        let stream = list.stream
        if !reverse, case .contiguous(let range) = list.positions, let filter = intPrefilter(predicate, stream) {
            let rest = filter.rest.map { bind($0, stream) }
            let k = filter.k
            filter.items.withUnsafeBufferPointer { items in
                @inline(__always) func run(_ holds: (Int, Int) -> Bool) {
                    for position in range where holds(items[position], k) {
                        if let rest, !rest(position) { continue }
                        if !body(position) { return }
                    }
                }
                switch filter.op {
                case .equal: run(==)
                case .notEqual: run(!=)
                case .less: run(<)
                case .lessOrEqual: run(<=)
                case .greater: run(>)
                case .greaterOrEqual: run(>=)
                }
            }
            return
        }
        let test = bind(predicate, stream)
        let count = list.count
        if reverse {
            for offset in (0..<count).reversed() {
                let position = list.position(at: offset)
                if test(position) && !body(position) { return }
            }
        } else {
            for offset in 0..<count {
                let position = list.position(at: offset)
                if test(position) && !body(position) { return }
            }
        }
    }

    /// `field OP k` on an Int field, alone or first in a conjunction, with the rest.
    private func intPrefilter(_ predicate: RowPredicate, _ stream: DonationStream) -> (items: [Int], op: ComparisonOperator, k: Int, rest: RowPredicate?)? {
        switch predicate {
        case .compare(.field(let index), let op, let constant):
            guard case .int(let items) = stream.columns[index], case .int(let k)? = invariant(constant) else { return nil }
            return (items, op, k, nil)
        case .and(let first, let rest):
            guard let head = intPrefilter(first, stream), head.rest == nil else { return nil }
            return (head.items, head.op, head.k, rest)
        default:
            return nil
        }
    }

    /// `map(\.field).max()` / `.min()`, comparing in the order the standard library does
    /// (which decides where NaN ends up).
    private func columnExtreme(_ list: DonationList, _ field: Int?, _ isMax: Bool) -> Value {
        let column = field.map { list.stream.columns[$0] } ?? .date(list.stream.dates)
        if case .contiguous(let range) = list.positions {
            switch column {
            case .int(let items):
                // For Int, the first maximum and any maximum are the same value.
                return .int(items.withUnsafeBufferPointer { buffer in
                    var result = buffer[range.lowerBound]
                    // Written as selects so the loop vectorises.
                    if isMax {
                        for position in range { let x = buffer[position]; result = x > result ? x : result }
                    } else {
                        for position in range { let x = buffer[position]; result = x < result ? x : result }
                    }
                    return result
                })
            case .double(let items): return .double((isMax ? items[range].max() : items[range].min())!)
            case .date(let items): return .date((isMax ? items[range].max() : items[range].min())!)
            default: break
            }
        }
        var result = column[list.position(at: 0)]
        for offset in 1..<list.count {
            let next = column[list.position(at: offset)]
            if isMax ? Value.less(result, next) : Value.less(next, result) { result = next }
        }
        return result
    }

    /// The size of the largest (or smallest) group of equal field values.
    private func groupCount(_ list: DonationList, _ field: Int, _ largest: Bool) -> Int {
        let column = list.stream.columns[field]
        let sizes: Dictionary<Int, Int>.Values
        if case .int(let items) = column {
            var counts: [Int: Int] = [:]
            for offset in 0..<list.count { counts[items[list.position(at: offset)], default: 0] += 1 }
            sizes = counts.values
        } else {
            var counts: [Value: Int] = [:]
            for offset in 0..<list.count { counts[column[list.position(at: offset)], default: 0] += 1 }
            return (largest ? counts.values.max() : counts.values.min()) ?? 0
        }
        return (largest ? sizes.max() : sizes.min()) ?? 0
    }

    /// A row predicate bound to one stream's columns, ready to test positions.
    private func bind(_ predicate: RowPredicate, _ stream: DonationStream) -> (Int) -> Bool {
        switch predicate {
        case .constant(let flag):
            return { _ in flag }
        case .and(let a, let b):
            let first = bind(a, stream), second = bind(b, stream)
            return { first($0) && second($0) }
        case .or(let a, let b):
            let first = bind(a, stream), second = bind(b, stream)
            return { first($0) || second($0) }
        case .not(let a):
            let inner = bind(a, stream)
            return { !inner($0) }
        case .compare(let a, let op, let b):
            if case .field(let index) = a, let constant = invariant(b) {
                let column = stream.columns[index]
                if case .int(let items) = column, case .int(let k) = constant {
                    return Evaluator.intComparison(op, items, k)
                }
                if case .string(let items) = column, case .string(let text) = constant, op == .equal || op == .notEqual {
                    return op == .equal ? { items[$0] == text } : { items[$0] != text }
                }
                return { Evaluator.compare(op, column[$0], constant) }
            }
            let left = operand(a, stream), right = operand(b, stream)
            return { Evaluator.compare(op, left($0), right($0)) }
        case .string(let a, let test, let b):
            let left = operand(a, stream), right = operand(b, stream)
            return { position in
                guard case .string(let text) = left(position), case .string(let needle) = right(position) else { return false }
                switch test {
                case .hasPrefix: return StringSearch.hasPrefix(text, needle)
                case .hasSuffix: return StringSearch.hasSuffix(text, needle)
                case .contains: return StringSearch.contains(text, needle)
                }
            }
        }
    }

    /// The value of an operand that does not depend on the row.
    private func invariant(_ operand: RowPredicate.Operand) -> Value? {
        switch operand {
        case .constant(let value): return Value(value)
        case .parameter(let index): return parameterValues[index]
        case .now: return .date(now)
        case .field, .date: return nil
        }
    }

    private func operand(_ operand: RowPredicate.Operand, _ stream: DonationStream) -> (Int) -> Value {
        switch operand {
        case .field(let index):
            let column = stream.columns[index]
            return { column[$0] }
        case .date:
            let dates = stream.dates
            return { .date(dates[$0]) }
        case .constant, .parameter, .now:
            let value = invariant(operand)!
            return { _ in value }
        }
    }

    /// A comparison of an Int column with a constant, specialised per operator.
    static func intComparison(_ op: ComparisonOperator, _ items: [Int], _ k: Int) -> (Int) -> Bool {
        switch op {
        case .equal: return { items[$0] == k }
        case .notEqual: return { items[$0] != k }
        case .less: return { items[$0] < k }
        case .lessOrEqual: return { items[$0] <= k }
        case .greater: return { items[$0] > k }
        case .greaterOrEqual: return { items[$0] >= k }
        }
    }
}
