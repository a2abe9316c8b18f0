import TipRulesSemantics

/// How a declaration's value can depend on the evaluation clock, worked out once per program
/// from its typed tree (see `ResultMemo`).
///
/// Over the same donations and parameters, a declaration that never reads the clock itself
/// (`Date.now`, `donatedWithin`, an event's `maxAge`) still sees the clock through its events'
/// cuts: only donations dated at or before now exist. Once every donation of the events it
/// reads is dated at or before the clock, moving the clock forward changes nothing.
struct ClockDependence: Sendable {
    /// Whether the value may change with the clock however the donations are dated.
    var readsClock: Bool
    /// The events whose donations the declaration may read, directly or through the
    /// declarations it uses.
    var events: [Int]

    /// The dependence of every declaration of a program, by declaration index.
    static func of(_ program: CompiledProgram) -> [ClockDependence] {
        var finder = Finder(program: program)
        return program.declarations.indices.map { finder.dependence(ofDeclaration: $0) }
    }

    private struct Finder {
        let program: CompiledProgram
        var found: [Int: ClockDependence] = [:]

        mutating func dependence(ofDeclaration index: Int) -> ClockDependence {
            if let known = found[index] { return known }
            // Declarations never refer to themselves (the checker rejects cycles); the
            // conservative entry only guards this walk.
            found[index] = ClockDependence(readsClock: true, events: [])
            var dependence = ClockDependence(readsClock: false, events: [])
            var events = Set<Int>()
            visit(program.declarations[index].body, &dependence.readsClock, &events)
            dependence.events = events.sorted()
            found[index] = dependence
            return dependence
        }

        private mutating func visit(_ expression: TypedExpression, _ readsClock: inout Bool, _ events: inout Set<Int>) {
            switch expression.node {
            case .event(let index):
                events.insert(index)
                if program.events[index].maxAge != nil { readsClock = true }
            case .declaration(let index):
                let used = dependence(ofDeclaration: index)
                if used.readsClock { readsClock = true }
                events.formUnion(used.events)
            case .builtin(let call) where call.builtin.id == .dateNow || call.builtin.id == .donationsDonatedWithin:
                readsClock = true
            case .fused(_, _, let unfused):
                // The calls the fused form stands for say everything it reads.
                visit(unfused, &readsClock, &events)
                return
            default:
                break
            }
            var children: [TypedExpression] = []
            forEachChild(of: expression) { children.append($0) }
            for child in children { visit(child, &readsClock, &events) }
        }
    }
}
