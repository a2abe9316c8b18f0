import TipRulesSemantics
import TipRulesSyntax

/// Fused sums and folds (`reduce`, `map(...).reduce(0, +)`): the step bound once and run over the
/// stream's columns, giving way to the calls they stand for where `Int` arithmetic could fail.
extension Evaluator {
    /// The row operand of a fold's step (`filters.foldExtreme`, `foldSelect` or `foldAffine`) computed a batch
    /// at a time (see `keptColumn`). Nil when the step has no such operand or it has no batch
    /// form. The caller puts it back in `filters.columns` after a fold it did not fail in.
    func foldColumn(_ list: DonationList, _ filters: BoundFilterCache, ints: Bool) -> BoundColumnCache.Entry? {
        guard let columns = filters.columns, let row = filters.foldExtreme?.row ?? filters.foldSelect?.row ?? filters.foldAffine?.row else {
            return nil
        }
        return keptColumn(row, list, columns, ints: ints)
    }

    /// `reduce` of a sum: the receiver first, then the initial value, as `reduce` evaluates them.
    mutating func columnSum(_ value: Value, _ initial: Node, _ mapping: RowPredicate.Operand, _ addition: SourceRange,
                                    skipsNil: Bool, _ steps: FusedSteps, node: AnyObject, _ filters: BoundFilterCache,
                                    _ hoisted: [HoistedSlot], _ range: SourceRange) throws(Interrupt) -> Value {
        let start = try initial.evaluate(&self)
        guard let list = donationList(value), list.count > 0 else { return start }
        try evaluateHoisted(hoisted, over: list, range)
        // `Int` arithmetic computed a batch at a time that checks itself needs no proof first:
        // the sum gives way when it failed on a row.
        // (The binding kept from the last sum over the same donations, or a new one.)
        let checked: IntColumn?
        var keptEntry: BoundColumnCache.Entry?
        if case .int = start, !skipsNil, filters.operandHasIntArithmetic, filters.operandChecksItself {
            keptEntry = takeKeptColumn(filters.columns, list.stream)
            if keptEntry?.ints == nil, let column = IntColumn.make(mapping, RowPredicateBinder(stream: list.stream, invariants: rowInvariants)) {
                keptEntry = BoundColumnCache.Entry(stream: list.stream, invariants: columnInvariants(filters.columns), ints: column)
            }
            checked = keptEntry?.ints
        } else {
            checked = nil
        }
        if checked == nil { try givingWayUnlessIntArithmeticIsSafe(mapping, filters, list, range) }
        try tick(list.count * steps.perSourceElement, range)
        if skipsNil {
            let meter = StepMeter.forWork(of: mapping, filters)
            let (sum, added) = try sumSkippingNil(list, mapping, from: start, addition, meter)
            try tick(added * steps.perElement + (meter?.steps ?? 0), range)
            return sum
        }
        try tick(list.count * steps.perElement, range)
        // A sum of a column is kept for the next evaluation; what a mapping computes may
        // depend on parameters and the clock, which the cache does not watch.
        if case .field(let field) = mapping, let cache = context.cache, case .contiguous(let positions) = list.positions {
            return try cachedSum(cache, node, list, positions, field, from: start, addition)
        }
        if !filters.operandChargesWork, let counted = countedSumByScan(start, mapping, list, filters) { return counted }
        let meter = StepMeter.forWork(of: mapping, filters)
        let sum = try mappedSum(list, mapping, from: start, addition, meter, checked: checked, columns: filters.columns)
        if let checked {
            if checked.hasFailed { throw givingWay(range) }
            if let keptEntry { filters.columns?.put(keptEntry) }
        }
        try tick(meter?.steps ?? 0, range)
        return sum
    }

    /// The values of the variable invariants a sum's kept column is bound with.
    func columnInvariants(_ columns: BoundColumnCache?) -> [Value] {
        invariantValues(of: columns?.variableInvariants ?? [])
    }

    /// The values `operands` have now, for a new entry of a cache of bindings (a kept one is
    /// found by them on the stack, see `withInvariants`).
    func invariantValues(of operands: [RowPredicate.Operand]) -> [Value] {
        operands.isEmpty ? [] : operands.map { invariant($0) }
    }

    /// `reduce` of a fold: the receiver first, then the initial value.
    mutating func fold(_ value: Value, _ initial: Node, _ step: RowPredicate.Operand, _ filter: RowPredicate?,
                               _ steps: FusedSteps, _ filters: BoundFilterCache, _ hoisted: [HoistedSlot],
                               _ range: SourceRange) throws(Interrupt) -> Value {
        let start = try initial.evaluate(&self)
        guard let list = donationList(value), list.count > 0 else { return start }
        try evaluateHoisted(hoisted, over: list, range)
        if let filter, filter.hasIntArithmetic, !intArithmeticCannotFail(filter, list) { throw givingWay(range) }
        try tick(list.count * steps.perSourceElement, range)
        // (What the step's built-ins charge for their work, as a string's `count` does.)
        let meter = StepMeter.forWork(of: step, filters)
        let (result, steppedCount) = try fold(list, step, filter, filters, from: start, meter, range)
        try tick(steppedCount * steps.perElement + (meter?.steps ?? 0), range)
        return result
    }

    /// A sum from the cache's last total for this node and stream, when the list still starts
    /// where it did and only grew: the same additions, in the same order, as a rescan.
    func cachedSum(_ cache: IncrementalCache, _ node: AnyObject, _ list: DonationList, _ positions: Range<Int>, _ field: Int,
                           from start: Value, _ addition: SourceRange) throws(Interrupt) -> Value {
        let stream = list.stream
        var total: Value
        var reused = false
        if let entry = cache.take(node), entry.node === node, entry.stream === stream.identity, entry.rewrites == stream.rewrites,
           case .sum(let initial, let cached) = entry.state, initial.isIdentical(to: start),
           positions.lowerBound == entry.range.lowerBound, positions.upperBound >= entry.range.upperBound {
            let added = DonationList(stream: stream, positions: .contiguous(entry.range.upperBound..<positions.upperBound))
            total = added.count == 0 ? cached : try columnSum(added, field, from: cached, addition)
            reused = true
        } else {
            total = try columnSum(list, field, from: start, addition)
        }
        cache.put(IncrementalCache.Entry(node: node, stream: stream.identity, rewrites: stream.rewrites, range: positions, state: .sum(initial: start, total: total)), for: node, reused: reused)
        return total
    }

    /// The column added left to right from `start`, as the closure adds it: a `Double` sum to
    /// the last bit, an `Int` overflow as the closure's runtime error.
    func columnSum(_ list: DonationList, _ field: Int, from start: Value, _ addition: SourceRange) throws(Interrupt) -> Value {
        switch (list.stream.columns[field], start) {
        case (.int(let items), .int(var sum)):
            return try items.withUnsafeBufferPointer { buffer throws(Interrupt) in
                if case .contiguous(let range) = list.positions {
                    precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "a list past its stream's end")
                    try addAll(UnsafeBufferPointer(rebasing: buffer[range]), to: &sum, addition)
                } else {
                    _ = try add(to: &sum, list.count, addition) { buffer[list.position(at: $0)] }
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

    /// A fold: the step computed for each donation in turn (each the filter holds for), from
    /// what the previous ones accumulated, with the operations the closure would apply; and how
    /// many donations took a step.
    /// (The node's `filters` know the step as a `SelectStep` or as a test joined to a `Bool`
    /// accumulator, worked out once, and keep that test's bound filter.)
    /// `Int` arithmetic in the step is computed by an `IntColumn` that checks itself, proven
    /// unable to fail first, or (where no proof can know its values, as on the accumulator)
    /// computed row by row checking itself; where it failed the fold gives way.
    func fold(_ list: DonationList, _ step: RowPredicate.Operand, _ filter: RowPredicate?, _ filters: BoundFilterCache,
                      from start: Value, _ meter: StepMeter?, _ range: SourceRange) throws(Interrupt) -> (Value, Int) {
        let select = filters.foldSelect
        var mustProve = filters.operandHasIntArithmetic
        func proveIntArithmetic() throws(Interrupt) {
            if mustProve, !intArithmeticCannotFail(step, list) { throw givingWay(range) }
            mustProve = false
        }
        // (A step that charges work goes row by row, metered.)
        if filter == nil, meter == nil, case .contiguous(let range) = list.positions {
            if let result = Evaluator.foldOfField(list.stream, range, step, select: select, from: start) {
                return (result, range.count)
            }
            if let conjunction = filters.foldJunction?.conjunction, case .bool(let x) = start {
                try proveIntArithmetic()
                // `$0 && p($1)`: true from a true start while every row passes `p`; `$0 || p($1)`:
                // true from a false start once a row passes it. `p` cannot fail, and the steps
                // are per element whichever rows it is tested on, so the rows after the one that
                // decides need no test: a bound filter's search finds that row.
                let bound = boundFilter(list.stream, filters)
                defer { filters.put(bound) }
                let result = conjunction ? x && bound.filter.firstFailing(in: range, bound.scratch, batch: bound.batch) == nil
                                         : x || bound.filter.firstPassing(in: range, bound.scratch, batch: bound.batch) != nil
                return (.bool(result), range.count)
            }
        }
        if filter == nil, meter == nil, filters.columns != nil {
            // `max($0, f($1))`, `$0 > f($1) ? $0 : f($1)` or `$0 * k + f($1)`: each `f` computed
            // a batch at a time (kept for the next fold), folded in order.
            let batch = RowPredicateBinder.batch(for: list.stream)
            switch start {
            case .int(let x):
                // (A ternary's test in an `IntColumn` is a filter, which does not check itself.)
                if !filters.operandChecksItself { try proveIntArithmetic() }
                if let kept = foldColumn(list, filters, ints: true), let column = kept.ints {
                    var result = x
                    if let extreme = filters.foldExtreme,
                       let folded = IntExtremeFold.of(column, over: list, batch: batch, from: x, isMax: extreme.isMax) {
                        // Bounded: the root operation in the loop that compares (see `IntExtremeFold`).
                        result = folded
                    } else if let extreme = filters.foldExtreme {
                        let isMax = extreme.isMax
                        Evaluator.forEachBatch(list, batch: batch, column) { (values: UnsafeBufferPointer<Int>) in
                            result = IntExtremes.fold(result, values, isMax: isMax)
                        }
                    } else if let select {
                        Evaluator.forEachBatch(list, batch: batch, column) { (values: UnsafeBufferPointer<Int>) in
                            result = select.fold(result, values)
                        }
                    } else {
                        // (An affine step, of `Double`s, over no `Int` accumulator.)
                        filters.columns?.put(kept)
                        break
                    }
                    if column.hasFailed { throw givingWay(range) }
                    filters.columns?.put(kept)
                    return (.int(result), list.count)
                }
            case .double(let x), .date(let x):
                try proveIntArithmetic()
                if let kept = foldColumn(list, filters, ints: false), let column = kept.numbers {
                    var result = x
                    if let extreme = filters.foldExtreme {
                        Evaluator.forEachBatch(list, batch: batch, column) { (values: UnsafeBufferPointer<Double>) in
                            result = extreme.fold(values, from: result)
                        }
                    } else if let select {
                        Evaluator.forEachBatch(list, batch: batch, column) { (values: UnsafeBufferPointer<Double>) in
                            result = select.fold(result, values)
                        }
                    } else if let affine = filters.foldAffine, case .double(let k) = rowInvariants.value(affine.factor) {
                        Evaluator.forEachBatch(list, batch: batch, column) { (values: UnsafeBufferPointer<Double>) in
                            result = affine.fold(result, factor: k, values)
                        }
                    } else {
                        // (An affine step whose factor is no `Double`, which the checker rules
                        // out: folded row by row below.)
                        filters.columns?.put(kept)
                        break
                    }
                    filters.columns?.put(kept)
                    if case .date = start { return (.date(result), list.count) }
                    return (.double(result), list.count)
                }
            default:
                break
            }
        }
        // `Int` arithmetic no proof covers (on the accumulator, as in `$0 * 2 + $1.x`, whose
        // values depend on every row before) is computed checking itself, and the fold gives
        // way where it failed: the calls it stands for then stop with their error.
        // (The binding kept from the last fold over the same donations, or a new one; the
        // proof kept with it, for the same rows.)
        let cache = filter == nil && meter == nil ? filters.folds : nil
        var kept = cache.flatMap { cache in withInvariants(cache.variableInvariants) { cache.take(matching: list.stream, $0, startingFrom: start) } }
        let rows: Range<Int>? = if case .contiguous(let rows) = list.positions { rows } else { nil }
        let notesFailures: Bool
        if !mustProve {
            notesFailures = false
        } else if let kept, let rows, kept.provenRows == rows {
            notesFailures = kept.notesFailures
        } else {
            notesFailures = !intArithmeticCannotFail(step, list)
        }
        if kept?.notesFailures != notesFailures { kept = nil }
        let binding = kept?.binding ?? FoldBinding(step, filter, restarting: filters.foldRestart, stream: list.stream, invariants: rowInvariants, meter: meter,
                                                   notesFailures: notesFailures, startingFrom: start)
        defer {
            if let cache {
                cache.put(kept ?? BoundFoldCache.Entry(stream: list.stream, invariants: invariantValues(of: cache.variableInvariants),
                                                       binding: binding, provenRows: mustProve ? rows : nil))
            }
        }
        let box = binding.accumulator, failures = binding.failures, test = binding.test
        var stepped = 0
        /// Runs `advance` at each position the filter holds for.
        func each(_ advance: (Int) -> Void) {
            if let test {
                for offset in 0..<list.count {
                    let position = list.position(at: offset)
                    if test(position) {
                        stepped += 1
                        advance(position)
                    }
                }
            } else if case .contiguous(let range) = list.positions {
                stepped = range.count
                for position in range { advance(position) }
            } else {
                stepped = list.count
                for offset in 0..<list.count { advance(list.position(at: offset)) }
            }
        }
        switch start {
        case .int(let x):
            let forms = binding.ints!
            // A run that starts over (see `RestartingFoldStep`): its values bounded, and its
            // test proven unable to fail, on the rows skipped too.
            // (Every value is within the start's or the restart's magnitude plus the step's for
            // each row; the restart's, counted for each row too, bounds both.)
            if test == nil, let restart = forms.restart, Evaluator.countingCannotOverflow(x, restart.run.step, restart.run.restart, list.count),
               restart.testToProve.map({ intArithmeticCannotFail($0, list) }) ?? true {
                let (restarted, first) = Evaluator.lastRestart(list, restart.test, restart.restartsWhen, restart.restart, from: x)
                return (.int(Evaluator.fold(list, from: restarted, startingAt: first, restart.carry)), list.count)
            }
            if let next = forms.next {
                let (result, steps) = Evaluator.fold(list, from: x, where: test, absorbed: forms.absorbed, next)
                if failures?.occurred == true { throw givingWay(range) }
                return (.int(result), steps)
            }
            box.int = x
            let next = forms.boxed!
            each { box.int = next($0) }
            if failures?.occurred == true { throw givingWay(range) }
            return (.int(box.int), stepped)
        case .double(let x), .date(let x):
            let forms = binding.doubles!
            // A fold that starts over (see `RestartingFoldStep`), whose `Int` arithmetic, if
            // any, is proven unable to fail on every row (`Double` arithmetic cannot).
            if test == nil, let restart = forms.restart {
                let (restarted, first) = Evaluator.lastRestart(list, restart.test, restart.restartsWhen, restart.restart, from: x)
                let result = Evaluator.fold(list, from: restarted, startingAt: first, restart.carry)
                if case .date = start { return (.date(result), list.count) }
                return (.double(result), list.count)
            }
            if let next = forms.next {
                let (result, steps) = Evaluator.fold(list, from: x, where: test, absorbed: forms.absorbed, next)
                if failures?.occurred == true { throw givingWay(range) }
                if case .date = start { return (.date(result), steps) }
                return (.double(result), steps)
            }
            box.double = x
            let next = forms.boxed!
            each { box.double = next($0) }
            if failures?.occurred == true { throw givingWay(range) }
            if case .date = start { return (.date(box.double), stepped) }
            return (.double(box.double), stepped)
        case .bool(let x) where binding.bools != nil:
            let next = binding.bools!
            box.bool = x
            each { box.bool = next($0) }
            if failures?.occurred == true { throw givingWay(range) }
            return (.bool(box.bool), stepped)
        default:
            let next = binding.values!
            box.value = start
            each { box.value = next($0) }
            if failures?.occurred == true { throw givingWay(range) }
            return (box.value, stepped)
        }
    }

    /// Where a fold whose step starts over on some rows (see `RestartingFoldStep`) starts: from
    /// what its restart gives for the last row that starts over, and at the offset after it;
    /// from `start` and the first offset where no row does. Rows are tested from the end.
    static func lastRestart<Accumulated>(_ list: DonationList, _ test: (Int) -> Bool, _ restartsWhen: Bool,
                                         _ restart: (Int) -> Accumulated, from start: Accumulated) -> (Accumulated, Int) {
        var offset = list.count
        while offset > 0 {
            offset -= 1
            let position = list.position(at: offset)
            if test(position) == restartsWhen { return (restart(position), offset + 1) }
        }
        return (start, 0)
    }

    /// A fold from `start` over the donations of a list from offset `first`, with a step as
    /// `fold(_:from:where:_:)` takes it (after a restart, the branch that carries on).
    @inline(__always)
    static func fold<Accumulated>(_ list: DonationList, from start: Accumulated, startingAt first: Int,
                                          _ next: (Accumulated, Int) -> Accumulated) -> Accumulated {
        var result = start
        if case .contiguous(let range) = list.positions {
            for position in (range.lowerBound + first)..<range.upperBound { result = next(result, position) }
        } else {
            for offset in first..<list.count { result = next(result, list.position(at: offset)) }
        }
        return result
    }

    /// A fold whose step takes the value accumulated so far and a row's stream position (see
    /// `RowPredicateBinder.intFoldStep` and `doubleFoldStep`), over the donations of a list `test` holds for (all
    /// without one), in order; the result and how many donations took a step. The value is
    /// passed from one step to the next, never stored between them.
    @inline(__always)
    static func fold<Accumulated>(_ list: DonationList, from start: Accumulated, where test: ((Int) -> Bool)?,
                                          absorbed: ((Accumulated) -> Bool)? = nil,
                                          _ next: (Accumulated, Int) -> Accumulated) -> (Accumulated, Int) {
        var result = start
        if test == nil, let absorbed {
            // From a value the step gives back whatever the row (see
            // `RowPredicateBinder.absorbingTest`), the rows left change nothing; the closure
            // still runs on each, so each is stepped.
            for offset in 0..<list.count {
                if absorbed(result) { break }
                result = next(result, list.position(at: offset))
            }
            return (result, list.count)
        }
        if let test {
            var stepped = 0
            for offset in 0..<list.count {
                let position = list.position(at: offset)
                if test(position) {
                    stepped += 1
                    result = next(result, position)
                }
            }
            return (result, stepped)
        }
        if case .contiguous(let range) = list.positions {
            for position in range { result = next(result, position) }
        } else {
            for offset in 0..<list.count { result = next(result, list.position(at: offset)) }
        }
        return (result, list.count)
    }

    /// A fold of the rows `range` of a stream whose step picks from the accumulator and a field
    /// stored as a number column (`max($0, $1.x)`, `$0 > $1.x ? $0 : $1.x`): the column read in
    /// place, with nothing bound, allocated or counted; nil for any other step. The same
    /// operations in the same order as the batched fold (and the closure) apply.
    static func foldOfField(_ stream: DonationStream, _ range: Range<Int>, _ step: RowPredicate.Operand,
                                    select: SelectStep?, from start: Value) -> Value? {
        let field: Int, extreme: Bool?
        if case .function(let function, .accumulator, .field(let index)?) = step,
           let isMax = function.intExtremeIsMax ?? function.doubleExtremeIsMax {
            (field, extreme) = (index, isMax)
        } else if let select, case .field(let index) = select.row {
            (field, extreme) = (index, nil)
        } else {
            return nil
        }
        func rows<T>(_ items: ColumnArray<T>, _ body: (UnsafeBufferPointer<T>) -> T) -> T {
            items.withUnsafeBufferPointer { buffer in
                precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "a list past its stream's end")
                return body(UnsafeBufferPointer(rebasing: buffer[range]))
            }
        }
        switch (start, stream.columns[field]) {
        case (.int(let x), .int(let items)):
            return .int(rows(items) { values in
                if let isMax = extreme { return IntExtremes.fold(x, values, isMax: isMax) }
                return select.unsafelyUnwrapped.fold(x, values)
            })
        case (.double(let x), .double(let items)), (.date(let x), .date(let items)):
            let result = rows(items) { values in
                guard let isMax = extreme else { return select.unsafelyUnwrapped.fold(x, values) }
                return BuiltinImplementations.swiftExtreme(of: values, from: x, isMax: isMax)
            }
            if case .date = start { return .date(result) }
            return .double(result)
        default:
            return nil
        }
    }

    /// Computes an operand for the donations of a list a batch at a time, in order, and hands
    /// each batch of values to `body`.
    static func forEachBatch<Computation: BatchComputation, Failure: Error>(
        _ list: DonationList, batch: Int, _ computation: Computation,
        _ body: (UnsafeBufferPointer<Computation.Value>) throws(Failure) -> Void
    ) throws(Failure) {
        if case .contiguous(let range) = list.positions, let column = computation.storedColumn {
            // A column read in place, all at once.
            return try column.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<Computation.Value>) throws(Failure) in
                precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "a list past its stream's end")
                try body(UnsafeBufferPointer(rebasing: buffer[range]))
            }
        }
        let values = computation.batchBuffer(batch: batch)
        try computation.computeBatches(of: list, batch: batch, into: { _ in values }) { (_, n) throws(Failure) in
            try body(UnsafeBufferPointer(start: values, count: n))
        }
    }

    /// Whether `start` plus `n` additions of `k` or `l` stays well within `Int`.
    static func countingCannotOverflow(_ start: Int, _ k: Int, _ l: Int, _ n: Int) -> Bool {
        let (reach, overflow) = max(k.magnitude, l.magnitude).multipliedReportingOverflow(by: UInt(n))
        return !overflow && reach <= UInt(Int.max / 2) && start.magnitude <= UInt(Int.max / 2)
    }

    /// `reduce(start) { $0 + (p($1) ? k : l) }` (counting with `reduce`) as `start + k * c +
    /// l * (n - c)` for the `c` of `n` donations `p` holds for, counted by the node's bound row
    /// filter: the same `Int`, when no partial sum can overflow whatever the rows (checked
    /// first; nil otherwise, to add row by row).
    ///
    /// Nested ternaries of constants (`p ? 2 : (q ? 1 : 0)`) likewise, as `start` plus each
    /// constant times the count of its test (`p`, `!p && q`), the last one's count the rows
    /// the others leave (see `BoundFilterCache.leafCounts`).
    func countedSumByScan(_ start: Value, _ mapping: RowPredicate.Operand, _ list: DonationList,
                                  _ filters: BoundFilterCache) -> Value? {
        if case .int(let start) = start, let last = filters.leafCounts.last {
            var largest = 0
            for leaf in filters.leafCounts { largest = max(largest, Int(clamping: leaf.value.magnitude)) }
            guard Evaluator.countingCannotOverflow(start, largest, 0, list.count) else { return nil }
            var sum = start, counted = 0
            for leaf in filters.leafCounts.dropLast() where leaf.value != 0 || last.value != 0 {
                let bound = boundFilter(list.stream, leaf.filters)
                defer { leaf.filters.put(bound) }
                let count = countPassing(list, bound, leaf.filters)
                sum += leaf.value * count
                counted += count
            }
            return .int(sum + last.value * (list.count - counted))
        }
        // (The node binds a predicate for such a sum alone: without one, the mapping is not
        // taken apart, which copies it.)
        guard filters.hasPredicate else { return nil }
        if case .double(let start) = start,
           case .conditional(let test, .constant(.double(let k)), .constant(.double(let l))) = mapping,
           test == filters.predicate, Evaluator.countingIsExact(start, k, l, list.count) {
            // `reduce(0.0) { $0 + (p($1) ? 1.0 : 0.0) }`: whole numbers, each addition exact.
            let bound = boundFilter(list.stream, filters)
            defer { filters.put(bound) }
            let count = countPassing(list, bound, filters)
            return .double(start + Double(count) * k + Double(list.count - count) * l)
        }
        guard case .int(let start) = start, case .conditional(let test, .constant(.int(let k)), .constant(.int(let l))) = mapping,
              test == filters.predicate, Evaluator.countingCannotOverflow(start, k, l, list.count) else { return nil }
        let bound = boundFilter(list.stream, filters)
        defer { filters.put(bound) }
        let count = countPassing(list, bound, filters)
        return .int(start + k * count + l * (list.count - count))
    }

    /// Whether adding `k` or `l` to `start`, `n` times in any mix, is exact at every addition,
    /// so that the sum is `start + k * c + l * (n - c)` to the bit, however the rows fall: the
    /// three whole numbers, every partial sum within 2^52 (so whole and exactly held), and
    /// `start` not -0.0, so that no partial sum is -0.0 (only -0.0 + -0.0 is) and a sum of
    /// zero is 0.0 whichever way it was added.
    static func countingIsExact(_ start: Double, _ k: Double, _ l: Double, _ n: Int) -> Bool {
        func whole(_ x: Double) -> Bool { x.isFinite && x == x.rounded(.towardZero) }
        guard whole(start), whole(k), whole(l), !(start == 0 && start.sign == .minus) else { return false }
        return start.magnitude + Double(n) * max(k.magnitude, l.magnitude) <= 0x1p52
    }

    /// How many donations of a list pass a bound filter (of the predicate of `cache`): counted
    /// in one loop over a contiguous list where the filter or its predicate's truths can (see
    /// `rowCounter`), else a batch at a time.
    func countPassing(_ list: DonationList, _ bound: BoundFilterCache.Entry, _ cache: BoundFilterCache) -> Int {
        if case .contiguous(let rows) = list.positions, let counter = rowCounter(bound, cache, list.stream),
           let count = counter._withUnsafeGuaranteedRef({ $0.count(in: rows) }) {
            return count
        }
        var count = 0
        _ = scanBatches(list, bound, reverse: false, stopsEarly: false) { _, selected in
            count += selected.count
            return nil
        }
        return count
    }

    /// What counts the rows of a contiguous range that pass a bound filter (of the predicate of
    /// `cache`) in one loop, without listing them: the filter itself where it can
    /// (`RowFilter.count(in:)`), or else, for `&&`, `||` and `!` of tests, the predicate
    /// computed as a batch of truths at a time (`TestColumn`: typed tests in loops of their own,
    /// the others, such as string tests, row by row where they decide), made on the first count
    /// and kept with the binding. Nil when neither can.
    ///
    /// Truths test both sides of `&&` and `||` of typed tests on every row, where the closure
    /// tests the second only where the first leaves it to: the same count, since a scanned
    /// predicate cannot fail, and the same steps, since only a predicate that charges no work (no
    /// string search, no nested scan) is counted so. Selecting batches instead lists every
    /// passing position, in a loop per test and batch: about twice the work for `a && b` of two
    /// columns.
    /// (Unretained: `bound` keeps it alive.)
    func rowCounter(_ bound: BoundFilterCache.Entry, _ cache: BoundFilterCache, _ stream: DonationStream) -> Unmanaged<RowFilter>? {
        switch bound.counter {
        case .filter(let counter): return counter
        case .none: return nil
        case .unknown: break
        }
        var counter: RowFilter?
        // (Whether the filter counts is asked of an empty range: nil means it has no count.
        // Asked once per binding, whose answer `bound.counter` keeps.)
        let binder = RowPredicateBinder(stream: stream, invariants: rowInvariants)
        if bound.filter is TestFilter, bound.meter == nil, let predicate = cache.predicate, StringColumnTest.make(predicate, binder) != nil,
           let test = TestColumn.make(predicate, binder, allowingRows: true) {
            // A string test (`isEmpty`, a constant prefix or suffix), which a `TestFilter`
            // counts through a closure a row, in a loop of its own.
            counter = TruthFilter(test, batch: bound.batch)
        } else if bound.filter.count(in: 0..<0) != nil {
            counter = bound.filter
        } else if bound.meter == nil, !cache.nestsScan, let predicate = cache.predicate,
                  let test = TestColumn.make(predicate, binder, allowingRows: true) {
            counter = TruthFilter(test, batch: bound.batch)
        }
        bound.counterOwner = counter
        guard let counter else {
            bound.counter = .none
            return nil
        }
        bound.counter = .filter(Unmanaged.passUnretained(counter))
        return Unmanaged.passUnretained(counter)
    }

    /// What a row mapping computes from each donation, added left to right from `start` as the
    /// closure adds it.
    func mappedSum(_ list: DonationList, _ mapping: RowPredicate.Operand, from start: Value,
                           _ addition: SourceRange, _ meter: StepMeter?, checked: IntColumn? = nil,
                           columns: BoundColumnCache? = nil) throws(Interrupt) -> Value {
        if case .field(let field) = mapping { return try columnSum(list, field, from: start, addition) }
        switch start {
        case .int(var sum):
            // `x ?? k` of an optional field over a contiguous list: read in place in one loop.
            if case .coalesce(.field(let field), let fallback, false) = mapping, fallback.isInvariant,
               case .optionalInt(let items) = list.stream.columns[field], case .int(let k) = invariant(fallback),
               case .contiguous(let range) = list.positions {
                try items.withUnsafeBufferPointer { column throws(Interrupt) in
                    guard let base = column.baseAddress, !range.isEmpty else { return }
                    precondition(range.lowerBound >= 0 && range.upperBound <= column.count, "a list past its stream's end")
                    let first = base + range.lowerBound
                    if let bits = OptionalNumberBits.make() {
                        // Through a pointer, one load of the number and one of its tag a row,
                        // added without a check where their magnitudes allow (see `addAll`).
                        if k == 0 && bits.nilIsZero {
                            // The usual `x ?? 0`: the number's bytes, nil's being 0.
                            try addAll(range.count, to: &sum, addition) { UnsafeRawPointer(first + $0).load(as: Int.self) }
                        } else if k == 0 {
                            // The usual `x ?? 0`, with the fallback a constant the masking folds away.
                            try addAll(range.count, to: &sum, addition) { bits.value(first + $0, or: 0) }
                        } else {
                            try addAll(range.count, to: &sum, addition) { bits.value(first + $0, or: k) }
                        }
                    } else {
                        _ = try add(to: &sum, range.count, addition) { first[$0] ?? k }
                    }
                }
                return .int(sum)
            }
            // The binding kept from the last sum over the same donations (of a mapping that
            // cannot fail, see `BoundColumnCache`), or a new one, kept once the sum is done.
            // (The binder made only for a new one: a kept binding needs none.)
            let kept = checked == nil ? takeKeptColumn(columns, list.stream) : nil
            let batch = RowPredicateBinder.batch(for: list.stream)
            if let column = checked ?? kept?.ints
                ?? IntColumn.make(mapping, RowPredicateBinder(stream: list.stream, invariants: rowInvariants, meter: meter)) {
                defer {
                    // (Never one that failed: it would hold that it did. The caller keeps `checked`.)
                    if checked == nil, !column.hasFailed {
                        columns?.put(kept?.ints === column ? kept!
                                         : BoundColumnCache.Entry(stream: list.stream, invariants: columnInvariants(columns), ints: column))
                    }
                }
                // Where the bounds of the values show that nothing can fail or overflow, added
                // wrapping, with the last operation in the loop that adds (see `IntSum`).
                if let total = IntSum.of(column, over: list, batch: batch, from: sum) { return .int(total) }
                // Otherwise a batch of rows at a time, each value computed in tight loops, then
                // added in order.
                try Evaluator.forEachBatch(list, batch: batch, column) { (values: UnsafeBufferPointer<Int>) throws(Interrupt) in
                    try addAll(values, to: &sum, addition)
                }
                return .int(sum)
            }
            let read = RowPredicateBinder(stream: list.stream, invariants: rowInvariants, meter: meter).ints(mapping)
            _ = try add(to: &sum, list.count, addition) { read(list.position(at: $0)) }
            return .int(sum)
        case .double(var sum):
            // The binding kept from the last sum over the same donations, or a new one (the
            // binder made only for that).
            if let entry = takeKeptColumn(columns, list.stream), let column = entry.numbers {
                defer { columns?.put(entry) }
                return .double(NumberSum.of(column, over: list, batch: RowPredicateBinder.batch(for: list.stream), from: sum))
            }
            let binder = RowPredicateBinder(stream: list.stream, invariants: rowInvariants, meter: meter)
            if let column = binder.numberColumn(mapping) {
                // A batch of rows at a time, each value computed in tight loops, the last
                // operation in the loop that adds them in order (see `NumberSum`).
                defer { columns?.put(BoundColumnCache.Entry(stream: list.stream, invariants: columnInvariants(columns), numbers: column)) }
                return .double(NumberSum.of(column, over: list, batch: binder.batch, from: sum))
            }
            let read = binder.doubles(mapping)
            for offset in 0..<list.count { sum += read(list.position(at: offset)) }
            return .double(sum)
        default:
            preconditionFailure("a sum of values that are not numbers")
        }
    }

    /// Adds what `read` gives for the list's offsets `0..<count` to `sum`, left to right as the
    /// closure's `+` adds (nils skipped), failing at the first overflow as it does; returns
    /// how many values were added.
    @inline(__always)
    func add(to sum: inout Int, _ count: Int, _ addition: SourceRange, _ read: (Int) -> Int?) throws(Interrupt) -> Int {
        var added = 0
        for offset in 0..<count {
            guard let x = read(offset) else { continue }
            try add(x, to: &sum, addition)
            added += 1
        }
        return added
    }

    /// `add` of each value in turn. When the values' magnitudes show that no partial sum can
    /// overflow, they are added without a check, in a loop the compiler vectorises; otherwise
    /// one at a time, failing where the closure's `+` does.
    @inline(__always)
    func addAll(_ values: UnsafeBufferPointer<Int>, to sum: inout Int, _ addition: SourceRange) throws(Interrupt) {
        try addAll(values.count, to: &sum, addition) { values[$0] }
    }

    /// `addAll` of `value(offset)` for the offsets below `count`.
    @inline(__always)
    func addAll(_ count: Int, to sum: inout Int, _ addition: SourceRange, _ value: (Int) -> Int) throws(Interrupt) {
        // `v ^ (v >> 63)` is `v` for `v >= 0` and `-v - 1` otherwise: with every such bit or-ed
        // into `bits`, each value lies in `-(bits + 1)...bits`, and so each partial sum within
        // `n * (bits + 1)` of `sum`. The values are added, wrapping, in the same pass of shifts,
        // ors and adds, which vectorises; the total stands when the bound shows no partial sum
        // can have overflowed.
        var bits = 0, total = sum
        for offset in 0..<count {
            let x = value(offset)
            bits |= x ^ (x >> 63)
            total &+= x
        }
        let (reach, overflows) = (bits &+ 1).multipliedReportingOverflow(by: count)
        if bits < .max && !overflows && !sum.addingReportingOverflow(reach).overflow && !sum.subtractingReportingOverflow(reach).overflow {
            sum = total
            return
        }
        for offset in 0..<count { try add(value(offset), to: &sum, addition) }
    }

    /// `sum + x`, failing on overflow as the closure's `+` does.
    @inline(__always)
    func add(_ x: Int, to sum: inout Int, _ addition: SourceRange) throws(Interrupt) {
        let (next, overflow) = sum.addingReportingOverflow(x)
        if overflow { throw failure(RuntimeMessages.overflow("\(sum) + \(x)"), addition) }
        sum = next
    }

    /// What an optional row mapping computes from each donation, the values that are not nil
    /// added left to right from `start` as `compactMap(f).reduce(start, +)` adds them; and how
    /// many were added.
    func sumSkippingNil(_ list: DonationList, _ mapping: RowPredicate.Operand, from start: Value,
                                _ addition: SourceRange, _ meter: StepMeter?) throws(Interrupt) -> (Value, Int) {
        let binder = RowPredicateBinder(stream: list.stream, invariants: rowInvariants, meter: meter)
        // An optional field read in place, without a call per row.
        var column: Column?
        if case .field(let field) = mapping { column = list.stream.columns[field] }
        switch start {
        case .int(var sum):
            let added: Int
            if case .optionalInt(let items)? = column {
                added = try add(to: &sum, list.count, addition) { items[list.position(at: $0)] }
            } else {
                let read = binder.optionalInts(mapping)
                added = try add(to: &sum, list.count, addition) { read(list.position(at: $0)) }
            }
            return (.int(sum), added)
        case .double(var sum):
            var added = 0
            let read = column?.optionalNumbers.map { items in { items[$0] } } ?? binder.optionalDoubles(mapping)
            for offset in 0..<list.count {
                guard let x = read(list.position(at: offset)) else { continue }
                sum += x
                added += 1
            }
            return (.double(sum), added)
        default:
            preconditionFailure("a sum of values that are not numbers")
        }
    }
}
