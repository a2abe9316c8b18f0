/// TipKit's event and donation vocabulary.
extension Builtins {
    static let donationMembers: [Builtin] = [
        Builtin("donations", on: .event, result: .array(.element),
                "the event's donations: dated at or before now, within maxAge, the newest limit, oldest first") { ev, call, range throws(Interrupt) in
            guard case .event(let index) = try ev.receiver(call) else { preconditionFailure("event expected") }
            return .donations(try ev.donations(ofEvent: index, range))
        },
        Builtin("date", on: .donation, result: .exact(.date), "when the donation was made") { ev, call, _ throws(Interrupt) in
            guard case .donation(let stream, let position) = try ev.receiver(call) else { preconditionFailure("donation expected") }
            return .date(stream.dates[position])
        },
        Builtin("donatedWithin", on: .donationArray, labels: [nil], parameters: [.exact(.timeRange)], result: .receiver,
                "the donations dated from now moved back by the range up to now, both ends included") { ev, call, range throws(Interrupt) in
            let value = try ev.receiver(call)
            guard case .timeRange(let timeRange) = try ev.argument(call, 0) else { preconditionFailure("time range expected") }
            let cutoff = try ev.cutoffDate(timeRange, call.arguments[0].range)
            guard let list = ev.donationList(value) else { return value }
            switch list.positions {
            case .contiguous(let positions):
                let start = list.stream.lowerBound(of: cutoff, in: positions)
                let end = list.stream.upperBound(of: ev.now, in: start..<positions.upperBound)
                return .donations(DonationList(stream: list.stream, positions: .contiguous(start..<end)))
            case .scattered(let positions):
                try ev.tick(positions.count, range)
                let dates = list.stream.dates
                let now = ev.now
                return .donations(DonationList(stream: list.stream, positions: .scattered(positions.filter { cutoff <= dates[$0] && dates[$0] <= now })))
            }
        },
        Builtin("largestSubset", on: .donationArray, labels: ["groupedBy"], parameters: [.keyPath(.element, .generic)], result: .receiver,
                constraint: .genericHashable,
                "the largest group of donations with equal keys, in stream order; ties go to the group seen first") { ev, call, range throws(Interrupt) in
            try subset(&ev, call, range, largest: true)
        },
        Builtin("smallestSubset", on: .donationArray, labels: ["groupedBy"], parameters: [.keyPath(.element, .generic)], result: .receiver,
                constraint: .genericHashable,
                "the smallest non-empty group of donations with equal keys, in stream order; ties go to the group seen first") { ev, call, range throws(Interrupt) in
            try subset(&ev, call, range, largest: false)
        },
    ]

    /// Groups by the key path's value and picks the largest or smallest group; on a tie the
    /// group whose first donation comes earliest wins.
    private static func subset(_ ev: inout Evaluator, _ call: BuiltinCall, _ range: SourceRange, largest: Bool) throws(Interrupt) -> Value {
        let value = try ev.receiver(call)
        let count = value.collectionCount
        guard count > 0 else { return value }
        var groupOf: [Value: Int] = [:]
        var members: [[Int]] = []
        for offset in 0..<count {
            let key = try ev.apply(call.arguments[0], ev.element(of: value, at: offset))
            if let group = groupOf[key] {
                members[group].append(offset)
            } else {
                groupOf[key] = members.count
                members.append([offset])
            }
        }
        // Groups are numbered in order of their first donation, so the first best one wins ties.
        var best = 0
        for group in members.indices.dropFirst() {
            let better = largest ? members[group].count > members[best].count : members[group].count < members[best].count
            if better { best = group }
        }
        return ev.subsequence(of: value, offsets: members[best])
    }
}
