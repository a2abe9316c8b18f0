import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

import Foundation

/// The `:commands`, which a unique prefix selects (`:ev` is `:events`).
extension ReplSession {
    /// A command: its name, how it is written, and what it does.
    struct CommandInfo {
        var name: String
        var usage: String
        var summary: String
    }

    static let commands: [CommandInfo] = [
        CommandInfo(name: "help", usage: ":help", summary: "show this help"),
        CommandInfo(name: "quit", usage: ":quit", summary: "end the session (Ctrl-D on an empty line does too)"),
        CommandInfo(name: "load", usage: ":load FILE", summary: "add the declarations of a rule file"),
        CommandInfo(name: "reload", usage: ":reload", summary: "read the loaded files again, keeping the donations"),
        CommandInfo(name: "type", usage: ":type EXPR", summary: "show the type of an expression without evaluating it"),
        CommandInfo(name: "events", usage: ":events", summary: "each event with its donation count and last donation"),
        CommandInfo(name: "rules", usage: ":rules", summary: "every let and rule with its current value"),
        CommandInfo(name: "explain", usage: ":explain NAME", summary: "why a let or rule has its value, and what would change it"),
        CommandInfo(name: "donate", usage: ":donate EVENT [JSON] [at DATE]", summary: "donate an event at the clock's time (or at DATE)"),
        CommandInfo(name: "now", usage: ":now [DATE]", summary: "show the evaluation clock, or set it (ISO 8601)"),
        CommandInfo(name: "advance", usage: ":advance DURATION", summary: "move the clock: 3d, 90m, -1h, 1w2d (s, m, h, d, w)"),
        CommandInfo(name: "set", usage: ":set PARAM VALUE", summary: "set a parameter (VALUE as JSON, or a bare word for a string)"),
        CommandInfo(name: "reset", usage: ":reset", summary: "forget every donation"),
        CommandInfo(name: "save", usage: ":save FILE", summary: "write the session's donations to FILE as an NDJSON log"),
    ]

    static var helpText: String {
        let width = commands.map(\.usage.count).max() ?? 0
        var text = "Type an expression to evaluate it, or a declaration (event, parameter, let, rule) to add it.\n"
        text += "An unfinished line continues on the next; an empty line abandons it.\n\nCommands (a unique prefix is enough):\n"
        for command in commands {
            text += "  " + command.usage.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + command.summary + "\n"
        }
        return text
    }

    /// The typed command: its name and the text after it, with where that text starts.
    struct CommandLine {
        var name: String
        var nameRange: SourceRange
        var argument: String
        var argumentRange: SourceRange
    }

    mutating func command(_ input: String, _ file: SourceFile) -> ReplAnswer {
        let line = ReplSession.split(input)
        let matches = ReplSession.commands.filter { $0.name.hasPrefix(line.name) }
        let exact = ReplSession.commands.first { $0.name == line.name }
        guard let command = exact ?? (matches.count == 1 ? matches.first : nil), !line.name.isEmpty else {
            let message = matches.count > 1
                ? ReplMessages.ambiguousCommand(line.name, matches.map(\.name))
                : ReplMessages.unknownCommand(line.name, suggestion: Suggestions.closest(to: line.name, in: ReplSession.commands.map(\.name)))
            return ReplAnswer(kind: .error, input: input, diagnostics: [Diagnostic(message, file: file, range: line.nameRange)])
        }
        var context = CommandContext(input: input, file: file, line: line, info: command)
        switch command.name {
        case "help": return context.answer(ReplSession.helpText, [("help", StringLiteral.json(ReplSession.helpText))])
        case "quit":
            var answer = context.answer("", [])
            answer.quits = true
            return answer
        case "load": return context.requiring(argument: true) { load(context.line.argument, context) }
        case "reload": return context.requiring(argument: false) { reload(context) }
        case "type": return context.requiring(argument: true) { type(context) }
        case "events": return context.requiring(argument: false) { events(context) }
        case "rules": return context.requiring(argument: false) { rules(context) }
        case "explain": return context.requiring(argument: true) { explainCommand(context) }
        case "donate": return context.requiring(argument: true) { donate(&context) }
        case "now": return now(context)
        case "advance": return context.requiring(argument: true) { advance(context) }
        case "set": return context.requiring(argument: true) { set(context) }
        case "reset": return context.requiring(argument: false) { reset(context) }
        case "save": return context.requiring(argument: true) { save(context) }
        default: preconditionFailure("command ':\(command.name)' has no handler")
        }
    }

    /// Splits `:name argument` at the first run of spaces.
    static func split(_ input: String) -> CommandLine {
        let bytes = Array(input.utf8)
        var index = 0
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        let colon = index
        index += 1
        let nameStart = index
        while index < bytes.count, bytes[index] != 0x20, bytes[index] != 0x09, bytes[index] != 0x0A { index += 1 }
        let nameEnd = index
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        var argumentEnd = bytes.count
        while argumentEnd > index, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[argumentEnd - 1]) { argumentEnd -= 1 }
        return CommandLine(name: String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self),
                           nameRange: SourceRange(start: colon, end: nameEnd),
                           argument: String(decoding: bytes[index..<argumentEnd], as: UTF8.self),
                           argumentRange: SourceRange(start: index, end: argumentEnd))
    }

    // MARK: - Files

    /// Adds a file's declarations; the file is remembered for `:reload`.
    mutating func load(_ path: String, _ context: CommandContext) -> ReplAnswer {
        var next = source
        var answer = context.answer("", [])
        switch addFile(path, to: &next, notes: &answer.diagnostics, context) {
        case .failure(let refusal): return context.refused(refusal.diagnostics)
        case .success(let entries):
            switch adopt(next, inputs: entries.first.map { [$0.file] } ?? []) {
            case .failure(let refusal): return context.refused(refusal.diagnostics)
            case .success(let notes): answer.diagnostics += notes
            }
            if !loadedFiles.contains(path) { loadedFiles.append(path) }
            let summary = ReplSession.summary(entries.map(\.kind))
            answer.text = "loaded \(path): \(summary)\n"
            answer.fields = [("file", StringLiteral.json(path)), ("declarations", "\(entries.count)")]
            return answer
        }
    }

    /// Reads and parses a file and adds its declarations to `next`, with a note for each it
    /// replaces from elsewhere.
    func addFile(_ path: String, to next: inout SessionSource, notes: inout [Diagnostic], _ context: CommandContext) -> Result<[SessionSource.Entry], Refusal> {
        let bytes: [UInt8]
        switch readFile(ReplSession.expandingHome(path)) {
        case .success(let read): bytes = read
        case .failure(let problem):
            return .failure(Refusal(diagnostics: [context.error(ReplMessages.cannotRead(path, problem.description), at: context.line.argumentRange)]))
        }
        let file = SourceFile(name: path, bytes: bytes)
        var diagnostics = DiagnosticBag(limit: compiler.limits.maxDiagnostics)
        let syntax = Parser.parse(file, limits: compiler.limits, diagnostics: &diagnostics)
        let errors = diagnostics.sorted.filter { $0.severity == .error } + compiler.redeclarations(in: syntax)
        guard errors.isEmpty else { return .failure(Refusal(diagnostics: errors)) }
        let entries = SessionSource.entries(of: syntax, origin: .file(path))
        for entry in entries {
            if let replaced = next.add(entry), replaced.origin != .file(path) {
                notes.append(replacementNote(entry, replacing: replaced))
            }
        }
        return .success(entries)
    }

    /// Reads every loaded file again: their declarations as they are now, then the typed ones.
    mutating func reload(_ context: CommandContext) -> ReplAnswer {
        guard !loadedFiles.isEmpty else { return context.answer("no files loaded; ':load FILE' loads one\n", [("files", "[]")]) }
        var next = SessionSource()
        var notes: [Diagnostic] = []
        for path in loadedFiles {
            if case .failure(let refusal) = addFile(path, to: &next, notes: &notes, context) {
                return context.refused(refusal.diagnostics)
            }
        }
        for entry in source.entries where entry.origin == .typed {
            next.add(entry)
        }
        // The files read again show their warnings again, as loading them did.
        var files: [SourceFile] = []
        for entry in next.entries where entry.origin != .typed && files.last != entry.file { files.append(entry.file) }
        switch adopt(next, inputs: files) {
        case .failure(let refusal): return context.refused(refusal.diagnostics)
        case .success(let adopted):
            var answer = context.answer("reloaded " + loadedFiles.joined(separator: ", ") + ": " + ReplSession.summary(source.entries.map(\.kind)) + "\n",
                                        [("files", "[" + loadedFiles.map(StringLiteral.json).joined(separator: ", ") + "]")])
            answer.diagnostics = adopted
            return answer
        }
    }

    /// `3 events, 1 parameter, 2 lets, 6 rules`.
    static func summary(_ kinds: [String]) -> String {
        let counts = ["event", "parameter", "let", "rule"].map { kind in (kind, kinds.filter { $0 == kind }.count) }.filter { $0.1 > 0 }
        guard !counts.isEmpty else { return "no declarations" }
        return counts.map { "\($0.1) \($0.0)\($0.1 == 1 ? "" : "s")" }.joined(separator: ", ")
    }

    static func expandingHome(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] else { return path }
        return home + path.dropFirst()
    }

    // MARK: - Types and values

    /// The type of an expression, checked but not evaluated.
    func type(_ context: CommandContext) -> ReplAnswer {
        let compiled = compiler.compileExpression(context.argumentOnly(), in: program)
        guard let expression = compiled.expression else {
            return context.refused(compiled.diagnostics.map { combined.located($0) })
        }
        var answer = context.answer("\(context.line.argument): \(expression.type)\n", [("type", StringLiteral.json(expression.type.description))])
        answer.diagnostics = compiled.diagnostics
        return answer
    }

    /// Each event: how many donations the session holds, and the last one.
    func events(_ context: CommandContext) -> ReplAnswer {
        var text = ""
        var objects: [String] = []
        let now = options.now.timeIntervalSinceReferenceDate
        for (index, schema) in program.events.enumerated() {
            let stream = store.stream(at: index)
            let count = stream.count
            let later = stream.dates.reversed().prefix { $0 > now }.count
            var line = "\(schema.id): " + (count == 0 ? "no donations" : "\(count) donation\(count == 1 ? "" : "s")")
            var object = "{\"event\": \(StringLiteral.json(schema.id)), \"count\": \(count)"
            if let last = stream.dates.last {
                line += ", last \(ISO8601.format(last))"
                object += ", \"last\": \(StringLiteral.json(ISO8601.formatLosslessly(last)))"
            }
            if later > 0 {
                line += " (\(later) after the clock, not yet seen by rules)"
                object += ", \"afterNow\": \(later)"
            }
            text += line + "\n"
            objects.append(object + "}")
        }
        if program.events.isEmpty { text = "no events declared\n" }
        return context.answer(text, [("events", "[" + objects.joined(separator: ", ") + "]")])
    }

    /// Every `let` and `rule` with its value now.
    func rules(_ context: CommandContext) -> ReplAnswer {
        var evaluation = makeEvaluation()
        var answer = context.answer("", [])
        var objects: [String] = []
        for (index, declaration) in program.declarations.enumerated() {
            let result = evaluation.evaluate(declarationAt: index)
            let (text, json) = describe(result, kind: declaration.kind.rawValue, diagnostics: &answer.diagnostics)
            answer.text += text + "\n"
            objects.append(json)
        }
        if program.declarations.isEmpty { answer.text = "no lets or rules declared\n" }
        answer.fields = [("results", "[" + objects.joined(separator: ", ") + "]")]
        return answer
    }

    /// `:explain NAME`.
    func explainCommand(_ context: CommandContext) -> ReplAnswer {
        let name = context.line.argument
        var answer = explain(name, json: false, useColor: false)
        if answer.kind == .error {
            answer.input = context.input
            answer.diagnostics = answer.diagnostics.map { diagnostic in
                context.error(DiagnosticMessage(diagnostic.code, diagnostic.message), at: context.line.argumentRange)
            }
            return answer
        }
        var result = context.answer(answer.text, answer.fields)
        result.diagnostics = answer.diagnostics
        return result
    }

    /// The explanation of a `let` or `rule` at the session's clock, donations and parameters:
    /// its text (or JSON) and, as a field, its JSON.
    package func explain(_ name: String, json: Bool, useColor: Bool) -> ReplAnswer {
        guard program.declarationIndex(name) != nil else {
            let kinds = program.events.contains { $0.id == name } ? "; '\(name)' is an event: explain a let or rule that reads it"
                : program.parameterIndex(name) != nil ? "; '\(name)' is a parameter: explain a let or rule that reads it" : ""
            let suggestion = kinds.isEmpty ? Suggestions.closest(to: name, in: program.declarations.map(\.name)).map { "; did you mean '\($0)'?" } ?? "" : kinds
            return ReplAnswer(kind: .error, input: name, diagnostics: [
                .about(name, in: ReplSession.inputName, ReplMessages.nothingToExplain(name, suggestion)),
            ])
        }
        let values = program.parameters.map { parameterValues[$0.name] ?? Value($0.defaultValue) }
        let explainer = Explainer(program: program, donations: store, options: options, parameterValues: values, limits: compiler.limits)
        guard let explanation = explainer.explain(name) else { return ReplAnswer(kind: .error, input: name) }
        let combined = self.combined
        let renderer = ExplanationRenderer(useColor: useColor, locate: { combined.locate($0, $1) })
        let object = renderer.json(explanation)
        var answer = ReplAnswer(kind: .command, input: name, text: json ? object + "\n" : renderer.text(explanation))
        answer.fields = [("explanation", object)]
        return answer
    }

    // MARK: - Donations and time

    /// `:donate EVENT [JSON] [at DATE]`.
    mutating func donate(_ context: inout CommandContext) -> ReplAnswer {
        let input = Array(context.input.utf8)
        let range = context.line.argumentRange
        var index = range.start
        while index < range.end, !isSpace(input[index]), input[index] != UInt8(ascii: "{") { index += 1 }
        let eventRange = SourceRange(start: range.start, end: index)
        let eventName = String(decoding: input[eventRange.start..<eventRange.end], as: UTF8.self)
        guard let eventIndex = store.eventIndex(eventName) else {
            return context.refused([context.error(ReplMessages.unknownEvent(eventName, suggestion: Suggestions.closest(to: eventName, in: program.events.map(\.id))), at: eventRange)])
        }
        while index < range.end, isSpace(input[index]) { index += 1 }
        var payload: JSONValue?
        var payloadRange = SourceRange(start: index, end: index)
        var located: LocatedJSON?
        if index < range.end, input[index] == UInt8(ascii: "{") {
            let end = ReplSession.endOfJSONObject(input, from: index, limit: range.end)
            payloadRange = SourceRange(start: index, end: end)
            switch JSONParser.parseLocated(input, range: index..<end) {
            case .success(let json): (payload, located) = (json.value, json)
            case .failure(let failure):
                let offset = min(index + failure.column - 1, end)
                return context.refused([context.error(ReplMessages.badJSON(failure.message), at: SourceRange(start: offset, end: min(offset + 1, end)))])
            }
            index = end
            while index < range.end, isSpace(input[index]) { index += 1 }
        }
        var date = options.now.timeIntervalSinceReferenceDate
        if index < range.end {
            let rest = String(decoding: input[index..<range.end], as: UTF8.self)
            guard rest.hasPrefix("at ") || rest.hasPrefix("at\t") else {
                return context.refused([context.error(ReplMessages.usage(context.info.usage), at: SourceRange(start: index, end: range.end))])
            }
            var dateStart = index + 2
            while dateStart < range.end, isSpace(input[dateStart]) { dateStart += 1 }
            switch parseDate(String(decoding: input[dateStart..<range.end], as: UTF8.self)) {
            case .success(let seconds): date = seconds
            case .failure(let problem):
                return context.refused([context.error(problem.message, at: SourceRange(start: dateStart, end: range.end))])
            }
        }
        let schema = store.schemas[eventIndex]
        switch DonationLog.decodePayload(payload, of: schema) {
        case .failure(let problem):
            // At the field the problem is about, else the payload, else the event's name.
            let at = located?.range(of: problem.place, payloadKey: nil).map { SourceRange(start: $0.lowerBound, end: $0.upperBound) }
                ?? (payloadRange.start == payloadRange.end ? eventRange : payloadRange)
            return context.refused([context.error(problem.message, at: at, notes: declarationNote(of: eventName))])
        case .success(let values):
            store.append(eventIndex: eventIndex, date: date, payload: values)
            let valueJSON = DonationRecord.payloadJSON(values, schema)
            var text = "donated \(eventName) at \(ISO8601.format(date))"
            if !schema.fields.isEmpty { text += " " + valueJSON }
            if date > options.now.timeIntervalSinceReferenceDate { text += " (after the clock: rules see it once the clock reaches it)" }
            return context.answer(text + "\n", [("donation", DonationRecord.json(event: eventName, date: date, values: values, schema))])
        }
    }

    /// The note pointing at an event's or parameter's declaration.
    func declarationNote(of name: String) -> [Diagnostic.Note] {
        guard let entry = source.entries.first(where: { $0.name == name }) else { return [] }
        return [Diagnostic.Note(message: "'\(name)' declared here", file: entry.file, range: entry.nameRange)]
    }

    private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// The end of the JSON object starting at `start` (just past its closing brace), or
    /// `limit` when it does not close.
    static func endOfJSONObject(_ bytes: [UInt8], from start: Int, limit: Int) -> Int {
        var depth = 0
        var inString = false
        var index = start
        while index < limit {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            index += 1
        }
        return limit
    }

    func parseDate(_ text: String) -> Result<Double, ReplDateProblem> {
        switch ClockText.date(text, timeZone: options.timeZone) {
        case .success(let seconds): return .success(seconds)
        case .failure(let problem): return .failure(ReplDateProblem(message: ReplMessages.badDate(problem.description)))
        }
    }

    /// `:now` shows the clock; `:now DATE` sets it.
    mutating func now(_ context: CommandContext) -> ReplAnswer {
        if !context.line.argument.isEmpty {
            switch parseDate(context.line.argument) {
            case .success(let seconds): options.now = Date(timeIntervalSinceReferenceDate: seconds)
            case .failure(let problem): return context.refused([context.error(problem.message, at: context.line.argumentRange)])
            }
        }
        return clockAnswer(context)
    }

    func clockAnswer(_ context: CommandContext) -> ReplAnswer {
        let seconds = options.now.timeIntervalSinceReferenceDate
        // Foundation on Linux names UTC "GMT"; people set and expect "UTC".
        let zone = ["UTC", "GMT"].contains(options.timeZone.identifier) ? "UTC" : options.timeZone.identifier
        var text = "now \(ISO8601.format(seconds))"
        if zone != "UTC" { text += " (calendar windows in \(zone))" }
        return context.answer(text + "\n", [("now", StringLiteral.json(ISO8601.formatLosslessly(seconds))),
                                            ("timeZone", StringLiteral.json(zone))])
    }

    /// `:advance 3d`: moves the clock by a duration.
    mutating func advance(_ context: CommandContext) -> ReplAnswer {
        guard let seconds = ReplSession.duration(context.line.argument) else {
            return context.refused([context.error(ReplMessages.badDuration(context.line.argument), at: context.line.argumentRange)])
        }
        options.now = options.now.addingTimeInterval(seconds)
        return clockAnswer(context)
    }

    /// Seconds in `3d`, `90m`, `-1h`, `1w2d12h` (units s, m, h, d and w; a day is 24 hours).
    static func duration(_ text: String) -> Double? {
        var rest = Substring(text)
        var sign = 1.0
        if rest.first == "-" || rest.first == "+" {
            sign = rest.first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        var total = 0.0
        guard !rest.isEmpty else { return nil }
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            rest = rest.dropFirst(digits.count)
            guard let count = Double(digits), count <= 1e9, let unit = rest.first, let factor = units[unit] else { return nil }
            total += count * factor
            rest = rest.dropFirst()
        }
        return sign * total
    }

    /// `:set isLoggedIn false`.
    mutating func set(_ context: CommandContext) -> ReplAnswer {
        let argument = context.line.argument
        let name = String(argument.prefix { $0 != " " && $0 != "\t" && $0 != "=" })
        var valueText = argument.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
        if valueText.first == "=" { valueText = valueText.dropFirst().drop { $0 == " " || $0 == "\t" } }
        let nameRange = SourceRange(start: context.line.argumentRange.start, end: context.line.argumentRange.start + name.utf8.count)
        guard let index = program.parameterIndex(name) else {
            return context.refused([context.error(ReplMessages.unknownParameter(name, suggestion: Suggestions.closest(to: name, in: program.parameters.map(\.name))), at: nameRange)])
        }
        guard !valueText.isEmpty else {
            return context.refused([context.error(ReplMessages.usage(context.info.usage), at: context.line.argumentRange)])
        }
        let parameter = program.parameters[index]
        let valueRange = SourceRange(start: context.line.argumentRange.end - valueText.utf8.count, end: context.line.argumentRange.end)
        switch ParameterText.value(String(valueText), for: parameter) {
        case .failure(let problem):
            return context.refused([context.error(ReplMessages.badParameterValue(problem.description), at: valueRange, notes: declarationNote(of: name))])
        case .success(let value):
            parameterValues[name] = value
            return context.answer("parameter \(name): \(parameter.type) = \(ValueFormatter.text(value, parameter.type))\n",
                                  [("parameter", StringLiteral.json(name)), ("type", StringLiteral.json(parameter.type.description)),
                                   ("value", ValueFormatter.json(value, parameter.type))])
        }
    }

    /// `:reset`: forgets every donation.
    mutating func reset(_ context: CommandContext) -> ReplAnswer {
        let count = store.totalCount
        store = DonationStore(program: program)
        return context.answer("forgot \(count) donation\(count == 1 ? "" : "s")\n", [("forgotten", "\(count)")])
    }

    /// `:save FILE`: the donations as an NDJSON log, oldest first.
    func save(_ context: CommandContext) -> ReplAnswer {
        let path = context.line.argument
        let text = DonationRecord.log(of: store)
        let count = store.totalCount
        if case .failure(let problem) = writeFile(ReplSession.expandingHome(path), Array(text.utf8)) {
            return context.refused([context.error(ReplMessages.cannotWrite(path, problem.description), at: context.line.argumentRange)])
        }
        return context.answer("saved \(count) donation\(count == 1 ? "" : "s") to \(path)\n", [("file", StringLiteral.json(path)), ("saved", "\(count)")])
    }
}

/// A date the REPL could not read.
struct ReplDateProblem: Error {
    var message: DiagnosticMessage
}

/// What a command handler needs of its input.
struct CommandContext {
    var input: String
    var file: SourceFile
    var line: ReplSession.CommandLine
    var info: ReplSession.CommandInfo

    /// A successful answer.
    func answer(_ text: String, _ fields: [(String, String)]) -> ReplAnswer {
        var answer = ReplAnswer(kind: .command, input: input, text: text)
        answer.fields = [("command", StringLiteral.json(info.name))] + fields
        return answer
    }

    /// A refusal with its reasons.
    func refused(_ diagnostics: [Diagnostic]) -> ReplAnswer {
        ReplAnswer(kind: .error, input: input, diagnostics: diagnostics)
    }

    /// An error located in the typed line.
    func error(_ message: DiagnosticMessage, at range: SourceRange, notes: [Diagnostic.Note] = []) -> Diagnostic {
        Diagnostic(message, file: file, range: range, notes: notes)
    }

    /// Runs a handler when the command has an argument exactly when it takes one.
    func requiring(argument: Bool, _ body: () -> ReplAnswer) -> ReplAnswer {
        if line.argument.isEmpty == argument {
            let range = argument ? line.nameRange : line.argumentRange
            return refused([error(ReplMessages.usage(info.usage), at: range)])
        }
        return body()
    }

    /// The typed line with everything but the argument blanked, so an expression compiled
    /// from it keeps its columns.
    func argumentOnly() -> SourceFile {
        var bytes = Array(input.utf8)
        for index in bytes.indices where index < line.argumentRange.start && bytes[index] != 0x0A {
            bytes[index] = 0x20
        }
        return SourceFile(name: file.name, bytes: bytes)
    }
}
