import TipRulesSemantics

/// A test of a stored string that charges no work (`isEmpty`, or `hasPrefix` or `hasSuffix` of
/// a constant) computed for a batch of rows in one loop over the field's column, for
/// `TestColumn`: of a `String` field, or of an optional one whose nil rows all give one
/// answer. That covers Swift's usual spellings of a test of an optional string:
/// `s?.isEmpty ?? false` and `s?.hasPrefix("a") == true` (false on nil), `(s ?? "").isEmpty`
/// (the fallback's answer), `s == nil || !s!.isEmpty` (true on nil) and `s != nil &&
/// s!.hasPrefix("a")` (false on nil), and any of them negated.
///
/// Otherwise such a test is a closure a row (two under `!`) after a loop of the nil test: for
/// `allSatisfy { $0.comment == nil || !$0.comment!.isEmpty }` over 1000 ratings, 34 instructions
/// a row in all against 23 with this loop (9 a row for a nil comment).
struct StringColumnTest {
    enum Column {
        case strings(ColumnArray<String>)
        /// An optional field's column, and the answer on its nil rows.
        case optionalStrings(ColumnArray<String?>, whenNil: Bool)
    }

    enum Test {
        case isEmpty
        case affix(StringSearch.AffixTest)

        func holds(_ text: String) -> Bool {
            switch self {
            case .isEmpty: text.isEmpty
            case .affix(let affix): affix.holds(text)
            }
        }
    }

    /// The tested field, by index.
    let field: Int
    private(set) var column: Column
    let test: Test
    /// Whether the answer on a string is the test's negation.
    private(set) var negated = false

    /// The test a predicate is, or nil when it is another predicate (a `contains`, which
    /// charges work, a string computed per row, a needle that is not a constant).
    static func make(_ predicate: RowPredicate, _ binder: RowPredicateBinder) -> StringColumnTest? {
        switch predicate {
        case .string(let operand, let kind, let needle) where kind != .contains && needle.isInvariant:
            guard case .string(let k) = binder.invariant(needle) else { return nil }
            let test: Test = kind == .isEmpty ? .isEmpty : .affix(StringSearch.AffixTest(k, suffix: kind == .hasSuffix))
            switch operand {
            case .field(let field):
                switch binder.stream.columns[field] {
                case .string(let items): return StringColumnTest(field: field, column: .strings(items), test: test)
                // A nil receiver ends the optional chain: the test is false.
                case .optionalString(let items): return StringColumnTest(field: field, column: .optionalStrings(items, whenNil: false), test: test)
                default: return nil
                }
            case .coalesce(.field(let field), let fallback, keepsOptional: false) where fallback.isInvariant:
                // `(s ?? k).isEmpty`, and `s!` read as `s ?? k` where a nil test decides the nil rows.
                guard case .optionalString(let items) = binder.stream.columns[field],
                      case .string(let text) = binder.invariant(fallback) else { return nil }
                return StringColumnTest(field: field, column: .optionalStrings(items, whenNil: test.holds(text)), test: test)
            default:
                return nil
            }
        case .not(let inner):
            return make(inner, binder)?.negation
        case .or(let a, let b), .and(let a, let b):
            // `s == nil || T(s!)` and `s != nil && T(s!)`, in either order: the nil rows take
            // the nil test's answer, the others `T`'s.
            let isOr = if case .or = predicate { true } else { false }
            for (guardTest, tested) in [(a, b), (b, a)] {
                guard let field = nilTestedField(guardTest, isNil: isOr), var test = make(tested, binder), test.field == field,
                      case .optionalStrings(let items, _) = test.column else { continue }
                test.column = .optionalStrings(items, whenNil: isOr)
                return test
            }
            return nil
        default:
            return nil
        }
    }

    /// The field a predicate tests for nil (`isNil`: `== nil`; otherwise `!= nil`, which
    /// `x?.isEmpty == false` becomes as `!(x == nil)`).
    private static func nilTestedField(_ predicate: RowPredicate, isNil: Bool) -> Int? {
        switch predicate {
        case .not(let inner):
            return nilTestedField(inner, isNil: !isNil)
        case .compare(.field(let field), let op, .constant(.null)), .compare(.constant(.null), let op, .field(let field)):
            return op == (isNil ? .equal : .notEqual) ? field : nil
        default:
            return nil
        }
    }

    /// `!` of the test.
    private var negation: StringColumnTest {
        var result = self
        result.negated.toggle()
        if case .optionalStrings(let items, let whenNil) = column { result.column = .optionalStrings(items, whenNil: !whenNil) }
        return result
    }

    /// Writes whether the test holds for each row of `input`, each kind of column and test in a
    /// loop of its own.
    func fill<Rows: BatchRows>(_ input: Rows, _ output: UnsafeMutablePointer<Bool>) {
        let negated = negated
        switch (column, test) {
        case (.strings(let items), .isEmpty):
            items.withUnsafeBufferPointer { column in
                for offset in 0..<input.count { output[offset] = column[input[offset]].isEmpty != negated }
            }
        case (.strings(let items), .affix(let affix)):
            items.withUnsafeBufferPointer { column in
                for offset in 0..<input.count { output[offset] = affix.holds(column[input[offset]]) != negated }
            }
        case (.optionalStrings(let items, let whenNil), .isEmpty):
            items.withUnsafeBufferPointer { column in
                // (Matched in place: `map` on the element copied the optional string out.)
                let base = column.baseAddress.unsafelyUnwrapped
                for offset in 0..<input.count {
                    switch base[input[offset]] {
                    case .none: output[offset] = whenNil
                    case .some(let text): output[offset] = text.isEmpty != negated
                    }
                }
            }
        case (.optionalStrings(let items, let whenNil), .affix(let affix)):
            items.withUnsafeBufferPointer { column in
                for offset in 0..<input.count {
                    guard let text = column[input[offset]] else {
                        output[offset] = whenNil
                        continue
                    }
                    output[offset] = affix.holds(text) != negated
                }
            }
        }
    }
}
