import TipRulesSemantics
import TipRulesSyntax

/// A built-in whose result is an `Int`, `Double`, `Date` or `Bool`, computed unboxed: a call
/// in an arithmetic or comparison tree (`max($0, $1.score)`, `$0.name.count > 3`) gives its
/// parent a machine value, with no `Value` made and unmade between them. Each charges exactly
/// what the `Value` implementation charges; for the built-ins whose result type never varies,
/// the `Value` implementation is this one boxed (see `boxed`), so there is one definition.
enum ScalarImplementation: Sendable {
    typealias Body<T> = @Sendable (inout Evaluator, CompiledCall, SourceRange) throws(Interrupt) -> T

    case int(Body<Int>)
    case double(Body<Double>)
    /// A `Date`, as seconds since 2001.
    case date(Body<Double>)
    case bool(Body<Bool>)

    /// The same implementation, giving a `Value`.
    var boxed: BuiltinImplementations.Implementation {
        switch self {
        case .int(let body): return { ev, call, range throws(Interrupt) in .int(try body(&ev, call, range)) }
        case .double(let body): return { ev, call, range throws(Interrupt) in .double(try body(&ev, call, range)) }
        case .date(let body): return { ev, call, range throws(Interrupt) in .date(try body(&ev, call, range)) }
        case .bool(let body): return { ev, call, range throws(Interrupt) in .bool(try body(&ev, call, range)) }
        }
    }
}

extension BuiltinImplementations {
    /// The unboxed implementation of a call, when its built-in has one for the call's types.
    static func scalar(for call: CompiledCall) -> ScalarImplementation? {
        let id = call.builtin.id
        if let fixed = fixedScalar(id) { return fixed }
        let argument = call.arguments.first?.type
        switch (id, call.resultType) {
        case (.abs, .int):
            return .int { ev, call, range throws(Interrupt) in
                try checkedAbs(try call.first!.int(&ev), ev, range)
            }
        case (.abs, .double):
            return .double { ev, call, _ throws(Interrupt) in abs(try call.first!.double(&ev)) }
        case (.min, .int):
            return .int { ev, call, _ throws(Interrupt) in try extreme(&ev, call, isMax: false) { node, ev throws(Interrupt) in try node.int(&ev) } }
        case (.max, .int):
            return .int { ev, call, _ throws(Interrupt) in try extreme(&ev, call, isMax: true) { node, ev throws(Interrupt) in try node.int(&ev) } }
        case (.min, .double):
            return .double { ev, call, _ throws(Interrupt) in
                try extreme(&ev, call, isMax: false) { node, ev throws(Interrupt) in try node.double(&ev) }
            }
        case (.max, .double):
            return .double { ev, call, _ throws(Interrupt) in
                try extreme(&ev, call, isMax: true) { node, ev throws(Interrupt) in try node.double(&ev) }
            }
        case (.min, .date), (.max, .date):
            // Compared as `Date` compares (see `DateOrder`): `max` of a NaN date and another
            // is the other, or the NaN, by where it stands.
            let isMax = id == .max
            return .date { ev, call, _ throws(Interrupt) in
                try extreme(&ev, call, isMax: isMax) { node, ev throws(Interrupt) in DateOrder(try node.double(&ev)) }.seconds
            }
        case (.doubleFromNumber, _):
            if argument == .int {
                return .double { ev, call, _ throws(Interrupt) in Double(try call.first!.int(&ev)) }
            }
            return .double { ev, call, _ throws(Interrupt) in try call.first!.double(&ev) }
        case (.intFromNumber, _):
            if argument == .int {
                return .int { ev, call, _ throws(Interrupt) in try call.first!.int(&ev) }
            }
            return .int { ev, call, range throws(Interrupt) in
                let x = try call.first!.double(&ev)
                guard let value = IntConversion.exact(x) else { throw ev.failure(RuntimeMessages.invalidConversion(x), range) }
                return value
            }
        case (.rangeContains, _):
            // `(a...b).contains(x)` of a range made right there: tested unboxed, without making
            // the range (see `RangeNode.contains`).
            guard let bounds = call.receiver as? RangeNode, call.first?.type == bounds.lhs.type else { return nil }
            switch bounds.lhs.type {
            case .int:
                return .bool { ev, call, _ throws(Interrupt) in
                    try unsafeDowncast(call.receiver!, to: RangeNode.self).contains(call.first!, &ev) { node, ev throws(Interrupt) in try node.int(&ev) }
                }
            case .double:
                return .bool { ev, call, _ throws(Interrupt) in
                    try unsafeDowncast(call.receiver!, to: RangeNode.self).contains(call.first!, &ev) { node, ev throws(Interrupt) in try node.double(&ev) }
                }
            case .date:
                // A NaN bound makes a range of dates, as `Date`'s `<=` passes it (see `DateOrder`).
                return .bool { ev, call, _ throws(Interrupt) in
                    try unsafeDowncast(call.receiver!, to: RangeNode.self).contains(call.first!, &ev) { node, ev throws(Interrupt) in
                        DateOrder(try node.double(&ev))
                    }
                }
            default:
                return nil
            }
        default:
            return nil
        }
    }

    /// The steps `count` of a string charges for its work: one per 16 bytes.
    @inline(__always)
    static func countSteps(_ text: String) -> Int {
        text.utf8.count / 16
    }

    /// `abs` of an `Int`, which traps on `Int.min` as Swift's does.
    static func checkedAbs(_ x: Int, _ ev: Evaluator, _ range: SourceRange) throws(Interrupt) -> Int {
        guard x != .min else { throw ev.failure(RuntimeMessages.overflow("abs(\(x))"), range) }
        return abs(x)
    }

    /// Swift's `min(x, y, ...)` or `max(x, y, ...)` of unboxed arguments, folded left to right.
    @inline(__always)
    private static func extreme<T: Comparable>(
        _ ev: inout Evaluator, _ call: CompiledCall, isMax: Bool, _ value: (Node, inout Evaluator) throws(Interrupt) -> T
    ) throws(Interrupt) -> T {
        var result = try value(call.first!, &ev)
        result = swiftExtreme(result, try value(call.second!, &ev), isMax: isMax)
        if call.arguments.count > 2 {
            for index in 2..<call.arguments.count {
                result = swiftExtreme(result, try value(call.arguments[index], &ev), isMax: isMax)
            }
        }
        return result
    }

    /// One step of Swift's `min(x, y)` (`y < x ? y : x`) or `max(x, y)` (`y >= x ? y : x`):
    /// which of two equal values, or of a value and a NaN, wins is Swift's.
    @inline(__always)
    static func swiftExtreme<T: Comparable>(_ result: T, _ next: T, isMax: Bool) -> T {
        if isMax { return next >= result ? next : result }
        return next < result ? next : result
    }

    /// `swiftExtreme` folded over `values` from `start` (see `DoubleExtremes`).
    @inline(__always)
    static func swiftExtreme(of values: UnsafeBufferPointer<Double>, from start: Double, isMax: Bool) -> Double {
        DoubleExtremes.fold(values, from: start, DoubleExtremes.Rule(isMax: isMax, keepsLastOfEqual: true))
    }

    /// The built-ins whose result is always the same scalar type, whatever the call's types.
    static func fixedScalar(_ id: BuiltinID) -> ScalarImplementation? {
        switch id {
        case .arrayCount, .setCount:
            return .int { ev, call, _ throws(Interrupt) in try call.receiver!.count(&ev) }
        case .arrayIsEmpty, .setIsEmpty:
            return .bool { ev, call, _ throws(Interrupt) in try call.receiver!.count(&ev) == 0 }
        case .arrayContains:
            return .bool { ev, call, range throws(Interrupt) in
                let collection = try ev.receiver(call)
                let items = ev.elements(of: collection)
                let needle = try ev.argument(call, 0)
                try ev.tick(items.count, range)
                return items.contains(needle)
            }
        case .arrayContainsWhere:
            return .bool { ev, call, _ throws(Interrupt) in
                let elements = Elements(try ev.receiver(call))
                return try !call.arguments[0].offsets(&ev, elements, holding: true, limit: 1).isEmpty
            }
        case .arrayAllSatisfy:
            return .bool { ev, call, _ throws(Interrupt) in
                let elements = Elements(try ev.receiver(call))
                return try call.arguments[0].offsets(&ev, elements, holding: false, limit: 1).isEmpty
            }
        case .arrayCountWhere:
            return .int { ev, call, _ throws(Interrupt) in
                let elements = Elements(try ev.receiver(call))
                let predicate = call.arguments[0]
                return try predicate.offsets(&ev, elements, holding: true).count
            }
        case .setContains:
            return .bool { ev, call, _ throws(Interrupt) in
                guard case .set(let items) = try ev.receiver(call) else { preconditionFailure("set expected") }
                return items.contains(try ev.argument(call, 0))
            }
        case .stringCount:
            return .int { ev, call, range throws(Interrupt) in
                let text = try ev.string(call)
                try ev.tick(countSteps(text), range)
                return StringSearch.count(text)
            }
        case .stringIsEmpty:
            return .bool { ev, call, _ throws(Interrupt) in try ev.string(call).isEmpty }
        case .stringContains:
            return .bool { ev, call, range throws(Interrupt) in
                let text = try ev.string(call)
                let needle = try ev.stringArgument(call)
                try ev.tick(StringSearch.containsSteps(text, needle), range)
                return StringSearch.contains(text, needle)
            }
        case .stringHasPrefix, .stringStartsWith:
            return .bool { ev, call, _ throws(Interrupt) in StringSearch.hasPrefix(try ev.string(call), try ev.stringArgument(call)) }
        case .stringHasSuffix:
            return .bool { ev, call, _ throws(Interrupt) in StringSearch.hasSuffix(try ev.string(call), try ev.stringArgument(call)) }
        case .doubleRounded:
            return .double { ev, call, _ throws(Interrupt) in try call.receiver!.double(&ev).rounded() }
        case .doubleIsNaN:
            return .bool { ev, call, _ throws(Interrupt) in try call.receiver!.double(&ev).isNaN }
        case .doubleIsInfinite:
            return .bool { ev, call, _ throws(Interrupt) in try call.receiver!.double(&ev).isInfinite }
        case .doubleIsFinite:
            return .bool { ev, call, _ throws(Interrupt) in try call.receiver!.double(&ev).isFinite }
        case .donationDate:
            return .date { ev, call, _ throws(Interrupt) in
                guard case .donation(let stream, let position) = try ev.receiver(call) else { preconditionFailure("donation expected") }
                return stream.dates[position]
            }
        case .dateTimeIntervalSince:
            return .double { ev, call, _ throws(Interrupt) in try call.receiver!.double(&ev) - call.first!.double(&ev) }
        case .dateAddingTimeInterval:
            return .date { ev, call, _ throws(Interrupt) in try call.receiver!.double(&ev) + call.first!.double(&ev) }
        case .dateNow:
            return .date { ev, _, _ throws(Interrupt) in ev.now }
        case .dateDistantPast, .dateDistantFuture, .intMax, .intMin, .intZero, .doubleInfinity, .doubleNan, .doubleZero:
            // The constants, as the checker knows them (a parameter's default may be one).
            switch id.constantValue {
            case .date(let seconds)?: return .date { _, _, _ throws(Interrupt) in seconds }
            case .int(let value)?: return .int { _, _, _ throws(Interrupt) in value }
            case .double(let value)?: return .double { _, _, _ throws(Interrupt) in value }
            default: preconditionFailure("a constant static member without its value")
            }
        default:
            return nil
        }
    }
}
