import TipRulesSemantics
import TipRulesSyntax

/// The runtime form of a typed expression: a tree of objects the evaluator walks, made once per
/// program (see `RuntimeProgram`).
///
/// Each node kind is a subclass that evaluates itself. Children are `let` references, so
/// walking the tree reads them in place: no switch over a node enum, no copies of tree values
/// and their reference counts, and everything the typed tree resolved (slots, field indices,
/// built-in implementations, constants as values) sits ready in the node.
class Node {
    /// The source range, for runtime errors and the step budget.
    let range: SourceRange
    /// The static type.
    let type: RuleType

    init(_ range: SourceRange, _ type: RuleType) {
        self.range = range
        self.type = type
    }

    /// Evaluates the node: one step, then its own work.
    @inline(__always)
    final func evaluate(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        try ev.tickNode(range)
        return try execute(&ev)
    }

    /// The node's own work; every kind that is evaluated overrides it.
    func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        preconditionFailure("\(Self.self) is only applied, never evaluated")
    }

    // Typed evaluation: a node of type `Int`, `Double` or `Bool` can give its value unboxed, so
    // an arithmetic or comparison tree computes in machine values from the leaves up. Each
    // charges exactly the steps `evaluate` charges. These defaults box and unbox; the node kinds
    // on hot paths override them.

    /// The value of an `Int` node.
    func int(_ ev: inout Evaluator) throws(Interrupt) -> Int {
        guard case .int(let value) = try evaluate(&ev) else { preconditionFailure("an Int node gave another value") }
        return value
    }

    /// The value of a `Double` node, or the seconds since 2001 of a `Date` node.
    func double(_ ev: inout Evaluator) throws(Interrupt) -> Double {
        switch try evaluate(&ev) {
        case .double(let value), .date(let value): return value
        default: preconditionFailure("a Double or Date node gave another value")
        }
    }

    /// The value of a `Bool` node.
    func bool(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        guard case .bool(let value) = try evaluate(&ev) else { preconditionFailure("a Bool node gave another value") }
        return value
    }

    /// The number of elements of a collection node (an array, a set or donations), charging
    /// what `evaluate` charges. Nodes that can count without making the collection override it.
    func count(_ ev: inout Evaluator) throws(Interrupt) -> Int {
        try evaluate(&ev).collectionCount
    }

    /// Whether the value of an optional node is nil (`x == nil`), charging what `evaluate`
    /// charges. Nodes that can answer without making the value (a payload field read from its
    /// column) override it.
    func isNil(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        if case .null = try evaluate(&ev) { return true }
        return false
    }

    /// Applies a function value (a closure or a key path) to one argument.
    func apply(_ ev: inout Evaluator, _ argument: Value) throws(Interrupt) -> Value {
        preconditionFailure("applying a non-function")
    }

    /// Applies a function value to an element of a collection.
    func apply(_ ev: inout Evaluator, _ elements: Elements, _ index: Int) throws(Interrupt) -> Value {
        try apply(&ev, elements.value(at: index))
    }

    /// Applies a predicate to an element of a collection.
    func applyBool(_ ev: inout Evaluator, _ elements: Elements, _ index: Int) throws(Interrupt) -> Bool {
        try applyBool(&ev, elements.value(at: index))
    }

    /// The offsets of the first `limit` elements for which a predicate is `wanted`, in order:
    /// `applyBool` on each in turn, up to the last one kept (or all). With `fromEnd`, tried
    /// from the last element back, as `last(where:)` tries them.
    func offsets(_ ev: inout Evaluator, _ elements: Elements, holding wanted: Bool, limit: Int = .max,
                 fromEnd: Bool = false) throws(Interrupt) -> [Int] {
        var kept: [Int] = []
        guard limit > 0 else { return kept }
        for tried in 0..<elements.count {
            let index = fromEnd ? elements.count - 1 - tried : tried
            guard try applyBool(&ev, elements, index) == wanted else { continue }
            kept.append(index)
            if kept.count == limit { break }
        }
        return kept
    }

    /// A function applied to each element of a collection in turn, as `map` applies it.
    func mapped(_ ev: inout Evaluator, _ elements: Elements) throws(Interrupt) -> [Value] {
        guard case .function(_, let result) = type else { preconditionFailure("map with a node that is no function") }
        return try PlainArrays.make(capacity: elements.count, of: result) { (target, initialized) throws(Interrupt) in
            while initialized < elements.count {
                (target + initialized).initialize(to: try apply(&ev, elements, initialized))
                initialized += 1
            }
        }
    }

    /// Applies a two-parameter closure to a value and an element of a collection.
    func apply(_ ev: inout Evaluator, _ first: Value, _ elements: Elements, _ index: Int) throws(Interrupt) -> Value {
        try apply(&ev, first, elements.value(at: index))
    }

    /// Applies a predicate (a closure or key path to `Bool`).
    func applyBool(_ ev: inout Evaluator, _ argument: Value) throws(Interrupt) -> Bool {
        guard case .bool(let flag) = try apply(&ev, argument) else { preconditionFailure("predicate is not Bool") }
        return flag
    }

    /// Applies a two-parameter closure.
    func apply(_ ev: inout Evaluator, _ first: Value, _ second: Value) throws(Interrupt) -> Value {
        preconditionFailure("applying a non-closure")
    }

    /// Applies a two-parameter predicate to two elements of a collection (an order's
    /// `areInIncreasingOrder`).
    func applyBool(_ ev: inout Evaluator, _ elements: Elements, _ first: Int, _ second: Int) throws(Interrupt) -> Bool {
        guard case .bool(let flag) = try apply(&ev, elements.value(at: first), elements.value(at: second)) else {
            preconditionFailure("predicate is not Bool")
        }
        return flag
    }

    /// What one application of a closure charges (see `TypedExpression.stepSize`).
    var applicationSteps: Int { preconditionFailure("the steps of a non-closure") }

    /// Applies an order's `areInIncreasingOrder` to two elements of a collection, charging
    /// nothing: `sorted(by:)` charged its applications in advance (see
    /// `Evaluator.sortApplications`).
    func applyChargedBool(_ ev: inout Evaluator, _ elements: Elements, _ first: Int, _ second: Int) throws(Interrupt) -> Bool {
        preconditionFailure("applying a non-closure")
    }

    /// `reduce`: applies a two-parameter closure to the accumulated value and each element.
    func fold(_ ev: inout Evaluator, _ initial: Value, _ elements: Elements) throws(Interrupt) -> Value {
        var accumulator = initial
        for index in 0..<elements.count {
            accumulator = try apply(&ev, accumulator, elements, index)
        }
        return accumulator
    }
}
