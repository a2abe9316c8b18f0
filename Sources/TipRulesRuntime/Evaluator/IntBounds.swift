import TipRulesSemantics

/// The least and greatest value an `Int` operand can take over the rows of a scan.
///
/// A fused scan proves with these, before it tests any row, that the `Int` arithmetic in its
/// predicate cannot fail on any row of its list (see `RowPredicate`). The bounds of a result
/// come from the bounds of its operands: addition, subtraction and multiplication are monotonic
/// in each operand, and so is truncating division by values of one sign, so the extremes lie at
/// the corners; a remainder has its dividend's sign, no greater magnitude, and a magnitude less
/// than the divisor's.
struct IntBounds {
    var low: Int
    var high: Int

    /// The bounds of `a op b` for any `a` and `b` within these, or nil when some such `a op b`
    /// fails: it overflows, or divides by zero.
    static func combine(_ op: ArithmeticOperator, _ a: IntBounds, _ b: IntBounds) -> IntBounds? {
        switch op {
        case .intAdd:
            return corners(a, b) { $0.addingReportingOverflow($1) }
        case .intSubtract:
            return corners(a, b) { $0.subtractingReportingOverflow($1) }
        case .intMultiply:
            return corners(a, b) { $0.multipliedReportingOverflow(by: $1) }
        case .intDivide:
            guard !b.contains(0), !(a.contains(Int.min) && b.contains(-1)) else { return nil }
            return corners(a, b) { $0.dividedReportingOverflow(by: $1) }
        case .intRemainder:
            guard !b.contains(0), !(a.contains(Int.min) && b.contains(-1)) else { return nil }
            // Of the dividend's sign, no greater in magnitude than it, and less than the
            // greatest magnitude of the divisor.
            let cap = Int(clamping: max(b.low.magnitude, b.high.magnitude) - 1)
            return IntBounds(low: max(min(0, a.low), -cap), high: min(max(0, a.high), cap))
        default:
            return nil
        }
    }

    func contains(_ value: Int) -> Bool {
        low <= value && value <= high
    }

    /// The least and greatest of the operation at the four corners, or nil when one overflows.
    /// (In registers: loops over arrays of the corners allocated them at every evaluation.)
    private static func corners(_ a: IntBounds, _ b: IntBounds, _ operation: (Int, Int) -> (partialValue: Int, overflow: Bool)) -> IntBounds? {
        let (p, first) = operation(a.low, b.low), (q, second) = operation(a.low, b.high)
        let (r, third) = operation(a.high, b.low), (t, fourth) = operation(a.high, b.high)
        if first || second || third || fourth { return nil }
        return IntBounds(low: min(min(p, q), min(r, t)), high: max(max(p, q), max(r, t)))
    }
}

extension Evaluator {
    /// Whether no `Int` arithmetic in the predicate can fail on any row of the list: every
    /// operand of it bounded (a column by its values on those rows, an invariant by its value),
    /// and no result of it within those bounds an overflow or a division by zero.
    func intArithmeticCannotFail(_ predicate: RowPredicate, _ list: DonationList) -> Bool {
        switch predicate {
        case .constant: return true
        case .compare(let a, _, let b), .string(let a, _, let b):
            return intArithmeticCannotFail(a, list) && intArithmeticCannotFail(b, list)
        case .and(let a, let b), .or(let a, let b):
            return intArithmeticCannotFail(a, list) && intArithmeticCannotFail(b, list)
        case .not(let a):
            return intArithmeticCannotFail(a, list)
        case .exists:
            // (A nested scan computes no `Int` arithmetic, see `Optimizer`.)
            return true
        }
    }

    /// Whether no `Int` arithmetic in the operand can fail on any row of the list.
    func intArithmeticCannotFail(_ operand: RowPredicate.Operand, _ list: DonationList) -> Bool {
        switch operand {
        case .intArithmetic, .function(.absInt, _, _), .function(.intFromDouble, _, _):
            // Proven first from what the columns' buffers say of every value written to them
            // (a read, not a pass over the rows), and only when that is too wide from the rows.
            return intBounds(operand, list, written: true) != nil || intBounds(operand, list, written: false) != nil
        case .function(.element(let items), let index, nil):
            // Every row's index within the list of constants (from the buffers first, as above).
            func within(_ bounds: IntBounds?) -> Bool { bounds.map { $0.low >= 0 && $0.high < items.count } ?? false }
            return within(intBounds(index, list, written: true)) || within(intBounds(index, list, written: false))
        case .arithmetic(_, let a, let b), .intervalSince(let a, let b), .addingInterval(let a, let b), .coalesce(let a, let b, _):
            return intArithmeticCannotFail(a, list) && intArithmeticCannotFail(b, list)
        case .negate(let a):
            return intArithmeticCannotFail(a, list)
        case .conditional(let p, let a, let b):
            return intArithmeticCannotFail(p, list) && intArithmeticCannotFail(a, list) && intArithmeticCannotFail(b, list)
        case .function(_, let a, let b):
            return intArithmeticCannotFail(a, list) && (b.map { intArithmeticCannotFail($0, list) } ?? true)
        case .field, .date, .constant, .parameter, .now, .outerLocal, .outerField, .outerDate, .accumulator, .hoisted:
            return true
        }
    }

    /// The bounds of an `Int` operand over the rows of the list, or nil when computing it may
    /// fail on one of them (or it is no `Int`). With `written`, a column's bounds are those of
    /// every value written to its buffer where the buffer keeps them (`ColumnArray.writtenBounds`):
    /// wider than the list's perhaps, never narrower, and read without a pass over the rows.
    private func intBounds(_ operand: RowPredicate.Operand, _ list: DonationList, written: Bool) -> IntBounds? {
        // The commonest leaves first, without the test of invariance (which copies the
        // operand's parts) and the boxed value an invariant is read as.
        switch operand {
        case .constant(.int(let value)): return IntBounds(low: value, high: value)
        case .field(let index):
            guard case .int(let items) = list.stream.columns[index] else { return nil }
            if written, let bounds = items.writtenBounds { return IntBounds(low: bounds.low, high: bounds.high) }
            return Evaluator.bounds(of: items, list.positions)
        default: break
        }
        if operand.isInvariant {
            guard case .int(let value) = invariant(operand) else { return nil }
            return IntBounds(low: value, high: value)
        }
        switch operand {
        case .intArithmetic(let op, let a, let b):
            guard let x = intBounds(a, list, written: written), let y = intBounds(b, list, written: written) else { return nil }
            return IntBounds.combine(op, x, y)
        case .function(.element(let items), let index, nil):
            // One of the constants (all of them, for want of knowing which), from an index
            // within the list on every row.
            guard let bounds = intBounds(index, list, written: written), bounds.low >= 0, bounds.high < items.count else { return nil }
            var least = Int.max, greatest = Int.min
            for item in items {
                guard case .int(let value) = item else { return nil }
                (least, greatest) = (min(least, value), max(greatest, value))
            }
            return IntBounds(low: least, high: greatest)
        case .function(.charged, let a, nil):
            return intBounds(a, list, written: written)
        case .function(.absInt, let a, nil):
            // `abs` fails on `Int.min` alone.
            guard let x = intBounds(a, list, written: written), x.low != .min else { return nil }
            if x.low >= 0 { return x }
            if x.high <= 0 { return IntBounds(low: -x.high, high: -x.low) }
            return IntBounds(low: 0, high: max(-x.low, x.high))
        case .function(.intFromDouble, let a, nil):
            // The conversion fails on NaN, an infinity or a value beyond `Int`'s range: every
            // row's value is converted before the scan, as the bounds of what it gives.
            // (What reads a fold's accumulator has no values before the fold: nothing bounds it,
            // and the fold checks it as it goes.)
            guard intArithmeticCannotFail(a, list) else { return nil }
            // (Bounds never come from what reads the accumulator, so it is looked for only
            // before the values are computed.)
            if written, let bounds = numberBounds(a, list), let least = IntConversion.exact(bounds.low),
               let greatest = IntConversion.exact(bounds.high) {
                return IntBounds(low: least, high: greatest)
            }
            guard !a.readsAccumulator else { return nil }
            var low = Double.infinity, high = -Double.infinity
            // Whether a value was NaN, which no comparison lets into the bounds: as a byte, so
            // the loop has no branch.
            var unordered: UInt8 = 0
            @inline(__always) func include(_ x: Double) {
                low = x < low ? x : low
                high = x > high ? x : high
                unordered |= unsafeBitCast(x != x, to: UInt8.self)
            }
            if case .field(let field) = a, case .double(let items) = list.stream.columns[field], case .contiguous(let range) = list.positions {
                // A column read in place.
                items.withUnsafeBufferPointer { buffer in
                    for x in buffer[range] { include(x) }
                }
            } else {
                let binder = RowPredicateBinder(stream: list.stream, invariants: rowInvariants)
                if let column = binder.numberColumn(a) {
                    // Computed a batch at a time, each operation in a loop of its own (see
                    // `NumberColumn`), where a closure a row cost about 150 instructions.
                    withUnsafeTemporaryAllocation(of: Double.self, capacity: binder.batch) { values in
                        let start = values.baseAddress.unsafelyUnwrapped
                        column.computeBatches(of: list, batch: binder.batch, into: { _ in start }) { _, count in
                            // (A batch's bounds in locals, then taken in: the captured ones are
                            // checked for exclusive access at every use.)
                            var batchLow = Double.infinity, batchHigh = -Double.infinity
                            var batchUnordered: UInt8 = 0
                            for offset in 0..<count {
                                let x = start[offset]
                                batchLow = x < batchLow ? x : batchLow
                                batchHigh = x > batchHigh ? x : batchHigh
                                batchUnordered |= unsafeBitCast(x != x, to: UInt8.self)
                            }
                            include(batchLow)
                            include(batchHigh)
                            unordered |= batchUnordered
                        }
                    }
                } else {
                    let read = binder.doubles(a)
                    for offset in 0..<list.count { include(read(list.position(at: offset))) }
                }
            }
            // Truncation is monotonic, so the bounds of the values give those of the `Int`s.
            guard unordered == 0, let least = IntConversion.exact(low), let greatest = IntConversion.exact(high) else { return nil }
            return IntBounds(low: least, high: greatest)
        case .function(let f, let a, let b?) where f == .minInt || f == .maxInt:
            guard let x = intBounds(a, list, written: written), let y = intBounds(b, list, written: written) else { return nil }
            return f == .minInt ? IntBounds(low: min(x.low, y.low), high: min(x.high, y.high))
                                : IntBounds(low: max(x.low, y.low), high: max(x.high, y.high))
        case .coalesce(.field(let index), let b, false):
            // An optional field's values where they are there, the fallback's where they are nil
            // (its bounds taken whether or not some are).
            guard case .optionalInt(let items) = list.stream.columns[index], let fallback = intBounds(b, list, written: written) else { return nil }
            if written, let bounds = items.writtenBounds {
                return IntBounds(low: min(fallback.low, bounds.low), high: max(fallback.high, bounds.high))
            }
            var low = fallback.low, high = fallback.high
            items.withUnsafeBufferPointer { column in
                func include(_ position: Int) {
                    guard let value = column[position] else { return }
                    low = min(low, value)
                    high = max(high, value)
                }
                switch list.positions {
                case .contiguous(let range): for position in range { include(position) }
                case .scattered(let positions): for position in positions { include(position) }
                }
            }
            return IntBounds(low: low, high: high)
        case .coalesce(let a, let b, false):
            // Either side's (`s?.count ?? 0`): what the optional gives where it is not nil, the
            // fallback where it is.
            guard let x = intBounds(a, list, written: written), let y = intBounds(b, list, written: written) else { return nil }
            return IntBounds(low: min(x.low, y.low), high: max(x.high, y.high))
        case .function(.stringCount, let text, nil):
            // A string has no more characters than UTF-8 bytes.
            return stringBytes(text, list, written: written).map { IntBounds(low: 0, high: $0) }
        case .conditional(let p, let a, let b):
            // Either branch may be taken; the test itself must not fail either.
            guard intArithmeticCannotFail(p, list), let x = intBounds(a, list, written: written), let y = intBounds(b, list, written: written) else { return nil }
            return IntBounds(low: min(x.low, y.low), high: max(x.high, y.high))
        default:
            return nil
        }
    }

    /// Finite bounds of a `Double` operand over the rows of the list, found without a pass over
    /// them (perhaps wider than its values, never narrower), or nil. The donation dates are
    /// finite and, when read, in date order: a run's are within its first and last, any list's
    /// within the stream's; a `Double` field's are within every value written to its column's
    /// buffer (`ColumnArray.writtenBounds`). Sums, differences, products and quotients by a
    /// divisor of one sign are monotonic in each operand, and so is IEEE rounding, so their
    /// extremes lie at the corners; with every bound finite, no value between is NaN or
    /// infinite either.
    /// (`Int(Date.now.timeIntervalSince($0.date) / 86400)` and `Int($0.score * 10)` are proven
    /// to convert this way.)
    private func numberBounds(_ operand: RowPredicate.Operand, _ list: DonationList) -> (low: Double, high: Double)? {
        func finite(_ low: Double, _ high: Double) -> (low: Double, high: Double)? {
            low.isFinite && high.isFinite ? (low, high) : nil
        }
        // Arithmetic is bounded from its operands' bounds whether or not it is invariant: for
        // an invariant one every bound is its value, and each corner the same operation on the
        // same values, so the result is its value too (or nil where an intermediate value is
        // not finite, which only leaves a proof to the rows). Testing invariance first copied
        // every part of the operand at every level.
        switch operand {
        case .constant(.double(let x)), .constant(.date(let x)): return finite(x, x)
        case .now: return finite(now, now)
        case .field(let index):
            // A `Double` column's bounds as its buffer keeps them (not finite where a NaN or
            // an infinity was written).
            guard case .double(let items) = list.stream.columns[index], let bounds = items.writtenBounds else { return nil }
            return finite(bounds.low, bounds.high)
        case .date:
            let dates = list.stream.dates
            guard !list.stream.needsOrdering, dates.count > 0 else { return nil }
            switch list.positions {
            case .contiguous(let range) where !range.isEmpty: return finite(dates[range.lowerBound], dates[range.upperBound - 1])
            default: return finite(dates[0], dates[dates.count - 1])
            }
        case .negate(let a):
            return numberBounds(a, list).flatMap { finite(-$0.high, -$0.low) }
        case .arithmetic(.doubleAdd, let a, let b), .addingInterval(let a, let b):
            guard let x = numberBounds(a, list), let y = numberBounds(b, list) else { return nil }
            return finite(x.low + y.low, x.high + y.high)
        case .arithmetic(.doubleSubtract, let a, let b), .intervalSince(let a, let b):
            guard let x = numberBounds(a, list), let y = numberBounds(b, list) else { return nil }
            return finite(x.low - y.high, x.high - y.low)
        case .arithmetic(let op, let a, let b) where op == .doubleMultiply || op == .doubleDivide:
            guard let x = numberBounds(a, list), let y = numberBounds(b, list) else { return nil }
            // (A divisor whose bounds hold zero may be ±0.0, whose quotients are infinite or NaN.)
            if op == .doubleDivide && y.low <= 0 && y.high >= 0 { return nil }
            // (The four corners in registers: arrays of them cost three allocations an evaluation.
            // None is a NaN: the bounds are finite, and a divisor's exclude zero.)
            @inline(__always) func corner(_ p: Double, _ q: Double) -> Double { op == .doubleMultiply ? p * q : p / q }
            let (a, b, c, d) = (corner(x.low, y.low), corner(x.low, y.high), corner(x.high, y.low), corner(x.high, y.high))
            return finite(min(min(a, b), min(c, d)), max(max(a, b), max(c, d)))
        default:
            // Any other invariant (a parameter, an enclosing element's date, a hoisted value).
            guard operand.isInvariant else { return nil }
            switch invariant(operand) {
            case .double(let x), .date(let x): return finite(x, x)
            default: return nil
            }
        }
    }

    /// The most UTF-8 bytes a `String` operand has over the rows of the list: a field's most
    /// (nil ones have none), a constant's, either of `??`'s. Nil for other operands.
    private func stringBytes(_ operand: RowPredicate.Operand, _ list: DonationList, written: Bool) -> Int? {
        if operand.isInvariant {
            switch invariant(operand) {
            case .string(let text): return text.utf8.count
            case .null: return 0
            default: return nil
            }
        }
        switch operand {
        case .field(let index):
            func most<Text>(_ items: ColumnArray<Text>, _ bytes: (Text) -> Int) -> Int {
                items.withUnsafeBufferPointer { column in
                    var most = 0
                    switch list.positions {
                    case .contiguous(let range): for position in range { most = max(most, bytes(column[position])) }
                    case .scattered(let positions): for position in positions { most = max(most, bytes(column[position])) }
                    }
                    return most
                }
            }
            switch list.stream.columns[index] {
            case .string(let items): return (written ? items.writtenMostBytes : nil) ?? most(items) { $0.utf8.count }
            case .optionalString(let items): return (written ? items.writtenMostBytes : nil) ?? most(items) { $0?.utf8.count ?? 0 }
            default: return nil
            }
        case .coalesce(let a, let b, _):
            guard let x = stringBytes(a, list, written: written), let y = stringBytes(b, list, written: written) else { return nil }
            return max(x, y)
        default:
            return nil
        }
    }

    /// The least and greatest of a column's values at the list's positions (which are never
    /// empty: a fused operation over an empty list answers without scanning).
    private static func bounds(of items: ColumnArray<Int>, _ positions: DonationList.Positions) -> IntBounds? {
        items.withUnsafeBufferPointer { buffer in
            var low = Int.max, high = Int.min
            switch positions {
            case .contiguous(let range):
                guard !range.isEmpty else { return nil }
                for value in buffer[range] {
                    low = min(low, value)
                    high = max(high, value)
                }
            case .scattered(let list):
                guard !list.isEmpty else { return nil }
                for position in list {
                    low = min(low, buffer[position])
                    high = max(high, buffer[position])
                }
            }
            return IntBounds(low: low, high: high)
        }
    }
}
