import TipRulesRuntime
import TipRulesSemantics

/// A parameter value as a person types it on a command line or at the REPL: JSON (`true`, `3`,
/// `"Ann"`, `null`, `["a"]`), or a bare word taken as a string.
enum ParameterText {
    /// The value for a parameter, or why the text is not one.
    static func value(_ text: String, for parameter: ParameterInfo) -> Result<Value, UsageProblem> {
        let json: JSONValue
        switch JSONParser.parse(Array(text.utf8)) {
        case .success(let value): json = value
        case .failure: json = .string(text)
        }
        switch DonationLog.decode(json, as: parameter.type) {
        case .success(let value): return .success(value)
        case .failure(let reason): return .failure(UsageProblem(description: "parameter '\(parameter.name)' \(reason.text)"))
        }
    }
}
