import TipRulesSemantics
import TipRulesSyntax

import Foundation

/// What would change an answer. Every statement is checked by making the change (donating,
/// moving the clock, setting a parameter) and evaluating again; a statement the check does not
/// confirm is not made, and where no short statement exists, none is.
struct HintFinder {
    let explainer: Explainer
    let tracer: Tracer
    let declaration: Int
    let outcome: Result<Value, Diagnostic>
    /// Changes found while annotating the tree, which also change the declaration's value.
    private var found: [String] = []
    /// Every change the notes describe, to try on the declarations that read this one.
    private(set) var candidates: [Candidate] = []

    /// A change a note describes: more donations, or the clock reaching an instant.
    enum Candidate {
        case donations(String, [Int: [(Double, [Value])]])
        case clock(String, until: Double)
    }

    /// The closure parameter of each `#Rule(subject) { ... }` the evaluation ran, by slot, and
    /// what it stands for: the event, or the parameter's value. A comparison inside such a
    /// closure (TipKit's own form, `$0.donations.count >= 3`) can then be evaluated alone.
    private let ruleSubjects: [Int: TypedExpression]

    init(explainer: Explainer, tracer: Tracer, declaration: Int, outcome: Result<Value, Diagnostic>) {
        self.explainer = explainer
        self.tracer = tracer
        self.declaration = declaration
        self.outcome = outcome
        var subjects: [Int: TypedExpression] = [:]
        for entry in tracer.entries where entry.evaluations > 0 {
            guard case .ruleMacro(let subject, let closure) = entry.expression.node else { continue }
            switch subject.node {
            case .event: subjects[closure.firstSlot] = subject
            case .parameterReference(let index):
                subjects[closure.firstSlot] = TypedExpression(.parameterValue(index), explainer.program.parameters[index].type, subject.range)
            default: break
            }
        }
        ruleSubjects = subjects
    }

    /// The expression with each `#Rule` closure parameter replaced by what it stands for.
    private func standalone(_ expression: TypedExpression) -> TypedExpression {
        if case .local(let slot) = expression.node, var subject = ruleSubjects[slot] {
            subject.range = expression.range
            return subject
        }
        return Optimizer.mapChildren(expression, standalone)
    }

    private var program: CompiledProgram { explainer.program }
    private var now: Double { explainer.options.now.timeIntervalSinceReferenceDate }

    /// Adds notes to the tree's comparisons of stream counts.
    mutating func annotate(_ node: inout ExplainedNode) {
        for index in node.children.indices { annotate(&node.children[index]) }
        guard case .value(.bool(let holds)) = node.state else { return }
        let entry = tracer.entries[node.entry]
        guard case .comparison(let op, _, _) = entry.expression.node, entry.children.count == 2 else { return }
        // The count on the left, as `count OP bound`.
        var comparison = (op: op, count: entry.children[0], bound: entry.children[1])
        if countedStream(comparison.count) == nil {
            comparison = (mirrored(op), entry.children[1], entry.children[0])
        }
        guard let stream = countedStream(comparison.count), !usesLocal(comparison.bound),
              case .int(let count)? = tracer.entries[comparison.count].last,
              case .int(let bound)? = tracer.entries[comparison.bound].last else { return }
        if let group = stream.group { node.notes += groupNotes(stream, group, count: count, needed: needed(comparison.op, bound)) }
        if holds {
            if let note = untilNote(entry.expression, stream, op: comparison.op, count: count, bound: bound) { node.notes.append(note) }
        } else if let note = neededNote(entry.expression, stream, op: comparison.op, count: count, bound: bound) {
            node.notes.append(note)
        }
    }

    /// The rule-level changes: those found in the tree that change the declaration's value,
    /// and the parameters whose other value would.
    func changes() -> [String] {
        found + parameterChanges()
    }

    // MARK: - Counted streams

    /// A count of an event's donations through `donatedWithin` windows, optionally ending in
    /// `largestSubset`/`smallestSubset` (grouped by a payload field).
    struct CountedStream {
        var event: Int
        var window: TimeRange?
        /// The entry of the `donatedWithin` call, whose value is the donations counted.
        var windowed: Int?
        /// The subset counted: largest or smallest, the payload field, and the subset's entry.
        var group: (largest: Bool, field: Int, subset: Int)?
    }

    /// The stream counted by a `.count` node's entry, if it is such a count.
    private func countedStream(_ id: Int) -> CountedStream? {
        let count = tracer.entries[id]
        guard case .builtin(let call) = count.expression.node, call.builtin.id == .arrayCount, var current = count.children.first else { return nil }
        var group: (Bool, Int, Int)?
        if case .builtin(let subset) = tracer.entries[current].expression.node,
           subset.builtin.id == .donationsLargestSubset || subset.builtin.id == .donationsSmallestSubset,
           let argument = subset.arguments.first, case .keyPath(let steps) = argument.node, steps.count == 1,
           case .field(let field, _) = steps[0], let receiver = tracer.entries[current].children.first {
            group = (subset.builtin.id == .donationsLargestSubset, field, current)
            current = receiver
        }
        var window: TimeRange?
        var windowed: Int?
        while case .builtin(let call) = tracer.entries[current].expression.node {
            switch call.builtin.id {
            case .donationsDonatedWithin:
                let children = tracer.entries[current].children
                guard window == nil, children.count == 2, case .timeRange(let range)? = tracer.entries[children[1]].last else { return nil }
                let receiver = children[0]
                window = range
                windowed = current
                current = receiver
            case .eventDonations:
                guard let receiver = call.receiver.map(standalone), case .event(let event) = receiver.node else { return nil }
                return CountedStream(event: event, window: window, windowed: windowed, group: group)
            default:
                return nil
            }
        }
        return nil
    }

    // MARK: - Needing more donations

    /// "needs 1 more 'didLogin' donation within the last week", checked by donating.
    private mutating func neededNote(_ comparison: TypedExpression, _ stream: CountedStream, op: ComparisonOperator, count: Int, bound: Int) -> String? {
        let needed: Int
        switch op {
        case .greaterOrEqual: needed = bound - count
        case .greater: needed = bound - count + 1
        case .equal: needed = bound - count
        default: return nil
        }
        guard needed > 0, needed <= 10_000, let payload = payload(for: stream) else { return nil }
        let now = self.now
        let extra = { (count: Int) in [stream.event: Array(repeating: (now, payload), count: count)] }
        let comparison = standalone(comparison)
        guard explainer.value(of: comparison, extra: extra(needed)) == .bool(true) else { return nil }
        if needed > 1, explainer.value(of: comparison, extra: extra(needed - 1)) != .bool(false) { return nil }
        let what = "\(needed) more '\(program.events[stream.event].id)' donation\(needed == 1 ? "" : "s")\(groupText(stream))\(windowText(stream))"
        candidates.append(.donations(what, extra(needed)))
        if let change = HintFinder.check(.donations(what, extra(needed)), explainer: explainer, declaration: declaration, outcome: outcome) {
            found.append(change)
        }
        return "needs " + what
    }

    /// The payload of donations made to check a change: the newest of the group counted, or
    /// of the event (none is needed for an event without payload).
    private func payload(for stream: CountedStream) -> [Value]? {
        let fields = program.events[stream.event].fields
        if let group = stream.group, case .donations(let list)? = tracer.entries[group.subset].last, list.count > 0 {
            let position = list.position(at: list.count - 1)
            return list.stream.columns.map { $0[position] }
        }
        if fields.isEmpty { return [] }
        guard let stored = try? explainer.donations.stream(for: program.events[stream.event]), stored.count > 0 else { return nil }
        return stored.columns.map { $0[stored.count - 1] }
    }

    private func groupText(_ stream: CountedStream) -> String {
        guard let group = stream.group, let key = groupKey(stream, group) else { return "" }
        return " with \(program.events[stream.event].fields[group.field].name) = \(key)"
    }

    private func windowText(_ stream: CountedStream) -> String {
        guard let window = stream.window else { return "" }
        return " within the last " + (window.count == 1 ? window.unit.rawValue : "\(window.count) \(window.unit.rawValue)s")
    }

    // MARK: - Groups

    private func groupKey(_ stream: CountedStream, _ group: (largest: Bool, field: Int, subset: Int)) -> String? {
        guard case .donations(let list)? = tracer.entries[group.subset].last, list.count > 0 else { return nil }
        let field = program.events[stream.event].fields[group.field]
        return ValueFormatter.text(list.stream.columns[group.field][list.position(at: 0)], field.type)
    }

    private func groupNotes(_ stream: CountedStream, _ group: (largest: Bool, field: Int, subset: Int), count: Int, needed: Int?) -> [String] {
        guard let key = groupKey(stream, group) else { return [] }
        let field = program.events[stream.event].fields[group.field].name
        var note = "the \(group.largest ? "largest" : "smallest") group is \(field) = \(key), with \(ExplainText.donations(count))"
        if let needed { note += " (\(needed) needed)" }
        return [note]
    }

    /// The least count that satisfies `count OP bound`, for `>=`, `>` and `==`.
    private func needed(_ op: ComparisonOperator, _ bound: Int) -> Int? {
        switch op {
        case .greaterOrEqual, .equal: return bound
        case .greater: return bound + 1
        default: return nil
        }
    }

    // MARK: - Staying true

    /// "stays true until T, when the oldest counted donation leaves the window", checked by
    /// evaluating just before T and at T.
    private mutating func untilNote(_ comparison: TypedExpression, _ stream: CountedStream, op: ComparisonOperator, count: Int, bound: Int) -> String? {
        guard let window = stream.window, let windowed = stream.windowed, stream.group == nil else { return nil }
        let spare: Int
        switch op {
        case .greaterOrEqual: spare = count - bound
        case .greater: spare = count - bound - 1
        default: return nil
        }
        guard spare >= 0, case .donations(let list)? = tracer.entries[windowed].last, spare < list.count else { return nil }
        let leaving = list.stream.dates[list.position(at: spare)]
        // `until` is the first whole second without the donation; the rule holds through the
        // second before it.
        guard let until = firstInstant(after: leaving, window: window),
              explainer.value(of: standalone(comparison), now: until - 1) == .bool(true),
              explainer.value(of: standalone(comparison), now: until) == .bool(false) else { return nil }
        let which = spare == 0 ? "the oldest counted donation leaves" : "\(spare + 1) counted donations have left"
        let note = "stays true until \(ExplainText.instant(until - 1, explainer.options.timeZone)), when \(which) the window"
        candidates.append(.clock(note, until: until))
        if let change = HintFinder.check(.clock(note, until: until), explainer: explainer, declaration: declaration, outcome: outcome) {
            found.append(change)
        }
        return note
    }

    /// The first whole second at which a donation dated `date` is outside the window.
    private func firstInstant(after date: Double, window: TimeRange) -> Double? {
        let options = explainer.options
        func leftBehind(_ instant: Double) -> Bool {
            guard let cutoff = CalendarSteps.back(from: instant, window.unit, window.count, calendar: options.calendar,
                                                  fixedOffset: options.fixedOffset) else { return false }
            return cutoff > date
        }
        var low = now.rounded(.down)
        var high = low + 1
        while !leftBehind(high) {
            high = low + (high - low) * 2
            if high - now > 400 * 86_400 * Double(max(1, window.count)) { return nil }
        }
        while high - low > 1 {
            let middle = ((low + high) / 2).rounded(.down)
            if leftBehind(middle) { high = middle } else { low = middle }
        }
        return high
    }

    /// The statement of a change for a declaration, when making it changes the declaration's
    /// value (checked by evaluating), or nil.
    static func check(_ candidate: Candidate, explainer: Explainer, declaration: Int, outcome: Result<Value, Diagnostic>) -> String? {
        guard case .success(let current) = outcome else { return nil }
        let type = explainer.program.declarations[declaration].type
        switch candidate {
        case .donations(let what, let extra):
            guard let changed = explainer.value(ofDeclaration: declaration, extra: extra), changed != current else { return nil }
            return "\(what) would make it \(ExplainText.value(changed, type))"
        case .clock(let note, let until):
            guard explainer.value(ofDeclaration: declaration, now: until - 1) == current,
                  let later = explainer.value(ofDeclaration: declaration, now: until), later != current else { return nil }
            return "it " + note.replacingOccurrences(of: "stays true", with: "stays \(ExplainText.value(current, type))")
                + " (then \(ExplainText.value(later, type)))"
        }
    }

    // MARK: - Parameters

    /// "false if 'isLoggedIn' were false": each `Bool` parameter the evaluation read, flipped.
    private func parameterChanges() -> [String] {
        guard case .success(let current) = outcome else { return [] }
        var read: Set<Int> = []
        for entry in tracer.entries where entry.evaluations > 0 {
            switch entry.expression.node {
            case .parameterValue(let index): read.insert(index)
            case .ruleMacro(let subject, _): if case .parameterReference(let index) = subject.node { read.insert(index) }
            default: break
            }
        }
        var changes: [String] = []
        for index in read.sorted() {
            guard case .bool(let flag) = explainer.parameterValues[index] else { continue }
            var flipped = explainer.parameterValues
            flipped[index] = .bool(!flag)
            if let changed = explainer.value(ofDeclaration: declaration, parameters: flipped), changed != current {
                changes.append("\(ExplainText.value(changed, program.declarations[declaration].type)) if '\(program.parameters[index].name)' were \(!flag)")
            }
        }
        return changes
    }

    // MARK: - Helpers

    private func mirrored(_ op: ComparisonOperator) -> ComparisonOperator {
        switch op {
        case .less: return .greater
        case .lessOrEqual: return .greaterOrEqual
        case .greater: return .less
        case .greaterOrEqual: return .lessOrEqual
        case .equal, .notEqual: return op
        }
    }

    /// Whether a subexpression reads a closure's parameter (and so cannot be evaluated alone).
    private func usesLocal(_ id: Int) -> Bool {
        let entry = tracer.entries[id]
        switch entry.expression.node {
        case .local(let slot): if ruleSubjects[slot] == nil { return true }
        case .closure: return true
        case .field(let base, _): if case .local(let slot) = base.node, ruleSubjects[slot] == nil { return true }
        case .builtin(let call): if let receiver = call.receiver, case .local(let slot) = receiver.node, ruleSubjects[slot] == nil { return true }
        default: break
        }
        return entry.children.contains(where: usesLocal)
    }
}
