import TipRulesSyntax

/// Resolves names and types, producing a `CompiledProgram` whose declarations hold typed trees.
///
/// Declarations may refer to each other in any order: the checker orders `let` and `rule`
/// declarations by their references, reports each cycle once (naming it), and checks them
/// dependencies first. A name or type that fails to check gets the `error` type, which
/// silences every follow-on error about it.
struct Checker {
    enum Symbol {
        case event(Int)
        case parameter(Int)
        case declaration(Int)
        /// A declaration that failed to parse: references to it are silently `error`.
        case broken
    }

    /// A closure being checked: where its parameters live and how `$n` was used.
    struct ClosureScope {
        var names: [String]
        var types: [RuleType]
        var firstSlot: Int
        var highestAnonymousUsed = -1
        var isAnonymous: Bool { names.isEmpty }
    }

    let file: SourceFile
    let limits: CompileLimits
    /// Whether checked trees go through the `Optimizer`.
    var optimizes = true
    var diagnostics: DiagnosticBag
    var symbols: [String: Symbol] = [:]
    /// Whether `symbols` names this file's own declarations (rather than a program's an
    /// expression is checked against), so errors may point at them.
    private var declaresSymbols = false
    var events: [EventSchema] = []
    var parameters: [ParameterInfo] = []
    var valueDeclarations: [ValueDeclaration] = []
    var declarationTypes: [RuleType] = []
    var compiledBodies: [TypedExpression?] = []
    /// The declarations checked so far whose values a reader can compute again from the
    /// columns (see `MappedDeclaration`), for the optimizer of the declarations that read them.
    var mappedDeclarations: [Int: MappedDeclaration] = [:]
    /// The largest effective depth of any declaration (see `CompiledProgram.evaluationDepth`).
    var evaluationDepth = 0
    /// Each declaration's effective depth: its value's own depth plus the deepest of the
    /// declarations it reads (see `CompiledProgram.declarationDepths`).
    var effectiveDepths: [Int] = []
    /// How many other declarations read each declaration (see `CompiledProgram.readerCounts`).
    var readerCounts: [Int] = []

    // State while checking one declaration.
    var scopes: [ClosureScope] = []
    var nextSlot = 0
    /// Whether the last closure checked failed for its shape (how many arguments it takes or
    /// uses) rather than its types, which no other typing of a literal can fix.
    var closureShapeFailed = false
    /// The `let` or `rule` whose value is being checked: a name it cannot find is never
    /// "corrected" to the declaration itself, which would only be a cycle.
    var declarationBeingChecked: String?
    /// Integer literals too large for `Int`, reported unless context makes them `Double`.
    var pendingLiteralErrors: [SourceRange: Diagnostic] = [:]
    /// Whether the declaration being checked has a node whose constant operands Swift's
    /// compiler checks (a negation, arithmetic, `Int(_:)`): when none has, and no literal waits
    /// on its final type, there is nothing to fold (most rules of a large file).
    var hasConstantFoldingSites = false
    /// Whether a reference to a `.broken` name is reported (an expression checked against a
    /// program that left out declarations with errors) rather than silent (a file whose own
    /// error was already reported).
    var reportsBrokenReferences = false
    /// Whether integer literals without an `Int` context are checked as `Double` (see
    /// `withDoubleLiterals`).
    var integerLiteralsAsDouble = false
    /// How many more unknown names get a "did you mean" search over the file's names (see
    /// `reportUnknownName`).
    var nameSuggestionsLeft = 10
    /// The members found where `completionProbe` stood as a member name (for completion).
    var probedMembers: [String]?

    /// A member name no rule writes: completion puts it where the cursor is, and the checker
    /// records what members the receiver there has instead of only reporting it missing.
    static let completionProbe = "__tiprulesCompletionProbe"

    init(file: SourceFile, limits: CompileLimits, diagnostics: DiagnosticBag) {
        self.file = file
        self.limits = limits
        self.diagnostics = diagnostics
    }

    /// Checks a parsed file. Returns a program only when there are no errors.
    static func check(_ syntax: SyntaxFile, limits: CompileLimits, optimizes: Bool = true, diagnostics: inout DiagnosticBag) -> CompiledProgram? {
        var checker = Checker(file: syntax.file, limits: limits, diagnostics: diagnostics)
        checker.optimizes = optimizes
        let program = checker.checkFile(syntax)
        diagnostics = checker.diagnostics
        return program
    }

    /// Whether an error was already reported inside `range` of this file.
    func hasError(within range: SourceRange) -> Bool {
        diagnostics.diagnostics.contains {
            $0.severity == .error && $0.file.name == file.name && $0.range.start >= range.start && $0.range.end <= range.end
        }
    }

    mutating func error(_ message: DiagnosticMessage, _ range: SourceRange, notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = []) {
        diagnostics.add(Diagnostic(message, file: file, range: range, notes: notes, fixIts: fixIts))
    }

    mutating func warning(_ message: DiagnosticMessage, _ range: SourceRange) {
        diagnostics.add(Diagnostic(message, severity: .warning, file: file, range: range))
    }

    func note(_ message: String, _ range: SourceRange) -> Diagnostic.Note {
        Diagnostic.Note(message: message, file: file, range: range)
    }

    /// Where this file declares a name (for a note beside an error), or nil when the name is
    /// not one of its declarations.
    func declaredRange(of name: String) -> SourceRange? {
        guard declaresSymbols else { return nil }
        switch symbols[name] {
        case .event(let index)?: return events.indices.contains(index) ? events[index].range : nil
        case .parameter(let index)?: return parameters.indices.contains(index) ? parameters[index].range : nil
        case .declaration(let index)?: return valueDeclarations[index].name.range
        case .broken?, nil: return nil
        }
    }

    // MARK: - File

    private mutating func checkFile(_ syntax: SyntaxFile) -> CompiledProgram? {
        var eventDeclarations: [EventDeclaration] = []
        var parameterDeclarations: [ParameterDeclaration] = []
        symbols.reserveCapacity(syntax.declarations.count)
        valueDeclarations.reserveCapacity(syntax.declarations.count)
        declaresSymbols = true
        for declaration in syntax.declarations {
            let name = declaration.name
            let symbol: Symbol
            switch declaration {
            case .event: symbol = .event(eventDeclarations.count)
            case .parameter: symbol = .parameter(parameterDeclarations.count)
            case .value: symbol = .declaration(valueDeclarations.count)
            }
            // One hash of the name finds an earlier declaration and records this one.
            if let previous = symbols.updateValue(symbol, forKey: name.name) {
                symbols[name.name] = previous
                let previousRange: SourceRange
                switch previous {
                case .event(let index): previousRange = eventDeclarations[index].name.range
                case .parameter(let index): previousRange = parameterDeclarations[index].name.range
                case .declaration(let index): previousRange = valueDeclarations[index].name.range
                case .broken: preconditionFailure("no name is broken before the declarations are all read")
                }
                error(CheckerMessages.redeclaration(name.name), name.range, notes: [note(CheckerMessages.previousDeclaration, previousRange)])
                continue
            }
            switch declaration {
            case .event(let event): eventDeclarations.append(event)
            case .parameter(let parameter): parameterDeclarations.append(parameter)
            case .value(let value): valueDeclarations.append(value)
            }
        }
        for name in syntax.brokenNames where symbols[name] == nil {
            symbols[name] = .broken
        }
        events = eventDeclarations.map { checkEvent($0) }
        declarationTypes = Array(repeating: .error, count: valueDeclarations.count)
        compiledBodies = Array(repeating: nil, count: valueDeclarations.count)
        // Types first, so a default value that names another parameter finds it declared.
        parameters = parameterDeclarations.map { ParameterInfo(name: $0.name.name, type: resolveType($0.type), defaultValue: .null, range: $0.name.range) }
        for (index, declaration) in parameterDeclarations.enumerated() {
            parameters[index].defaultValue = checkParameterDefault(declaration, type: parameters[index].type)
        }
        checkValueDeclarations()

        guard !diagnostics.hasErrors else { return nil }
        // (By index: each declaration's name and kind are read in place, not its whole tree
        // copied.)
        let declarations = valueDeclarations.indices.map { index in
            CompiledDeclaration(name: valueDeclarations[index].name.name, kind: valueDeclarations[index].kind,
                                type: declarationTypes[index], body: compiledBodies[index]!, nameRange: valueDeclarations[index].name.range,
                                range: valueDeclarations[index].range)
        }
        return CompiledProgram(file: file, events: events, parameters: parameters, declarations: declarations,
                               evaluationDepth: evaluationDepth, declarationDepths: effectiveDepths, readerCounts: readerCounts,
                               symbols: symbols, mappedDeclarations: mappedDeclarations)
    }

    // MARK: - Types

    mutating func resolveType(_ syntax: TypeSyntax) -> RuleType {
        switch syntax {
        case .named(let name):
            if let type = RuleType.named[name.name] { return type }
            let known = Array(RuleType.named.keys) + Array(RuleType.genericNames)
            var fixIts: [Diagnostic.FixIt] = []
            if let suggestion = Suggestions.closest(to: name.name, in: known) {
                fixIts.append(Diagnostic.FixIt(message: "did you mean '\(suggestion)'?", range: name.range, replacement: suggestion))
            }
            error(CheckerMessages.unknownType(name.name), name.range, fixIts: fixIts)
            return .error
        case .optional(let wrapped, _):
            return .optional(resolveType(wrapped))
        case .array(let element, _):
            return .array(resolveType(element))
        case .generic(let name, let arguments, let range):
            // `Donation<didLogin>` and `Event<didLogin>`, as TipRules spells the types of an
            // event's donations and of the event (a closure's parameter may say so).
            if name.name == "Donation" || name.name == "Event", arguments.count == 1, case .named(let event) = arguments[0],
               case .event? = symbols[event.name] {
                return name.name == "Donation" ? .donation(event.name) : .event(event.name)
            }
            guard RuleType.genericNames.contains(name.name), arguments.count == 1 else {
                error(CheckerMessages.unknownType(file.text(in: range)), range)
                return .error
            }
            let element = resolveType(arguments[0])
            if name.name == "Array" { return .array(element) }
            if !element.isHashable {
                error(CheckerMessages.constraint(element, "Hashable", "Set"), arguments[0].range)
                return .error
            }
            return .set(element)
        }
    }

    // MARK: - Events and parameters

    private mutating func checkEvent(_ declaration: EventDeclaration) -> EventSchema {
        var fields: [EventSchema.Field] = []
        var seen: [String: SourceRange] = [:]
        for field in declaration.fields {
            let type = resolveType(field.type)
            if !type.isPayloadType && !type.containsError {
                error(CheckerMessages.badPayloadType(type.description), field.type.range)
            }
            if let previous = seen[field.name.name] {
                error(CheckerMessages.duplicateField(field.name.name), field.name.range, notes: [note(CheckerMessages.previousDeclaration, previous)])
                continue
            }
            seen[field.name.name] = field.name.range
            // `$0.date` is the donation's date, as in TipKit, so a field of that name could
            // never be read.
            if !Builtins.lookup(field.name.name, on: .donation).isEmpty {
                error(CheckerMessages.fieldShadowedByMember(field.name.name), field.name.range)
                continue
            }
            fields.append(EventSchema.Field(name: field.name.name, type: type, range: field.name.range.union(field.type.range)))
        }
        var limit = 1000
        var maxAge: TimeRange?
        for option in declaration.options {
            switch option.label?.name {
            case "limit", "donationLimit":  // `donationLimit:` is TipKit's spelling
                if case .integerLiteral(let digits, negative: false) = option.value.kind, let value = Int(literal: digits), value > 0 {
                    limit = value
                } else {
                    error(CheckerMessages.badLimit, option.value.range)
                }
            case "maxAge":
                if let range = constantTimeRange(option.value) {
                    maxAge = range
                } else {
                    error(CheckerMessages.badMaxAge, option.value.range)
                }
            default:
                error(CheckerMessages.unknownEventOption(option.label?.name ?? "_"), option.label?.range ?? option.value.range)
            }
        }
        return EventSchema(id: declaration.name.name, fields: fields, limit: limit, maxAge: maxAge, file: file, range: declaration.name.range)
    }

    /// A time range written with literals only: `.days(30)`, `days(30)`, `.week`, `week`.
    private func constantTimeRange(_ expression: Expression) -> TimeRange? {
        func unit(_ name: String, plural: Bool) -> TimeRange.Unit? {
            let base = plural ? String(name.dropLast()) : name
            guard !plural || name.hasSuffix("s") else { return nil }
            return TimeRange.Unit(rawValue: base)
        }
        switch expression.kind {
        case .implicitMember(let name):
            return unit(name.name, plural: false).map { TimeRange(unit: $0, count: 1, isFunctionForm: false) }
        case .identifier(let name):
            return unit(name, plural: false).map { TimeRange(unit: $0, count: 1, isFunctionForm: false) }
        case .call(let callee, let arguments):
            guard arguments.count == 1, arguments[0].label == nil,
                  case .integerLiteral(let digits, negative: false) = arguments[0].value.kind, let count = Int(literal: digits)
            else { return nil }
            let name: String
            switch callee.kind {
            case .implicitMember(let identifier): name = identifier.name
            case .identifier(let identifier): name = identifier
            default: return nil
            }
            return unit(name, plural: true).map { TimeRange(unit: $0, count: count, isFunctionForm: true) }
        default:
            return nil
        }
    }

    /// The default value of a parameter: a literal of its type.
    private mutating func checkParameterDefault(_ declaration: ParameterDeclaration, type: RuleType) -> Constant {
        beginDeclaration()
        let typed = checkExpecting(declaration.defaultValue, type, .specified)
        finishDeclaration(typed)
        guard !type.containsError, !typed.type.containsError else { return .null }
        guard let value = constantValue(typed) else {
            error(CheckerMessages.parameterDefaultNotLiteral, declaration.defaultValue.range)
            return .null
        }
        return value
    }

    /// The value of a literal-only typed expression.
    private func constantValue(_ typed: TypedExpression) -> Constant? {
        switch typed.node {
        case .constant(let value): return value
        case .wrapOptional(let inner): return constantValue(inner).map { Constant.wrap($0, wrapped: inner.type) }
        case .arrayLiteral(let elements):
            var values: [Constant] = []
            for element in elements {
                guard let value = constantValue(element) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .builtin(let call) where call.builtin.id.constantValue != nil:
            // `Int.max`, `Date.distantPast`, `.infinity`.
            return call.builtin.id.constantValue
        case .builtin(let call) where call.builtin.id == .setFromArray:
            guard case .array(let items)? = constantValue(call.arguments[0]) else { return nil }
            return .set(Set(items))
        case .negate(let inner):
            switch constantValue(inner) {
            case .int(let x)?: return x == .min ? nil : .int(-x)
            case .double(let x)?: return .double(-x)
            default: return nil
            }
        default:
            return nil
        }
    }

    // MARK: - Declarations state

    mutating func beginDeclaration() {
        scopes = []
        nextSlot = 0
        pendingLiteralErrors = [:]
        hasConstantFoldingSites = false
    }

    /// Reports what only the final types decide: literals that overflow `Int`, and constant
    /// integer arithmetic that overflows or divides by zero.
    mutating func finishDeclaration(_ typed: TypedExpression) {
        ConstantFolder.report(typed, checker: &self)
    }
}

extension Int {
    /// Parses a literal's digits with its base prefix (`0x`, `0o`, `0b`), or nil when the value
    /// does not fit `Int`.
    init?(literal digits: String, negative: Bool = false) {
        // Nearly every literal is a few decimal digits: read them as bytes, without the
        // Unicode-aware prefix tests and string building below (a large file has one per rule).
        let utf8 = digits.utf8
        if utf8.count <= 18, !utf8.isEmpty, utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) {
            var value = 0
            for byte in utf8 { value = value * 10 + Int(byte &- UInt8(ascii: "0")) }
            self = negative ? -value : value
            return
        }
        var text = Substring(digits)
        var radix = 10
        if text.hasPrefix("0x") { radix = 16; text = text.dropFirst(2) }
        else if text.hasPrefix("0o") { radix = 8; text = text.dropFirst(2) }
        else if text.hasPrefix("0b") { radix = 2; text = text.dropFirst(2) }
        guard let value = Int((negative ? "-" : "") + text, radix: radix) else { return nil }
        self = value
    }
}

extension Double {
    /// The Double nearest an integer literal's value, for literals in a `Double` context.
    init(literal digits: String, negative: Bool) {
        // Up to 15 decimal digits fit a Double exactly: the Int parse is the value.
        if digits.utf8.count <= 15, let exact = Int(literal: digits, negative: negative), exact.magnitude < 1 << 53 {
            self = Double(exact)
            return
        }
        var text = Substring(digits)
        var radix = 10
        if text.hasPrefix("0x") { radix = 16; text = text.dropFirst(2) }
        else if text.hasPrefix("0o") { radix = 8; text = text.dropFirst(2) }
        else if text.hasPrefix("0b") { radix = 2; text = text.dropFirst(2) }
        let value: Double
        if radix == 10 {
            value = Double(String(text)) ?? .infinity
        } else if let exact = UInt64(text, radix: radix) {
            value = Double(exact)
        } else if radix == 16 {
            value = Double("0x" + text + "p0") ?? .infinity
        } else {
            // Octal and binary digits map exactly onto hexadecimal ones through their bits.
            let bits = text.map { String(Int(String($0), radix: radix)!, radix: 2) }
            let width = radix == 8 ? 3 : 1
            let binary = bits.map { String(repeating: "0", count: width - $0.count) + $0 }.joined()
            let padded = String(repeating: "0", count: (4 - binary.count % 4) % 4) + binary
            var hex = ""
            var index = padded.startIndex
            while index < padded.endIndex {
                let next = padded.index(index, offsetBy: 4)
                hex += String(Int(padded[index..<next], radix: 2)!, radix: 16)
                index = next
            }
            value = Double("0x" + hex + "p0") ?? .infinity
        }
        // A negative integer literal is an integer first: `-0` is zero, not negative zero (Swift
        // gives `1.0 / -0 == .infinity`).
        self = negative && value != 0 ? -value : value
    }
}

extension Checker {
    /// Checks an expression in the context of a compiled program: its events, parameters and
    /// declarations are in scope. `expected` is `Bool` for a rule's value checked again.
    static func checkExpression(_ expression: Expression, file: SourceFile, program: CompiledProgram, unavailable: Set<String> = [],
                                expected: RuleType? = nil, limits: CompileLimits, optimizes: Bool = true,
                                diagnostics: inout DiagnosticBag) -> TypedExpression? {
        var checker = Checker(program: program, file: file, limits: limits, diagnostics: diagnostics)
        checker.optimizes = optimizes
        for name in unavailable where checker.symbols[name] == nil { checker.symbols[name] = .broken }
        checker.reportsBrokenReferences = true
        checker.beginDeclaration()
        let typed = checker.defaultLiteral(checker.check(expression, expected: expected))
        if typed.type == .nilLiteral {
            checker.error(CheckerMessages.nilNeedsContext, expression.range)
        }
        checker.finishDeclaration(typed)
        diagnostics = checker.diagnostics
        if diagnostics.hasErrors { return nil }
        return optimizes ? Optimizer.optimize(typed, mappedDeclarations: program.mappedDeclarations) : typed
    }

    /// The members of the receiver where `completionProbe` stands as a member name in an
    /// expression, or nil when the expression has no such place the checker reached.
    static func probeMembers(_ expression: Expression, file: SourceFile, program: CompiledProgram) -> [String]? {
        var checker = Checker(program: program, file: file, limits: CompileLimits(), diagnostics: DiagnosticBag())
        checker.beginDeclaration()
        _ = checker.check(expression, expected: nil)
        return checker.probedMembers
    }

    /// A checker with a compiled program's events, parameters and declarations in scope.
    init(program: CompiledProgram, file: SourceFile, limits: CompileLimits, diagnostics: DiagnosticBag) {
        var checker = Checker(file: file, limits: limits, diagnostics: diagnostics)
        // The program's own tables, shared rather than rebuilt: an expression costs no work
        // proportional to the file it is checked against.
        checker.symbols = program.symbols
        checker.events = program.events
        checker.parameters = program.parameters
        checker.declarationTypes = program.declarationTypes
        self = checker
    }
}
