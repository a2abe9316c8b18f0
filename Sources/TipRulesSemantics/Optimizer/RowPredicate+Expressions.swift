import TipRulesSyntax

extension RowPredicate {
    /// The row predicate a closure body over the donation in `slot` amounts to, or nil when the
    /// body uses anything else (and so might fail, or needs the general evaluator).
    ///
    /// With `mapped`, the closure's parameter in `slot` is not a donation but the result of a
    /// row mapping (`xs.map { $0.score * 2 }.contains { $0 > 5 }`): it stands for that operand.
    static func from(_ body: TypedExpression, slot: Int, mapped: Operand? = nil) -> RowPredicate? {
        switch body.node {
        case .constant(.bool(let flag)):
            return .constant(flag)
        case .and(let l, let r):
            guard let a = from(l, slot: slot, mapped: mapped),
                  let b = from(unwrapping(r, where: a, isNil: false, slot: slot, mapped: mapped), slot: slot, mapped: mapped) else { return nil }
            return .and(a, b)
        case .or(let l, let r):
            guard let a = from(l, slot: slot, mapped: mapped),
                  let b = from(unwrapping(r, where: a, isNil: true, slot: slot, mapped: mapped), slot: slot, mapped: mapped) else { return nil }
            return .or(a, b)
        case .not(let e):
            return from(e, slot: slot, mapped: mapped).map { .not($0) }
        case .comparison(let op, let l, let r):
            if op == .equal || op == .notEqual, let (list, inner, mode, steps) = foundTest(l, r) ?? foundTest(r, l) {
                // `other.last { $0.date < r.date } != nil`: whether the nested search finds a
                // row, found as it finds it (from the end for `last`), so it goes through the
                // same rows.
                guard let scan = nestedScan(list, inner, mode, steps, rowSlot: slot, mapped: mapped) else { return nil }
                return op == .notEqual ? .exists(scan) : .not(.exists(scan))
            }
            if let chained = optionalStringTest(op, l, r, slot: slot, mapped: mapped)
                ?? optionalStringTest(op, r, l, slot: slot, mapped: mapped) { return chained }
            guard let a = operand(l, slot: slot, mapped: mapped), let b = operand(r, slot: slot, mapped: mapped) else { return nil }
            return distance(a, op, b) ?? distance(b, op.mirrored, a) ?? decided(a, op, b) ?? decided(b, op.mirrored, a)
                ?? (l.type == .date ? comparingDates(a, op, b) : .compare(a, op, b))
        case .nilCoalescing(let l, let r) where coalescedStringTest(l, r, slot: slot, mapped: mapped) != nil:
            return coalescedStringTest(l, r, slot: slot, mapped: mapped)
        case .builtin(let call) where stringTest(call.builtin.id) != nil:
            guard let test = stringTest(call.builtin.id), let receiver = call.receiver,
                  let a = operand(receiver, slot: slot, mapped: mapped),
                  let b = stringTestArgument(call, slot: slot, mapped: mapped) else { return nil }
            return .string(a, test, b)
        case .builtin(let call) where call.builtin.id == .doubleIsNaN || call.builtin.id == .doubleIsInfinite
                                      || call.builtin.id == .doubleIsFinite:
            // As comparisons, which IEEE 754 defines for every value: only NaN differs from
            // itself; only an infinity's magnitude equals infinity; the magnitude of a finite
            // value is less (NaN's is neither). The operand is read twice, so it must be one
            // that charges nothing and is not evaluated once per scan (hoisted).
            guard let receiver = call.receiver, let a = operand(receiver, slot: slot, mapped: mapped), a.canBeReadTwice else { return nil }
            let magnitude = Operand.function(.absDouble, a, nil), infinity = Operand.constant(.double(.infinity))
            switch call.builtin.id {
            case .doubleIsNaN: return .compare(a, .notEqual, a)
            case .doubleIsInfinite: return .compare(magnitude, .equal, infinity)
            default: return .compare(magnitude, .less, infinity)
            }
        case .builtin(let call) where call.builtin.id == .rangeContains:
            return rangeTest(call, slot: slot, mapped: mapped)
        case .fused(.scan(let list, let inner, let mode), let steps, _) where mode == .contains || mode == .allSatisfy:
            return nestedScan(list, inner, mode == .allSatisfy ? .allSatisfy : .contains, steps, rowSlot: slot, mapped: mapped).map { .exists($0) }
        case .fused(.scan(_, let inner, .containsFromEnd), let steps, let unfused):
            // `xs.reversed().contains(where: p)` in a closure: a nested scan of the reversal
            // itself, made once per scan, as before it was searched from the end.
            guard case .builtin(let call) = unfused.node, let reversal = call.receiver else { return nil }
            return nestedScan(reversal, inner, .contains, FusedSteps(fixed: steps.fixed, perElement: steps.perElement),
                              rowSlot: slot, mapped: mapped).map { .exists($0) }
        default:
            if let chosen = chosenPredicate(body, slot: slot, mapped: mapped) { return chosen }
            // A Bool operand (a field, an enclosing closure's parameter) as the condition itself.
            guard body.type == .bool, let a = operand(body, slot: slot, mapped: mapped) else { return nil }
            return .compare(a, .equal, .constant(.bool(true)))
        }
    }

    /// `c ? a : b` of `Bool`s as `c && a || !c && b`: the same for every row, and filtered as
    /// `&&` and `||` are, a batch of rows at a time, rather than a choice made row by row through
    /// a conditional operand. Each branch is unwrapped as where Swift evaluates it (`x == nil ? k
    /// : x!.count > 40`). The test is tested twice, so it must charge nothing (no string search,
    /// nested scan or string `count`, whose steps depend on the rows it reaches); the branches
    /// may: `&&` tests its right side only on the rows its left passes, and `||` only on those
    /// it fails, when either charges work (see `RowFilter.cheaperFirst`), so each branch is
    /// charged for exactly the rows Swift evaluates it on. Nil for other expressions.
    private static func chosenPredicate(_ body: TypedExpression, slot: Int, mapped: Operand?) -> RowPredicate? {
        guard case .ternary(let condition, let then, let otherwise) = body.node, body.type == .bool,
              let test = from(condition, slot: slot, mapped: mapped), !test.searchesStrings,
              let a = from(unwrapping(then, where: test, isNil: false, slot: slot, mapped: mapped), slot: slot, mapped: mapped),
              let b = from(unwrapping(otherwise, where: test, isNil: true, slot: slot, mapped: mapped), slot: slot, mapped: mapped)
        else { return nil }
        return .choice(test, a, b)
    }

    /// A fused `contains(where:)`, `allSatisfy`, `first(where:)` or `last(where:)` of another
    /// list in the closure over the rows in `rowSlot`, run for each row (see `NestedScan`):
    /// when the other list reads no closure parameter, and the inner predicate reads nothing
    /// evaluated once per scan, no `Int` arithmetic (which would have to be proven safe for
    /// each outer row) and no scan nested further, and the outer rows are donations, or a
    /// field or the date of each, mapped.
    private static func nestedScan(_ list: TypedExpression, _ inner: RowPredicate, _ mode: NestedScan.Mode, _ steps: FusedSteps,
                                   rowSlot: Int, mapped: Operand?) -> NestedScan? {
        var inner = inner
        if let mapped {
            // The outer rows are what a `map` made of each donation (`map(\.id).filter { id in
            // other.contains { $0.id == id } }`): a field or the date of it, read from the
            // donation in its place as from an outer row (`r.id`).
            let read: Operand
            switch mapped {
            case .field(let index): read = .outerField(slot: rowSlot, field: index)
            case .date: read = .outerDate(slot: rowSlot)
            default: return nil
            }
            inner = inner.replacing(slot: rowSlot) { _ in read }
        }
        guard HoistedExpression.readsNoLocals(list), !inner.hasIntArithmetic, !inner.readsHoisted, !inner.nestsScan,
              !inner.containsOperand(where: { operand in
                  if case .accumulator = operand { return true }
                  if case .outerLocal = operand { return operand.readsEnclosingRow(rowSlot) }
                  return false
              }) else { return nil }
        return NestedScan(list: HoistedExpression(list), predicate: inner, rowSlot: rowSlot, mode: mode,
                          perElement: steps.perElement, perSourceElement: steps.perSourceElement)
    }

    /// `(a...b).contains(x)` (or `a..<b`) of bounds the same for every row, as `a <= x && x <= b`
    /// (`x < b`): what `contains` computes, and for a `Double` NaN too (no comparison with NaN
    /// holds). The range itself can fail (`b < a`, or a NaN bound), which a predicate must not:
    /// constant bounds are checked here, and a range Swift refuses is left to the calls, which
    /// fail where Swift does; other bounds are read through the range (its `lowerBound` and
    /// `upperBound`, hoisted), so a range that fails makes the scan give way to the calls, as
    /// any hoisted expression that fails does. (`x` is read twice, so it must charge nothing
    /// and not be evaluated once per scan, as for `isNaN`.)
    private static func rangeTest(_ call: BuiltinCall, slot: Int, mapped: Operand?) -> RowPredicate? {
        guard let receiver = call.receiver, case .range(let lower, let upper, let closed) = receiver.node,
              [RuleType.int, .double, .date].contains(lower.type), lower.type == upper.type,
              let x = operand(call.arguments[0], slot: slot, mapped: mapped), x.canBeReadTwice else { return nil }
        let low: Operand, high: Operand
        if case .constant(let a) = lower.node, case .constant(let b) = upper.node {
            guard isValidRange(a, b) else { return nil }
            (low, high) = (.constant(a), .constant(b))
        } else {
            guard HoistedExpression.readsNoLocals(receiver) else { return nil }
            let bound = { (id: BuiltinID) in
                HoistedExpression(TypedExpression(.builtin(BuiltinCall(builtin: Builtins[id], receiver: receiver, arguments: [],
                                                                        resultType: lower.type, range: receiver.range)),
                                                  lower.type, receiver.range))
            }
            (low, high) = (.hoisted(bound(.rangeLowerBound)), .hoisted(bound(.rangeUpperBound)))
        }
        guard lower.type == .date else { return .and(.compare(low, .lessOrEqual, x), .compare(x, closed ? .lessOrEqual : .less, high)) }
        return .and(comparingDates(low, .lessOrEqual, x), closed ? comparingDates(x, .lessOrEqual, high) : .compare(x, .less, high))
    }

    /// Whether `a...b` (and `a..<b`) of constants is a range Swift makes: `a <= b`, which no
    /// NaN `Double` passes, and a NaN date does (see `DateOrder`).
    private static func isValidRange(_ a: Constant, _ b: Constant) -> Bool {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x <= y
        case (.double(let x), .double(let y)): return x <= y
        case (.date(let x), .date(let y)): return DateOrder(x) <= DateOrder(y)
        default: return false
        }
    }

    /// `abs(x) < k` of an `x` that moves with the row's date (`abs($0.date.timeIntervalSince(v.date))
    /// < 600`) as `x < k && -x < k`, and `abs(x) > k` as `x > k || -x > k` (`<=` and `>=`
    /// alike): the same for every `x`, NaN included, since `abs(x)` is the larger of `x` and
    /// `-x`. Each side is a date condition, so a list in date order is searched in the window
    /// they allow (see `DateWindowPlan`). Nil for other comparisons. (`x` is read twice, so it
    /// must charge nothing. It may read what a scan evaluates once (`abs($0.date
    /// .timeIntervalSince(purchases.last!.date))`): the second read's use is behind the first
    /// (see `collectHoisted`), and a value evaluated once is the same for both.)
    private static func distance(_ a: Operand, _ op: ComparisonOperator, _ k: Operand) -> RowPredicate? {
        guard case .function(.absDouble, let x, nil) = a, k.isInvariant, x.dateDirection != nil, !x.chargesWork else { return nil }
        switch op {
        case .less, .lessOrEqual: return .and(.compare(x, op, k), .compare(.negate(x), op, k))
        case .greater, .greaterOrEqual: return .or(.compare(x, op, k), .compare(.negate(x), op, k))
        case .equal, .notEqual: return nil
        }
    }

    /// `(c ? x : y) op k` of constants `x`, `y` and `k` (`map { $0.score > 4 ? "good" : "bad" }
    /// .filter { $0 == "good" }`): `c`, `!c`, or the answer both give, as Swift compares the
    /// constants. (A row predicate cannot fail and its steps are the closure's whatever it
    /// tests, so only a test that reads a value evaluated once per scan, whose evaluation may
    /// fail, must stay.) Nil for other comparisons.
    private static func decided(_ a: Operand, _ op: ComparisonOperator, _ b: Operand) -> RowPredicate? {
        guard case .conditional(let test, .constant(let x), .constant(let y)) = a, case .constant(let k) = b,
              let whenTrue = x.compared(op, k), let whenFalse = y.compared(op, k) else { return nil }
        switch (whenTrue, whenFalse) {
        case (true, false): return test
        case (false, true): return .not(test)
        default: return test.readsHoisted ? nil : .constant(whenTrue)
        }
    }

    /// `found` as a fused `first(where:)` or `last(where:)` compared with `nil` (`nilSide`); nil
    /// for anything else.
    private static func foundTest(_ found: TypedExpression, _ nilSide: TypedExpression)
        -> (list: TypedExpression, inner: RowPredicate, mode: NestedScan.Mode, steps: FusedSteps)? {
        guard case .constant(.null) = nilSide.node, case .fused(.scan(let list, let inner, let mode), let steps, _) = found.node,
              mode == .first || mode == .last else { return nil }
        return (list, inner, mode == .first ? .first : .last, steps)
    }

    /// The right side of `x == nil || f(x!)` (with `isNil`) or `x != nil && f(x!)`, or a branch
    /// of `x != nil ? f(x!) : y` or `x == nil ? y : f(x!)`, which Swift evaluates only where `x`
    /// is not nil, with each such `x!` as `x ?? d` for a value `d` of its type: the same
    /// wherever it is evaluated, and unlike `x!` it cannot fail, so the whole can be scanned.
    /// (A scan may test the right side on rows the left decides, whose answer the left then
    /// gives whatever the right computes.)
    static func unwrapping(_ expression: TypedExpression, where condition: RowPredicate, isNil: Bool,
                                   slot: Int, mapped: Operand?) -> TypedExpression {
        // The optionals the condition, known to be false (with `isNil`) or true, shows are not
        // nil: a `||` is false only when each of its operands is, an `&&` true only when each
        // of its operands is, and `!p` is known when `p` is.
        var tested: [Operand] = []
        func collect(_ condition: RowPredicate, holds: Bool) {
            switch condition {
            case .or(let a, let b) where !holds, .and(let a, let b) where holds:
                collect(a, holds: holds)
                collect(b, holds: holds)
            case .not(let a):
                collect(a, holds: !holds)
            case .compare(let x, holds ? .notEqual : .equal, .constant(.null)), .compare(.constant(.null), holds ? .notEqual : .equal, let x):
                tested.append(x)
            case .compare(let a, let op, let b):
                if let x = present(a, op, b, holds: holds) ?? present(b, op.mirrored, a, holds: holds) { tested += x.chainedOptionals }
            case .string(let text, _, _) where holds:
                // A string test of an optional chain is false where the chain ends in nil
                // (`x?.hasPrefix("a") == true`).
                tested += text.chainedOptionals
            default:
                break
            }
        }
        collect(condition, holds: !isNil)
        guard !tested.isEmpty else { return expression }
        func rewrite(_ expression: TypedExpression) -> TypedExpression {
            let rewritten = Optimizer.mapChildren(expression, rewrite)
            guard case .forceUnwrap(let inner) = rewritten.node, let x = operand(inner, slot: slot, mapped: mapped), tested.contains(x),
                  let fallback = placeholder(of: rewritten.type) else { return rewritten }
            let constant = TypedExpression(.constant(fallback), rewritten.type, rewritten.range)
            return TypedExpression(.nilCoalescing(inner, constant), rewritten.type, rewritten.range)
        }
        return rewrite(expression)
    }

    /// The optional that `a op b`, known to be `holds`, shows is not nil: `x` of `(x ?? k) op c`
    /// where `k op c` is not `holds` (`filter { ($0.discount ?? 0) > 0.1 }`, which no nil
    /// passes), or of `x == c` true (or `x != c` false) for a constant `c` that is not nil.
    /// Nil where the comparison says nothing of it.
    private static func present(_ a: Operand, _ op: ComparisonOperator, _ b: Operand, holds: Bool) -> Operand? {
        guard case .constant(let c) = b, c.isScalar else { return nil }
        switch a {
        case .coalesce(let x, .constant(let k), keepsOptional: false):
            guard let fallback = k.compared(op, c), fallback != holds else { return nil }
            return x
        case let x where op == (holds ? .equal : .notEqual):
            return x
        default:
            return nil
        }
    }

    /// A value of a scalar type, any one (see `unwrapping`).
    static func placeholder(of type: RuleType) -> Constant? {
        switch type {
        case .int: return .int(0)
        case .double: return .double(0)
        case .bool: return .bool(false)
        case .string: return .string("")
        case .date: return .date(0)
        default: return nil
        }
    }

    private static func stringTest(_ id: BuiltinID) -> StringTest? {
        switch id {
        case .stringHasPrefix, .stringStartsWith: return .hasPrefix
        case .stringHasSuffix: return .hasSuffix
        case .stringContains: return .contains
        case .stringIsEmpty: return .isEmpty
        default: return nil
        }
    }

    /// What a string test looks for: its argument, or `""` for `isEmpty`, which has none.
    private static func stringTestArgument(_ call: BuiltinCall, slot: Int, mapped: Operand?) -> Operand? {
        guard let argument = call.arguments.first else { return .constant(.string("")) }
        return operand(argument, slot: slot, mapped: mapped)
    }

    /// `x?.hasPrefix(y) == true` (or `!=`, `false`, `nil`): an optional chain ending in a string
    /// test, compared with a literal.
    private static func optionalStringTest(_ op: ComparisonOperator, _ chain: TypedExpression, _ other: TypedExpression,
                                           slot: Int, mapped: Operand?) -> RowPredicate? {
        guard case .constant(let constant)? = operand(other, slot: slot, mapped: mapped) else { return nil }
        return optionalStringTest(op, chain, constant, slot: slot, mapped: mapped)
    }

    /// `x?.hasPrefix(y) ?? false` (or `?? true`): the same as `== true` (or `!= false`).
    private static func coalescedStringTest(_ chain: TypedExpression, _ fallback: TypedExpression, slot: Int, mapped: Operand?) -> RowPredicate? {
        guard case .constant(.bool(let otherwise)) = fallback.node else { return nil }
        return optionalStringTest(otherwise ? .notEqual : .equal, chain, .bool(!otherwise), slot: slot, mapped: mapped)
    }

    private static func optionalStringTest(_ op: ComparisonOperator, _ chain: TypedExpression, _ constant: Constant,
                                           slot: Int, mapped: Operand?) -> RowPredicate? {
        guard op == .equal || op == .notEqual, case .optionalChain(let inner) = chain.node, case .builtin(let call) = inner.node,
              let test = stringTest(call.builtin.id), let receiver = call.receiver,
              let (text, base) = chainedText(receiver, slot: slot, mapped: mapped), let needle = stringTestArgument(call, slot: slot, mapped: mapped)
        else { return nil }
        // The test is false for nil, so `== true` is the test itself.
        let holds = RowPredicate.string(text, test, needle)
        // (Nil tested on the optional itself, so that `== false` computes a conversion, and
        // charges it, once.)
        let isNil = RowPredicate.compare(base, .equal, .constant(.null))
        let result: RowPredicate
        switch constant {
        case .bool(true): result = holds
        case .bool(false): result = .and(.not(isNil), .not(holds))
        case .null:
            // Nil tested on the text, so a conversion is charged where the chain computes it;
            // a search charges steps too, which no test of nil would (the closure runs it then).
            guard test != .contains else { return nil }
            result = RowPredicate.compare(text, .equal, .constant(.null))
        default: return nil
        }
        return op == .equal ? result : .not(result)
    }

    /// The string a call in an optional chain reads, as an optional operand that is nil where
    /// the chain ends: `s` of `s?.hasPrefix(x)`, `s.lowercased()` of `s?.lowercased().hasPrefix(x)`
    /// (a case conversion of nil is nil, as the chain skips it); with the optional the chain
    /// unwraps (`s`), nil exactly where the text is. Nil for any other receiver.
    private static func chainedText(_ receiver: TypedExpression, slot: Int, mapped: Operand?) -> (text: Operand, base: Operand)? {
        switch receiver.node {
        case .bindOptional(let bound):
            return operand(bound, slot: slot, mapped: mapped).map { ($0, $0) }
        case .builtin(let call) where call.builtin.id == .stringLowercased || call.builtin.id == .stringUppercased:
            guard let inner = call.receiver, let (text, base) = chainedText(inner, slot: slot, mapped: mapped) else { return nil }
            return (.function(call.builtin.id == .stringLowercased ? .lowercased : .uppercased, text, nil), base)
        default:
            return nil
        }
    }

    /// `other.last { $0.date < r.date }?.date` (or `first(where:)`, or a field rather than the
    /// date) in the closure over the rows in `slot`, where the search reads the row: the row it
    /// finds for each row, searched as a nested `contains` is (see `RowFunction.nestedFind`).
    /// Nil for anything else; a search that reads no row is hoisted as a whole instead.
    private static func nestedFind(_ chained: TypedExpression, slot: Int, mapped: Operand?) -> Operand? {
        let found: TypedExpression, field: Int?
        switch chained.node {
        case .builtin(let call) where call.builtin.id == .donationDate:
            guard let receiver = call.receiver, case .bindOptional(let bound) = receiver.node else { return nil }
            (found, field) = (bound, nil)
        case .field(let receiver, let index):
            guard case .bindOptional(let bound) = receiver.node else { return nil }
            (found, field) = (bound, index)
        default:
            return nil
        }
        guard case .fused(.scan(let list, let inner, let scanMode), let steps, _) = found.node,
              scanMode == .first || scanMode == .last,
              inner.containsOperand(where: { $0.readsEnclosingRow(slot) }),
              let scan = nestedScan(list, inner, scanMode == .first ? .first : .last, steps, rowSlot: slot, mapped: mapped)
        else { return nil }
        return .function(.nestedFind(scan, field: field), .hoisted(scan.list), nil)
    }

    /// An expression as an operand the same for every row (outside any closure over the rows),
    /// or nil: an argument of the fused calls (`contains(x)`).
    /// Outside a closure, `&&`, `||`, `??`, `?:` and optional chains charge only the parts
    /// evaluated, so an argument with one (`contains(views.last?.id ?? 0)`) is hoisted whole
    /// as an argument, evaluated once as its own nodes (see `HoistedExpression.isArgument`);
    /// any other charges its whole `stepSize`, as the fused node does.
    static func invariantOperand(_ expression: TypedExpression) -> Operand? {
        if skipsParts(expression) {
            return HoistedExpression.accepts(expression) ? .hoisted(HoistedExpression(expression, isArgument: true)) : nil
        }
        guard let operand = operand(expression, slot: -1, mapped: nil), operand.isInvariant else { return nil }
        return operand
    }

    /// Whether evaluating the expression may skip a part of it.
    private static func skipsParts(_ expression: TypedExpression) -> Bool {
        switch expression.node {
        case .and, .or, .ternary, .nilCoalescing, .optionalChain, .bindOptional: return true
        case .closure: return false
        default:
            var skips = false
            forEachChild(of: expression) { if !skips && skipsParts($0) { skips = true } }
            return skips
        }
    }

    /// What a closure body over the donation in `slot` computes, as an operand; nil when it is
    /// not one (it may fail, or is no scalar).
    /// (Not one whose steps depend on each row unless `allowingWork`: only scans, and the
    /// operations that compute a mapping once for every donation, meter that work.)
    static func rowOperand(_ body: TypedExpression, slot: Int, mapped: Operand? = nil, allowingWork: Bool = false) -> Operand? {
        // (Never one with a nested scan: only a scan's filter meters one.)
        guard let operand = operand(body, slot: slot, mapped: mapped), allowingWork || !operand.chargesWork, !operand.nestsScan else { return nil }
        return operand
    }

    /// An operand: anything that cannot fail (or `Int` arithmetic, proven safe at run time),
    /// read from the row, its enclosing closures' parameters or constants; or, hoisted, what
    /// reads none of them (see `HoistedExpression`).
    private static func operand(_ expression: TypedExpression, slot: Int, mapped: Operand?) -> Operand? {
        if let operand = structuralOperand(expression, slot: slot, mapped: mapped) { return operand }
        return HoistedExpression.accepts(expression) ? .hoisted(HoistedExpression(expression)) : nil
    }

    private static func structuralOperand(_ expression: TypedExpression, slot: Int, mapped: Operand?) -> Operand? {
        let operand = { (child: TypedExpression) in RowPredicate.operand(child, slot: slot, mapped: mapped) }
        switch expression.node {
        case .field(let base, let index):
            guard case .local(let owner) = base.node else { return nil }
            if owner == slot { return mapped == nil ? .field(index) : nil }
            return .outerField(slot: owner, field: index)
        case .local(let owner):
            // The row itself is no operand (a mapped row is); an enclosing closure's scalar
            // parameter is.
            if owner == slot { return mapped }
            guard isScalar(expression.type) else { return nil }
            return .outerLocal(owner, expression.type)
        case .constant(let value):
            return .constant(value)
        case .wrapOptional(let inner):
            // A literal compared with an optional field: wrap it once, here.
            if case .constant(let value) = inner.node { return .constant(Constant.wrap(value, wrapped: inner.type)) }
            // A value that is not optional itself is represented as its optional is, so it can
            // be compared with an optional as it is (`other.last?.id == $0.id`).
            guard !inner.type.isOptional, let a = operand(inner) else { return nil }
            return a
        case .parameterValue(let index):
            return .parameter(index)
        case .nilCoalescing(let l, let r):
            // `[$0.x, 2].max() ?? 0`: never nil, so the fallback is never evaluated.
            if let extreme = literalExtreme(l, slot: slot, mapped: mapped) { return extreme }
            if l.type != r.type, let choice = coalescedChoice(l, r, slot: slot, mapped: mapped) { return choice }
            guard let a = operand(l), let b = operand(r) else { return nil }
            return .coalesce(a, b, keepsOptional: l.type == r.type)
        case .negate(let inner):
            guard let a = operand(inner) else { return nil }
            switch expression.type {
            case .double: return .negate(a)
            // `-x` of an `Int` is `0 - x`: the same value, failing on `Int.min` alone, as `-x` does.
            case .int: return .intArithmetic(.intSubtract, .constant(.int(0)), a)
            default: return nil
            }
        case .arithmetic(let op, let l, let r):
            guard let a = operand(l), let b = operand(r) else { return nil }
            switch op {
            case .doubleAdd, .doubleSubtract, .doubleMultiply, .doubleDivide: return .arithmetic(op, a, b)
            case .intAdd, .intSubtract, .intMultiply, .intDivide, .intRemainder: return .intArithmetic(op, a, b)
            case .stringConcatenate: return .function(.concatenate, a, b)
            case .arrayConcatenate: return nil
            }
        case .builtin(let call):
            switch call.builtin.id {
            case .donationDate:
                guard let receiver = call.receiver, case .local(let owner) = receiver.node else { return nil }
                if owner == slot { return mapped == nil ? .date : nil }
                return .outerDate(slot: owner)
            case .dateNow:
                return .now
            case .dateTimeIntervalSince:
                guard let receiver = call.receiver, let a = operand(receiver),
                      let b = operand(call.arguments[0]) else { return nil }
                return .intervalSince(a, b)
            case .dateAddingTimeInterval:
                guard let receiver = call.receiver, let a = operand(receiver),
                      let b = operand(call.arguments[0]) else { return nil }
                return .addingInterval(a, b)
            case .abs:
                guard let a = operand(call.arguments[0]) else { return nil }
                switch expression.type {
                case .double: return .function(.absDouble, a, nil)
                case .int: return .function(.absInt, a, nil)
                default: return nil
                }
            case .min, .max:
                guard call.arguments.count == 2, let a = operand(call.arguments[0]), let b = operand(call.arguments[1]) else { return nil }
                let isMax = call.builtin.id == .max
                switch expression.type {
                case .int: return .function(isMax ? .maxInt : .minInt, a, b)
                case .double: return .function(isMax ? .maxDouble : .minDouble, a, b)
                case .date: return RowPredicate.dateExtreme(a, b, isMax: isMax)
                default: return nil
                }
            case .doubleFromNumber:
                guard let a = operand(call.arguments[0]) else { return nil }
                switch call.arguments[0].type {
                case .int: return .function(.doubleFromInt, a, nil)
                case .double: return a
                default: return nil
                }
            case .intFromNumber:
                guard let a = operand(call.arguments[0]) else { return nil }
                switch call.arguments[0].type {
                case .double: return .function(.intFromDouble, a, nil)
                case .int: return a
                default: return nil
                }
            case .doubleRounded:
                guard let receiver = call.receiver, let a = operand(receiver) else { return nil }
                return .function(.rounded, a, nil)
            case .stringCount:
                guard let receiver = call.receiver, let a = operand(receiver) else { return nil }
                return .function(.stringCount, a, nil)
            case .stringLowercased, .stringUppercased:
                guard let receiver = call.receiver, !receiver.type.isOptional, let a = operand(receiver) else { return nil }
                return .function(call.builtin.id == .stringLowercased ? .lowercased : .uppercased, a, nil)
            case .stringHasPrefix, .stringStartsWith, .stringHasSuffix, .stringContains, .stringIsEmpty,
                 .doubleIsNaN, .doubleIsInfinite, .doubleIsFinite, .rangeContains:
                // A test as a `Bool` value, as above.
                return boolean(RowPredicate.from(expression, slot: slot, mapped: mapped))
            case .arrayContains, .setContains:
                guard let receiver = call.receiver, let a = operand(call.arguments[0]) else { return nil }
                let element: RuleType
                switch receiver.type {
                case .array(let type), .set(let type): element = type
                default: return nil
                }
                guard isScalar(element), !element.isOptional else { return nil }
                if call.builtin.id == .arrayContains, let constants = RowPredicate.constants(receiver) {
                    // `["Zion", "Alps"].contains($0.name)`: a list of constants.
                    return .function(.memberOf(constants), a, nil)
                }
                if call.builtin.id == .arrayContains, case .arrayLiteral(let elements) = receiver.node {
                    // `[$0.home, $0.away].contains(7)`: a list made per row.
                    return literalMembership(elements, a, slot: slot, mapped: mapped)
                }
                if call.builtin.id == .setContains, case .builtin(let make) = receiver.node, make.builtin.id == .setFromArray,
                   let constants = RowPredicate.constants(make.arguments[0]) {
                    // `Set(["Zion", "Alps"]).contains($0.name)`: the same test, and the same
                    // steps on every row (making the set charges one per element, as the list's
                    // `contains` does; the set's `contains` none).
                    return .function(.memberOf(constants), a, nil)
                }
                // `favorites.contains($0.id)`: a collection the closure computes without its
                // parameters, evaluated once per scan (all of `favorites.contains(7)` is, as any
                // expression that reads no row).
                guard !a.isInvariant, HoistedExpression.readsNoLocals(receiver) else { return nil }
                return .function(.memberOfInvariant(isSet: call.builtin.id == .setContains), a, .hoisted(HoistedExpression(receiver)))
            default:
                return nil
            }
        case .forceUnwrap(let inner):
            // `[$0.x, 2].max()!`: never nil.
            return literalExtreme(inner, slot: slot, mapped: mapped)
        case .optionalChain(let inner):
            if let found = nestedFind(inner, slot: slot, mapped: mapped) { return found }
            // `s?.count`, `s?.lowercased()` or `s?.uppercased()` of an optional string: nil
            // when it is.
            guard case .builtin(let call) = inner.node, let receiver = call.receiver,
                  let a = chainedText(receiver, slot: slot, mapped: mapped)?.text else { return nil }
            switch call.builtin.id {
            case .stringCount: return .function(.stringCount, a, nil)
            case .stringLowercased: return .function(.lowercased, a, nil)
            case .stringUppercased: return .function(.uppercased, a, nil)
            default: return nil
            }
        case .comparison, .and, .or, .not:
            // A test as a `Bool` value (`map { $0.score > 3 }`): true where it holds.
            return boolean(RowPredicate.from(expression, slot: slot, mapped: mapped))
        case .subscriptAccess(let base, let index):
            // `["low", "mid", "high"][$0.level]`: a list of constants indexed per row. (An index
            // the same for every row leaves the whole subscript to be hoisted.)
            guard isScalar(expression.type), !expression.type.isOptional, let constants = RowPredicate.constants(base),
                  !constants.isEmpty, let i = operand(index), !i.isInvariant else { return nil }
            return .function(.element(constants), i, nil)
        case .ternary(let condition, let then, let otherwise):
            // Of a scalar, or an optional one (`c ? $0.price : nil`, nil a value as any other).
            guard isScalar(expression.type), !(expression.type.isOptional && expression.type.unwrapped.isOptional),
                  let test = RowPredicate.from(condition, slot: slot, mapped: mapped),
                  let a = operand(unwrapping(then, where: test, isNil: false, slot: slot, mapped: mapped)),
                  let b = operand(unwrapping(otherwise, where: test, isNil: true, slot: slot, mapped: mapped)) else { return nil }
            // `!c ? a : b` as `c ? b : a`, the form a fold's running selection is found in
            // (`$1.date >= $0 ? $1.date : $0` of dates is `!($1.date < $0) ? ...`, see `comparingDates`).
            if case .not(let negated) = test { return .conditional(negated, b, a) }
            return .conditional(test, a, b)
        default:
            return nil
        }
    }

    /// `(c ? x : nil) ?? k` as `c ? x : k`, and `(c ? y : nil) ?? k` of an optional `y` as
    /// `c ? y ?? k : k` (either way round), for a constant `k`: what Swift computes, each row a
    /// value of `k`'s type rather than an optional first. Nil unless the ternary is a row operand
    /// (one the same for every row is left whole, to be evaluated once).
    private static func coalescedChoice(_ l: TypedExpression, _ r: TypedExpression, slot: Int, mapped: Operand?) -> Operand? {
        // (Only a constant `k`: written twice, it must cost and fail nothing.)
        guard case .ternary(let condition, let then, let otherwise) = l.node, case .constant = r.node else { return nil }
        func coalesced(_ branch: TypedExpression) -> TypedExpression? {
            switch branch.node {
            case .constant(.null): return r
            case .wrapOptional(let x) where x.type == r.type: return x
            default: return branch.type == l.type ? TypedExpression(.nilCoalescing(branch, r), r.type, branch.range) : nil
            }
        }
        func isNil(_ branch: TypedExpression) -> Bool {
            if case .constant(.null) = branch.node { return true }
            return false
        }
        guard isNil(then) || isNil(otherwise), let a = coalesced(then), let b = coalesced(otherwise) else { return nil }
        return structuralOperand(TypedExpression(.ternary(condition, a, b), r.type, l.range), slot: slot, mapped: mapped)
    }

    /// `[a, b, ...].min()` or `.max()` of an array literal of `Int`s, `Double`s or `Date`s, which
    /// is never nil: its elements folded in order as `min()` and `max()` fold them (`y < x ? y : x`
    /// and `x < y ? y : x`), charging the step per element the built-in charges. Nil for
    /// anything else.
    private static func literalExtreme(_ expression: TypedExpression, slot: Int, mapped: Operand?) -> Operand? {
        guard case .builtin(let call) = expression.node, call.builtin.id == .arrayMin || call.builtin.id == .arrayMax,
              let receiver = call.receiver, case .arrayLiteral(let elements) = receiver.node, !elements.isEmpty,
              case .array(let element) = receiver.type, element == .int || element == .double || element == .date else { return nil }
        var folded: Operand?
        for item in elements {
            guard let next = RowPredicate.operand(item, slot: slot, mapped: mapped) else { return nil }
            guard let result = folded else {
                folded = next
                continue
            }
            switch (call.builtin.id == .arrayMax, element == .int) {
            case (false, true): folded = .function(.minInt, result, next)
            case (true, true): folded = .function(.maxInt, result, next)
            case (false, false): folded = .function(.minDouble, result, next)
            case (true, false): folded = .function(.arrayMaxDouble, result, next)
            }
        }
        return folded.map { .function(.charged(elements.count), $0, nil) }
    }

    /// `[a, b, ...].contains(x)` of an array literal made per row, as a `Bool`: whether an element
    /// is `==` to `x`, charging the step per element `contains` charges. The elements are all
    /// evaluated before `contains` compares them, so none may fail or charge work of its own
    /// (which the comparisons, stopping at the first equal element, might not reach).
    private static func literalMembership(_ elements: [TypedExpression], _ needle: Operand, slot: Int, mapped: Operand?) -> Operand? {
        guard !needle.hasIntArithmetic, !needle.chargesWork else { return nil }
        var test: RowPredicate?
        for item in elements {
            guard let element = RowPredicate.operand(item, slot: slot, mapped: mapped), !element.hasIntArithmetic,
                  !element.chargesWork else { return nil }
            let equal = RowPredicate.compare(element, .equal, needle)
            test = test.map { .or($0, equal) } ?? equal
        }
        return test.map { .function(.charged(elements.count), .conditional($0, .constant(.bool(true)), .constant(.bool(false))), nil) }
    }

    /// A test's value as a `Bool` operand. (Only for what `from` reads as a test of its own,
    /// never as a `Bool` operand compared with `true`, which would come back here.)
    private static func boolean(_ test: RowPredicate?) -> Operand? {
        test.map { .conditional($0, .constant(.bool(true)), .constant(.bool(false))) }
    }

    /// The constants of an array literal or a folded array constant, or nil.
    private static func constants(_ expression: TypedExpression) -> [Constant]? {
        switch expression.node {
        case .constant(.array(let items)): return items
        case .arrayLiteral(let elements):
            var items: [Constant] = []
            for element in elements {
                guard case .constant(let value) = element.node else { return nil }
                items.append(value)
            }
            return items
        default: return nil
        }
    }

    private static func isScalar(_ type: RuleType) -> Bool {
        switch type {
        case .int, .double, .bool, .string, .date: return true
        case .optional(let wrapped): return isScalar(wrapped)
        default: return false
        }
    }
}

extension RowPredicate.Operand {
    /// This operand and the optionals it is computed from by an optional chain, which are not
    /// nil where it is not: `x` of `x?.count` and of `x?.lowercased()`.
    var chainedOptionals: [RowPredicate.Operand] {
        switch self {
        case .function(.stringCount, let inner, nil), .function(.lowercased, let inner, nil), .function(.uppercased, let inner, nil):
            return [self] + inner.chainedOptionals
        default:
            return [self]
        }
    }
}
