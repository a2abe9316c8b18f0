/// A `let` whose value is what a row mapping computed from the donations of a list, made from
/// the columns (`let scores = didRate.donations.map(\.score)`, `let comments =
/// didRate.donations.compactMap(\.comment)`; see `FusedOperation.mapped`): what a reader of it
/// needs to compute those values from the columns again.
///
/// A chain over such a `let` (`scores.map { ($0 - mean) * ($0 - mean) }.reduce(0, +)`,
/// `comments.filter { $0.count > 7 }.count`) is then a chain over the list the declaration went
/// through (`TypedNode.declarationList`), with the declaration's mapping composed into its
/// closures, and fuses as a chain over donations does, instead of walking the array of values
/// element by element. Reading the list charges what reading the `let` charges, and the list's
/// rows are the array's elements, one for one, so the chain charges what it charged over the
/// array.
package struct MappedDeclaration: Sendable {
    /// The type of the donation list the declaration's mapping went through.
    package let list: RuleType
    /// What the declaration computed from each donation of the list.
    package let mapping: RowPredicate.Operand

    /// What a reader of a declaration whose optimized value is `body` can compute again, or nil
    /// when it is not the values of a row mapping of the row, constants, parameters, the clock
    /// and subexpressions the same for every row (hoisted), or when the mapping charges work per
    /// row (a string's `count`), which a reader would charge again.
    ///
    /// A hoisted subexpression (`mean` in `let deviations = scores.map { abs($0 - mean) }`) is
    /// evaluated again by each reader's scan, after the reader evaluated the declaration: the
    /// declaration's own scan evaluated it then (over a list with rows; over none, neither
    /// evaluates it), so any `let` in it is known, and evaluating it again charges nothing and
    /// gives the same value, as a hoisted subexpression evaluated with no charge may (see
    /// `HoistedExpression`).
    package init?(body: TypedExpression) {
        // (The case tested before its payload is bound: binding copies the whole fused
        // operation, and this is asked of every declaration of a file.)
        guard case .fused(.mapped, _, _) = body.node,
              case .fused(.mapped(let list, let mapping, _), _, _) = body.node, case .array(.donation) = list.type,
              !mapping.chargesWork,
              !mapping.contains(where: { operand in
                  switch operand {
                  case .accumulator, .outerLocal, .outerField, .outerDate: return true
                  default: return false
                  }
              }) else { return nil }
        self.list = list.type
        self.mapping = mapping
    }
}
