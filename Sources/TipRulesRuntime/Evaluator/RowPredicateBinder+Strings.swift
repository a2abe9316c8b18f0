import TipRulesSemantics
import TipRulesSyntax

/// String operands and their tests (`hasPrefix`, `contains`, case-mapped comparisons).
extension RowPredicateBinder {
    /// A key's value per row as a `String`, where it is a (non-optional) string read or computed
    /// per row (`$0.comment ?? ""`, `$0.name.lowercased()`), charging the meter as `keys` does;
    /// nil for other keys.
    func strings(_ key: RowPredicate.Operand) -> ((Int) -> String)? {
        text(bind(key))
    }

    /// A `String` operand's value per row, or nil for an operand that is no (non-optional)
    /// string read or computed per row.
    func text(_ bound: Bound) -> ((Int) -> String)? {
        switch bound {
        case .value(.string(let k)): return { _ in k }
        case .strings(let items): return { items[$0] }
        case .coalescedStrings(let items, let k): return { items[$0] ?? k }
        case .computedStrings(let read): return read
        default: return nil
        }
    }

    /// A `String?` operand's value per row, or nil for an operand that is no optional string
    /// read or computed per row.
    func optionalText(_ bound: Bound) -> ((Int) -> String?)? {
        switch bound {
        case .optionalStrings(let items): return { items[$0] }
        case .computedOptionalStrings(let read): return read
        default: return nil
        }
    }

    /// A column against a value, specialised per operator.
    static func compare<T: Comparable>(_ op: ComparisonOperator, _ items: ColumnArray<T>, _ k: T) -> (Int) -> Bool {
        switch op {
        case .equal: return { items[$0] == k }
        case .notEqual: return { items[$0] != k }
        case .less: return { items[$0] < k }
        case .lessOrEqual: return { items[$0] <= k }
        case .greater: return { items[$0] > k }
        case .greaterOrEqual: return { items[$0] >= k }
        }
    }

    /// A `String` column against a constant: `==` and `!=` decided on the strings' bits where
    /// they can be (see `StringEquality`), as the column tests decide them.
    static func compareStrings(_ op: ComparisonOperator, _ items: ColumnArray<String>, _ k: String) -> (Int) -> Bool {
        switch op {
        case .equal:
            let equality = StringEquality(k)
            return { equality.holds(items[$0]) }
        case .notEqual:
            let equality = StringEquality(k)
            return { !equality.holds(items[$0]) }
        default:
            return compare(op, items, k)
        }
    }

    /// `s.lowercased()` or `s.uppercased()` of a string read per row (`s?.lowercased()` of an
    /// optional one) tested against an invariant string, without mapping the strings the bytes
    /// answer for (see `CaseMappedTest`); `inverted` negates the answer (`!=`). A nil receiver
    /// passes no test (`inverted`, it passes). It charges what the mapping and the test charge
    /// apart: a step per byte mapped, and `contains`'s search. Nil for other operands.
    func caseMapped(_ operand: RowPredicate.Operand, _ test: CaseMappedTest.Test, inverted: Bool,
                            _ other: RowPredicate.Operand) -> ((Int) -> Bool)? {
        guard case .function(let function, let receiver, nil) = operand, function == .lowercased || function == .uppercased,
              case .value(.string(let needle)) = bind(other) else { return nil }
        let bound = bind(receiver), meter = self.meter
        let mapped = CaseMappedTest(lower: function == .lowercased, test, needle: needle)
        // A column read in place, without a closure for it.
        switch bound {
        case .strings(let items):
            return { mapped.holds(items[$0], charging: meter) != inverted }
        case .optionalStrings(let items):
            return { position in
                guard let text = items[position] else { return inverted }
                return mapped.holds(text, charging: meter) != inverted
            }
        default:
            break
        }
        if let text = text(bound) {
            return { mapped.holds(text($0), charging: meter) != inverted }
        }
        if let text = optionalText(bound) {
            return { position in
                guard let text = text(position) else { return inverted }
                return mapped.holds(text, charging: meter) != inverted
            }
        }
        return nil
    }

    /// A string test; false when the receiver is nil.
    func string(_ a: Bound, _ test: RowPredicate.StringTest, _ b: Bound) -> (Int) -> Bool {
        let search: (String, String) -> Bool
        switch test {
        case .hasPrefix: search = StringSearch.hasPrefix
        case .hasSuffix: search = StringSearch.hasSuffix
        case .contains: search = StringSearch.contains
        case .isEmpty: search = { text, _ in text.isEmpty }
        }
        // A prefix or suffix of a constant: the needle's bytes worked out once (see
        // `AffixTest`), whatever form the text takes below; neither charges a search.
        let affix: StringSearch.AffixTest?
        if case .value(.string(let needle)) = b, test == .hasPrefix || test == .hasSuffix {
            affix = StringSearch.AffixTest(needle, suffix: test == .hasSuffix)
        } else {
            affix = nil
        }
        if case .strings(let items) = a, case .value(.string(let needle)) = b {
            if let affix { return { affix.holds(items[$0]) } }
            if test == .isEmpty { return { items[$0].isEmpty } }
            guard let meter else { return { StringSearch.contains(items[$0], needle) } }
            return { position in
                let text = items[position]
                meter.charge(searching: text, for: needle)
                return StringSearch.contains(text, needle)
            }
        }
        if case .optionalStrings(let items) = a, case .value(.string) = b, test != .contains {
            // An optional field tested against a constant, read in place (nil ends the chain).
            if let affix {
                return { position in
                    // (Not `.map(affix.holds)`: the method's closure retains the test's strings a row.)
                    guard let text = items[position] else { return false }
                    return affix.holds(text)
                }
            }
            return { position in items[position]?.isEmpty ?? false }
        }
        let meter = test == .contains ? self.meter : nil
        if case .value(.string(let needle)) = b {
            // `(s ?? k).isEmpty` and the like: the fallback's answer found once (and charged
            // per row it stands for).
            if case .coalescedStrings(let items, let k) = a {
                let fallback = search(k, needle)
                if test == .isEmpty { return { position in items[position]?.isEmpty ?? fallback } }
                if let affix {
                    return { position in
                        guard let text = items[position] else { return fallback }
                        return affix.holds(text)
                    }
                }
                return { position in
                    let text = items[position]
                    meter?.charge(searching: text ?? k, for: needle)
                    guard let text else { return fallback }
                    return search(text, needle)
                }
            }
            // A string computed per row (`name.lowercased().hasPrefix("a")`), or an optional
            // one, whose nil ends the optional chain before the search.
            if let read = text(a) {
                if let affix { return { affix.holds(read($0)) } }
                return { position in
                    let text = read(position)
                    meter?.charge(searching: text, for: needle)
                    return search(text, needle)
                }
            }
            if let read = optionalText(a) {
                if let affix {
                    return { position in
                        guard let text = read(position) else { return false }
                        return affix.holds(text)
                    }
                }
                return { position in
                    guard let text = read(position) else { return false }
                    meter?.charge(searching: text, for: needle)
                    return search(text, needle)
                }
            }
        }
        let left = values(a), right = values(b)
        return { position in
            // A nil receiver ends the optional chain before the search runs.
            guard case .string(let text) = left(position), case .string(let needle) = right(position) else { return false }
            meter?.charge(searching: text, for: needle)
            return search(text, needle)
        }
    }
}
