import TipRulesSemantics

/// How a declaration's value can depend on the evaluation clock, worked out once per program
/// from its typed tree (see `ResultMemo`).
///
/// Over the same donations and parameters, the clock reaches a declaration's value in three
/// ways: directly (`Date.now`), through windows (`donatedWithin`, an event's `maxAge`: which
/// donations are dated at or after `now` moved back), and through its events' cuts (only
/// donations dated at or before `now` exist). Moving the clock changes nothing that does not
/// read it directly, as long as no donation crosses a window's start or the clock itself.
struct ClockDependence: Sendable {
    /// Whether the value may change with every move of the clock: it reads `Date.now`, or a
    /// window whose length is computed.
    var readsNow: Bool
    /// The windows it may apply, to any of `events`: constant `donatedWithin` ranges and the
    /// events' `maxAge`s.
    var windows: [TimeRange]
    /// The events whose donations the declaration may read, directly or through the
    /// declarations it uses.
    var events: [Int]

    /// Works out the dependences of a program's declarations as they are asked for, keeping
    /// each one found (a declaration's includes those of the declarations it uses).
    struct Finder {
        let program: CompiledProgram
        /// By declaration index (an array: asked at every evaluation of a rule that reads the
        /// clock, where hashing the index would cost more than the rest of the lookup).
        private var found: [ClockDependence?]

        init(program: CompiledProgram) {
            self.program = program
            found = Array(repeating: nil, count: program.declarations.count)
        }

        /// What a walk has found so far.
        private struct Uses {
            var readsNow = false
            var windows = Set<TimeRange>()
            var events = Set<Int>()
        }

        mutating func dependence(ofDeclaration index: Int) -> ClockDependence {
            if let known = found[index] { return known }
            // Declarations never refer to themselves (the checker rejects cycles); the
            // conservative entry only guards this walk.
            found[index] = ClockDependence(readsNow: true, windows: [], events: [])
            let dependence = self.dependence(of: program.declarations[index].body)
            found[index] = dependence
            return dependence
        }

        /// The dependence of an expression compiled against the program (not kept).
        mutating func dependence(of expression: TypedExpression) -> ClockDependence {
            var uses = Uses()
            visit(expression, &uses)
            for event in uses.events {
                if let maxAge = program.events[event].maxAge { uses.windows.insert(maxAge) }
            }
            return ClockDependence(readsNow: uses.readsNow, windows: Array(uses.windows), events: uses.events.sorted())
        }

        /// A time range written with constants (`.week`, `.days(3)`), as evaluating it gives it.
        private static func constantTimeRange(_ expression: TypedExpression) -> TimeRange? {
            switch expression.node {
            case .constant(.timeRange(let range)):
                return range
            case .builtin(let call):
                guard let (unit, plural) = call.builtin.id.timeRangeUnit else { return nil }
                guard plural else { return TimeRange(unit: unit, count: 1, isFunctionForm: false) }
                guard case .constant(.int(let count))? = call.arguments.first?.node else { return nil }
                return TimeRange(unit: unit, count: count, isFunctionForm: true)
            default:
                return nil
            }
        }

        private mutating func visit(_ expression: TypedExpression, _ uses: inout Uses) {
            switch expression.node {
            case .event(let index):
                uses.events.insert(index)
            case .declaration(let index), .declarationList(let index):
                let used = dependence(ofDeclaration: index)
                if used.readsNow { uses.readsNow = true }
                uses.windows.formUnion(used.windows)
                uses.events.formUnion(used.events)
            case .builtin(let call) where call.builtin.id == .dateNow:
                uses.readsNow = true
            case .builtin(let call) where call.builtin.id == .donationsDonatedWithin:
                if let argument = call.arguments.first, let window = Finder.constantTimeRange(argument) {
                    uses.windows.insert(window)
                } else {
                    uses.readsNow = true
                }
            case .fused(_, _, let unfused):
                // The calls the fused form stands for say everything it reads.
                visit(unfused, &uses)
                return
            default:
                break
            }
            var children: [TypedExpression] = []
            forEachChild(of: expression) { children.append($0) }
            for child in children { visit(child, &uses) }
        }
    }
}
