import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// The outcome of evaluating a `let`, a `rule` or an expression: its value, or the runtime
/// error where Swift would have trapped.
public struct RuleResult: Sendable, CustomStringConvertible {
    /// The declaration's name, or the expression's text.
    public let name: String
    /// The static type.
    public let type: RuleType
    /// The value, or the runtime error located at the failing subexpression.
    public let outcome: Result<Value, Diagnostic>

    package init(_ result: EvaluationResult) {
        name = result.name
        type = result.type
        // (Arrays in ordinary storage: the embedder may write anything into one it owns, see
        // `PlainArrays`.)
        outcome = result.outcome.map(\.withOrdinaryStorage)
    }

    /// The value, when evaluation succeeded.
    public var value: Value? { try? outcome.get() }
    /// The runtime error, when evaluation failed.
    public var error: Diagnostic? {
        if case .failure(let error) = outcome { return error }
        return nil
    }

    /// The value decoded into a Swift type, or the runtime error.
    ///
    /// ```swift
    /// let favourite = try engine.evaluate("favouriteName").decode(as: String?.self)
    /// ```
    public func decode<T: Decodable>(as type: T.Type) throws(Diagnostic) -> T {
        let value = try outcome.get()
        do {
            return try ValueDecoder.decode(T.self, from: value, self.type)
        } catch {
            throw .about(name, APIMessages.undecodable(name, self.type, swiftType: "\(T.self)", "\(error)"))
        }
    }

    /// `name: Type = value`, as `tiprules eval` prints it.
    public var description: String {
        switch outcome {
        case .success(let value): return "\(name): \(type) = \(ValueFormatter.text(value, type))"
        case .failure(let error): return "\(name): \(type) = error: \(error.message)"
        }
    }

    /// The value as JSON, as `tiprules eval --json` writes values.
    public var json: String? { value.map { ValueFormatter.json($0, type) } }
}
