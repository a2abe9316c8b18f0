import TipRulesSemantics
import TipRulesSyntax

import Foundation

/// Turns a tracer's entries into the explanation tree of one declaration: states, closure
/// summaries and stream pipelines.
struct TreeBuilder {
    let tracer: Tracer
    let program: CompiledProgram
    let options: EvaluationOptions

    /// The declarations a declaration read while it was evaluated, in the order of its tree.
    func references(in root: Int) -> [Int] {
        var found: [Int] = []
        func visit(_ id: Int) {
            let entry = tracer.entries[id]
            if case .declaration(let index) = entry.expression.node, entry.evaluations > 0 { found.append(index) }
            entry.children.forEach(visit)
        }
        visit(root)
        return found
    }

    func node(_ id: Int) -> ExplainedNode {
        let entry = tracer.entries[id]
        let expression = entry.expression
        var children: [ExplainedNode] = []
        for child in entry.children {
            if case .closure = tracer.entries[child].expression.node {
                children.append(closureSummary(child, applier: entry))
            } else {
                children.append(node(child))
            }
        }
        var node = ExplainedNode(entry: id, range: expression.range, type: expression.type, state: state(entry), children: children,
                                 pipeline: nil, notes: [], reference: nil, isQuiet: false)
        if expression.type == .timeRange { node.isQuiet = true }
        switch expression.node {
        case .constant, .keyPath, .parameterReference:
            node.isQuiet = true
        case .declaration(let index):
            let declaration = program.declarations[index]
            node.reference = "\(declaration.kind.rawValue) \(declaration.name)"
        case .wrapOptional:
            // The same value as its operand, as an optional: one line for both.
            node.children = node.children.map { child in
                var quiet = child
                quiet.isQuiet = child.range == node.range || quiet.isQuiet
                return quiet
            }
        case .builtin(let call):
            if let stage = pipelineStage(call, entry: entry, children: &node.children) { node.pipeline = stage }
        default:
            break
        }
        return node
    }

    private func state(_ entry: Tracer.Entry) -> ExplainedNode.State {
        if entry.evaluations == 0 { return .notEvaluated }
        if let error = entry.error { return .failed(error) }
        if let value = entry.last { return .value(value) }
        return entry.endedChain ? .endedChain : .interrupted
    }

    // MARK: - Pipelines

    /// `didLogin.donations 12 → .donatedWithin(.week) 2 (since …) → .count 2`: a call on a
    /// stream (or on a stage of one) extends its receiver's pipeline, which then says no more.
    private func pipelineStage(_ call: BuiltinCall, entry: Tracer.Entry, children: inout [ExplainedNode]) -> String? {
        guard let receiver = call.receiver, entry.evaluations == 1, let value = entry.last else { return nil }
        let text = program.file.text(in: call.range)
        if call.builtin.id == .eventDonations {
            if !children.isEmpty { children[0].isQuiet = true }
            return "\(text) \(ExplainText.count(value))"
        }
        guard !children.isEmpty, let previous = children[0].pipeline else { return nil }
        children[0].pipeline = nil
        children[0].isQuiet = true
        var stage = program.file.text(in: SourceRange(start: receiver.range.end, end: call.range.end))
        stage = stage.trimmingCharacters(in: .whitespacesAndNewlines)
        var line = "\(previous) → \(stage) \(ExplainText.count(value))"
        if call.builtin.id == .donationsDonatedWithin, entry.children.count > 1,
           case .timeRange(let range)? = tracer.entries[entry.children[1]].last,
           let cutoff = cutoff(range) {
            line += " (since \(ExplainText.instant(cutoff, options.timeZone)))"
        }
        return line
    }

    /// The start of a `donatedWithin` window at the evaluation's clock.
    func cutoff(_ range: TimeRange) -> Double? {
        let now = options.now.timeIntervalSinceReferenceDate
        if range.count == 0 { return now }
        return CalendarSteps.back(from: now, range.unit, range.count, calendar: options.calendar, fixedOffset: options.fixedOffset)
    }

    // MARK: - Closures

    /// One line for a closure applied to many elements: how many passed, or which decided.
    private func closureSummary(_ id: Int, applier: Tracer.Entry) -> ExplainedNode {
        let closure = tracer.entries[id]
        var node = ExplainedNode(entry: id, range: closure.expression.range, type: closure.expression.type, state: .notEvaluated,
                                 children: [], pipeline: nil, notes: [], reference: nil, isQuiet: false)
        guard let bodyID = closure.children.first else { return node }
        let body = tracer.entries[bodyID]
        let count = body.evaluations
        guard count > 0 else { return node }
        if let (element, error) = firstError(in: bodyID) {
            node.state = .closure("error at element \(element): \(error.message)")
            return node
        }
        guard case .builtin(let call) = applier.expression.node else {
            node.state = .closure("applied \(ExplainText.times(count))")
            return node
        }
        let elements = applier.children.first.flatMap { tracer.entries[$0].last }
        let elementType: RuleType
        switch applier.children.first.map({ tracer.entries[$0].expression.type }) {
        case .array(let type)?, .set(let type)?: elementType = type
        default: elementType = .error
        }
        func element(_ elements: Value?, _ index: Int) -> String { self.element(elements, index, elementType) }
        switch call.builtin.id {
        case .arrayFilter, .arrayCountWhere:
            node.state = .closure("true for \(body.trueCount) of \(count)")
        case .arrayContainsWhere, .arrayFirstWhere:
            if let index = body.firstTrue {
                node.state = .closure("first true at element \(index + 1) of \(count) tried: \(element(elements, index))")
            } else {
                node.state = .closure("false for all \(count)")
            }
        case .arrayAllSatisfy:
            if let index = body.firstFalse {
                node.state = .closure("false at element \(index + 1) of \(count) tried: \(element(elements, index))")
            } else {
                node.state = .closure("true for all \(count)")
            }
        case .arrayLastWhere:
            node.state = .closure("true for \(body.trueCount) of \(count) tried")
        default:
            node.state = .closure("applied \(ExplainText.times(count))")
        }
        return node
    }

    /// The element a closure was applied to, as text.
    private func element(_ elements: Value?, _ index: Int, _ type: RuleType) -> String {
        guard let elements else { return "?" }
        switch elements {
        case .donations(let list) where index < list.count:
            return ExplainText.value(.donation(list.stream, list.position(at: index)), .donation(list.stream.schema.id))
        case .array(let items) where index < items.count:
            return ExplainText.value(items[index], type)
        default:
            return "?"
        }
    }

    /// The element (counted from 1) at which a closure body raised an error, and the error.
    private func firstError(in id: Int) -> (Int, Diagnostic)? {
        let entry = tracer.entries[id]
        if let error = entry.error { return (entry.evaluations, error) }
        for child in entry.children {
            if let found = firstError(in: child) { return (tracer.entries[id].evaluations, found.1) }
        }
        return nil
    }
}
