import Foundation
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// One landmark detail view, as an app would keep it in an array of structs.
struct LandmarkView: Sendable {
    let date: Date
    let landmarkID: Int
    let landmarkName: String
}

/// One login.
struct Login: Sendable {
    let date: Date
}

/// The benchmark data: deterministic streams ending at `now`.
struct Dataset {
    static let now = Date(timeIntervalSinceReferenceDate: 817_732_800)  // 2026-11-30T12:00:00Z
    static let names = ["Alps", "Arches", "Big Sur", "Charley Lake", "Denali", "Everglades", "Glacier", "Yosemite", "Zion"]

    let views: [LandmarkView]
    let logins: [Login]

    /// `count` views spread evenly over the 60 days before `now` (landmark ids 1 to 50, about
    /// one name in five "Wilbere Bowl"), and a login every five days.
    init(count: Int) {
        var state: UInt64 = 0x5DEECE66D
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let span = 60.0 * 86_400
        views = (0..<count).map { index in
            let id = Int(next() % 50) + 1
            let name = next() % 5 == 0 ? "Wilbere Bowl" : Dataset.names[(id * 7) % Dataset.names.count]
            let date = Dataset.now.addingTimeInterval(-span + span * Double(index) / Double(max(1, count)))
            return LandmarkView(date: date, landmarkID: id, landmarkName: name)
        }
        logins = (0..<12).map { Login(date: Dataset.now.addingTimeInterval(-Double(60 - $0 * 5) * 86_400)) }
    }

    /// The same data as an NDJSON donation log.
    var ndjson: String {
        var lines: [String] = []
        for view in views {
            lines.append("{\"event\": \"didViewLandmarkDetail\", \"date\": \"\(ISO8601.format(view.date.timeIntervalSinceReferenceDate))\", \"value\": {\"landmarkID\": \(view.landmarkID), \"landmarkName\": \"\(view.landmarkName)\"}}")
        }
        for login in logins {
            lines.append("{\"event\": \"didLogin\", \"date\": \"\(ISO8601.format(login.date.timeIntervalSinceReferenceDate))\"}")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A workload: a TipRules rule and the same logic as a Swift closure and, where Foundation's
/// `#Predicate` can express it, as a predicate.
struct Workload {
    let name: String
    let rule: String
    let closure: @Sendable (Dataset, Calendar, Bool) -> Bool
    let predicate: (@Sendable (Dataset, Calendar) -> Bool)?
}

enum Workloads {
    static func rules(limit: Int) -> String {
        """
        event didLogin
        event didViewLandmarkDetail(limit: \(limit)) { landmarkID: Int, landmarkName: String }
        parameter isLoggedIn: Bool = true

        """ + all.map { "rule \($0.name) = \($0.rule)" }.joined(separator: "\n") + "\n"
    }

    /// `donatedWithin`: the donations from `now` moved back by a calendar step up to `now`.
    @inline(__always)
    static func within(_ views: [LandmarkView], _ component: Calendar.Component, _ value: Int, _ calendar: Calendar) -> [LandmarkView] {
        let cutoff = calendar.date(byAdding: component, value: -value, to: Dataset.now)!
        return views.filter { $0.date >= cutoff && $0.date <= Dataset.now }
    }

    /// TipKit's `largestSubset`/`smallestSubset` written the way an app would: group, then pick
    /// by size, the group seen first winning ties.
    static func subsetCount(_ views: [LandmarkView], largest: Bool) -> Int {
        var order: [Int] = []
        var groups: [Int: [LandmarkView]] = [:]
        for view in views {
            if groups[view.landmarkID] == nil { order.append(view.landmarkID) }
            groups[view.landmarkID, default: []].append(view)
        }
        var best: [LandmarkView]?
        for key in order {
            let group = groups[key]!
            if best == nil || (largest ? group.count > best!.count : group.count < best!.count) { best = group }
        }
        return best?.count ?? 0
    }

    static let all: [Workload] = [
        Workload(
            name: "W1", rule: "didViewLandmarkDetail.donations.donatedWithin(.week).count >= 3",
            closure: { data, calendar, _ in within(data.views, .day, 7, calendar).count >= 3 },
            predicate: { data, calendar in
                let cutoff = calendar.date(byAdding: .day, value: -7, to: Dataset.now)!
                let now = Dataset.now
                let predicate = #Predicate<[LandmarkView]> { views in views.filter { $0.date >= cutoff && $0.date <= now }.count >= 3 }
                return try! predicate.evaluate(data.views)
            }),
        Workload(
            name: "W2", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName != \"Wilbere Bowl\" }.count > 3",
            closure: { data, _, _ in data.views.filter { $0.landmarkName != "Wilbere Bowl" }.count > 3 },
            predicate: { data, _ in
                let predicate = #Predicate<[LandmarkView]> { views in views.filter { $0.landmarkName != "Wilbere Bowl" }.count > 3 }
                return try! predicate.evaluate(data.views)
            }),
        Workload(
            name: "W3", rule: "didViewLandmarkDetail.donations.largestSubset(groupedBy: \\.landmarkID).count >= 5",
            closure: { data, _, _ in subsetCount(data.views, largest: true) >= 5 },
            predicate: nil),
        Workload(
            name: "W4", rule: "didViewLandmarkDetail.donations.donatedWithin(.month).smallestSubset(groupedBy: \\.landmarkID).count >= 2",
            closure: { data, calendar, _ in subsetCount(within(data.views, .month, 1, calendar), largest: false) >= 2 },
            predicate: nil),
        Workload(
            name: "W5",
            rule: "isLoggedIn && didLogin.donations.donatedWithin(.days(3)).count >= 2 || didViewLandmarkDetail.donations.contains { $0.landmarkID == 7 && $0.landmarkName.hasPrefix(\"Al\") } || (didViewLandmarkDetail.donations.map(\\.landmarkID).max() ?? 0) > 40",
            closure: { data, calendar, isLoggedIn in
                let cutoff = calendar.date(byAdding: .day, value: -3, to: Dataset.now)!
                return isLoggedIn && data.logins.filter { $0.date >= cutoff && $0.date <= Dataset.now }.count >= 2
                    || data.views.contains { $0.landmarkID == 7 && $0.landmarkName.hasPrefix("Al") }
                    || (data.views.map(\.landmarkID).max() ?? 0) > 40
            },
            predicate: nil),
    ]
}
