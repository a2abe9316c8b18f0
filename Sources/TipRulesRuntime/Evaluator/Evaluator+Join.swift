import TipRulesSemantics

/// What a join index says of the value an enclosing element has now (see `JoinPlan`).
struct JoinLookup {
    /// The donations with that value that `rest` holds for; nil when there are none.
    let matches: JoinMatches?
}

extension Evaluator {
    /// The donations of a list that a scan's predicate holds for, from the node's join index
    /// when the predicate is a join (see `JoinPlan`) over a contiguous list of an `Int` or
    /// `String` field; the index is built the second time the list is scanned in one state.
    /// Nil when the scan is to test the rows itself. (Inlined, so that a predicate without a
    /// join plan, nearly all, costs its scan one test.)
    @inline(__always)
    func joinLookup(_ list: DonationList, _ filters: BoundFilterCache) -> JoinLookup? {
        guard filters.joinPlan != nil else { return nil }
        return plannedJoinLookup(list, filters)
    }

    @inline(never)
    private func plannedJoinLookup(_ list: DonationList, _ filters: BoundFilterCache) -> JoinLookup? {
        guard let plan = filters.joinPlan, case .contiguous(let rows) = list.positions else { return nil }
        switch list.stream.columns[plan.field] {
        case .int, .string: break
        default: return nil
        }
        let restValues = plan.rest.map { invariantValues(of: $0.variableInvariants) } ?? []
        let clock = plan.rest?.readsClock == true ? now : 0
        let (kept, build) = filters.joins.lookUp(list.stream, rows, clock: clock, restValues)
        if let kept { return JoinLookup(matches: kept.matches(of: invariant(plan.key))) }
        guard build else { return nil }
        var positions: [Int] = []
        if let rest = plan.rest, rest.hasPredicate {
            let bound = boundFilter(list.stream, rest)
            defer { rest.put(bound) }
            _ = scanBatches(list, bound, reverse: false, stopsEarly: false) { _, selected in
                positions.append(contentsOf: selected)
                return nil
            }
        } else {
            positions = Array(rows)
        }
        let index = JoinIndex(stream: list.stream, rows: rows, clock: clock, restValues: restValues, field: plan.field, kept: positions)
        filters.joins.keep(index)
        return JoinLookup(matches: index.matches(of: invariant(plan.key)))
    }
}
