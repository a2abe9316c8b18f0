import TipRulesSemantics
import TipRulesSyntax

/// Built-in functions and membership tests of bound operands, computed per row.
extension RowPredicateBinder {
    /// `c.contains(x)` of each row's `x` in `items`, the same for every row (a set's, when
    /// `set` is it): looked up among the items' machine values, gone through in order when they
    /// are few and hashed once per binding when they are many. Charged as `contains` charges:
    /// a step per item of an array, nothing for a set. (Equal values are what `contains` finds
    /// either way: `==` on `Int`s and `String`s is what `Set` hashes by; other types are
    /// compared as the tree-walker compares them.)
    static func membership(_ a: Bound, in items: [Value], set: Set<Value>?, _ binder: RowPredicateBinder) -> Bound {
        let meter = binder.meter, size = set == nil ? items.count : 0
        func lookup<T: Hashable>(_ read: @escaping (Int) -> T, _ values: [T]) -> Bound {
            if values.count <= 8 {
                return .computedBools { position in
                    meter?.steps += size
                    return values.contains(read(position))
                }
            }
            let hashed = Set(values)
            return .computedBools { position in
                meter?.steps += size
                return hashed.contains(read(position))
            }
        }
        if let read = binder.text(a) {
            return lookup(read, items.compactMap { if case .string(let text) = $0 { text } else { nil } })
        }
        if let ints = binder.intOperand(a)?.read {
            let values = items.compactMap { if case .int(let x) = $0 { x } else { nil } }
            // Over a bitmap of the values' range where it is small (ids, days): a bit tested a
            // row where a set hashed the row's value (about 200 instructions).
            if values.count > 8, let low = values.min(), let high = values.max(),
               case let span = UInt(bitPattern: high &- low), span < UInt(max(4096, 64 * values.count)) {
                var bits = [UInt64](repeating: 0, count: Int(span >> 6) + 1)
                for x in values {
                    let offset = UInt(bitPattern: x &- low)
                    bits[Int(offset >> 6)] |= 1 &<< UInt64(offset & 63)
                }
                return .computedBools { [bits] position in
                    meter?.steps += size
                    let offset = UInt(bitPattern: ints(position) &- low)
                    return offset <= span && bits[Int(offset >> 6)] & (1 &<< UInt64(offset & 63)) != 0
                }
            }
            return lookup(ints, values)
        }
        let read = binder.values(a)
        if let set {
            return .computedBools { set.contains(read($0)) }
        }
        return .computedBools { position in
            meter?.steps += size
            return items.contains(read(position))
        }
    }

    /// A built-in function of bound operands, computed per row with Swift's own functions.
    static func function(_ function: RowPredicate.RowFunction, _ a: Bound, _ b: Bound?, _ binder: RowPredicateBinder) -> Bound {
        func number(_ bound: Bound?) -> (Int) -> Double {
            guard let bound, let number = binder.number(bound) else { preconditionFailure("a Double function of a value that is no number") }
            return number.read
        }
        func int(_ bound: Bound?) -> (Int) -> Int {
            guard let bound else { preconditionFailure("an Int function without its operand") }
            return binder.integer(bound).read
        }
        switch function {
        case .absDouble:
            let f = number(a)
            return .number(.computed { abs(f($0)) })
        case .absInt:
            // Proven not to meet `Int.min` (see `IntBounds`); the magnitude, truncated, is
            // `abs` everywhere else and cannot trap.
            let f = int(a)
            if let failures = binder.failures {
                return .computedInts { position in
                    let x = f(position)
                    if x == .min { failures.occurred = true }
                    return Int(truncatingIfNeeded: x.magnitude)
                }
            }
            return .computedInts { Int(truncatingIfNeeded: f($0).magnitude) }
        case .rounded:
            let f = number(a)
            return .number(.computed { BranchFreeDouble.rounded(f($0)) })
        case .doubleFromInt:
            if case .ints(let items) = a { return .number(.computed { Double(items[$0]) }) }
            let f = int(a)
            return .number(.computed { Double(f($0)) })
        case .stringCount:
            // Charged as the `count` built-in charges, on the rows the scan computes it for.
            let meter = binder.meter
            if case .strings(let items) = a {
                return .computedInts { position in
                    let text = items[position]
                    meter?.charge(counting: text)
                    return StringSearch.count(text)
                }
            }
            if case .optionalStrings(let items) = a {
                // `s?.count` of an optional field: nil for nil, counted in place otherwise.
                return .computedOptionalInts { position in
                    guard let text = items[position] else { return nil }
                    meter?.charge(counting: text)
                    return StringSearch.count(text)
                }
            }
            if let read = binder.text(a) {
                return .computedInts { position in
                    let text = read(position)
                    meter?.charge(counting: text)
                    return StringSearch.count(text)
                }
            }
            if let read = binder.optionalText(a) {
                return .computedOptionalInts { position in
                    guard let text = read(position) else { return nil }
                    meter?.charge(counting: text)
                    return StringSearch.count(text)
                }
            }
            let read = binder.values(a)
            return .values { position in
                guard case .string(let text) = read(position) else { return .null }
                meter?.charge(counting: text)
                return .int(StringSearch.count(text))
            }
        case .lowercased, .uppercased:
            // Charged as the built-ins charge (a step per UTF-8 byte), on the rows the scan
            // computes them for.
            let meter = binder.meter, lower = function == .lowercased
            if let read = binder.text(a) {
                return .computedStrings { position in
                    let text = read(position)
                    meter?.steps += text.utf8.count
                    return lower ? text.lowercased() : text.uppercased()
                }
            }
            if let read = binder.optionalText(a) {
                // `s?.lowercased()` of an optional string: nil for nil.
                return .computedOptionalStrings { position in
                    guard let text = read(position) else { return nil }
                    meter?.steps += text.utf8.count
                    return lower ? text.lowercased() : text.uppercased()
                }
            }
            let read = binder.values(a)
            return .values { position in
                // (Nil ends an optional chain: `s?.lowercased()`.)
                guard case .string(let text) = read(position) else { return .null }
                meter?.steps += text.utf8.count
                return .string(lower ? text.lowercased() : text.uppercased())
            }
        case .memberOf(let constants):
            return membership(a, in: constants.map(Value.init), set: nil, binder)
        case .element(let constants):
            // Proven within the list on every row (see `IntBounds`); clamped all the same, so
            // that even a wrong proof could not trap.
            let index = int(a), last = constants.count - 1, failures = binder.failures
            @inline(__always) func at(_ position: Int) -> Int {
                let i = index(position)
                if let failures, i < 0 || i > last { failures.occurred = true }
                return min(max(i, 0), last)
            }
            // The constants as machine values of their one type.
            func values<T>(_ value: (Constant) -> T?) -> [T] {
                constants.map { constant in
                    guard let x = value(constant) else { preconditionFailure("a list of constants of mixed types") }
                    return x
                }
            }
            switch constants.first {
            case .int?:
                let items = values { if case .int(let x) = $0 { x } else { nil } }
                return .computedInts { items[at($0)] }
            case .double?, .date?:
                let items = values { (constant: Constant) -> Double? in
                    switch constant {
                    case .double(let x), .date(let x): x
                    default: nil
                    }
                }
                return .number(.computed { items[at($0)] })
            case .string?:
                let items = values { if case .string(let x) = $0 { x } else { nil } }
                return .computedStrings { items[at($0)] }
            case .bool?:
                let items = values { if case .bool(let x) = $0 { x } else { nil } }
                return .computedBools { items[at($0)] }
            default:
                let items = constants.map(Value.init)
                return .values { items[at($0)] }
            }
        case .memberOfInvariant:
            switch b {
            case .value(.array(let items))?: return membership(a, in: items, set: nil, binder)
            case .value(.set(let items))?: return membership(a, in: Array(items), set: items, binder)
            default: preconditionFailure("membership in a value that is no collection")
            }
        case .concatenate:
            // Charged as `+` charges (a step per UTF-8 byte of both), on the rows the scan
            // computes it for.
            let meter = binder.meter
            guard let f = binder.text(a), let g = b.flatMap(binder.text) else { preconditionFailure("a concatenation of values that are no strings") }
            return .computedStrings { position in
                let x = f(position), y = g(position)
                meter?.steps += x.utf8.count + y.utf8.count
                return x + y
            }
        case .nestedFind:
            preconditionFailure("a nested search is bound with its list, by bind(_:)")
        case .intFromDouble:
            // Proven to convert on every row (see `IntBounds`); 0 where it would not, which
            // then never happens, rather than a trap. A column is read in place (no call per row).
            if let failures = binder.failures {
                let f = number(a)
                return .computedInts { position in
                    guard let x = IntConversion.exact(f(position)) else {
                        failures.occurred = true
                        return 0
                    }
                    return x
                }
            }
            if case .number(.column(let items)) = a {
                return .computedInts { IntConversion.exact(items[$0]) ?? 0 }
            }
            let f = number(a)
            return .computedInts { IntConversion.exact(f($0)) ?? 0 }
        case .minInt, .maxInt:
            let f = int(a), g = int(b), isMax = function.intExtremeIsMax == true
            return .computedInts { BuiltinImplementations.swiftExtreme(f($0), g($0), isMax: isMax) }
        case .arrayMaxDouble:
            let f = number(a), g = number(b)
            return .number(.computed { position in
                let x = f(position), y = g(position)
                return x < y ? y : x
            })
        case .charged(let steps):
            // Charged on the rows the scan computes it for, as the built-in charges.
            let meter = binder.meter
            if let f = binder.intOperand(a)?.read {
                return .computedInts { position in
                    meter?.steps += steps
                    return f(position)
                }
            }
            if let f = binder.number(a)?.read {
                return .number(.computed { position in
                    meter?.steps += steps
                    return f(position)
                })
            }
            if let f = binder.truths(a) {
                return .computedBools { position in
                    meter?.steps += steps
                    return f(position)
                }
            }
            let f = binder.values(a)
            return .values { position in
                meter?.steps += steps
                return f(position)
            }
        case .minDouble, .maxDouble:
            let isMax = function.doubleExtremeIsMax == true
            // A column read in place saves a call per row (a fold's `max($0, $1.score)`).
            if case .number(.column(let items))? = b {
                let f = number(a)
                return .number(.computed { BuiltinImplementations.swiftExtreme(f($0), items[$0], isMax: isMax) })
            }
            let f = number(a), g = number(b)
            return .number(.computed { BuiltinImplementations.swiftExtreme(f($0), g($0), isMax: isMax) })
        case .maxDate:
            let f = number(a), g = number(b)
            return .number(.computed { BuiltinImplementations.swiftExtreme(DateOrder(f($0)), DateOrder(g($0)), isMax: true).seconds })
        }
    }
}
