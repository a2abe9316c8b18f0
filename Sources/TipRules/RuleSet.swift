import Foundation
import TipRulesSemantics
import TipRulesSyntax

/// A rule file, compiled: its events, parameters, `let`s and `rule`s, checked and ready to
/// evaluate. Immutable and `Sendable`: compile once, then evaluate from any number of engines
/// and threads.
///
/// ```swift
/// let rules = try RuleSet(contentsOf: Bundle.main.url(forResource: "tips", withExtension: "rules")!)
/// let engine = RuleEngine(rules: rules)
/// ```
public struct RuleSet: Sendable {
    package let program: CompiledProgram
    /// Warnings from compiling (a `RuleSet` exists only when there were no errors).
    public let warnings: [Diagnostic]

    /// Compiles rule text. `name` is the file name diagnostics show.
    public init(source: String, name: String = "<rules>", limits: CompileLimits = CompileLimits()) throws(RuleError) {
        try self.init(file: SourceFile(name: name, text: source), limits: limits)
    }

    /// Reads and compiles a rule file.
    public init(contentsOfFile path: String, limits: CompileLimits = CompileLimits()) throws(RuleError) {
        try self.init(contentsOf: URL(fileURLWithPath: path), limits: limits)
    }

    /// Reads and compiles rules from a URL (a file, or anything `Data(contentsOf:)` reads).
    public init(contentsOf url: URL, limits: CompileLimits = CompileLimits()) throws(RuleError) {
        let name = url.isFileURL ? url.path : url.absoluteString
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: url))
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? error.localizedDescription
            throw RuleError(diagnostics: [.about(name, APIMessages.unreadable(name, reason))])
        }
        try self.init(file: SourceFile(name: name, bytes: bytes), limits: limits)
    }

    private init(file: SourceFile, limits: CompileLimits) throws(RuleError) {
        let compilation = RuleCompiler(limits: limits).compile(file)
        guard let program = compilation.program else {
            throw RuleError(diagnostics: compilation.diagnostics, suppressedCount: compilation.suppressedCount)
        }
        self.program = program
        self.warnings = compilation.diagnostics
    }

    /// The declared events' ids, in file order.
    public var eventIDs: [String] { program.events.map(\.id) }
    /// The events as declared: their payload fields, `limit` and `maxAge` (what a storage is
    /// opened for).
    public var events: [EventSchema] { program.events }
    /// The declared parameters' names, in file order.
    public var parameterNames: [String] { program.parameters.map(\.name) }
    /// The `rule` declarations' names, in file order.
    public var ruleNames: [String] { program.declarations.filter { $0.kind == .rule }.map(\.name) }
    /// Every `let` and `rule` name, in file order.
    public var declarationNames: [String] { program.declarations.map(\.name) }

    /// The declared schema of an event.
    public func schema(ofEvent id: String) -> EventSchema? {
        program.eventIndex(id).map { program.events[$0] }
    }

    /// The type of a `let`, `rule` or parameter.
    public func type(of name: String) -> RuleType? {
        if let index = program.declarationIndex(name) { return program.declarations[index].type }
        if let index = program.parameterIndex(name) { return program.parameters[index].type }
        return nil
    }
}
