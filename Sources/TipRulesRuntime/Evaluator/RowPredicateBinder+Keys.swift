import TipRulesSemantics
import TipRulesSyntax

/// Columns of values and keys computed for every donation of a list (the typed values of a map,
/// the keys an order compares).
extension RowPredicateBinder {
    /// An `Int` operand's value at each stream position.
    func ints(_ operand: RowPredicate.Operand) -> (Int) -> Int {
        integer(bind(operand)).read
    }

    /// Any operand's value at each stream position.
    func values(_ operand: RowPredicate.Operand) -> (Int) -> Value {
        values(bind(operand))
    }

    /// A `Double` operand's value at each stream position.
    func doubles(_ operand: RowPredicate.Operand) -> (Int) -> Double {
        numeric(operand).read
    }

    /// An optional `Int` operand's value at each stream position, nil for nil: an optional
    /// field read in place, anything else through its values.
    func optionalInts(_ operand: RowPredicate.Operand) -> (Int) -> Int? {
        switch bind(operand) {
        case .optionalInts(let items): return { items[$0] }
        case .computedOptionalInts(let read): return read
        case let bound:
            let read = values(bound)
            return { position in
                switch read(position) {
                case .int(let x): return x
                case .null: return nil
                default: preconditionFailure("an optional Int operand whose value is no Int")
                }
            }
        }
    }

    /// An optional `Double` (or `Date`, as seconds) operand's value at each stream position, nil
    /// for nil: an optional field read in place, anything else through its values.
    func optionalDoubles(_ operand: RowPredicate.Operand) -> (Int) -> Double? {
        switch bind(operand) {
        case .optionalNumbers(let items, _): return { items[$0] }
        case .computedOptionalNumbers(let read, _): return read
        case let bound:
            let read = values(bound)
            return { position in
                switch read(position) {
                case .double(let x), .date(let x): return x
                case .null: return nil
                default: preconditionFailure("an optional Double operand whose value is no number")
                }
            }
        }
    }

    /// What an optional row mapping computes for each donation of a list, unwrapped, as a
    /// closure that force-unwraps it (`$0.x!`) compares it; nil when any donation's is nil.
    func unwrappedKeys(_ key: RowPredicate.Operand, of list: DonationList) -> OrderKeys? {
        switch list.positions {
        case .contiguous(let range): return unwrappedKeys(key, at: range)
        case .scattered(let positions): return unwrappedKeys(key, at: positions)
        }
    }

    func unwrappedKeys<Positions: Collection<Int>>(_ key: RowPredicate.Operand, at positions: Positions) -> OrderKeys? {
        switch bind(key) {
        case .optionalInts(let items): return positions.allMapped { items[$0] }.map(OrderKeys.ints)
        case .computedOptionalInts(let read): return positions.allMapped(read).map(OrderKeys.ints)
        case .optionalNumbers(let items, _): return positions.allMapped { items[$0] }.map(OrderKeys.numbers)
        case .computedOptionalNumbers(let read, _): return positions.allMapped(read).map(OrderKeys.numbers)
        case let bound:
            let read = values(bound)
            return positions.allMapped { position -> Value? in
                let value = read(position)
                if case .null = value { return nil }
                return value
            }.map(OrderKeys.values)
        }
    }

    /// What a row mapping that charges work computes for each donation of a list, and the
    /// work each charged (measured by a meter of its own).
    func keysAndWork(_ key: RowPredicate.Operand, of list: DonationList) -> (keys: [Value], work: [Int]) {
        let meter = StepMeter()
        var metered = self
        metered.meter = meter
        let read = metered.values(metered.bind(key))
        var keys: [Value] = [], work: [Int] = []
        keys.reserveCapacity(list.count)
        work.reserveCapacity(list.count)
        for offset in 0..<list.count {
            let before = meter.steps
            keys.append(read(list.position(at: offset)))
            work.append(meter.steps - before)
        }
        return (keys, work)
    }

    /// What a row mapping computes for each donation of a list, typed as a comparison in a
    /// closure compares it. A field or the date of a contiguous list is copied as it is.
    func keys(_ key: RowPredicate.Operand, of list: DonationList) -> OrderKeys {
        if case .contiguous(let range) = list.positions {
            switch key {
            case .date: return .numbers(stream.dates.withUnsafeBufferPointer { Array($0[range]) })
            case .field(let index):
                switch stream.columns[index] {
                case .double(let items), .date(let items): return .numbers(items.withUnsafeBufferPointer { Array($0[range]) })
                case .int(let items): return .ints(items.withUnsafeBufferPointer { Array($0[range]) })
                default: break
                }
            case .function(.intFromDouble, .field(let index), nil):
                // `Int(d)` of a column, proven to convert on every row (see `IntBounds`).
                if case .double(let items) = stream.columns[index] {
                    return .ints(items.withUnsafeBufferPointer { column in
                        Array(capacity: range.count) { keys, count in
                            for (offset, x) in column[range].enumerated() { (keys + offset).initialize(to: IntConversion.exact(x) ?? 0) }
                            count = range.count
                        }
                    })
                }
            default: break
            }
        }
        // `Int` and `Double` keys computed a batch at a time, each operation in a tight loop.
        if let column = IntColumn.make(key, self) {
            return .ints(computedKeys(of: list, column))
        }
        if let column = numberColumn(key) {
            return .numbers(computedKeys(of: list, column))
        }
        let bound = bind(key)
        if case .contiguous(let range) = list.positions {
            if let number = number(bound) { return .numbers(range.map(number.read)) }
            if let ints = intOperand(bound) { return .ints(range.map(ints.read)) }
            let read = values(bound), first = range.lowerBound
            return .values(Value.made(range.count) { read(first + $0) })
        }
        let positions = list.allPositions
        if let number = number(bound) { return .numbers(positions.map(number.read)) }
        if let ints = intOperand(bound) { return .ints(positions.map(ints.read)) }
        let read = values(bound)
        return .values(positions.withUnsafeBufferPointer { positions in Value.made(positions.count) { read(positions[$0]) } })
    }

    /// The values a batch computation makes for every donation of a list, in order.
    func computedKeys<Computation: BatchComputation>(of list: DonationList, _ computation: Computation) -> [Computation.Value] {
        Array(capacity: list.count) { output, count in
            computation.computeBatches(of: list, batch: batch, into: { output + $0 }) { _, _ in }
            count = list.count
        }
    }

    // MARK: - Operands
}
