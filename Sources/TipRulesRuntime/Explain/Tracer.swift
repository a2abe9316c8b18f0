import TipRulesSemantics
import TipRulesSyntax

/// What a traced evaluation saw at each node of the program: made with the node trees of one
/// explanation (`NodeCompiler` with a tracer), filled while they are evaluated, then read to
/// build the explanation. Plain evaluation never makes one.
///
/// Entries mirror the typed tree as it was lowered: each has the typed expression and its
/// children's entry ids, so the explanation follows exactly the nodes that ran.
package final class Tracer {
    /// One typed expression as lowered, and what evaluating it gave.
    package struct Entry {
        package var expression: TypedExpression
        package var children: [Int]
        /// How many times the node was evaluated (more than once inside a closure).
        package var evaluations = 0
        /// The first and last values it gave.
        package var first: Value?
        package var last: Value?
        /// For a `Bool` node: how many evaluations gave true, and the first that gave true and
        /// the first that gave false (counted from 0).
        package var trueCount = 0
        package var firstTrue: Int?
        package var firstFalse: Int?
        /// The runtime error raised at this node (not passed up from below).
        package var error: Diagnostic?
        /// Whether an optional chain ended at this node with nil.
        package var endedChain = false
    }

    package private(set) var entries: [Entry] = []
    /// The root entry of each traced declaration's body, by declaration index.
    package private(set) var declarationRoots: [Int: Int] = [:]
    private var stack: [[Int]] = []
    /// The declaration whose body is being lowered.
    private var declaration = 0

    package init() {}

    func beginDeclaration(_ index: Int) {
        stack = []
        declaration = index
    }

    func begin() {
        stack.append([])
    }

    func end(_ expression: TypedExpression) -> Int {
        let children = stack.removeLast()
        let id = entries.count
        entries.append(Entry(expression: expression, children: children))
        if stack.isEmpty {
            declarationRoots[declaration] = id
        } else {
            stack[stack.count - 1].append(id)
        }
        return id
    }

    func record(_ id: Int, _ value: Value) {
        entries[id].evaluations += 1
        if entries[id].first == nil { entries[id].first = value }
        entries[id].last = value
        if case .bool(let flag) = value {
            let index = entries[id].evaluations - 1
            if flag {
                entries[id].trueCount += 1
                if entries[id].firstTrue == nil { entries[id].firstTrue = index }
            } else if entries[id].firstFalse == nil {
                entries[id].firstFalse = index
            }
        }
    }

    func record(_ id: Int, _ interrupt: Interrupt) {
        entries[id].evaluations += 1
        switch interrupt {
        case .failure(let diagnostic):
            // Only where the error arose: a parent that passes it up has a child with it.
            let fromChild = entries[id].children.contains { entries[$0].error == diagnostic }
            if !fromChild && entries[id].error == nil { entries[id].error = diagnostic }
        case .nilInChain:
            entries[id].endedChain = true
        }
    }
}

/// A node that records what its wrapped node gives. It charges no steps of its own: the
/// wrapped node's work and steps are exactly those of an untraced evaluation.
final class TraceNode: Node {
    let inner: Node
    let id: Int
    let tracer: Tracer

    init(_ inner: Node, id: Int, tracer: Tracer) {
        self.inner = inner
        self.id = id
        self.tracer = tracer
        super.init(inner.range, inner.type)
    }

    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        do {
            let value = try inner.execute(&ev)
            tracer.record(id, value)
            return value
        } catch {
            tracer.record(id, error)
            throw error
        }
    }

    override func int(_ ev: inout Evaluator) throws(Interrupt) -> Int {
        do {
            let value = try inner.int(&ev)
            tracer.record(id, .int(value))
            return value
        } catch {
            tracer.record(id, error)
            throw error
        }
    }

    override func double(_ ev: inout Evaluator) throws(Interrupt) -> Double {
        do {
            let value = try inner.double(&ev)
            tracer.record(id, type == .date ? .date(value) : .double(value))
            return value
        } catch {
            tracer.record(id, error)
            throw error
        }
    }

    override func bool(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        do {
            let value = try inner.bool(&ev)
            tracer.record(id, .bool(value))
            return value
        } catch {
            tracer.record(id, error)
            throw error
        }
    }
}
