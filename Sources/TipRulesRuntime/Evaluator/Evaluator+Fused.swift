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
            forEachBatch(list, predicate, reverse: false) { rows, selected in
                failed = selected.count < rows.count
                return !failed
            }
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
    /// returns false.
    private func forEachMatch(_ list: DonationList, _ predicate: RowPredicate, reverse: Bool, _ body: (Int) -> Bool) {
        forEachBatch(list, predicate, reverse: reverse) { _, selected in
            for position in selected where !body(position) { return false }
            return true
        }
    }

    /// Runs the predicate over the list a batch at a time (see `RowFilter`) and calls `body`
    /// with each batch's positions and those that pass, until it returns false. Batches start
    /// small and grow, so a scan that stops at an early match tests few rows past it.
    private func forEachBatch(_ list: DonationList, _ predicate: RowPredicate, reverse: Bool,
                              _ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>) -> Bool) {
        let filter = RowFilter.make(predicate, RowPredicateBinder(stream: list.stream, invariant: invariant))
        let count = list.count
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * RowFilter.batch) { buffer in
            let input = buffer.baseAddress!, output = input + RowFilter.batch
            var done = 0, size = 16
            while done < count {
                let n = min(size, count - done)
                switch list.positions {
                case .contiguous(let range):
                    if reverse {
                        for i in 0..<n { input[i] = range.upperBound - 1 - done - i }
                    } else {
                        for i in 0..<n { input[i] = range.lowerBound + done + i }
                    }
                case .scattered(let positions):
                    positions.withUnsafeBufferPointer { positions in
                        if reverse {
                            for i in 0..<n { input[i] = positions[count - 1 - done - i] }
                        } else {
                            for i in 0..<n { input[i] = positions[done + i] }
                        }
                    }
                }
                let rows = UnsafeBufferPointer(start: input, count: n)
                let kept = filter.select(rows, output)
                if !body(rows, UnsafeBufferPointer(start: output, count: kept)) { return }
                done += n
                size = min(size * 4, RowFilter.batch)
            }
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

    /// The value of an operand that is the same for every row.
    private func invariant(_ operand: RowPredicate.Operand) -> Value {
        switch operand {
        case .constant(let value): return Value(value)
        case .parameter(let index): return parameterValues[index]
        case .now: return .date(now)
        case .outerLocal(let slot): return local(slot)
        case .outerField(let slot, let field): return localField(slot, field)
        case .outerDate(let slot): return .date(localDate(slot))
        case .arithmetic(let op, let a, let b):
            let x = invariantNumber(a), y = invariantNumber(b)
            switch op {
            case .doubleAdd: return .double(x + y)
            case .doubleSubtract: return .double(x - y)
            case .doubleMultiply: return .double(x * y)
            case .doubleDivide: return .double(x / y)
            default: preconditionFailure("row arithmetic with an operator that can fail")
            }
        case .intervalSince(let a, let b): return .double(invariantNumber(a) - invariantNumber(b))
        case .addingInterval(let a, let b): return .date(invariantNumber(a) + invariantNumber(b))
        case .negate(let a): return .double(-invariantNumber(a))
        case .field, .date: preconditionFailure("a row operand is not invariant")
        }
    }

    private func invariantNumber(_ operand: RowPredicate.Operand) -> Double {
        switch invariant(operand) {
        case .double(let x), .date(let x): return x
        default: preconditionFailure("row arithmetic on a value that is no number")
        }
    }
}
