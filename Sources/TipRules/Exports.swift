import TipRulesRuntime
import TipRulesStore
import TipRulesSemantics
import TipRulesSyntax

// The layers' types an embedder meets, under the facade's name. Everything else in the lower
// layers (the typed tree, columns, fused operations, the evaluator) stays `package`.

/// A problem located in a source: a compile error, a runtime error, a rejected donation or a
/// refused API call. See `TipRulesSyntax.Diagnostic`.
public typealias Diagnostic = TipRulesSyntax.Diagnostic
/// How serious a diagnostic is.
public typealias Severity = TipRulesSyntax.Severity
/// A named piece of text that diagnostics point into.
public typealias SourceFile = TipRulesSyntax.SourceFile
/// A range of UTF-8 offsets in a source file.
public typealias SourceRange = TipRulesSyntax.SourceRange
/// A 1-based line and column.
public typealias SourceLocation = TipRulesSyntax.SourceLocation
/// Renders diagnostics as compilers do: location, source line, caret, notes and fix-its.
public typealias DiagnosticRenderer = TipRulesSyntax.DiagnosticRenderer
/// Renders diagnostics as JSON objects, for editors and scripts.
public typealias DiagnosticJSON = TipRulesSyntax.DiagnosticJSON
/// Bounds on rule text: size, nesting and the number of diagnostics.
public typealias CompileLimits = TipRulesSyntax.CompileLimits
/// The static type of a rule value, spelled as Swift spells it.
public typealias RuleType = TipRulesSemantics.RuleType
/// A donation time range, TipKit's `DonationTimeRange`.
public typealias TimeRange = TipRulesSemantics.TimeRange
/// An event's payload fields and stream options, as declared.
public typealias EventSchema = TipRulesSemantics.EventSchema
/// A rule value.
public typealias Value = TipRulesRuntime.Value
/// Where evaluations read donations from.
public typealias DonationSource = TipRulesRuntime.DonationSource
/// A donation source that also records donations.
public typealias DonationStorage = TipRulesRuntime.DonationStorage
/// Donations in memory, shared between threads.
public typealias InMemoryDonationStorage = TipRulesRuntime.InMemoryDonationStorage
/// Donations kept in a SQLite file, for any number of subjects. See
/// `TipRulesStore.SQLiteDonationStorage`.
public typealias SQLiteDonationStorage = TipRulesStore.SQLiteDonationStorage
/// Donations in a PostgreSQL database shared by many processes. See
/// `TipRulesStore.PostgresDonationStorage`.
public typealias PostgresDonationStorage = TipRulesStore.PostgresDonationStorage
