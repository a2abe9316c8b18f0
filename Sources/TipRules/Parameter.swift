import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// A parameter of the rules, as TipKit's `@Parameter`: the host sets it, rules read it.
/// Get one from `RuleEngine.parameter(_:as:)`.
///
/// ```swift
/// let isLoggedIn = try engine.parameter("isLoggedIn", as: Bool.self)
/// try isLoggedIn.set(true)
/// ```
public struct Parameter<T: Codable & Sendable>: Sendable {
    let engine: RuleEngine
    let index: Int

    /// The parameter's name, as declared.
    public var name: String { engine.rules.program.parameters[index].name }

    /// The current value: the declared default until set.
    public var value: T {
        get throws(Diagnostic) {
            let declared = engine.rules.program.parameters[index]
            do {
                return try ValueDecoder.decode(T.self, from: engine.parameterValue(index), declared.type)
            } catch {
                throw APIErrors.at(APIMessages.undecodable(declared.name, declared.type, swiftType: "\(T.self)", "\(error)"),
                                   engine.rules.program.file, declared.range, subject: declared.name)
            }
        }
    }

    /// Sets the value for every later evaluation.
    public func set(_ value: T) throws(Diagnostic) {
        let declared = engine.rules.program.parameters[index]
        let encoded: Value
        do {
            encoded = try ValueEncoder.value(of: value)
        } catch {
            throw APIErrors.at(APIMessages.unencodable("\(T.self)", "\(error)"), engine.rules.program.file, declared.range, subject: declared.name)
        }
        try engine.setParameterValue(index, encoded)
    }

    /// Restores the declared default.
    public func reset() {
        let declared = engine.rules.program.parameters[index]
        try? engine.setParameterValue(index, Value(declared.defaultValue))
    }
}
