/// Members of `String`, `Double` and `Date`, static members, and free functions.
///
/// String members follow the Swift standard library (not Foundation): they compare whole
/// characters, so `"e\u{301}".contains("e")` is false and `"".contains("")` is true.
extension Builtins {
    static let stringMembers: [Builtin] = [
        Builtin("count", on: .string, result: .exact(.int), "the number of characters (grapheme clusters)") { ev, call, range throws(Interrupt) in
            let text = try ev.string(call)
            try ev.tick(text.utf8.count / 16, range)
            return .int(text.count)
        },
        Builtin("isEmpty", on: .string, result: .exact(.bool), "whether the string is empty") { ev, call, _ throws(Interrupt) in
            .bool(try ev.string(call).isEmpty)
        },
        Builtin("contains", on: .string, labels: [nil], parameters: [.exact(.string)], result: .exact(.bool),
                "whether the characters of the argument occur in order") { ev, call, range throws(Interrupt) in
            let text = try ev.string(call)
            let needle = try ev.stringArgument(call)
            try ev.tick(text.utf8.count * max(1, needle.utf8.count) / 64, range)
            return .bool(StringSearch.contains(text, needle))
        },
        Builtin("hasPrefix", on: .string, labels: [nil], parameters: [.exact(.string)], result: .exact(.bool),
                "whether the string starts with the argument's characters") { ev, call, _ throws(Interrupt) in
            .bool(StringSearch.hasPrefix(try ev.string(call), try ev.stringArgument(call)))
        },
        Builtin("starts", on: .string, labels: ["with"], parameters: [.exact(.string)], result: .exact(.bool),
                "whether the string starts with the argument's characters") { ev, call, _ throws(Interrupt) in
            .bool(StringSearch.hasPrefix(try ev.string(call), try ev.stringArgument(call)))
        },
        Builtin("hasSuffix", on: .string, labels: [nil], parameters: [.exact(.string)], result: .exact(.bool),
                "whether the string ends with the argument's characters") { ev, call, _ throws(Interrupt) in
            .bool(StringSearch.hasSuffix(try ev.string(call), try ev.stringArgument(call)))
        },
        Builtin("lowercased", on: .string, labels: [], result: .exact(.string), "the string in lower case") { ev, call, range throws(Interrupt) in
            let text = try ev.string(call)
            try ev.tick(text.utf8.count, range)
            return .string(text.lowercased())
        },
        Builtin("uppercased", on: .string, labels: [], result: .exact(.string), "the string in upper case") { ev, call, range throws(Interrupt) in
            let text = try ev.string(call)
            try ev.tick(text.utf8.count, range)
            return .string(text.uppercased())
        },
    ]

    static let numberMembers: [Builtin] = [
        Builtin("rounded", on: .double, labels: [], result: .exact(.double), "rounded to the nearest integer, halves away from zero") { ev, call, _ throws(Interrupt) in
            .double(try ev.double(call).rounded())
        },
        Builtin("isNaN", on: .double, result: .exact(.bool), "whether the value is NaN") { ev, call, _ throws(Interrupt) in
            .bool(try ev.double(call).isNaN)
        },
        Builtin("isInfinite", on: .double, result: .exact(.bool), "whether the value is infinite") { ev, call, _ throws(Interrupt) in
            .bool(try ev.double(call).isInfinite)
        },
        Builtin("isFinite", on: .double, result: .exact(.bool), "whether the value is neither infinite nor NaN") { ev, call, _ throws(Interrupt) in
            .bool(try ev.double(call).isFinite)
        },
        Builtin("timeIntervalSince", on: .date, labels: [nil], parameters: [.exact(.date)], result: .exact(.double),
                "seconds from the argument to this date") { ev, call, _ throws(Interrupt) in
            guard case .date(let a) = try ev.receiver(call), case .date(let b) = try ev.argument(call, 0) else { preconditionFailure("dates expected") }
            return .double(a - b)
        },
        Builtin("addingTimeInterval", on: .date, labels: [nil], parameters: [.exact(.double)], result: .exact(.date),
                "this date moved by a number of seconds") { ev, call, _ throws(Interrupt) in
            guard case .date(let a) = try ev.receiver(call), case .double(let b) = try ev.argument(call, 0) else { preconditionFailure("date expected") }
            return .date(a + b)
        },
    ]

    static let staticMembers: [Builtin] = [
        Builtin("now", on: .staticMember(.date), result: .exact(.date), "the evaluation clock") { ev, _, _ throws(Interrupt) in
            .date(ev.now)
        },
        Builtin("max", on: .staticMember(.int), result: .exact(.int), "the largest Int") { _, _, _ throws(Interrupt) in .int(.max) },
        Builtin("min", on: .staticMember(.int), result: .exact(.int), "the smallest Int") { _, _, _ throws(Interrupt) in .int(.min) },
        Builtin("infinity", on: .staticMember(.double), result: .exact(.double), "positive infinity") { _, _, _ throws(Interrupt) in .double(.infinity) },
        Builtin("nan", on: .staticMember(.double), result: .exact(.double), "a quiet NaN") { _, _, _ throws(Interrupt) in .double(.nan) },
    ] + TimeRange.Unit.allCases.flatMap { unit in
        [
            Builtin(unit.rawValue, on: .staticMember(.timeRange), result: .exact(.timeRange), "one \(unit.rawValue)") { _, _, _ throws(Interrupt) in
                .timeRange(TimeRange(unit: unit, count: 1, isFunctionForm: false))
            },
            Builtin(unit.rawValue + "s", on: .staticMember(.timeRange), labels: [nil], parameters: [.exact(.int)], result: .exact(.timeRange),
                    "a number of \(unit.rawValue)s") { ev, call, _ throws(Interrupt) in
                .timeRange(TimeRange(unit: unit, count: try ev.intArgument(call, 0), isFunctionForm: true))
            },
        ]
    }

    static let globalFunctions: [Builtin] = [
        Builtin("abs", on: .global, labels: [nil], parameters: [.generic], result: .generic, constraint: .genericNumeric,
                "the absolute value") { ev, call, range throws(Interrupt) in
            switch try ev.argument(call, 0) {
            case .int(let x):
                guard x != .min else { throw ev.failure(.overflow, "arithmetic overflow: 'abs(\(x))' does not fit in 'Int'", range) }
                return .int(abs(x))
            case .double(let x): return .double(abs(x))
            default: preconditionFailure("abs of a non-number")
            }
        },
        Builtin("min", on: .global, labels: [nil, nil], parameters: [.generic, .generic], result: .generic, constraint: .genericComparable,
                variadic: true, "the smallest argument") { ev, call, _ throws(Interrupt) in
            // Swift.min(x, y) returns `y < x ? y : x`, then folds the rest the same way.
            var result = try ev.argument(call, 0)
            for index in 1..<call.arguments.count {
                let next = try ev.argument(call, index)
                if Value.less(next, result) { result = next }
            }
            return result
        },
        Builtin("max", on: .global, labels: [nil, nil], parameters: [.generic, .generic], result: .generic, constraint: .genericComparable,
                variadic: true, "the largest argument") { ev, call, _ throws(Interrupt) in
            // Swift.max(x, y) returns `y >= x ? y : x`.
            var result = try ev.argument(call, 0)
            for index in 1..<call.arguments.count {
                let next = try ev.argument(call, index)
                if Evaluator.compare(.greaterOrEqual, next, result) { result = next }
            }
            return result
        },
        Builtin("Double", on: .global, labels: [nil], parameters: [.generic], result: .exact(.double), constraint: .genericNumeric,
                "the number as a Double") { ev, call, _ throws(Interrupt) in
            switch try ev.argument(call, 0) {
            case .int(let x): return .double(Double(x))
            case .double(let x): return .double(x)
            default: preconditionFailure("Double of a non-number")
            }
        },
        Builtin("Int", on: .global, labels: [nil], parameters: [.generic], result: .exact(.int), constraint: .genericNumeric,
                "the number as an Int, truncated toward zero") { ev, call, range throws(Interrupt) in
            switch try ev.argument(call, 0) {
            case .int(let x): return .int(x)
            case .double(let x):
                guard let value = IntConversion.exact(x) else {
                    throw ev.failure(.invalidConversion, "'\(x)' cannot be converted to 'Int' because it is \(x.isFinite ? "outside the range of 'Int'" : "not finite")", range)
                }
                return .int(value)
            default: preconditionFailure("Int of a non-number")
            }
        },
        Builtin("Set", on: .global, labels: [nil], parameters: [.array(.generic)], result: .set(.generic), constraint: .genericHashable,
                "the distinct elements of an array") { ev, call, range throws(Interrupt) in
            let items = ev.elements(of: try ev.argument(call, 0))
            try ev.tick(items.count, range)
            return .set(Set(items))
        },
    ]
}

/// `Int(d)` as Swift does it: truncate toward zero, trap when not finite or out of range.
enum IntConversion {
    static func exact(_ value: Double) -> Int? {
        guard value.isFinite else { return nil }
        return Int(exactly: value.rounded(.towardZero))
    }
}

/// Character-wise string tests, as the standard library's `contains(_:)`, `hasPrefix(_:)` and
/// `hasSuffix(_:)` on `String` (Foundation's `NSString` versions differ on combining marks).
///
/// Fast paths compare UTF-8 bytes where that is provably the same: when every byte involved,
/// plus the byte next to the compared span, is ASCII other than a carriage return. Then each
/// byte is one character, the span ends on a character boundary, and no canonically
/// equivalent spelling exists (an ASCII character is equivalent only to itself, and only
/// non-ASCII text can decompose to ASCII, as U+037E does to ';'). Anything else compares whole
/// characters.
enum StringSearch {
    /// Whether the bytes are ASCII other than CR.
    private static func simple(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
        bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    /// Runs `body` on the UTF-8 bytes of two strings (copying only strings not stored as UTF-8).
    private static func withBytes<R>(_ a: String, _ b: String, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> R) -> R {
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in body(x, y) } }
    }

    static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
        let fast: Bool? = withBytes(text, prefix) { t, p in
            let window = min(t.count, p.count + 1)
            guard simple(p[...]), simple(t[0..<window]) else { return nil }
            return t.count >= p.count && t[0..<p.count].elementsEqual(p)
        }
        return fast ?? text.starts(with: prefix)
    }

    static func hasSuffix(_ text: String, _ suffix: String) -> Bool {
        let fast: Bool? = withBytes(text, suffix) { t, s in
            let window = min(t.count, s.count + 1)
            guard simple(s[...]), simple(t[(t.count - window)..<t.count]) else { return nil }
            return t.count >= s.count && t[(t.count - s.count)..<t.count].elementsEqual(s)
        }
        return fast ?? text.reversed().starts(with: suffix.reversed())
    }

    static func contains(_ text: String, _ needle: String) -> Bool {
        if needle.isEmpty { return true }
        let fast: Bool? = withBytes(text, needle) { t, n in
            guard simple(n[...]), simple(t[...]) else { return nil }
            return contains(Array(t), Array(n))
        }
        return fast ?? contains(Array(text), Array(needle))
    }

    static func contains<T: Equatable>(_ text: [T], _ needle: [T]) -> Bool {
        if needle.isEmpty { return true }
        guard needle.count <= text.count else { return false }
        for start in 0...(text.count - needle.count) where text[start] == needle[0] {
            if text[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}

extension Evaluator {
    mutating func string(_ call: BuiltinCall) throws(Interrupt) -> String {
        guard case .string(let text) = try receiver(call) else { preconditionFailure("string expected") }
        return text
    }

    mutating func stringArgument(_ call: BuiltinCall) throws(Interrupt) -> String {
        guard case .string(let text) = try argument(call, 0) else { preconditionFailure("string expected") }
        return text
    }

    mutating func double(_ call: BuiltinCall) throws(Interrupt) -> Double {
        guard case .double(let value) = try receiver(call) else { preconditionFailure("double expected") }
        return value
    }
}
