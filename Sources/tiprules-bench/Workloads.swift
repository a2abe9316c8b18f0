import Foundation
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// Anything with a donation date.
protocol Dated {
    var date: Date { get }
}

/// One landmark detail view, as an app would keep it in an array of structs.
struct LandmarkView: Sendable, Dated {
    let date: Date
    let landmarkID: Int
    let landmarkName: String
}

/// One login.
struct Login: Sendable, Dated {
    let date: Date
}

/// One rating of a landmark, with an optional comment.
struct Rating: Sendable, Dated {
    let date: Date
    let landmarkID: Int
    let score: Double
    let comment: String?
    /// How many found the rating helpful, when anyone said.
    let helpful: Int?
}

/// One purchase, with a Bool, an optional String and an optional Double among its fields.
struct Purchase: Sendable, Dated {
    let date: Date
    let sku: String
    let price: Double
    let quantity: Int
    let isGift: Bool
    let coupon: String?
    let discount: Double?
}

/// The benchmark data: deterministic streams ending at `now`.
struct Dataset {
    static let now = Date(timeIntervalSinceReferenceDate: 817_732_800)  // 2026-11-30T12:00:00Z
    static let names = ["Alps", "Arches", "Big Sur", "Charley Lake", "Denali", "Everglades", "Glacier", "Yosemite", "Zion"]
    static let skus = ["tent-2p", "tent-4p", "stove", "lantern", "boots-m", "boots-w", "map-yosemite", "map-zion", "bear-can", "gift-card"]

    let views: [LandmarkView]
    let logins: [Login]
    let ratings: [Rating]
    let purchases: [Purchase]

    /// `count` views spread evenly over the 60 days before `now` (landmark ids 1 to 50, about
    /// one name in five "Wilbere Bowl"), as many ratings and purchases between them, and a login
    /// every five days.
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
        ratings = (0..<count).map { index in
            let id = Int(next() % 50) + 1
            let score = Double(next() % 50) / 10
            let comment = next() % 3 == 0 ? "great \(id)" : nil
            let date = Dataset.now.addingTimeInterval(-span + span * (Double(index) + 0.5) / Double(max(1, count)))
            // (From the index, not the generator, so the other fields stay what they were.)
            let helpful = index % 4 == 0 ? nil : (index * 7) % 20
            return Rating(date: date, landmarkID: id, score: score, comment: comment, helpful: helpful)
        }
        // (From the index alone, so the other streams stay what they were.)
        purchases = (0..<count).map { index in
            let date = Dataset.now.addingTimeInterval(-span + span * (Double(index) + 0.25) / Double(max(1, count)))
            return Purchase(date: date, sku: Dataset.skus[(index * 7 + index / 3) % Dataset.skus.count],
                            price: Double((index * 37) % 2000) / 10 + 0.99, quantity: (index * 11) % 5 + 1, isGift: index % 7 == 3,
                            coupon: index % 5 == 0 ? "SAVE\((index * 3) % 4 * 5 + 5)" : nil,
                            discount: index % 3 == 1 ? Double((index * 13) % 30) / 100 : nil)
        }
    }

    /// The Landmarks data (views and logins) as an NDJSON donation log; with `ratings`, the
    /// ratings and purchases too.
    func ndjson(ratings includeRatings: Bool = true) -> String {
        var lines: [String] = []
        if includeRatings {
            for rating in ratings {
                let comment = rating.comment.map { ", \"comment\": \"\($0)\"" } ?? ""
                let helpful = rating.helpful.map { ", \"helpful\": \($0)" } ?? ""
                lines.append("{\"event\": \"didRate\", \"date\": \"\(ISO8601.format(rating.date.timeIntervalSinceReferenceDate))\", \"value\": {\"landmarkID\": \(rating.landmarkID), \"score\": \(rating.score)\(comment)\(helpful)}}")
            }
            for purchase in purchases {
                let coupon = purchase.coupon.map { ", \"coupon\": \"\($0)\"" } ?? ""
                let discount = purchase.discount.map { ", \"discount\": \($0)" } ?? ""
                lines.append("{\"event\": \"didPurchase\", \"date\": \"\(ISO8601.format(purchase.date.timeIntervalSinceReferenceDate))\", \"value\": {\"sku\": \"\(purchase.sku)\", \"price\": \(purchase.price), \"quantity\": \(purchase.quantity), \"isGift\": \(purchase.isGift)\(coupon)\(discount)}}")
            }
        }
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
/// `#Predicate` can express it, as a predicate (`PredicateContenders`).
struct Workload {
    let name: String
    let rule: String
    let closure: @Sendable (Dataset, Calendar, Bool) -> Bool
    /// The same logic as `#Predicate`, where it can express it (`PredicateContenders`).
    var predicate: PredicateContenders.Contender? { PredicateContenders.contender(for: name) }
    /// `let` declarations the rule uses.
    var declarations: String = ""
    init(name: String, rule: String, declarations: String = "",
         closure: @escaping @Sendable (Dataset, Calendar, Bool) -> Bool) {
        self.name = name
        self.rule = rule
        self.declarations = declarations
        self.closure = closure
    }
}

enum Workloads {
    static func rules(limit: Int) -> String {
        """
        event didLogin
        event didViewLandmarkDetail(limit: \(limit)) { landmarkID: Int, landmarkName: String }
        event didRate(limit: \(limit)) { landmarkID: Int, score: Double, comment: String?, helpful: Int? }
        event didPurchase(limit: \(limit)) { sku: String, price: Double, quantity: Int, isGift: Bool, coupon: String?, discount: Double? }
        parameter isLoggedIn: Bool = true
        rule E0 = isLoggedIn

        """ + all.map { "\($0.declarations)rule \($0.name) = \($0.rule)" }.joined(separator: "\n") + "\n"
    }

    /// `donatedWithin`: the donations from `now` moved back by a calendar step up to `now`.
    @inline(__always)
    static func within<T: Dated>(_ items: [T], _ component: Calendar.Component, _ value: Int, _ calendar: Calendar) -> [T] {
        let cutoff = calendar.date(byAdding: component, value: -value, to: Dataset.now)!
        return items.filter { $0.date >= cutoff && $0.date <= Dataset.now }
    }

    /// TipKit's `largestSubset`/`smallestSubset` written the way an app would: group, then pick
    /// by size, the group seen first winning ties.
    static func subsetCount(_ views: [LandmarkView], largest: Bool) -> Int {
        subset(views, largest: largest)?.count ?? 0
    }

    /// The largest or smallest group itself.
    static func subset(_ views: [LandmarkView], largest: Bool) -> [LandmarkView]? {
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
        return best
    }

    /// The average score, as W181's `averageScore` declaration computes it.
    /// `reduce(0, +)` of `Double`s (a helper so that W1605's closure type-checks in time).
    static func sum(_ values: [Double]) -> Double { values.reduce(0, +) }

    /// W1590's two `let`s, as an app would write them.
    static func giftsOverTotal(_ purchases: [Purchase]) -> Bool {
        let gifts = purchases.filter { $0.isGift }
        let giftTotal = gifts.reduce(0.0) { $0 + $1.price }
        return gifts.count > 5 && giftTotal > 500
    }

    static func averageScore(_ ratings: [Rating]) -> Double {
        ratings.map(\.score).reduce(0, +) / Double(max(1, ratings.count))
    }

    /// The largest group of views by name.
    static func largestNameGroup(_ views: [LandmarkView]) -> Int {
        var counts: [String: Int] = [:]
        for view in views { counts[view.landmarkName, default: 0] += 1 }
        return counts.values.max() ?? 0
    }

    /// Every rule shape, in order. (In groups: one array literal of all of them takes the
    /// type checker longer than it allows.)
    static let all: [Workload] = workloads1 + workloads2 + workloads3 + workloads4 + workloads5 + workloads6 + workloads7 + workloads8 + workloads9 + workloads10
        + workloads11
        + workloads12
        + workloads13
        + workloads14
        + workloads15
        + workloads16
        + workloads17
        + workloads18
        + workloads19
        + workloads20
        + workloads21
        + workloads22
        + workloads23
        + workloads24
        + workloads25
        + workloads26
        + workloads27
        + workloads28
        + workloads29
        + workloads30
        + workloads31
        + workloads32
        + workloads33
        + workloads34
        + workloads35
        + workloads36
        + workloads37
        + workloads38
        + workloads39
        + workloads40
        + workloads41
        + workloads42
        + workloads43
        + workloads44
        + workloads45
        + workloads46
        + workloads47
        + workloads48
        + workloads49
        + workloads50
        + workloads51
        + workloads52
        + workloads53
        + workloads54
        + workloads55
        + workloads56
        + workloads57
        + workloads58
        + workloads59
        + workloads60
        + workloads61
        + workloads62
        + workloads63
        + workloads64
        + workloads65
        + workloads66
        + workloads67
        + workloads68
        + workloads69

    private static let workloads1: [Workload] = [
        Workload(
            name: "W1", rule: "didViewLandmarkDetail.donations.donatedWithin(.week).count >= 3",
            closure: { data, calendar, _ in within(data.views, .day, 7, calendar).count >= 3 }),
        Workload(
            name: "W2", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName != \"Wilbere Bowl\" }.count > 3",
            closure: { data, _, _ in data.views.filter { $0.landmarkName != "Wilbere Bowl" }.count > 3 }),
        Workload(
            name: "W3", rule: "didViewLandmarkDetail.donations.largestSubset(groupedBy: \\.landmarkID).count >= 5",
            closure: { data, _, _ in subsetCount(data.views, largest: true) >= 5 }),
        Workload(
            name: "W4", rule: "didViewLandmarkDetail.donations.donatedWithin(.month).smallestSubset(groupedBy: \\.landmarkID).count >= 2",
            closure: { data, calendar, _ in subsetCount(within(data.views, .month, 1, calendar), largest: false) >= 2 }),
        Workload(
            name: "W5",
            rule: "isLoggedIn && didLogin.donations.donatedWithin(.days(3)).count >= 2 || didViewLandmarkDetail.donations.contains { $0.landmarkID == 7 && $0.landmarkName.hasPrefix(\"Al\") } || (didViewLandmarkDetail.donations.map(\\.landmarkID).max() ?? 0) > 40",
            closure: { data, calendar, isLoggedIn in
                let cutoff = calendar.date(byAdding: .day, value: -3, to: Dataset.now)!
                return isLoggedIn && data.logins.filter { $0.date >= cutoff && $0.date <= Dataset.now }.count >= 2
                    || data.views.contains { $0.landmarkID == 7 && $0.landmarkName.hasPrefix("Al") }
                    || (data.views.map(\.landmarkID).max() ?? 0) > 40
            }),
        Workload(
            name: "W6", rule: "didRate.donations.reduce(0) { $0 + $1.score } / Double(max(1, didRate.donations.count)) > 2.4",
            closure: { data, _, _ in data.ratings.reduce(0) { $0 + $1.score } / Double(max(1, data.ratings.count)) > 2.4 }),
        Workload(
            name: "W7", rule: "didRate.donations.map(\\.score).reduce(0) { $0 + $1 } > 100",
            closure: { data, _, _ in data.ratings.map(\.score).reduce(0) { $0 + $1 } > 100 }),
        Workload(
            name: "W8", rule: "didRate.donations.contains { $0.comment?.hasPrefix(\"great 4\") == true && $0.score > 4.8 }",
            closure: { data, _, _ in data.ratings.contains { $0.comment?.hasPrefix("great 4") == true && $0.score > 4.8 } }),
        Workload(
            name: "W9", rule: "Set(didViewLandmarkDetail.donations.map(\\.landmarkID)).count >= 40",
            closure: { data, _, _ in Set(data.views.map(\.landmarkID)).count >= 40 }),
        Workload(
            name: "W10", rule: "didRate.donations.map(\\.score).sorted().suffix(3).reduce(0) { $0 + $1 } > 14.5",
            closure: { data, _, _ in data.ratings.map(\.score).sorted().suffix(3).reduce(0) { $0 + $1 } > 14.5 }),
        Workload(
            name: "W11", rule: "didRate.donations.allSatisfy { $0.score >= 0 && $0.landmarkID > 0 }",
            closure: { data, _, _ in data.ratings.allSatisfy { $0.score >= 0 && $0.landmarkID > 0 } }),
        Workload(
            name: "W12", rule: "(didRate.donations.first { $0.score > 4.85 && $0.comment != nil }?.landmarkID ?? 0) > 25",
            closure: { data, _, _ in (data.ratings.first { $0.score > 4.85 && $0.comment != nil }?.landmarkID ?? 0) > 25 }),
        Workload(
            name: "W13", rule: "didRate.donations.compactMap { $0.comment }.count > 5",
            closure: { data, _, _ in data.ratings.compactMap { $0.comment }.count > 5 }),
        Workload(
            name: "W14", rule: "didRate.donations.filter { $0.score > 2.5 }.map { $0.landmarkID * 2 }.reduce(0) { $0 + $1 } > 1000",
            closure: { data, _, _ in data.ratings.filter { $0.score > 2.5 }.map { $0.landmarkID * 2 }.reduce(0) { $0 + $1 } > 1000 }),
        Workload(
            name: "W15", rule: "(didRate.donations.map(\\.score).max() ?? 0) - (didRate.donations.map(\\.score).min() ?? 0) > 4.5",
            closure: { data, _, _ in (data.ratings.map(\.score).max() ?? 0) - (data.ratings.map(\.score).min() ?? 0) > 4.5 }),
        Workload(
            name: "W16", rule: "didRate.donations.filter { Date.now.timeIntervalSince($0.date) < 3 * 86400 }.count >= 5",
            closure: { data, _, _ in data.ratings.filter { Dataset.now.timeIntervalSince($0.date) < 3 * 86400 }.count >= 5 }),
        Workload(
            name: "W17",
            rule: "didLogin.donations.contains { login in didRate.donations.contains { $0.date > login.date && $0.date.timeIntervalSince(login.date) < 600 } }",
            closure: { data, _, _ in
                data.logins.filter { $0.date <= Dataset.now }.contains { login in
                    data.ratings.contains { $0.date > login.date && $0.date.timeIntervalSince(login.date) < 600 }
                }
            }),
        Workload(
            name: "W18", rule: "recentAverage > 2.0 && recentRatings.count > 3",
            declarations: """
            let recentRatings = didRate.donations.donatedWithin(.days(10))
            let recentAverage = recentRatings.reduce(0) { $0 + $1.score } / Double(max(1, recentRatings.count))

            """,
            closure: { data, calendar, _ in
                let recent = within(data.ratings, .day, 10, calendar)
                return recent.reduce(0) { $0 + $1.score } / Double(max(1, recent.count)) > 2.0 && recent.count > 3
            }),
        Workload(
            name: "W19", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.lowercased().contains(\"lake\") }.count > 3",
            closure: { data, _, _ in data.views.filter { $0.landmarkName.lowercased().contains("lake") }.count > 3 }),
        Workload(
            name: "W20", rule: "didRate.donations.count { $0.comment != nil && $0.score > 3 } > 5",
            closure: { data, _, _ in data.ratings.count { $0.comment != nil && $0.score > 3 } > 5 }),
        Workload(
            name: "W21", rule: "didViewLandmarkDetail.donations.largestSubset(groupedBy: \\.landmarkName).count >= 5",
            closure: { data, _, _ in largestNameGroup(data.views) >= 5 }),
        Workload(
            name: "W22", rule: "didRate.donations.donatedWithin(.week).reduce(0) { $0 + $1.score } > 20",
            closure: { data, calendar, _ in within(data.ratings, .day, 7, calendar).reduce(0) { $0 + $1.score } > 20 }),
        Workload(
            name: "W23", rule: "(didRate.donations.filter { $0.landmarkID == 7 }.map(\\.score).max() ?? 0) > 4",
            closure: { data, _, _ in (data.ratings.filter { $0.landmarkID == 7 }.map(\.score).max() ?? 0) > 4 }),
        Workload(
            name: "W24", rule: "(didViewLandmarkDetail.donations.last?.landmarkName.count ?? 0) > 3",
            closure: { data, _, _ in (data.views.last?.landmarkName.count ?? 0) > 3 }),
        Workload(
            name: "W25", rule: "didRate.donations.map { $0.score * 2 + 1 }.filter { $0 > 5 }.count > didRate.donations.count / 3",
            closure: { data, _, _ in data.ratings.map { $0.score * 2 + 1 }.filter { $0 > 5 }.count > data.ratings.count / 3 }),
        Workload(
            name: "W26", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).contains(\"Mount Fuji\")",
            closure: { data, _, _ in data.views.map(\.landmarkName).contains("Mount Fuji") }),
        Workload(
            name: "W27", rule: "didViewLandmarkDetail.donations.filter { $0.date > Date.now.addingTimeInterval(-7 * 86400) }.count >= 3",
            closure: { data, _, _ in data.views.filter { $0.date > Dataset.now.addingTimeInterval(-7 * 86400) }.count >= 3 }),
        Workload(
            name: "W28", rule: "!didRate.donations.filter { $0.score > 4.5 && $0.comment != nil }.isEmpty",
            closure: { data, _, _ in !data.ratings.filter { $0.score > 4.5 && $0.comment != nil }.isEmpty }),
        Workload(
            name: "W29", rule: "(didRate.donations.map { $0.score }.max() ?? 0) > 4.8",
            closure: { data, _, _ in (data.ratings.map { $0.score }.max() ?? 0) > 4.8 }),
        Workload(
            name: "W30",
            rule: "(didViewLandmarkDetail.donations.last { $0.landmarkID == 7 }?.date ?? Date.distantPast) > Date.now.addingTimeInterval(-3 * 86400)",
            closure: { data, _, _ in
                (data.views.last { $0.landmarkID == 7 }?.date ?? Date.distantPast) > Dataset.now.addingTimeInterval(-3 * 86400)
            }),
        Workload(
            name: "W31", rule: "didRate.donations.filter { $0.score > 4 }.map { $0.comment ?? \"\" }.filter { !$0.isEmpty }.count > 3",
            closure: { data, _, _ in data.ratings.filter { $0.score > 4 }.map { $0.comment ?? "" }.filter { !$0.isEmpty }.count > 3 }),
        Workload(
            name: "W32", rule: "(didRate.donations.max { $0.score < $1.score }?.landmarkID ?? 0) > 3",
            closure: { data, _, _ in (data.ratings.max { $0.score < $1.score }?.landmarkID ?? 0) > 3 }),
        Workload(
            name: "W33", rule: "didRate.donations.sorted { $0.score > $1.score }.prefix(3).allSatisfy { $0.score > 4 }",
            closure: { data, _, _ in data.ratings.sorted { $0.score > $1.score }.prefix(3).allSatisfy { $0.score > 4 } }),
        Workload(
            name: "W34", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkID % 7 == 3 }.count > 20",
            closure: { data, _, _ in data.views.filter { $0.landmarkID % 7 == 3 }.count > 20 }),
        Workload(
            name: "W35", rule: "Set(didRate.donations.map { $0.landmarkID / 10 }).count >= 5",
            closure: { data, _, _ in Set(data.ratings.map { $0.landmarkID / 10 }).count >= 5 }),
        Workload(
            name: "W36", rule: "(didRate.donations.map { $0.score * 2 }.min() ?? 0) < 1",
            closure: { data, _, _ in (data.ratings.map { $0.score * 2 }.min() ?? 0) < 1 }),
        Workload(
            name: "W37", rule: "didRate.donations.reduce(0) { $0 + ($1.comment == nil ? 0 : 1) } > 10",
            closure: { data, _, _ in data.ratings.reduce(0) { $0 + ($1.comment == nil ? 0 : 1) } > 10 }),
        Workload(
            name: "W38", rule: "didRate.donations.reduce(0.0) { max($0, $1.score) } > 4",
            closure: { data, _, _ in data.ratings.reduce(0.0) { max($0, $1.score) } > 4 }),
        Workload(
            name: "W39", rule: "didRate.donations.compactMap { $0.comment?.count }.reduce(0, +) > 100",
            closure: { data, _, _ in data.ratings.compactMap { $0.comment?.count }.reduce(0, +) > 100 }),
        Workload(
            name: "W40", rule: "didViewLandmarkDetail.donations.filter { [\"Zion\", \"Alps\"].contains($0.landmarkName) }.count > 3",
            closure: { data, _, _ in data.views.filter { ["Zion", "Alps"].contains($0.landmarkName) }.count > 3 }),
        Workload(
            name: "W41", rule: "(didRate.donations.map { Int($0.score) }.max() ?? 0) > 3",
            closure: { data, _, _ in (data.ratings.map { Int($0.score) }.max() ?? 0) > 3 }),
        Workload(
            name: "W42", rule: "didRate.donations.map(\\.score).filter { $0 > 2 }.reduce(0, +) > 100",
            closure: { data, _, _ in data.ratings.map(\.score).filter { $0 > 2 }.reduce(0, +) > 100 }),
        Workload(
            name: "W43", rule: "Set(didRate.donations.compactMap(\\.comment)).count > 5",
            closure: { data, _, _ in Set(data.ratings.compactMap(\.comment)).count > 5 }),
        Workload(
            name: "W44", rule: "didRate.donations.map { abs($0.score - 2.5) }.reduce(0, +) / Double(max(1, didRate.donations.count)) > 1",
            closure: { data, _, _ in data.ratings.map { abs($0.score - 2.5) }.reduce(0, +) / Double(max(1, data.ratings.count)) > 1 }),
        Workload(
            name: "W45", rule: "didRate.donations.allSatisfy { $0.comment == nil || $0.comment!.count > 3 }",
            closure: { data, _, _ in data.ratings.allSatisfy { $0.comment == nil || $0.comment!.count > 3 } }),
        Workload(
            name: "W46", rule: "(didRate.donations.filter { $0.score > 3 }.map(\\.landmarkID).sorted().first ?? 0) > 5",
            closure: { data, _, _ in (data.ratings.filter { $0.score > 3 }.map(\.landmarkID).sorted().first ?? 0) > 5 }),
        Workload(
            name: "W47", rule: "didRate.donations.filter { $0.comment?.contains(\"4\") == true }.count > 2",
            closure: { data, _, _ in data.ratings.filter { $0.comment?.contains("4") == true }.count > 2 }),
        Workload(
            name: "W48", rule: "didRate.donations.map { $0.score * Double($0.landmarkID) }.reduce(0, +) > 1000",
            closure: { data, _, _ in data.ratings.map { $0.score * Double($0.landmarkID) }.reduce(0, +) > 1000 }),
        Workload(
            name: "W49", rule: "didRate.donations.filter { ($0.comment?.count ?? 0) > 7 }.count > 3",
            closure: { data, _, _ in data.ratings.filter { ($0.comment?.count ?? 0) > 7 }.count > 3 }),
        Workload(
            name: "W50", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).sorted().first == \"Alps\"",
            closure: { data, _, _ in data.views.map(\.landmarkName).sorted().first == "Alps" }),
    ]

    private static let workloads2: [Workload] = [
        Workload(
            name: "W51", rule: "didRate.donations.filter { $0.comment?.hasPrefix(\"great 1\") ?? false }.count > 5",
            closure: { data, _, _ in data.ratings.filter { $0.comment?.hasPrefix("great 1") ?? false }.count > 5 }),
        Workload(
            name: "W52", rule: "didRate.donations.reduce(0) { $1.score > 4 ? $0 + 1 : $0 } > 10",
            closure: { data, _, _ in data.ratings.reduce(0) { $1.score > 4 ? $0 + 1 : $0 } > 10 }),
        Workload(
            name: "W53", rule: "didViewLandmarkDetail.donations.largestSubset(groupedBy: \\.landmarkID).first?.landmarkName == \"Zion\"",
            closure: { data, _, _ in subset(data.views, largest: true)?.first?.landmarkName == "Zion" }),
        Workload(
            name: "W54", rule: "didRate.donations.count { $0.score > 4.5 } * 10 > didRate.donations.count",
            closure: { data, _, _ in data.ratings.count { $0.score > 4.5 } * 10 > data.ratings.count }),
        Workload(
            name: "W55", rule: "didLogin.donations.count >= 3 && didViewLandmarkDetail.donations.count > 10",
            closure: { data, _, _ in data.logins.count >= 3 && data.views.count > 10 }),
        Workload(
            name: "W56", rule: "didRate.donations.compactMap(\\.helpful).reduce(0, +) > 5000",
            closure: { data, _, _ in data.ratings.compactMap(\.helpful).reduce(0, +) > 5000 }),
        // Optional numbers, extremes of `compactMap`, orders by an operator, and string lengths.
        Workload(
            name: "W57", rule: "didRate.donations.contains { ($0.helpful ?? 0) > 90 }",
            closure: { data, _, _ in data.ratings.contains { ($0.helpful ?? 0) > 90 } }),
        Workload(
            name: "W58", rule: "(didRate.donations.compactMap(\\.helpful).max() ?? 0) > 15",
            closure: { data, _, _ in (data.ratings.compactMap(\.helpful).max() ?? 0) > 15 }),
        Workload(
            name: "W59", rule: "didRate.donations.reduce(0) { $0 + ($1.helpful ?? 0) } > 1000",
            closure: { data, _, _ in data.ratings.reduce(0) { $0 + ($1.helpful ?? 0) } > 1000 }),
        Workload(
            name: "W60", rule: "didRate.donations.map(\\.score).sorted(by: >).prefix(5).reduce(0, +) > 20",
            closure: { data, _, _ in data.ratings.map(\.score).sorted(by: >).prefix(5).reduce(0, +) > 20 }),
        Workload(
            name: "W61", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.count > 5 }.count > 10",
            closure: { data, _, _ in data.views.filter { $0.landmarkName.count > 5 }.count > 10 }),
        Workload(
            name: "W62", rule: "didRate.donations.compactMap(\\.helpful).filter { $0 > 10 }.count > 3",
            closure: { data, _, _ in data.ratings.compactMap(\.helpful).filter { $0 > 10 }.count > 3 }),
        Workload(
            name: "W63", rule: "didRate.donations.map { ($0.helpful ?? 0) * 2 }.reduce(0, +) > 100",
            closure: { data, _, _ in data.ratings.map { ($0.helpful ?? 0) * 2 }.reduce(0, +) > 100 }),
        Workload(
            name: "W64", rule: "didRate.donations.allSatisfy { $0.helpful == nil || $0.helpful! >= 0 }",
            closure: { data, _, _ in data.ratings.allSatisfy { $0.helpful == nil || $0.helpful! >= 0 } }),
        Workload(
            name: "W65", rule: "Set(didRate.donations.compactMap(\\.helpful)).count > 5",
            closure: { data, _, _ in Set(data.ratings.compactMap(\.helpful)).count > 5 }),
        Workload(
            name: "W66", rule: "didRate.donations.map { $0.comment?.count ?? 0 }.reduce(0, +) > 100",
            closure: { data, _, _ in data.ratings.map { $0.comment?.count ?? 0 }.reduce(0, +) > 100 }),
        Workload(
            name: "W67", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName.count }.reduce(0, +) > 1000",
            closure: { data, _, _ in data.views.map { $0.landmarkName.count }.reduce(0, +) > 1000 }),
        // Session 7: a closure that reads another event (the same on every row).
        Workload(
            name: "W68", rule: "didViewLandmarkDetail.donations.filter { $0.date > (didLogin.donations.last?.date ?? Date.distantPast) }.count > 2",
            closure: { data, _, _ in data.views.filter { $0.date > (data.logins.last?.date ?? Date.distantPast) }.count > 2 }),
        Workload(
            name: "W69", rule: "didRate.donations.contains { $0.landmarkID == (didViewLandmarkDetail.donations.last?.landmarkID ?? 0) && $0.score > 4 }",
            closure: { data, _, _ in data.ratings.contains { $0.landmarkID == (data.views.last?.landmarkID ?? 0) && $0.score > 4 } }),
        // Session 8: shapes from a probe of rules outside the table (chains, conversions in
        // extremes, nested scans, orders by date, reversed and suffix windows).
        Workload(
            name: "W70", rule: "didRate.donations.compactMap { $0.helpful }.filter { $0 > 5 }.map { $0 * 2 }.reduce(0, +) > 100",
            closure: { data, _, _ in data.ratings.compactMap { $0.helpful }.filter { $0 > 5 }.map { $0 * 2 }.reduce(0, +) > 100 }),
        Workload(
            name: "W71", rule: "didRate.donations.filter { $0.score > 2 }.filter { $0.landmarkID % 2 == 0 }.count > 5",
            closure: { data, _, _ in data.ratings.filter { $0.score > 2 }.filter { $0.landmarkID % 2 == 0 }.count > 5 }),
        Workload(
            name: "W72", rule: "(didRate.donations.map { $0.score.rounded() }.max() ?? 0) > 4",
            closure: { data, _, _ in (data.ratings.map { $0.score.rounded() }.max() ?? 0) > 4 }),
        Workload(
            name: "W73", rule: "(didRate.donations.map { Double($0.landmarkID) * $0.score }.max() ?? 0) > 100",
            closure: { data, _, _ in (data.ratings.map { Double($0.landmarkID) * $0.score }.max() ?? 0) > 100 }),
        Workload(
            name: "W74", rule: "didRate.donations.reduce(0.0) { $0 + $1.score * 2 } > 50",
            closure: { data, _, _ in data.ratings.reduce(0.0) { $0 + $1.score * 2 } > 50 }),
        Workload(
            name: "W75", rule: "didViewLandmarkDetail.donations.filter { v in didRate.donations.contains { $0.landmarkID == v.landmarkID } }.count > 3",
            closure: { data, _, _ in data.views.filter { v in data.ratings.contains { $0.landmarkID == v.landmarkID } }.count > 3 }),
        Workload(
            name: "W76", rule: "didRate.donations.reversed().prefix(3).contains { $0.score > 4 }",
            closure: { data, _, _ in data.ratings.reversed().prefix(3).contains { $0.score > 4 } }),
        Workload(
            name: "W77", rule: "didRate.donations.filter { ($0.helpful ?? 0) > 3 && $0.comment != nil }.map(\\.score).reduce(0, +) > 4",
            closure: { data, _, _ in data.ratings.filter { ($0.helpful ?? 0) > 3 && $0.comment != nil }.map(\.score).reduce(0, +) > 4 }),
        Workload(
            name: "W78", rule: "didRate.donations.sorted { $0.date > $1.date }.first!.score > 2",
            closure: { data, _, _ in data.ratings.sorted { $0.date > $1.date }.first!.score > 2 }),
        Workload(
            name: "W79", rule: "Set(didViewLandmarkDetail.donations.map(\\.landmarkName)).contains(\"Zion\")",
            closure: { data, _, _ in Set(data.views.map(\.landmarkName)).contains("Zion") }),
        Workload(
            name: "W80", rule: "didRate.donations.map { $0.score > 3 ? 1 : 0 }.reduce(0, +) > 10",
            closure: { data, _, _ in data.ratings.map { $0.score > 3 ? 1 : 0 }.reduce(0, +) > 10 }),
        Workload(
            name: "W81", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkID > 10 && $0.landmarkID < 20 }.map(\\.landmarkName).contains(\"Zion\")",
            closure: { data, _, _ in data.views.filter { $0.landmarkID > 10 && $0.landmarkID < 20 }.map(\.landmarkName).contains("Zion") }),
        Workload(
            name: "W82", rule: "didRate.donations.map(\\.score).sorted()[didRate.donations.count / 2] > 2.5",
            closure: { data, _, _ in data.ratings.map(\.score).sorted()[data.ratings.count / 2] > 2.5 }),
        Workload(
            name: "W83", rule: "(didRate.donations.first { $0.helpful != nil && $0.helpful! > 50 }?.score ?? 0) > 2",
            closure: { data, _, _ in (data.ratings.first { $0.helpful != nil && $0.helpful! > 50 }?.score ?? 0) > 2 }),
        Workload(
            name: "W84", rule: "didRate.donations.suffix(5).allSatisfy { $0.score > 3 }",
            closure: { data, _, _ in data.ratings.suffix(5).allSatisfy { $0.score > 3 } }),
        Workload(
            name: "W85", rule: "didRate.donations.map { $0.comment ?? \"none\" }.filter { $0.count > 5 }.count > 2",
            closure: { data, _, _ in data.ratings.map { $0.comment ?? "none" }.filter { $0.count > 5 }.count > 2 }),
        Workload(
            name: "W86", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkID == 7 && $0.date > lastLoginDate }.count > 0",
            declarations: """
            let lastLoginDate = didLogin.donations.last?.date ?? Date.distantPast

            """,
            closure: { data, _, _ in
                let lastLogin = data.logins.last?.date ?? Date.distantPast
                return data.views.filter { $0.landmarkID == 7 && $0.date > lastLogin }.count > 0
            }),
        Workload(
            name: "W87", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.uppercased() == \"ZION\" }.count > 3",
            closure: { data, _, _ in data.views.filter { $0.landmarkName.uppercased() == "ZION" }.count > 3 }),
        Workload(
            name: "W88", rule: "(didRate.donations.sorted { $0.score < $1.score }.last?.landmarkID ?? 0) == 3",
            closure: { data, _, _ in (data.ratings.sorted { $0.score < $1.score }.last?.landmarkID ?? 0) == 3 }),
        Workload(
            name: "W89", rule: "(didRate.donations.map { $0.score }.sorted().dropFirst(10).first ?? 0) > 1",
            closure: { data, _, _ in (data.ratings.map { $0.score }.sorted().dropFirst(10).first ?? 0) > 1 }),
        Workload(
            name: "W90", rule: "didRate.donations.map { ($0.helpful ?? 0) > 5 }.filter { $0 }.count > 10",
            closure: { data, _, _ in data.ratings.map { ($0.helpful ?? 0) > 5 }.filter { $0 }.count > 10 }),
        Workload(
            name: "W91", rule: "(didRate.donations.filter { ($0.helpful ?? 0) >= 5 }.map { $0.helpful! }.max() ?? 0) > 3",
            closure: { data, _, _ in (data.ratings.filter { ($0.helpful ?? 0) >= 5 }.map { $0.helpful! }.max() ?? 0) > 3 }),
        Workload(
            name: "W92", rule: "(didViewLandmarkDetail.donations.map(\\.landmarkID).filter { $0 % 2 == 0 }.sorted().last ?? 0) > 3",
            closure: { data, _, _ in (data.views.map(\.landmarkID).filter { $0 % 2 == 0 }.sorted().last ?? 0) > 3 }),
        Workload(
            name: "W93", rule: "didRate.donations.filter { $0.landmarkID == 7 || $0.landmarkID == 9 }.map(\\.score).reduce(0, +) > 5",
            closure: { data, _, _ in data.ratings.filter { $0.landmarkID == 7 || $0.landmarkID == 9 }.map(\.score).reduce(0, +) > 5 }),
        Workload(
            name: "W94", rule: "didRate.donations.map { $0.score - 2.5 }.filter { $0 > 0 }.reduce(0, +) > 10",
            closure: { data, _, _ in data.ratings.map { $0.score - 2.5 }.filter { $0 > 0 }.reduce(0, +) > 10 }),
        Workload(
            name: "W95", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName + \"!\" }.filter { $0.count > 6 }.count > 3",
            closure: { data, _, _ in data.views.map { $0.landmarkName + "!" }.filter { $0.count > 6 }.count > 3 }),
        Workload(
            name: "W96", rule: "Set(didRate.donations.filter { $0.score > 3 }.map(\\.landmarkID)).contains(7)",
            closure: { data, _, _ in Set(data.ratings.filter { $0.score > 3 }.map(\.landmarkID)).contains(7) }),
        Workload(
            name: "W97", rule: "didRate.donations.filter { !$0.score.isNaN && $0.score > 1 }.count > 3",
            closure: { data, _, _ in data.ratings.filter { !$0.score.isNaN && $0.score > 1 }.count > 3 }),
        Workload(
            name: "W98", rule: "didRate.donations.map(\\.landmarkID).sorted().prefix(10).reduce(0, +) > 5",
            closure: { data, _, _ in data.ratings.map(\.landmarkID).sorted().prefix(10).reduce(0, +) > 5 }),
        Workload(
            name: "W99", rule: "didRate.donations.count { $0.comment?.count == 8 } > 3",
            closure: { data, _, _ in data.ratings.count { $0.comment?.count == 8 } > 3 }),
        Workload(
            name: "W100", rule: "didViewLandmarkDetail.donations.contains { v in didLogin.donations.contains { $0.date > v.date && $0.date.timeIntervalSince(v.date) < 3600 } }",
            closure: { data, _, _ in data.views.contains { v in data.logins.contains { $0.date > v.date && $0.date.timeIntervalSince(v.date) < 3600 } } }),
    ]

    private static let workloads3: [Workload] = [
        Workload(
            name: "W101", rule: "didRate.donations.filter { r in r.score > 4 && didViewLandmarkDetail.donations.contains { $0.landmarkID == r.landmarkID } }.count > 3",
            closure: { data, _, _ in data.ratings.filter { r in r.score > 4 && data.views.contains { $0.landmarkID == r.landmarkID } }.count > 3 }),
        Workload(
            name: "W102", rule: "didRate.donations.map { $0.score }.reversed().prefix(5).reduce(0, +) > 10",
            closure: { data, _, _ in data.ratings.map { $0.score }.reversed().prefix(5).reduce(0, +) > 10 }),
        Workload(
            name: "W103", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.lowercased().hasPrefix(\"a\") }.count > 3",
            closure: { data, _, _ in data.views.filter { $0.landmarkName.lowercased().hasPrefix("a") }.count > 3 }),
        Workload(
            name: "W104", rule: "didRate.donations.sorted { $0.landmarkID < $1.landmarkID }.first!.score > 0",
            closure: { data, _, _ in data.ratings.sorted { $0.landmarkID < $1.landmarkID }.first!.score > 0 }),
        Workload(
            name: "W105", rule: "didRate.donations.reduce(\"\") { $0.count > 20 ? $0 : $0 + ($1.comment ?? \"\") }.count > 5",
            closure: { data, _, _ in data.ratings.reduce("") { $0.count > 20 ? $0 : $0 + ($1.comment ?? "") }.count > 5 }),
        Workload(
            name: "W106", rule: "didRate.donations.contains { $0.comment?.lowercased().contains(\"great 9\") ?? false }",
            closure: { data, _, _ in data.ratings.contains { $0.comment?.lowercased().contains("great 9") ?? false } }),
        Workload(
            name: "W107", rule: "didRate.donations.filter { $0.score > 4 }.map(\\.landmarkID).contains(7)",
            closure: { data, _, _ in data.ratings.filter { $0.score > 4 }.map(\.landmarkID).contains(7) }),
        Workload(
            name: "W108", rule: "(didRate.donations.last(where: { $0.comment != nil })?.score ?? 0) > 3",
            closure: { data, _, _ in (data.ratings.last(where: { $0.comment != nil })?.score ?? 0) > 3 }),
        Workload(
            name: "W109", rule: "didRate.donations.dropFirst(10).filter { $0.score > 3 }.count > 100",
            closure: { data, _, _ in data.ratings.dropFirst(10).filter { $0.score > 3 }.count > 100 }),
        Workload(
            name: "W110", rule: "didRate.donations.map { min($0.score, 3.0) }.reduce(0, +) > 100",
            closure: { data, _, _ in data.ratings.map { min($0.score, 3.0) }.reduce(0, +) > 100 }),
        Workload(
            name: "W111", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).filter { $0.hasSuffix(\"s\") }.count > 3",
            closure: { data, _, _ in data.views.map(\.landmarkName).filter { $0.hasSuffix("s") }.count > 3 }),
        Workload(
            name: "W112", rule: "didViewLandmarkDetail.donations.contains { $0.landmarkName.starts(with: \"Yo\") && $0.landmarkID > 45 }",
            closure: { data, _, _ in data.views.contains { $0.landmarkName.starts(with: "Yo") && $0.landmarkID > 45 } }),
        Workload(
            name: "W113", rule: "didRate.donations.map(\\.landmarkID).reduce(0) { max($0, $1) } > 10",
            closure: { data, _, _ in data.ratings.map(\.landmarkID).reduce(0) { max($0, $1) } > 10 }),
        Workload(
            name: "W114", rule: "didRate.donations.count(where: { $0.score > 4 && $0.helpful != nil }) > 10",
            closure: { data, _, _ in data.ratings.count(where: { $0.score > 4 && $0.helpful != nil }) > 10 }),
        Workload(
            name: "W115", rule: "(didRate.donations.filter { $0.landmarkID == 7 }.last?.score ?? 0) > 3",
            closure: { data, _, _ in (data.ratings.filter { $0.landmarkID == 7 }.last?.score ?? 0) > 3 }),
        Workload(
            name: "W116", rule: "didRate.donations.map { $0.score }.filter { $0 > 4 }.count > 10",
            closure: { data, _, _ in data.ratings.map { $0.score }.filter { $0 > 4 }.count > 10 }),
        Workload(
            name: "W117", rule: "didRate.donations.allSatisfy { r in r.landmarkID > 0 && r.score <= 5 && (r.helpful ?? 0) >= 0 }",
            closure: { data, _, _ in data.ratings.allSatisfy { r in r.landmarkID > 0 && r.score <= 5 && (r.helpful ?? 0) >= 0 } }),
        Workload(
            name: "W118", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).contains { $0.lowercased() == \"zion\" }",
            closure: { data, _, _ in data.views.map(\.landmarkName).contains { $0.lowercased() == "zion" } }),
        Workload(
            name: "W119", rule: "didRate.donations.compactMap(\\.comment).filter { $0.hasSuffix(\"7\") }.count > 3",
            closure: { data, _, _ in data.ratings.compactMap(\.comment).filter { $0.hasSuffix("7") }.count > 3 }),
        Workload(
            name: "W120", rule: "didRate.donations.map { Int($0.score * 10) }.reduce(0, +) > 1000",
            closure: { data, _, _ in data.ratings.map { Int($0.score * 10) }.reduce(0, +) > 1000 }),
        Workload(
            name: "W121", rule: "(didRate.donations.filter { $0.score > 2 }.sorted { $0.date < $1.date }.last?.landmarkID ?? 0) > 3",
            closure: { data, _, _ in (data.ratings.filter { $0.score > 2 }.sorted { $0.date < $1.date }.last?.landmarkID ?? 0) > 3 }),
        Workload(
            name: "W122", rule: "Set(didViewLandmarkDetail.donations.map { $0.landmarkName.lowercased() }).count > 3",
            closure: { data, _, _ in Set(data.views.map { $0.landmarkName.lowercased() }).count > 3 }),
        Workload(
            name: "W123", rule: "didRate.donations.filter { $0.date > Date.now.addingTimeInterval(-14 * 86400) }.map(\\.score).reduce(0, +) > 10",
            closure: { data, _, _ in data.ratings.filter { $0.date > Dataset.now.addingTimeInterval(-14 * 86400) }.map(\.score).reduce(0, +) > 10 }),
        Workload(
            name: "W124", rule: "didRate.donations.reduce(0) { $0 + ($1.score > 4 ? 2 : ($1.score > 2 ? 1 : 0)) } > 100",
            closure: { data, _, _ in data.ratings.reduce(0) { $0 + ($1.score > 4 ? 2 : ($1.score > 2 ? 1 : 0)) } > 100 }),
        Workload(
            name: "W125", rule: "didRate.donations.map { $0.score }.sorted().reversed().prefix(3).reduce(0, +) > 12",
            closure: { data, _, _ in data.ratings.map { $0.score }.sorted().reversed().prefix(3).reduce(0, +) > 12 }),
        Workload(
            name: "W126", rule: "didRate.donations.filter { $0.comment == \"great 7\" }.count > 1",
            closure: { data, _, _ in data.ratings.filter { $0.comment == "great 7" }.count > 1 }),
        Workload(
            name: "W127", rule: "didRate.donations.prefix(500).contains { $0.score == 4.9 && $0.landmarkID == 3 }",
            closure: { data, _, _ in data.ratings.prefix(500).contains { $0.score == 4.9 && $0.landmarkID == 3 } }),
        Workload(
            name: "W128", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkID == 7 }.count > didViewLandmarkDetail.donations.filter { $0.landmarkID == 8 }.count",
            closure: { data, _, _ in data.views.filter { $0.landmarkID == 7 }.count > data.views.filter { $0.landmarkID == 8 }.count }),
        Workload(
            name: "W129", rule: "(didRate.donations.map(\\.score).min() ?? 0) + (didRate.donations.map(\\.score).max() ?? 0) > 4",
            closure: { data, _, _ in (data.ratings.map(\.score).min() ?? 0) + (data.ratings.map(\.score).max() ?? 0) > 4 }),
        Workload(
            name: "W130", rule: "didRate.donations.reduce(0.0) { $0 + $1.score } / Double(didRate.donations.count == 0 ? 1 : didRate.donations.count) > 2",
            closure: { data, _, _ in data.ratings.reduce(0.0) { $0 + $1.score } / Double(data.ratings.count == 0 ? 1 : data.ratings.count) > 2 }),
        Workload(
            name: "W131", rule: "didRate.donations.filter { ($0.helpful ?? 0) > 10 }.map { $0.score * 2 }.max() ?? 0 > 5",
            closure: { data, _, _ in data.ratings.filter { ($0.helpful ?? 0) > 10 }.map { $0.score * 2 }.max() ?? 0 > 5 }),
        Workload(
            name: "W132", rule: "didRate.donations.map { $0.landmarkID }.filter { $0 > 10 }.map { $0 * 3 }.reduce(0, +) > 10",
            closure: { data, _, _ in data.ratings.map { $0.landmarkID }.filter { $0 > 10 }.map { $0 * 3 }.reduce(0, +) > 10 }),
        Workload(
            name: "W133", rule: "didViewLandmarkDetail.donations.map { $0.landmarkID * 100 + $0.landmarkName.count }.max() ?? 0 > 10",
            closure: { data, _, _ in data.views.map { $0.landmarkID * 100 + $0.landmarkName.count }.max() ?? 0 > 10 }),
        Workload(
            name: "W134", rule: "didRate.donations.contains { $0.score > 4.5 && $0.date.timeIntervalSince(Date.now) > -86400 * 2 }",
            closure: { data, _, _ in data.ratings.contains { $0.score > 4.5 && $0.date.timeIntervalSince(Dataset.now) > -86400 * 2 } }),
        Workload(
            name: "W135", rule: "didRate.donations.map(\\.landmarkID).filter { $0 > 10 }.reduce(0, +) > 5",
            closure: { data, _, _ in data.ratings.map(\.landmarkID).filter { $0 > 10 }.reduce(0, +) > 5 }),
        Workload(
            name: "W136", rule: "didRate.donations.map(\\.score).suffix(10).reduce(0, +) > 20",
            closure: { data, _, _ in data.ratings.map(\.score).suffix(10).reduce(0, +) > 20 }),
        Workload(
            name: "W137", rule: "(didRate.donations.filter { $0.score > 3 }.map { $0.landmarkID * 2 }.max() ?? 0) > 10",
            closure: { data, _, _ in (data.ratings.filter { $0.score > 3 }.map { $0.landmarkID * 2 }.max() ?? 0) > 10 }),
        Workload(
            name: "W138", rule: "didRate.donations.filter { $0.helpful != nil }.map { $0.helpful! }.reduce(0, +) > 100",
            closure: { data, _, _ in data.ratings.filter { $0.helpful != nil }.map { $0.helpful! }.reduce(0, +) > 100 }),
        Workload(
            name: "W139", rule: "didRate.donations.reduce(true) { $0 && $1.score >= 0 }",
            closure: { data, _, _ in data.ratings.reduce(true) { $0 && $1.score >= 0 } }),
        Workload(
            name: "W140", rule: "Set(didRate.donations.map(\\.landmarkID)).contains(7) && didRate.donations.count > 10",
            closure: { data, _, _ in Set(data.ratings.map(\.landmarkID)).contains(7) && data.ratings.count > 10 }),
        Workload(
            name: "W141", rule: "(didRate.donations.map(\\.score).sorted().reversed().first ?? 0) > 4",
            closure: { data, _, _ in (data.ratings.map(\.score).sorted().reversed().first ?? 0) > 4 }),
        Workload(
            name: "W142", rule: "(didRate.donations.map { ($0.helpful ?? 0) + $0.landmarkID }.max() ?? 0) > 10",
            closure: { data, _, _ in (data.ratings.map { ($0.helpful ?? 0) + $0.landmarkID }.max() ?? 0) > 10 }),
        Workload(
            name: "W143", rule: "(didViewLandmarkDetail.donations.donatedWithin(.month).largestSubset(groupedBy: \\.landmarkID).first?.landmarkID ?? 0) > 3",
            closure: { data, calendar, _ in (subset(within(data.views, .month, 1, calendar), largest: true)?.first?.landmarkID ?? 0) > 3 }),
        Workload(
            name: "W144", rule: "didRate.donations.sorted { $0.score > $1.score }.prefix(3).map(\\.landmarkID).contains(7)",
            closure: { data, _, _ in data.ratings.sorted { $0.score > $1.score }.prefix(3).map(\.landmarkID).contains(7) }),
        Workload(
            name: "W145", rule: "didViewLandmarkDetail.donations.largestSubset(groupedBy: \\.landmarkName).count > 10",
            closure: { data, _, _ in largestNameGroup(data.views) > 10 }),
        Workload(
            name: "W146", rule: "(didRate.donations.map { $0.helpful ?? 0 }.max() ?? 0) > 10",
            closure: { data, _, _ in (data.ratings.map { $0.helpful ?? 0 }.max() ?? 0) > 10 }),
        Workload(
            name: "W147", rule: "(didRate.donations.compactMap(\\.helpful).min() ?? 0) < 3",
            closure: { data, _, _ in (data.ratings.compactMap(\.helpful).min() ?? 0) < 3 }),
        Workload(
            name: "W148", rule: "didRate.donations.reduce(0.0) { $0 + ($1.helpful == nil ? 0 : $1.score) } > 10",
            closure: { data, _, _ in data.ratings.reduce(0.0) { $0 + ($1.helpful == nil ? 0 : $1.score) } > 10 }),
        Workload(
            name: "W149", rule: "(didRate.donations.map(\\.landmarkID).dropFirst(100).max() ?? 0) > 3",
            closure: { data, _, _ in (data.ratings.map(\.landmarkID).dropFirst(100).max() ?? 0) > 3 }),
        Workload(
            name: "W150", rule: "didRate.donations.reduce(0) { $0 > $1.landmarkID ? $0 : $1.landmarkID } > 10",
            closure: { data, _, _ in data.ratings.reduce(0) { $0 > $1.landmarkID ? $0 : $1.landmarkID } > 10 }),
    ]

    private static let workloads4: [Workload] = [
        Workload(
            name: "W151", rule: "didRate.donations.reduce(Int.max) { min($0, $1.landmarkID) } < 3",
            closure: { data, _, _ in data.ratings.reduce(Int.max) { min($0, $1.landmarkID) } < 3 }),
        Workload(
            name: "W152", rule: "Set(didRate.donations.map { $0.score > 4 }).count > 1",
            closure: { data, _, _ in Set(data.ratings.map { $0.score > 4 }).count > 1 }),
        Workload(
            name: "W153", rule: "didRate.donations.filter { $0.comment != nil }.map { $0.comment! }.contains(\"great 7\")",
            closure: { data, _, _ in data.ratings.filter { $0.comment != nil }.map { $0.comment! }.contains("great 7") }),
        Workload(
            name: "W154", rule: "didRate.donations.reduce(0) { $0 + ($1.score > 3 && $1.comment != nil ? 1 : 0) } > 10",
            closure: { data, _, _ in data.ratings.reduce(0) { $0 + ($1.score > 3 && $1.comment != nil ? 1 : 0) } > 10 }),
        Workload(
            name: "W155", rule: "(didRate.donations.map { $0.date.timeIntervalSince(Date.now) / 86400 }.min() ?? 0) < -10",
            closure: { data, _, _ in (data.ratings.map { $0.date.timeIntervalSince(Dataset.now) / 86400 }.min() ?? 0) < -10 }),
        Workload(
            name: "W156", rule: "didRate.donations.map { Double($0.landmarkID) / 10 }.reduce(0, +) > 10",
            closure: { data, _, _ in data.ratings.map { Double($0.landmarkID) / 10 }.reduce(0, +) > 10 }),
        Workload(
            name: "W157", rule: "didViewLandmarkDetail.donations.compactMap { $0.landmarkID > 40 ? $0.landmarkName : nil }.count > 10",
            closure: { data, _, _ in data.views.compactMap { $0.landmarkID > 40 ? $0.landmarkName : nil }.count > 10 }),
        Workload(
            name: "W158", rule: "didRate.donations.sorted { $0.score == $1.score ? $0.landmarkID < $1.landmarkID : $0.score > $1.score }.first!.landmarkID > 3",
            closure: { data, _, _ in data.ratings.sorted { (a: Rating, b: Rating) -> Bool in a.score == b.score ? a.landmarkID < b.landmarkID : a.score > b.score }.first!.landmarkID > 3 }),
        Workload(
            name: "W159", rule: "didRate.donations.map { $0.comment?.uppercased() ?? \"\" }.filter { $0.hasPrefix(\"GREAT 1\") }.count > 3",
            closure: { data, _, _ in data.ratings.map { $0.comment?.uppercased() ?? "" }.filter { $0.hasPrefix("GREAT 1") }.count > 3 }),
        Workload(
            name: "W160", rule: "didRate.donations.reduce(0.0) { $0 + $1.score * Double($1.helpful ?? 1) } > 100",
            closure: { data, _, _ in data.ratings.reduce(0.0) { $0 + $1.score * Double($1.helpful ?? 1) } > 100 }),
        Workload(
            name: "W161", rule: "didRate.donations.allSatisfy { r in didViewLandmarkDetail.donations.contains { $0.landmarkID == r.landmarkID } }",
            closure: { data, _, _ in data.ratings.allSatisfy { r in data.views.contains { $0.landmarkID == r.landmarkID } } }),
        Workload(
            name: "W162", rule: "didRate.donations.map { $0.landmarkID }.sorted(by: >).first == 50",
            closure: { data, _, _ in data.ratings.map { $0.landmarkID }.sorted(by: >).first == 50 }),
        Workload(
            name: "W163", rule: "(didRate.donations.compactMap { $0.helpful }.sorted().last ?? 0) > 5",
            closure: { data, _, _ in (data.ratings.compactMap { $0.helpful }.sorted().last ?? 0) > 5 }),
        Workload(
            name: "W164", rule: "didRate.donations.reduce(0) { $0 + $1.landmarkID % 3 } > 10",
            closure: { data, _, _ in data.ratings.reduce(0) { $0 + $1.landmarkID % 3 } > 10 }),
        Workload(
            name: "W165", rule: "(didRate.donations.map { $0.score }.filter { $0 > 2 }.sorted().first ?? 0) > 2",
            closure: { data, _, _ in (data.ratings.map { $0.score }.filter { $0 > 2 }.sorted().first ?? 0) > 2 }),
        Workload(
            name: "W166", rule: "didRate.donations.map { $0.comment ?? \"\" }.reduce(0) { $0 + $1.count } > 100",
            closure: { data, _, _ in data.ratings.map { $0.comment ?? "" }.reduce(0) { $0 + $1.count } > 100 }),
        Workload(
            name: "W167", rule: "didRate.donations.reduce(0.0) { $0 + ($1.score > 2.5 ? $1.score : 0) } > 100",
            closure: { data, _, _ in data.ratings.reduce(0.0) { $0 + ($1.score > 2.5 ? $1.score : 0) } > 100 }),
        Workload(
            name: "W168", rule: "didRate.donations.map { ($0.comment ?? \"\").isEmpty ? 0.0 : $0.score }.reduce(0, +) > 10",
            closure: { data, _, _ in data.ratings.map { ($0.comment ?? "").isEmpty ? 0.0 : $0.score }.reduce(0, +) > 10 }),
        Workload(
            name: "W169", rule: "didRate.donations.reduce(0) { $0 + ($1.date > Date.now.addingTimeInterval(-86400 * 7) ? 1 : 0) } > 3",
            closure: { data, _, _ in data.ratings.reduce(0) { $0 + ($1.date > Dataset.now.addingTimeInterval(-86400 * 7) ? 1 : 0) } > 3 }),
        Workload(
            name: "W170", rule: "didRate.donations.contains { $0.score > 4.8 && ($0.comment ?? \"\").count > 7 }",
            closure: { data, _, _ in data.ratings.contains { $0.score > 4.8 && ($0.comment ?? "").count > 7 } }),
        Workload(
            name: "W171", rule: "(didViewLandmarkDetail.donations.filter { $0.landmarkID >= 10 && $0.landmarkID <= 20 }.map(\\.landmarkName).sorted().first ?? \"\") == \"Alps\"",
            closure: { data, _, _ in (data.views.filter { $0.landmarkID >= 10 && $0.landmarkID <= 20 }.map(\.landmarkName).sorted().first ?? "") == "Alps" }),
        Workload(
            name: "W172", rule: "(didRate.donations.filter { $0.comment != nil && $0.comment!.hasPrefix(\"great\") }.map(\\.score).max() ?? 0) > 4",
            closure: { data, _, _ in (data.ratings.filter { $0.comment != nil && $0.comment!.hasPrefix("great") }.map(\.score).max() ?? 0) > 4 }),
        Workload(
            name: "W173", rule: "(didRate.donations.min { $0.score < $1.score }?.landmarkID ?? 0) > 3",
            closure: { data, _, _ in (data.ratings.min { $0.score < $1.score }?.landmarkID ?? 0) > 3 }),
        Workload(
            name: "W174", rule: "(didRate.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 7) }.map(\\.score).max() ?? 0) > 4",
            closure: { data, _, _ in (data.ratings.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 7) }.map(\.score).max() ?? 0) > 4 }),
        Workload(
            name: "W175", rule: "didRate.donations.contains { r in didViewLandmarkDetail.donations.last?.landmarkID == r.landmarkID }",
            closure: { data, _, _ in data.ratings.contains { r in data.views.last?.landmarkID == r.landmarkID } }),
        Workload(
            name: "W176", rule: "didViewLandmarkDetail.donations.reversed().first { $0.landmarkID == 7 }?.landmarkName == \"Zion\"",
            closure: { data, _, _ in data.views.reversed().first { $0.landmarkID == 7 }?.landmarkName == "Zion" }),
        Workload(
            name: "W177", rule: "didRate.donations.compactMap { $0.helpful }.filter { $0 > 10 }.map { Double($0) }.reduce(0, +) > 100",
            closure: { data, _, _ in data.ratings.compactMap { $0.helpful }.filter { $0 > 10 }.map { Double($0) }.reduce(0, +) > 100 }),
        Workload(
            name: "W178", rule: "(didRate.donations.filter { $0.helpful != nil }.map { $0.helpful! }.min() ?? 0) < 2",
            closure: { data, _, _ in (data.ratings.filter { $0.helpful != nil }.map { $0.helpful! }.min() ?? 0) < 2 }),
        Workload(
            name: "W179", rule: "didRate.donations.map { $0.score >= 4 ? \"good\" : \"bad\" }.filter { $0 == \"good\" }.count > 10",
            closure: { data, _, _ in data.ratings.map { $0.score >= 4 ? "good" : "bad" }.filter { $0 == "good" }.count > 10 }),
        Workload(
            name: "W180", rule: "goodRecent.count * 3 > recentRates.count && goodRecent.map(\\.landmarkID).contains(7)",
            declarations: """
            let recentRates = didRate.donations.donatedWithin(.days(30))
            let goodRecent = recentRates.filter { $0.score >= 4 }

            """,
            closure: { data, calendar, _ in
                let recent = within(data.ratings, .day, 30, calendar)
                let good = recent.filter { $0.score >= 4 }
                return good.count * 3 > recent.count && good.map(\.landmarkID).contains(7)
            }),
        Workload(
            name: "W181", rule: "didRate.donations.filter { $0.score > averageScore }.count > didRate.donations.count / 3",
            declarations: """
            let averageScore = didRate.donations.map(\\.score).reduce(0, +) / Double(max(1, didRate.donations.count))

            """,
            closure: { data, _, _ in
                let average = averageScore(data.ratings)
                return data.ratings.filter { $0.score > average }.count > data.ratings.count / 3
            }),
        Workload(
            name: "W182", rule: "didRate.donations.reversed().contains { $0.score > 4.8 }",
            closure: { data, _, _ in data.ratings.reversed().contains { $0.score > 4.8 } }),
        Workload(
            name: "W183", rule: "Set(didRate.donations.map { $0.comment ?? \"\" }).count > 3",
            closure: { data, _, _ in Set(data.ratings.map { $0.comment ?? "" }).count > 3 }),
        Workload(
            name: "W184", rule: "Set(didRate.donations.compactMap(\\.comment)).count > 3",
            closure: { data, _, _ in Set(data.ratings.compactMap(\.comment)).count > 3 }),
        Workload(
            name: "W185", rule: "Set(didViewLandmarkDetail.donations.map(\\.landmarkName)).count > 3",
            closure: { data, _, _ in Set(data.views.map(\.landmarkName)).count > 3 }),
        Workload(
            name: "W186", rule: "didRate.donations.sorted { $0.score > $1.score }.prefix(3).map(\\.landmarkID).contains(7)",
            closure: { data, _, _ in data.ratings.sorted { $0.score > $1.score }.prefix(3).map(\.landmarkID).contains(7) }),
        Workload(
            name: "W187", rule: "didRate.donations.filter { $0.comment?.contains(\"great\") ?? false }.count > 2",
            closure: { data, _, _ in data.ratings.filter { $0.comment?.contains("great") ?? false }.count > 2 }),
        Workload(
            name: "W188", rule: "didRate.donations.filter { $0.comment?.lowercased().hasPrefix(\"great\") == true }.count > 2",
            closure: { data, _, _ in data.ratings.filter { $0.comment?.lowercased().hasPrefix("great") == true }.count > 2 }),
        Workload(
            name: "W189", rule: "didRate.donations.map(\\.landmarkID).sorted().last! > 3",
            closure: { data, _, _ in data.ratings.map(\.landmarkID).sorted().last! > 3 }),
        Workload(
            name: "W190", rule: "didRate.donations.compactMap(\\.helpful).reduce(0, +) > 10",
            closure: { data, _, _ in data.ratings.compactMap(\.helpful).reduce(0, +) > 10 }),
        Workload(
            name: "W191", rule: "didViewLandmarkDetail.donations.filter { [\"Zion\", \"Alps\"].contains($0.landmarkName) }.count > 2",
            closure: { data, _, _ in data.views.filter { ["Zion", "Alps"].contains($0.landmarkName) }.count > 2 }),
        Workload(
            name: "W192", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.lowercased().contains(\"a\") }.count > 2",
            closure: { data, _, _ in data.views.filter { $0.landmarkName.lowercased().contains("a") }.count > 2 }),
        Workload(
            name: "W193", rule: "didRate.donations.filter { ($0.comment?.count ?? 0) > 5 }.count > 2",
            closure: { data, _, _ in data.ratings.filter { ($0.comment?.count ?? 0) > 5 }.count > 2 }),
        Workload(
            name: "W194", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.uppercased().hasSuffix(\"S\") }.count > 2",
            closure: { data, _, _ in data.views.filter { $0.landmarkName.uppercased().hasSuffix("S") }.count > 2 }),
        Workload(
            name: "W195", rule: "didRate.donations.map { Int($0.score * 10) }.reduce(0, +) > 3",
            closure: { data, _, _ in data.ratings.map { Int($0.score * 10) }.reduce(0, +) > 3 }),
        Workload(
            name: "W196", rule: "didRate.donations.filter { $0.landmarkID == 7 }.map(\\.score).reduce(0, +) > 3",
            closure: { data, _, _ in data.ratings.filter { $0.landmarkID == 7 }.map(\.score).reduce(0, +) > 3 }),
        Workload(
            name: "W197", rule: "didRate.donations.filter { $0.score > 3 }.map(\\.landmarkID).max()! > 3",
            closure: { data, _, _ in data.ratings.filter { $0.score > 3 }.map(\.landmarkID).max()! > 3 }),
        Workload(
            name: "W198", rule: "didViewLandmarkDetail.donations.max { $0.landmarkName.count < $1.landmarkName.count }!.landmarkID > 3",
            closure: { data, _, _ in data.views.max { $0.landmarkName.count < $1.landmarkName.count }!.landmarkID > 3 }),
        Workload(
            name: "W199", rule: "didRate.donations.sorted { $0.landmarkID < $1.landmarkID }.map(\\.score).prefix(5).reduce(0, +) > 3",
            closure: { data, _, _ in data.ratings.sorted { $0.landmarkID < $1.landmarkID }.map(\.score).prefix(5).reduce(0, +) > 3 }),
        Workload(
            name: "W200", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).sorted().first! < \"B\"",
            closure: { data, _, _ in data.views.map(\.landmarkName).sorted().first! < "B" }),
    ]

    private static let workloads5: [Workload] = [
        Workload(
            name: "W201", rule: "didRate.donations.map(\\.score).sorted().suffix(3).reduce(0, +) > 10",
            closure: { data, _, _ in data.ratings.map(\.score).sorted().suffix(3).reduce(0, +) > 10 }),
        Workload(
            name: "W202", rule: "didRate.donations.compactMap { $0.helpful }.max() ?? 0 > 3",
            closure: { data, _, _ in data.ratings.compactMap { $0.helpful }.max() ?? 0 > 3 }),
        Workload(
            name: "W203", rule: "Set(didRate.donations.filter { $0.score > 3 }.map(\\.landmarkID)).count > 3",
            closure: { data, _, _ in Set(data.ratings.filter { $0.score > 3 }.map(\.landmarkID)).count > 3 }),
        Workload(
            name: "W204", rule: "didRate.donations.map { $0.comment?.count ?? 0 }.max()! > 3",
            closure: { data, _, _ in data.ratings.map { $0.comment?.count ?? 0 }.max()! > 3 }),
        Workload(
            name: "W205", rule: "(didRate.donations.donatedWithin(.days(7)).map(\\.score).max() ?? 0) > 4",
            closure: { data, calendar, _ in (within(data.ratings, .day, 7, calendar).map(\.score).max() ?? 0) > 4 }),
        Workload(
            name: "W206", rule: "didRate.donations.donatedWithin(.week).filter { $0.comment != nil }.count > 2",
            closure: { data, calendar, _ in within(data.ratings, .day, 7, calendar).filter { $0.comment != nil }.count > 2 }),
        Workload(
            name: "W207", rule: "didRate.donations.map(\\.score).contains(4.5)",
            closure: { data, _, _ in data.ratings.map(\.score).contains(4.5) }),
        Workload(
            name: "W208", rule: "didRate.donations.dropLast(5).map(\\.score).reduce(0, +) > 100",
            closure: { data, _, _ in data.ratings.dropLast(5).map(\.score).reduce(0, +) > 100 }),
        Workload(
            name: "W209", rule: "didRate.donations.filter { $0.score > 3 }.dropFirst().count > 10",
            closure: { data, _, _ in data.ratings.filter { $0.score > 3 }.dropFirst().count > 10 }),
        Workload(
            name: "W210", rule: "didRate.donations.map(\\.landmarkID).contains { $0 > 49 }",
            closure: { data, _, _ in data.ratings.map(\.landmarkID).contains { $0 > 49 } }),
        Workload(
            name: "W211", rule: "didRate.donations.filter { $0.comment?.isEmpty == false }.count > 3",
            closure: { data, _, _ in data.ratings.filter { $0.comment?.isEmpty == false }.count > 3 }),
        Workload(
            name: "W212", rule: "didRate.donations.map { Int($0.score) }.filter { $0 == 4 }.count > 10",
            closure: { data, _, _ in data.ratings.map { Int($0.score) }.filter { $0 == 4 }.count > 10 }),
        Workload(
            name: "W213", rule: "(didRate.donations.compactMap { $0.comment }.map { $0.count }.max() ?? 0) > 5",
            closure: { data, _, _ in (data.ratings.compactMap { $0.comment }.map { $0.count }.max() ?? 0) > 5 }),
        Workload(
            name: "W214", rule: "(didRate.donations.compactMap { $0.comment }.sorted().first ?? \"\") < \"great 2\"",
            closure: { data, _, _ in (data.ratings.compactMap { $0.comment }.sorted().first ?? "") < "great 2" }),
        Workload(
            name: "W215", rule: "didRate.donations.reduce(0) { $0 + ($1.comment?.count ?? 0) } > 100",
            closure: { data, _, _ in data.ratings.reduce(0) { $0 + ($1.comment?.count ?? 0) } > 100 }),
        Workload(
            name: "W216", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.contains(\" \") }.count > 3",
            closure: { data, _, _ in data.views.filter { $0.landmarkName.contains(" ") }.count > 3 }),
        Workload(
            name: "W217", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName == \"Zion\" || $0.landmarkName == \"Alps\" }.count > 3",
            closure: { data, _, _ in data.views.filter { $0.landmarkName == "Zion" || $0.landmarkName == "Alps" }.count > 3 }),
        Workload(
            name: "W218", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).filter { $0 < \"M\" }.count > 3",
            closure: { data, _, _ in data.views.map(\.landmarkName).filter { $0 < "M" }.count > 3 }),
        Workload(
            name: "W219", rule: "didRate.donations.map(\\.date).max()! > Date.now.addingTimeInterval(-3600)",
            closure: { data, _, _ in data.ratings.map(\.date).max()! > Dataset.now.addingTimeInterval(-3600) }),
        Workload(
            name: "W220", rule: "didLogin.donations.map { l in didRate.donations.filter { $0.date > l.date }.count }.max()! > 3",
            closure: { data, _, _ in data.logins.map { l in data.ratings.filter { $0.date > l.date }.count }.max()! > 3 }),
        Workload(
            name: "W221", rule: "didRate.donations.compactMap { $0.helpful }.allSatisfy { $0 < 20 }",
            closure: { data, _, _ in data.ratings.compactMap { $0.helpful }.allSatisfy { $0 < 20 } }),
        Workload(
            name: "W222", rule: "highScores.count > 3 && highScores.contains { $0.comment != nil }",
            declarations: """
            let highScores = didRate.donations.filter { $0.score > 4 }

            """,
            closure: { data, _, _ in
                let highScores = data.ratings.filter { $0.score > 4 }
                return highScores.count > 3 && highScores.contains { $0.comment != nil }
            }),
        Workload(
            name: "W223", rule: "didRate.donations.count > 0 && didRate.donations.map(\\.score).reduce(0, +) / Double(didRate.donations.count) > 2",
            closure: { data, _, _ in data.ratings.count > 0 && data.ratings.map(\.score).reduce(0, +) / Double(data.ratings.count) > 2 }),
        Workload(
            name: "W224", rule: "didRate.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 30) && $0.landmarkID == 7 }.count > 1",
            closure: { data, _, _ in data.ratings.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 30) && $0.landmarkID == 7 }.count > 1 }),
        Workload(
            name: "W225", rule: "didRate.donations.map { $0.helpful ?? -1 }.filter { $0 >= 0 }.count > 3",
            closure: { data, _, _ in data.ratings.map { $0.helpful ?? -1 }.filter { $0 >= 0 }.count > 3 }),
        Workload(
            name: "W226", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.count == 4 }.map(\\.landmarkID).reduce(0, +) > 10",
            closure: { data, _, _ in data.views.filter { $0.landmarkName.count == 4 }.map(\.landmarkID).reduce(0, +) > 10 }),
        Workload(
            name: "W227", rule: "didRate.donations.filter { favorites.contains($0.landmarkID) }.count > 3",
            declarations: """
            let favorites = Set(didViewLandmarkDetail.donations.filter { $0.landmarkName == "Zion" }.map(\\.landmarkID))

            """,
            closure: { data, _, _ in
                let favorites = Set(data.views.filter { $0.landmarkName == "Zion" }.map(\.landmarkID))
                return data.ratings.filter { favorites.contains($0.landmarkID) }.count > 3
            }),
        Workload(
            name: "W228", rule: "didRate.donations.map { $0.score }.reduce(0) { $0 > $1 ? $0 : $1 } > 4",
            closure: { data, _, _ in data.ratings.map { $0.score }.reduce(0) { $0 > $1 ? $0 : $1 } > 4 }),
        Workload(
            name: "W229", rule: "didRate.donations.map { $0.date.timeIntervalSince(Date.now) }.filter { $0 > -86400 * 3 }.count > 3",
            closure: { data, _, _ in data.ratings.map { $0.date.timeIntervalSince(Dataset.now) }.filter { $0 > -86400 * 3 }.count > 3 }),
        Workload(
            name: "W230", rule: "didRate.donations.filter { !($0.comment ?? \"\").isEmpty }.count > 3",
            closure: { data, _, _ in data.ratings.filter { !($0.comment ?? "").isEmpty }.count > 3 }),
        Workload(
            name: "W231", rule: "(didRate.donations.sorted { ($0.helpful ?? 0) > ($1.helpful ?? 0) }.first?.score ?? 0) > 2",
            closure: { data, _, _ in (data.ratings.sorted { ($0.helpful ?? 0) > ($1.helpful ?? 0) }.first?.score ?? 0) > 2 }),
        Workload(
            name: "W232", rule: "didRate.donations.map(\\.comment).filter { $0 != nil }.count > 3",
            closure: { data, _, _ in data.ratings.map(\.comment).filter { $0 != nil }.count > 3 }),
        Workload(
            name: "W233", rule: "didRate.donations.map(\\.helpful).contains(nil)",
            closure: { data, _, _ in data.ratings.map(\.helpful).contains(nil) }),
        Workload(
            name: "W234", rule: "didRate.donations[didRate.donations.count - 1].score > 2",
            closure: { data, _, _ in data.ratings[data.ratings.count - 1].score > 2 }),
        Workload(
            name: "W235", rule: "(didRate.donations.filter { $0.score >= 4 }.map(\\.date).max() ?? Date.distantPast) > Date.now.addingTimeInterval(-86400)",
            closure: { data, _, _ in (data.ratings.filter { $0.score >= 4 }.map(\.date).max() ?? Date.distantPast) > Dataset.now.addingTimeInterval(-86400) }),
        Workload(
            name: "W236", rule: "didRate.donations.filter { Int($0.score) % 2 == 0 }.count > 3",
            closure: { data, _, _ in data.ratings.filter { Int($0.score) % 2 == 0 }.count > 3 }),
        Workload(
            name: "W237", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName.lowercased() }.contains(\"zion\")",
            closure: { data, _, _ in data.views.map { $0.landmarkName.lowercased() }.contains("zion") }),
        Workload(
            name: "W238", rule: "didRate.donations.filter { $0.comment ?? \"\" == \"great 7\" }.count > 1",
            closure: { data, _, _ in data.ratings.filter { $0.comment ?? "" == "great 7" }.count > 1 }),
        Workload(
            name: "W239", rule: "Double(didRate.donations.filter { $0.score > 4 }.count) / Double(max(1, didRate.donations.count)) > 0.1",
            closure: { data, _, _ in Double(data.ratings.filter { $0.score > 4 }.count) / Double(max(1, data.ratings.count)) > 0.1 }),
        Workload(
            name: "W240", rule: "sevens.map(\\.score).reduce(0, +) / Double(max(1, sevens.count)) > 2",
            declarations: """
            let sevens = didRate.donations.filter { $0.landmarkID == 7 }

            """,
            closure: { data, _, _ in
                let sevens = data.ratings.filter { $0.landmarkID == 7 }
                return sevens.map(\.score).reduce(0, +) / Double(max(1, sevens.count)) > 2
            }),
        Workload(
            name: "W241", rule: "didRate.donations.filter { $0.landmarkID == topLandmark }.count > 3",
            declarations: """
            let topLandmark = didViewLandmarkDetail.donations.largestSubset(groupedBy: \\.landmarkID).first?.landmarkID ?? 0

            """,
            closure: { data, _, _ in
                let top = subset(data.views, largest: true)?.first?.landmarkID ?? 0
                return data.ratings.filter { $0.landmarkID == top }.count > 3
            }),
        Workload(
            name: "W242", rule: "didRate.donations.map { $0.score / 5 }.filter { $0 > 0.5 }.map { $0 * 100 }.reduce(0, +) > 100",
            closure: { data, _, _ in
                // (Typed, since swiftc takes seconds to infer the literal chain.)
                let fifths: [Double] = data.ratings.map { $0.score / 5 }
                return fifths.filter { $0 > 0.5 }.map { $0 * 100 }.reduce(0, +) > 100
            }),
        Workload(
            name: "W243", rule: "didRate.donations.contains { $0.landmarkID == 7 } ? didRate.donations.count > 3 : didViewLandmarkDetail.donations.isEmpty",
            closure: { data, _, _ in data.ratings.contains { $0.landmarkID == 7 } ? data.ratings.count > 3 : data.views.isEmpty }),
        Workload(
            name: "W244", rule: "didRate.donations.map { $0.helpful ?? 0 }.sorted(by: >).prefix(10).reduce(0, +) > 50",
            closure: { data, _, _ in data.ratings.map { $0.helpful ?? 0 }.sorted(by: >).prefix(10).reduce(0, +) > 50 }),
        Workload(
            name: "W245", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.hasPrefix(\"A\") || $0.landmarkName.hasSuffix(\"n\") }.count > 3",
            closure: { data, _, _ in data.views.filter { $0.landmarkName.hasPrefix("A") || $0.landmarkName.hasSuffix("n") }.count > 3 }),
        Workload(
            name: "W246", rule: "didRate.donations.filter { $0.score > 1 }.allSatisfy { $0.date > Date.now.addingTimeInterval(-86400 * 90) }",
            closure: { data, _, _ in data.ratings.filter { $0.score > 1 }.allSatisfy { $0.date > Dataset.now.addingTimeInterval(-86400 * 90) } }),
        Workload(
            name: "W247", rule: "didViewLandmarkDetail.donations.filter { v in didRate.donations.contains { $0.landmarkID == v.landmarkID && $0.score > 4 } }.count > 3",
            closure: { data, _, _ in data.views.filter { v in data.ratings.contains { $0.landmarkID == v.landmarkID && $0.score > 4 } }.count > 3 }),
        Workload(
            name: "W248", rule: "didRate.donations.filter { r in r.date > (didLogin.donations.last { $0.date < r.date }?.date ?? Date.distantPast) }.count > 3",
            closure: { data, _, _ in data.ratings.filter { r in r.date > (data.logins.last { $0.date < r.date }?.date ?? Date.distantPast) }.count > 3 }),
        Workload(
            name: "W249", rule: "didLogin.donations.allSatisfy { l in didViewLandmarkDetail.donations.contains { $0.date > l.date } }",
            closure: { data, _, _ in data.logins.allSatisfy { l in data.views.contains { $0.date > l.date } } }),
        Workload(
            name: "W250", rule: "didRate.donations.filter { $0.landmarkID == didViewLandmarkDetail.donations.last!.landmarkID }.count > 1",
            closure: { data, _, _ in data.ratings.filter { $0.landmarkID == data.views.last!.landmarkID }.count > 1 }),
    ]

    private static let workloads6: [Workload] = [
        Workload(
            name: "W251", rule: "didRate.donations.map { $0.score }.filter { $0 > averageScore }.count > 10",
            // (`averageScore` is W181's declaration.)
            closure: { data, _, _ in
                let average = averageScore(data.ratings)
                return data.ratings.map { $0.score }.filter { $0 > average }.count > 10
            }),
        Workload(
            name: "W252", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName.count }.reduce(0) { max($0, $1) } > 5",
            closure: { data, _, _ in data.views.map { $0.landmarkName.count }.reduce(0) { max($0, $1) } > 5 }),
        Workload(
            name: "W253", rule: "didRate.donations.filter { ($0.helpful ?? 0) > 5 || $0.comment != nil }.map(\\.landmarkID).reduce(0, +) > 10",
            closure: { data, _, _ in data.ratings.filter { ($0.helpful ?? 0) > 5 || $0.comment != nil }.map(\.landmarkID).reduce(0, +) > 10 }),
        Workload(
            name: "W254", rule: "didViewLandmarkDetail.donations.suffix(20).map(\\.landmarkName).contains(\"Zion\")",
            closure: { data, _, _ in data.views.suffix(20).map(\.landmarkName).contains("Zion") }),
        Workload(
            name: "W255", rule: "didViewLandmarkDetail.donations.donatedWithin(.days(3)).largestSubset(groupedBy: \\.landmarkName).count > 2",
            closure: { data, calendar, _ in largestNameGroup(within(data.views, .day, 3, calendar)) > 2 }),
        Workload(
            name: "W256", rule: "didRate.donations.sorted { $0.date > $1.date }.prefix(10).map(\\.score).reduce(0, +) / 10 > 2",
            closure: { data, _, _ in data.ratings.sorted { $0.date > $1.date }.prefix(10).map(\.score).reduce(0, +) / 10 > 2 }),
        Workload(
            name: "W257", rule: "didRate.donations.map { $0.score }.sorted(by: >)[0] > 4",
            closure: { data, _, _ in data.ratings.map { $0.score }.sorted(by: >)[0] > 4 }),
        Workload(
            name: "W258", rule: "(didRate.donations.filter { $0.comment?.hasSuffix(\"7\") ?? false }.map(\\.score).max() ?? 0) > 3",
            closure: { data, _, _ in (data.ratings.filter { $0.comment?.hasSuffix("7") ?? false }.map(\.score).max() ?? 0) > 3 }),
        Workload(
            name: "W259", rule: "didRate.donations.reduce(0) { $1.score > 4 ? $0 + 1 : $0 - 1 } > 0",
            closure: { data, _, _ in data.ratings.reduce(0) { $1.score > 4 ? $0 + 1 : $0 - 1 } > 0 }),
        Workload(
            name: "W260", rule: "didRate.donations.map { $0.landmarkID }.reduce(0, +) / max(1, didRate.donations.count) > 20",
            closure: { data, _, _ in data.ratings.map { $0.landmarkID }.reduce(0, +) / max(1, data.ratings.count) > 20 }),
        Workload(
            name: "W261", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.count > 4 }.map { $0.landmarkName.lowercased() }.filter { $0.contains(\"o\") }.count > 3",
            closure: { data, _, _ in data.views.filter { $0.landmarkName.count > 4 }.map { $0.landmarkName.lowercased() }.filter { $0.contains("o") }.count > 3 }),
        Workload(
            name: "W262", rule: "didRate.donations.contains { $0.date.timeIntervalSince(didLogin.donations.last!.date) > 0 && $0.score > 4.9 }",
            closure: { data, _, _ in data.ratings.contains { $0.date.timeIntervalSince(data.logins.last!.date) > 0 && $0.score > 4.9 } }),
        Workload(
            name: "W263", rule: "didRate.donations.filter { $0.helpful == nil }.count * 4 < didRate.donations.count * 2",
            closure: { data, _, _ in data.ratings.filter { $0.helpful == nil }.count * 4 < data.ratings.count * 2 }),
        Workload(
            name: "W264", rule: "didRate.donations.filter { $0.score > 2 }.map(\\.landmarkID).sorted().reversed().prefix(3).contains(50)",
            closure: { data, _, _ in data.ratings.filter { $0.score > 2 }.map(\.landmarkID).sorted().reversed().prefix(3).contains(50) }),
        Workload(
            name: "W265", rule: "didRate.donations.map { $0.helpful != nil ? Double($0.helpful!) : $0.score }.reduce(0, +) > 10",
            closure: { data, _, _ in data.ratings.map { $0.helpful != nil ? Double($0.helpful!) : $0.score }.reduce(0, +) > 10 }),
        Workload(
            name: "W266", rule: "Set(didRate.donations.map(\\.landmarkID)).count * 2 > Set(didViewLandmarkDetail.donations.map(\\.landmarkID)).count",
            closure: { data, _, _ in Set(data.ratings.map(\.landmarkID)).count * 2 > Set(data.views.map(\.landmarkID)).count }),
        Workload(
            name: "W267", rule: "didRate.donations.reduce(0) { max($0, $1.landmarkID * 2) } > 10",
            closure: { data, _, _ in data.ratings.reduce(0) { max($0, $1.landmarkID * 2) } > 10 }),
        Workload(
            name: "W268", rule: "didRate.donations.reduce(0) { $0 + ($1.helpful ?? 0) * 2 } > 100",
            closure: { data, _, _ in data.ratings.reduce(0) { $0 + ($1.helpful ?? 0) * 2 } > 100 }),
        Workload(
            name: "W269", rule: "didViewLandmarkDetail.donations.sorted { $0.landmarkName < $1.landmarkName }.first?.landmarkID == 3",
            closure: { data, _, _ in data.views.sorted { $0.landmarkName < $1.landmarkName }.first?.landmarkID == 3 }),
        Workload(
            name: "W270", rule: "didViewLandmarkDetail.donations.min { $0.landmarkName < $1.landmarkName }?.landmarkID == 3",
            closure: { data, _, _ in data.views.min { $0.landmarkName < $1.landmarkName }?.landmarkID == 3 }),
        Workload(
            name: "W271", rule: "didRate.donations.filter { $0.comment?.count ?? 0 > 3 && $0.score > 2 }.count > 3",
            closure: { data, _, _ in data.ratings.filter { $0.comment?.count ?? 0 > 3 && $0.score > 2 }.count > 3 }),
        Workload(
            name: "W272", rule: "didRate.donations.contains { $0.comment?.lowercased() == \"great 7\" }",
            closure: { data, _, _ in data.ratings.contains { $0.comment?.lowercased() == "great 7" } }),
        Workload(
            name: "W273", rule: "didRate.donations.filter { $0.date > Date.now.addingTimeInterval(-7 * 86400) }.reduce(0) { $0 + $1.landmarkID } > 5",
            closure: { data, _, _ in data.ratings.filter { $0.date > Dataset.now.addingTimeInterval(-7 * 86400) }.reduce(0) { $0 + $1.landmarkID } > 5 }),
        Workload(
            name: "W274", rule: "Set(didRate.donations.map { $0.landmarkID % 5 }).contains(3)",
            closure: { data, _, _ in Set(data.ratings.map { $0.landmarkID % 5 }).contains(3) }),
        Workload(
            name: "W275", rule: "didRate.donations.map { $0.score }.filter { $0 >= 4 }.isEmpty == false",
            closure: { data, _, _ in data.ratings.map { $0.score }.filter { $0 >= 4 }.isEmpty == false }),
        Workload(
            name: "W276", rule: "!didRate.donations.allSatisfy { $0.comment == nil }",
            closure: { data, _, _ in !data.ratings.allSatisfy { $0.comment == nil } }),
        Workload(
            name: "W277", rule: "(didRate.donations.map { Int($0.score.rounded()) }.max() ?? 0) > 3",
            closure: { data, _, _ in (data.ratings.map { Int($0.score.rounded()) }.max() ?? 0) > 3 }),
        Workload(
            name: "W278", rule: "(didRate.donations.compactMap { $0.comment?.count }.max() ?? 0) > 6",
            closure: { data, _, _ in (data.ratings.compactMap { $0.comment?.count }.max() ?? 0) > 6 }),
        Workload(
            name: "W279", rule: "didRate.donations.filter { $0.landmarkID == 7 }.sorted { $0.score > $1.score }.first?.comment != nil",
            closure: { data, _, _ in data.ratings.filter { $0.landmarkID == 7 }.sorted { $0.score > $1.score }.first?.comment != nil }),
        Workload(
            name: "W280", rule: "didRate.donations.map { max(0, $0.score - 2) }.reduce(0, +) > 100",
            closure: { data, _, _ in data.ratings.map { max(0, $0.score - 2) }.reduce(0, +) > 100 }),
        Workload(
            name: "W281", rule: "didRate.donations.map { $0.comment == nil ? 0 : 1 }.reduce(0, +) > 100",
            closure: { data, _, _ in data.ratings.map { $0.comment == nil ? 0 : 1 }.reduce(0, +) > 100 }),
        Workload(
            name: "W282", rule: "didRate.donations.reduce(0) { max($0, $1.helpful ?? 0) } > 10",
            closure: { data, _, _ in data.ratings.reduce(0) { max($0, $1.helpful ?? 0) } > 10 }),
        Workload(
            name: "W283", rule: "didRate.donations.filter { $0.score > 3 }.map(\\.landmarkID).reduce(0) { $0 + $1 } > 10",
            closure: { data, _, _ in data.ratings.filter { $0.score > 3 }.map(\.landmarkID).reduce(0) { $0 + $1 } > 10 }),
        Workload(
            name: "W284", rule: "didRate.donations.reduce(0.0) { $1.score > 2 ? $0 + $1.score : $0 - 1 } > 10",
            closure: { data, _, _ in data.ratings.reduce(0.0) { $1.score > 2 ? $0 + $1.score : $0 - 1 } > 10 }),
        Workload(
            name: "W285", rule: "didRate.donations.map { $0.landmarkID * 3 % 7 }.filter { $0 == 2 }.count > 10",
            closure: { data, _, _ in data.ratings.map { $0.landmarkID * 3 % 7 }.filter { $0 == 2 }.count > 10 }),
        Workload(
            name: "W286", rule: "didRate.donations.filter { $0.comment != nil }.map { $0.comment! + \"!\" }.contains(\"great 7!\")",
            closure: { data, _, _ in data.ratings.filter { $0.comment != nil }.map { $0.comment! + "!" }.contains("great 7!") }),
        Workload(
            name: "W287", rule: "didRate.donations.donatedWithin(.days(14)).count(where: { $0.score > 4 }) >= 2",
            closure: { data, calendar, _ in within(data.ratings, .day, 14, calendar).count(where: { $0.score > 4 }) >= 2 }),
        Workload(
            name: "W288", rule: "didRate.donations.donatedWithin(.month).map(\\.landmarkID).contains(7)",
            closure: { data, calendar, _ in within(data.ratings, .month, 1, calendar).map(\.landmarkID).contains(7) }),
        Workload(
            name: "W289", rule: "(didRate.donations.donatedWithin(.week).map { $0.score }.reduce(0, +) / Double(max(1, didRate.donations.donatedWithin(.week).count))) > 2",
            closure: { data, calendar, _ in
                let week = within(data.ratings, .day, 7, calendar)
                let total: Double = week.map { $0.score }.reduce(0, +)
                return total / Double(max(1, week.count)) > 2
            }),
        Workload(
            name: "W290", rule: "didViewLandmarkDetail.donations.donatedWithin(.days(30)).filter { $0.landmarkName.hasPrefix(\"Z\") }.count >= 2",
            closure: { data, calendar, _ in within(data.views, .day, 30, calendar).filter { $0.landmarkName.hasPrefix("Z") }.count >= 2 }),
        Workload(
            name: "W291", rule: "didRate.donations.filter { $0.date.timeIntervalSince(didRate.donations.first!.date) < 86400 * 10 }.count > 3",
            closure: { data, _, _ in data.ratings.filter { $0.date.timeIntervalSince(data.ratings.first!.date) < 86400 * 10 }.count > 3 }),
        Workload(
            name: "W292", rule: "didRate.donations.contains { $0.landmarkID == 7 && $0.comment != nil && $0.score >= 4 }",
            closure: { data, _, _ in data.ratings.contains { $0.landmarkID == 7 && $0.comment != nil && $0.score >= 4 } }),
        Workload(
            name: "W293", rule: "didRate.donations.filter { !($0.comment?.isEmpty ?? true) }.count > 3",
            closure: { data, _, _ in data.ratings.filter { !($0.comment?.isEmpty ?? true) }.count > 3 }),
        Workload(
            name: "W294", rule: "didRate.donations.map { $0.score * 2 }.sorted().dropLast(10).last ?? 0 > 5",
            closure: { data, _, _ in data.ratings.map { $0.score * 2 }.sorted().dropLast(10).last ?? 0 > 5 }),
        Workload(
            name: "W295", rule: "didRate.donations.filter { $0.score >= 4 }.map(\\.landmarkID).reduce(0, +) > didRate.donations.filter { $0.score < 2 }.map(\\.landmarkID).reduce(0, +)",
            closure: { data, _, _ in data.ratings.filter { $0.score >= 4 }.map(\.landmarkID).reduce(0, +) > data.ratings.filter { $0.score < 2 }.map(\.landmarkID).reduce(0, +) }),
        Workload(
            name: "W296", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName != \"Wilbere Bowl\" && $0.landmarkID % 2 == 1 }.map(\\.landmarkName).sorted().last ?? \"\" > \"M\"",
            closure: { data, _, _ in data.views.filter { $0.landmarkName != "Wilbere Bowl" && $0.landmarkID % 2 == 1 }.map(\.landmarkName).sorted().last ?? "" > "M" }),
        Workload(
            name: "W297", rule: "didRate.donations.filter { ($0.helpful ?? 0) >= 10 }.count(where: { $0.comment == nil }) > 3",
            closure: { data, _, _ in data.ratings.filter { ($0.helpful ?? 0) >= 10 }.count(where: { $0.comment == nil }) > 3 }),
        Workload(
            name: "W298", rule: "didRate.donations.map { ($0.helpful ?? 0) > 10 ? $0.score : 0 }.max()! > 4",
            closure: { data, _, _ in data.ratings.map { ($0.helpful ?? 0) > 10 ? $0.score : 0 }.max()! > 4 }),
        Workload(
            name: "W299", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName.hasPrefix(\"A\") ? 1 : 0 }.reduce(0, +) > 10",
            closure: { data, _, _ in data.views.map { $0.landmarkName.hasPrefix("A") ? 1 : 0 }.reduce(0, +) > 10 }),
        Workload(
            name: "W300", rule: "didRate.donations.filter { $0.comment != nil }.last?.date ?? Date.distantPast > Date.now.addingTimeInterval(-86400)",
            closure: { data, _, _ in data.ratings.filter { $0.comment != nil }.last?.date ?? Date.distantPast > Dataset.now.addingTimeInterval(-86400) }),
    ]

    private static let workloads7: [Workload] = [
        Workload(
            name: "W301", rule: "didRate.donations.allSatisfy { $0.helpful == nil || $0.helpful! < 20 || $0.score > 1 }",
            closure: { data, _, _ in data.ratings.allSatisfy { $0.helpful == nil || $0.helpful! < 20 || $0.score > 1 } }),
        Workload(
            name: "W302", rule: "didRate.donations.filter { $0.landmarkID >= 45 }.map { Double($0.landmarkID) + $0.score }.reduce(0, +) > 100",
            closure: { data, _, _ in data.ratings.filter { $0.landmarkID >= 45 }.map { Double($0.landmarkID) + $0.score }.reduce(0, +) > 100 }),
        Workload(
            name: "W303", rule: "Set(didRate.donations.compactMap { $0.helpful }.filter { $0 > 5 }).count > 5",
            closure: { data, _, _ in Set(data.ratings.compactMap { $0.helpful }.filter { $0 > 5 }).count > 5 }),
        Workload(
            name: "W304", rule: "didRate.donations.map(\\.score).reduce(0) { max($0, $1) } - didRate.donations.map(\\.score).reduce(5) { min($0, $1) } > 4",
            closure: { data, _, _ in data.ratings.map(\.score).reduce(0) { max($0, $1) } - data.ratings.map(\.score).reduce(5) { min($0, $1) } > 4 }),
        Workload(
            name: "W305", rule: "didViewLandmarkDetail.donations.contains { $0.landmarkName.count > 10 && $0.landmarkName.contains(\"Lake\") }",
            closure: { data, _, _ in data.views.contains { $0.landmarkName.count > 10 && $0.landmarkName.contains("Lake") } }),
        Workload(
            name: "W306", rule: "didRate.donations.count { $0.date > Date.now.addingTimeInterval(-86400 * 20) && $0.date < Date.now.addingTimeInterval(-86400 * 10) } > 5",
            closure: { data, _, _ in data.ratings.count { $0.date > Dataset.now.addingTimeInterval(-86400 * 20) && $0.date < Dataset.now.addingTimeInterval(-86400 * 10) } > 5 }),
    ]

    private static let workloads8: [Workload] = [
        Workload(
            name: "W307", rule: "didRate.donations.filter { r in didLogin.donations.contains { $0.date < r.date && r.date.timeIntervalSince($0.date) < 3600 } }.count > 3",
            closure: { data, _, _ in data.ratings.filter { r in data.logins.contains { $0.date < r.date && r.date.timeIntervalSince($0.date) < 3600 } }.count > 3 }),
        Workload(
            name: "W308", rule: "didViewLandmarkDetail.donations.contains { v in didRate.donations.contains { $0.landmarkID == v.landmarkID && $0.date > v.date } }",
            closure: { data, _, _ in data.views.contains { v in data.ratings.contains { $0.landmarkID == v.landmarkID && $0.date > v.date } } }),
        Workload(
            name: "W309", rule: "didRate.donations.map { r in didViewLandmarkDetail.donations.count { $0.landmarkID == r.landmarkID } }.max()! > 30",
            closure: { data, _, _ in data.ratings.map { r in data.views.count { $0.landmarkID == r.landmarkID } }.max()! > 30 }),
        Workload(
            name: "W310", rule: "didLogin.donations.filter { l in didRate.donations.contains { $0.date > l.date && $0.score > 4.5 } }.count >= 2",
            closure: { data, _, _ in data.logins.filter { l in data.ratings.contains { $0.date > l.date && $0.score > 4.5 } }.count >= 2 }),
        Workload(
            name: "W311", rule: "didRate.donations.filter { $0.landmarkID == 7 }.map(\\.date).max() ?? Date.distantPast > didViewLandmarkDetail.donations.filter { $0.landmarkID == 7 }.map(\\.date).max() ?? Date.distantPast",
            closure: { data, _, _ in data.ratings.filter { $0.landmarkID == 7 }.map(\.date).max() ?? Date.distantPast > data.views.filter { $0.landmarkID == 7 }.map(\.date).max() ?? Date.distantPast }),
        Workload(
            name: "W312", rule: "didRate.donations.filter { $0.score == didRate.donations.map(\\.score).max()! }.count > 1",
            closure: { data, _, _ in data.ratings.filter { $0.score == data.ratings.map(\.score).max()! }.count > 1 }),
        Workload(
            name: "W313", rule: "didRate.donations.map { $0.comment?.uppercased() ?? \"NONE\" }.filter { $0 != \"NONE\" }.count > 3",
            closure: { data, _, _ in data.ratings.map { $0.comment?.uppercased() ?? "NONE" }.filter { $0 != "NONE" }.count > 3 }),
        Workload(
            name: "W314", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName + \" \" }.filter { $0.hasPrefix(\"Z\") }.count > 3",
            closure: { data, _, _ in data.views.map { $0.landmarkName + " " }.filter { $0.hasPrefix("Z") }.count > 3 }),
        Workload(
            name: "W315", rule: "didRate.donations.reduce(0) { $0 + ($1.comment?.hasPrefix(\"great 1\") == true ? 1 : 0) } > 3",
            closure: { data, _, _ in data.ratings.reduce(0) { $0 + ($1.comment?.hasPrefix("great 1") == true ? 1 : 0) } > 3 }),
        Workload(
            name: "W316", rule: "didRate.donations.map { $0.score }.filter { $0 > 1 }.map { $0.rounded() }.reduce(0, +) > 100",
            closure: { data, _, _ in data.ratings.map { $0.score }.filter { $0 > 1 }.map { $0.rounded() }.reduce(0, +) > 100 }),
        Workload(
            name: "W317", rule: "didRate.donations.dropFirst(100).dropLast(100).filter { $0.score > 3 }.count > 100",
            closure: { data, _, _ in data.ratings.dropFirst(100).dropLast(100).filter { $0.score > 3 }.count > 100 }),
        Workload(
            name: "W318", rule: "didRate.donations.prefix(100).map(\\.score).reduce(0, +) > didRate.donations.suffix(100).map(\\.score).reduce(0, +)",
            closure: { data, _, _ in data.ratings.prefix(100).map(\.score).reduce(0, +) > data.ratings.suffix(100).map(\.score).reduce(0, +) }),
        Workload(
            name: "W319", rule: "didRate.donations.filter { $0.helpful != nil }.map { $0.helpful! * 2 }.filter { $0 > 10 }.count > 3",
            closure: { data, _, _ in data.ratings.filter { $0.helpful != nil }.map { $0.helpful! * 2 }.filter { $0 > 10 }.count > 3 }),
        Workload(
            name: "W320", rule: "didRate.donations.sorted { $0.score > $1.score }.map(\\.landmarkID).prefix(5).contains(7)",
            closure: { data, _, _ in data.ratings.sorted { $0.score > $1.score }.map(\.landmarkID).prefix(5).contains(7) }),
        Workload(
            name: "W321", rule: "didRate.donations.map(\\.comment).compactMap { $0 }.filter { $0.hasSuffix(\"9\") }.count > 3",
            closure: { data, _, _ in data.ratings.map(\.comment).compactMap { $0 }.filter { $0.hasSuffix("9") }.count > 3 }),
        Workload(
            name: "W322", rule: "didRate.donations.contains { abs($0.score - 2.5) < 0.05 && $0.landmarkID > 40 }",
            closure: { data, _, _ in data.ratings.contains { abs($0.score - 2.5) < 0.05 && $0.landmarkID > 40 } }),
        Workload(
            name: "W323", rule: "didRate.donations.map { Double($0.helpful ?? 0) / 2 }.max()! > 5",
            closure: { data, _, _ in data.ratings.map { Double($0.helpful ?? 0) / 2 }.max()! > 5 }),
        Workload(
            name: "W324", rule: "didRate.donations.filter { $0.date >= Date.now.addingTimeInterval(-86400 * 7) }.allSatisfy { $0.score > 0.5 }",
            closure: { data, _, _ in data.ratings.filter { $0.date >= Dataset.now.addingTimeInterval(-86400 * 7) }.allSatisfy { $0.score > 0.5 } }),
        Workload(
            name: "W325", rule: "didRate.donations.reduce(0.0) { $0 + $1.score * $1.score } / Double(max(1, didRate.donations.count)) > 5",
            closure: { data, _, _ in data.ratings.reduce(0.0) { $0 + $1.score * $1.score } / Double(max(1, data.ratings.count)) > 5 }),
        Workload(
            name: "W326", rule: "didViewLandmarkDetail.donations.filter { [\"Zion\", \"Alps\", \"Denali\"].contains($0.landmarkName) && $0.landmarkID < 25 }.map(\\.landmarkID).max() ?? 0 > 10",
            closure: { data, _, _ in data.views.filter { ["Zion", "Alps", "Denali"].contains($0.landmarkName) && $0.landmarkID < 25 }.map(\.landmarkID).max() ?? 0 > 10 }),
    ]

    private static let workloads9: [Workload] = [
        Workload(
            name: "W327", rule: "didRate.donations.filter { $0.landmarkID == didViewLandmarkDetail.donations.last!.landmarkID }.count >= 1",
            closure: { data, _, _ in data.ratings.filter { $0.landmarkID == data.views.last!.landmarkID }.count >= 1 }),
        Workload(
            name: "W328", rule: "didViewLandmarkDetail.donations.donatedWithin(.week).map(\\.landmarkID).max() ?? 0 > 40",
            closure: { data, calendar, _ in within(data.views, .day, 7, calendar).map(\.landmarkID).max() ?? 0 > 40 }),
        Workload(
            name: "W329", rule: "(didRate.donations.last?.score ?? 0) >= 4 && didRate.donations.count > 5",
            closure: { data, _, _ in (data.ratings.last?.score ?? 0) >= 4 && data.ratings.count > 5 }),
        Workload(
            name: "W330", rule: "didRate.donations.filter { $0.date > (didLogin.donations.last?.date ?? Date.distantPast) }.count > 2",
            closure: { data, _, _ in data.ratings.filter { $0.date > (data.logins.last?.date ?? Date.distantPast) }.count > 2 }),
        Workload(
            name: "W331", rule: "twoWeekRatings.filter { $0.score >= 4 }.count * 2 > twoWeekRatings.count", declarations: """
            let twoWeekRatings = didRate.donations.donatedWithin(.days(14))

            """,
            closure: { data, calendar, _ in
                let recent = within(data.ratings, .day, 14, calendar)
                return recent.filter { $0.score >= 4 }.count * 2 > recent.count
            }),
        Workload(
            name: "W332", rule: "didRate.donations.min { $0.score < $1.score }?.landmarkID ?? 0 > 10",
            closure: { data, _, _ in data.ratings.min { $0.score < $1.score }?.landmarkID ?? 0 > 10 }),
        Workload(
            name: "W333", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName.count }.reduce(0, +) > 5000",
            closure: { data, _, _ in data.views.map { $0.landmarkName.count }.reduce(0, +) > 5000 }),
        Workload(
            name: "W334", rule: "didViewLandmarkDetail.donations.filter { v in !didRate.donations.contains { $0.landmarkID == v.landmarkID } }.count > 3",
            closure: { data, _, _ in data.views.filter { v in !data.ratings.contains { $0.landmarkID == v.landmarkID } }.count > 3 }),
        Workload(
            name: "W335", rule: "didRate.donations.sorted { $0.date > $1.date }.prefix(10).map(\\.score).reduce(0, +) / 10 > 2.5",
            closure: { data, _, _ in data.ratings.sorted { $0.date > $1.date }.prefix(10).map(\.score).reduce(0, +) / 10 > 2.5 }),
        Workload(
            name: "W336", rule: "didRate.donations.suffix(20).filter { $0.comment != nil }.count >= 5",
            closure: { data, _, _ in data.ratings.suffix(20).filter { $0.comment != nil }.count >= 5 }),
        Workload(
            name: "W337", rule: "didViewLandmarkDetail.donations.largestSubset(groupedBy: \\.landmarkID).first?.date ?? Date.distantPast > Date.now.addingTimeInterval(-86400 * 30)",
            closure: { data, _, _ in Workloads.subset(data.views, largest: true)?.first?.date ?? Date.distantPast > Dataset.now.addingTimeInterval(-86400 * 30) }),
        Workload(
            name: "W338", rule: "didRate.donations.filter { ($0.helpful ?? 0) * 2 > Int($0.score * 4) }.count > 10",
            closure: { data, _, _ in data.ratings.filter { ($0.helpful ?? 0) * 2 > Int($0.score * 4) }.count > 10 }),
        Workload(
            name: "W339", rule: "didRate.donations.map { $0.date.timeIntervalSince(Date.now) / 86400 }.filter { $0 > -7 }.count > 10",
            closure: { data, _, _ in data.ratings.map { $0.date.timeIntervalSince(Dataset.now) / 86400 }.filter { $0 > -7 }.count > 10 }),
        Workload(
            name: "W340", rule: "didLogin.donations.donatedWithin(.days(7)).count >= 3 && didRate.donations.donatedWithin(.days(7)).isEmpty == false",
            closure: { data, calendar, _ in within(data.logins, .day, 7, calendar).count >= 3 && within(data.ratings, .day, 7, calendar).isEmpty == false }),
        Workload(
            name: "W341", rule: "didRate.donations.map { $0.comment?.count ?? 0 }.max()! > 7",
            closure: { data, _, _ in data.ratings.map { $0.comment?.count ?? 0 }.max()! > 7 }),
        Workload(
            name: "W342", rule: "didRate.donations.filter { $0.comment?.contains(\"1\") ?? false }.map(\\.landmarkID).min() ?? 100 < 5",
            closure: { data, _, _ in data.ratings.filter { $0.comment?.contains("1") ?? false }.map(\.landmarkID).min() ?? 100 < 5 }),
        Workload(
            name: "W343", rule: "didRate.donations.reduce(0.0) { max($0, $1.score) } >= 4.9",
            closure: { data, _, _ in data.ratings.reduce(0.0) { max($0, $1.score) } >= 4.9 }),
        Workload(
            name: "W344", rule: "didRate.donations.filter { $0.date > Date.now.addingTimeInterval(-3600 * 24 * 3) && $0.score < 2 }.isEmpty",
            closure: { data, _, _ in data.ratings.filter { $0.date > Dataset.now.addingTimeInterval(-3600 * 24 * 3) && $0.score < 2 }.isEmpty }),
        Workload(
            name: "W345", rule: "didRate.donations.first(where: { $0.score > 4.8 })?.date.timeIntervalSince(didRate.donations.first!.date) ?? 0 > 1000",
            closure: { data, _, _ in data.ratings.first(where: { $0.score > 4.8 })?.date.timeIntervalSince(data.ratings.first!.date) ?? 0 > 1000 }),
        Workload(
            name: "W346", rule: "Set(didViewLandmarkDetail.donations.map(\\.landmarkName)).contains(\"Zion\") && Set(didRate.donations.map(\\.landmarkID)).count > 10",
            closure: { data, _, _ in Set(data.views.map(\.landmarkName)).contains("Zion") && Set(data.ratings.map(\.landmarkID)).count > 10 }),
        Workload(
            name: "W347", rule: "didRate.donations.filter { $0.score == topScore }.count > 2", declarations: """
            let topScore = didRate.donations.map(\\.score).max() ?? 0

            """,
            closure: { data, _, _ in
                let top = data.ratings.map(\.score).max() ?? 0
                return data.ratings.filter { $0.score == top }.count > 2
            }),
        Workload(
            name: "W348", rule: "didRate.donations.dropFirst().filter { $0.score > 4 }.map { $0.landmarkID * 10 + Int($0.score) }.max() ?? 0 > 100",
            closure: { data, _, _ in data.ratings.dropFirst().filter { $0.score > 4 }.map { $0.landmarkID * 10 + Int($0.score) }.max() ?? 0 > 100 }),
        Workload(
            name: "W349", rule: "didRate.donations.compactMap { $0.comment }.map { $0.lowercased() }.contains(\"great 7\")",
            closure: { data, _, _ in data.ratings.compactMap { $0.comment }.map { $0.lowercased() }.contains("great 7") }),
        Workload(
            name: "W350", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.contains(\" \") }.count * 3 > didViewLandmarkDetail.donations.count",
            closure: { data, _, _ in data.views.filter { $0.landmarkName.contains(" ") }.count * 3 > data.views.count }),
        Workload(
            name: "W351", rule: "didRate.donations.map(\\.helpful).filter { $0 != nil }.count > 100",
            closure: { data, _, _ in data.ratings.map(\.helpful).filter { $0 != nil }.count > 100 }),
        Workload(
            name: "W352", rule: "didRate.donations.filter { $0.landmarkID == 7 }.last?.comment != nil",
            closure: { data, _, _ in data.ratings.filter { $0.landmarkID == 7 }.last?.comment != nil }),
        Workload(
            name: "W353", rule: "didRate.donations.count(where: { r in r.score > 4 && r.date > didLogin.donations.first!.date }) > 3",
            closure: { data, _, _ in data.ratings.count(where: { r in r.score > 4 && r.date > data.logins.first!.date }) > 3 }),
        Workload(
            name: "W354", rule: "didViewLandmarkDetail.donations.smallestSubset(groupedBy: \\.landmarkID).count < 5",
            closure: { data, _, _ in Workloads.subsetCount(data.views, largest: false) < 5 }),
        Workload(
            name: "W355", rule: "didRate.donations.donatedWithin(.hours(72)).map { $0.score }.min() ?? 5 < 1",
            closure: { data, calendar, _ in within(data.ratings, .hour, 72, calendar).map { $0.score }.min() ?? 5 < 1 }),
    ]

    private static let workloads10: [Workload] = [
        Workload(
            name: "W356", rule: "didRate.donations.sorted { $0.score == $1.score ? $0.date > $1.date : $0.score > $1.score }.first!.landmarkID > 10",
            closure: { data, _, _ in data.ratings.sorted { $0.score == $1.score ? $0.date > $1.date : $0.score > $1.score }.first!.landmarkID > 10 }),
        Workload(
            name: "W357", rule: "(didRate.donations.max { ($0.helpful ?? 0) < ($1.helpful ?? 0) }?.score ?? 0) > 2",
            closure: { data, _, _ in (data.ratings.max { ($0.helpful ?? 0) < ($1.helpful ?? 0) }?.score ?? 0) > 2 }),
        Workload(
            name: "W358", rule: "didRate.donations.count(where: { r in didLogin.donations.last { $0.date <= r.date } != nil }) > 3",
            closure: { data, _, _ in data.ratings.count(where: { r in data.logins.last { $0.date <= r.date } != nil }) > 3 }),
        Workload(
            name: "W359", rule: "didRate.donations.reversed().first(where: { $0.score > 4.5 })?.landmarkID ?? 0 > 10",
            closure: { data, _, _ in data.ratings.reversed().first(where: { $0.score > 4.5 })?.landmarkID ?? 0 > 10 }),
        Workload(
            name: "W360", rule: "didRate.donations.dropFirst(50).prefix(200).filter { $0.comment != nil }.count > 20",
            closure: { data, _, _ in data.ratings.dropFirst(50).prefix(200).filter { $0.comment != nil }.count > 20 }),
        Workload(
            name: "W361", rule: "didRate.donations.map { Date.now.timeIntervalSince($0.date) / 3600 }.min() ?? 1e9 < 48",
            closure: { data, _, _ in data.ratings.map { Dataset.now.timeIntervalSince($0.date) / 3600 }.min() ?? 1e9 < 48 }),
        Workload(
            name: "W362", rule: "goodShare > 0.1", declarations: """
            let goodCount = didRate.donations.filter { $0.score >= 4 }.count
            let goodShare = Double(goodCount) / Double(max(1, didRate.donations.count))

            """,
            closure: { data, _, _ in
                let good = data.ratings.filter { $0.score >= 4 }.count
                return Double(good) / Double(max(1, data.ratings.count)) > 0.1
            }),
        Workload(
            name: "W363", rule: "didRate.donations.filter { r in r.score > 4 && didViewLandmarkDetail.donations.contains { $0.landmarkID == r.landmarkID && $0.date < r.date } }.count > 5",
            closure: { data, _, _ in data.ratings.filter { r in r.score > 4 && data.views.contains { $0.landmarkID == r.landmarkID && $0.date < r.date } }.count > 5 }),
        Workload(
            name: "W364", rule: "didViewLandmarkDetail.donations.filter { v in (didRate.donations.first { $0.landmarkID == v.landmarkID }?.score ?? 0) > 4 }.count > 3",
            closure: { data, _, _ in data.views.filter { v in (data.ratings.first { $0.landmarkID == v.landmarkID }?.score ?? 0) > 4 }.count > 3 }),
        Workload(
            name: "W365", rule: "didRate.donations.contains { r in (didLogin.donations.last { $0.date < r.date }?.date ?? Date.distantPast) < r.date.addingTimeInterval(-86400 * 3) }",
            closure: { data, _, _ in data.ratings.contains { r in (data.logins.last { $0.date < r.date }?.date ?? Date.distantPast) < r.date.addingTimeInterval(-86400 * 3) } }),
        Workload(
            name: "W366", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName }.filter { !$0.isEmpty }.sorted().first ?? \"\" < \"B\"",
            closure: { data, _, _ in data.views.map { $0.landmarkName }.filter { !$0.isEmpty }.sorted().first ?? "" < "B" }),
        Workload(
            name: "W367", rule: "didRate.donations.min { $0.date < $1.date }!.score < didRate.donations.max { $0.date < $1.date }!.score",
            closure: { data, _, _ in data.ratings.min { $0.date < $1.date }!.score < data.ratings.max { $0.date < $1.date }!.score }),
        Workload(
            name: "W368", rule: "didRate.donations.filter { $0.comment?.hasPrefix(\"great\") ?? false }.map(\\.score).reduce(0, +) > 50",
            closure: { data, _, _ in data.ratings.filter { $0.comment?.hasPrefix("great") ?? false }.map(\.score).reduce(0, +) > 50 }),
        Workload(
            name: "W369", rule: "didViewLandmarkDetail.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 14) }.map(\\.landmarkName).contains(\"Zion\")",
            closure: { data, _, _ in data.views.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 14) }.map(\.landmarkName).contains("Zion") }),
        Workload(
            name: "W370", rule: "didRate.donations.map { $0.landmarkID }.reduce(0) { $0 > $1 ? $0 : $1 } > 40",
            closure: { data, _, _ in data.ratings.map { $0.landmarkID }.reduce(0) { $0 > $1 ? $0 : $1 } > 40 }),
        Workload(
            name: "W371", rule: "didRate.donations.filter { ($0.helpful ?? 0) > 5 }.sorted { $0.score > $1.score }.prefix(3).allSatisfy { $0.score >= 4 }",
            closure: { data, _, _ in data.ratings.filter { ($0.helpful ?? 0) > 5 }.sorted { $0.score > $1.score }.prefix(3).allSatisfy { $0.score >= 4 } }),
        Workload(
            name: "W372", rule: "didRate.donations.last(where: { $0.landmarkID == 7 })?.date ?? Date.distantPast > Date.now.addingTimeInterval(-86400 * 10)",
            closure: { data, _, _ in data.ratings.last(where: { $0.landmarkID == 7 })?.date ?? Date.distantPast > Dataset.now.addingTimeInterval(-86400 * 10) }),
        Workload(
            name: "W373", rule: "Set(didRate.donations.filter { $0.score >= 4 }.map(\\.landmarkID)).count >= Set(didRate.donations.map(\\.landmarkID)).count / 2",
            closure: { data, _, _ in Set(data.ratings.filter { $0.score >= 4 }.map(\.landmarkID)).count >= Set(data.ratings.map(\.landmarkID)).count / 2 }),
        Workload(
            name: "W374", rule: "didRate.donations.map { ($0.comment ?? \"\").count + ($0.helpful ?? 0) }.max()! > 20",
            closure: { data, _, _ in data.ratings.map { ($0.comment ?? "").count + ($0.helpful ?? 0) }.max()! > 20 }),
        Workload(
            name: "W375", rule: "didLogin.donations.donatedWithin(.days(14)).count >= 2 && didRate.donations.donatedWithin(.days(14)).filter { $0.score < 2 }.count == 0",
            closure: { data, calendar, _ in within(data.logins, .day, 14, calendar).count >= 2 && within(data.ratings, .day, 14, calendar).filter { $0.score < 2 }.count == 0 }),
        Workload(
            name: "W376", rule: "didViewLandmarkDetail.donations.filter { v in didLogin.donations.contains { abs($0.date.timeIntervalSince(v.date)) < 600 } }.count > 2",
            closure: { data, _, _ in data.views.filter { v in data.logins.contains { abs($0.date.timeIntervalSince(v.date)) < 600 } }.count > 2 }),
        Workload(
            name: "W377", rule: "didRate.donations.compactMap { $0.helpful }.filter { $0 % 2 == 0 }.count > 100",
            closure: { data, _, _ in data.ratings.compactMap { $0.helpful }.filter { $0 % 2 == 0 }.count > 100 }),
        Workload(
            name: "W378", rule: "didRate.donations.filter { $0.score > averageRecent }.count > 10", declarations: """
            let averageRecent = didRate.donations.suffix(50).map(\\.score).reduce(0, +) / 50

            """,
            closure: { data, _, _ in
                let average = data.ratings.suffix(50).map(\.score).reduce(0, +) / 50
                return data.ratings.filter { $0.score > average }.count > 10
            }),
        Workload(
            name: "W379", rule: "didViewLandmarkDetail.donations.suffix(100).map(\\.landmarkID).filter { $0 > 25 }.count * 2 > 100",
            closure: { data, _, _ in data.views.suffix(100).map(\.landmarkID).filter { $0 > 25 }.count * 2 > 100 }),
        Workload(
            name: "W380", rule: "didRate.donations.map { $0.score >= 4 ? \"good\" : \"bad\" }.filter { $0 == \"good\" }.count > 100",
            closure: { data, _, _ in data.ratings.map { $0.score >= 4 ? "good" : "bad" }.filter { $0 == "good" }.count > 100 }),
    ]

    private static let workloads11: [Workload] = [
        Workload(
            name: "W381", rule: "didRate.donations.filter { $0.score >= 4 }.map(\\.landmarkID).sorted().first ?? 0 < 10",
            closure: { data, _, _ in data.ratings.filter { $0.score >= 4 }.map(\.landmarkID).sorted().first ?? 0 < 10 }),
        Workload(
            name: "W382", rule: "didViewLandmarkDetail.donations.donatedWithin(.days(3)).contains { $0.landmarkName.starts(with: \"Yo\") }",
            closure: { data, calendar, _ in within(data.views, .day, 3, calendar).contains { $0.landmarkName.starts(with: "Yo") } }),
        Workload(
            name: "W383", rule: "didRate.donations.filter { $0.comment != nil && $0.comment!.count > 7 }.count > 10",
            closure: { data, _, _ in data.ratings.filter { $0.comment != nil && $0.comment!.count > 7 }.count > 10 }),
        Workload(
            name: "W384", rule: "didRate.donations.map { $0.score.isNaN ? 0 : $0.score }.reduce(0, +) > 100",
            closure: { data, _, _ in data.ratings.map { $0.score.isNaN ? 0 : $0.score }.reduce(0, +) > 100 }),
        Workload(
            name: "W385", rule: "didRate.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 30) }.map { $0.helpful ?? 0 }.max() ?? 0 >= 19",
            closure: { data, _, _ in data.ratings.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 30) }.map { $0.helpful ?? 0 }.max() ?? 0 >= 19 }),
        Workload(
            name: "W386", rule: "didViewLandmarkDetail.donations.map(\\.landmarkID).filter { $0 % 10 == 0 }.sorted(by: >).prefix(2).reduce(0, +) > 50",
            closure: { data, _, _ in data.views.map(\.landmarkID).filter { $0 % 10 == 0 }.sorted(by: >).prefix(2).reduce(0, +) > 50 }),
        Workload(
            name: "W387", rule: "didRate.donations.count(where: { $0.score < 1 }) * 10 < didRate.donations.count",
            closure: { data, _, _ in data.ratings.count(where: { $0.score < 1 }) * 10 < data.ratings.count }),
        Workload(
            name: "W388", rule: "(didRate.donations.last?.date.timeIntervalSince(didRate.donations.first?.date ?? Date.now) ?? 0) > 86400 * 30",
            closure: { data, _, _ in (data.ratings.last?.date.timeIntervalSince(data.ratings.first?.date ?? Dataset.now) ?? 0) > 86400 * 30 }),
        Workload(
            name: "W389", rule: "didRate.donations.map { $0.landmarkID }.filter { id in didViewLandmarkDetail.donations.contains { $0.landmarkID == id } }.count > 10",
            closure: { data, _, _ in data.ratings.map { $0.landmarkID }.filter { id in data.views.contains { $0.landmarkID == id } }.count > 10 }),
        Workload(
            name: "W390", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName == \"Zion\" || $0.landmarkName == \"Alps\" }.count >= 5",
            closure: { data, _, _ in data.views.filter { $0.landmarkName == "Zion" || $0.landmarkName == "Alps" }.count >= 5 }),
        Workload(
            name: "W391", rule: "didRate.donations.reduce(0) { $1.comment == nil ? $0 : $0 + 1 } > 50",
            closure: { data, _, _ in data.ratings.reduce(0) { $1.comment == nil ? $0 : $0 + 1 } > 50 }),
        Workload(
            name: "W392", rule: "didRate.donations.map { Int($0.score * 10) }.filter { $0 % 7 == 0 }.count > 5",
            closure: { data, _, _ in data.ratings.map { Int($0.score * 10) }.filter { $0 % 7 == 0 }.count > 5 }),
        Workload(
            name: "W393", rule: "didRate.donations.filter { $0.score > 3 }.suffix(10).map(\\.landmarkID).contains(7)",
            closure: { data, _, _ in data.ratings.filter { $0.score > 3 }.suffix(10).map(\.landmarkID).contains(7) }),
        Workload(
            name: "W394", rule: "didViewLandmarkDetail.donations.donatedWithin(.month).largestSubset(groupedBy: \\.landmarkID).count >= 3",
            closure: { data, calendar, _ in Workloads.subsetCount(within(data.views, .month, 1, calendar), largest: true) >= 3 }),
        Workload(
            name: "W395", rule: "didRate.donations.filter { ($0.comment ?? \"\").uppercased().hasPrefix(\"GREAT\") }.count > 5",
            closure: { data, _, _ in data.ratings.filter { ($0.comment ?? "").uppercased().hasPrefix("GREAT") }.count > 5 }),
        Workload(
            name: "W396", rule: "Set(didRate.donations.filter { $0.score >= 4.5 }.compactMap(\\.comment)).count > 3",
            closure: { data, _, _ in Set(data.ratings.filter { $0.score >= 4.5 }.compactMap(\.comment)).count > 3 }),
        Workload(
            name: "W397", rule: "didRate.donations.map { $0.score - 2.5 }.map { $0 * $0 }.reduce(0, +) / Double(max(1, didRate.donations.count)) > 1",
            closure: { data, _, _ in data.ratings.map { $0.score - 2.5 }.map { $0 * $0 }.reduce(0, +) / Double(max(1, data.ratings.count)) > 1 }),
        Workload(
            name: "W398", rule: "didRate.donations.allSatisfy { $0.date <= Date.now }",
            closure: { data, _, _ in data.ratings.allSatisfy { $0.date <= Dataset.now } }),
        Workload(
            name: "W399", rule: "didLogin.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 7) }.count >= 1 && didViewLandmarkDetail.donations.filter { $0.landmarkID == 3 }.count >= 3",
            closure: { data, _, _ in data.logins.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 7) }.count >= 1 && data.views.filter { $0.landmarkID == 3 }.count >= 3 }),
        Workload(
            name: "W400", rule: "didRate.donations.filter { $0.score >= 4 }.count(where: { r in didLogin.donations.contains { $0.date > r.date } }) > 3",
            closure: { data, _, _ in data.ratings.filter { $0.score >= 4 }.count(where: { r in data.logins.contains { $0.date > r.date } }) > 3 }),
        Workload(
            name: "W401", rule: "didRate.donations.sorted { ($0.helpful ?? 0) > ($1.helpful ?? 0) }.prefix(5).map(\\.score).min() ?? 0 > 2",
            closure: { data, _, _ in data.ratings.sorted { ($0.helpful ?? 0) > ($1.helpful ?? 0) }.prefix(5).map(\.score).min() ?? 0 > 2 }),
        Workload(
            name: "W402", rule: "didRate.donations.map { $0.comment?.count ?? 0 }.filter { $0 > 0 }.count > didRate.donations.count / 4",
            closure: { data, _, _ in data.ratings.map { $0.comment?.count ?? 0 }.filter { $0 > 0 }.count > data.ratings.count / 4 }),
        Workload(
            name: "W403", rule: "didViewLandmarkDetail.donations.suffix(50).filter { $0.landmarkID == didViewLandmarkDetail.donations.last!.landmarkID }.count > 1",
            closure: { data, _, _ in data.views.suffix(50).filter { $0.landmarkID == data.views.last!.landmarkID }.count > 1 }),
        Workload(
            name: "W404", rule: "didRate.donations.dropFirst(didRate.donations.count / 2).map(\\.score).reduce(0, +) > didRate.donations.prefix(didRate.donations.count / 2).map(\\.score).reduce(0, +)",
            closure: { data, _, _ in data.ratings.dropFirst(data.ratings.count / 2).map(\.score).reduce(0, +) > data.ratings.prefix(data.ratings.count / 2).map(\.score).reduce(0, +) }),
        Workload(
            name: "W405", rule: "didRate.donations.filter { $0.helpful != nil && $0.helpful! > 15 }.map(\\.landmarkID).min() ?? 0 > 3",
            closure: { data, _, _ in data.ratings.filter { $0.helpful != nil && $0.helpful! > 15 }.map(\.landmarkID).min() ?? 0 > 3 }),
        Workload(
            name: "W406", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName.lowercased() }.filter { $0.hasSuffix(\"s\") }.count > 10",
            closure: { data, _, _ in data.views.map { $0.landmarkName.lowercased() }.filter { $0.hasSuffix("s") }.count > 10 }),
        Workload(
            name: "W407", rule: "didRate.donations.reversed().prefix(10).reduce(0.0) { $0 + $1.score } / 10 > 3",
            closure: { data, _, _ in data.ratings.reversed().prefix(10).reduce(0.0) { $0 + $1.score } / 10 > 3 }),
        Workload(
            name: "W408", rule: "recentViews.count >= 5 && Set(recentViews.map(\\.landmarkID)).count >= 3", declarations: """
            let recentViews = didViewLandmarkDetail.donations.donatedWithin(.days(14))

            """,
            closure: { data, calendar, _ in
                let recent = within(data.views, .day, 14, calendar)
                return recent.count >= 5 && Set(recent.map(\.landmarkID)).count >= 3
            }),
        Workload(
            name: "W409", rule: "didRate.donations.filter { $0.landmarkID == 7 }.map(\\.score).reduce(0, +) / Double(max(1, didRate.donations.filter { $0.landmarkID == 7 }.count)) >= 3",
            closure: { data, _, _ in data.ratings.filter { $0.landmarkID == 7 }.map(\.score).reduce(0, +) / Double(max(1, data.ratings.filter { $0.landmarkID == 7 }.count)) >= 3 }),
        Workload(
            name: "W410", rule: "didViewLandmarkDetail.donations.contains { v in v.landmarkID == 7 && didRate.donations.contains { $0.landmarkID == 7 && $0.date > v.date && $0.score >= 4 } }",
            closure: { data, _, _ in data.views.contains { v in v.landmarkID == 7 && data.ratings.contains { $0.landmarkID == 7 && $0.date > v.date && $0.score >= 4 } } }),
        Workload(
            name: "W411", rule: "didRate.donations.count(where: { $0.score > 2.5 && $0.landmarkID > 40 }) > 100",
            closure: { data, _, _ in data.ratings.count(where: { $0.score > 2.5 && $0.landmarkID > 40 }) > 100 }),
        Workload(
            name: "W412", rule: "didRate.donations.count(where: { abs($0.score - 2.5) < 0.05 }) > 3",
            closure: { data, _, _ in data.ratings.count(where: { abs($0.score - 2.5) < 0.05 }) > 3 }),
        Workload(
            name: "W413", rule: "didViewLandmarkDetail.donations.count(where: { $0.landmarkID == 7 || $0.landmarkName == \"Zion\" }) >= 5",
            closure: { data, _, _ in data.views.count(where: { $0.landmarkID == 7 || $0.landmarkName == "Zion" }) >= 5 }),
        Workload(
            name: "W414", rule: "didRate.donations.count(where: { $0.comment != nil && ($0.helpful ?? 0) > 5 }) > 10",
            closure: { data, _, _ in data.ratings.count(where: { $0.comment != nil && ($0.helpful ?? 0) > 5 }) > 10 }),
        Workload(
            name: "W415", rule: "didRate.donations.count(where: { $0.date > Date.now.addingTimeInterval(-86400 * 7) && $0.score >= 4 }) >= 2",
            closure: { data, _, _ in data.ratings.count(where: { $0.date > Dataset.now.addingTimeInterval(-86400 * 7) && $0.score >= 4 }) >= 2 }),
    ]

    /// Session 19's batch, written as a new user would before anything was changed for them.
    private static let workloads12: [Workload] = [
        Workload(
            name: "W416", rule: "didRate.donations.filter { $0.landmarkID == 7 }.count > didRate.donations.filter { $0.landmarkID == 8 }.count",
            closure: { data, _, _ in data.ratings.filter { $0.landmarkID == 7 }.count > data.ratings.filter { $0.landmarkID == 8 }.count }),
        Workload(
            name: "W417", rule: "didRate.donations.map(\\.score).sorted()[didRate.donations.count / 2] > 2.5",
            closure: { data, _, _ in data.ratings.map(\.score).sorted()[data.ratings.count / 2] > 2.5 }),
        Workload(
            name: "W418", rule: "didRate.donations.map { $0.helpful ?? 0 }.reduce(0, +) / max(1, didRate.donations.count) > 5",
            closure: { data, _, _ in data.ratings.map { $0.helpful ?? 0 }.reduce(0, +) / max(1, data.ratings.count) > 5 }),
        Workload(
            name: "W419", rule: "didViewLandmarkDetail.donations.donatedWithin(.days(7)).map(\\.landmarkID).contains(7)",
            closure: { data, calendar, _ in within(data.views, .day, 7, calendar).map(\.landmarkID).contains(7) }),
        Workload(
            name: "W420", rule: "didRate.donations.filter { $0.score >= 4 }.map(\\.landmarkID).max() ?? 0 > 45",
            closure: { data, _, _ in data.ratings.filter { $0.score >= 4 }.map(\.landmarkID).max() ?? 0 > 45 }),
        Workload(
            name: "W421", rule: "didRate.donations.contains { $0.comment == \"great 42\" && $0.score < 1 }",
            closure: { data, _, _ in data.ratings.contains { $0.comment == "great 42" && $0.score < 1 } }),
        Workload(
            name: "W422", rule: "didRate.donations.filter { $0.score > 4 }.count >= 3 || didViewLandmarkDetail.donations.count > 100000",
            closure: { data, _, _ in data.ratings.filter { $0.score > 4 }.count >= 3 || data.views.count > 100000 }),
        Workload(
            name: "W423", rule: "didRate.donations.map { $0.score * Double($0.landmarkID) }.max() ?? 0 > 200",
            closure: { data, _, _ in data.ratings.map { $0.score * Double($0.landmarkID) }.max() ?? 0 > 200 }),
        Workload(
            name: "W424", rule: "Set(didRate.donations.compactMap(\\.helpful)).count > 10",
            closure: { data, _, _ in Set(data.ratings.compactMap(\.helpful)).count > 10 }),
        Workload(
            name: "W425", rule: "didRate.donations.allSatisfy { $0.comment == nil || !$0.comment!.isEmpty }",
            closure: { data, _, _ in data.ratings.allSatisfy { $0.comment == nil || !$0.comment!.isEmpty } }),
        Workload(
            name: "W426", rule: "didRate.donations.map { min($0.score, 3.0) }.reduce(0, +) > 1000",
            closure: { data, _, _ in data.ratings.map { min($0.score, 3.0) }.reduce(0, +) > 1000 }),
        Workload(
            name: "W427", rule: "didRate.donations.donatedWithin(.days(30)).count(where: { $0.score >= 4 }) * 100 / max(1, didRate.donations.donatedWithin(.days(30)).count) >= 20",
            closure: { data, calendar, _ in
                let recent = within(data.ratings, .day, 30, calendar)
                return recent.count(where: { $0.score >= 4 }) * 100 / max(1, recent.count) >= 20
            }),
        Workload(
            name: "W428", rule: "didViewLandmarkDetail.donations.suffix(5).map(\\.landmarkID).allSatisfy { $0 == 7 }",
            closure: { data, _, _ in data.views.suffix(5).map(\.landmarkID).allSatisfy { $0 == 7 } }),
        Workload(
            name: "W429", rule: "didRate.donations.map(\\.comment).compactMap { $0 }.filter { $0.count > 7 }.count > 10",
            closure: { data, _, _ in data.ratings.map(\.comment).compactMap { $0 }.filter { $0.count > 7 }.count > 10 }),
        Workload(
            name: "W430", rule: "didViewLandmarkDetail.donations.contains { $0.landmarkName.lowercased() == \"zion\" && $0.landmarkID == 1 }",
            closure: { data, _, _ in data.views.contains { $0.landmarkName.lowercased() == "zion" && $0.landmarkID == 1 } }),
        Workload(
            name: "W431", rule: "didLogin.donations.allSatisfy { l in didViewLandmarkDetail.donations.contains { $0.date > l.date } }",
            closure: { data, _, _ in data.logins.allSatisfy { l in data.views.contains { $0.date > l.date } } }),
        Workload(
            name: "W432", rule: "didRate.donations.filter { $0.score > 2 }.map { $0.helpful ?? 0 }.sorted().last ?? 0 > 10",
            closure: { data, _, _ in data.ratings.filter { $0.score > 2 }.map { $0.helpful ?? 0 }.sorted().last ?? 0 > 10 }),
        Workload(
            name: "W433", rule: "didRate.donations.reduce(0) { $1.score >= 4 ? $0 + 1 : $0 } > didRate.donations.reduce(0) { $1.score < 1 ? $0 + 1 : $0 }",
            closure: { data, _, _ in data.ratings.reduce(0) { $1.score >= 4 ? $0 + 1 : $0 } > data.ratings.reduce(0) { $1.score < 1 ? $0 + 1 : $0 } }),
        Workload(
            name: "W434", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkID > 10 && $0.landmarkID < 20 }.map(\\.landmarkName).filter { $0 != \"Wilbere Bowl\" }.count > 50",
            closure: { data, _, _ in data.views.filter { $0.landmarkID > 10 && $0.landmarkID < 20 }.map(\.landmarkName).filter { $0 != "Wilbere Bowl" }.count > 50 }),
        Workload(
            name: "W435", rule: "didRate.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 7) }.map(\\.score).reduce(0, +) / Double(max(1, didRate.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 7) }.count)) > 2",
            closure: { data, _, _ in
                let recent = data.ratings.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 7) }
                return recent.map(\.score).reduce(0, +) / Double(max(1, recent.count)) > 2
            }),
        Workload(
            name: "W436", rule: "didRate.donations.map { Int($0.score) }.filter { $0 == 4 }.count > didRate.donations.count / 10",
            closure: { data, _, _ in data.ratings.map { Int($0.score) }.filter { $0 == 4 }.count > data.ratings.count / 10 }),
        Workload(
            name: "W437", rule: "didRate.donations.first { $0.helpful == 19 }?.comment?.hasPrefix(\"great\") ?? false",
            closure: { data, _, _ in data.ratings.first { $0.helpful == 19 }?.comment?.hasPrefix("great") ?? false }),
        Workload(
            name: "W438", rule: "didViewLandmarkDetail.donations.dropLast(10).filter { $0.landmarkName.hasSuffix(\"Lake\") }.count > 5",
            closure: { data, _, _ in data.views.dropLast(10).filter { $0.landmarkName.hasSuffix("Lake") }.count > 5 }),
        Workload(
            name: "W439", rule: "didRate.donations.map { $0.score.rounded() }.filter { $0 >= 3 }.count > 300",
            closure: { data, _, _ in data.ratings.map { $0.score.rounded() }.filter { $0 >= 3 }.count > 300 }),
        Workload(
            name: "W440", rule: "didRate.donations.filter { r in r.score >= 4 && didLogin.donations.contains { abs(r.date.timeIntervalSince($0.date)) < 86400 } }.count > 3",
            closure: { data, _, _ in data.ratings.filter { r in r.score >= 4 && data.logins.contains { abs(r.date.timeIntervalSince($0.date)) < 86400 } }.count > 3 }),
    ]

    private static let workloads13: [Workload] = [
        Workload(
            name: "W441", rule: "(1...5).contains(didRate.donations.filter { $0.score >= 4.8 }.count)",
            closure: { data, _, _ in (1...5).contains(data.ratings.filter { $0.score >= 4.8 }.count) }),
        Workload(
            name: "W442", rule: "didRate.donations.filter { (2.0..<3.0).contains($0.score) }.count > 100",
            closure: { data, _, _ in data.ratings.filter { (2.0..<3.0).contains($0.score) }.count > 100 }),
        Workload(
            name: "W443", rule: "(didRate.donations.max(by: { $0.score < $1.score })?.landmarkID ?? 0) > 10",
            closure: { data, _, _ in (data.ratings.max(by: { $0.score < $1.score })?.landmarkID ?? 0) > 10 }),
        Workload(
            name: "W444", rule: "(didRate.donations.min(by: { ($0.helpful ?? 0) < ($1.helpful ?? 0) })?.score ?? 0) > 1",
            closure: { data, _, _ in (data.ratings.min(by: { ($0.helpful ?? 0) < ($1.helpful ?? 0) })?.score ?? 0) > 1 }),
        Workload(
            name: "W445", rule: "(didViewLandmarkDetail.donations.donatedWithin(.hours(48)).map(\\.landmarkID).max() ?? 0) > 20",
            closure: { data, calendar, _ in (within(data.views, .hour, 48, calendar).map(\.landmarkID).max() ?? 0) > 20 }),
        Workload(
            name: "W446", rule: "highRatings.count > 50 && highRatings.contains { $0.landmarkID == 7 }", declarations: """
            let highRatings = didRate.donations.filter { $0.score >= 4 }

            """,
            closure: { data, _, _ in
                let highRatings = data.ratings.filter { $0.score >= 4 }
                return highRatings.count > 50 && highRatings.contains { $0.landmarkID == 7 }
            }),
        Workload(
            name: "W447", rule: "didRate.donations.filter { $0.score.isFinite && $0.score > 4 }.count > 10",
            closure: { data, _, _ in data.ratings.filter { $0.score.isFinite && $0.score > 4 }.count > 10 }),
        Workload(
            name: "W448", rule: "didRate.donations.map(\\.landmarkID).reduce(Int.min) { max($0, $1) } > 40",
            closure: { data, _, _ in data.ratings.map(\.landmarkID).reduce(Int.min) { max($0, $1) } > 40 }),
        Workload(
            name: "W449", rule: "(didRate.donations.sorted(by: { $0.date > $1.date }).first?.score ?? 0) > 2",
            closure: { data, _, _ in (data.ratings.sorted(by: { $0.date > $1.date }).first?.score ?? 0) > 2 }),
        Workload(
            name: "W450", rule: "didRate.donations.filter { $0.comment?.isEmpty == false }.count > 100",
            closure: { data, _, _ in data.ratings.filter { $0.comment?.isEmpty == false }.count > 100 }),
        Workload(
            name: "W451", rule: "didRate.donations.map { $0.helpful ?? 0 }.sorted(by: >).prefix(10).reduce(0, +) >= 150",
            closure: { data, _, _ in data.ratings.map { $0.helpful ?? 0 }.sorted(by: >).prefix(10).reduce(0, +) >= 150 }),
        Workload(
            name: "W452", rule: "didRate.donations.contains { $0.date > Date.now.addingTimeInterval(-3600) }",
            closure: { data, _, _ in data.ratings.contains { $0.date > Dataset.now.addingTimeInterval(-3600) } }),
        Workload(
            name: "W453", rule: "didViewLandmarkDetail.donations.donatedWithin(.minutes(90)).isEmpty",
            closure: { data, calendar, _ in within(data.views, .minute, 90, calendar).isEmpty }),
        Workload(
            name: "W454", rule: "(didRate.donations.filter { $0.landmarkID % 2 == 0 }.map(\\.score).min() ?? 5) < 0.5",
            closure: { data, _, _ in (data.ratings.filter { $0.landmarkID % 2 == 0 }.map(\.score).min() ?? 5) < 0.5 }),
        Workload(
            name: "W455", rule: "Set(didRate.donations.map(\\.landmarkID)).contains(13)",
            closure: { data, _, _ in Set(data.ratings.map(\.landmarkID)).contains(13) }),
        Workload(
            name: "W456", rule: "Set(didViewLandmarkDetail.donations.map(\\.landmarkName)).count > 20",
            closure: { data, _, _ in Set(data.views.map(\.landmarkName)).count > 20 }),
        Workload(
            name: "W457", rule: "didRate.donations.compactMap(\\.helpful).filter { $0 > 10 }.count * 2 > didRate.donations.count",
            closure: { data, _, _ in data.ratings.compactMap(\.helpful).filter { $0 > 10 }.count * 2 > data.ratings.count }),
        Workload(
            name: "W458", rule: "(didRate.donations.last(where: { $0.score < 1 })?.date ?? Date.distantPast) > Date.now.addingTimeInterval(-86400 * 3)",
            closure: { data, _, _ in (data.ratings.last(where: { $0.score < 1 })?.date ?? Date.distantPast) > Dataset.now.addingTimeInterval(-86400 * 3) }),
        Workload(
            name: "W459", rule: "didRate.donations.filter { !($0.comment ?? \"\").isEmpty && $0.score >= 4 }.count > 20",
            closure: { data, _, _ in data.ratings.filter { !($0.comment ?? "").isEmpty && $0.score >= 4 }.count > 20 }),
        Workload(
            name: "W460", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName.count }.reduce(0, +) / max(1, didViewLandmarkDetail.donations.count) > 6",
            closure: { data, _, _ in data.views.map { $0.landmarkName.count }.reduce(0, +) / max(1, data.views.count) > 6 }),
        Workload(
            name: "W461", rule: "didLogin.donations.contains { l in didRate.donations.filter { $0.date > l.date }.count > 100 }",
            closure: { data, _, _ in data.logins.contains { l in data.ratings.filter { $0.date > l.date }.count > 100 } }),
        Workload(
            name: "W462", rule: "didRate.donations.map { $0.comment ?? \"none\" }.filter { $0 == \"none\" }.count > 300",
            closure: { data, _, _ in data.ratings.map { $0.comment ?? "none" }.filter { $0 == "none" }.count > 300 }),
        Workload(
            name: "W463", rule: "didRate.donations.filter { $0.date >= Date.now.addingTimeInterval(-86400 * 14) && $0.date < Date.now.addingTimeInterval(-86400 * 7) }.count > 10",
            closure: { data, _, _ in data.ratings.filter { $0.date >= Dataset.now.addingTimeInterval(-86400 * 14) && $0.date < Dataset.now.addingTimeInterval(-86400 * 7) }.count > 10 }),
        Workload(
            name: "W464", rule: "(didRate.donations.donatedWithin(.weeks(2)).map(\\.score).max() ?? 0) >= 4.9",
            closure: { data, calendar, _ in (within(data.ratings, .day, 14, calendar).map(\.score).max() ?? 0) >= 4.9 }),
        Workload(
            name: "W465", rule: "didRate.donations.filter { $0.score >= 4 }.allSatisfy { $0.landmarkID > 0 }",
            closure: { data, _, _ in data.ratings.filter { $0.score >= 4 }.allSatisfy { $0.landmarkID > 0 } }),
        Workload(
            name: "W466", rule: "didRate.donations.map { $0.score >= 2.5 ? 1 : -1 }.reduce(0, +) > 0",
            closure: { data, _, _ in data.ratings.map { $0.score >= 2.5 ? 1 : -1 }.reduce(0, +) > 0 }),
        Workload(
            name: "W467", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.hasPrefix(\"Mount\") || $0.landmarkName.hasSuffix(\"Park\") }.count > 10",
            closure: { data, _, _ in data.views.filter { $0.landmarkName.hasPrefix("Mount") || $0.landmarkName.hasSuffix("Park") }.count > 10 }),
        Workload(
            name: "W468", rule: "didRate.donations.reduce(0.0) { max($0, $1.score) } >= 4.9",
            closure: { data, _, _ in data.ratings.reduce(0.0) { max($0, $1.score) } >= 4.9 }),
        Workload(
            name: "W469", rule: "didRate.donations.map(\\.score).filter { $0 > 4 }.isEmpty == false",
            closure: { data, _, _ in data.ratings.map(\.score).filter { $0 > 4 }.isEmpty == false }),
        Workload(
            name: "W470", rule: "didViewLandmarkDetail.donations.count(where: { $0.date > Date.now.addingTimeInterval(-86400) }) >= 2 && !didRate.donations.isEmpty",
            closure: { data, _, _ in data.views.count(where: { $0.date > Dataset.now.addingTimeInterval(-86400) }) >= 2 && !data.ratings.isEmpty }),
    ]

    private static let workloads14: [Workload] = [
        Workload(
            name: "W471", rule: "goodRecentRated.count * 3 > recentRated.count", declarations: """
            let recentRated = didRate.donations.donatedWithin(.days(14))
            let goodRecentRated = recentRated.filter { $0.score >= 4 }

            """,
            closure: { data, calendar, _ in
                let recentRatings = within(data.ratings, .day, 14, calendar)
                let goodRecent = recentRatings.filter { $0.score >= 4 }
                return goodRecent.count * 3 > recentRatings.count
            }),
        Workload(
            name: "W472", rule: "didViewLandmarkDetail.donations.filter { v in didRate.donations.contains { $0.landmarkID == v.landmarkID && $0.score >= 4.5 } }.count > 10",
            closure: { data, _, _ in data.views.filter { v in data.ratings.contains { $0.landmarkID == v.landmarkID && $0.score >= 4.5 } }.count > 10 }),
        Workload(
            name: "W473", rule: "didRate.donations.map(\\.landmarkID).filter { id in id % 5 == 0 }.count > 100",
            closure: { data, _, _ in data.ratings.map(\.landmarkID).filter { id in id % 5 == 0 }.count > 100 }),
        Workload(
            name: "W474", rule: "(didRate.donations.min(by: { $0.date < $1.date })?.score ?? 0) >= 0",
            closure: { data, _, _ in (data.ratings.min(by: { $0.date < $1.date })?.score ?? 0) >= 0 }),
        Workload(
            name: "W475", rule: "didRate.donations.sorted { $0.score > $1.score }.prefix(3).allSatisfy { $0.score >= 4.8 }",
            closure: { data, _, _ in data.ratings.sorted { $0.score > $1.score }.prefix(3).allSatisfy { $0.score >= 4.8 } }),
        Workload(
            name: "W476", rule: "didRate.donations.filter { $0.comment != nil }.map { $0.comment! }.filter { $0.hasSuffix(\"7\") }.count > 5",
            closure: { data, _, _ in data.ratings.filter { $0.comment != nil }.map { $0.comment! }.filter { $0.hasSuffix("7") }.count > 5 }),
        Workload(
            name: "W477", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).contains(\"Denali\") && didRate.donations.count > 10",
            closure: { data, _, _ in data.views.map(\.landmarkName).contains("Denali") && data.ratings.count > 10 }),
        Workload(
            name: "W478", rule: "didRate.donations.reduce(0) { $0 + ($1.helpful ?? 0) } > 5000",
            closure: { data, _, _ in data.ratings.reduce(0) { $0 + ($1.helpful ?? 0) } > 5000 }),
        Workload(
            name: "W479", rule: "didRate.donations.filter { ($0.helpful ?? 0) > 10 && $0.comment != nil }.map(\\.score).reduce(0, +) > 50",
            closure: { data, _, _ in data.ratings.filter { ($0.helpful ?? 0) > 10 && $0.comment != nil }.map(\.score).reduce(0, +) > 50 }),
        Workload(
            name: "W480", rule: "didRate.donations.contains { $0.score > 4.5 && $0.date > Date.now.addingTimeInterval(-86400 * 2) }",
            closure: { data, _, _ in data.ratings.contains { $0.score > 4.5 && $0.date > Dataset.now.addingTimeInterval(-86400 * 2) } }),
        Workload(
            name: "W481", rule: "(didViewLandmarkDetail.donations.donatedWithin(.days(7)).filter { $0.landmarkName != \"Wilbere Bowl\" }.map(\\.landmarkID).max() ?? 0) > 30",
            closure: { data, calendar, _ in (within(data.views, .day, 7, calendar).filter { $0.landmarkName != "Wilbere Bowl" }.map(\.landmarkID).max() ?? 0) > 30 }),
        Workload(
            name: "W482", rule: "didRate.donations.map { $0.score * 2 }.filter { $0 > 5 }.map { Int($0) }.reduce(0, +) > 1000",
            closure: { data, _, _ in data.ratings.map { $0.score * 2 }.filter { $0 > 5 }.map { Int($0) }.reduce(0, +) > 1000 }),
        Workload(
            name: "W483", rule: "Set(didRate.donations.filter { $0.score >= 4 }.map(\\.landmarkID)).count >= Set(didRate.donations.filter { $0.score < 1 }.map(\\.landmarkID)).count",
            closure: { data, _, _ in Set(data.ratings.filter { $0.score >= 4 }.map(\.landmarkID)).count >= Set(data.ratings.filter { $0.score < 1 }.map(\.landmarkID)).count }),
        Workload(
            name: "W484", rule: "didLogin.donations.count >= 3 && didRate.donations.donatedWithin(.days(7)).contains { $0.comment != nil }",
            closure: { data, calendar, _ in data.logins.count >= 3 && within(data.ratings, .day, 7, calendar).contains { $0.comment != nil } }),
        Workload(
            name: "W485", rule: "didRate.donations.filter { $0.comment?.contains(\"4\") ?? false }.count > 20",
            closure: { data, _, _ in data.ratings.filter { $0.comment?.contains("4") ?? false }.count > 20 }),
        Workload(
            name: "W486", rule: "didRate.donations.allSatisfy { ($0.helpful ?? 0) >= 0 }",
            closure: { data, _, _ in data.ratings.allSatisfy { ($0.helpful ?? 0) >= 0 } }),
        Workload(
            name: "W487", rule: "(didRate.donations.map { $0.landmarkID * 100 + Int($0.score * 10) }.max() ?? 0) > 4000",
            closure: { data, _, _ in (data.ratings.map { $0.landmarkID * 100 + Int($0.score * 10) }.max() ?? 0) > 4000 }),
        Workload(
            name: "W488", rule: "(didViewLandmarkDetail.donations.filter { $0.landmarkName.count > 10 }.map(\\.landmarkID).sorted().first ?? 0) > 0",
            closure: { data, _, _ in (data.views.filter { $0.landmarkName.count > 10 }.map(\.landmarkID).sorted().first ?? 0) > 0 }),
        Workload(
            name: "W489", rule: "didRate.donations.filter { $0.date < Date.now.addingTimeInterval(-86400 * 30) }.allSatisfy { $0.score >= 0 }",
            closure: { data, _, _ in data.ratings.filter { $0.date < Dataset.now.addingTimeInterval(-86400 * 30) }.allSatisfy { $0.score >= 0 } }),
        Workload(
            name: "W490", rule: "didLogin.donations.allSatisfy { l in didViewLandmarkDetail.donations.filter { $0.date > l.date && $0.date < l.date.addingTimeInterval(86400) }.count >= 1 }",
            closure: { data, _, _ in data.logins.allSatisfy { l in data.views.filter { $0.date > l.date && $0.date < l.date.addingTimeInterval(86400) }.count >= 1 } }),
        Workload(
            name: "W491", rule: "didRate.donations.map { $0.comment == nil ? 0.0 : $0.score }.reduce(0, +) > 500",
            closure: { data, _, _ in data.ratings.map { $0.comment == nil ? 0.0 : $0.score }.reduce(0, +) > 500 }),
        Workload(
            name: "W492", rule: "didRate.donations.reduce(0.0) { $0 + ($1.comment != nil ? $1.score : 0) } / Double(max(1, didRate.donations.count)) > 0.5",
            closure: { data, _, _ in data.ratings.reduce(0.0) { $0 + ($1.comment != nil ? $1.score : 0) } / Double(max(1, data.ratings.count)) > 0.5 }),
        Workload(
            name: "W493", rule: "didRate.donations.filter { $0.score > 4 }.prefix(20).map(\\.landmarkID).reduce(0, +) > 300",
            closure: { data, _, _ in data.ratings.filter { $0.score > 4 }.prefix(20).map(\.landmarkID).reduce(0, +) > 300 }),
        Workload(
            name: "W494", rule: "didRate.donations.dropFirst(100).filter { $0.helpful == nil }.count > 100",
            closure: { data, _, _ in data.ratings.dropFirst(100).filter { $0.helpful == nil }.count > 100 }),
        Workload(
            name: "W495", rule: "didViewLandmarkDetail.donations.map { $0.landmarkID % 7 }.filter { $0 == 0 }.count > 50",
            closure: { data, _, _ in data.views.map { $0.landmarkID % 7 }.filter { $0 == 0 }.count > 50 }),
        Workload(
            name: "W496", rule: "(didRate.donations.map(\\.helpful).compactMap { $0 }.max() ?? 0) > 18",
            closure: { data, _, _ in (data.ratings.map(\.helpful).compactMap { $0 }.max() ?? 0) > 18 }),
        Workload(
            name: "W497", rule: "didRate.donations.filter { $0.score >= 4 }.count > 0 && didRate.donations.filter { $0.score >= 4 }.allSatisfy { $0.comment == nil || $0.comment!.count > 3 }",
            closure: { data, _, _ in data.ratings.filter { $0.score >= 4 }.count > 0 && data.ratings.filter { $0.score >= 4 }.allSatisfy { $0.comment == nil || $0.comment!.count > 3 } }),
        Workload(
            name: "W498", rule: "Set(didViewLandmarkDetail.donations.donatedWithin(.days(30)).map(\\.landmarkName)).contains(\"Zion\")",
            closure: { data, calendar, _ in Set(within(data.views, .day, 30, calendar).map(\.landmarkName)).contains("Zion") }),
        Workload(
            name: "W499", rule: "(didRate.donations.sorted { $0.landmarkID < $1.landmarkID || ($0.landmarkID == $1.landmarkID && $0.score > $1.score) }.first?.score ?? 0) > 4",
            closure: { data, _, _ in (data.ratings.sorted { $0.landmarkID < $1.landmarkID || ($0.landmarkID == $1.landmarkID && $0.score > $1.score) }.first?.score ?? 0) > 4 }),
        Workload(
            name: "W500", rule: "didRate.donations.map { $0.score }.reduce(0) { $0 + $1 * $1 } > 5000",
            closure: { data, _, _ in data.ratings.map { $0.score }.reduce(0) { $0 + $1 * $1 } > 5000 }),
    ]

    /// Rule blocks pasted from a tip's `var rules: [Rule] { ... }`, asked through a rule that
    /// names the block.
    private static let workloads15: [Workload] = [
        Workload(
            name: "W501", rule: "landmarkDetailTip", declarations: """
            rule landmarkDetailTip {
                #Rule(Self.didViewLandmarkDetail) {
                    $0.donations.filter({ $0.landmarkName != "Wilbere Bowl" }).count > 3
                }
                #Rule(Self.$isLoggedIn) {
                    $0 == true
                }
            }

            """,
            closure: { data, _, _ in data.views.filter({ $0.landmarkName != "Wilbere Bowl" }).count > 3 }),
        Workload(
            name: "W502", rule: "weeklyRaterTip", declarations: """
            rule weeklyRaterTip {
                #Rule(Self.didViewLandmarkDetail) {
                    $0.donations.donatedWithin(.week).count >= 3
                }
                #Rule(Self.didRate) {
                    $0.donations.contains { $0.score > 4.5 && $0.comment != nil }
                }
            }

            """,
            closure: { data, calendar, _ in
                within(data.views, .day, 7, calendar).count >= 3 && data.ratings.contains { $0.score > 4.5 && $0.comment != nil }
            }),
        Workload(
            name: "W503", rule: "favouriteLandmarkTip", declarations: """
            rule favouriteLandmarkTip {
                #Rule(Self.didViewLandmarkDetail) {
                    // The most-viewed landmark viewed 5+ times, and some rating of it.
                    $0.donations.largestSubset(groupedBy: \\.landmarkID).count >= 5
                }
                #Rule(Self.didRate) {
                    $0.donations.filter { $0.score >= 4 }.count >= 10
                }
            }

            """,
            closure: { data, _, _ in subsetCount(data.views, largest: true) >= 5 && data.ratings.filter { $0.score >= 4 }.count >= 10 }),
    ]

    /// Closures with less usual parts: array literals and sets made per row, conversions, and
    /// strings computed per row.
    private static let workloads16: [Workload] = [
        Workload(
            name: "W504", rule: "didRate.donations.filter { [1, 2, 3][$0.landmarkID % 3] == 2 }.count > 5",
            closure: { data, _, _ in data.ratings.filter { [1, 2, 3][$0.landmarkID % 3] == 2 }.count > 5 }),
        Workload(
            name: "W505", rule: "didRate.donations.filter { Int($0.score.rounded()) % 2 == 0 }.count > 5",
            closure: { data, _, _ in data.ratings.filter { Int($0.score.rounded()) % 2 == 0 }.count > 5 }),
        Workload(
            name: "W506", rule: "didRate.donations.filter { [$0.landmarkID, 7].max()! > 20 }.count > 5",
            closure: { data, _, _ in data.ratings.filter { [$0.landmarkID, 7].max()! > 20 }.count > 5 }),
        Workload(
            name: "W507", rule: "didRate.donations.reduce(0) { $0 + $1.landmarkID * 2 } > 5",
            closure: { data, _, _ in data.ratings.reduce(0) { $0 + $1.landmarkID * 2 } > 5 }),
        Workload(
            name: "W508", rule: "didRate.donations.filter { ($0.comment?.count ?? 0) > 7 }.count > 5",
            closure: { data, _, _ in data.ratings.filter { ($0.comment?.count ?? 0) > 7 }.count > 5 }),
        Workload(
            name: "W509", rule: "didRate.donations.filter { ($0.comment ?? \"\") + \"!\" == \"great 7!\" }.count > 5",
            closure: { data, _, _ in data.ratings.filter { ($0.comment ?? "") + "!" == "great 7!" }.count > 5 }),
        Workload(
            name: "W510", rule: "didRate.donations.filter { Set([1, 2, 3]).contains($0.landmarkID % 5) }.count > 5",
            closure: { data, _, _ in data.ratings.filter { Set([1, 2, 3]).contains($0.landmarkID % 5) }.count > 5 }),
        Workload(
            name: "W511", rule: "didRate.donations.reduce(0.0) { $0 > $1.score ? $0 : $1.score } > 4",
            closure: { data, _, _ in data.ratings.reduce(0.0) { $0 > $1.score ? $0 : $1.score } > 4 }),
        Workload(
            name: "W512", rule: "didRate.donations.filter { ($0.comment ?? \"x\").count == 8 }.count > 5",
            closure: { data, _, _ in data.ratings.filter { ($0.comment ?? "x").count == 8 }.count > 5 }),
        Workload(
            name: "W513", rule: "Set(didRate.donations.map { $0.score >= 4 ? \"good\" : \"bad\" }).count == 2",
            closure: { data, _, _ in Set(data.ratings.map { $0.score >= 4 ? "good" : "bad" }).count == 2 }),
        Workload(
            name: "W514", rule: "(didViewLandmarkDetail.donations.map(\\.landmarkName).sorted().first ?? \"\") < \"B\"",
            closure: { data, _, _ in (data.views.map(\.landmarkName).sorted().first ?? "") < "B" }),
        Workload(
            name: "W515", rule: "(didRate.donations.sorted { ($0.comment ?? \"\") < ($1.comment ?? \"\") }.first?.score ?? 0) > 1",
            closure: { data, _, _ in (data.ratings.sorted { ($0.comment ?? "") < ($1.comment ?? "") }.first?.score ?? 0) > 1 }),
        Workload(
            name: "W516", rule: "didViewLandmarkDetail.donations.filter { !$0.landmarkName.isEmpty && $0.landmarkName.count <= 6 }.count > 5",
            closure: { data, _, _ in data.views.filter { !$0.landmarkName.isEmpty && $0.landmarkName.count <= 6 }.count > 5 }),
    ]

    private static let workloads17: [Workload] = [
        Workload(
            name: "W517", rule: "didRate.donations.filter { $0.comment?.contains(\"great\") == true }.count >= 3",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.comment?.contains("great") == true }.count >= 3 }),
        Workload(
            name: "W518", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.contains(\"Lake\") || $0.landmarkName.contains(\"Sur\") }.count > 2",
            closure: { data, calendar, isLoggedIn in data.views.filter { $0.landmarkName.contains("Lake") || $0.landmarkName.contains("Sur") }.count > 2 }),
        Workload(
            name: "W519", rule: "(didRate.donations.last(where: { $0.helpful != nil })?.helpful ?? 0) > 3",
            closure: { data, calendar, isLoggedIn in (data.ratings.last(where: { $0.helpful != nil })?.helpful ?? 0) > 3 }),
        Workload(
            name: "W520", rule: "didRate.donations.compactMap(\\.helpful).reduce(0) { $0 + $1 } > 100",
            closure: { data, calendar, isLoggedIn in data.ratings.compactMap(\.helpful).reduce(0) { $0 + $1 } > 100 }),
        Workload(
            name: "W521", rule: "didRate.donations.map { $0.score * Double($0.helpful ?? 1) }.reduce(0) { $0 + $1 } > 500",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.score * Double($0.helpful ?? 1) }.reduce(0) { $0 + $1 } > 500 }),
        Workload(
            name: "W522", rule: "didRate.donations.reversed().prefix(10).allSatisfy { $0.score >= 3 }",
            closure: { data, calendar, isLoggedIn in data.ratings.reversed().prefix(10).allSatisfy { $0.score >= 3 } }),
        Workload(
            name: "W523", rule: "didRate.donations.suffix(20).map(\\.score).reduce(0) { $0 + $1 } / 20 > 3.5",
            closure: { data, calendar, isLoggedIn in data.ratings.suffix(20).map(\.score).reduce(0) { $0 + $1 } / 20 > 3.5 }),
        Workload(
            name: "W524", rule: "didViewLandmarkDetail.donations.dropFirst(100).contains { $0.landmarkID == 42 }",
            closure: { data, calendar, isLoggedIn in data.views.dropFirst(100).contains { $0.landmarkID == 42 } }),
        Workload(
            name: "W525", rule: "Set(didRate.donations.filter { $0.score >= 4 }.map(\\.landmarkID)).count >= 10",
            closure: { data, calendar, isLoggedIn in Set(data.ratings.filter { $0.score >= 4 }.map(\.landmarkID)).count >= 10 }),
        Workload(
            name: "W526", rule: "Set(didViewLandmarkDetail.donations.map(\\.landmarkID)).contains(7) && !Set(didRate.donations.map(\\.landmarkID)).contains(7)",
            closure: { data, calendar, isLoggedIn in Set(data.views.map(\.landmarkID)).contains(7) && !Set(data.ratings.map(\.landmarkID)).contains(7) }),
        Workload(
            name: "W527", rule: "(didRate.donations.filter { $0.date > Date.now.addingTimeInterval(-7 * 86400) }.map(\\.score).max() ?? 0) >= 4.5",
            closure: { data, calendar, isLoggedIn in (data.ratings.filter { $0.date > Dataset.now.addingTimeInterval(-7 * 86400) }.map(\.score).max() ?? 0) >= 4.5 }),
        Workload(
            name: "W528", rule: "didRate.donations.sorted { $0.score > $1.score }.prefix(5).map(\\.landmarkID).contains(7)",
            closure: { data, calendar, isLoggedIn in data.ratings.sorted { $0.score > $1.score }.prefix(5).map(\.landmarkID).contains(7) }),
        Workload(
            name: "W529", rule: "(didViewLandmarkDetail.donations.map { $0.landmarkName.count }.max() ?? 0) > 10",
            closure: { data, calendar, isLoggedIn in (data.views.map { $0.landmarkName.count }.max() ?? 0) > 10 }),
        Workload(
            name: "W530", rule: "didRate.donations.count(where: { $0.score < 2 }) * 2 > didRate.donations.count(where: { $0.score >= 4 })",
            closure: { data, calendar, isLoggedIn in data.ratings.count(where: { $0.score < 2 }) * 2 > data.ratings.count(where: { $0.score >= 4 }) }),
        Workload(
            name: "W531", rule: "Double(didRate.donations.count(where: { $0.comment != nil })) / Double(max(didRate.donations.count, 1)) > 0.3",
            closure: { data, calendar, isLoggedIn in Double(data.ratings.count(where: { $0.comment != nil })) / Double(max(data.ratings.count, 1)) > 0.3 }),
        Workload(
            name: "W532", rule: "didLogin.donations.donatedWithin(.days(7)).count >= 1 && !didRate.donations.donatedWithin(.days(7)).isEmpty",
            closure: { data, calendar, isLoggedIn in within(data.logins, .day, 7, calendar).count >= 1 && !within(data.ratings, .day, 7, calendar).isEmpty }),
        Workload(
            name: "W533", rule: "Set(didViewLandmarkDetail.donations.donatedWithin(.hours(24)).map(\\.landmarkID)).count >= 5",
            closure: { data, calendar, isLoggedIn in Set(within(data.views, .hour, 24, calendar).map(\.landmarkID)).count >= 5 }),
        Workload(
            name: "W534", rule: "(didLogin.donations.last?.date ?? Date.distantPast) < Date.now.addingTimeInterval(-3 * 86400)",
            closure: { data, calendar, isLoggedIn in (data.logins.last?.date ?? Date.distantPast) < Dataset.now.addingTimeInterval(-3 * 86400) }),
        Workload(
            name: "W535", rule: "didRate.donations.filter { $0.landmarkID == didViewLandmarkDetail.donations.first?.landmarkID }.count > 2",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.landmarkID == data.views.first?.landmarkID }.count > 2 }),
        Workload(
            name: "W536", rule: "didRate.donations.contains { r in r.score >= 4.5 && didViewLandmarkDetail.donations.contains { $0.landmarkID == r.landmarkID && $0.landmarkName == \"Alps\" } }",
            closure: { data, calendar, isLoggedIn in data.ratings.contains { r in r.score >= 4.5 && data.views.contains { $0.landmarkID == r.landmarkID && $0.landmarkName == "Alps" } } }),
        Workload(
            name: "W537", rule: "didViewLandmarkDetail.donations.filter { v in !didRate.donations.contains { $0.landmarkID == v.landmarkID } }.count > 10",
            closure: { data, calendar, isLoggedIn in data.views.filter { v in !data.ratings.contains { $0.landmarkID == v.landmarkID } }.count > 10 }),
        Workload(
            name: "W538", rule: "didRate.donations.map { $0.comment ?? \"\" }.filter { !$0.isEmpty }.count > 10",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.comment ?? "" }.filter { !$0.isEmpty }.count > 10 }),
        Workload(
            name: "W539", rule: "didRate.donations.map { $0.score }.filter { $0 > 3 }.count > 100",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.score }.filter { $0 > 3 }.count > 100 }),
        Workload(
            name: "W540", rule: "(didRate.donations.map(\\.score).min() ?? 5) < 1.5",
            closure: { data, calendar, isLoggedIn in (data.ratings.map(\.score).min() ?? 5) < 1.5 }),
        Workload(
            name: "W541", rule: "didRate.donations.reduce(0) { $1.score >= 4 ? $0 + 1 : $0 } > 100",
            closure: { data, calendar, isLoggedIn in data.ratings.reduce(0) { $1.score >= 4 ? $0 + 1 : $0 } > 100 }),
        Workload(
            name: "W542", rule: "didRate.donations.reduce(0.0) { max($0, $1.score) } >= 4.9",
            closure: { data, calendar, isLoggedIn in data.ratings.reduce(0.0) { max($0, $1.score) } >= 4.9 }),
        Workload(
            name: "W543", rule: "didRate.donations.filter { $0.score.rounded() == 5 }.count > 10",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.score.rounded() == 5 }.count > 10 }),
        Workload(
            name: "W544", rule: "didRate.donations.filter { Int($0.score) == 4 }.count > 10",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { Int($0.score) == 4 }.count > 10 }),
        Workload(
            name: "W545", rule: "didViewLandmarkDetail.donations.suffix(10).map(\\.landmarkName).contains(\"Alps\")",
            closure: { data, calendar, isLoggedIn in data.views.suffix(10).map(\.landmarkName).contains("Alps") }),
        Workload(
            name: "W546", rule: "didRate.donations.allSatisfy { ($0.helpful ?? 0) >= 0 }",
            closure: { data, calendar, isLoggedIn in data.ratings.allSatisfy { ($0.helpful ?? 0) >= 0 } }),
        Workload(
            name: "W547", rule: "didRate.donations.filter { ($0.helpful ?? 0) > 2 && $0.comment?.hasSuffix(\"7\") == true }.count >= 2",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { ($0.helpful ?? 0) > 2 && $0.comment?.hasSuffix("7") == true }.count >= 2 }),
        Workload(
            name: "W548", rule: "(didRate.donations.map(\\.landmarkID).sorted().last ?? 0) > 45",
            closure: { data, calendar, isLoggedIn in (data.ratings.map(\.landmarkID).sorted().last ?? 0) > 45 }),
        Workload(
            name: "W549", rule: "didViewLandmarkDetail.donations.donatedWithin(.weeks(2)).smallestSubset(groupedBy: \\.landmarkID).count <= 2",
            closure: { data, calendar, isLoggedIn in subsetCount(within(data.views, .day, 14, calendar), largest: false) <= 2 }),
        Workload(
            name: "W550", rule: "didRate.donations.filter { $0.date.timeIntervalSince(didLogin.donations.last?.date ?? Date.distantPast) > 0 }.count > 2",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.date.timeIntervalSince(data.logins.last?.date ?? Date.distantPast) > 0 }.count > 2 }),
        Workload(
            name: "W551", rule: "didRate.donations.filter { $0.score > (didRate.donations.map(\\.score).max() ?? 0) - 0.5 }.count > 3",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.score > (data.ratings.map(\.score).max() ?? 0) - 0.5 }.count > 3 }),
        Workload(
            name: "W552", rule: "didRate.donations.map { $0.score }.sorted(by: >).prefix(3).reduce(0) { $0 + $1 } > 14",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.score }.sorted(by: >).prefix(3).reduce(0) { $0 + $1 } > 14 }),
        Workload(
            name: "W553", rule: "didRate.donations.contains { $0.comment?.uppercased().hasPrefix(\"GREAT 4\") ?? false }",
            closure: { data, calendar, isLoggedIn in data.ratings.contains { $0.comment?.uppercased().hasPrefix("GREAT 4") ?? false } }),
        Workload(
            name: "W554", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.lowercased().contains(\"lake\") }.count > 0",
            closure: { data, calendar, isLoggedIn in data.views.filter { $0.landmarkName.lowercased().contains("lake") }.count > 0 }),
        Workload(
            name: "W555", rule: "(didRate.donations.dropLast(5).last?.score ?? 0) > 2",
            closure: { data, calendar, isLoggedIn in (data.ratings.dropLast(5).last?.score ?? 0) > 2 }),
        Workload(
            name: "W556", rule: "didRate.donations.filter { $0.date >= Date.now.addingTimeInterval(-86400 * 30) && $0.score >= 4 }.count >= 3",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.date >= Dataset.now.addingTimeInterval(-86400 * 30) && $0.score >= 4 }.count >= 3 }),
        Workload(
            name: "W557", rule: "didRate.donations.map { Int($0.score * 10) }.reduce(0) { $0 + $1 } > 1000",
            closure: { data, calendar, isLoggedIn in data.ratings.map { Int($0.score * 10) }.reduce(0) { $0 + $1 } > 1000 }),
        Workload(
            name: "W558", rule: "didRate.donations.count > 0 && didRate.donations.map(\\.score).reduce(0) { $0 + $1 } / Double(didRate.donations.count) >= 2.5",
            closure: { data, calendar, isLoggedIn in data.ratings.count > 0 && data.ratings.map(\.score).reduce(0) { $0 + $1 } / Double(data.ratings.count) >= 2.5 }),
        Workload(
            name: "W559", rule: "highRatedX.count > 10 && recentViewsX.count >= 2", declarations: """
            let recentViewsX = didViewLandmarkDetail.donations.donatedWithin(.week)
            let highRatedX = didRate.donations.filter { $0.score >= 4 }

            """,
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.score >= 4 }.count > 10 && within(data.views, .day, 7, calendar).count >= 2 }),
        Workload(
            name: "W560", rule: "didViewLandmarkDetail.donations.filter { ratedIDsX.contains($0.landmarkID) }.count > 10", declarations: """
            let ratedIDsX = Set(didRate.donations.filter { $0.score >= 4.5 }.map(\\.landmarkID))

            """,
            closure: { data, calendar, isLoggedIn in let ratedIDs = Set(data.ratings.filter { $0.score >= 4.5 }.map(\.landmarkID)); return data.views.filter { ratedIDs.contains($0.landmarkID) }.count > 10 }),
        Workload(
            name: "W561", rule: "averageScoreX >= 2.4 && averageScoreX < 2.6", declarations: """
            let averageScoreX = didRate.donations.isEmpty ? 0 : didRate.donations.map(\\.score).reduce(0, +) / Double(didRate.donations.count)

            """,
            closure: { data, calendar, isLoggedIn in let average = data.ratings.isEmpty ? 0 : data.ratings.map(\.score).reduce(0, +) / Double(data.ratings.count); return average >= 2.4 && average < 2.6 }),
        Workload(
            name: "W562", rule: "didRate.donations.filter { $0.score >= 4 }.count >= 3 && (didRate.donations.last?.date ?? Date.distantPast) > Date.now.addingTimeInterval(-86400)",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.score >= 4 }.count >= 3 && (data.ratings.last?.date ?? Date.distantPast) > Dataset.now.addingTimeInterval(-86400) }),
        Workload(
            name: "W563", rule: "didViewLandmarkDetail.donations.map(\\.landmarkID).filter { $0 % 10 == 0 }.count >= 5",
            closure: { data, calendar, isLoggedIn in data.views.map(\.landmarkID).filter { $0 % 10 == 0 }.count >= 5 }),
        Workload(
            name: "W564", rule: "didRate.donations.filter { $0.landmarkID == 12 }.map(\\.score).reduce(0, +) > 20",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.landmarkID == 12 }.map(\.score).reduce(0, +) > 20 }),
        Workload(
            name: "W565", rule: "didRate.donations.first(where: { $0.helpful ?? 0 > 15 })?.comment != nil",
            closure: { data, calendar, isLoggedIn in data.ratings.first(where: { $0.helpful ?? 0 > 15 })?.comment != nil }),
        Workload(
            name: "W566", rule: "didViewLandmarkDetail.donations.suffix(5).map(\\.landmarkID) == [1, 2, 3, 4, 5]",
            closure: { data, calendar, isLoggedIn in data.views.suffix(5).map(\.landmarkID) == [1, 2, 3, 4, 5] }),
        Workload(
            name: "W567", rule: "didRate.donations.filter { $0.comment == \"great 7\" || $0.comment == \"great 8\" }.count >= 2",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.comment == "great 7" || $0.comment == "great 8" }.count >= 2 }),
        Workload(
            name: "W568", rule: "(didRate.donations.min { $0.score < $1.score }?.landmarkID ?? 0) > 10",
            closure: { data, calendar, isLoggedIn in (data.ratings.min { $0.score < $1.score }?.landmarkID ?? 0) > 10 }),
        Workload(
            name: "W569", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkID >= 10 && $0.landmarkID <= 20 }.count >= didViewLandmarkDetail.donations.count / 5",
            closure: { data, calendar, isLoggedIn in data.views.filter { $0.landmarkID >= 10 && $0.landmarkID <= 20 }.count >= data.views.count / 5 }),
        Workload(
            name: "W570", rule: "didRate.donations.compactMap { $0.helpful }.filter { $0 > 10 }.count > didRate.donations.count / 4",
            closure: { data, calendar, isLoggedIn in data.ratings.compactMap { $0.helpful }.filter { $0 > 10 }.count > data.ratings.count / 4 }),
        Workload(
            name: "W571", rule: "didRate.donations.map { $0.score >= 4 ? 1 : 0 }.reduce(0, +) > 50",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.score >= 4 ? 1 : 0 }.reduce(0, +) > 50 }),
        Workload(
            name: "W572", rule: "didRate.donations.contains { $0.score == 0 && $0.comment == nil && $0.helpful == nil }",
            closure: { data, calendar, isLoggedIn in data.ratings.contains { $0.score == 0 && $0.comment == nil && $0.helpful == nil } }),
        Workload(
            name: "W573", rule: "didViewLandmarkDetail.donations.prefix(100).filter { $0.landmarkName != \"Wilbere Bowl\" }.map(\\.landmarkName).sorted().first == \"Alps\"",
            closure: { data, calendar, isLoggedIn in data.views.prefix(100).filter { $0.landmarkName != "Wilbere Bowl" }.map(\.landmarkName).sorted().first == "Alps" }),
    ]

    private static let workloads18: [Workload] = [
        Workload(
            name: "W574", rule: "(didRate.donations.map { $0.comment ?? \"none\" }.sorted().first ?? \"\") == \"great 1\"",
            closure: { data, calendar, isLoggedIn in (data.ratings.map { $0.comment ?? "none" }.sorted().first ?? "") == "great 1" }),
        Workload(
            name: "W575", rule: "Set(didRate.donations.compactMap(\\.comment)).count > 10",
            closure: { data, calendar, isLoggedIn in Set(data.ratings.compactMap(\.comment)).count > 10 }),
        Workload(
            name: "W576", rule: "didRate.donations.filter { $0.comment != nil }.map { $0.comment! }.filter { $0.hasSuffix(\"7\") }.count > 3",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.comment != nil }.map { $0.comment! }.filter { $0.hasSuffix("7") }.count > 3 }),
        Workload(
            name: "W577", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName + \"!\" }.contains(\"Alps!\")",
            closure: { data, calendar, isLoggedIn in data.views.map { $0.landmarkName + "!" }.contains("Alps!") }),
        Workload(
            name: "W578", rule: "didRate.donations.sorted { $0.date > $1.date }.prefix(10).map(\\.score).reduce(0, +) / 10 > 3",
            closure: { data, calendar, isLoggedIn in data.ratings.sorted { $0.date > $1.date }.prefix(10).map(\.score).reduce(0, +) / 10 > 3 }),
        Workload(
            name: "W579", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).reduce(0) { $0 + $1.count } > 1000",
            closure: { data, calendar, isLoggedIn in data.views.map(\.landmarkName).reduce(0) { $0 + $1.count } > 1000 }),
        Workload(
            name: "W580", rule: "didRate.donations.compactMap { $0.helpful }.sorted().suffix(3).reduce(0, +) >= 50",
            closure: { data, calendar, isLoggedIn in data.ratings.compactMap { $0.helpful }.sorted().suffix(3).reduce(0, +) >= 50 }),
        Workload(
            name: "W581", rule: "didRate.donations.filter { ($0.comment?.count ?? 0) > 7 }.map(\\.landmarkID).reduce(0, max) > 40",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { ($0.comment?.count ?? 0) > 7 }.map(\.landmarkID).reduce(0, max) > 40 }),
        Workload(
            name: "W582", rule: "didRate.donations.map { [$0.landmarkID, $0.helpful ?? 0] }.filter { $0[1] > 10 }.count > 3",
            closure: { data, calendar, isLoggedIn in data.ratings.map { [$0.landmarkID, $0.helpful ?? 0] }.filter { $0[1] > 10 }.count > 3 }),
        Workload(
            name: "W583", rule: "didRate.donations.map { $0.landmarkID }.sorted().reversed().prefix(5).reduce(0, +) > 200",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.landmarkID }.sorted().reversed().prefix(5).reduce(0, +) > 200 }),
        Workload(
            name: "W584", rule: "didRate.donations.filter { $0.date.timeIntervalSinceNow > -86400 * 7 }.count >= 3",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.date.timeIntervalSince(Dataset.now) > -86400 * 7 }.count >= 3 }),
        Workload(
            name: "W585", rule: "didRate.donations.map(\\.score).reduce(0.0, max) > 4.5",
            closure: { data, calendar, isLoggedIn in data.ratings.map(\.score).reduce(0.0, max) > 4.5 }),
    ]


    private static let workloads19: [Workload] = [
        Workload(
            name: "W586", rule: "didRate.donations.filter { $0.score >= 4 }.map { $0.landmarkID }.contains(7)",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.score >= 4 }.map { $0.landmarkID }.contains(7) }),
        Workload(
            name: "W587", rule: "didRate.donations.map { $0.score }.reduce(0, +) / Double(didRate.donations.count) >= 2.4",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.score }.reduce(0, +) / Double(data.ratings.count) >= 2.4 }),
        Workload(
            name: "W588", rule: "didRate.donations.filter { $0.comment != nil && $0.comment!.count > 7 }.count >= 10",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.comment != nil && $0.comment!.count > 7 }.count >= 10 }),
        Workload(
            name: "W589", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName }.filter { $0.hasPrefix(\"A\") }.count > 50",
            closure: { data, calendar, isLoggedIn in data.views.map { $0.landmarkName }.filter { $0.hasPrefix("A") }.count > 50 }),
        Workload(
            name: "W590", rule: "didRate.donations.sorted { $0.helpful ?? 0 > $1.helpful ?? 0 }.prefix(3).allSatisfy { $0.score > 1 }",
            closure: { data, calendar, isLoggedIn in data.ratings.sorted { $0.helpful ?? 0 > $1.helpful ?? 0 }.prefix(3).allSatisfy { $0.score > 1 } }),
        Workload(
            name: "W591", rule: "didRate.donations.map { $0.helpful ?? 0 }.max()! > 15",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.helpful ?? 0 }.max()! > 15 }),
        Workload(
            name: "W592", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName == \"Alps\" || $0.landmarkName == \"Zion\" }.map(\\.landmarkID).reduce(0, +) > 100",
            closure: { data, calendar, isLoggedIn in data.views.filter { $0.landmarkName == "Alps" || $0.landmarkName == "Zion" }.map(\.landmarkID).reduce(0, +) > 100 }),
        Workload(
            name: "W593", rule: "didRate.donations.first(where: { $0.landmarkID == didViewLandmarkDetail.donations.last?.landmarkID })?.score ?? 0 > 2",
            closure: { data, calendar, isLoggedIn in data.ratings.first(where: { $0.landmarkID == data.views.last?.landmarkID })?.score ?? 0 > 2 }),
        Workload(
            name: "W594", rule: "didRate.donations.filter { $0.date > (didLogin.donations.last?.date ?? Date.distantPast) }.map(\\.score).reduce(0, +) > 5",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.date > (data.logins.last?.date ?? Date.distantPast) }.map(\.score).reduce(0, +) > 5 }),
        Workload(
            name: "W595", rule: "didRate.donations.filter { $0.score > 3 }.count > didRate.donations.filter { $0.score < 2 }.count",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.score > 3 }.count > data.ratings.filter { $0.score < 2 }.count }),
        Workload(
            name: "W596", rule: "didViewLandmarkDetail.donations.donatedWithin(.days(14)).filter { $0.landmarkName != \"Wilbere Bowl\" }.count >= 5",
            closure: { data, calendar, isLoggedIn in within(data.views, .day, 14, calendar).filter { $0.landmarkName != "Wilbere Bowl" }.count >= 5 }),
        Workload(
            name: "W597", rule: "didRate.donations.donatedWithin(.month).map(\\.score).max() ?? 0 >= 4.5",
            closure: { data, calendar, isLoggedIn in within(data.ratings, .month, 1, calendar).map(\.score).max() ?? 0 >= 4.5 }),
        Workload(
            name: "W598", rule: "didRate.donations.map { $0.comment?.count ?? 0 }.reduce(0, +) > 500",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.comment?.count ?? 0 }.reduce(0, +) > 500 }),
        Workload(
            name: "W599", rule: "didRate.donations.compactMap { $0.comment }.map { $0.uppercased() }.contains(\"GREAT 7\")",
            closure: { data, calendar, isLoggedIn in data.ratings.compactMap { $0.comment }.map { $0.uppercased() }.contains("GREAT 7") }),
        Workload(
            name: "W600", rule: "didRate.donations.filter { $0.score == $0.score.rounded() }.count > 10",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.score == $0.score.rounded() }.count > 10 }),
        Workload(
            name: "W601", rule: "didRate.donations.map { Double($0.helpful ?? 0) * $0.score }.max() ?? 0 > 50",
            closure: { data, calendar, isLoggedIn in data.ratings.map { (r: Rating) -> Double in Double(r.helpful ?? 0) * r.score }.max() ?? 0 > 50 }),
        Workload(
            name: "W602", rule: "didRate.donations.filter { !($0.comment ?? \"\").isEmpty && $0.score >= 3 }.count >= 5",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { !($0.comment ?? "").isEmpty && $0.score >= 3 }.count >= 5 }),
        Workload(
            name: "W603", rule: "didViewLandmarkDetail.donations.map(\\.landmarkID).sorted(by: >).first ?? 0 >= 50",
            closure: { data, calendar, isLoggedIn in data.views.map(\.landmarkID).sorted(by: >).first ?? 0 >= 50 }),
        Workload(
            name: "W604", rule: "Set(didRate.donations.filter { $0.comment != nil }.map(\\.landmarkID)).count >= 20",
            closure: { data, calendar, isLoggedIn in Set(data.ratings.filter { $0.comment != nil }.map(\.landmarkID)).count >= 20 }),
        Workload(
            name: "W605", rule: "didRate.donations.reduce(0) { $0 + ($1.helpful ?? 0 > 10 ? 1 : 0) } >= 100",
            closure: { data, calendar, isLoggedIn in data.ratings.reduce(0) { $0 + ($1.helpful ?? 0 > 10 ? 1 : 0) } >= 100 }),
        Workload(
            name: "W606", rule: "didRate.donations.map { min($0.score, 3.0) }.reduce(0, +) > 1000",
            closure: { data, calendar, isLoggedIn in data.ratings.map { min($0.score, 3.0) }.reduce(0, +) > 1000 }),
        Workload(
            name: "W607", rule: "didLogin.donations.count >= 3 && didRate.donations.suffix(10).contains { $0.score >= 4 }",
            closure: { data, calendar, isLoggedIn in data.logins.count >= 3 && data.ratings.suffix(10).contains { $0.score >= 4 } }),
        Workload(
            name: "W608", rule: "didRate.donations.dropFirst(500).filter { $0.helpful != nil }.count > 100",
            closure: { data, calendar, isLoggedIn in data.ratings.dropFirst(500).filter { $0.helpful != nil }.count > 100 }),
        Workload(
            name: "W609", rule: "didRate.donations.filter { $0.landmarkID > 25 }.sorted { $0.score > $1.score }.first?.score ?? 0 > 4",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.landmarkID > 25 }.sorted { $0.score > $1.score }.first?.score ?? 0 > 4 }),
        Workload(
            name: "W610", rule: "didRate.donations.map { $0.landmarkID % 10 }.filter { $0 == 3 }.count > 20",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.landmarkID % 10 }.filter { $0 == 3 }.count > 20 }),
        Workload(
            name: "W611", rule: "didViewLandmarkDetail.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 14) }.map(\\.landmarkName).contains(\"Zion\")",
            closure: { data, calendar, isLoggedIn in data.views.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 14) }.map(\.landmarkName).contains("Zion") }),
        Workload(
            name: "W612", rule: "(didRate.donations.last(where: { $0.score >= 4 })?.date.timeIntervalSince(didRate.donations.first!.date) ?? 0) > 86400",
            closure: { data, calendar, isLoggedIn in (data.ratings.last(where: { $0.score >= 4 })?.date.timeIntervalSince(data.ratings.first!.date) ?? 0) > 86400 }),
        Workload(
            name: "W613", rule: "didRate.donations.allSatisfy { $0.score >= 0 && $0.score <= 5 }",
            closure: { data, calendar, isLoggedIn in data.ratings.allSatisfy { $0.score >= 0 && $0.score <= 5 } }),
        Workload(
            name: "W614", rule: "didRate.donations.map { $0.score > 2.5 ? \"high\" : \"low\" }.filter { $0 == \"high\" }.count > 400",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.score > 2.5 ? "high" : "low" }.filter { $0 == "high" }.count > 400 }),
        Workload(
            name: "W615", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName.count > 5 ? 1 : 0 }.reduce(0, +) > 300",
            closure: { data, calendar, isLoggedIn in data.views.map { $0.landmarkName.count > 5 ? 1 : 0 }.reduce(0, +) > 300 }),
        Workload(
            name: "W616", rule: "didRate.donations.compactMap { $0.helpful }.map { Double($0) }.reduce(0, +) / 10 > 50",
            closure: { data, calendar, isLoggedIn in data.ratings.compactMap { $0.helpful }.map { Double($0) }.reduce(0, +) / 10 > 50 }),
        Workload(
            name: "W617", rule: "didRate.donations.filter { $0.comment?.contains(\"1\") ?? false }.count > 10",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.comment?.contains("1") ?? false }.count > 10 }),
        Workload(
            name: "W618", rule: "didViewLandmarkDetail.donations.filter { v in didRate.donations.suffix(20).contains { $0.landmarkID == v.landmarkID } }.count > 10",
            closure: { data, calendar, isLoggedIn in data.views.filter { v in data.ratings.suffix(20).contains { $0.landmarkID == v.landmarkID } }.count > 10 }),
        Workload(
            name: "W619", rule: "didRate.donations.map { [$0.score, 2.5].min()! }.reduce(0, +) > 100",
            closure: { data, calendar, isLoggedIn in data.ratings.map { [$0.score, 2.5].min()! }.reduce(0, +) > 100 }),
        Workload(
            name: "W620", rule: "didRate.donations.filter { ($0.helpful ?? 0) + $0.landmarkID > 30 }.count > 10",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { ($0.helpful ?? 0) + $0.landmarkID > 30 }.count > 10 }),
        Workload(
            name: "W621", rule: "didRate.donations.map(\\.landmarkID).filter { $0 > 10 }.sorted().first ?? 0 > 10",
            closure: { data, calendar, isLoggedIn in data.ratings.map(\.landmarkID).filter { $0 > 10 }.sorted().first ?? 0 > 10 }),
        Workload(
            name: "W622", rule: "didViewLandmarkDetail.donations.largestSubset(groupedBy: \\.landmarkName).count > 100",
            closure: { data, calendar, isLoggedIn in Workloads.largestNameGroup(data.views) > 100 }),
        Workload(
            name: "W623", rule: "didRate.donations.donatedWithin(.weeks(2)).reduce(0.0) { $0 + $1.score } / 14 > 5",
            closure: { data, calendar, isLoggedIn in within(data.ratings, .day, 14, calendar).reduce(0.0) { $0 + $1.score } / 14 > 5 }),
        Workload(
            name: "W624", rule: "didRate.donations.filter { $0.score > 4 }.map { $0.comment ?? \"\" }.filter { $0.hasPrefix(\"great\") }.count > 3",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.score > 4 }.map { $0.comment ?? "" }.filter { $0.hasPrefix("great") }.count > 3 }),
        Workload(
            name: "W625", rule: "didRate.donations.filter { $0.helpful == nil }.count * 3 < didRate.donations.count",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.helpful == nil }.count * 3 < data.ratings.count }),
    ]


    private static let workloads20: [Workload] = [
        Workload(
            name: "W626", rule: "didRate.donations.filter { rating in rating.score >= 4 && rating.helpful != nil }.count >= 50",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { rating in rating.score >= 4 && rating.helpful != nil }.count >= 50 }),
        Workload(
            name: "W627", rule: "didRate.donations.contains { rating in rating.comment == \"great 3\" && rating.score > 4 }",
            closure: { data, calendar, isLoggedIn in data.ratings.contains { rating in rating.comment == "great 3" && rating.score > 4 } }),
        Workload(
            name: "W628", rule: "#Rule(didRate) { $0.donations.filter { $0.score > 4 }.count >= 3 }",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.score > 4 }.count >= 3 }),
        Workload(
            name: "W629", rule: "#Rule(didViewLandmarkDetail) { $0.donations.donatedWithin(.week).count >= 3 }",
            closure: { data, calendar, isLoggedIn in within(data.views, .day, 7, calendar).count >= 3 }),
        Workload(
            name: "W630", rule: "didRate.donations.count(where: { $0.helpful ?? 0 >= 10 }) > didRate.donations.count / 3",
            closure: { data, calendar, isLoggedIn in data.ratings.count(where: { $0.helpful ?? 0 >= 10 }) > data.ratings.count / 3 }),
        Workload(
            name: "W631", rule: "didRate.donations.filter { $0.comment?.isEmpty == false }.count > 100",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.comment?.isEmpty == false }.count > 100 }),
        Workload(
            name: "W632", rule: "didRate.donations.map(\\.helpful).filter { $0 == nil }.count < 300",
            closure: { data, calendar, isLoggedIn in data.ratings.map(\.helpful).filter { $0 == nil }.count < 300 }),
        Workload(
            name: "W633", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkID == 7 }.count >= 2 && didRate.donations.contains { $0.landmarkID == 7 && $0.score >= 4 }",
            closure: { data, calendar, isLoggedIn in data.views.filter { $0.landmarkID == 7 }.count >= 2 && data.ratings.contains { $0.landmarkID == 7 && $0.score >= 4 } }),
        Workload(
            name: "W634", rule: "didRate.donations.map { $0.score * 2 }.filter { $0 >= 8 }.count > didRate.donations.count / 10",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.score * 2 }.filter { $0 >= 8 }.count > data.ratings.count / 10 }),
        Workload(
            name: "W635", rule: "didRate.donations.filter { $0.landmarkID == 3 || $0.landmarkID == 5 || $0.landmarkID == 8 }.map(\\.score).reduce(0, +) > 30",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.landmarkID == 3 || $0.landmarkID == 5 || $0.landmarkID == 8 }.map(\.score).reduce(0, +) > 30 }),
        Workload(
            name: "W636", rule: "didRate.donations.map { $0.helpful ?? 0 }.reduce(0) { $0 + $1 } > didRate.donations.count * 5",
            closure: { data, calendar, isLoggedIn in data.ratings.map { (r: Rating) -> Int in r.helpful ?? 0 }.reduce(0) { $0 + $1 } > data.ratings.count * 5 }),
        Workload(
            name: "W637", rule: "didRate.donations.filter { $0.score.isNaN == false && $0.score > 4.5 }.count > 20",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.score.isNaN == false && $0.score > 4.5 }.count > 20 }),
        Workload(
            name: "W638", rule: "didRate.donations.filter { $0.date.timeIntervalSince(didLogin.donations.first!.date) > 86400 * 30 }.count > 100",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.date.timeIntervalSince(data.logins.first!.date) > 86400 * 30 }.count > 100 }),
        Workload(
            name: "W639", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName.lowercased() }.filter { $0.contains(\"lake\") }.count > 10",
            closure: { data, calendar, isLoggedIn in data.views.map { $0.landmarkName.lowercased() }.filter { $0.contains("lake") }.count > 10 }),
        Workload(
            name: "W640", rule: "didRate.donations.sorted { $0.date > $1.date }.first?.score ?? 0 >= 2",
            closure: { data, calendar, isLoggedIn in data.ratings.sorted { $0.date > $1.date }.first?.score ?? 0 >= 2 }),
        Workload(
            name: "W641", rule: "didRate.donations.sorted { $0.landmarkID < $1.landmarkID }.map(\\.score).prefix(10).reduce(0, +) > 20",
            closure: { data, calendar, isLoggedIn in data.ratings.sorted { $0.landmarkID < $1.landmarkID }.map(\.score).prefix(10).reduce(0, +) > 20 }),
        Workload(
            name: "W642", rule: "didRate.donations.filter { $0.score >= 4 }.map(\\.landmarkID).sorted().suffix(5).first ?? 0 > 40",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.score >= 4 }.map(\.landmarkID).sorted().suffix(5).first ?? 0 > 40 }),
        Workload(
            name: "W643", rule: "didRate.donations.map { $0.comment != nil ? $0.score : 0 }.reduce(0, +) > 300",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.comment != nil ? $0.score : 0 }.reduce(0, +) > 300 }),
        Workload(
            name: "W644", rule: "didRate.donations.compactMap { $0.comment?.count }.max() ?? 0 >= 8",
            closure: { data, calendar, isLoggedIn in data.ratings.compactMap { $0.comment?.count }.max() ?? 0 >= 8 }),
        Workload(
            name: "W645", rule: "didRate.donations.filter { ($0.comment ?? \"\").hasPrefix(\"great 4\") }.map(\\.score).max() ?? 0 > 3",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { ($0.comment ?? "").hasPrefix("great 4") }.map(\.score).max() ?? 0 > 3 }),
        Workload(
            name: "W646", rule: "didViewLandmarkDetail.donations.map(\\.landmarkID).contains(where: { $0 > 49 })",
            closure: { data, calendar, isLoggedIn in data.views.map(\.landmarkID).contains(where: { $0 > 49 }) }),
        Workload(
            name: "W647", rule: "didRate.donations.allSatisfy { ($0.helpful ?? 0) <= 20 && $0.score <= 5 }",
            closure: { data, calendar, isLoggedIn in data.ratings.allSatisfy { ($0.helpful ?? 0) <= 20 && $0.score <= 5 } }),
        Workload(
            name: "W648", rule: "didRate.donations.filter { $0.helpful ?? 0 > $0.landmarkID }.count > 50",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.helpful ?? 0 > $0.landmarkID }.count > 50 }),
        Workload(
            name: "W649", rule: "didRate.donations.reduce(0.0) { $0 + $1.score * $1.score } / Double(max(didRate.donations.count, 1)) > 8",
            closure: { data, calendar, isLoggedIn in data.ratings.reduce(0.0) { (s: Double, r: Rating) -> Double in s + r.score * r.score } / Double(max(data.ratings.count, 1)) > 8 }),
        Workload(
            name: "W650", rule: "didRate.donations.map(\\.score).filter { $0 > 4 }.map { $0 - 4 }.reduce(0, +) > 10",
            closure: { data, calendar, isLoggedIn in data.ratings.map(\.score).filter { $0 > 4 }.map { (x: Double) -> Double in x - 4 }.reduce(0, +) > 10 }),
        Workload(
            name: "W651", rule: "didRate.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 7) }.map(\\.landmarkID).contains(12)",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 7) }.map(\.landmarkID).contains(12) }),
        Workload(
            name: "W652", rule: "didRate.donations.donatedWithin(.days(10)).filter { $0.comment != nil }.map(\\.score).reduce(0, +) > 5",
            closure: { data, calendar, isLoggedIn in within(data.ratings, .day, 10, calendar).filter { $0.comment != nil }.map(\.score).reduce(0, +) > 5 }),
        Workload(
            name: "W653", rule: "didRate.donations.filter { $0.helpful != nil }.map { Double($0.helpful!) / 20 }.reduce(0, +) > 100",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.helpful != nil }.map { (r: Rating) -> Double in Double(r.helpful!) / 20 }.reduce(0, +) > 100 }),
        Workload(
            name: "W654", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.count >= 6 && $0.landmarkID < 20 }.count > 50",
            closure: { data, calendar, isLoggedIn in data.views.filter { $0.landmarkName.count >= 6 && $0.landmarkID < 20 }.count > 50 }),
        Workload(
            name: "W655", rule: "didRate.donations.filter { $0.score < 1 }.isEmpty == false",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.score < 1 }.isEmpty == false }),
        Workload(
            name: "W656", rule: "didRate.donations.map { Int($0.score.rounded()) }.filter { $0 == 5 }.count > 10",
            closure: { data, calendar, isLoggedIn in data.ratings.map { Int($0.score.rounded()) }.filter { $0 == 5 }.count > 10 }),
        Workload(
            name: "W657", rule: "Set(didViewLandmarkDetail.donations.filter { $0.landmarkName != \"Wilbere Bowl\" }.map(\\.landmarkName)).count >= 5",
            closure: { data, calendar, isLoggedIn in Set(data.views.filter { $0.landmarkName != "Wilbere Bowl" }.map(\.landmarkName)).count >= 5 }),
        Workload(
            name: "W658", rule: "didRate.donations.first { $0.score >= 4.5 && ($0.helpful ?? 0) >= 15 }?.landmarkID ?? 0 > 0",
            closure: { data, calendar, isLoggedIn in data.ratings.first { $0.score >= 4.5 && ($0.helpful ?? 0) >= 15 }?.landmarkID ?? 0 > 0 }),
        Workload(
            name: "W659", rule: "didRate.donations.last { $0.comment?.hasSuffix(\"0\") == true }?.score ?? 0 > 1",
            closure: { data, calendar, isLoggedIn in data.ratings.last { $0.comment?.hasSuffix("0") == true }?.score ?? 0 > 1 }),
        Workload(
            name: "W660", rule: "didRate.donations.map(\\.landmarkID).reduce(0) { $0 > $1 ? $0 - $1 : $1 - $0 } > 0",
            closure: { data, calendar, isLoggedIn in data.ratings.map(\.landmarkID).reduce(0) { (a: Int, b: Int) -> Int in a > b ? a - b : b - a } > 0 }),
        Workload(
            name: "W661", rule: "didRate.donations.filter { $0.score > 2 }.count(where: { $0.comment != nil }) > 50",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.score > 2 }.count(where: { $0.comment != nil }) > 50 }),
        Workload(
            name: "W662", rule: "didRate.donations.map { $0.landmarkID * 10 + ($0.helpful ?? 0) }.filter { $0 > 300 }.count > 100",
            closure: { data, calendar, isLoggedIn in data.ratings.map { (r: Rating) -> Int in r.landmarkID * 10 + (r.helpful ?? 0) }.filter { $0 > 300 }.count > 100 }),
        Workload(
            name: "W663", rule: "didViewLandmarkDetail.donations.filter { !$0.landmarkName.hasPrefix(\"W\") }.count > didViewLandmarkDetail.donations.count / 2",
            closure: { data, calendar, isLoggedIn in data.views.filter { !$0.landmarkName.hasPrefix("W") }.count > data.views.count / 2 }),
        Workload(
            name: "W664", rule: "didRate.donations.map { abs($0.score - 2.5) }.reduce(0, +) / 1000 > 1",
            closure: { data, calendar, isLoggedIn in data.ratings.map { (r: Rating) -> Double in abs(r.score - 2.5) }.reduce(0, +) / 1000 > 1 }),
        Workload(
            name: "W665", rule: "didRate.donations.filter { $0.score >= 3 }.map { $0.comment ?? \"-\" }.filter { $0 != \"-\" }.count > 50",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.score >= 3 }.map { $0.comment ?? "-" }.filter { $0 != "-" }.count > 50 }),
    ]


    private static let workloads21: [Workload] = [
        Workload(
            name: "W666", rule: "didRate.donations.filter { [$0.landmarkID, 7].contains(12) }.count > 3",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { [$0.landmarkID, 7].contains(12) }.count > 3 }),
        Workload(
            name: "W667", rule: "didRate.donations.filter { ($0.comment?.count ?? 0) + ($0.helpful ?? 0) > 10 }.count > 3",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { (r: Rating) -> Bool in (r.comment?.count ?? 0) + (r.helpful ?? 0) > 10 }.count > 3 }),
        Workload(
            name: "W668", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.count == $0.landmarkID }.count > 3",
            closure: { data, calendar, isLoggedIn in data.views.filter { $0.landmarkName.count == $0.landmarkID }.count > 3 }),
        Workload(
            name: "W669", rule: "didViewLandmarkDetail.donations.contains { $0.landmarkName.lowercased().hasPrefix(\"q\") && $0.landmarkID > 3 }",
            closure: { data, calendar, isLoggedIn in data.views.contains { $0.landmarkName.lowercased().hasPrefix("q") && $0.landmarkID > 3 } }),
        Workload(
            name: "W670", rule: "didRate.donations.map { $0.score }.sorted(by: <).prefix(3).reduce(0, +) > 1",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.score }.sorted(by: <).prefix(3).reduce(0, +) > 1 }),
        Workload(
            name: "W671", rule: "didRate.donations.map { $0.comment?.uppercased() }.compactMap { $0 }.count > 1",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.comment?.uppercased() }.compactMap { $0 }.count > 1 }),
        Workload(
            name: "W672", rule: "didRate.donations.reduce(0) { $0 + ($1.comment?.count ?? 0) } > 1",
            closure: { data, calendar, isLoggedIn in data.ratings.reduce(0) { $0 + ($1.comment?.count ?? 0) } > 1 }),
        Workload(
            name: "W673", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName.hasPrefix(\"A\") ? 1 : 0 }.reduce(0, +) > 1",
            closure: { data, calendar, isLoggedIn in data.views.map { $0.landmarkName.hasPrefix("A") ? 1 : 0 }.reduce(0, +) > 1 }),
        Workload(
            name: "W674", rule: "didRate.donations.reduce(0) { $1.helpful == nil ? $0 : $0 + $1.helpful! } > 1",
            closure: { data, calendar, isLoggedIn in data.ratings.reduce(0) { $1.helpful == nil ? $0 : $0 + $1.helpful! } > 1 }),
        Workload(
            name: "W675", rule: "didRate.donations.filter { $0.helpful == nil || $0.comment == nil }.map(\\.score).max() ?? 0 > 1",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.helpful == nil || $0.comment == nil }.map(\.score).max() ?? 0 > 1 }),
        Workload(
            name: "W676", rule: "didRate.donations.filter { [$0.score, 1.0].min()! > 0.5 }.count > 3",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { [$0.score, 1.0].min()! > 0.5 }.count > 3 }),
        Workload(
            name: "W677", rule: "didRate.donations.map { Int($0.score * 100) % 7 }.reduce(0, +) > 1",
            closure: { data, calendar, isLoggedIn in data.ratings.map { (r: Rating) -> Int in Int(r.score * 100) % 7 }.reduce(0, +) > 1 }),
    ]


    private static let workloads22: [Workload] = [
        Workload(
            name: "W678", rule: "didRate.donations.filter { $0.score >= 4 }.map(\\.landmarkID).contains(didViewLandmarkDetail.donations.last?.landmarkID ?? -1)",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.score >= 4 }.map(\.landmarkID).contains(data.views.last?.landmarkID ?? -1) }),
        Workload(
            name: "W679", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).filter { $0.hasSuffix(\"Park\") }.count >= 2",
            closure: { data, calendar, isLoggedIn in data.views.map(\.landmarkName).filter { $0.hasSuffix("Park") }.count >= 2 }),
        Workload(
            name: "W680", rule: "(didViewLandmarkDetail.donations.last(where: { $0.landmarkID == 5 })?.date ?? Date.distantPast) > Date.now.addingTimeInterval(-3600)",
            closure: { data, calendar, isLoggedIn in (data.views.last(where: { $0.landmarkID == 5 })?.date ?? Date.distantPast) > Dataset.now.addingTimeInterval(-3600) }),
        Workload(
            name: "W681", rule: "(didRate.donations.sorted { $0.date > $1.date }.first?.score ?? 0) >= 4",
            closure: { data, calendar, isLoggedIn in (data.ratings.sorted { $0.date > $1.date }.first?.score ?? 0) >= 4 }),
        Workload(
            name: "W682", rule: "didRate.donations.filter { $0.comment != nil }.map { $0.comment! }.filter { $0.count > 5 }.count > 3",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.comment != nil }.map { $0.comment! }.filter { $0.count > 5 }.count > 3 }),
        Workload(
            name: "W683", rule: "Set(didRate.donations.compactMap(\\.comment)).count > 10",
            closure: { data, calendar, isLoggedIn in Set(data.ratings.compactMap(\.comment)).count > 10 }),
        Workload(
            name: "W684", rule: "didViewLandmarkDetail.donations.map { $0.landmarkID }.max() == didRate.donations.map { $0.landmarkID }.max()",
            closure: { data, calendar, isLoggedIn in data.views.map { $0.landmarkID }.max() == data.ratings.map { $0.landmarkID }.max() }),
        Workload(
            name: "W685", rule: "didRate.donations.map(\\.score).sorted().dropFirst(2).dropLast(2).reduce(0, +) > 100",
            closure: { data, calendar, isLoggedIn in data.ratings.map(\.score).sorted().dropFirst(2).dropLast(2).reduce(0, +) > 100 }),
        Workload(
            name: "W686", rule: "didRate.donations.filter { $0.score > 4 }.count * 100 / max(didRate.donations.count, 1) >= 20",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.score > 4 }.count * 100 / max(data.ratings.count, 1) >= 20 }),
        Workload(
            name: "W687", rule: "didLogin.donations.count >= 3 && didLogin.donations.last!.date.timeIntervalSince(didLogin.donations.first!.date) > 86400",
            closure: { data, calendar, isLoggedIn in data.logins.count >= 3 && data.logins.last!.date.timeIntervalSince(data.logins.first!.date) > 86400 }),
        Workload(
            name: "W688", rule: "didRate.donations.allSatisfy { $0.score >= 0 && $0.score <= 5 }",
            closure: { data, calendar, isLoggedIn in data.ratings.allSatisfy { $0.score >= 0 && $0.score <= 5 } }),
        Workload(
            name: "W689", rule: "didRate.donations.filter { $0.comment?.isEmpty == false }.count >= 3",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.comment?.isEmpty == false }.count >= 3 }),
        Workload(
            name: "W690", rule: "(didRate.donations.map { ($0.helpful ?? 0) * 2 }.max() ?? 0) > 30",
            closure: { data, calendar, isLoggedIn in (data.ratings.map { ($0.helpful ?? 0) * 2 }.max() ?? 0) > 30 }),
        Workload(
            name: "W691", rule: "didRate.donations.first(where: { $0.score == 5 })?.landmarkID == didViewLandmarkDetail.donations.first?.landmarkID",
            closure: { data, calendar, isLoggedIn in data.ratings.first(where: { $0.score == 5 })?.landmarkID == data.views.first?.landmarkID }),
        Workload(
            name: "W692", rule: "(didViewLandmarkDetail.donations.reversed().first(where: { $0.landmarkName.hasPrefix(\"M\") })?.landmarkID ?? 0) > 10",
            closure: { data, calendar, isLoggedIn in (data.views.reversed().first(where: { $0.landmarkName.hasPrefix("M") })?.landmarkID ?? 0) > 10 }),
        Workload(
            name: "W693", rule: "didRate.donations.donatedWithin(.hours(48)).filter { $0.score < 2 }.isEmpty",
            closure: { data, calendar, isLoggedIn in within(data.ratings, .hour, 48, calendar).filter { $0.score < 2 }.isEmpty }),
        Workload(
            name: "W694", rule: "didRate.donations.map { $0.score - 2.5 }.map { $0 * $0 }.reduce(0, +) / Double(max(didRate.donations.count, 1)) > 1",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.score - 2.5 }.map { $0 * $0 }.reduce(0, +) / Double(max(data.ratings.count, 1)) > 1 }),
        Workload(
            name: "W695", rule: "didViewLandmarkDetail.donations.largestSubset(groupedBy: \\.landmarkName).count >= 3",
            closure: { data, calendar, isLoggedIn in largestNameGroup(data.views) >= 3 }),
        Workload(
            name: "W696", rule: "didRate.donations.reduce(0.0) { $0 + $1.score * Double($1.helpful ?? 0) } > 1000",
            closure: { data, calendar, isLoggedIn in data.ratings.reduce(0.0) { $0 + $1.score * Double($1.helpful ?? 0) } > 1000 }),
        Workload(
            name: "W697", rule: "(didRate.donations.map(\\.landmarkID).filter { $0 > 10 }.min() ?? 0) < 15",
            closure: { data, calendar, isLoggedIn in (data.ratings.map(\.landmarkID).filter { $0 > 10 }.min() ?? 0) < 15 }),
        Workload(
            name: "W698", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.count > 8 && $0.landmarkName.contains(\" \") }.count > 5",
            closure: { data, calendar, isLoggedIn in data.views.filter { $0.landmarkName.count > 8 && $0.landmarkName.contains(" ") }.count > 5 }),
        Workload(
            name: "W699", rule: "(didRate.donations.prefix(50).map(\\.score).max() ?? 0) > (didRate.donations.suffix(50).map(\\.score).max() ?? 0)",
            closure: { data, calendar, isLoggedIn in (data.ratings.prefix(50).map(\.score).max() ?? 0) > (data.ratings.suffix(50).map(\.score).max() ?? 0) }),
        Workload(
            name: "W700", rule: "didRate.donations.count(where: { $0.helpful != nil && $0.helpful! > 5 }) > 10",
            closure: { data, calendar, isLoggedIn in data.ratings.count(where: { $0.helpful != nil && $0.helpful! > 5 }) > 10 }),
        Workload(
            name: "W701", rule: "didRate.donations.map { $0.comment?.count ?? 0 }.reduce(0, +) > 100",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.comment?.count ?? 0 }.reduce(0, +) > 100 }),
        Workload(
            name: "W702", rule: "didRate.donations.filter { $0.score >= 4 }.suffix(3).allSatisfy { $0.helpful != nil }",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.score >= 4 }.suffix(3).allSatisfy { $0.helpful != nil } }),
        Workload(
            name: "W703", rule: "(didViewLandmarkDetail.donations.map(\\.landmarkID).sorted(by: >).first ?? 0) > 40",
            closure: { data, calendar, isLoggedIn in (data.views.map(\.landmarkID).sorted(by: >).first ?? 0) > 40 }),
        Workload(
            name: "W704", rule: "didViewLandmarkDetail.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 7) }.map(\\.landmarkID).contains(7)",
            closure: { data, calendar, isLoggedIn in data.views.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 7) }.map(\.landmarkID).contains(7) }),
        Workload(
            name: "W705", rule: "Set(didViewLandmarkDetail.donations.map(\\.landmarkName)).count > Set(didRate.donations.map(\\.landmarkID)).count / 2",
            closure: { data, calendar, isLoggedIn in Set(data.views.map(\.landmarkName)).count > Set(data.ratings.map(\.landmarkID)).count / 2 }),
        Workload(
            name: "W706", rule: "didRate.donations.map { Int($0.score.rounded()) }.filter { $0 == 5 }.count > 10",
            closure: { data, calendar, isLoggedIn in data.ratings.map { Int($0.score.rounded()) }.filter { $0 == 5 }.count > 10 }),
        Workload(
            name: "W707", rule: "didRate.donations.filter { ($0.comment ?? \"\").lowercased().contains(\"great\") }.count > 5",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { ($0.comment ?? "").lowercased().contains("great") }.count > 5 }),
        Workload(
            name: "W708", rule: "(didRate.donations.min { $0.date < $1.date }?.score ?? 0) > 2",
            closure: { data, calendar, isLoggedIn in (data.ratings.min { $0.date < $1.date }?.score ?? 0) > 2 }),
        Workload(
            name: "W709", rule: "(didRate.donations.max { ($0.helpful ?? 0) < ($1.helpful ?? 0) }?.score ?? 0) >= 4",
            closure: { data, calendar, isLoggedIn in (data.ratings.max { ($0.helpful ?? 0) < ($1.helpful ?? 0) }?.score ?? 0) >= 4 }),
        Workload(
            name: "W710", rule: "!didRate.donations.isEmpty && didRate.donations.map(\\.score).min()! >= 1",
            closure: { data, calendar, isLoggedIn in !data.ratings.isEmpty && data.ratings.map(\.score).min()! >= 1 }),
        Workload(
            name: "W711", rule: "didViewLandmarkDetail.donations.suffix(20).filter { v in didRate.donations.suffix(20).contains { $0.landmarkID == v.landmarkID } }.count > 3",
            closure: { data, calendar, isLoggedIn in data.views.suffix(20).filter { v in data.ratings.suffix(20).contains { $0.landmarkID == v.landmarkID } }.count > 3 }),
        Workload(
            name: "W712", rule: "didRate.donations.donatedWithin(.months(1)).count(where: { $0.score >= 4 }) >= 2",
            closure: { data, calendar, isLoggedIn in within(data.ratings, .month, 1, calendar).count(where: { $0.score >= 4 }) >= 2 }),
        Workload(
            name: "W713", rule: "didLogin.donations.donatedWithin(.days(1)).count == 0 && didLogin.donations.count > 5",
            closure: { data, calendar, isLoggedIn in within(data.logins, .day, 1, calendar).count == 0 && data.logins.count > 5 }),
        Workload(
            name: "W714", rule: "(didRate.donations.map(\\.date).max() ?? Date.distantPast) > Date.now.addingTimeInterval(-3600)",
            closure: { data, calendar, isLoggedIn in (data.ratings.map(\.date).max() ?? Date.distantPast) > Dataset.now.addingTimeInterval(-3600) }),
        Workload(
            name: "W715", rule: "didRate.donations.filter { $0.helpful ?? 0 >= 3 }.map { $0.score }.reduce(0.0) { $0 + $1 } > 50",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.helpful ?? 0 >= 3 }.map { $0.score }.reduce(0.0) { $0 + $1 } > 50 }),
        Workload(
            name: "W716", rule: "didRate.donations.map { $0.score >= 4 && $0.helpful != nil }.filter { $0 }.count > 10",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.score >= 4 && $0.helpful != nil }.filter { $0 }.count > 10 }),
        Workload(
            name: "W717", rule: "didRate.donations.filter { $0.landmarkID % 2 == 0 }.map(\\.score).reduce(0, +) > didRate.donations.filter { $0.landmarkID % 2 == 1 }.map(\\.score).reduce(0, +)",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.landmarkID % 2 == 0 }.map(\.score).reduce(0, +) > data.ratings.filter { $0.landmarkID % 2 == 1 }.map(\.score).reduce(0, +) }),
        Workload(
            name: "W718", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName + \"!\" }.filter { $0.hasPrefix(\"Z\") }.count > 1",
            closure: { data, calendar, isLoggedIn in data.views.map { $0.landmarkName + "!" }.filter { $0.hasPrefix("Z") }.count > 1 }),
        Workload(
            name: "W719", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName < \"C\" }.count > 10",
            closure: { data, calendar, isLoggedIn in data.views.filter { $0.landmarkName < "C" }.count > 10 }),
        Workload(
            name: "W720", rule: "didRate.donations.map { min($0.score, 4.0) }.reduce(0, +) > 100",
            closure: { data, calendar, isLoggedIn in data.ratings.map { min($0.score, 4.0) }.reduce(0, +) > 100 }),
        Workload(
            name: "W721", rule: "didRate.donations.map { max($0.helpful ?? 0, 1) }.reduce(1) { $0 * $1 % 1000003 } > 5",
            closure: { data, calendar, isLoggedIn in data.ratings.map { max($0.helpful ?? 0, 1) }.reduce(1) { $0 * $1 % 1000003 } > 5 }),
        Workload(
            name: "W722", rule: "didViewLandmarkDetail.donations.dropFirst().filter { $0.landmarkID > 25 }.count > 100",
            closure: { data, calendar, isLoggedIn in data.views.dropFirst().filter { $0.landmarkID > 25 }.count > 100 }),
        Workload(
            name: "W723", rule: "didRate.donations.filter { $0.date.timeIntervalSince(Date.now) > -86400 * 3 }.count >= 2",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.date.timeIntervalSince(Dataset.now) > -86400 * 3 }.count >= 2 }),
        Workload(
            name: "W724", rule: "didRate.donations.compactMap { $0.helpful }.sorted().last ?? 0 > 10",
            closure: { data, calendar, isLoggedIn in data.ratings.compactMap { $0.helpful }.sorted().last ?? 0 > 10 }),
        Workload(
            name: "W725", rule: "(didRate.donations.compactMap(\\.helpful).max() ?? 0) - (didRate.donations.compactMap(\\.helpful).min() ?? 0) > 5",
            closure: { data, calendar, isLoggedIn in (data.ratings.compactMap(\.helpful).max() ?? 0) - (data.ratings.compactMap(\.helpful).min() ?? 0) > 5 }),
        Workload(
            name: "W726", rule: "didRate.donations.filter { $0.comment?.hasPrefix(\"great\") ?? false }.map(\\.landmarkID).count > 4",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.comment?.hasPrefix("great") ?? false }.map(\.landmarkID).count > 4 }),
        Workload(
            name: "W727", rule: "didViewLandmarkDetail.donations.contains { $0.landmarkName == \"Zion\" } && !didViewLandmarkDetail.donations.contains { $0.landmarkName == \"Nowhere\" }",
            closure: { data, calendar, isLoggedIn in data.views.contains { $0.landmarkName == "Zion" } && !data.views.contains { $0.landmarkName == "Nowhere" } }),
    ]

    private static let workloads23: [Workload] = [
        Workload(
            name: "W728", rule: "didRate.donations.map { $0.helpful ?? 0 }.filter { $0 > 3 }.count > 5",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.helpful ?? 0 }.filter { $0 > 3 }.count > 5 }),
        Workload(
            name: "W729", rule: "didRate.donations.compactMap { $0.helpful }.map { $0 * 2 }.filter { $0 > 6 }.count > 5",
            closure: { data, calendar, isLoggedIn in data.ratings.compactMap { $0.helpful }.map { $0 * 2 }.filter { $0 > 6 }.count > 5 }),
        Workload(
            name: "W730", rule: "didRate.donations.compactMap(\\.helpful).reduce(0, +) > 5",
            closure: { data, calendar, isLoggedIn in data.ratings.compactMap(\.helpful).reduce(0, +) > 5 }),
        Workload(
            name: "W731", rule: "didRate.donations.compactMap { $0.comment }.map { $0.count }.reduce(0, +) > 5",
            closure: { data, calendar, isLoggedIn in data.ratings.compactMap { $0.comment }.map { $0.count }.reduce(0, +) > 5 }),
        Workload(
            name: "W732", rule: "didRate.donations.map { $0.comment?.count }.compactMap { $0 }.reduce(0, +) > 5",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.comment?.count }.compactMap { $0 }.reduce(0, +) > 5 }),
        Workload(
            name: "W733", rule: "didRate.donations.map(\\.helpful).compactMap { $0 }.filter { $0 > 2 }.count > 5",
            closure: { data, calendar, isLoggedIn in data.ratings.map(\.helpful).compactMap { $0 }.filter { $0 > 2 }.count > 5 }),
        Workload(
            name: "W734", rule: "didRate.donations.filter { $0.helpful != nil }.map { $0.helpful! }.reduce(0, +) > 5",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.helpful != nil }.map { $0.helpful! }.reduce(0, +) > 5 }),
        Workload(
            name: "W735", rule: "didViewLandmarkDetail.donations.map { $0.landmarkID * 2 }.filter { $0 > 40 }.map { $0 / 2 }.reduce(0, +) > 5",
            closure: { data, calendar, isLoggedIn in data.views.map { $0.landmarkID * 2 }.filter { $0 > 40 }.map { $0 / 2 }.reduce(0, +) > 5 }),
        Workload(
            name: "W736", rule: "didViewLandmarkDetail.donations.map(\\.landmarkID).filter { $0 > 20 }.map { Double($0) }.reduce(0, +) > 5",
            closure: { data, calendar, isLoggedIn in data.views.map(\.landmarkID).filter { $0 > 20 }.map { (x: Int) -> Double in Double(x) }.reduce(0, +) > 5 }),
        Workload(
            name: "W737", rule: "didRate.donations.map { $0.score * 2 }.filter { $0 > 5 }.map { $0 - 1 }.max() ?? 0 > 5",
            closure: { data, calendar, isLoggedIn in data.ratings.map { (r: Rating) -> Double in r.score * 2 }.filter { $0 > 5 }.map { (x: Double) -> Double in x - 1 }.max() ?? 0 > 5 }),
        Workload(
            name: "W738", rule: "didRate.donations.filter { r in didViewLandmarkDetail.donations.last?.landmarkID == r.landmarkID }.count > 2",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { r in data.views.last?.landmarkID == r.landmarkID }.count > 2 }),
        Workload(
            name: "W739", rule: "didRate.donations.filter { r in r.date > (didLogin.donations.first?.date ?? Date.distantFuture) }.map(\\.score).reduce(0, +) > 5",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { r in r.date > (data.logins.first?.date ?? Date.distantFuture) }.map(\.score).reduce(0, +) > 5 }),
        Workload(
            name: "W740", rule: "didRate.donations.map { r in r.score + Double(didLogin.donations.count) }.reduce(0, +) > 5",
            closure: { data, calendar, isLoggedIn in data.ratings.map { r in r.score + Double(data.logins.count) }.reduce(0, +) > 5 }),
        Workload(
            name: "W741", rule: "didRate.donations.contains { r in didViewLandmarkDetail.donations.suffix(5).contains { $0.landmarkID == r.landmarkID } }",
            closure: { data, calendar, isLoggedIn in data.ratings.contains { r in data.views.suffix(5).contains { $0.landmarkID == r.landmarkID } } }),
        Workload(
            name: "W742", rule: "didRate.donations.filter { r in didViewLandmarkDetail.donations.contains { v in v.landmarkID == r.landmarkID && v.date < r.date } }.count > 3",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { r in data.views.contains { v in v.landmarkID == r.landmarkID && v.date < r.date } }.count > 3 }),
        Workload(
            name: "W743", rule: "didRate.donations.map { $0.date.timeIntervalSince(Date.now) / 86400 }.filter { $0 > -7 }.count > 2",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.date.timeIntervalSince(Dataset.now) / 86400 }.filter { $0 > -7 }.count > 2 }),
        Workload(
            name: "W744", rule: "didRate.donations.filter { Date.now.timeIntervalSince($0.date) < 7 * 86400 }.map(\\.landmarkID).max() ?? 0 > 5",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { Dataset.now.timeIntervalSince($0.date) < 7 * 86400 }.map(\.landmarkID).max() ?? 0 > 5 }),
        Workload(
            name: "W745", rule: "didRate.donations.map(\\.date).filter { $0 > Date.now.addingTimeInterval(-86400 * 7) }.count > 2",
            closure: { data, calendar, isLoggedIn in data.ratings.map(\.date).filter { $0 > Dataset.now.addingTimeInterval(-86400 * 7) }.count > 2 }),
        Workload(
            name: "W746", rule: "didLogin.donations.map(\\.date).reduce(0.0) { $0 + Date.now.timeIntervalSince($1) } > 5",
            closure: { data, calendar, isLoggedIn in data.logins.map(\.date).reduce(0.0) { $0 + Dataset.now.timeIntervalSince($1) } > 5 }),
        Workload(
            name: "W747", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).filter { $0.count > 5 }.map { $0.lowercased() }.filter { $0.hasPrefix(\"a\") }.count > 1",
            closure: { data, calendar, isLoggedIn in data.views.map(\.landmarkName).filter { $0.count > 5 }.map { $0.lowercased() }.filter { $0.hasPrefix("a") }.count > 1 }),
        Workload(
            name: "W748", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName.uppercased() }.contains(\"ZION\")",
            closure: { data, calendar, isLoggedIn in data.views.map { $0.landmarkName.uppercased() }.contains("ZION") }),
        Workload(
            name: "W749", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.starts(with: \"Al\") }.count > 3",
            closure: { data, calendar, isLoggedIn in data.views.filter { $0.landmarkName.starts(with: "Al") }.count > 3 }),
        Workload(
            name: "W750", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).contains { $0.hasSuffix(\"Lake\") }",
            closure: { data, calendar, isLoggedIn in data.views.map(\.landmarkName).contains { $0.hasSuffix("Lake") } }),
        Workload(
            name: "W751", rule: "Set(didViewLandmarkDetail.donations.map { $0.landmarkName.lowercased() }).count > 3",
            closure: { data, calendar, isLoggedIn in Set(data.views.map { $0.landmarkName.lowercased() }).count > 3 }),
        Workload(
            name: "W752", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).sorted().first == \"Alps\"",
            closure: { data, calendar, isLoggedIn in data.views.map(\.landmarkName).sorted().first == "Alps" }),
        Workload(
            name: "W753", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).max() ?? \"\" > \"X\"",
            closure: { data, calendar, isLoggedIn in data.views.map(\.landmarkName).max() ?? "" > "X" }),
        Workload(
            name: "W754", rule: "didRate.donations.filter { ($0.comment?.count ?? 0) > 3 && $0.score > 2 }.map(\\.landmarkID).contains(7)",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { ($0.comment?.count ?? 0) > 3 && $0.score > 2 }.map(\.landmarkID).contains(7) }),
        Workload(
            name: "W755", rule: "didRate.donations.map { $0.comment ?? \"none\" }.filter { $0 == \"none\" }.count > 3",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.comment ?? "none" }.filter { $0 == "none" }.count > 3 }),
        Workload(
            name: "W756", rule: "didRate.donations.map { $0.comment == nil ? 0 : 1 }.reduce(0, +) > 3",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.comment == nil ? 0 : 1 }.reduce(0, +) > 3 }),
        Workload(
            name: "W757", rule: "didRate.donations.allSatisfy { $0.comment == nil || $0.comment!.count < 100 }",
            closure: { data, calendar, isLoggedIn in data.ratings.allSatisfy { $0.comment == nil || $0.comment!.count < 100 } }),
        Workload(
            name: "W758", rule: "didRate.donations.first(where: { $0.comment?.contains(\"9\") ?? false })?.score ?? 0 > 1",
            closure: { data, calendar, isLoggedIn in data.ratings.first(where: { $0.comment?.contains("9") ?? false })?.score ?? 0 > 1 }),
        Workload(
            name: "W759", rule: "didRate.donations.last?.comment?.hasPrefix(\"great\") == true",
            closure: { data, calendar, isLoggedIn in data.ratings.last?.comment?.hasPrefix("great") == true }),
        Workload(
            name: "W760", rule: "didRate.donations.filter { $0.score > 3 }.last?.comment ?? \"\" != \"\"",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.score > 3 }.last?.comment ?? "" != "" }),
        Workload(
            name: "W761", rule: "didRate.donations.map(\\.score).sorted().filter { $0 > 3 }.count > 5",
            closure: { data, calendar, isLoggedIn in data.ratings.map(\.score).sorted().filter { $0 > 3 }.count > 5 }),
        Workload(
            name: "W762", rule: "didRate.donations.map(\\.score).reversed().reduce(0, +) > 3",
            closure: { data, calendar, isLoggedIn in data.ratings.map(\.score).reversed().reduce(0, +) > 3 }),
        Workload(
            name: "W763", rule: "didRate.donations.compactMap(\\.helpful).sorted().map { $0 * 2 }.reduce(0, +) > 3",
            closure: { data, calendar, isLoggedIn in data.ratings.compactMap(\.helpful).sorted().map { $0 * 2 }.reduce(0, +) > 3 }),
        Workload(
            name: "W764", rule: "didRate.donations.map(\\.score).sorted().allSatisfy { $0 >= 0 }",
            closure: { data, calendar, isLoggedIn in data.ratings.map(\.score).sorted().allSatisfy { $0 >= 0 } }),
        Workload(
            name: "W765", rule: "(didRate.donations.map(\\.score) + didRate.donations.map(\\.score)).reduce(0, +) > 5",
            closure: { data, calendar, isLoggedIn in (data.ratings.map(\.score) + data.ratings.map(\.score)).reduce(0, +) > 5 }),
        Workload(
            name: "W766", rule: "didRate.donations.map { $0.score }.dropFirst(10).reduce(0) { $0 + $1 } > 5",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.score }.dropFirst(10).reduce(0) { $0 + $1 } > 5 }),
        Workload(
            name: "W767", rule: "didRate.donations.map(\\.score).sorted(by: >).prefix(500).reduce(0, +) > 5",
            closure: { data, calendar, isLoggedIn in data.ratings.map(\.score).sorted(by: >).prefix(500).reduce(0, +) > 5 }),
        Workload(
            name: "W768", rule: "didRate.donations.filter { $0.score > 2 }.map(\\.score).sorted().reduce(0.0) { $0 + $1 } > 5",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.score > 2 }.map(\.score).sorted().reduce(0.0) { $0 + $1 } > 5 }),
        Workload(
            name: "W769", rule: "didRate.donations.map(\\.score).sorted().reduce(0.0) { max($0, $1) } > 5",
            closure: { data, calendar, isLoggedIn in data.ratings.map(\.score).sorted().reduce(0.0) { max($0, $1) } > 5 }),
    ]

    private static let workloads24: [Workload] = [
        Workload(
            name: "W770", rule: "didPurchase.donations.filter { $0.isGift }.count >= 3",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.isGift }.count >= 3 }),
        Workload(
            name: "W771", rule: "didPurchase.donations.contains { $0.isGift && $0.price > 100 }",
            closure: { data, calendar, isLoggedIn in data.purchases.contains { $0.isGift && $0.price > 100 } }),
        Workload(
            name: "W772", rule: "didPurchase.donations.map { $0.price * Double($0.quantity) }.reduce(0, +) > 1000",
            closure: { data, calendar, isLoggedIn in data.purchases.map { $0.price * Double($0.quantity) }.reduce(0, +) > 1000 }),
        Workload(
            name: "W773", rule: "didPurchase.donations.reduce(0.0) { $0 + $1.price * Double($1.quantity) } > 5000",
            closure: { data, calendar, isLoggedIn in data.purchases.reduce(0.0) { $0 + $1.price * Double($1.quantity) } > 5000 }),
        Workload(
            name: "W774", rule: "didPurchase.donations.filter { $0.coupon != nil }.count * 4 > didPurchase.donations.count",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.coupon != nil }.count * 4 > data.purchases.count }),
        Workload(
            name: "W775", rule: "(didPurchase.donations.compactMap(\\.discount).max() ?? 0) > 0.25",
            closure: { data, calendar, isLoggedIn in (data.purchases.compactMap(\.discount).max() ?? 0) > 0.25 }),
        Workload(
            name: "W776", rule: "didPurchase.donations.map { $0.price * (1 - ($0.discount ?? 0)) }.reduce(0, +) > 1000",
            closure: { data, calendar, isLoggedIn in data.purchases.map { $0.price * (1 - ($0.discount ?? 0)) }.reduce(0, +) > 1000 }),
        Workload(
            name: "W777", rule: "Set(didPurchase.donations.map(\\.sku)).count >= 5",
            closure: { data, calendar, isLoggedIn in Set(data.purchases.map(\.sku)).count >= 5 }),
        Workload(
            name: "W778", rule: "didPurchase.donations.largestSubset(groupedBy: \\.sku).count >= 10",
            closure: { data, calendar, isLoggedIn in (Dictionary(grouping: data.purchases, by: \.sku).values.map(\.count).max() ?? 0) >= 10 }),
        Workload(
            name: "W779", rule: "didPurchase.donations.donatedWithin(.days(7)).map(\\.quantity).reduce(0, +) >= 5",
            closure: { data, calendar, isLoggedIn in within(data.purchases, .day, 7, calendar).map(\.quantity).reduce(0, +) >= 5 }),
        Workload(
            name: "W780", rule: "didPurchase.donations.filter { $0.sku.hasPrefix(\"tent\") }.count > 2",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.sku.hasPrefix("tent") }.count > 2 }),
        Workload(
            name: "W781", rule: "(didPurchase.donations.filter { $0.sku.contains(\"map\") && !$0.isGift }.map(\\.price).max() ?? 0) > 50",
            closure: { data, calendar, isLoggedIn in (data.purchases.filter { $0.sku.contains("map") && !$0.isGift }.map(\.price).max() ?? 0) > 50 }),
        Workload(
            name: "W782", rule: "(didPurchase.donations.last(where: { $0.isGift })?.price ?? 0) > 20",
            closure: { data, calendar, isLoggedIn in (data.purchases.last(where: { $0.isGift })?.price ?? 0) > 20 }),
        Workload(
            name: "W783", rule: "didPurchase.donations.allSatisfy { $0.quantity > 0 && $0.price >= 0 }",
            closure: { data, calendar, isLoggedIn in data.purchases.allSatisfy { $0.quantity > 0 && $0.price >= 0 } }),
        Workload(
            name: "W784", rule: "didPurchase.donations.filter { $0.coupon?.hasPrefix(\"SAVE2\") == true }.count > 3",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.coupon?.hasPrefix("SAVE2") == true }.count > 3 }),
        Workload(
            name: "W785", rule: "didPurchase.donations.count(where: { !$0.isGift && $0.quantity >= 3 }) > 10",
            closure: { data, calendar, isLoggedIn in data.purchases.count(where: { !$0.isGift && $0.quantity >= 3 }) > 10 }),
        Workload(
            name: "W786", rule: "(didPurchase.donations.map(\\.quantity).max() ?? 0) >= 5",
            closure: { data, calendar, isLoggedIn in (data.purchases.map(\.quantity).max() ?? 0) >= 5 }),
        Workload(
            name: "W787", rule: "didPurchase.donations.sorted { $0.price > $1.price }.prefix(3).map(\\.price).reduce(0, +) > 500",
            closure: { data, calendar, isLoggedIn in data.purchases.sorted { $0.price > $1.price }.prefix(3).map(\.price).reduce(0, +) > 500 }),
        Workload(
            name: "W788", rule: "didPurchase.donations.map(\\.price).sorted(by: >).prefix(3).reduce(0, +) > 500",
            closure: { data, calendar, isLoggedIn in data.purchases.map(\.price).sorted(by: >).prefix(3).reduce(0, +) > 500 }),
        Workload(
            name: "W789", rule: "didPurchase.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 14) }.reduce(0) { $0 + $1.quantity } > 10",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 14) }.reduce(0) { $0 + $1.quantity } > 10 }),
        Workload(
            name: "W790", rule: "didPurchase.donations.first?.sku == didPurchase.donations.last?.sku",
            closure: { data, calendar, isLoggedIn in data.purchases.first?.sku == data.purchases.last?.sku }),
        Workload(
            name: "W791", rule: "didPurchase.donations.isEmpty || didPurchase.donations.map(\\.price).reduce(0, +) / Double(didPurchase.donations.count) > 50",
            closure: { data, calendar, isLoggedIn in data.purchases.isEmpty || data.purchases.map(\.price).reduce(0, +) / Double(data.purchases.count) > 50 }),
        Workload(
            name: "W792", rule: "didPurchase.donations.filter { $0.isGift == false }.map { $0.quantity }.reduce(0, +) > 100",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.isGift == false }.map { $0.quantity }.reduce(0, +) > 100 }),
        Workload(
            name: "W793", rule: "didPurchase.donations.reduce(0) { $0 + ($1.isGift ? $1.quantity : 0) } > 20",
            closure: { data, calendar, isLoggedIn in data.purchases.reduce(0) { $0 + ($1.isGift ? $1.quantity : 0) } > 20 }),
        Workload(
            name: "W794", rule: "didPurchase.donations.map { $0.isGift ? 1 : 0 }.reduce(0, +) > 20",
            closure: { data, calendar, isLoggedIn in data.purchases.map { $0.isGift ? 1 : 0 }.reduce(0, +) > 20 }),
        Workload(
            name: "W795", rule: "didPurchase.donations.contains { p in p.sku == \"map-zion\" && didViewLandmarkDetail.donations.contains { $0.landmarkName == \"Zion\" && $0.date < p.date } }",
            closure: { data, calendar, isLoggedIn in data.purchases.contains { p in p.sku == "map-zion" && data.views.contains { $0.landmarkName == "Zion" && $0.date < p.date } } }),
        Workload(
            name: "W796", rule: "didPurchase.donations.filter { ($0.discount ?? 0) > 0.1 }.count >= 5",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { ($0.discount ?? 0) > 0.1 }.count >= 5 }),
        Workload(
            name: "W797", rule: "didPurchase.donations.filter { $0.discount != nil && $0.discount! > 0.2 }.map(\\.sku).contains(\"stove\")",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.discount != nil && $0.discount! > 0.2 }.map(\.sku).contains("stove") }),
        Workload(
            name: "W798", rule: "Double(didPurchase.donations.filter(\\.isGift).count) / Double(max(didPurchase.donations.count, 1)) > 0.1",
            closure: { data, calendar, isLoggedIn in Double(data.purchases.filter(\.isGift).count) / Double(max(data.purchases.count, 1)) > 0.1 }),
        Workload(
            name: "W799", rule: "didPurchase.donations.map(\\.coupon).filter { $0 != nil }.count > 10",
            closure: { data, calendar, isLoggedIn in data.purchases.map(\.coupon).filter { $0 != nil }.count > 10 }),
        Workload(
            name: "W800", rule: "didPurchase.donations.suffix(10).filter { $0.isGift }.isEmpty",
            closure: { data, calendar, isLoggedIn in data.purchases.suffix(10).filter { $0.isGift }.isEmpty }),
        Workload(
            name: "W801", rule: "(didPurchase.donations.prefix(20).map(\\.price).min() ?? 0) < 5",
            closure: { data, calendar, isLoggedIn in (data.purchases.prefix(20).map(\.price).min() ?? 0) < 5 }),
        Workload(
            name: "W802", rule: "(didPurchase.donations.max { $0.price < $1.price }?.quantity ?? 0) > 2",
            closure: { data, calendar, isLoggedIn in (data.purchases.max { $0.price < $1.price }?.quantity ?? 0) > 2 }),
        Workload(
            name: "W803", rule: "didPurchase.donations.filter { $0.sku == \"gift-card\" || $0.isGift }.count > 5",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.sku == "gift-card" || $0.isGift }.count > 5 }),
        Workload(
            name: "W804", rule: "didPurchase.donations.map { $0.sku.count }.reduce(0, +) > 100",
            closure: { data, calendar, isLoggedIn in data.purchases.map { $0.sku.count }.reduce(0, +) > 100 }),
        Workload(
            name: "W805", rule: "didPurchase.donations.filter { $0.price.rounded() == 100 }.count >= 1",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.price.rounded() == 100 }.count >= 1 }),
        Workload(
            name: "W806", rule: "didPurchase.donations.map { Int($0.price) * $0.quantity }.reduce(0, +) > 1000",
            closure: { data, calendar, isLoggedIn in data.purchases.map { Int($0.price) * $0.quantity }.reduce(0, +) > 1000 }),
        Workload(
            name: "W807", rule: "didPurchase.donations.donatedWithin(.month).filter { $0.isGift }.count >= 2",
            closure: { data, calendar, isLoggedIn in within(data.purchases, .month, 1, calendar).filter { $0.isGift }.count >= 2 }),
        Workload(
            name: "W808", rule: "didPurchase.donations.smallestSubset(groupedBy: \\.sku).count <= 3",
            closure: { data, calendar, isLoggedIn in (Dictionary(grouping: data.purchases, by: \.sku).values.map(\.count).min() ?? 0) <= 3 }),
        Workload(
            name: "W809", rule: "(didPurchase.donations.filter { $0.isGift }.map(\\.date).last ?? Date.distantPast) > Date.now.addingTimeInterval(-86400 * 7)",
            closure: { data, calendar, isLoggedIn in (data.purchases.filter { $0.isGift }.map(\.date).last ?? Date.distantPast) > Dataset.now.addingTimeInterval(-86400 * 7) }),
        Workload(
            name: "W810", rule: "!didPurchase.donations.contains { $0.coupon == \"SAVE20\" && $0.isGift }",
            closure: { data, calendar, isLoggedIn in !data.purchases.contains { $0.coupon == "SAVE20" && $0.isGift } }),
        Workload(
            name: "W811", rule: "didPurchase.donations.map(\\.discount).compactMap { $0 }.reduce(0, +) > 10",
            closure: { data, calendar, isLoggedIn in data.purchases.map(\.discount).compactMap { $0 }.reduce(0, +) > 10 }),
    ]

    private static let workloads25: [Workload] = [
        Workload(
            name: "W812", rule: "didPurchase.donations.filter { !$0.isGift }.count > 3",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { !$0.isGift }.count > 3 }),
        Workload(
            name: "W813", rule: "didPurchase.donations.map(\\.isGift).filter { $0 }.count > 3",
            closure: { data, calendar, isLoggedIn in data.purchases.map(\.isGift).filter { $0 }.count > 3 }),
        Workload(
            name: "W814", rule: "didPurchase.donations.reduce(true) { $0 && $1.isGift }",
            closure: { data, calendar, isLoggedIn in data.purchases.reduce(true) { $0 && $1.isGift } }),
        Workload(
            name: "W815", rule: "didPurchase.donations.reduce(0) { $1.isGift ? $0 + 1 : $0 } > 3",
            closure: { data, calendar, isLoggedIn in data.purchases.reduce(0) { $1.isGift ? $0 + 1 : $0 } > 3 }),
        Workload(
            name: "W816", rule: "Set(didPurchase.donations.map(\\.isGift)).count > 1",
            closure: { data, calendar, isLoggedIn in Set(data.purchases.map(\.isGift)).count > 1 }),
        Workload(
            name: "W817", rule: "didPurchase.donations.map(\\.isGift).contains(true)",
            closure: { data, calendar, isLoggedIn in data.purchases.map(\.isGift).contains(true) }),
        Workload(
            name: "W818", rule: "didPurchase.donations.filter { $0.isGift != ($0.price > 50) }.count > 3",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.isGift != ($0.price > 50) }.count > 3 }),
        Workload(
            name: "W819", rule: "didPurchase.donations.count(where: { $0.isGift == ($0.quantity > 2) }) > 3",
            closure: { data, calendar, isLoggedIn in data.purchases.count(where: { $0.isGift == ($0.quantity > 2) }) > 3 }),
        Workload(
            name: "W820", rule: "didPurchase.donations.map { $0.coupon != nil && $0.isGift }.filter { $0 }.count > 3",
            closure: { data, calendar, isLoggedIn in data.purchases.map { $0.coupon != nil && $0.isGift }.filter { $0 }.count > 3 }),
        Workload(
            name: "W821", rule: "didPurchase.donations.compactMap(\\.coupon).filter { $0.hasSuffix(\"0\") }.count > 3",
            closure: { data, calendar, isLoggedIn in data.purchases.compactMap(\.coupon).filter { $0.hasSuffix("0") }.count > 3 }),
        Workload(
            name: "W822", rule: "didPurchase.donations.map(\\.coupon).contains(\"SAVE10\")",
            closure: { data, calendar, isLoggedIn in data.purchases.map(\.coupon).contains("SAVE10") }),
        Workload(
            name: "W823", rule: "Set(didPurchase.donations.compactMap(\\.coupon)).count > 2",
            closure: { data, calendar, isLoggedIn in Set(data.purchases.compactMap(\.coupon)).count > 2 }),
        Workload(
            name: "W824", rule: "didPurchase.donations.filter { $0.coupon == nil }.map(\\.price).reduce(0, +) > 100",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.coupon == nil }.map(\.price).reduce(0, +) > 100 }),
        Workload(
            name: "W825", rule: "(didPurchase.donations.map { ($0.discount ?? 0) * $0.price }.max() ?? 0) > 10",
            closure: { data, calendar, isLoggedIn in (data.purchases.map { ($0.discount ?? 0) * $0.price }.max() ?? 0) > 10 }),
        Workload(
            name: "W826", rule: "didPurchase.donations.filter(\\.isGift).map(\\.sku).contains(\"tent-2p\")",
            closure: { data, calendar, isLoggedIn in data.purchases.filter(\.isGift).map(\.sku).contains("tent-2p") }),
        Workload(
            name: "W827", rule: "(didPurchase.donations.filter(\\.isGift).last?.date ?? Date.distantPast) > Date.now.addingTimeInterval(-86400)",
            closure: { data, calendar, isLoggedIn in (data.purchases.filter(\.isGift).last?.date ?? Date.distantPast) > Dataset.now.addingTimeInterval(-86400) }),
        Workload(
            name: "W828", rule: "didPurchase.donations.largestSubset(groupedBy: \\.isGift).count > 3",
            closure: { data, calendar, isLoggedIn in (Dictionary(grouping: data.purchases, by: \.isGift).values.map(\.count).max() ?? 0) > 3 }),
        Workload(
            name: "W829", rule: "didPurchase.donations.largestSubset(groupedBy: \\.quantity).count > 3",
            closure: { data, calendar, isLoggedIn in (Dictionary(grouping: data.purchases, by: \.quantity).values.map(\.count).max() ?? 0) > 3 }),
        Workload(
            name: "W830", rule: "Set(didPurchase.donations.map(\\.quantity)).count > 3",
            closure: { data, calendar, isLoggedIn in Set(data.purchases.map(\.quantity)).count > 3 }),
        Workload(
            name: "W831", rule: "(didPurchase.donations.sorted { $0.quantity < $1.quantity }.last?.price ?? 0) > 3",
            closure: { data, calendar, isLoggedIn in (data.purchases.sorted { $0.quantity < $1.quantity }.last?.price ?? 0) > 3 }),
        Workload(
            name: "W832", rule: "didPurchase.donations.map(\\.quantity).sorted().prefix(10).reduce(0, +) > 3",
            closure: { data, calendar, isLoggedIn in data.purchases.map(\.quantity).sorted().prefix(10).reduce(0, +) > 3 }),
        Workload(
            name: "W833", rule: "didPurchase.donations.map { $0.price > 100 }.contains(true)",
            closure: { data, calendar, isLoggedIn in data.purchases.map { $0.price > 100 }.contains(true) }),
        Workload(
            name: "W834", rule: "didPurchase.donations.filter { $0.isGift }.map { $0.price * Double($0.quantity) }.reduce(0, +) > 100",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.isGift }.map { $0.price * Double($0.quantity) }.reduce(0, +) > 100 }),
        Workload(
            name: "W835", rule: "didPurchase.donations.map { $0.isGift ? $0.price : 0 }.max() ?? 0 > 100",
            closure: { data, calendar, isLoggedIn in data.purchases.map { $0.isGift ? $0.price : 0 }.max() ?? 0 > 100 }),
        Workload(
            name: "W836", rule: "didPurchase.donations.filter { $0.isGift || ($0.coupon?.count ?? 0) > 5 }.count > 3",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.isGift || ($0.coupon?.count ?? 0) > 5 }.count > 3 }),
        Workload(
            name: "W837", rule: "didPurchase.donations.filter { $0.sku != \"gift-card\" }.map(\\.quantity).reduce(0, +) > 100",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.sku != "gift-card" }.map(\.quantity).reduce(0, +) > 100 }),
        Workload(
            name: "W838", rule: "didPurchase.donations.map(\\.sku).filter { $0 == \"stove\" }.count > 3",
            closure: { data, calendar, isLoggedIn in data.purchases.map(\.sku).filter { $0 == "stove" }.count > 3 }),
        Workload(
            name: "W839", rule: "didPurchase.donations.filter { [\"stove\", \"lantern\"].contains($0.sku) }.count > 3",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { ["stove", "lantern"].contains($0.sku) }.count > 3 }),
        Workload(
            name: "W840", rule: "didPurchase.donations.contains { $0.sku == \"bear-can\" && $0.date > Date.now.addingTimeInterval(-86400 * 30) }",
            closure: { data, calendar, isLoggedIn in data.purchases.contains { $0.sku == "bear-can" && $0.date > Dataset.now.addingTimeInterval(-86400 * 30) } }),
        Workload(
            name: "W841", rule: "didPurchase.donations.last(where: { $0.sku.hasPrefix(\"boots\") })?.quantity ?? 0 > 1",
            closure: { data, calendar, isLoggedIn in data.purchases.last(where: { $0.sku.hasPrefix("boots") })?.quantity ?? 0 > 1 }),
        Workload(
            name: "W842", rule: "didPurchase.donations.filter { $0.price >= 100 && $0.price < 150 }.count > 3",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.price >= 100 && $0.price < 150 }.count > 3 }),
        Workload(
            name: "W843", rule: "didPurchase.donations.map { Int($0.price / 10) }.max() ?? 0 > 3",
            closure: { data, calendar, isLoggedIn in data.purchases.map { Int($0.price / 10) }.max() ?? 0 > 3 }),
        Workload(
            name: "W844", rule: "didPurchase.donations.reduce(0.0) { max($0, $1.price) } > 150",
            closure: { data, calendar, isLoggedIn in data.purchases.reduce(0.0) { max($0, $1.price) } > 150 }),
        Workload(
            name: "W845", rule: "didPurchase.donations.reduce(Double.infinity) { min($0, $1.price) } < 5",
            closure: { data, calendar, isLoggedIn in data.purchases.reduce(Double.infinity) { min($0, $1.price) } < 5 }),
        Workload(
            name: "W846", rule: "didPurchase.donations.map(\\.price).min() ?? 0 < 5",
            closure: { data, calendar, isLoggedIn in data.purchases.map(\.price).min() ?? 0 < 5 }),
    ]

    private static let workloads26: [Workload] = [
        Workload(
            name: "W847", rule: "didPurchase.donations.filter { Date.now.timeIntervalSince($0.date) < 86400 * 7 && $0.isGift }.count >= 1",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { Dataset.now.timeIntervalSince($0.date) < 86400 * 7 && $0.isGift }.count >= 1 }),
        Workload(
            name: "W848", rule: "didPurchase.donations.map { Date.now.timeIntervalSince($0.date) / 86400 }.filter { $0 < 30 }.count > 3",
            closure: { data, calendar, isLoggedIn in data.purchases.map { Dataset.now.timeIntervalSince($0.date) / 86400 }.filter { $0 < 30 }.count > 3 }),
        Workload(
            name: "W849", rule: "(didPurchase.donations.map { $0.date.timeIntervalSince(Date.now) }.max() ?? -1e9) > -86400",
            closure: { data, calendar, isLoggedIn in (data.purchases.map { $0.date.timeIntervalSince(Dataset.now) }.max() ?? -1e9) > -86400 }),
        Workload(
            name: "W850", rule: "didLogin.donations.count >= 2 && didLogin.donations[didLogin.donations.count - 1].date.timeIntervalSince(didLogin.donations[didLogin.donations.count - 2].date) > 86400 * 3",
            closure: { data, calendar, isLoggedIn in data.logins.count >= 2 && data.logins[data.logins.count - 1].date.timeIntervalSince(data.logins[data.logins.count - 2].date) > 86400 * 3 }),
        Workload(
            name: "W851", rule: "didPurchase.donations.filter { $0.date.addingTimeInterval(86400 * 30) > Date.now }.map(\\.price).reduce(0, +) > 100",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.date.addingTimeInterval(86400 * 30) > Dataset.now }.map(\.price).reduce(0, +) > 100 }),
        Workload(
            name: "W852", rule: "didPurchase.donations.contains { $0.date > Date.now.addingTimeInterval(-3600) }",
            closure: { data, calendar, isLoggedIn in data.purchases.contains { $0.date > Dataset.now.addingTimeInterval(-3600) } }),
        Workload(
            name: "W853", rule: "didPurchase.donations.donatedWithin(.days(30)).filter { $0.price > 100 }.count >= 2 && didLogin.donations.donatedWithin(.days(30)).count >= 3",
            closure: { data, calendar, isLoggedIn in within(data.purchases, .day, 30, calendar).filter { $0.price > 100 }.count >= 2 && within(data.logins, .day, 30, calendar).count >= 3 }),
        Workload(
            name: "W854", rule: "didPurchase.donations.donatedWithin(.weeks(2)).map(\\.price).reduce(0, +) > didPurchase.donations.donatedWithin(.weeks(4)).map(\\.price).reduce(0, +) / 2",
            closure: { data, calendar, isLoggedIn in within(data.purchases, .day, 14, calendar).map(\.price).reduce(0, +) > within(data.purchases, .day, 28, calendar).map(\.price).reduce(0, +) / 2 }),
        Workload(
            name: "W855", rule: "Set(didPurchase.donations.donatedWithin(.days(30)).map(\\.sku)).count >= 3",
            closure: { data, calendar, isLoggedIn in Set(within(data.purchases, .day, 30, calendar).map(\.sku)).count >= 3 }),
        Workload(
            name: "W856", rule: "didPurchase.donations.donatedWithin(.days(30)).largestSubset(groupedBy: \\.sku).count >= 3",
            closure: { data, calendar, isLoggedIn in (Dictionary(grouping: within(data.purchases, .day, 30, calendar), by: \.sku).values.map(\.count).max() ?? 0) >= 3 }),
        Workload(
            name: "W857", rule: "didPurchase.donations.donatedWithin(.hours(72)).contains { $0.isGift }",
            closure: { data, calendar, isLoggedIn in within(data.purchases, .hour, 72, calendar).contains { $0.isGift } }),
        Workload(
            name: "W858", rule: "didPurchase.donations.donatedWithin(.days(30)).allSatisfy { $0.price < 250 }",
            closure: { data, calendar, isLoggedIn in within(data.purchases, .day, 30, calendar).allSatisfy { $0.price < 250 } }),
        Workload(
            name: "W859", rule: "(didPurchase.donations.donatedWithin(.days(30)).map(\\.price).max() ?? 0) > 150",
            closure: { data, calendar, isLoggedIn in (within(data.purchases, .day, 30, calendar).map(\.price).max() ?? 0) > 150 }),
        Workload(
            name: "W860", rule: "didPurchase.donations.donatedWithin(.days(30)).sorted { $0.price > $1.price }.first?.sku == \"gift-card\"",
            closure: { data, calendar, isLoggedIn in within(data.purchases, .day, 30, calendar).sorted { $0.price > $1.price }.first?.sku == "gift-card" }),
        Workload(
            name: "W861", rule: "didPurchase.donations.filter { $0.date >= Date.now.addingTimeInterval(-86400 * 30) && $0.date < Date.now.addingTimeInterval(-86400 * 7) }.count > 3",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.date >= Dataset.now.addingTimeInterval(-86400 * 30) && $0.date < Dataset.now.addingTimeInterval(-86400 * 7) }.count > 3 }),
        Workload(
            name: "W862", rule: "didPurchase.donations.map(\\.date).max() ?? Date.distantPast > Date.now.addingTimeInterval(-86400)",
            closure: { data, calendar, isLoggedIn in data.purchases.map(\.date).max() ?? Date.distantPast > Dataset.now.addingTimeInterval(-86400) }),
        Workload(
            name: "W863", rule: "didPurchase.donations.reduce(0) { $0 + ($1.date > Date.now.addingTimeInterval(-86400 * 7) ? 1 : 0) } > 3",
            closure: { data, calendar, isLoggedIn in data.purchases.reduce(0) { $0 + ($1.date > Dataset.now.addingTimeInterval(-86400 * 7) ? 1 : 0) } > 3 }),
    ]

    private static let workloads27: [Workload] = [
        Workload(
            name: "W864", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.contains(\"Lake\") }.count > 3",
            closure: { data, calendar, isLoggedIn in data.views.filter { $0.landmarkName.contains("Lake") }.count > 3 }),
        Workload(
            name: "W865", rule: "didViewLandmarkDetail.donations.contains { $0.landmarkName.contains(\"Sur\") }",
            closure: { data, calendar, isLoggedIn in data.views.contains { $0.landmarkName.contains("Sur") } }),
        Workload(
            name: "W866", rule: "didRate.donations.filter { $0.comment?.contains(\"7\") ?? false }.count >= 2",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.comment?.contains("7") ?? false }.count >= 2 }),
        Workload(
            name: "W867", rule: "didRate.donations.count(where: { $0.comment?.contains(\"great\") == true }) > 10",
            closure: { data, calendar, isLoggedIn in data.ratings.count(where: { $0.comment?.contains("great") == true }) > 10 }),
        Workload(
            name: "W868", rule: "didPurchase.donations.filter { $0.sku.contains(\"tent\") }.map(\\.price).reduce(0, +) > 500",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.sku.contains("tent") }.map(\.price).reduce(0, +) > 500 }),
        Workload(
            name: "W869", rule: "didViewLandmarkDetail.donations.filter { (10...20).contains($0.landmarkID) }.count > 5",
            closure: { data, calendar, isLoggedIn in data.views.filter { (10...20).contains($0.landmarkID) }.count > 5 }),
        Workload(
            name: "W870", rule: "didRate.donations.filter { (3.0...5.0).contains($0.score) }.count > 10",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { (3.0...5.0).contains($0.score) }.count > 10 }),
        Workload(
            name: "W871", rule: "didRate.donations.count(where: { (1..<10).contains($0.landmarkID) }) > 3",
            closure: { data, calendar, isLoggedIn in data.ratings.count(where: { (1..<10).contains($0.landmarkID) }) > 3 }),
        Workload(
            name: "W872", rule: "didPurchase.donations.allSatisfy { (1...5).contains($0.quantity) }",
            closure: { data, calendar, isLoggedIn in data.purchases.allSatisfy { (1...5).contains($0.quantity) } }),
        Workload(
            name: "W873", rule: "(didRate.donations.max(by: { $0.score < $1.score })?.landmarkID ?? 0) > 10",
            closure: { data, calendar, isLoggedIn in (data.ratings.max(by: { $0.score < $1.score })?.landmarkID ?? 0) > 10 }),
        Workload(
            name: "W874", rule: "(didRate.donations.min(by: { $0.score < $1.score })?.score ?? 0) < 1",
            closure: { data, calendar, isLoggedIn in (data.ratings.min(by: { $0.score < $1.score })?.score ?? 0) < 1 }),
        Workload(
            name: "W875", rule: "(didPurchase.donations.max(by: { $0.price < $1.price })?.sku ?? \"\") == \"stove\"",
            closure: { data, calendar, isLoggedIn in (data.purchases.max(by: { $0.price < $1.price })?.sku ?? "") == "stove" }),
        Workload(
            name: "W876", rule: "(didViewLandmarkDetail.donations.max { $0.landmarkID < $1.landmarkID }?.landmarkName ?? \"\") != \"Zion\"",
            closure: { data, calendar, isLoggedIn in (data.views.max { $0.landmarkID < $1.landmarkID }?.landmarkName ?? "") != "Zion" }),
        Workload(
            name: "W877", rule: "(didPurchase.donations.min { $0.price * Double($0.quantity) < $1.price * Double($1.quantity) }?.price ?? 0) < 5",
            closure: { data, calendar, isLoggedIn in (data.purchases.min { $0.price * Double($0.quantity) < $1.price * Double($1.quantity) }?.price ?? 0) < 5 }),
        Workload(
            name: "W878", rule: "didRate.donations.dropLast().contains { $0.score == 5 }",
            closure: { data, calendar, isLoggedIn in data.ratings.dropLast().contains { $0.score == 5 } }),
        Workload(
            name: "W879", rule: "didRate.donations.dropLast(10).filter { $0.score > 4 }.count > 3",
            closure: { data, calendar, isLoggedIn in data.ratings.dropLast(10).filter { $0.score > 4 }.count > 3 }),
        Workload(
            name: "W880", rule: "didPurchase.donations.dropLast().map(\\.quantity).reduce(0, +) > 100",
            closure: { data, calendar, isLoggedIn in data.purchases.dropLast().map(\.quantity).reduce(0, +) > 100 }),
        Workload(
            name: "W881", rule: "Set(didViewLandmarkDetail.donations.map(\\.landmarkID)).contains(7)",
            closure: { data, calendar, isLoggedIn in Set(data.views.map(\.landmarkID)).contains(7) }),
        Workload(
            name: "W882", rule: "Set(didPurchase.donations.map(\\.sku)).count >= 5",
            closure: { data, calendar, isLoggedIn in Set(data.purchases.map(\.sku)).count >= 5 }),
        Workload(
            name: "W883", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).contains { $0.contains(\"Big\") }",
            closure: { data, calendar, isLoggedIn in data.views.map(\.landmarkName).contains { $0.contains("Big") } }),
        Workload(
            name: "W884", rule: "didRate.donations.map(\\.score).filter { $0 >= 4.5 }.count > 20",
            closure: { data, calendar, isLoggedIn in data.ratings.map(\.score).filter { $0 >= 4.5 }.count > 20 }),
        Workload(
            name: "W885", rule: "didRate.donations.compactMap(\\.comment).filter { $0.contains(\"great 1\") }.count > 3",
            closure: { data, calendar, isLoggedIn in data.ratings.compactMap(\.comment).filter { $0.contains("great 1") }.count > 3 }),
        Workload(
            name: "W886", rule: "didRate.donations.compactMap(\\.helpful).reduce(0, +) > 500",
            closure: { data, calendar, isLoggedIn in data.ratings.compactMap(\.helpful).reduce(0, +) > 500 }),
        Workload(
            name: "W887", rule: "(didRate.donations.compactMap(\\.helpful).max() ?? 0) > 15",
            closure: { data, calendar, isLoggedIn in (data.ratings.compactMap(\.helpful).max() ?? 0) > 15 }),
        Workload(
            name: "W888", rule: "didPurchase.donations.compactMap(\\.coupon).contains(\"SAVE20\")",
            closure: { data, calendar, isLoggedIn in data.purchases.compactMap(\.coupon).contains("SAVE20") }),
        Workload(
            name: "W889", rule: "didPurchase.donations.compactMap(\\.discount).filter { $0 > 0.2 }.count > 3",
            closure: { data, calendar, isLoggedIn in data.purchases.compactMap(\.discount).filter { $0 > 0.2 }.count > 3 }),
        Workload(
            name: "W890", rule: "didRate.donations.sorted { $0.score > $1.score }.prefix(3).map(\\.landmarkID).contains(7)",
            closure: { data, calendar, isLoggedIn in data.ratings.sorted { $0.score > $1.score }.prefix(3).map(\.landmarkID).contains(7) }),
        Workload(
            name: "W891", rule: "didRate.donations.map(\\.score).sorted().suffix(3).reduce(0, +) / 3 > 4",
            closure: { data, calendar, isLoggedIn in data.ratings.map(\.score).sorted().suffix(3).reduce(0, +) / 3 > 4 }),
        Workload(
            name: "W892", rule: "didRate.donations.map(\\.score).sorted(by: >).prefix(5).reduce(0, +) > 20",
            closure: { data, calendar, isLoggedIn in data.ratings.map(\.score).sorted(by: >).prefix(5).reduce(0, +) > 20 }),
        Workload(
            name: "W893", rule: "(didPurchase.donations.sorted { $0.price > $1.price }.first?.sku ?? \"\") == \"stove\"",
            closure: { data, calendar, isLoggedIn in (data.purchases.sorted { $0.price > $1.price }.first?.sku ?? "") == "stove" }),
        Workload(
            name: "W894", rule: "didPurchase.donations.map(\\.price).sorted().dropFirst(10).first ?? 0 > 5",
            closure: { data, calendar, isLoggedIn in data.purchases.map(\.price).sorted().dropFirst(10).first ?? 0 > 5 }),
        Workload(
            name: "W895", rule: "didRate.donations.map { $0.score.rounded() }.filter { $0 == 5 }.count > 3",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.score.rounded() }.filter { $0 == 5 }.count > 3 }),
        Workload(
            name: "W896", rule: "didPurchase.donations.map { ($0.price * 100).rounded() / 100 }.reduce(0, +) > 1000",
            closure: { data, calendar, isLoggedIn in data.purchases.map { ($0.price * 100).rounded() / 100 }.reduce(0, +) > 1000 }),
        Workload(
            name: "W897", rule: "didRate.donations.filter { !$0.score.isNaN && $0.score > 4 }.count > 3",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { !$0.score.isNaN && $0.score > 4 }.count > 3 }),
        Workload(
            name: "W898", rule: "didLogin.donations.donatedWithin(.days(7)).count >= 3 && didRate.donations.donatedWithin(.days(7)).isEmpty",
            closure: { data, calendar, isLoggedIn in within(data.logins, .day, 7, calendar).count >= 3 && within(data.ratings, .day, 7, calendar).isEmpty }),
        Workload(
            name: "W899", rule: "isLoggedIn && didPurchase.donations.donatedWithin(.days(30)).count(where: { $0.isGift }) >= 2",
            closure: { data, calendar, isLoggedIn in isLoggedIn && within(data.purchases, .day, 30, calendar).count(where: { $0.isGift }) >= 2 }),
        Workload(
            name: "W900", rule: "!isLoggedIn || didViewLandmarkDetail.donations.donatedWithin(.hours(24)).count > 2",
            closure: { data, calendar, isLoggedIn in !isLoggedIn || within(data.views, .hour, 24, calendar).count > 2 }),
        Workload(
            name: "W901", rule: "didLogin.donations.donatedWithin(.months(1)).count > 5 && didLogin.donations.donatedWithin(.weeks(1)).count < 2",
            closure: { data, calendar, isLoggedIn in within(data.logins, .month, 1, calendar).count > 5 && within(data.logins, .day, 7, calendar).count < 2 }),
        Workload(
            name: "W902", rule: "didViewLandmarkDetail.donations.donatedWithin(.days(7)).map(\\.landmarkName).filter { $0.hasPrefix(\"G\") }.count > 1",
            closure: { data, calendar, isLoggedIn in within(data.views, .day, 7, calendar).map(\.landmarkName).filter { $0.hasPrefix("G") }.count > 1 }),
        Workload(
            name: "W903", rule: "didRate.donations.donatedWithin(.days(14)).reduce(0.0) { $0 + $1.score } / Double(max(1, didRate.donations.donatedWithin(.days(14)).count)) > 3",
            closure: { data, calendar, isLoggedIn in within(data.ratings, .day, 14, calendar).reduce(0.0) { $0 + $1.score } / Double(max(1, within(data.ratings, .day, 14, calendar).count)) > 3 }),
        Workload(
            name: "W904", rule: "didPurchase.donations.filter { $0.coupon != nil && $0.coupon!.hasPrefix(\"SAVE\") }.count > 10",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.coupon != nil && $0.coupon!.hasPrefix("SAVE") }.count > 10 }),
        Workload(
            name: "W905", rule: "didPurchase.donations.filter { ($0.coupon ?? \"\").hasSuffix(\"10\") }.count > 5",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { ($0.coupon ?? "").hasSuffix("10") }.count > 5 }),
        Workload(
            name: "W906", rule: "didPurchase.donations.filter { $0.coupon?.lowercased() == \"save10\" }.count > 5",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.coupon?.lowercased() == "save10" }.count > 5 }),
        Workload(
            name: "W907", rule: "didRate.donations.filter { $0.comment?.isEmpty == false }.count > 5",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.comment?.isEmpty == false }.count > 5 }),
        Workload(
            name: "W908", rule: "didRate.donations.filter { ($0.comment?.count ?? 0) > 7 }.count > 5",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { ($0.comment?.count ?? 0) > 7 }.count > 5 }),
        Workload(
            name: "W909", rule: "didPurchase.donations.filter { $0.sku.starts(with: \"map\") }.count > 5",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.sku.starts(with: "map") }.count > 5 }),

    ]

    private static let workloads28: [Workload] = [
        Workload(
            name: "W910", rule: "Set(didLogin.donations.map { Int(Date.now.timeIntervalSince($0.date) / 86400) }).count >= 5",
            closure: { data, calendar, isLoggedIn in Set(data.logins.map { Int(Date.now.timeIntervalSince($0.date) / 86400) }).count >= 5 }),
        Workload(
            name: "W911", rule: "Set(didViewLandmarkDetail.donations.donatedWithin(.days(30)).map { Int(Date.now.timeIntervalSince($0.date) / 86400) }).count >= 7",
            closure: { data, calendar, isLoggedIn in Set(within(data.views, .day, 30, calendar).map { Int(Date.now.timeIntervalSince($0.date) / 86400) }).count >= 7 }),
        Workload(
            name: "W912", rule: "Set(didRate.donations.map { Int($0.date.timeIntervalSince(Date.distantPast) / 86400) }).count > 20",
            closure: { data, calendar, isLoggedIn in Set(data.ratings.map { Int($0.date.timeIntervalSince(Date.distantPast) / 86400) }).count > 20 }),
        Workload(
            name: "W913", rule: "didLogin.donations.count >= 3 && Set(didLogin.donations.suffix(10).map { Int(Date.now.timeIntervalSince($0.date) / 3600) }).count >= 3",
            closure: { data, calendar, isLoggedIn in data.logins.count >= 3 && Set(data.logins.suffix(10).map { Int(Date.now.timeIntervalSince($0.date) / 3600) }).count >= 3 }),
        Workload(
            name: "W914", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkID == 7 }.count >= 2 && !didRate.donations.contains { $0.landmarkID == 7 }",
            closure: { data, calendar, isLoggedIn in data.views.filter { $0.landmarkID == 7 }.count >= 2 && !data.ratings.contains { $0.landmarkID == 7 } }),
        Workload(
            name: "W915", rule: "didViewLandmarkDetail.donations.contains { v in v.landmarkID == 12 } && didPurchase.donations.allSatisfy { !$0.sku.hasPrefix(\"map\") }",
            closure: { data, calendar, isLoggedIn in data.views.contains { v in v.landmarkID == 12 } && data.purchases.allSatisfy { !$0.sku.hasPrefix("map") } }),
        Workload(
            name: "W916", rule: "isLoggedIn && didLogin.donations.count > 2 && didViewLandmarkDetail.donations.donatedWithin(.days(7)).count >= 3 && didRate.donations.donatedWithin(.days(7)).count < 2",
            closure: { data, calendar, isLoggedIn in isLoggedIn && data.logins.count > 2 && within(data.views, .day, 7, calendar).count >= 3 && within(data.ratings, .day, 7, calendar).count < 2 }),
        Workload(
            name: "W917", rule: "didRate.donations.filter { $0.score >= 4 }.map(\\.landmarkID).contains { id in didViewLandmarkDetail.donations.suffix(20).contains { $0.landmarkID == id } }",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.score >= 4 }.map(\.landmarkID).contains { id in data.views.suffix(20).contains { $0.landmarkID == id } } }),
        Workload(
            name: "W918", rule: "didViewLandmarkDetail.donations.suffix(50).filter { v in !didRate.donations.contains { $0.landmarkID == v.landmarkID } }.count > 3",
            closure: { data, calendar, isLoggedIn in data.views.suffix(50).filter { v in !data.ratings.contains { $0.landmarkID == v.landmarkID } }.count > 3 }),
        Workload(
            name: "W919", rule: "didRate.donations.filter { r in didPurchase.donations.contains { $0.date > r.date && $0.date.timeIntervalSince(r.date) < 86400 } }.count > 2",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { r in data.purchases.contains { $0.date > r.date && $0.date.timeIntervalSince(r.date) < 86400 } }.count > 2 }),
        Workload(
            name: "W920", rule: "(didRate.donations.filter { $0.landmarkID == 7 }.map(\\.score).reduce(0, +) / Double(max(1, didRate.donations.filter { $0.landmarkID == 7 }.count))) > 2.5",
            closure: { data, calendar, isLoggedIn in (data.ratings.filter { $0.landmarkID == 7 }.map(\.score).reduce(0, +) / Double(max(1, data.ratings.filter { $0.landmarkID == 7 }.count))) > 2.5 }),
        Workload(
            name: "W921", rule: "didRate.donations.map { $0.score >= 4 ? 1 : 0 }.reduce(0, +) * 2 > didRate.donations.count",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.score >= 4 ? 1 : 0 }.reduce(0, +) * 2 > data.ratings.count }),
        Workload(
            name: "W922", rule: "didRate.donations.map { $0.score * ($0.helpful == nil ? 1.0 : 2.0) }.reduce(0, +) > 1000",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.score * ($0.helpful == nil ? 1.0 : 2.0) }.reduce(0, +) > 1000 }),
        Workload(
            name: "W923", rule: "didPurchase.donations.map { $0.price * Double($0.quantity) * (1 - ($0.discount ?? 0)) }.reduce(0, +) > 10000",
            closure: { data, calendar, isLoggedIn in data.purchases.map { $0.price * Double($0.quantity) * (1 - ($0.discount ?? 0)) }.reduce(0, +) > 10000 }),
        Workload(
            name: "W924", rule: "didPurchase.donations.filter { $0.isGift }.map { $0.price * Double($0.quantity) }.reduce(0, +) > didPurchase.donations.filter { !$0.isGift }.map { $0.price * Double($0.quantity) }.reduce(0, +) / 10",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.isGift }.map { $0.price * Double($0.quantity) }.reduce(0, +) > data.purchases.filter { !$0.isGift }.map { $0.price * Double($0.quantity) }.reduce(0, +) / 10 }),
        Workload(
            name: "W925", rule: "(didPurchase.donations.map { $0.discount ?? 0 }.max() ?? 0) >= 0.25",
            closure: { data, calendar, isLoggedIn in (data.purchases.map { $0.discount ?? 0 }.max() ?? 0) >= 0.25 }),
        Workload(
            name: "W926", rule: "didPurchase.donations.filter { $0.discount != nil }.count * 3 > didPurchase.donations.count",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { $0.discount != nil }.count * 3 > data.purchases.count }),
        Workload(
            name: "W927", rule: "didPurchase.donations.reduce(0) { $0 + $1.quantity } > 2000",
            closure: { data, calendar, isLoggedIn in data.purchases.reduce(0) { $0 + $1.quantity } > 2000 }),
        Workload(
            name: "W928", rule: "didPurchase.donations.reduce(0.0) { $0 + $1.price } / Double(max(1, didPurchase.donations.count)) > 50",
            closure: { data, calendar, isLoggedIn in data.purchases.reduce(0.0) { $0 + $1.price } / Double(max(1, data.purchases.count)) > 50 }),
        Workload(
            name: "W929", rule: "didPurchase.donations.contains { $0.quantity >= 5 && $0.price > 150 && $0.coupon == nil }",
            closure: { data, calendar, isLoggedIn in data.purchases.contains { $0.quantity >= 5 && $0.price > 150 && $0.coupon == nil } }),
        Workload(
            name: "W930", rule: "didPurchase.donations.first { $0.coupon != nil }?.sku == \"stove\"",
            closure: { data, calendar, isLoggedIn in data.purchases.first { $0.coupon != nil }?.sku == "stove" }),
        Workload(
            name: "W931", rule: "(didPurchase.donations.last { $0.quantity > 3 }?.price ?? 0) > 100",
            closure: { data, calendar, isLoggedIn in (data.purchases.last { $0.quantity > 3 }?.price ?? 0) > 100 }),
        Workload(
            name: "W932", rule: "didPurchase.donations.suffix(10).map(\\.quantity).reduce(0, +) >= 20",
            closure: { data, calendar, isLoggedIn in data.purchases.suffix(10).map(\.quantity).reduce(0, +) >= 20 }),
        Workload(
            name: "W933", rule: "didPurchase.donations.prefix(100).filter { $0.isGift }.count > 10",
            closure: { data, calendar, isLoggedIn in data.purchases.prefix(100).filter { $0.isGift }.count > 10 }),
        Workload(
            name: "W934", rule: "didPurchase.donations.dropFirst(500).map(\\.price).max() ?? 0 > 199",
            closure: { data, calendar, isLoggedIn in data.purchases.dropFirst(500).map(\.price).max() ?? 0 > 199 }),
        Workload(
            name: "W935", rule: "didPurchase.donations.sorted { $0.quantity > $1.quantity }.prefix(10).map(\\.price).reduce(0, +) > 500",
            closure: { data, calendar, isLoggedIn in data.purchases.sorted { $0.quantity > $1.quantity }.prefix(10).map(\.price).reduce(0, +) > 500 }),
        Workload(
            name: "W936", rule: "didPurchase.donations.map(\\.sku).filter { $0 == \"lantern\" }.count > 50",
            closure: { data, calendar, isLoggedIn in data.purchases.map(\.sku).filter { $0 == "lantern" }.count > 50 }),
        Workload(
            name: "W937", rule: "Set(didPurchase.donations.filter { $0.isGift }.map(\\.sku)).count >= 3",
            closure: { data, calendar, isLoggedIn in Set(data.purchases.filter { $0.isGift }.map(\.sku)).count >= 3 }),
        Workload(
            name: "W938", rule: "didPurchase.donations.largestSubset(groupedBy: \\.sku).count > 50",
            closure: { data, calendar, isLoggedIn in data.purchases.largestSubset(groupedBy: \.sku).count > 50 }),
        Workload(
            name: "W939", rule: "didPurchase.donations.smallestSubset(groupedBy: \\.sku).first?.sku != \"gift-card\"",
            closure: { data, calendar, isLoggedIn in data.purchases.smallestSubset(groupedBy: \.sku).first?.sku != "gift-card" }),
        Workload(
            name: "W940", rule: "didRate.donations.largestSubset(groupedBy: \\.landmarkID).map(\\.score).reduce(0, +) > 20",
            closure: { data, calendar, isLoggedIn in data.ratings.largestSubset(groupedBy: \.landmarkID).map(\.score).reduce(0, +) > 20 }),
        Workload(
            name: "W941", rule: "didViewLandmarkDetail.donations.largestSubset(groupedBy: \\.landmarkName).first?.landmarkName == \"Zion\"",
            closure: { data, calendar, isLoggedIn in data.views.largestSubset(groupedBy: \.landmarkName).first?.landmarkName == "Zion" }),
        Workload(
            name: "W942", rule: "didRate.donations.filter { $0.comment == nil }.count > didRate.donations.filter { $0.comment != nil }.count",
            closure: { data, calendar, isLoggedIn in data.ratings.filter { $0.comment == nil }.count > data.ratings.filter { $0.comment != nil }.count }),
        Workload(
            name: "W943", rule: "didRate.donations.compactMap { $0.helpful }.filter { $0 >= 10 }.count >= 5",
            closure: { data, calendar, isLoggedIn in data.ratings.compactMap { $0.helpful }.filter { $0 >= 10 }.count >= 5 }),
        Workload(
            name: "W944", rule: "didRate.donations.compactMap { $0.comment }.count > 100",
            closure: { data, calendar, isLoggedIn in data.ratings.compactMap { $0.comment }.count > 100 }),
        Workload(
            name: "W945", rule: "didRate.donations.contains { $0.helpful ?? 0 >= 19 && $0.score >= 4.5 }",
            closure: { data, calendar, isLoggedIn in data.ratings.contains { $0.helpful ?? 0 >= 19 && $0.score >= 4.5 } }),
        Workload(
            name: "W946", rule: "didRate.donations.map { $0.helpful ?? 0 }.max() ?? 0 >= 19",
            closure: { data, calendar, isLoggedIn in data.ratings.map { $0.helpful ?? 0 }.max() ?? 0 >= 19 }),
        Workload(
            name: "W947", rule: "(didRate.donations.first?.date ?? Date.now) < Date.now.addingTimeInterval(-86400 * 30)",
            closure: { data, calendar, isLoggedIn in (data.ratings.first?.date ?? Date.now) < Date.now.addingTimeInterval(-86400 * 30) }),
        Workload(
            name: "W948", rule: "didLogin.donations.map { $0.date.timeIntervalSince(didLogin.donations.first!.date) }.filter { $0 < 86400 * 7 }.count > 1",
            closure: { data, calendar, isLoggedIn in data.logins.map { $0.date.timeIntervalSince(data.logins.first!.date) }.filter { $0 < 86400 * 7 }.count > 1 }),
        Workload(
            name: "W949", rule: "didViewLandmarkDetail.donations.donatedWithin(.days(3)).map(\\.landmarkID).sorted() != didViewLandmarkDetail.donations.donatedWithin(.days(3)).map(\\.landmarkID)",
            closure: { data, calendar, isLoggedIn in within(data.views, .day, 3, calendar).map(\.landmarkID).sorted() != within(data.views, .day, 3, calendar).map(\.landmarkID) }),
        Workload(
            name: "W950", rule: "didViewLandmarkDetail.donations.map(\\.landmarkID).reversed().prefix(5).contains(7)",
            closure: { data, calendar, isLoggedIn in data.views.map(\.landmarkID).reversed().prefix(5).contains(7) }),
        Workload(
            name: "W951", rule: "didViewLandmarkDetail.donations.suffix(5).map(\\.landmarkName).sorted().first == \"Alps\"",
            closure: { data, calendar, isLoggedIn in data.views.suffix(5).map(\.landmarkName).sorted().first == "Alps" }),
        Workload(
            name: "W952", rule: "didRate.donations.map(\\.score).sorted().first ?? 0 < 0.5",
            closure: { data, calendar, isLoggedIn in data.ratings.map(\.score).sorted().first ?? 0 < 0.5 }),
        Workload(
            name: "W953", rule: "didRate.donations.map(\\.score).min() ?? 0 < 0.5",
            closure: { data, calendar, isLoggedIn in data.ratings.map(\.score).min() ?? 0 < 0.5 }),
        Workload(
            name: "W954", rule: "didPurchase.donations.map { $0.coupon ?? \"none\" }.filter { $0 != \"none\" }.count > 50",
            closure: { data, calendar, isLoggedIn in data.purchases.map { $0.coupon ?? "none" }.filter { $0 != "none" }.count > 50 }),
        Workload(
            name: "W955", rule: "didPurchase.donations.filter { ($0.coupon ?? \"\").isEmpty }.count > 50",
            closure: { data, calendar, isLoggedIn in data.purchases.filter { ($0.coupon ?? "").isEmpty }.count > 50 }),
        Workload(
            name: "W956", rule: "didRate.donations.sorted { $0.score > $1.score }.first?.landmarkID ?? 0 > 3",
            closure: { data, _, _ in data.ratings.sorted { $0.score > $1.score }.first?.landmarkID ?? 0 > 3 }),
        Workload(
            name: "W957", rule: "didRate.donations.min { $0.score < $1.score }?.score ?? 0 < 1",
            closure: { data, _, _ in data.ratings.min { $0.score < $1.score }?.score ?? 0 < 1 }),
        Workload(
            name: "W958", rule: "didRate.donations.map(\\.score).sorted().last ?? 0 > 4",
            closure: { data, _, _ in data.ratings.map(\.score).sorted().last ?? 0 > 4 }),
        Workload(
            name: "W959", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).sorted().first == \"Alps\"",
            closure: { data, _, _ in data.views.map(\.landmarkName).sorted().first == "Alps" }),
        Workload(
            name: "W960", rule: "didRate.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 7) && $0.score > 3 }.count > 2",
            closure: { data, _, _ in data.ratings.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 7) && $0.score > 3 }.count > 2 }),
        Workload(
            name: "W961", rule: "didRate.donations.donatedWithin(.days(14)).compactMap(\\.helpful).max() ?? 0 > 10",
            closure: { data, calendar, _ in within(data.ratings, .day, 14, calendar).compactMap(\.helpful).max() ?? 0 > 10 }),
        Workload(
            name: "W962", rule: "didRate.donations.map { $0.comment ?? \"\" }.filter { !$0.isEmpty }.count > 5",
            closure: { data, _, _ in data.ratings.map { $0.comment ?? "" }.filter { !$0.isEmpty }.count > 5 }),
        Workload(
            name: "W963", rule: "didRate.donations.reduce(0) { $0 + ($1.comment == nil ? 0 : 1) } > 10",
            closure: { data, _, _ in data.ratings.reduce(0) { $0 + ($1.comment == nil ? 0 : 1) } > 10 }),
        Workload(
            name: "W964", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).reduce(\"\") { $0.count > $1.count ? $0 : $1 }.count > 5",
            closure: { data, _, _ in data.views.map(\.landmarkName).reduce("") { $0.count > $1.count ? $0 : $1 }.count > 5 }),
        Workload(
            name: "W965", rule: "didRate.donations.map { Int($0.score.rounded()) }.reduce(0, +) > 100",
            closure: { data, _, _ in data.ratings.map { Int($0.score.rounded()) }.reduce(0, +) > 100 }),
        Workload(
            name: "W966", rule: "didRate.donations.filter { $0.score.rounded() == 4 }.count > 10",
            closure: { data, _, _ in data.ratings.filter { $0.score.rounded() == 4 }.count > 10 }),
        Workload(
            name: "W967", rule: "Set(didViewLandmarkDetail.donations.map(\\.landmarkName)).contains(\"Zion\")",
            closure: { data, _, _ in Set(data.views.map(\.landmarkName)).contains("Zion") }),
        Workload(
            name: "W968", rule: "didRate.donations.map(\\.landmarkID).filter { $0 % 2 == 0 }.max() ?? 0 > 10",
            closure: { data, _, _ in data.ratings.map(\.landmarkID).filter { $0 % 2 == 0 }.max() ?? 0 > 10 }),
        Workload(
            name: "W969", rule: "didLogin.donations.map(\\.date).max() ?? Date.distantPast > Date.now.addingTimeInterval(-86400)",
            closure: { data, _, _ in data.logins.map(\.date).max() ?? Date.distantPast > Dataset.now.addingTimeInterval(-86400) }),
        Workload(
            name: "W970", rule: "didRate.donations.dropFirst(10).filter { $0.score > 4 }.count > 1",
            closure: { data, _, _ in data.ratings.dropFirst(10).filter { $0.score > 4 }.count > 1 }),
        Workload(
            name: "W971", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.count > 5 && $0.landmarkName.hasSuffix(\"s\") }.count > 2",
            closure: { data, _, _ in data.views.filter { $0.landmarkName.count > 5 && $0.landmarkName.hasSuffix("s") }.count > 2 }),
        Workload(
            name: "W972", rule: "didPurchase.donations.map { $0.price * (1 - ($0.discount ?? 0)) }.max() ?? 0 > 150",
            closure: { data, _, _ in data.purchases.map { $0.price * (1 - ($0.discount ?? 0)) }.max() ?? 0 > 150 }),
        Workload(
            name: "W973", rule: "didPurchase.donations.filter { $0.coupon == nil }.map(\\.quantity).reduce(0, +) > 100",
            closure: { data, _, _ in data.purchases.filter { $0.coupon == nil }.map(\.quantity).reduce(0, +) > 100 }),
        Workload(
            name: "W974", rule: "didRate.donations.map { $0.landmarkID }.sorted().reversed().prefix(3).reduce(0, +) > 100",
            closure: { data, _, _ in data.ratings.map { $0.landmarkID }.sorted().reversed().prefix(3).reduce(0, +) > 100 }),
        Workload(
            name: "W975", rule: "didRate.donations.allSatisfy { $0.comment?.count ?? 0 < 50 }",
            closure: { data, _, _ in data.ratings.allSatisfy { $0.comment?.count ?? 0 < 50 } }),
        Workload(
            name: "W976", rule: "didPurchase.donations.first { $0.sku.lowercased().contains(\"tent\") }?.price ?? 0 > 50",
            closure: { data, _, _ in data.purchases.first { $0.sku.lowercased().contains("tent") }?.price ?? 0 > 50 }),
        Workload(
            name: "W977", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkID == didRate.donations.last?.landmarkID }.count > 3",
            closure: { data, _, _ in data.views.filter { $0.landmarkID == data.ratings.last?.landmarkID }.count > 3 }),
        Workload(
            name: "W978", rule: "Set(didRate.donations.map(\\.landmarkID)).count > Set(didViewLandmarkDetail.donations.map(\\.landmarkID)).count / 2",
            closure: { data, _, _ in Set(data.ratings.map(\.landmarkID)).count > Set(data.views.map(\.landmarkID)).count / 2 }),
        Workload(
            name: "W979", rule: "didRate.donations.map { $0.score > 4 ? \"high\" : \"low\" }.filter { $0 == \"high\" }.count > 10",
            closure: { data, _, _ in data.ratings.map { $0.score > 4 ? "high" : "low" }.filter { $0 == "high" }.count > 10 }),
        Workload(
            name: "W980", rule: "didPurchase.donations.map(\\.sku).filter { $0.hasPrefix(\"b\") }.count > 10",
            closure: { data, _, _ in data.purchases.map(\.sku).filter { $0.hasPrefix("b") }.count > 10 }),
        Workload(
            name: "W981", rule: "didRate.donations.compactMap { $0.helpful }.filter { $0 > 10 }.count > 10",
            closure: { data, _, _ in data.ratings.compactMap { $0.helpful }.filter { $0 > 10 }.count > 10 }),
        Workload(
            name: "W982", rule: "(didRate.donations.compactMap(\\.comment).first { $0.contains(\"7\") } ?? \"\").count > 3",
            closure: { data, _, _ in (data.ratings.compactMap(\.comment).first { $0.contains("7") } ?? "").count > 3 }),
        Workload(
            name: "W983", rule: "didPurchase.donations.reduce(0.0) { max($0, $1.price) } > 100",
            closure: { data, _, _ in data.purchases.reduce(0.0) { max($0, $1.price) } > 100 }),
        Workload(
            name: "W984", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName + \"!\" }.contains(\"Zion!\")",
            closure: { data, _, _ in data.views.map { $0.landmarkName + "!" }.contains("Zion!") }),
        Workload(
            name: "W985", rule: "didRate.donations.map(\\.date).sorted().last! > Date.now.addingTimeInterval(-86400)",
            closure: { data, _, _ in data.ratings.map(\.date).sorted().last! > Dataset.now.addingTimeInterval(-86400) }),
        Workload(
            name: "W986", rule: "didRate.donations.filter { abs($0.date.timeIntervalSince(Date.now)) < 86400 * 10 }.count > 2",
            closure: { data, _, _ in data.ratings.filter { abs($0.date.timeIntervalSince(Dataset.now)) < 86400 * 10 }.count > 2 }),
        Workload(
            name: "W987", rule: "didPurchase.donations.filter { $0.isGift || $0.coupon != nil }.count > 100",
            closure: { data, _, _ in data.purchases.filter { $0.isGift || $0.coupon != nil }.count > 100 }),
        Workload(
            name: "W988", rule: "didRate.donations.suffix(100).filter { $0.comment != nil }.count > 20",
            closure: { data, _, _ in data.ratings.suffix(100).filter { $0.comment != nil }.count > 20 }),
        Workload(
            name: "W989", rule: "didPurchase.donations.map { $0.sku }.contains { $0.count > 6 }",
            closure: { data, _, _ in data.purchases.map { $0.sku }.contains { $0.count > 6 } }),
        Workload(
            name: "W990", rule: "didRate.donations.filter { $0.landmarkID > 10 }.sorted { $0.date > $1.date }.first?.score ?? 0 > 3",
            closure: { data, _, _ in data.ratings.filter { $0.landmarkID > 10 }.sorted { $0.date > $1.date }.first?.score ?? 0 > 3 }),
        Workload(
            name: "W991", rule: "didPurchase.donations.max { $0.price < $1.price }?.sku == \"tent\"",
            closure: { data, _, _ in data.purchases.max { $0.price < $1.price }?.sku == "tent" }),
        Workload(
            name: "W992", rule: "didRate.donations.map { ($0.helpful ?? 0) * 2 }.sorted().suffix(5).reduce(0, +) > 50",
            closure: { data, _, _ in data.ratings.map { ($0.helpful ?? 0) * 2 }.sorted().suffix(5).reduce(0, +) > 50 }),
        Workload(
            name: "W993", rule: "didViewLandmarkDetail.donations.compactMap { $0.landmarkID > 25 ? $0.landmarkName : nil }.count > 10",
            closure: { data, _, _ in data.views.compactMap { $0.landmarkID > 25 ? $0.landmarkName : nil }.count > 10 }),

    ]

    /// Session 27's shapes: windows combined with maps and sets, sorts by an operator, string
    /// case folds, lookups of another event's last donation.
    private static let workloads29: [Workload] = [
        Workload(
            name: "W994", rule: "didRate.donations.donatedWithin(.days(7)).filter { $0.score >= 4 }.count >= 3",
            closure: { data, calendar, _ in within(data.ratings, .day, 7, calendar).filter { $0.score >= 4 }.count >= 3 }),
        Workload(
            name: "W995", rule: "didPurchase.donations.donatedWithin(.month).map { $0.price * Double($0.quantity) }.reduce(0, +) > 500",
            closure: { data, calendar, _ in within(data.purchases, .month, 1, calendar).map { $0.price * Double($0.quantity) }.reduce(0, +) > 500 }),
        Workload(
            name: "W996", rule: "Set(didViewLandmarkDetail.donations.donatedWithin(.weeks(2)).map(\\.landmarkName)).count >= 4",
            closure: { data, calendar, _ in Set(within(data.views, .weekOfYear, 2, calendar).map(\.landmarkName)).count >= 4 }),
        Workload(
            name: "W997", rule: "didViewLandmarkDetail.donations.largestSubset(groupedBy: \\.landmarkID).count >= 5 && didRate.donations.isEmpty == false",
            closure: { data, _, _ in subsetCount(data.views, largest: true) >= 5 && data.ratings.isEmpty == false }),
        Workload(
            name: "W998", rule: "didRate.donations.filter { $0.comment != nil }.map { $0.comment!.count }.max() ?? 0 > 8",
            closure: { data, _, _ in data.ratings.filter { $0.comment != nil }.map { $0.comment!.count }.max() ?? 0 > 8 }),
        Workload(
            name: "W999", rule: "didPurchase.donations.contains { $0.sku.starts(with: \"tent\") && $0.quantity > 4 }",
            closure: { data, _, _ in data.purchases.contains { $0.sku.starts(with: "tent") && $0.quantity > 4 } }),
        Workload(
            name: "W1000", rule: "didPurchase.donations.filter { $0.discount != nil }.count(where: { $0.discount! > 0.2 }) > 10",
            closure: { data, _, _ in data.purchases.filter { $0.discount != nil }.count(where: { $0.discount! > 0.2 }) > 10 }),
        Workload(
            name: "W1001", rule: "(didPurchase.donations.compactMap(\\.discount).max() ?? 0) >= 0.25",
            closure: { data, _, _ in (data.purchases.compactMap(\.discount).max() ?? 0) >= 0.25 }),
        Workload(
            name: "W1002", rule: "didRate.donations.map { $0.score.rounded() }.filter { $0 == 5 }.count > 20",
            closure: { data, _, _ in data.ratings.map { $0.score.rounded() }.filter { $0 == 5 }.count > 20 }),
        Workload(
            name: "W1003", rule: "didRate.donations.map { Int($0.score) }.reduce(0, +) > 1000",
            closure: { data, _, _ in data.ratings.map { Int($0.score) }.reduce(0, +) > 1000 }),
        Workload(
            name: "W1004", rule: "didPurchase.donations.sorted { $0.price > $1.price }.prefix(3).map(\\.price).reduce(0, +) > 500",
            closure: { data, _, _ in data.purchases.sorted { $0.price > $1.price }.prefix(3).map(\.price).reduce(0, +) > 500 }),
        Workload(
            name: "W1005", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).filter { $0.lowercased().contains(\"lake\") }.count > 5",
            closure: { data, _, _ in data.views.map(\.landmarkName).filter { $0.lowercased().contains("lake") }.count > 5 }),
        Workload(
            name: "W1006", rule: "didPurchase.donations.filter { $0.coupon?.hasPrefix(\"SAVE\") ?? false }.map(\\.price).reduce(0, +) / Double(max(1, didPurchase.donations.count)) > 5",
            closure: { data, _, _ in data.purchases.filter { $0.coupon?.hasPrefix("SAVE") ?? false }.map(\.price).reduce(0, +) / Double(max(1, data.purchases.count)) > 5 }),
        Workload(
            name: "W1007", rule: "didRate.donations.suffix(100).filter { $0.helpful ?? 0 > 10 }.count * 2 > didRate.donations.suffix(100).count",
            closure: { data, _, _ in data.ratings.suffix(100).filter { $0.helpful ?? 0 > 10 }.count * 2 > data.ratings.suffix(100).count }),
        Workload(
            name: "W1008", rule: "didLogin.donations.count >= 5 && didLogin.donations.donatedWithin(.days(10)).count >= 1",
            closure: { data, calendar, _ in data.logins.count >= 5 && within(data.logins, .day, 10, calendar).count >= 1 }),
        Workload(
            name: "W1009", rule: "didViewLandmarkDetail.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 14) }.map(\\.landmarkID).contains(7)",
            closure: { data, _, _ in data.views.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 14) }.map(\.landmarkID).contains(7) }),
        Workload(
            name: "W1010", rule: "didPurchase.donations.reduce(0.0) { $0 + $1.price * (1 - ($1.discount ?? 0)) } > 10000",
            closure: { data, _, _ in data.purchases.reduce(0.0) { $0 + $1.price * (1 - ($1.discount ?? 0)) } > 10000 }),
        Workload(
            name: "W1011", rule: "didRate.donations.filter { $0.landmarkID == 12 }.map(\\.score).max() ?? 0 >= 4.5",
            closure: { data, _, _ in data.ratings.filter { $0.landmarkID == 12 }.map(\.score).max() ?? 0 >= 4.5 }),
        Workload(
            name: "W1012", rule: "didPurchase.donations.map(\\.quantity).max() ?? 0 >= 5 && didPurchase.donations.map(\\.quantity).min() ?? 0 == 1",
            closure: { data, _, _ in data.purchases.map(\.quantity).max() ?? 0 >= 5 && data.purchases.map(\.quantity).min() ?? 0 == 1 }),
        Workload(
            name: "W1013", rule: "didViewLandmarkDetail.donations.dropFirst(10).prefix(100).filter { $0.landmarkName == \"Zion\" }.count > 2",
            closure: { data, _, _ in data.views.dropFirst(10).prefix(100).filter { $0.landmarkName == "Zion" }.count > 2 }),
        Workload(
            name: "W1014", rule: "didRate.donations.allSatisfy { $0.score >= 0 && $0.score < 5 }",
            closure: { data, _, _ in data.ratings.allSatisfy { $0.score >= 0 && $0.score < 5 } }),
        Workload(
            name: "W1015", rule: "didPurchase.donations.contains { $0.isGift && $0.coupon != nil && $0.discount != nil && $0.price > 190 }",
            closure: { data, _, _ in data.purchases.contains { $0.isGift && $0.coupon != nil && $0.discount != nil && $0.price > 190 } }),
        Workload(
            name: "W1016", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.count > 6 }.count > didViewLandmarkDetail.donations.count / 3",
            closure: { data, _, _ in data.views.filter { $0.landmarkName.count > 6 }.count > data.views.count / 3 }),
        Workload(
            name: "W1017", rule: "didRate.donations.map { $0.helpful ?? 0 }.filter { $0 > 5 }.reduce(0, +) > 500",
            closure: { data, _, _ in data.ratings.map { $0.helpful ?? 0 }.filter { $0 > 5 }.reduce(0, +) > 500 }),
        Workload(
            name: "W1018", rule: "didPurchase.donations.first { $0.price > 150 }?.quantity ?? 0 > 2",
            closure: { data, _, _ in data.purchases.first { $0.price > 150 }?.quantity ?? 0 > 2 }),
        Workload(
            name: "W1019", rule: "didRate.donations.last(where: { $0.comment != nil })?.comment?.count ?? 0 > 7",
            closure: { data, _, _ in data.ratings.last(where: { $0.comment != nil })?.comment?.count ?? 0 > 7 }),
        Workload(
            name: "W1020", rule: "didLogin.donations.suffix(3).allSatisfy { $0.date > Date.now.addingTimeInterval(-86400 * 30) }",
            closure: { data, _, _ in data.logins.suffix(3).allSatisfy { $0.date > Dataset.now.addingTimeInterval(-86400 * 30) } }),
        Workload(
            name: "W1021", rule: "didViewLandmarkDetail.donations.map(\\.landmarkID).sorted().suffix(10).reduce(0, +) > 400",
            closure: { data, _, _ in data.views.map(\.landmarkID).sorted().suffix(10).reduce(0, +) > 400 }),
        Workload(
            name: "W1022", rule: "Set(didRate.donations.filter { $0.score >= 4 }.map(\\.landmarkID)).count >= Set(didViewLandmarkDetail.donations.map(\\.landmarkID)).count / 2",
            closure: { data, _, _ in Set(data.ratings.filter { $0.score >= 4 }.map(\.landmarkID)).count >= Set(data.views.map(\.landmarkID)).count / 2 }),
        Workload(
            name: "W1023", rule: "didPurchase.donations.filter { $0.sku == \"stove\" || $0.sku == \"lantern\" }.map(\\.quantity).reduce(0, +) >= 50",
            closure: { data, _, _ in data.purchases.filter { $0.sku == "stove" || $0.sku == "lantern" }.map(\.quantity).reduce(0, +) >= 50 }),
        Workload(
            name: "W1024", rule: "didViewLandmarkDetail.donations.contains { v in v.landmarkName == \"Denali\" && v.date > Date.now.addingTimeInterval(-86400 * 7) }",
            closure: { data, _, _ in data.views.contains { v in v.landmarkName == "Denali" && v.date > Dataset.now.addingTimeInterval(-86400 * 7) } }),
        Workload(
            name: "W1025", rule: "didRate.donations.filter { ($0.comment ?? \"\").contains(\"4\") }.count > 10",
            closure: { data, _, _ in data.ratings.filter { ($0.comment ?? "").contains("4") }.count > 10 }),
        Workload(
            name: "W1026", rule: "didPurchase.donations.map { $0.isGift ? 1 : 0 }.reduce(0, +) > didPurchase.donations.count / 10",
            closure: { data, _, _ in data.purchases.map { $0.isGift ? 1 : 0 }.reduce(0, +) > data.purchases.count / 10 }),
        Workload(
            name: "W1027", rule: "didRate.donations.map(\\.landmarkID).filter { $0 % 2 == 0 }.count > didRate.donations.count / 3",
            closure: { data, _, _ in data.ratings.map(\.landmarkID).filter { $0 % 2 == 0 }.count > data.ratings.count / 3 }),
        Workload(
            name: "W1028", rule: "(didPurchase.donations.map(\\.price).max() ?? 0) - (didPurchase.donations.map(\\.price).min() ?? 0) > 150",
            closure: { data, _, _ in (data.purchases.map(\.price).max() ?? 0) - (data.purchases.map(\.price).min() ?? 0) > 150 }),
        Workload(
            name: "W1029", rule: "didRate.donations.reduce(0) { $0 + ($1.helpful ?? 0) } > 5000",
            closure: { data, _, _ in data.ratings.reduce(0) { $0 + ($1.helpful ?? 0) } > 5000 }),
        Workload(
            name: "W1030", rule: "didPurchase.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 7) }.contains { $0.sku.hasSuffix(\"-w\") }",
            closure: { data, _, _ in data.purchases.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 7) }.contains { $0.sku.hasSuffix("-w") } }),
        Workload(
            name: "W1031", rule: "didRate.donations.compactMap(\\.comment).filter { $0.hasSuffix(\"7\") }.count >= 3",
            closure: { data, _, _ in data.ratings.compactMap(\.comment).filter { $0.hasSuffix("7") }.count >= 3 }),
        Workload(
            name: "W1032", rule: "didViewLandmarkDetail.donations.smallestSubset(groupedBy: \\.landmarkID).count <= 50",
            closure: { data, _, _ in subsetCount(data.views, largest: false) <= 50 }),
        Workload(
            name: "W1033", rule: "didRate.donations.map { $0.score * 2 }.sorted(by: >).prefix(5).reduce(0, +) > 45",
            closure: { data, _, _ in data.ratings.map { $0.score * 2 }.sorted(by: >).prefix(5).reduce(0, +) > 45 }),
        Workload(
            name: "W1034", rule: "didPurchase.donations.filter { !$0.isGift }.map { Double($0.quantity) * $0.price }.reduce(0, +) > 20000",
            closure: { data, _, _ in data.purchases.filter { !$0.isGift }.map { Double($0.quantity) * $0.price }.reduce(0, +) > 20000 }),
        Workload(
            name: "W1035", rule: "didRate.donations.filter { $0.score > 3 }.count(where: { $0.helpful != nil }) >= didRate.donations.count / 4",
            closure: { data, _, _ in data.ratings.filter { $0.score > 3 }.count(where: { $0.helpful != nil }) >= data.ratings.count / 4 }),
        Workload(
            name: "W1036", rule: "didViewLandmarkDetail.donations.contains(where: { $0.landmarkID == 49 }) && didRate.donations.contains(where: { $0.landmarkID == 49 && $0.score >= 4 })",
            closure: { data, _, _ in data.views.contains(where: { $0.landmarkID == 49 }) && data.ratings.contains(where: { $0.landmarkID == 49 && $0.score >= 4 }) }),
        Workload(
            name: "W1037", rule: "didPurchase.donations.map { $0.coupon ?? \"none\" }.filter { $0 != \"none\" }.count > 15",
            closure: { data, _, _ in data.purchases.map { $0.coupon ?? "none" }.filter { $0 != "none" }.count > 15 }),
        Workload(
            name: "W1038", rule: "didRate.donations.donatedWithin(.weeks(1)).allSatisfy { $0.score > 0.5 }",
            closure: { data, calendar, _ in within(data.ratings, .weekOfYear, 1, calendar).allSatisfy { $0.score > 0.5 } }),
        Workload(
            name: "W1039", rule: "didViewLandmarkDetail.donations.reversed().prefix(20).map(\\.landmarkID).contains(didRate.donations.last?.landmarkID ?? 0)",
            closure: { data, _, _ in data.views.reversed().prefix(20).map(\.landmarkID).contains(data.ratings.last?.landmarkID ?? 0) }),

    ]

    /// Session 28: rule files that compose lets, as apps write them (a window, then its
    /// count and average; a set of ids, then a filter by it; a mean, then a variance).
    private static let workloads30: [Workload] = [
        Workload(
            name: "W1040", rule: "recentAverageW1040 >= 3.5 && recentRatingsW1040.count >= 5",
            declarations: """
            let recentRatingsW1040 = didRate.donations.donatedWithin(.days(14))
            let recentAverageW1040 = recentRatingsW1040.map(\\.score).reduce(0, +) / Double(max(1, recentRatingsW1040.count))

            """,
            closure: { data, calendar, _ in
                let recent = within(data.ratings, .day, 14, calendar)
                let average = recent.map(\.score).reduce(0, +) / Double(max(1, recent.count))
                return average >= 3.5 && recent.count >= 5
            }),
        Workload(
            name: "W1041", rule: "giftCountW1041 > 10 && giftSpendW1041 / Double(max(giftCountW1041, 1)) > 50",
            declarations: """
            let giftCountW1041 = didPurchase.donations.filter { $0.isGift }.count
            let giftSpendW1041 = didPurchase.donations.filter { $0.isGift }.map(\\.price).reduce(0, +)

            """,
            closure: { data, _, _ in
                let gifts = data.purchases.filter { $0.isGift }
                let count = gifts.count
                let spend = gifts.map(\.price).reduce(0, +)
                return count > 10 && spend / Double(max(count, 1)) > 50
            }),
        Workload(
            name: "W1042", rule: "didRate.donations.contains { $0.landmarkID == favouriteIDW1042 && $0.score >= 4 }",
            declarations: """
            let favouriteIDW1042 = didViewLandmarkDetail.donations.largestSubset(groupedBy: \\.landmarkID).first?.landmarkID ?? -1

            """,
            closure: { data, _, _ in
                let favourite = subset(data.views, largest: true)?.first?.landmarkID ?? -1
                return data.ratings.contains { $0.landmarkID == favourite && $0.score >= 4 }
            }),
        Workload(
            name: "W1043", rule: "helpfulScoresW1043.count >= 10 && (helpfulScoresW1043.max() ?? 0) - (helpfulScoresW1043.min() ?? 0) > 2",
            declarations: """
            let helpfulScoresW1043 = didRate.donations.filter { ($0.helpful ?? 0) > 5 }.map(\\.score)

            """,
            closure: { data, _, _ in
                let scores = data.ratings.filter { ($0.helpful ?? 0) > 5 }.map(\.score)
                return scores.count >= 10 && (scores.max() ?? 0) - (scores.min() ?? 0) > 2
            }),
        Workload(
            name: "W1044", rule: "viewsSinceLoginW1044 == 0 || Date.now.timeIntervalSince(lastLoginW1044) < 3600",
            declarations: """
            let lastLoginW1044 = didLogin.donations.last?.date ?? Date.distantPast
            let viewsSinceLoginW1044 = didViewLandmarkDetail.donations.filter { $0.date > lastLoginW1044 }.count

            """,
            closure: { data, _, _ in
                let last = data.logins.last?.date ?? Date.distantPast
                let since = data.views.filter { $0.date > last }.count
                return since == 0 || Dataset.now.timeIntervalSince(last) < 3600
            }),
        Workload(
            name: "W1045", rule: "weekLandmarksW1045.count >= 3 && weekViewsW1045.count >= weekLandmarksW1045.count * 2",
            declarations: """
            let weekViewsW1045 = didViewLandmarkDetail.donations.donatedWithin(.week)
            let weekLandmarksW1045 = Set(weekViewsW1045.map(\\.landmarkID))

            """,
            closure: { data, calendar, _ in
                let views = within(data.views, .day, 7, calendar)
                let landmarks = Set(views.map(\.landmarkID))
                return landmarks.count >= 3 && views.count >= landmarks.count * 2
            }),
        Workload(
            name: "W1046", rule: "couponShareW1046 > 0.2 && couponedW1046.contains { $0.price > 100 }",
            declarations: """
            let couponedW1046 = didPurchase.donations.filter { $0.coupon != nil }
            let couponShareW1046 = Double(couponedW1046.count) / Double(max(1, didPurchase.donations.count))

            """,
            closure: { data, _, _ in
                let couponed = data.purchases.filter { $0.coupon != nil }
                let share = Double(couponed.count) / Double(max(1, data.purchases.count))
                return share > 0.2 && couponed.contains { $0.price > 100 }
            }),
        Workload(
            name: "W1047", rule: "didViewLandmarkDetail.donations.filter { !ratedIDsW1047.contains($0.landmarkID) }.count > 20",
            declarations: """
            let ratedIDsW1047 = Set(didRate.donations.map(\\.landmarkID))

            """,
            closure: { data, _, _ in
                let rated = Set(data.ratings.map(\.landmarkID))
                return data.views.filter { !rated.contains($0.landmarkID) }.count > 20
            }),
        Workload(
            name: "W1048", rule: "didRate.donations.filter { $0.score == topScoreW1048 }.count >= 3",
            declarations: """
            let topScoreW1048 = didRate.donations.map(\\.score).max() ?? 0

            """,
            closure: { data, _, _ in
                let top = data.ratings.map(\.score).max() ?? 0
                return data.ratings.filter { $0.score == top }.count >= 3
            }),
        Workload(
            name: "W1049", rule: "ordersW1049 > 0 && spendW1049 / Double(ordersW1049) > 200",
            declarations: """
            let spendW1049 = didPurchase.donations.reduce(0.0) { $0 + $1.price * Double($1.quantity) }
            let ordersW1049 = didPurchase.donations.count

            """,
            closure: { data, _, _ in
                let spend = data.purchases.reduce(0.0) { $0 + $1.price * Double($1.quantity) }
                let orders = data.purchases.count
                return orders > 0 && spend / Double(orders) > 200
            }),
        Workload(
            name: "W1050", rule: "longCommentsW1050.count * 4 > commentedW1050.count",
            declarations: """
            let commentedW1050 = didRate.donations.compactMap(\\.comment)
            let longCommentsW1050 = commentedW1050.filter { $0.count > 7 }

            """,
            closure: { data, _, _ in
                let commented = data.ratings.compactMap(\.comment)
                let long = commented.filter { $0.count > 7 }
                return long.count * 4 > commented.count
            }),
        Workload(
            name: "W1051", rule: "weekLoginsW1051 * 4 >= monthLoginsW1051 && monthLoginsW1051 >= 4",
            declarations: """
            let monthLoginsW1051 = didLogin.donations.donatedWithin(.month).count
            let weekLoginsW1051 = didLogin.donations.donatedWithin(.week).count

            """,
            closure: { data, calendar, _ in
                let month = within(data.logins, .month, 1, calendar).count
                let week = within(data.logins, .day, 7, calendar).count
                return week * 4 >= month && month >= 4
            }),
        Workload(
            name: "W1052", rule: "Set(recentSkusW1052).count >= 4 && recentSkusW1052.contains(\"tent\")",
            declarations: """
            let recentSkusW1052 = didPurchase.donations.suffix(30).map(\\.sku)

            """,
            closure: { data, _, _ in
                let skus = data.purchases.suffix(30).map(\.sku)
                return Set(skus).count >= 4 && skus.contains("tent")
            }),
        Workload(
            name: "W1053", rule: "lowShareW1053 < 0.3 && !lowRatingsW1053.contains { ($0.helpful ?? 0) > 18 }",
            declarations: """
            let lowRatingsW1053 = didRate.donations.filter { $0.score < 2 }
            let lowShareW1053 = Double(lowRatingsW1053.count) / Double(max(1, didRate.donations.count))

            """,
            closure: { data, _, _ in
                let low = data.ratings.filter { $0.score < 2 }
                let share = Double(low.count) / Double(max(1, data.ratings.count))
                return share < 0.3 && !low.contains { ($0.helpful ?? 0) > 18 }
            }),
        Workload(
            name: "W1054", rule: "daysActiveW1054 > 30 && Double(didViewLandmarkDetail.donations.count) / daysActiveW1054 > 0.5",
            declarations: """
            let firstViewW1054 = didViewLandmarkDetail.donations.first?.date ?? Date.now
            let daysActiveW1054 = Date.now.timeIntervalSince(firstViewW1054) / 86400

            """,
            closure: { data, _, _ in
                let first = data.views.first?.date ?? Dataset.now
                let days = Dataset.now.timeIntervalSince(first) / 86400
                return days > 30 && Double(data.views.count) / days > 0.5
            }),
        Workload(
            name: "W1055", rule: "varianceW1055 > 1",
            declarations: """
            let scoresW1055 = didRate.donations.map(\\.score)
            let meanW1055 = scoresW1055.reduce(0, +) / Double(max(1, scoresW1055.count))
            let varianceW1055 = scoresW1055.map { ($0 - meanW1055) * ($0 - meanW1055) }.reduce(0, +) / Double(max(1, scoresW1055.count))

            """,
            closure: { data, _, _ in
                let scores = data.ratings.map(\.score)
                let mean = scores.reduce(0, +) / Double(max(1, scores.count))
                let variance = scores.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(max(1, scores.count))
                return variance > 1
            }),
        Workload(
            name: "W1056", rule: "bigOrdersW1056.count > 5 && bigOrdersW1056.allSatisfy { $0.price > 1 }",
            declarations: """
            let bigOrdersW1056 = didPurchase.donations.filter { $0.quantity >= 3 }

            """,
            closure: { data, _, _ in
                let big = data.purchases.filter { $0.quantity >= 3 }
                return big.count > 5 && big.allSatisfy { $0.price > 1 }
            }),
        Workload(
            name: "W1057", rule: "zionViewsW1057 >= 2 && zionViewsW1057 * 10 < namesSeenW1057.count",
            declarations: """
            let namesSeenW1057 = didViewLandmarkDetail.donations.map(\\.landmarkName)
            let zionViewsW1057 = namesSeenW1057.filter { $0 == "Zion" }.count

            """,
            closure: { data, _, _ in
                let names = data.views.map(\.landmarkName)
                let zion = names.filter { $0 == "Zion" }.count
                return zion >= 2 && zion * 10 < names.count
            }),
        Workload(
            name: "W1058", rule: "lastScoreW1058 >= 4 && (lastRatingW1058?.comment != nil)",
            declarations: """
            let lastRatingW1058 = didRate.donations.last
            let lastScoreW1058 = lastRatingW1058?.score ?? 0

            """,
            closure: { data, _, _ in
                let last = data.ratings.last
                let score = last?.score ?? 0
                return score >= 4 && (last?.comment != nil)
            }),
        Workload(
            name: "W1059", rule: "helpfulCountW1059 > 0 && helpfulTotalW1059 / helpfulCountW1059 >= 8",
            declarations: """
            let helpfulTotalW1059 = didRate.donations.compactMap(\\.helpful).reduce(0, +)
            let helpfulCountW1059 = didRate.donations.filter { $0.helpful != nil }.count

            """,
            closure: { data, _, _ in
                let total = data.ratings.compactMap(\.helpful).reduce(0, +)
                let count = data.ratings.filter { $0.helpful != nil }.count
                return count > 0 && total / count >= 8
            }),
        Workload(
            name: "W1060", rule: "dearestW1060 > cheapestW1060 * 10",
            declarations: """
            let cheapestW1060 = didPurchase.donations.map(\\.price).min() ?? 0
            let dearestW1060 = didPurchase.donations.map(\\.price).max() ?? 0

            """,
            closure: { data, _, _ in
                let cheapest = data.purchases.map(\.price).min() ?? 0
                let dearest = data.purchases.map(\.price).max() ?? 0
                return dearest > cheapest * 10
            }),
        Workload(
            name: "W1061", rule: "recentViewsW1061.filter { v in didRate.donations.contains { $0.landmarkID == v.landmarkID } }.count > 50",
            declarations: """
            let recentViewsW1061 = didViewLandmarkDetail.donations.suffix(100)

            """,
            closure: { data, _, _ in
                let recent = data.views.suffix(100)
                return recent.filter { v in data.ratings.contains { $0.landmarkID == v.landmarkID } }.count > 50
            }),
        Workload(
            name: "W1062", rule: "!discountedW1062.isEmpty && discountedW1062.reduce(0, +) / Double(discountedW1062.count) > 0.1",
            declarations: """
            let discountedW1062 = didPurchase.donations.compactMap(\\.discount)

            """,
            closure: { data, _, _ in
                let discounted = data.purchases.compactMap(\.discount)
                return !discounted.isEmpty && discounted.reduce(0, +) / Double(discounted.count) > 0.1
            }),
        Workload(
            name: "W1063", rule: "ratingDaysW1063.count >= 10",
            declarations: """
            let ratingDaysW1063 = Set(didRate.donations.donatedWithin(.days(30)).map { Int(Date.now.timeIntervalSince($0.date) / 86400) })

            """,
            closure: { data, calendar, _ in
                let days = Set(within(data.ratings, .day, 30, calendar).map { Int(Dataset.now.timeIntervalSince($0.date) / 86400) })
                return days.count >= 10
            }),
        Workload(
            name: "W1064", rule: "medianW1064 >= 3",
            declarations: """
            let sortedScoresW1064 = didRate.donations.map(\\.score).sorted()
            let medianW1064 = sortedScoresW1064.isEmpty ? 0 : sortedScoresW1064[sortedScoresW1064.count / 2]

            """,
            closure: { data, _, _ in
                let sorted = data.ratings.map(\.score).sorted()
                let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
                return median >= 3
            }),
        Workload(
            name: "W1065", rule: "bestAverageW1065 > 2.5 && perLandmarkW1065.count > 10",
            declarations: """
            let perLandmarkW1065 = didRate.donations.largestSubset(groupedBy: \\.landmarkID)
            let bestAverageW1065 = perLandmarkW1065.map(\\.score).reduce(0, +) / Double(max(1, perLandmarkW1065.count))

            """,
            closure: { data, _, _ in
                let group = data.ratings.largestSubset(groupedBy: \.landmarkID)
                let average = group.map(\.score).reduce(0, +) / Double(max(1, group.count))
                return average > 2.5 && group.count > 10
            }),
    ]

    /// Session 29: more rule files whose `let`s hold the values a `map` or `compactMap` made,
    /// read by counts, sums, averages, extremes and searches.
    private static let workloads31: [Workload] = [
        Workload(
            name: "W1066", rule: "highShareW1066 * 2 > scoresW1066.count",
            declarations: """
            let scoresW1066 = didRate.donations.map(\\.score)
            let highShareW1066 = scoresW1066.filter { $0 >= 4 }.count

            """,
            closure: { data, calendar, _ in
                let scores = data.ratings.map(\.score)
                let high = scores.filter { $0 >= 4 }.count
                return high * 2 > scores.count
            }),
        Workload(
            name: "W1067", rule: "averageSpendW1067 > 50",
            declarations: """
            let spendsW1067 = didPurchase.donations.map { $0.price * Double($0.quantity) }
            let averageSpendW1067 = spendsW1067.reduce(0, +) / Double(max(1, spendsW1067.count))

            """,
            closure: { data, calendar, _ in
                let spends = data.purchases.map { $0.price * Double($0.quantity) }
                return spends.reduce(0, +) / Double(max(1, spends.count)) > 50
            }),
        Workload(
            name: "W1068", rule: "!recentScoresW1068.isEmpty && recentScoresW1068.min()! >= 1",
            declarations: """
            let recentScoresW1068 = didRate.donations.donatedWithin(.days(30)).map(\\.score)

            """,
            closure: { data, calendar, _ in
                let recent = within(data.ratings, .day, 30, calendar).map(\.score)
                return !recent.isEmpty && recent.min()! >= 1
            }),
        Workload(
            name: "W1069", rule: "namesW1069.contains(\"Zion\") && namesW1069.filter { $0.hasPrefix(\"Y\") }.count > 5",
            declarations: """
            let namesW1069 = didViewLandmarkDetail.donations.map(\\.landmarkName)

            """,
            closure: { data, calendar, _ in
                let names = data.views.map(\.landmarkName)
                return names.contains("Zion") && names.filter { $0.hasPrefix("Y") }.count > 5
            }),
        Workload(
            name: "W1070", rule: "(discountsW1070.max() ?? 0) > 0.3 && discountsW1070.count > 10",
            declarations: """
            let discountsW1070 = didPurchase.donations.compactMap(\\.discount)

            """,
            closure: { data, calendar, _ in
                let discounts = data.purchases.compactMap(\.discount)
                return (discounts.max() ?? 0) > 0.3 && discounts.count > 10
            }),
        Workload(
            name: "W1071", rule: "helpfulW1071.reduce(0, +) > 100 && helpfulW1071.allSatisfy { $0 >= 0 }",
            declarations: """
            let helpfulW1071 = didRate.donations.compactMap(\\.helpful)

            """,
            closure: { data, calendar, _ in
                let helpful = data.ratings.compactMap(\.helpful)
                return helpful.reduce(0, +) > 100 && helpful.allSatisfy { $0 >= 0 }
            }),
        Workload(
            name: "W1072", rule: "highScoresW1072.count > 10 && highScoresW1072.reduce(0, +) / Double(highScoresW1072.count) > 4",
            declarations: """
            let highScoresW1072 = didRate.donations.map(\\.score).filter { $0 > 3 }

            """,
            closure: { data, calendar, _ in
                let high = data.ratings.map(\.score).filter { $0 > 3 }
                return high.count > 10 && high.reduce(0, +) / Double(high.count) > 4
            }),
        Workload(
            name: "W1073", rule: "sortedScoresW1073.isEmpty ? false : sortedScoresW1073[sortedScoresW1073.count / 2] > 2.5",
            declarations: """
            let sortedScoresW1073 = didRate.donations.map(\\.score).sorted()

            """,
            closure: { data, calendar, _ in
                let sorted = data.ratings.map(\.score).sorted()
                return sorted.isEmpty ? false : sorted[sorted.count / 2] > 2.5
            }),
        Workload(
            name: "W1074", rule: "Set(ratedIDsW1074).count >= 4 && ratedIDsW1074.count > 100",
            declarations: """
            let ratedIDsW1074 = didRate.donations.map(\\.landmarkID)

            """,
            closure: { data, calendar, _ in
                let ids = data.ratings.map(\.landmarkID)
                return Set(ids).count >= 4 && ids.count > 100
            }),
        Workload(
            name: "W1075", rule: "loginDatesW1075.filter { Date.now.timeIntervalSince($0) < 86400 * 7 }.count >= 1",
            declarations: """
            let loginDatesW1075 = didLogin.donations.map(\\.date)

            """,
            closure: { data, calendar, _ in
                let dates = data.logins.map(\.date)
                return dates.filter { Dataset.now.timeIntervalSince($0) < 86400 * 7 }.count >= 1
            }),
        Workload(
            name: "W1076", rule: "weekSpendW1076.reduce(0, +) > 100",
            declarations: """
            let weekPurchasesW1076 = didPurchase.donations.donatedWithin(.week)
            let weekSpendW1076 = weekPurchasesW1076.map(\\.price)

            """,
            closure: { data, calendar, _ in
                let week = within(data.purchases, .day, 7, calendar)
                return week.map(\.price).reduce(0, +) > 100
            }),
        Workload(
            name: "W1077", rule: "lengthsW1077.reduce(0, +) / max(1, lengthsW1077.count) > 8",
            declarations: """
            let lengthsW1077 = didRate.donations.compactMap { $0.comment?.count }

            """,
            closure: { data, calendar, _ in
                let lengths = data.ratings.compactMap { $0.comment?.count }
                return lengths.reduce(0, +) / max(1, lengths.count) > 8
            }),
        Workload(
            name: "W1078", rule: "quantitiesW1078.max() ?? 0 >= 3 && quantitiesW1078.contains(1)",
            declarations: """
            let quantitiesW1078 = didPurchase.donations.filter { !$0.isGift }.map(\\.quantity)

            """,
            closure: { data, calendar, _ in
                let quantities = data.purchases.filter { !$0.isGift }.map(\.quantity)
                return quantities.max() ?? 0 >= 3 && quantities.contains(1)
            }),
        Workload(
            name: "W1079", rule: "deviationW1079 < 1.5",
            declarations: """
            let pricesW1079 = didPurchase.donations.map(\\.price)
            let meanPriceW1079 = pricesW1079.reduce(0, +) / Double(max(1, pricesW1079.count))
            let deviationW1079 = pricesW1079.map { abs($0 - meanPriceW1079) }.reduce(0, +) / Double(max(1, pricesW1079.count)) / max(1, meanPriceW1079)

            """,
            closure: { data, calendar, _ in
                let prices = data.purchases.map(\.price)
                let mean = prices.reduce(0, +) / Double(max(1, prices.count))
                let deviation = prices.map { abs($0 - mean) }.reduce(0, +) / Double(max(1, prices.count)) / max(1, mean)
                return deviation < 1.5
            }),
        Workload(
            name: "W1080", rule: "skusW1080.filter { $0.hasPrefix(\"tent\") }.count > skusW1080.filter { $0.hasPrefix(\"map\") }.count",
            declarations: """
            let skusW1080 = didPurchase.donations.map(\\.sku)

            """,
            closure: { data, calendar, _ in
                let skus = data.purchases.map(\.sku)
                return skus.filter { $0.hasPrefix("tent") }.count > skus.filter { $0.hasPrefix("map") }.count
            }),
        Workload(
            name: "W1081", rule: "commentedScoresW1081.reduce(0.0) { max($0, $1) } >= 4.5",
            declarations: """
            let commentedScoresW1081 = didRate.donations.filter { $0.comment != nil }.map(\\.score)

            """,
            closure: { data, calendar, _ in
                let scores = data.ratings.filter { $0.comment != nil }.map(\.score)
                return scores.reduce(0.0) { max($0, $1) } >= 4.5
            }),
        Workload(
            name: "W1082", rule: "didViewLandmarkDetail.donations.filter { ratedIDsW1082.contains($0.landmarkID) }.count > 10",
            declarations: """
            let ratedIDsW1082 = didRate.donations.suffix(20).map(\\.landmarkID)

            """,
            closure: { data, calendar, _ in
                let rated = data.ratings.suffix(20).map(\.landmarkID)
                return data.views.filter { rated.contains($0.landmarkID) }.count > 10
            }),
        Workload(
            name: "W1083", rule: "Set(recentIDsW1083).count >= 3 && recentIDsW1083.count > 20",
            declarations: """
            let recentIDsW1083 = didViewLandmarkDetail.donations.donatedWithin(.days(7)).map(\\.landmarkID)

            """,
            closure: { data, calendar, _ in
                let recent = within(data.views, .day, 7, calendar).map(\.landmarkID)
                return Set(recent).count >= 3 && recent.count > 20
            }),
        Workload(
            name: "W1084", rule: "bestW1084 - worstW1084 > 2",
            declarations: """
            let scoresW1084 = didRate.donations.map(\\.score)
            let bestW1084 = scoresW1084.max() ?? 0
            let worstW1084 = scoresW1084.min() ?? 0

            """,
            closure: { data, calendar, _ in
                let scores = data.ratings.map(\.score)
                return (scores.max() ?? 0) - (scores.min() ?? 0) > 2
            }),
        Workload(
            name: "W1085", rule: "quantitiesW1085.reduce(0, +) > 100 && quantitiesW1085.filter { $0 > 2 }.count > 10",
            declarations: """
            let quantitiesW1085 = didPurchase.donations.map(\\.quantity)

            """,
            closure: { data, calendar, _ in
                let quantities = data.purchases.map(\.quantity)
                return quantities.reduce(0, +) > 100 && quantities.filter { $0 > 2 }.count > 10
            }),
        Workload(
            name: "W1086", rule: "giftPricesW1086.sorted(by: >).prefix(3).reduce(0, +) > 300",
            declarations: """
            let giftPricesW1086 = didPurchase.donations.filter(\\.isGift).map(\\.price)

            """,
            closure: { data, calendar, _ in
                let prices = data.purchases.filter(\.isGift).map(\.price)
                return prices.sorted(by: >).prefix(3).reduce(0, +) > 300
            }),
        Workload(
            name: "W1087", rule: "weightedW1087.filter { $0 > 10 }.count > weightedW1087.count / 4",
            declarations: """
            let weightedW1087 = didRate.donations.map { $0.score * Double($0.helpful ?? 1) }

            """,
            closure: { data, calendar, _ in
                let weighted = data.ratings.map { $0.score * Double($0.helpful ?? 1) }
                return weighted.filter { $0 > 10 }.count > weighted.count / 4
            }),
        Workload(
            name: "W1088", rule: "lastScoresW1088.allSatisfy { $0 >= 2 } && lastScoresW1088.count == 10",
            declarations: """
            let lastScoresW1088 = didRate.donations.suffix(10).map(\\.score)

            """,
            closure: { data, calendar, _ in
                let last = data.ratings.suffix(10).map(\.score)
                return last.allSatisfy { $0 >= 2 } && last.count == 10
            }),
        Workload(
            name: "W1089", rule: "namesW1089.first(where: { $0.hasPrefix(\"Z\") }) != nil && namesW1089.last != \"Alps\"",
            declarations: """
            let namesW1089 = didViewLandmarkDetail.donations.map(\\.landmarkName)

            """,
            closure: { data, calendar, _ in
                let names = data.views.map(\.landmarkName)
                return names.first(where: { $0.hasPrefix("Z") }) != nil && names.last != "Alps"
            }),
    ]

    /// Session 30: rules written as a user would, mixing the vocabulary's steps (filters before
    /// maps and folds, sorts of mapped values, optional chains into a search, `reduce(0, max)`).
    private static let workloads32: [Workload] = [
        Workload(
            name: "W1090", rule: "didPurchase.donations.filter { $0.sku.hasPrefix(\"tent\") }.map { $0.price * Double($0.quantity) }.reduce(0, +) > 500",
            closure: { data, _, _ in
                data.purchases.filter { $0.sku.hasPrefix("tent") }.map { $0.price * Double($0.quantity) }.reduce(0, +) > 500
            }),
        Workload(
            name: "W1091", rule: "didRate.donations.donatedWithin(.days(30)).filter { $0.score >= 4 }.count * 2 > didRate.donations.donatedWithin(.days(30)).count",
            closure: { data, calendar, _ in
                within(data.ratings, .day, 30, calendar).filter { $0.score >= 4 }.count * 2 > within(data.ratings, .day, 30, calendar).count
            }),
        Workload(
            name: "W1092", rule: "didRate.donations.compactMap { $0.helpful }.max() ?? 0 >= 15",
            closure: { data, _, _ in
                data.ratings.compactMap { $0.helpful }.max() ?? 0 >= 15
            }),
        Workload(
            name: "W1093", rule: "didPurchase.donations.map(\\.sku).sorted().first == \"bear-can\"",
            closure: { data, _, _ in
                data.purchases.map(\.sku).sorted().first == "bear-can"
            }),
        Workload(
            name: "W1094", rule: "didRate.donations.filter { $0.comment?.contains(\"4\") ?? false }.count > 5",
            closure: { data, _, _ in
                data.ratings.filter { $0.comment?.contains("4") ?? false }.count > 5
            }),
        Workload(
            name: "W1095", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName.lowercased() }.contains(\"zion\")",
            closure: { data, _, _ in
                data.views.map { $0.landmarkName.lowercased() }.contains("zion")
            }),
        Workload(
            name: "W1096", rule: "didRate.donations.sorted { $0.date > $1.date }.prefix(5).map(\\.score).reduce(0, +) / 5 > 3",
            closure: { data, _, _ in
                data.ratings.sorted { $0.date > $1.date }.prefix(5).map(\.score).reduce(0, +) / 5 > 3
            }),
        Workload(
            name: "W1097", rule: "Set(didPurchase.donations.filter { $0.isGift }.map(\\.sku)).count >= 3",
            closure: { data, _, _ in
                Set(data.purchases.filter { $0.isGift }.map(\.sku)).count >= 3
            }),
        Workload(
            name: "W1098", rule: "didRate.donations.min { $0.score < $1.score }?.landmarkID ?? 0 > 10",
            closure: { data, _, _ in
                data.ratings.min { $0.score < $1.score }?.landmarkID ?? 0 > 10
            }),
        Workload(
            name: "W1099", rule: "didPurchase.donations.reduce(0.0) { $0 + $1.price * (1 - ($1.discount ?? 0)) } > 10000",
            closure: { data, _, _ in
                data.purchases.reduce(0.0) { $0 + $1.price * (1 - ($1.discount ?? 0)) } > 10000
            }),
        Workload(
            name: "W1100", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.count > 6 }.map(\\.landmarkID).max() ?? 0 > 40",
            closure: { data, _, _ in
                data.views.filter { $0.landmarkName.count > 6 }.map(\.landmarkID).max() ?? 0 > 40
            }),
        Workload(
            name: "W1101", rule: "didRate.donations.map { Int($0.score.rounded()) }.filter { $0 == 5 }.count > 10",
            closure: { data, _, _ in
                data.ratings.map { Int($0.score.rounded()) }.filter { $0 == 5 }.count > 10
            }),
        Workload(
            name: "W1102", rule: "didPurchase.donations.filter { p in didViewLandmarkDetail.donations.contains { $0.date < p.date && $0.landmarkName == \"Yosemite\" } }.count > 3",
            closure: { data, _, _ in
                data.purchases.filter { p in data.views.contains { $0.date < p.date && $0.landmarkName == "Yosemite" } }.count > 3
            }),
        Workload(
            name: "W1103", rule: "didPurchase.donations.map { $0.coupon ?? \"none\" }.filter { $0 != \"none\" }.count > 10",
            closure: { data, _, _ in
                data.purchases.map { $0.coupon ?? "none" }.filter { $0 != "none" }.count > 10
            }),
        Workload(
            name: "W1104", rule: "didRate.donations.filter { $0.landmarkID == didViewLandmarkDetail.donations.last!.landmarkID }.map(\\.score).max() ?? 0 >= 4",
            closure: { data, _, _ in
                data.ratings.filter { $0.landmarkID == data.views.last!.landmarkID }.map(\.score).max() ?? 0 >= 4
            }),
        Workload(
            name: "W1105", rule: "didPurchase.donations.map(\\.quantity).reduce(0, max) > 3",
            closure: { data, _, _ in
                data.purchases.map(\.quantity).reduce(0, max) > 3
            }),
        Workload(
            name: "W1106", rule: "didPurchase.donations.filter { $0.discount != nil }.map { $0.price * $0.discount! }.reduce(0, +) > 100",
            closure: { data, _, _ in
                data.purchases.filter { $0.discount != nil }.map { $0.price * $0.discount! }.reduce(0, +) > 100
            }),
        Workload(
            name: "W1107", rule: "didRate.donations.map(\\.landmarkID).sorted().reversed().prefix(3).reduce(0, +) > 100",
            closure: { data, _, _ in
                data.ratings.map(\.landmarkID).sorted().reversed().prefix(3).reduce(0, +) > 100
            }),
        Workload(
            name: "W1108", rule: "goodW1108.count * 3 >= recentW1108.count * 2",
            declarations: """
            let recentW1108 = didRate.donations.donatedWithin(.days(14))
            let goodW1108 = recentW1108.filter { $0.score >= 4 }

            """,
            closure: { data, calendar, _ in
                let recent = within(data.ratings, .day, 14, calendar)
                let good = recent.filter { $0.score >= 4 }
                return good.count * 3 >= recent.count * 2
            }),
        Workload(
            name: "W1109", rule: "didPurchase.donations.max { $0.price * Double($0.quantity) < $1.price * Double($1.quantity) }?.isGift == true",
            closure: { data, _, _ in
                data.purchases.max { $0.price * Double($0.quantity) < $1.price * Double($1.quantity) }?.isGift == true
            }),
        Workload(
            name: "W1110", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.contains(\" \") }.count > didViewLandmarkDetail.donations.count / 4",
            closure: { data, _, _ in
                data.views.filter { $0.landmarkName.contains(" ") }.count > data.views.count / 4
            }),
        Workload(
            name: "W1111", rule: "didRate.donations.filter { $0.score > 3 }.map(\\.landmarkID).filter { $0 % 2 == 0 }.count > 100",
            closure: { data, _, _ in
                data.ratings.filter { $0.score > 3 }.map(\.landmarkID).filter { $0 % 2 == 0 }.count > 100
            }),
        Workload(
            name: "W1112", rule: "isLoggedIn && didPurchase.donations.donatedWithin(.days(7)).map { $0.price }.reduce(0, +) > 100",
            closure: { data, calendar, _ in
                within(data.purchases, .day, 7, calendar).map { $0.price }.reduce(0, +) > 100
            }),
        Workload(
            name: "W1113", rule: "didPurchase.donations.count(where: { $0.sku == \"stove\" || $0.sku == \"lantern\" }) > 20",
            closure: { data, _, _ in
                data.purchases.count(where: { $0.sku == "stove" || $0.sku == "lantern" }) > 20
            }),
        Workload(
            name: "W1114", rule: "didRate.donations.map { $0.score * 2 }.sorted(by: >).prefix(10).allSatisfy { $0 >= 8 }",
            closure: { data, _, _ in
                data.ratings.map { $0.score * 2 }.sorted(by: >).prefix(10).allSatisfy { $0 >= 8 }
            }),
        Workload(
            name: "W1115", rule: "didViewLandmarkDetail.donations.donatedWithin(.weeks(2)).map(\\.landmarkName).filter { $0.hasSuffix(\"e\") }.count >= 5",
            closure: { data, calendar, _ in
                within(data.views, .weekOfYear, 2, calendar).map(\.landmarkName).filter { $0.hasSuffix("e") }.count >= 5
            }),
        Workload(
            name: "W1116", rule: "didPurchase.donations.filter { !$0.isGift && $0.coupon == nil }.map(\\.quantity).reduce(0, +) > 100",
            closure: { data, _, _ in
                data.purchases.filter { !$0.isGift && $0.coupon == nil }.map(\.quantity).reduce(0, +) > 100
            }),
        Workload(
            name: "W1117", rule: "(didRate.donations.map(\\.score).reduce(0, +) / Double(max(didRate.donations.count, 1))).rounded() >= 2",
            closure: { data, _, _ in
                (data.ratings.map(\.score).reduce(0, +) / Double(max(data.ratings.count, 1))).rounded() >= 2
            }),
        Workload(
            name: "W1118", rule: "didRate.donations.compactMap(\\.comment).map { $0.count }.reduce(0, +) > 1000",
            closure: { data, _, _ in
                data.ratings.compactMap(\.comment).map { $0.count }.reduce(0, +) > 1000
            }),
        Workload(
            name: "W1119", rule: "didViewLandmarkDetail.donations.filter { v in didRate.donations.filter { $0.landmarkID == v.landmarkID }.count > 25 }.count > 5",
            closure: { data, _, _ in
                data.views.filter { v in data.ratings.filter { $0.landmarkID == v.landmarkID }.count > 25 }.count > 5
            }),
        Workload(
            name: "W1120", rule: "didRate.donations.suffix(50).map { r in didViewLandmarkDetail.donations.filter { $0.landmarkID == r.landmarkID }.count }.max() ?? 0 > 10",
            closure: { data, _, _ in
                data.ratings.suffix(50).map { r in data.views.filter { $0.landmarkID == r.landmarkID }.count }.max() ?? 0 > 10
            }),
        Workload(
            name: "W1121", rule: "didRate.donations.map { $0.score > 4 ? \"high\" : \"low\" }.filter { $0 == \"high\" }.count > 50",
            closure: { data, _, _ in
                data.ratings.map { $0.score > 4 ? "high" : "low" }.filter { $0 == "high" }.count > 50
            }),
        Workload(
            name: "W1122", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName + \"!\" }.contains(\"Zion!\")",
            closure: { data, _, _ in
                data.views.map { $0.landmarkName + "!" }.contains("Zion!")
            }),
        Workload(
            name: "W1123", rule: "didRate.donations.filter { Date.now.timeIntervalSince($0.date) < 86400 * 7 }.map(\\.score).reduce(0, +) > 20",
            closure: { data, _, _ in
                data.ratings.filter { Dataset.now.timeIntervalSince($0.date) < 86400 * 7 }.map(\.score).reduce(0, +) > 20
            }),
        Workload(
            name: "W1124", rule: "didRate.donations.map { $0.helpful ?? 0 }.reduce(0, +) > 5000",
            closure: { data, _, _ in
                data.ratings.map { $0.helpful ?? 0 }.reduce(0, +) > 5000
            }),
        Workload(
            name: "W1125", rule: "didRate.donations.compactMap { $0.comment?.count }.max() ?? 0 > 7",
            closure: { data, _, _ in
                data.ratings.compactMap { $0.comment?.count }.max() ?? 0 > 7
            }),
        Workload(
            name: "W1126", rule: "didPurchase.donations.filter { ($0.discount ?? 0) > 0.1 }.map(\\.sku).contains(\"stove\")",
            closure: { data, _, _ in
                data.purchases.filter { ($0.discount ?? 0) > 0.1 }.map(\.sku).contains("stove")
            }),
        Workload(
            name: "W1127", rule: "didPurchase.donations.filter { [\"stove\", \"lantern\"].contains($0.sku) }.count > 100",
            closure: { data, _, _ in
                data.purchases.filter { ["stove", "lantern"].contains($0.sku) }.count > 100
            }),
        Workload(
            name: "W1128", rule: "didViewLandmarkDetail.donations.map(\\.landmarkID).filter { [1, 2, 3].contains($0) }.count > 30",
            closure: { data, _, _ in
                data.views.map(\.landmarkID).filter { [1, 2, 3].contains($0) }.count > 30
            }),
        Workload(
            name: "W1129", rule: "didRate.donations.filter { $0.date > didLogin.donations.last!.date }.count >= 20",
            closure: { data, _, _ in
                data.ratings.filter { $0.date > data.logins.last!.date }.count >= 20
            }),
        Workload(
            name: "W1130", rule: "didPurchase.donations.sorted { $0.price > $1.price }.first?.sku == \"tent-4p\"",
            closure: { data, _, _ in
                data.purchases.sorted { $0.price > $1.price }.first?.sku == "tent-4p"
            }),
        Workload(
            name: "W1131", rule: "didRate.donations.filter { $0.comment != nil }.sorted { $0.score > $1.score }.prefix(3).map(\\.landmarkID).contains(7)",
            closure: { data, _, _ in
                data.ratings.filter { $0.comment != nil }.sorted { $0.score > $1.score }.prefix(3).map(\.landmarkID).contains(7)
            }),
        Workload(
            name: "W1132", rule: "didRate.donations.map(\\.score).filter { !$0.isNaN }.min() ?? 0 < 1",
            closure: { data, _, _ in
                data.ratings.map(\.score).filter { !$0.isNaN }.min() ?? 0 < 1
            }),
        Workload(
            name: "W1133", rule: "didViewLandmarkDetail.donations.suffix(100).map(\\.landmarkName).sorted().first == \"Alps\"",
            closure: { data, _, _ in
                data.views.suffix(100).map(\.landmarkName).sorted().first == "Alps"
            }),
        Workload(
            name: "W1134", rule: "didRate.donations.dropFirst(10).filter { $0.helpful != nil && $0.helpful! > 10 }.count > 100",
            closure: { data, _, _ in
                data.ratings.dropFirst(10).filter { $0.helpful != nil && $0.helpful! > 10 }.count > 100
            }),
        Workload(
            name: "W1135", rule: "didPurchase.donations.map { $0.price * Double($0.quantity) * (1 - ($0.discount ?? 0)) }.max() ?? 0 > 900",
            closure: { data, _, _ in
                data.purchases.map { $0.price * Double($0.quantity) * (1 - ($0.discount ?? 0)) }.max() ?? 0 > 900
            }),
        Workload(
            name: "W1136", rule: "didRate.donations.filter { $0.landmarkID >= 10 && $0.landmarkID <= 20 }.map(\\.score).reduce(0, +) / Double(max(1, didRate.donations.filter { $0.landmarkID >= 10 && $0.landmarkID <= 20 }.count)) > 2",
            closure: { data, _, _ in
                data.ratings.filter { $0.landmarkID >= 10 && $0.landmarkID <= 20 }.map(\.score).reduce(0, +) / Double(max(1, data.ratings.filter { $0.landmarkID >= 10 && $0.landmarkID <= 20 }.count)) > 2
            }),
        Workload(
            name: "W1137", rule: "didViewLandmarkDetail.donations.donatedWithin(.days(7)).contains { v in didPurchase.donations.donatedWithin(.days(7)).contains { $0.date > v.date && $0.isGift } }",
            closure: { data, calendar, _ in
                within(data.views, .day, 7, calendar).contains { v in within(data.purchases, .day, 7, calendar).contains { $0.date > v.date && $0.isGift } }
            }),
        Workload(
            name: "W1138", rule: "didRate.donations.map { Int($0.score) }.reduce(0) { $0 + $1 * $1 } > 5000",
            closure: { data, _, _ in
                data.ratings.map { Int($0.score) }.reduce(0) { $0 + $1 * $1 } > 5000
            }),
        Workload(
            name: "W1139", rule: "didPurchase.donations.filter { $0.coupon?.hasPrefix(\"SAVE1\") == true }.count > 10",
            closure: { data, _, _ in
                data.purchases.filter { $0.coupon?.hasPrefix("SAVE1") == true }.count > 10
            }),
        Workload(
            name: "W1140", rule: "didLogin.donations.count >= 3 && didRate.donations.donatedWithin(.days(3)).count > 0 && didPurchase.donations.isEmpty == false",
            closure: { data, calendar, _ in
                data.logins.count >= 3 && within(data.ratings, .day, 3, calendar).count > 0 && data.purchases.isEmpty == false
            }),
        Workload(
            name: "W1141", rule: "Set(didRate.donations.map { Int(Date.now.timeIntervalSince($0.date) / 86400) }).count >= 30",
            closure: { data, _, _ in
                Set(data.ratings.map { Int(Dataset.now.timeIntervalSince($0.date) / 86400) }).count >= 30
            }),
        Workload(
            name: "W1142", rule: "didPurchase.donations.map(\\.price).sorted()[didPurchase.donations.count / 2] > 90",
            closure: { data, _, _ in
                data.purchases.map(\.price).sorted()[data.purchases.count / 2] > 90
            }),
        Workload(
            name: "W1143", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.uppercased() == \"ZION\" }.count > 10",
            closure: { data, _, _ in
                data.views.filter { $0.landmarkName.uppercased() == "ZION" }.count > 10
            }),
        Workload(
            name: "W1144", rule: "Set(didViewLandmarkDetail.donations.donatedWithin(.days(30)).map { Int(Date.now.timeIntervalSince($0.date) / 86400) }).count >= 20",
            closure: { data, calendar, _ in
                Set(within(data.views, .day, 30, calendar).map { Int(Dataset.now.timeIntervalSince($0.date) / 86400) }).count >= 20
            }),
        Workload(
            name: "W1145", rule: "didRate.donations.filter { $0.landmarkID % 10 == 7 }.count > 10",
            closure: { data, _, _ in
                data.ratings.filter { $0.landmarkID % 10 == 7 }.count > 10
            }),
        Workload(
            name: "W1146", rule: "didViewLandmarkDetail.donations.map { $0.landmarkID / 10 }.max() ?? 0 >= 4",
            closure: { data, _, _ in
                data.views.map { $0.landmarkID / 10 }.max() ?? 0 >= 4
            }),
        Workload(
            name: "W1147", rule: "Set(didPurchase.donations.map(\\.quantity)).count == 5",
            closure: { data, _, _ in
                Set(data.purchases.map(\.quantity)).count == 5
            }),
        Workload(
            name: "W1148", rule: "didRate.donations.filter { $0.score >= 4 }.largestSubset(groupedBy: \\.landmarkID).count >= 3",
            closure: { data, _, _ in
                data.ratings.filter { $0.score >= 4 }.largestSubset(groupedBy: \.landmarkID).count >= 3
            }),
        Workload(
            name: "W1149", rule: "didPurchase.donations.smallestSubset(groupedBy: \\.quantity).count < 300",
            closure: { data, _, _ in
                data.purchases.smallestSubset(groupedBy: \.quantity).count < 300
            }),
        Workload(
            name: "W1150", rule: "Set(didRate.donations.compactMap(\\.helpful)).count >= 10 && didRate.donations.count > 100",
            closure: { data, _, _ in
                Set(data.ratings.compactMap(\.helpful)).count >= 10 && data.ratings.count > 100
            }),
        Workload(
            name: "W1151", rule: "didViewLandmarkDetail.donations.largestSubset(groupedBy: \\.landmarkID).map(\\.date).max()! > Date.now.addingTimeInterval(-86400 * 3)",
            closure: { data, _, _ in
                data.views.largestSubset(groupedBy: \.landmarkID).map(\.date).max()! > Dataset.now.addingTimeInterval(-86400 * 3)
            }),
        Workload(
            name: "W1152", rule: "Set(didRate.donations.map { $0.score >= 2.5 }).count == 2",
            closure: { data, _, _ in
                Set(data.ratings.map { $0.score >= 2.5 }).count == 2
            }),
        Workload(
            name: "W1153", rule: "didRate.donations.map { Int($0.score * 10) % 10 }.filter { $0 == 5 }.count > 5",
            closure: { data, _, _ in
                data.ratings.map { Int($0.score * 10) % 10 }.filter { $0 == 5 }.count > 5
            }),
        Workload(
            name: "W1154", rule: "Set(didViewLandmarkDetail.donations.filter { $0.landmarkName != \"Wilbere Bowl\" }.map(\\.landmarkID)).count > 30",
            closure: { data, _, _ in
                Set(data.views.filter { $0.landmarkName != "Wilbere Bowl" }.map(\.landmarkID)).count > 30
            }),
        Workload(
            name: "W1155", rule: "didPurchase.donations.map { Int($0.price) / 50 }.reduce(0, +) > 1000",
            closure: { data, _, _ in
                data.purchases.map { Int($0.price) / 50 }.reduce(0, +) > 1000
            }),
        Workload(
            name: "W1156", rule: "didRate.donations.filter { !visitedW1156.contains($0.landmarkID) }.isEmpty",
            declarations: """
            let visitedW1156 = Set(didViewLandmarkDetail.donations.map(\\.landmarkID))

            """,
            closure: { data, _, _ in
                let visited = Set(data.views.map(\.landmarkID))
                return data.ratings.filter { !visited.contains($0.landmarkID) }.isEmpty
            }),
        Workload(
            name: "W1157", rule: "didRate.donations.largestSubset(groupedBy: \\.helpful).count > 100",
            closure: { data, _, _ in
                data.ratings.largestSubset(groupedBy: \.helpful).count > 100
            }),
        Workload(
            name: "W1158", rule: "Set(didPurchase.donations.map { Int(Date.now.timeIntervalSince($0.date) / 3600) / 24 }).count > 40",
            closure: { data, _, _ in
                Set(data.purchases.map { Int(Dataset.now.timeIntervalSince($0.date) / 3600) / 24 }).count > 40
            }),
        Workload(
            name: "W1159", rule: "didViewLandmarkDetail.donations.suffix(200).largestSubset(groupedBy: \\.landmarkID).first?.landmarkID == 7",
            closure: { data, _, _ in
                data.views.suffix(200).largestSubset(groupedBy: \.landmarkID).first?.landmarkID == 7
            }),
    ]


    /// Session 31: conditional values with a nil branch (`compactMap { c ? x : nil }` of an
    /// optional `x`, `map { c ? x : nil }` then compacted), and rules written as a user would
    /// around optionals, sorts and string searches.
    private static let workloads33: [Workload] = [
        Workload(
            name: "W1160", rule: "didRate.donations.compactMap { $0.score > 4 ? $0.helpful : nil }.count > 3",
            closure: { data, _, _ in
                data.ratings.compactMap { $0.score > 4 ? $0.helpful : nil }.count > 3
            }),
        Workload(
            name: "W1161", rule: "didPurchase.donations.compactMap { $0.quantity > 2 ? $0.discount : nil }.reduce(0, +) > 1",
            closure: { data, _, _ in
                data.purchases.compactMap { $0.quantity > 2 ? $0.discount : nil }.reduce(0, +) > 1
            }),
        Workload(
            name: "W1162", rule: "didPurchase.donations.compactMap { $0.isGift ? $0.coupon : nil }.count > 2",
            closure: { data, _, _ in
                data.purchases.compactMap { $0.isGift ? $0.coupon : nil }.count > 2
            }),
        Workload(
            name: "W1163", rule: "didRate.donations.map { $0.score > 4 ? \"good\" : nil }.compactMap { $0 }.count > 3",
            closure: { data, _, _ in
                data.ratings.map { $0.score > 4 ? "good" : nil }.compactMap { $0 }.count > 3
            }),
        Workload(
            name: "W1164", rule: "didPurchase.donations.map { $0.isGift ? $0.price : nil }.compactMap { $0 }.count > 3",
            closure: { data, _, _ in
                data.purchases.map { $0.isGift ? $0.price : nil }.compactMap { $0 }.count > 3
            }),
        Workload(
            name: "W1165", rule: "didRate.donations.compactMap { $0.score < 2 ? nil : $0.comment }.filter { $0.hasSuffix(\"7\") }.count > 1",
            closure: { data, _, _ in
                data.ratings.compactMap { $0.score < 2 ? nil : $0.comment }.filter { $0.hasSuffix("7") }.count > 1
            }),
        Workload(
            name: "W1166", rule: "Set(didRate.donations.compactMap { $0.score >= 3 ? $0.helpful : nil }).count > 5",
            closure: { data, _, _ in
                Set(data.ratings.compactMap { $0.score >= 3 ? $0.helpful : nil }).count > 5
            }),
        Workload(
            name: "W1167", rule: "didPurchase.donations.compactMap { $0.price > 100 ? $0.discount : nil }.max() ?? 0 > 0.2",
            closure: { data, _, _ in
                data.purchases.compactMap { $0.price > 100 ? $0.discount : nil }.max() ?? 0 > 0.2
            }),
        Workload(
            name: "W1168", rule: "didRate.donations.map { $0.comment ?? \"\" }.filter { $0.hasPrefix(\"great\") }.count > 3",
            closure: { data, _, _ in
                data.ratings.map { $0.comment ?? "" }.filter { $0.hasPrefix("great") }.count > 3
            }),
        Workload(
            name: "W1169", rule: "didPurchase.donations.reduce(0.0) { $0 + $1.price * (1 - ($1.discount ?? 0)) } > 1000",
            closure: { data, _, _ in
                data.purchases.reduce(0.0) { $0 + $1.price * (1 - ($1.discount ?? 0)) } > 1000
            }),
        Workload(
            name: "W1170", rule: "didRate.donations.compactMap(\\.comment).filter { $0.contains(\"7\") }.count > 2",
            closure: { data, _, _ in
                data.ratings.compactMap(\.comment).filter { $0.contains("7") }.count > 2
            }),
        Workload(
            name: "W1171", rule: "didPurchase.donations.sorted { $0.price > $1.price }.prefix(3).map(\\.price).reduce(0, +) > 500",
            closure: { data, _, _ in
                data.purchases.sorted { $0.price > $1.price }.prefix(3).map(\.price).reduce(0, +) > 500
            }),
        Workload(
            name: "W1172", rule: "didRate.donations.map { $0.helpful ?? 0 }.sorted(by: >).prefix(5).reduce(0, +) > 50",
            closure: { data, _, _ in
                data.ratings.map { $0.helpful ?? 0 }.sorted(by: >).prefix(5).reduce(0, +) > 50
            }),
        Workload(
            name: "W1173", rule: "didPurchase.donations.count > 0 && didPurchase.donations.map(\\.price).sorted()[didPurchase.donations.count / 2] > 50",
            closure: { data, _, _ in
                data.purchases.count > 0 && data.purchases.map(\.price).sorted()[data.purchases.count / 2] > 50
            }),
        Workload(
            name: "W1174", rule: "didRate.donations.filter { $0.score >= 4 }.map(\\.landmarkID).sorted().last ?? 0 > 3",
            closure: { data, _, _ in
                data.ratings.filter { $0.score >= 4 }.map(\.landmarkID).sorted().last ?? 0 > 3
            }),
        Workload(
            name: "W1175", rule: "didRate.donations.map { $0.comment?.count ?? 0 }.reduce(0, +) > 100",
            closure: { data, _, _ in
                data.ratings.map { $0.comment?.count ?? 0 }.reduce(0, +) > 100
            }),
        Workload(
            name: "W1176", rule: "didPurchase.donations.filter { $0.isGift || $0.coupon != nil }.map(\\.quantity).reduce(0, +) > 10",
            closure: { data, _, _ in
                data.purchases.filter { $0.isGift || $0.coupon != nil }.map(\.quantity).reduce(0, +) > 10
            }),
        Workload(
            name: "W1177", rule: "didRate.donations.compactMap { $0.helpful }.filter { $0 > 5 }.map { Double($0) }.reduce(0, +) > 10",
            closure: { data, _, _ in
                data.ratings.compactMap { $0.helpful }.filter { $0 > 5 }.map { Double($0) }.reduce(0, +) > 10
            }),
        Workload(
            name: "W1178", rule: "didPurchase.donations.contains { $0.sku == \"stove\" && $0.discount ?? 0 > 0.25 }",
            closure: { data, _, _ in
                data.purchases.contains { $0.sku == "stove" && $0.discount ?? 0 > 0.25 }
            }),
        Workload(
            name: "W1179", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.lowercased().contains(\"bowl\") }.count > 3",
            closure: { data, _, _ in
                data.views.filter { $0.landmarkName.lowercased().contains("bowl") }.count > 3
            }),
    ]

    private static let workloads34: [Workload] = [
        Workload(
            name: "W1180", rule: "didPurchase.donations.reduce(0.0) { $0 + $1.price * Double($1.quantity) } > 1000",
            closure: { data, _, _ in
                data.purchases.reduce(0.0) { $0 + $1.price * Double($1.quantity) } > 1000
            }),
        Workload(
            name: "W1181", rule: "didPurchase.donations.map { $0.price - ($0.discount ?? 0) }.max() ?? 0 > 200",
            closure: { data, _, _ in
                data.purchases.map { $0.price - ($0.discount ?? 0) }.max() ?? 0 > 200
            }),
        Workload(
            name: "W1182", rule: "didRate.donations.filter { $0.comment != nil }.map { $0.comment!.count }.reduce(0, +) > 100",
            closure: { data, _, _ in
                data.ratings.filter { $0.comment != nil }.map { $0.comment!.count }.reduce(0, +) > 100
            }),
        Workload(
            name: "W1183", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).filter { $0.hasPrefix(\"A\") || $0.hasPrefix(\"Z\") }.count > 10",
            closure: { data, _, _ in
                data.views.map(\.landmarkName).filter { $0.hasPrefix("A") || $0.hasPrefix("Z") }.count > 10
            }),
        Workload(
            name: "W1184", rule: "Set(didPurchase.donations.filter { $0.isGift }.map(\\.sku)).count >= 3",
            closure: { data, _, _ in
                Set(data.purchases.filter { $0.isGift }.map(\.sku)).count >= 3
            }),
        Workload(
            name: "W1185", rule: "didRate.donations.sorted { $0.score > $1.score }.prefix(3).map(\\.landmarkID).contains(7)",
            closure: { data, _, _ in
                data.ratings.sorted { $0.score > $1.score }.prefix(3).map(\.landmarkID).contains(7)
            }),
        Workload(
            name: "W1186", rule: "didRate.donations.max { $0.score < $1.score }?.landmarkID == 7",
            closure: { data, _, _ in
                data.ratings.max { $0.score < $1.score }?.landmarkID == 7
            }),
        Workload(
            name: "W1187", rule: "didPurchase.donations.min(by: { $0.price < $1.price })?.sku.hasPrefix(\"tent\") ?? false",
            closure: { data, _, _ in
                data.purchases.min(by: { $0.price < $1.price })?.sku.hasPrefix("tent") ?? false
            }),
        Workload(
            name: "W1188", rule: "didLogin.donations.count >= 3 && didViewLandmarkDetail.donations.filter { $0.date > didLogin.donations.last!.date.addingTimeInterval(-86400) }.count > 2",
            closure: { data, _, _ in
                data.logins.count >= 3 && data.views.filter { $0.date > data.logins.last!.date.addingTimeInterval(-86400) }.count > 2
            }),
        Workload(
            name: "W1189", rule: "didRate.donations.suffix(20).map(\\.score).reduce(0, +) / Double(max(1, didRate.donations.suffix(20).count)) >= 2.5",
            closure: { data, _, _ in
                data.ratings.suffix(20).map(\.score).reduce(0, +) / Double(max(1, data.ratings.suffix(20).count)) >= 2.5
            }),
        Workload(
            name: "W1190", rule: "didPurchase.donations.filter { $0.coupon?.hasPrefix(\"SAVE1\") ?? false }.count > 1",
            closure: { data, _, _ in
                data.purchases.filter { $0.coupon?.hasPrefix("SAVE1") ?? false }.count > 1
            }),
        Workload(
            name: "W1191", rule: "didRate.donations.compactMap { $0.helpful }.sorted().suffix(3).reduce(0, +) > 40",
            closure: { data, _, _ in
                data.ratings.compactMap { $0.helpful }.sorted().suffix(3).reduce(0, +) > 40
            }),
        Workload(
            name: "W1192", rule: "didRate.donations.map { Int($0.score.rounded()) }.filter { $0 == 5 }.count > 10",
            closure: { data, _, _ in
                data.ratings.map { Int($0.score.rounded()) }.filter { $0 == 5 }.count > 10
            }),
        Workload(
            name: "W1193", rule: "didPurchase.donations.allSatisfy { $0.price > 0 && $0.quantity > 0 }",
            closure: { data, _, _ in
                data.purchases.allSatisfy { $0.price > 0 && $0.quantity > 0 }
            }),
        Workload(
            name: "W1194", rule: "didPurchase.donations.first { $0.discount != nil && $0.discount! > 0.25 }?.price ?? 0 > 10",
            closure: { data, _, _ in
                data.purchases.first { $0.discount != nil && $0.discount! > 0.25 }?.price ?? 0 > 10
            }),
        Workload(
            name: "W1195", rule: "didRate.donations.filter { Date.now.timeIntervalSince($0.date) < 86400 * 30 }.map(\\.score).max() ?? 0 >= 4.5",
            closure: { data, _, _ in
                data.ratings.filter { Dataset.now.timeIntervalSince($0.date) < 86400 * 30 }.map(\.score).max() ?? 0 >= 4.5
            }),
        Workload(
            name: "W1196", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName.lowercased() }.filter { $0.contains(\"lake\") }.count > 3",
            closure: { data, _, _ in
                data.views.map { $0.landmarkName.lowercased() }.filter { $0.contains("lake") }.count > 3
            }),
        Workload(
            name: "W1197", rule: "didPurchase.donations.map { $0.quantity }.reduce(0) { max($0, $1) } > 3",
            closure: { data, _, _ in
                data.purchases.map { $0.quantity }.reduce(0) { max($0, $1) } > 3
            }),
        Workload(
            name: "W1198", rule: "didPurchase.donations.reduce(0) { $0 + ($1.isGift ? $1.quantity : 0) } > 20",
            closure: { data, _, _ in
                data.purchases.reduce(0) { $0 + ($1.isGift ? $1.quantity : 0) } > 20
            }),
        Workload(
            name: "W1199", rule: "didRate.donations.reduce(0) { $1.score >= 4 ? $0 + 1 : $0 } > didRate.donations.count / 4",
            closure: { data, _, _ in
                data.ratings.reduce(0) { $1.score >= 4 ? $0 + 1 : $0 } > data.ratings.count / 4
            }),
        Workload(
            name: "W1200", rule: "didPurchase.donations.filter { !$0.isGift }.map { $0.price }.sorted().dropFirst(2).dropLast(2).reduce(0, +) > 100",
            closure: { data, _, _ in
                data.purchases.filter { !$0.isGift }.map { $0.price }.sorted().dropFirst(2).dropLast(2).reduce(0, +) > 100
            }),
        Workload(
            name: "W1201", rule: "didPurchase.donations.map { $0.sku }.filter { $0.hasPrefix(\"boots\") }.count * 2 > didPurchase.donations.count / 10",
            closure: { data, _, _ in
                data.purchases.map { $0.sku }.filter { $0.hasPrefix("boots") }.count * 2 > data.purchases.count / 10
            }),
        Workload(
            name: "W1202", rule: "didRate.donations.filter { $0.landmarkID % 2 == 0 }.map { $0.score * 2 }.min() ?? 0 < 1",
            closure: { data, _, _ in
                data.ratings.filter { $0.landmarkID % 2 == 0 }.map { $0.score * 2 }.min() ?? 0 < 1
            }),
        Workload(
            name: "W1203", rule: "didViewLandmarkDetail.donations.dropFirst(100).filter { $0.landmarkName == \"Zion\" }.count > 3",
            closure: { data, _, _ in
                data.views.dropFirst(100).filter { $0.landmarkName == "Zion" }.count > 3
            }),
        Workload(
            name: "W1204", rule: "didPurchase.donations.contains { $0.sku == \"gift-card\" && $0.isGift && $0.price > 150 }",
            closure: { data, _, _ in
                data.purchases.contains { $0.sku == "gift-card" && $0.isGift && $0.price > 150 }
            }),
        Workload(
            name: "W1205", rule: "didRate.donations.map { $0.comment ?? \"\" }.filter { !$0.isEmpty }.count > 100",
            closure: { data, _, _ in
                data.ratings.map { $0.comment ?? "" }.filter { !$0.isEmpty }.count > 100
            }),
        Workload(
            name: "W1206", rule: "didRate.donations.map { ($0.helpful ?? 0) + $0.landmarkID }.max() ?? 0 > 60",
            closure: { data, _, _ in
                data.ratings.map { ($0.helpful ?? 0) + $0.landmarkID }.max() ?? 0 > 60
            }),
        Workload(
            name: "W1207", rule: "didPurchase.donations.count(where: { $0.price * Double($0.quantity) > 100 }) > 5",
            closure: { data, _, _ in
                data.purchases.count(where: { $0.price * Double($0.quantity) > 100 }) > 5
            }),
        Workload(
            name: "W1208", rule: "didViewLandmarkDetail.donations.reversed().prefix(10).contains { $0.landmarkID == 7 }",
            closure: { data, _, _ in
                data.views.reversed().prefix(10).contains { $0.landmarkID == 7 }
            }),
        Workload(
            name: "W1209", rule: "didRate.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 7) }.compactMap(\\.comment).count >= 2",
            closure: { data, _, _ in
                data.ratings.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 7) }.compactMap(\.comment).count >= 2
            }),
        Workload(
            name: "W1210", rule: "didPurchase.donations.sorted { $0.price > $1.price }.first?.quantity ?? 0 > 2",
            closure: { data, _, _ in
                data.purchases.sorted { $0.price > $1.price }.first?.quantity ?? 0 > 2
            }),
        Workload(
            name: "W1211", rule: "didRate.donations.map { r in r.score * Double(r.helpful ?? 1) }.reduce(0, +) > 1000",
            closure: { data, _, _ in
                data.ratings.map { r in r.score * Double(r.helpful ?? 1) }.reduce(0, +) > 1000
            }),
        Workload(
            name: "W1212", rule: "didPurchase.donations.filter { ($0.discount ?? 0) > 0.1 && $0.coupon == nil }.count > 3",
            closure: { data, _, _ in
                data.purchases.filter { ($0.discount ?? 0) > 0.1 && $0.coupon == nil }.count > 3
            }),
        Workload(
            name: "W1213", rule: "didViewLandmarkDetail.donations.map(\\.landmarkID).reduce(0, +) / max(1, didViewLandmarkDetail.donations.count) > 20",
            closure: { data, _, _ in
                data.views.map(\.landmarkID).reduce(0, +) / max(1, data.views.count) > 20
            }),
        Workload(
            name: "W1214", rule: "didPurchase.donations.map { Double($0.quantity) * $0.price * (1 - ($0.discount ?? 0)) }.reduce(0, +) / Double(max(1, didPurchase.donations.count)) > 150",
            closure: { data, _, _ in
                data.purchases.map { Double($0.quantity) * $0.price * (1 - ($0.discount ?? 0)) }.reduce(0, +) / Double(max(1, data.purchases.count)) > 150
            }),
        Workload(
            name: "W1215", rule: "didRate.donations.contains { $0.comment?.contains(\"great 4\") == true && $0.score < 1 }",
            closure: { data, _, _ in
                data.ratings.contains { $0.comment?.contains("great 4") == true && $0.score < 1 }
            }),
        Workload(
            name: "W1216", rule: "didRate.donations.filter { $0.helpful != nil }.sorted { $0.helpful! > $1.helpful! }.prefix(5).allSatisfy { $0.score >= 1 }",
            closure: { data, _, _ in
                data.ratings.filter { $0.helpful != nil }.sorted { $0.helpful! > $1.helpful! }.prefix(5).allSatisfy { $0.score >= 1 }
            }),
        Workload(
            name: "W1217", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkID < 10 }.map { $0.landmarkName + \"!\" }.contains(\"Zion!\")",
            closure: { data, _, _ in
                data.views.filter { $0.landmarkID < 10 }.map { $0.landmarkName + "!" }.contains("Zion!")
            }),
        Workload(
            name: "W1218", rule: "favourites34.count >= 5 && recentViews34.count > 20",
            declarations: "let recentViews34 = didViewLandmarkDetail.donations.donatedWithin(.days(14))\nlet favourites34 = Set(recentViews34.map(\\.landmarkID))\n",
            closure: { data, calendar, _ in
                let recent = within(data.views, .day, 14, calendar)
                return Set(recent.map(\.landmarkID)).count >= 5 && recent.count > 20
            }),
        Workload(
            name: "W1219", rule: "highRatings34.count > 10 && highRatings34.allSatisfy { $0.comment != nil || $0.helpful != nil }",
            declarations: "let highRatings34 = didRate.donations.filter { $0.score >= 4 }\n",
            closure: { data, calendar, _ in
                let high = data.ratings.filter { $0.score >= 4 }
                return high.count > 10 && high.allSatisfy { $0.comment != nil || $0.helpful != nil }
            }),
    ]

    private static let workloads35: [Workload] = [
        Workload(
            name: "W1220", rule: "didPurchase.donations.filter { p in didViewLandmarkDetail.donations.contains { $0.date < p.date && p.date.timeIntervalSince($0.date) < 3600 } }.count > 5",
            closure: { data, _, _ in
                data.purchases.filter { p in data.views.contains { $0.date < p.date && p.date.timeIntervalSince($0.date) < 3600 } }.count > 5
            }),
        Workload(
            name: "W1221", rule: "didRate.donations.filter { r in r.score >= 4 && didPurchase.donations.contains { $0.date > r.date && $0.date.timeIntervalSince(r.date) < 86400 } }.count > 3",
            closure: { data, _, _ in
                data.ratings.filter { r in r.score >= 4 && data.purchases.contains { $0.date > r.date && $0.date.timeIntervalSince(r.date) < 86400 } }.count > 3
            }),
        Workload(
            name: "W1222", rule: "didLogin.donations.allSatisfy { l in didViewLandmarkDetail.donations.contains { $0.date > l.date && $0.date < l.date.addingTimeInterval(86400 * 5) } }",
            closure: { data, _, _ in
                data.logins.allSatisfy { l in data.views.contains { $0.date > l.date && $0.date < l.date.addingTimeInterval(86400 * 5) } }
            }),
        Workload(
            name: "W1223", rule: "didLogin.donations.map { l in didPurchase.donations.filter { $0.date > l.date && $0.date < l.date.addingTimeInterval(86400 * 5) }.reduce(0.0) { $0 + $1.price } }.max() ?? 0 > 1000",
            closure: { data, _, _ in
                data.logins.map { l in data.purchases.filter { $0.date > l.date && $0.date < l.date.addingTimeInterval(86400 * 5) }.reduce(0.0) { $0 + $1.price } }.max() ?? 0 > 1000
            }),
        Workload(
            name: "W1224", rule: "didViewLandmarkDetail.donations.filter { v in v.landmarkID == (didRate.donations.last?.landmarkID ?? 0) }.count >= 2",
            closure: { data, _, _ in
                data.views.filter { v in v.landmarkID == (data.ratings.last?.landmarkID ?? 0) }.count >= 2
            }),
        Workload(
            name: "W1225", rule: "didPurchase.donations.contains { p in p.price > (didPurchase.donations.first?.price ?? 0) * 5 }",
            closure: { data, _, _ in
                data.purchases.contains { p in p.price > (data.purchases.first?.price ?? 0) * 5 }
            }),
        Workload(
            name: "W1226", rule: "didRate.donations.filter { $0.date > (didLogin.donations.last?.date ?? Date.distantPast) }.map(\\.score).reduce(0, +) > 20",
            closure: { data, _, _ in
                data.ratings.filter { $0.date > (data.logins.last?.date ?? Date.distantPast) }.map(\.score).reduce(0, +) > 20
            }),
        Workload(
            name: "W1227", rule: "didViewLandmarkDetail.donations.filter { $0.date.timeIntervalSince(didLogin.donations.last!.date) > 0 && $0.date.timeIntervalSince(didLogin.donations.last!.date) < 3600 * 48 }.count > 2",
            closure: { data, _, _ in
                data.views.filter { $0.date.timeIntervalSince(data.logins.last!.date) > 0 && $0.date.timeIntervalSince(data.logins.last!.date) < 3600 * 48 }.count > 2
            }),
        Workload(
            name: "W1228", rule: "didRate.donations.map { Int(Date.now.timeIntervalSince($0.date) / 86400) }.filter { $0 < 7 }.count > 10",
            closure: { data, _, _ in
                data.ratings.map { Int(Dataset.now.timeIntervalSince($0.date) / 86400) }.filter { $0 < 7 }.count > 10
            }),
        Workload(
            name: "W1229", rule: "Set(didViewLandmarkDetail.donations.map { Int(Date.now.timeIntervalSince($0.date) / 86400) }).count >= 5",
            closure: { data, _, _ in
                Set(data.views.map { Int(Dataset.now.timeIntervalSince($0.date) / 86400) }).count >= 5
            }),
        Workload(
            name: "W1230", rule: "didPurchase.donations.map { $0.date.timeIntervalSince(didPurchase.donations.first!.date) }.max() ?? 0 > 86400 * 30",
            closure: { data, _, _ in
                data.purchases.map { $0.date.timeIntervalSince(data.purchases.first!.date) }.max() ?? 0 > 86400 * 30
            }),
        Workload(
            name: "W1231", rule: "didRate.donations.compactMap { $0.comment }.map { $0.count }.max() ?? 0 > 7",
            closure: { data, _, _ in
                data.ratings.compactMap { $0.comment }.map { $0.count }.max() ?? 0 > 7
            }),
        Workload(
            name: "W1232", rule: "didRate.donations.filter { $0.comment?.hasSuffix(\"7\") ?? false }.map(\\.landmarkID).reduce(0, +) > 50",
            closure: { data, _, _ in
                data.ratings.filter { $0.comment?.hasSuffix("7") ?? false }.map(\.landmarkID).reduce(0, +) > 50
            }),
        Workload(
            name: "W1233", rule: "didPurchase.donations.filter { $0.coupon != nil }.map { $0.price * (1 - ($0.discount ?? 0)) }.min() ?? 0 < 5",
            closure: { data, _, _ in
                data.purchases.filter { $0.coupon != nil }.map { $0.price * (1 - ($0.discount ?? 0)) }.min() ?? 0 < 5
            }),
        Workload(
            name: "W1234", rule: "didRate.donations.reduce(0) { $0 + ($1.helpful ?? 0) } > 5000",
            closure: { data, _, _ in
                data.ratings.reduce(0) { $0 + ($1.helpful ?? 0) } > 5000
            }),
        Workload(
            name: "W1235", rule: "didRate.donations.reduce(0.0) { max($0, $1.score) } >= 4.9",
            closure: { data, _, _ in
                data.ratings.reduce(0.0) { max($0, $1.score) } >= 4.9
            }),
        Workload(
            name: "W1236", rule: "didPurchase.donations.reduce(\"\") { $0.count > 20 ? $0 : $0 + $1.sku } .count > 10",
            closure: { data, _, _ in
                data.purchases.reduce("") { $0.count > 20 ? $0 : $0 + $1.sku }.count > 10
            }),
        Workload(
            name: "W1237", rule: "didPurchase.donations.map(\\.quantity).reduce(0, +) > 3 * didPurchase.donations.count",
            closure: { data, _, _ in
                data.purchases.map(\.quantity).reduce(0, +) > 3 * data.purchases.count
            }),
        Workload(
            name: "W1238", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).sorted().last ?? \"\" >= \"Zion\"",
            closure: { data, _, _ in
                data.views.map(\.landmarkName).sorted().last ?? "" >= "Zion"
            }),
        Workload(
            name: "W1239", rule: "weeklyPurchases35 > 3 && giftShare35 < 0.5",
            declarations: "let lastWeek35 = didPurchase.donations.donatedWithin(.week)\nlet weeklyPurchases35 = lastWeek35.count\nlet giftShare35 = Double(lastWeek35.filter { $0.isGift }.count) / Double(max(1, weeklyPurchases35))\n",
            closure: { data, calendar, _ in
                let week = within(data.purchases, .weekOfYear, 1, calendar)
                return week.count > 3 && Double(week.filter { $0.isGift }.count) / Double(max(1, week.count)) < 0.5
            }),
        Workload(
            name: "W1240", rule: "topLandmark35 != nil && didRate.donations.filter { $0.landmarkID == topLandmark35! }.count >= 2",
            declarations: "let topLandmark35 = didViewLandmarkDetail.donations.largestSubset(groupedBy: \\.landmarkID).first?.landmarkID\n",
            closure: { data, calendar, _ in
                let top = data.views.largestSubset(groupedBy: \.landmarkID).first?.landmarkID
                return top != nil && data.ratings.filter { $0.landmarkID == top! }.count >= 2
            }),
        Workload(
            name: "W1241", rule: "recentScores35.count >= 5 && recentScores35.reduce(0, +) / Double(recentScores35.count) > 2",
            declarations: "let recentScores35 = didRate.donations.donatedWithin(.days(30)).map(\\.score)\n",
            closure: { data, calendar, _ in
                let s = within(data.ratings, .day, 30, calendar).map(\.score)
                return s.count >= 5 && s.reduce(0, +) / Double(s.count) > 2
            }),
        Workload(
            name: "W1242", rule: "spent35 > 500 && spent35 / Double(max(1, didPurchase.donations.count)) > 50",
            declarations: "let spent35 = didPurchase.donations.map { $0.price * Double($0.quantity) }.reduce(0, +)\n",
            closure: { data, calendar, _ in
                let spent = data.purchases.map { $0.price * Double($0.quantity) }.reduce(0, +)
                return spent > 500 && spent / Double(max(1, data.purchases.count)) > 50
            }),
    ]

    private static let workloads36: [Workload] = [
        Workload(
            name: "W1243", rule: "didRate.donations.map { $0.comment ?? \"none\" }.filter { $0.count > 7 }.count > 10",
            closure: { data, _, _ in
                data.ratings.map { $0.comment ?? "none" }.filter { $0.count > 7 }.count > 10
            }),
        Workload(
            name: "W1244", rule: "didRate.donations.filter { ($0.comment?.count ?? 0) > 7 }.count > 10",
            closure: { data, _, _ in
                data.ratings.filter { ($0.comment?.count ?? 0) > 7 }.count > 10
            }),
        Workload(
            name: "W1245", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName.count }.reduce(0, +) > 5000",
            closure: { data, _, _ in
                data.views.map { $0.landmarkName.count }.reduce(0, +) > 5000
            }),
        Workload(
            name: "W1246", rule: "didRate.donations.filter { [1, 2, 3, 5, 8, 13].contains($0.landmarkID) }.count > 20",
            closure: { data, _, _ in
                data.ratings.filter { [1, 2, 3, 5, 8, 13].contains($0.landmarkID) }.count > 20
            }),
        Workload(
            name: "W1247", rule: "didPurchase.donations.map { $0.sku.uppercased() }.contains(\"STOVE\")",
            closure: { data, _, _ in
                data.purchases.map { $0.sku.uppercased() }.contains("STOVE")
            }),
        Workload(
            name: "W1248", rule: "didRate.donations.prefix(500).filter { $0.score > 2 }.count > 100",
            closure: { data, _, _ in
                data.ratings.prefix(500).filter { $0.score > 2 }.count > 100
            }),
        Workload(
            name: "W1249", rule: "didRate.donations.map { $0.score }.filter { $0 > 2 }.map { $0 * 2 }.reduce(0, +) > 100",
            closure: { data, _, _ in
                data.ratings.map { $0.score }.filter { $0 > 2 }.map { (x: Double) -> Double in x * 2 }.reduce(0, +) > 100
            }),
        Workload(
            name: "W1250", rule: "didRate.donations.filter { $0.landmarkID == didViewLandmarkDetail.donations.last?.landmarkID }.count > 3",
            closure: { data, _, _ in
                data.ratings.filter { $0.landmarkID == data.views.last?.landmarkID }.count > 3
            }),
        Workload(
            name: "W1251", rule: "didViewLandmarkDetail.donations.suffix(50).map(\\.landmarkID).contains { id in didRate.donations.contains { $0.landmarkID == id && $0.score > 4.8 } }",
            closure: { data, _, _ in
                data.views.suffix(50).map(\.landmarkID).contains { id in data.ratings.contains { $0.landmarkID == id && $0.score > 4.8 } }
            }),
        Workload(
            name: "W1252", rule: "didRate.donations.last(where: { $0.comment != nil })?.comment?.count ?? 0 > 5",
            closure: { data, _, _ in
                data.ratings.last(where: { $0.comment != nil })?.comment?.count ?? 0 > 5
            }),
        Workload(
            name: "W1253", rule: "didPurchase.donations.filter { $0.quantity > 1 }.map(\\.price).max() ?? 0 > 100",
            closure: { data, _, _ in
                data.purchases.filter { $0.quantity > 1 }.map(\.price).max() ?? 0 > 100
            }),
        Workload(
            name: "W1254", rule: "didPurchase.donations.reversed().first(where: { $0.isGift })?.price ?? 0 > 10",
            closure: { data, _, _ in
                data.purchases.reversed().first(where: { $0.isGift })?.price ?? 0 > 10
            }),
        Workload(
            name: "W1255", rule: "didRate.donations.map { $0.score >= 4 ? 1 : 0 }.reduce(0, +) > 100",
            closure: { data, _, _ in
                data.ratings.map { $0.score >= 4 ? 1 : 0 }.reduce(0, +) > 100
            }),
        Workload(
            name: "W1256", rule: "didRate.donations.filter { $0.date >= Date.now.addingTimeInterval(-86400 * 7) && $0.date < Date.now }.count > 10",
            closure: { data, _, _ in
                data.ratings.filter { $0.date >= Dataset.now.addingTimeInterval(-86400 * 7) && $0.date < Dataset.now }.count > 10
            }),
        Workload(
            name: "W1257", rule: "didRate.donations.contains { $0.landmarkID == 7 && $0.comment?.isEmpty == false }",
            closure: { data, _, _ in
                data.ratings.contains { $0.landmarkID == 7 && $0.comment?.isEmpty == false }
            }),
        Workload(
            name: "W1258", rule: "didPurchase.donations.map { ($0.discount ?? 0) * $0.price }.reduce(0, +) > 50",
            closure: { data, _, _ in
                data.purchases.map { ($0.discount ?? 0) * $0.price }.reduce(0, +) > 50
            }),
        Workload(
            name: "W1259", rule: "didPurchase.donations.compactMap { $0.discount }.reduce(0, +) / Double(max(1, didPurchase.donations.compactMap { $0.discount }.count)) > 0.1",
            closure: { data, _, _ in
                let discounts: [Double] = data.purchases.compactMap { $0.discount }
                return discounts.reduce(0, +) / Double(max(1, discounts.count)) > 0.1
            }),
        Workload(
            name: "W1260", rule: "didViewLandmarkDetail.donations.suffix(100).filter { $0.landmarkName.hasPrefix(\"W\") }.count > 10",
            closure: { data, _, _ in
                data.views.suffix(100).filter { $0.landmarkName.hasPrefix("W") }.count > 10
            }),
        Workload(
            name: "W1261", rule: "didRate.donations.map { Double($0.helpful ?? 0) * $0.score }.max() ?? 0 > 50",
            closure: { data, _, _ in
                data.ratings.map { (r: Rating) -> Double in Double(r.helpful ?? 0) * r.score }.max() ?? 0 > 50
            }),
        Workload(
            name: "W1262", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkID > 10 }.map { $0.landmarkName }.contains(\"Zion\")",
            closure: { data, _, _ in
                data.views.filter { $0.landmarkID > 10 }.map { $0.landmarkName }.contains("Zion")
            }),
        Workload(
            name: "W1263", rule: "didRate.donations.allSatisfy { $0.score >= 0 && $0.score <= 5 }",
            closure: { data, _, _ in
                data.ratings.allSatisfy { $0.score >= 0 && $0.score <= 5 }
            }),
        Workload(
            name: "W1264", rule: "didRate.donations.sorted { $0.date > $1.date }.prefix(10).map(\\.score).reduce(0, +) / 10 > 2",
            closure: { data, _, _ in
                data.ratings.sorted { $0.date > $1.date }.prefix(10).map(\.score).reduce(0, +) / 10 > 2
            }),
        Workload(
            name: "W1265", rule: "didRate.donations.map(\\.landmarkID).sorted(by: >).prefix(3).reduce(0, +) > 100",
            closure: { data, _, _ in
                data.ratings.map(\.landmarkID).sorted(by: >).prefix(3).reduce(0, +) > 100
            }),
        Workload(
            name: "W1266", rule: "didViewLandmarkDetail.donations.count(where: { $0.landmarkName.count > 6 }) > 100",
            closure: { data, _, _ in
                data.views.count(where: { $0.landmarkName.count > 6 }) > 100
            }),
        Workload(
            name: "W1267", rule: "didRate.donations.min { ($0.helpful ?? 0) < ($1.helpful ?? 0) }?.score ?? 0 > 1",
            closure: { data, _, _ in
                data.ratings.min { ($0.helpful ?? 0) < ($1.helpful ?? 0) }?.score ?? 0 > 1
            }),
        Workload(
            name: "W1268", rule: "didRate.donations.map { $0.comment?.uppercased() ?? \"\" }.filter { $0.hasPrefix(\"GREAT 1\") }.count > 5",
            closure: { data, _, _ in
                data.ratings.map { $0.comment?.uppercased() ?? "" }.filter { $0.hasPrefix("GREAT 1") }.count > 5
            }),
        Workload(
            name: "W1269", rule: "didPurchase.donations.filter { $0.sku.hasPrefix(\"tent\") || $0.sku.hasPrefix(\"boots\") }.map(\\.quantity).reduce(0, +) > 50",
            closure: { data, _, _ in
                data.purchases.filter { $0.sku.hasPrefix("tent") || $0.sku.hasPrefix("boots") }.map(\.quantity).reduce(0, +) > 50
            }),
        Workload(
            name: "W1270", rule: "didRate.donations.filter { $0.helpful ?? 0 >= 10 }.count * 4 > didRate.donations.count",
            closure: { data, _, _ in
                data.ratings.filter { $0.helpful ?? 0 >= 10 }.count * 4 > data.ratings.count
            }),
        Workload(
            name: "W1271", rule: "didLogin.donations.count > 5 && didViewLandmarkDetail.donations.donatedWithin(.days(3)).count >= 2 && !didPurchase.donations.donatedWithin(.days(3)).contains { $0.price > 100 }",
            closure: { data, calendar, _ in
                data.logins.count > 5 && within(data.views, .day, 3, calendar).count >= 2 && !within(data.purchases, .day, 3, calendar).contains { $0.price > 100 }
            }),
        Workload(
            name: "W1272", rule: "didRate.donations.map { Int($0.score * 10) }.reduce(0, +) > 10000",
            closure: { data, _, _ in
                data.ratings.map { Int($0.score * 10) }.reduce(0, +) > 10000
            }),
    ]

    private static let workloads37: [Workload] = [
        Workload(
            name: "W1273", rule: "didRate.donations.suffix(100).map(\\.score).filter { $0 >= 4 }.count * 2 > 50",
            closure: { data, _, _ in
                data.ratings.suffix(100).map(\.score).filter { $0 >= 4 }.count * 2 > 50
            }),
        Workload(
            name: "W1274", rule: "didRate.donations.first(where: { $0.comment?.hasPrefix(\"great 1\") ?? false })?.score ?? 0 > 2",
            closure: { data, _, _ in
                data.ratings.first(where: { $0.comment?.hasPrefix("great 1") ?? false })?.score ?? 0 > 2
            }),
        Workload(
            name: "W1275", rule: "didViewLandmarkDetail.donations.reversed().map(\\.landmarkID).prefix(20).contains(42)",
            closure: { data, _, _ in
                data.views.reversed().map(\.landmarkID).prefix(20).contains(42)
            }),
        Workload(
            name: "W1276", rule: "Set(didViewLandmarkDetail.donations.map(\\.landmarkName)).contains(\"Denali\") && Set(didRate.donations.map(\\.landmarkID)).count > 40",
            closure: { data, _, _ in
                Set(data.views.map(\.landmarkName)).contains("Denali") && Set(data.ratings.map(\.landmarkID)).count > 40
            }),
        Workload(
            name: "W1277", rule: "didViewLandmarkDetail.donations.count > 2 * didRate.donations.filter { $0.score >= 4 }.count",
            closure: { data, _, _ in
                data.views.count > 2 * data.ratings.filter { $0.score >= 4 }.count
            }),
        Workload(
            name: "W1278", rule: "didPurchase.donations.filter { $0.isGift ? $0.price > 50 : $0.price > 150 }.count > 10",
            closure: { data, _, _ in
                data.purchases.filter { $0.isGift ? $0.price > 50 : $0.price > 150 }.count > 10
            }),
        Workload(
            name: "W1279", rule: "didRate.donations.contains { abs($0.date.timeIntervalSince(didPurchase.donations.last!.date)) < 600 }",
            closure: { data, _, _ in
                data.ratings.contains { abs($0.date.timeIntervalSince(data.purchases.last!.date)) < 600 }
            }),
        Workload(
            name: "W1280", rule: "didPurchase.donations.map { min($0.price, 100) }.reduce(0, +) > 5000",
            closure: { data, _, _ in
                data.purchases.map { min($0.price, 100) }.reduce(0, +) > 5000
            }),
        Workload(
            name: "W1281", rule: "didRate.donations.map { ($0.score * 2).rounded() / 2 }.filter { $0 == 4.5 }.count > 10",
            closure: { data, _, _ in
                data.ratings.map { ($0.score * 2).rounded() / 2 }.filter { $0 == 4.5 }.count > 10
            }),
        Workload(
            name: "W1282", rule: "!didPurchase.donations.filter { $0.price > 195 }.isEmpty",
            closure: { data, _, _ in
                !data.purchases.filter { $0.price > 195 }.isEmpty
            }),
        Workload(
            name: "W1283", rule: "didPurchase.donations.compactMap { $0.discount }.allSatisfy { $0 < 0.3 }",
            closure: { data, _, _ in
                data.purchases.compactMap { $0.discount }.allSatisfy { $0 < 0.3 }
            }),
        Workload(
            name: "W1284", rule: "didViewLandmarkDetail.donations.dropLast(10).filter { $0.landmarkID == 3 }.count > 5",
            closure: { data, _, _ in
                data.views.dropLast(10).filter { $0.landmarkID == 3 }.count > 5
            }),
        Workload(
            name: "W1285", rule: "didViewLandmarkDetail.donations.last!.date > didRate.donations.last!.date",
            closure: { data, _, _ in
                data.views.last!.date > data.ratings.last!.date
            }),
        Workload(
            name: "W1286", rule: "didRate.donations.count(where: { r in r.score > 4.5 && didViewLandmarkDetail.donations.suffix(20).contains { $0.landmarkID == r.landmarkID } }) > 2",
            closure: { data, _, _ in
                data.ratings.count(where: { r in r.score > 4.5 && data.views.suffix(20).contains { $0.landmarkID == r.landmarkID } }) > 2
            }),
        Workload(
            name: "W1287", rule: "(didRate.donations.first?.score ?? 0) < (didRate.donations.last?.score ?? 0)",
            closure: { data, _, _ in
                (data.ratings.first?.score ?? 0) < (data.ratings.last?.score ?? 0)
            }),
        Workload(
            name: "W1288", rule: "didPurchase.donations.map { $0.quantity * ($0.isGift ? 2 : 1) }.reduce(0, +) > 3000",
            closure: { data, _, _ in
                data.purchases.map { $0.quantity * ($0.isGift ? 2 : 1) }.reduce(0, +) > 3000
            }),
        Workload(
            name: "W1289", rule: "didRate.donations.filter { $0.helpful != nil && $0.comment != nil }.map { $0.helpful! + $0.comment!.count }.max() ?? 0 > 25",
            closure: { data, _, _ in
                data.ratings.filter { $0.helpful != nil && $0.comment != nil }.map { $0.helpful! + $0.comment!.count }.max() ?? 0 > 25
            }),
        Workload(
            name: "W1290", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName.hasPrefix(\"A\") ? 1 : 0 }.reduce(0, +) > 100",
            closure: { data, _, _ in
                data.views.map { $0.landmarkName.hasPrefix("A") ? 1 : 0 }.reduce(0, +) > 100
            }),
        Workload(
            name: "W1291", rule: "didRate.donations.sorted { $0.score > $1.score }.first!.landmarkID < 25",
            closure: { data, _, _ in
                data.ratings.sorted { $0.score > $1.score }.first!.landmarkID < 25
            }),
        Workload(
            name: "W1292", rule: "didPurchase.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 30) }.map(\\.sku).filter { $0 == \"stove\" }.count >= 2",
            closure: { data, _, _ in
                data.purchases.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 30) }.map(\.sku).filter { $0 == "stove" }.count >= 2
            }),
        Workload(
            name: "W1293", rule: "didRate.donations.map { $0.landmarkID % 10 }.max() == 9",
            closure: { data, _, _ in
                data.ratings.map { $0.landmarkID % 10 }.max() == 9
            }),
        Workload(
            name: "W1294", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.count == 4 }.map(\\.landmarkID).min() ?? 0 < 5",
            closure: { data, _, _ in
                data.views.filter { $0.landmarkName.count == 4 }.map(\.landmarkID).min() ?? 0 < 5
            }),
        Workload(
            name: "W1295", rule: "didPurchase.donations.reduce(0.0) { $0 + ($1.coupon == nil ? 0 : $1.price * 0.1) } > 100",
            closure: { data, _, _ in
                data.purchases.reduce(0.0) { $0 + ($1.coupon == nil ? 0 : $1.price * 0.1) } > 100
            }),
        Workload(
            name: "W1296", rule: "didRate.donations.map { $0.helpful ?? -1 }.filter { $0 >= 0 }.count > 500",
            closure: { data, _, _ in
                data.ratings.map { $0.helpful ?? -1 }.filter { $0 >= 0 }.count > 500
            }),
        Workload(
            name: "W1297", rule: "didViewLandmarkDetail.donations.donatedWithin(.days(30)).filter { $0.landmarkName.contains(\" \") }.count > 20",
            closure: { data, calendar, _ in
                within(data.views, .day, 30, calendar).filter { $0.landmarkName.contains(" ") }.count > 20
            }),
    ]

    private static let workloads38: [Workload] = [
        Workload(
            name: "W1298", rule: "didViewLandmarkDetail.donations.max { $0.landmarkName.count < $1.landmarkName.count }?.landmarkID ?? 0 > 3",
            closure: { data, _, _ in
                data.views.max { $0.landmarkName.count < $1.landmarkName.count }?.landmarkID ?? 0 > 3
            }),
        Workload(
            name: "W1299", rule: "didRate.donations.max { ($0.comment?.count ?? 0) < ($1.comment?.count ?? 0) }?.score ?? 0 > 1",
            closure: { data, _, _ in
                data.ratings.max { ($0.comment?.count ?? 0) < ($1.comment?.count ?? 0) }?.score ?? 0 > 1
            }),
        Workload(
            name: "W1300", rule: "didPurchase.donations.sorted { $0.sku < $1.sku }.last?.price ?? 0 > 3",
            closure: { data, _, _ in
                data.purchases.sorted { $0.sku < $1.sku }.last?.price ?? 0 > 3
            }),
        Workload(
            name: "W1302", rule: "didRate.donations.sorted { ($0.comment?.count ?? 0) > ($1.comment?.count ?? 0) }.first?.score ?? 0 > 1",
            closure: { data, _, _ in
                data.ratings.sorted { ($0.comment?.count ?? 0) > ($1.comment?.count ?? 0) }.first?.score ?? 0 > 1
            }),
        Workload(
            name: "W1301", rule: "didRate.donations.sorted { $0.helpful ?? 0 == $1.helpful ?? 0 ? $0.score > $1.score : $0.helpful ?? 0 > $1.helpful ?? 0 }.first?.landmarkID ?? 0 > 3",
            closure: { data, _, _ in
                data.ratings.sorted { $0.helpful ?? 0 == $1.helpful ?? 0 ? $0.score > $1.score : $0.helpful ?? 0 > $1.helpful ?? 0 }.first?.landmarkID ?? 0 > 3
            }),
    ]

    private static let workloads39: [Workload] = [
        Workload(
            name: "W1303", rule: "didPurchase.donations.reduce(0.0) { $1.isGift ? $0 + $1.price : $0 } > 100",
            closure: { data, _, _ in
                data.purchases.reduce(0.0) { $1.isGift ? $0 + $1.price : $0 } > 100
            }),
        Workload(
            name: "W1304", rule: "didRate.donations.reduce(0.0) { $1.comment == nil ? $0 : $0 + $1.score } > 100",
            closure: { data, _, _ in
                data.ratings.reduce(0.0) { $1.comment == nil ? $0 : $0 + $1.score } > 100
            }),
        Workload(
            name: "W1305", rule: "didPurchase.donations.reduce(0.0) { $1.coupon != nil ? $0 - $1.price * ($1.discount ?? 0) : $0 } < -50",
            closure: { data, _, _ in
                data.purchases.reduce(0.0) { $1.coupon != nil ? $0 - $1.price * ($1.discount ?? 0) : $0 } < -50
            }),
        Workload(
            name: "W1306", rule: "didRate.donations.reduce(0.0) { $0 * 0.9 + $1.score * 0.1 } > 2",
            closure: { data, _, _ in
                data.ratings.reduce(0.0) { $0 * 0.9 + $1.score * 0.1 } > 2
            }),
        Workload(
            name: "W1307", rule: "didRate.donations.map(\\.score).reduce(0.0) { $0 * 0.9 + $1 * 0.1 } > 2",
            closure: { data, _, _ in
                data.ratings.map(\.score).reduce(0.0) { $0 * 0.9 + $1 * 0.1 } > 2
            }),
        Workload(
            name: "W1308", rule: "didRate.donations.map { max($0.score, Double($0.helpful ?? 0)) }.reduce(0, +) > 5",
            closure: { data, _, _ in
                data.ratings.map { max($0.score, Double($0.helpful ?? 0)) }.reduce(0, +) > 5
            }),
        Workload(
            name: "W1309", rule: "didRate.donations.filter { ($0.helpful ?? 0) > ($0.landmarkID % 7) }.count > 5",
            closure: { data, _, _ in
                data.ratings.filter { ($0.helpful ?? 0) > ($0.landmarkID % 7) }.count > 5
            }),
        Workload(
            name: "W1310", rule: "didRate.donations.contains { $0.comment == nil ? $0.score > 4.99 : $0.comment!.count > 40 }",
            closure: { data, _, _ in
                data.ratings.contains { $0.comment == nil ? $0.score > 4.99 : $0.comment!.count > 40 }
            }),
        Workload(
            name: "W1311", rule: "didRate.donations.allSatisfy { ($0.comment?.count ?? 0) < 100 }",
            closure: { data, _, _ in
                data.ratings.allSatisfy { ($0.comment?.count ?? 0) < 100 }
            }),
        Workload(
            name: "W1312", rule: "didPurchase.donations.map { Int($0.price) / 10 }.filter { $0 > 5 }.count > 3",
            closure: { data, _, _ in
                data.purchases.map { Int($0.price) / 10 }.filter { $0 > 5 }.count > 3
            }),
        Workload(
            name: "W1313", rule: "didViewLandmarkDetail.donations.contains { $0.landmarkName.lowercased().contains(\"park\") }",
            closure: { data, _, _ in
                data.views.contains { $0.landmarkName.lowercased().contains("park") }
            }),
        Workload(
            name: "W1314", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).filter { $0.uppercased().hasPrefix(\"L\") }.count > 2",
            closure: { data, _, _ in
                data.views.map(\.landmarkName).filter { $0.uppercased().hasPrefix("L") }.count > 2
            }),
        Workload(
            name: "W1315", rule: "didRate.donations.compactMap(\\.comment).filter { $0.count > 5 }.count > 3",
            closure: { data, _, _ in
                data.ratings.compactMap(\.comment).filter { $0.count > 5 }.count > 3
            }),
        Workload(
            name: "W1316", rule: "didPurchase.donations.map { $0.price * (1 - ($0.discount ?? 0)) }.reduce(0, +) > 1000",
            closure: { data, _, _ in
                data.purchases.map { $0.price * (1 - ($0.discount ?? 0)) }.reduce(0, +) > 1000
            }),
        Workload(
            name: "W1317", rule: "didRate.donations.map { Int($0.score.rounded()) }.reduce(0, +) > 2000",
            closure: { data, _, _ in
                data.ratings.map { Int($0.score.rounded()) }.reduce(0, +) > 2000
            }),
        Workload(
            name: "W1318", rule: "didPurchase.donations.filter { $0.quantity > 1 }.map { $0.price * Double($0.quantity) }.max() ?? 0 > 500",
            closure: { data, _, _ in
                data.purchases.filter { $0.quantity > 1 }.map { $0.price * Double($0.quantity) }.max() ?? 0 > 500
            }),
        Workload(
            name: "W1319", rule: "didRate.donations.reduce(0) { $1.score >= 4 ? $0 + 1 : 0 } >= 3",
            closure: { data, _, _ in
                data.ratings.reduce(0) { $1.score >= 4 ? $0 + 1 : 0 } >= 3
            }),
        Workload(
            name: "W1320", rule: "didRate.donations.reduce(1) { $0 * 3 % 1000003 + $1.landmarkID } > 5",
            closure: { data, _, _ in
                data.ratings.reduce(1) { $0 * 3 % 1000003 + $1.landmarkID } > 5
            }),
    ]

    private static let workloads40: [Workload] = [
        Workload(
            name: "W1321", rule: "didPurchase.donations.map { $0.price * Double($0.quantity) }.reduce(0, +) > 500",
            closure: { data, _, _ in
                data.purchases.map { $0.price * Double($0.quantity) }.reduce(0, +) > 500
            }),
        Workload(
            name: "W1322", rule: "didPurchase.donations.reduce(0.0) { $0 + $1.price * Double($1.quantity) * (1 - ($1.discount ?? 0)) } > 1000",
            closure: { data, _, _ in
                data.purchases.reduce(0.0) { $0 + $1.price * Double($1.quantity) * (1 - ($1.discount ?? 0)) } > 1000
            }),
        Workload(
            name: "W1323", rule: "didPurchase.donations.contains { $0.sku == \"stove\" } && didPurchase.donations.contains { $0.sku == \"lantern\" }",
            closure: { data, _, _ in
                data.purchases.contains { $0.sku == "stove" } && data.purchases.contains { $0.sku == "lantern" }
            }),
        Workload(
            name: "W1324", rule: "didRate.donations.sorted { $0.date > $1.date }.prefix(5).allSatisfy { $0.score >= 1 }",
            closure: { data, _, _ in
                data.ratings.sorted { $0.date > $1.date }.prefix(5).allSatisfy { $0.score >= 1 }
            }),
        Workload(
            name: "W1325", rule: "didRate.donations.suffix(5).allSatisfy { $0.score >= 1 }",
            closure: { data, _, _ in
                data.ratings.suffix(5).allSatisfy { $0.score >= 1 }
            }),
        Workload(
            name: "W1326", rule: "didPurchase.donations.filter { $0.isGift }.map(\\.price).min() ?? 0 < 5",
            closure: { data, _, _ in
                data.purchases.filter { $0.isGift }.map(\.price).min() ?? 0 < 5
            }),
        Workload(
            name: "W1327", rule: "didRate.donations.filter { $0.comment != nil }.count * 2 > didRate.donations.count",
            closure: { data, _, _ in
                data.ratings.filter { $0.comment != nil }.count * 2 > data.ratings.count
            }),
        Workload(
            name: "W1328", rule: "didViewLandmarkDetail.donations.donatedWithin(.week).map(\\.landmarkID).contains(7)",
            closure: { data, calendar, _ in
                within(data.views, .day, 7, calendar).map(\.landmarkID).contains(7)
            }),
        Workload(
            name: "W1329", rule: "didRate.donations.map(\\.score).max()! > 4",
            closure: { data, _, _ in
                data.ratings.map(\.score).max()! > 4
            }),
        Workload(
            name: "W1330", rule: "didRate.donations.filter { $0.landmarkID == 7 }.count >= 2 && didViewLandmarkDetail.donations.filter { $0.landmarkID == 7 }.count >= 5",
            closure: { data, _, _ in
                data.ratings.filter { $0.landmarkID == 7 }.count >= 2 && data.views.filter { $0.landmarkID == 7 }.count >= 5
            }),
        Workload(
            name: "W1331", rule: "didViewLandmarkDetail.donations.filter { $0.date > (didLogin.donations.last?.date ?? .distantPast) }.count >= 3",
            closure: { data, _, _ in
                data.views.filter { $0.date > (data.logins.last?.date ?? .distantPast) }.count >= 3
            }),
        Workload(
            name: "W1332", rule: "didRate.donations.sorted(by: { $0.score > $1.score }).first?.landmarkID == 7",
            closure: { data, _, _ in
                data.ratings.sorted(by: { $0.score > $1.score }).first?.landmarkID == 7
            }),
        Workload(
            name: "W1333", rule: "didPurchase.donations.max(by: { $0.price < $1.price })?.sku == \"tent-4p\"",
            closure: { data, _, _ in
                data.purchases.max(by: { $0.price < $1.price })?.sku == "tent-4p"
            }),
        Workload(
            name: "W1334", rule: "didRate.donations.map { $0.score }.sorted()[didRate.donations.count / 2] > 2.5",
            closure: { data, _, _ in
                data.ratings.map { $0.score }.sorted()[data.ratings.count / 2] > 2.5
            }),
        Workload(
            name: "W1335", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).sorted().first == \"Alps\"",
            closure: { data, _, _ in
                data.views.map(\.landmarkName).sorted().first == "Alps"
            }),
        Workload(
            name: "W1336", rule: "didPurchase.donations.filter { $0.date > Date.now.addingTimeInterval(-30 * 86400) }.reduce(0.0) { $0 + $1.price } > 1000",
            closure: { data, _, _ in
                data.purchases.filter { $0.date > Dataset.now.addingTimeInterval(-30 * 86400) }.reduce(0.0) { $0 + $1.price } > 1000
            }),
        Workload(
            name: "W1337", rule: "didRate.donations.map { $0.comment ?? \"\" }.filter { !$0.isEmpty }.count > 10",
            closure: { data, _, _ in
                data.ratings.map { $0.comment ?? "" }.filter { !$0.isEmpty }.count > 10
            }),
        Workload(
            name: "W1338", rule: "didPurchase.donations.filter { ($0.discount ?? 0) > 0.1 }.count >= 3",
            closure: { data, _, _ in
                data.purchases.filter { ($0.discount ?? 0) > 0.1 }.count >= 3
            }),
        Workload(
            name: "W1339", rule: "abs(didRate.donations.map(\\.score).reduce(0, +) / Double(max(1, didRate.donations.count)) - 2.5) < 1",
            closure: { data, _, _ in
                abs(data.ratings.map(\.score).reduce(0, +) / Double(max(1, data.ratings.count)) - 2.5) < 1
            }),
        Workload(
            name: "W1340", rule: "didPurchase.donations.map(\\.sku).contains { $0.hasPrefix(\"tent\") }",
            closure: { data, _, _ in
                data.purchases.map(\.sku).contains { $0.hasPrefix("tent") }
            }),
        Workload(
            name: "W1341", rule: "didRate.donations.filter { $0.helpful ?? 0 > 5 }.map(\\.score).min() ?? 5 < 1",
            closure: { data, _, _ in
                data.ratings.filter { $0.helpful ?? 0 > 5 }.map(\.score).min() ?? 5 < 1
            }),
        Workload(
            name: "W1342", rule: "didPurchase.donations.filter { $0.sku.hasPrefix(\"boots\") }.reduce(0) { $0 + $1.quantity } >= 3",
            closure: { data, _, _ in
                data.purchases.filter { $0.sku.hasPrefix("boots") }.reduce(0) { $0 + $1.quantity } >= 3
            }),
        Workload(
            name: "W1343", rule: "didRate.donations.reduce(0) { $1.score < 1 ? $0 + 1 : $0 } * 10 < didRate.donations.count",
            closure: { data, _, _ in
                data.ratings.reduce(0) { $1.score < 1 ? $0 + 1 : $0 } * 10 < data.ratings.count
            }),
        Workload(
            name: "W1344", rule: "didPurchase.donations.reduce(0.0) { max($0, $1.price * Double($1.quantity)) } > 500",
            closure: { data, _, _ in
                data.purchases.reduce(0.0) { max($0, $1.price * Double($1.quantity)) } > 500
            }),
        Workload(
            name: "W1345", rule: "didRate.donations.compactMap { $0.helpful }.reduce(0, +) / max(1, didRate.donations.compactMap { $0.helpful }.count) > 5",
            closure: { data, _, _ in
                data.ratings.compactMap { $0.helpful }.reduce(0, +) / max(1, data.ratings.compactMap { $0.helpful }.count) > 5
            }),
        Workload(
            name: "W1346", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName == \"Zion\" || $0.landmarkName == \"Arches\" }.count > 10",
            closure: { data, _, _ in
                data.views.filter { $0.landmarkName == "Zion" || $0.landmarkName == "Arches" }.count > 10
            }),
        Workload(
            name: "W1347", rule: "didPurchase.donations.reduce(0) { $0 + ($1.coupon != nil ? 1 : 0) } > 5",
            closure: { data, _, _ in
                data.purchases.reduce(0) { $0 + ($1.coupon != nil ? 1 : 0) } > 5
            }),
        Workload(
            name: "W1348", rule: "didRate.donations.reduce(0.0) { $0 + $1.score * $1.score } / Double(max(1, didRate.donations.count)) > 8",
            closure: { data, _, _ in
                data.ratings.reduce(0.0) { $0 + $1.score * $1.score } / Double(max(1, data.ratings.count)) > 8
            }),
        Workload(
            name: "W1349", rule: "didPurchase.donations.map { $0.coupon ?? \"none\" }.filter { $0 != \"none\" }.count > 5",
            closure: { data, _, _ in
                data.purchases.map { $0.coupon ?? "none" }.filter { $0 != "none" }.count > 5
            }),
        Workload(
            name: "W1350", rule: "didRate.donations.suffix(10).filter { $0.score > 3 }.count >= 5",
            closure: { data, _, _ in
                data.ratings.suffix(10).filter { $0.score > 3 }.count >= 5
            }),
    ]

    private static let workloads41: [Workload] = [
        Workload(
            name: "W1351", rule: "didViewLandmarkDetail.donations.contains { v in didPurchase.donations.contains { $0.date > v.date } }",
            closure: { data, _, _ in
                data.views.contains { v in data.purchases.contains { $0.date > v.date } }
            }),
        Workload(
            name: "W1352", rule: "didRate.donations.filter { r in didViewLandmarkDetail.donations.contains { $0.landmarkID == r.landmarkID } }.count > 5",
            closure: { data, _, _ in
                data.ratings.filter { r in data.views.contains { $0.landmarkID == r.landmarkID } }.count > 5
            }),
        Workload(
            name: "W1353", rule: "didLogin.donations.allSatisfy { l in didViewLandmarkDetail.donations.contains { $0.date > l.date } }",
            closure: { data, _, _ in
                data.logins.allSatisfy { l in data.views.contains { $0.date > l.date } }
            }),
        Workload(
            name: "W1354", rule: "recentViewsW1354.count > 2 * recentRatingsW1354.count",
            declarations: """
            let recentViewsW1354 = didViewLandmarkDetail.donations.donatedWithin(.days(7))
            let recentRatingsW1354 = didRate.donations.donatedWithin(.days(7))

            """,
            closure: { data, calendar, _ in
                within(data.views, .day, 7, calendar).count > 2 * within(data.ratings, .day, 7, calendar).count
            }),
        Workload(
            name: "W1355", rule: "didRate.donations.filter { $0.score > averageW1355 }.count > 10",
            declarations: """
            let averageW1355 = didRate.donations.map(\\.score).reduce(0, +) / Double(max(1, didRate.donations.count))

            """,
            closure: { data, _, _ in
                let average = data.ratings.map(\.score).reduce(0, +) / Double(max(1, data.ratings.count))
                return data.ratings.filter { $0.score > average }.count > 10
            }),
        Workload(
            name: "W1356", rule: "didPurchase.donations.filter { $0.date.timeIntervalSince(didLogin.donations.last!.date) > 0 }.count > 1",
            closure: { data, _, _ in
                data.purchases.filter { $0.date.timeIntervalSince(data.logins.last!.date) > 0 }.count > 1
            }),
        Workload(
            name: "W1357", rule: "Date.now.timeIntervalSince(didLogin.donations.last?.date ?? .distantPast) > 86400 * 3",
            closure: { data, _, _ in
                Dataset.now.timeIntervalSince(data.logins.last?.date ?? .distantPast) > 86400 * 3
            }),
        Workload(
            name: "W1358", rule: "didRate.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 7) && $0.score > 4 }.count >= 2",
            closure: { data, _, _ in
                data.ratings.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 7) && $0.score > 4 }.count >= 2
            }),
        Workload(
            name: "W1359", rule: "(didPurchase.donations.last?.date.timeIntervalSince(didPurchase.donations.first?.date ?? .now) ?? 0) > 86400 * 30",
            closure: { data, _, _ in
                (data.purchases.last?.date.timeIntervalSince(data.purchases.first?.date ?? Dataset.now) ?? 0) > 86400 * 30
            }),
        Workload(
            name: "W1360", rule: "didRate.donations.filter { ($0.helpful ?? 0) > 10 && $0.comment != nil }.count > 3",
            closure: { data, _, _ in
                data.ratings.filter { ($0.helpful ?? 0) > 10 && $0.comment != nil }.count > 3
            }),
        Workload(
            name: "W1361", rule: "didRate.donations.compactMap { $0.comment }.filter { $0.hasSuffix(\"7\") }.count > 2",
            closure: { data, _, _ in
                data.ratings.compactMap { $0.comment }.filter { $0.hasSuffix("7") }.count > 2
            }),
        Workload(
            name: "W1362", rule: "didPurchase.donations.compactMap(\\.discount).max() ?? 0 > 0.3",
            closure: { data, _, _ in
                data.purchases.compactMap(\.discount).max() ?? 0 > 0.3
            }),
        Workload(
            name: "W1363", rule: "didPurchase.donations.map { $0.discount ?? 0 }.reduce(0, +) / Double(max(1, didPurchase.donations.count)) > 0.05",
            closure: { data, _, _ in
                data.purchases.map { $0.discount ?? 0 }.reduce(0, +) / Double(max(1, data.purchases.count)) > 0.05
            }),
        Workload(
            name: "W1364", rule: "didRate.donations.first { $0.helpful == nil }?.score ?? 0 > 1",
            closure: { data, _, _ in
                data.ratings.first { $0.helpful == nil }?.score ?? 0 > 1
            }),
        Workload(
            name: "W1365", rule: "didRate.donations.last { $0.comment != nil }?.comment?.hasPrefix(\"great\") ?? false",
            closure: { data, _, _ in
                data.ratings.last { $0.comment != nil }?.comment?.hasPrefix("great") ?? false
            }),
        Workload(
            name: "W1366", rule: "didViewLandmarkDetail.donations.map(\\.landmarkID).filter { $0 == 7 }.count > didViewLandmarkDetail.donations.map(\\.landmarkID).filter { $0 == 8 }.count",
            closure: { data, _, _ in
                data.views.map(\.landmarkID).filter { $0 == 7 }.count > data.views.map(\.landmarkID).filter { $0 == 8 }.count
            }),
        Workload(
            name: "W1367", rule: "didViewLandmarkDetail.donations.donatedWithin(.days(30)).largestSubset(groupedBy: \\.landmarkName).first?.landmarkName == \"Zion\"",
            closure: { data, calendar, _ in
                within(data.views, .day, 30, calendar).largestSubset(groupedBy: \.landmarkName).first?.landmarkName == "Zion"
            }),
        Workload(
            name: "W1368", rule: "didPurchase.donations.filter { $0.coupon != nil }.map(\\.price).reduce(0, +) > didPurchase.donations.filter { $0.coupon == nil }.map(\\.price).reduce(0, +) * 0.1",
            closure: { data, _, _ in
                data.purchases.filter { $0.coupon != nil }.map(\.price).reduce(0, +) > data.purchases.filter { $0.coupon == nil }.map(\.price).reduce(0, +) * 0.1
            }),
        Workload(
            name: "W1369", rule: "didRate.donations.map { Int($0.score) }.filter { $0 == 4 }.count > 100",
            closure: { data, _, _ in
                data.ratings.map { Int($0.score) }.filter { $0 == 4 }.count > 100
            }),
        Workload(
            name: "W1370", rule: "didRate.donations.filter { r in r.score >= 4 && didPurchase.donations.contains { $0.date > r.date && $0.date.timeIntervalSince(r.date) < 86400 } }.count > 3",
            closure: { data, _, _ in
                data.ratings.filter { r in r.score >= 4 && data.purchases.contains { $0.date > r.date && $0.date.timeIntervalSince(r.date) < 86400 } }.count > 3
            }),
    ]


    private static let workloads42: [Workload] = [
        Workload(
            name: "W1371", rule: "didPurchase.donations.filter { $0.isGift }.map(\\.price).max() ?? 0 > 150",
            closure: { data, _, _ in
                data.purchases.filter { $0.isGift }.map(\.price).max() ?? 0 > 150
            }),
        Workload(
            name: "W1372", rule: "didPurchase.donations.map { $0.price * Double($0.quantity) }.max() ?? 0 > 500",
            closure: { data, _, _ in
                data.purchases.map { $0.price * Double($0.quantity) }.max() ?? 0 > 500
            }),
        Workload(
            name: "W1373", rule: "Set(didPurchase.donations.map(\\.sku)).count >= 3",
            closure: { data, _, _ in
                Set(data.purchases.map(\.sku)).count >= 3
            }),
        Workload(
            name: "W1374", rule: "Set(didRate.donations.compactMap(\\.comment)).count > 10",
            closure: { data, _, _ in
                Set(data.ratings.compactMap(\.comment)).count > 10
            }),
        Workload(
            name: "W1375", rule: "didRate.donations.sorted { $0.score > $1.score }.prefix(5).map(\\.landmarkID).contains(7)",
            closure: { data, _, _ in
                data.ratings.sorted { $0.score > $1.score }.prefix(5).map(\.landmarkID).contains(7)
            }),
        Workload(
            name: "W1376", rule: "didPurchase.donations.min { $0.price < $1.price }?.sku == \"stove\"",
            closure: { data, _, _ in
                data.purchases.min { $0.price < $1.price }?.sku == "stove"
            }),
        Workload(
            name: "W1377", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.hasPrefix(\"A\") }.count > didViewLandmarkDetail.donations.count / 4",
            closure: { data, _, _ in
                data.views.filter { $0.landmarkName.hasPrefix("A") }.count > data.views.count / 4
            }),
        Workload(
            name: "W1378", rule: "didRate.donations.filter { $0.comment?.contains(\"great\") ?? false }.count >= 5",
            closure: { data, _, _ in
                data.ratings.filter { $0.comment?.contains("great") ?? false }.count >= 5
            }),
        Workload(
            name: "W1379", rule: "didPurchase.donations.reduce(0) { $1.isGift ? $0 : $0 + $1.quantity } >= 50",
            closure: { data, _, _ in
                data.purchases.reduce(0) { $1.isGift ? $0 : $0 + $1.quantity } >= 50
            }),
        Workload(
            name: "W1380", rule: "didRate.donations.allSatisfy { $0.score >= 0 && $0.score <= 5 }",
            closure: { data, _, _ in
                data.ratings.allSatisfy { $0.score >= 0 && $0.score <= 5 }
            }),
        Workload(
            name: "W1381", rule: "didLogin.donations.donatedWithin(.week).count >= 3 && didViewLandmarkDetail.donations.donatedWithin(.week).count >= 10",
            closure: { data, calendar, _ in
                within(data.logins, .day, 7, calendar).count >= 3 && within(data.views, .day, 7, calendar).count >= 10
            }),
        Workload(
            name: "W1382", rule: "didPurchase.donations.first(where: { $0.price > 100 && $0.coupon != nil })?.discount ?? 0 > 0.1",
            closure: { data, _, _ in
                data.purchases.first(where: { $0.price > 100 && $0.coupon != nil })?.discount ?? 0 > 0.1
            }),
        Workload(
            name: "W1383", rule: "didRate.donations.map { $0.helpful ?? 0 }.reduce(0, +) > 500",
            closure: { data, _, _ in
                data.ratings.map { $0.helpful ?? 0 }.reduce(0, +) > 500
            }),
        Workload(
            name: "W1384", rule: "didRate.donations.compactMap(\\.helpful).filter { $0 > 10 }.count > 20",
            closure: { data, _, _ in
                data.ratings.compactMap(\.helpful).filter { $0 > 10 }.count > 20
            }),
        Workload(
            name: "W1385", rule: "landmarkThreeW1385.map(\\.score).reduce(0, +) / Double(max(1, landmarkThreeW1385.count)) > 3",
            declarations: """
            let landmarkThreeW1385 = didRate.donations.filter { $0.landmarkID == 3 }

            """,
            closure: { data, _, _ in
                let three = data.ratings.filter { $0.landmarkID == 3 }
                return three.map(\.score).reduce(0, +) / Double(max(1, three.count)) > 3
            }),
        Workload(
            name: "W1386", rule: "didPurchase.donations.contains { $0.sku == \"stove\" && $0.quantity > 2 && $0.date > Date.now.addingTimeInterval(-86400 * 60) }",
            closure: { data, _, _ in
                data.purchases.contains { $0.sku == "stove" && $0.quantity > 2 && $0.date > Dataset.now.addingTimeInterval(-86400 * 60) }
            }),
        Workload(
            name: "W1387", rule: "didPurchase.donations.filter { $0.discount != nil }.map { $0.price * (1 - $0.discount!) }.reduce(0, +) > 1000",
            closure: { data, _, _ in
                data.purchases.filter { $0.discount != nil }.map { $0.price * (1 - $0.discount!) }.reduce(0, +) > 1000
            }),
        Workload(
            name: "W1388", rule: "didRate.donations.map(\\.score).sorted()[didRate.donations.count / 2] > 3",
            closure: { data, _, _ in
                data.ratings.map(\.score).sorted()[data.ratings.count / 2] > 3
            }),
        Workload(
            name: "W1389", rule: "didPurchase.donations.map(\\.quantity).max() ?? 0 >= 5",
            closure: { data, _, _ in
                data.purchases.map(\.quantity).max() ?? 0 >= 5
            }),
        Workload(
            name: "W1390", rule: "didPurchase.donations.filter { $0.isGift }.count * 10 > didPurchase.donations.count",
            closure: { data, _, _ in
                data.purchases.filter { $0.isGift }.count * 10 > data.purchases.count
            }),
        Workload(
            name: "W1391", rule: "didRate.donations.contains { $0.score == 5 } || didRate.donations.count(where: { $0.score >= 4 }) > 50",
            closure: { data, _, _ in
                data.ratings.contains { $0.score == 5 } || data.ratings.count(where: { $0.score >= 4 }) > 50
            }),
        Workload(
            name: "W1392", rule: "didRate.donations.filter { $0.date > (didLogin.donations.first?.date ?? .distantPast) }.count > 10",
            closure: { data, _, _ in
                data.ratings.filter { $0.date > (data.logins.first?.date ?? .distantPast) }.count > 10
            }),
        Workload(
            name: "W1393", rule: "didRate.donations.map(\\.score).reduce(0) { max($0, $1) } > 4.5",
            closure: { data, _, _ in
                data.ratings.map(\.score).reduce(0) { max($0, $1) } > 4.5
            }),
        Workload(
            name: "W1394", rule: "didRate.donations.reduce(0.0) { $0 + ($1.score - 2.5) * ($1.score - 2.5) } / Double(max(1, didRate.donations.count)) > 1",
            closure: { data, _, _ in
                data.ratings.reduce(0.0) { $0 + ($1.score - 2.5) * ($1.score - 2.5) } / Double(max(1, data.ratings.count)) > 1
            }),
        Workload(
            name: "W1395", rule: "didPurchase.donations.reduce(0.0) { $0 + $1.price } / Double(max(1, didPurchase.donations.count)) > 50",
            closure: { data, _, _ in
                data.purchases.reduce(0.0) { $0 + $1.price } / Double(max(1, data.purchases.count)) > 50
            }),
        Workload(
            name: "W1396", rule: "didPurchase.donations.map(\\.sku).contains(\"lantern\")",
            closure: { data, _, _ in
                data.purchases.map(\.sku).contains("lantern")
            }),
        Workload(
            name: "W1397", rule: "didPurchase.donations.filter { $0.sku.count > 5 }.count > 10",
            closure: { data, _, _ in
                data.purchases.filter { $0.sku.count > 5 }.count > 10
            }),
        Workload(
            name: "W1398", rule: "didRate.donations.filter { ($0.comment ?? \"\").isEmpty }.count > 100",
            closure: { data, _, _ in
                data.ratings.filter { ($0.comment ?? "").isEmpty }.count > 100
            }),
        Workload(
            name: "W1399", rule: "didRate.donations.compactMap { $0.helpful }.max() ?? 0 > 15",
            closure: { data, _, _ in
                data.ratings.compactMap { $0.helpful }.max() ?? 0 > 15
            }),
        Workload(
            name: "W1400", rule: "didViewLandmarkDetail.donations.suffix(100).filter { $0.landmarkID == 7 }.count >= 3",
            closure: { data, _, _ in
                data.views.suffix(100).filter { $0.landmarkID == 7 }.count >= 3
            }),
        Workload(
            name: "W1401", rule: "didRate.donations.first(where: { $0.score < 0.5 }) == nil",
            closure: { data, _, _ in
                data.ratings.first(where: { $0.score < 0.5 }) == nil
            }),
        Workload(
            name: "W1402", rule: "!didRate.donations.isEmpty && didRate.donations.map(\\.score).reduce(0, +) / Double(didRate.donations.count) >= 3.5",
            closure: { data, _, _ in
                !data.ratings.isEmpty && data.ratings.map(\.score).reduce(0, +) / Double(data.ratings.count) >= 3.5
            }),
        Workload(
            name: "W1403", rule: "didPurchase.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 30) }.reduce(0.0) { $0 + $1.price * Double($1.quantity) } > 200",
            closure: { data, _, _ in
                data.purchases.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 30) }.reduce(0.0) { $0 + $1.price * Double($1.quantity) } > 200
            }),
        Workload(
            name: "W1404", rule: "didRate.donations.map { $0.score >= 4 ? 1 : 0 }.reduce(0, +) > didRate.donations.count / 2",
            closure: { data, _, _ in
                data.ratings.map { $0.score >= 4 ? 1 : 0 }.reduce(0, +) > data.ratings.count / 2
            }),
        Workload(
            name: "W1405", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName.lowercased() }.filter { $0.contains(\"a\") }.count > 100",
            closure: { data, _, _ in
                data.views.map { $0.landmarkName.lowercased() }.filter { $0.contains("a") }.count > 100
            }),
        Workload(
            name: "W1406", rule: "didRate.donations.filter { $0.helpful != nil && $0.helpful! > 5 && $0.score < 3 }.count > 2",
            closure: { data, _, _ in
                data.ratings.filter { $0.helpful != nil && $0.helpful! > 5 && $0.score < 3 }.count > 2
            }),
        Workload(
            name: "W1407", rule: "Set(didViewLandmarkDetail.donations.donatedWithin(.days(30)).map(\\.landmarkID)).count >= 4",
            closure: { data, calendar, _ in
                Set(within(data.views, .day, 30, calendar).map(\.landmarkID)).count >= 4
            }),
        Workload(
            name: "W1408", rule: "didPurchase.donations.sorted { $0.date > $1.date }.prefix(3).allSatisfy { $0.price > 10 }",
            closure: { data, _, _ in
                data.purchases.sorted { $0.date > $1.date }.prefix(3).allSatisfy { $0.price > 10 }
            }),
        Workload(
            name: "W1409", rule: "didRate.donations.max { $0.score < $1.score }?.landmarkID == 7",
            closure: { data, _, _ in
                data.ratings.max { $0.score < $1.score }?.landmarkID == 7
            }),
        Workload(
            name: "W1410", rule: "didPurchase.donations.count(where: { $0.coupon?.hasPrefix(\"SAVE1\") ?? false }) > 5",
            closure: { data, _, _ in
                data.purchases.count(where: { $0.coupon?.hasPrefix("SAVE1") ?? false }) > 5
            }),
        Workload(
            name: "W1411", rule: "didPurchase.donations.map(\\.price).sorted().suffix(3).reduce(0, +) > 500",
            closure: { data, _, _ in
                data.purchases.map(\.price).sorted().suffix(3).reduce(0, +) > 500
            }),
        Workload(
            name: "W1412", rule: "didRate.donations.filter { $0.score.rounded() == 4 }.count > 10",
            closure: { data, _, _ in
                data.ratings.filter { $0.score.rounded() == 4 }.count > 10
            }),
        Workload(
            name: "W1413", rule: "didPurchase.donations.contains { abs($0.price - 100) < 1 }",
            closure: { data, _, _ in
                data.purchases.contains { abs($0.price - 100) < 1 }
            }),
        Workload(
            name: "W1414", rule: "didRate.donations.filter { $0.score >= 4 }.map(\\.landmarkID).sorted().first ?? 0 > 0",
            closure: { data, _, _ in
                data.ratings.filter { $0.score >= 4 }.map(\.landmarkID).sorted().first ?? 0 > 0
            }),
        Workload(
            name: "W1415", rule: "didViewLandmarkDetail.donations.donatedWithin(.days(7)).filter { $0.landmarkName == \"Zion\" || $0.landmarkName == \"Alps\" }.count >= 2",
            closure: { data, calendar, _ in
                within(data.views, .day, 7, calendar).filter { $0.landmarkName == "Zion" || $0.landmarkName == "Alps" }.count >= 2
            }),
        Workload(
            name: "W1416", rule: "didPurchase.donations.reduce(0) { $0 + ($1.coupon == nil ? 0 : 1) } > didPurchase.donations.count / 10",
            closure: { data, _, _ in
                data.purchases.reduce(0) { $0 + ($1.coupon == nil ? 0 : 1) } > data.purchases.count / 10
            }),
        Workload(
            name: "W1417", rule: "didRate.donations.map { $0.score * Double($0.helpful ?? 1) }.max() ?? 0 > 50",
            closure: { data, _, _ in
                data.ratings.map { $0.score * Double($0.helpful ?? 1) }.max() ?? 0 > 50
            }),
        Workload(
            name: "W1418", rule: "didPurchase.donations.filter { $0.isGift && $0.coupon != nil }.map(\\.quantity).reduce(0, +) > 5",
            closure: { data, _, _ in
                data.purchases.filter { $0.isGift && $0.coupon != nil }.map(\.quantity).reduce(0, +) > 5
            }),
        Workload(
            name: "W1419", rule: "didRate.donations.compactMap { $0.comment?.count }.reduce(0, +) > 1000",
            closure: { data, _, _ in
                data.ratings.compactMap { $0.comment?.count }.reduce(0, +) > 1000
            }),
        Workload(
            name: "W1420", rule: "didLogin.donations.filter { Date.now.timeIntervalSince($0.date) < 86400 * 30 }.count >= 10",
            closure: { data, _, _ in
                data.logins.filter { Dataset.now.timeIntervalSince($0.date) < 86400 * 30 }.count >= 10
            }),
        Workload(
            name: "W1421", rule: "didViewLandmarkDetail.donations.contains { $0.landmarkName.count > 6 && $0.landmarkID % 2 == 0 }",
            closure: { data, _, _ in
                data.views.contains { $0.landmarkName.count > 6 && $0.landmarkID % 2 == 0 }
            }),
        Workload(
            name: "W1422", rule: "didRate.donations.filter { $0.score > 4 }.count > didRate.donations.filter { $0.score < 2 }.count",
            closure: { data, _, _ in
                data.ratings.filter { $0.score > 4 }.count > data.ratings.filter { $0.score < 2 }.count
            }),
    ]

    private static let workloads43: [Workload] = [
        Workload(
            name: "W1423", rule: "didRate.donations.filter { $0.landmarkID == 12 }.map(\\.score).reduce(0, +) / Double(max(1, didRate.donations.filter { $0.landmarkID == 12 }.count)) > 2.5",
            closure: { data, _, _ in
                data.ratings.filter { $0.landmarkID == 12 }.map(\.score).reduce(0, +) / Double(max(1, data.ratings.filter { $0.landmarkID == 12 }.count)) > 2.5
            }),
        Workload(
            name: "W1424", rule: "didPurchase.donations.filter { $0.coupon != nil }.reduce(0.0) { $0 + $1.price } > 5000",
            closure: { data, _, _ in
                data.purchases.filter { $0.coupon != nil }.reduce(0.0) { $0 + $1.price } > 5000
            }),
        Workload(
            name: "W1425", rule: "didRate.donations.compactMap(\\.helpful).reduce(0, +) > 5000",
            closure: { data, _, _ in
                data.ratings.compactMap(\.helpful).reduce(0, +) > 5000
            }),
        Workload(
            name: "W1426", rule: "didRate.donations.compactMap { $0.comment }.filter { $0.hasSuffix(\"7\") }.count >= 3",
            closure: { data, _, _ in
                data.ratings.compactMap { $0.comment }.filter { $0.hasSuffix("7") }.count >= 3
            }),
        Workload(
            name: "W1427", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).filter { $0 == \"Zion\" }.count > didViewLandmarkDetail.donations.map(\\.landmarkName).filter { $0 == \"Alps\" }.count",
            closure: { data, _, _ in
                data.views.map(\.landmarkName).filter { $0 == "Zion" }.count > data.views.map(\.landmarkName).filter { $0 == "Alps" }.count
            }),
        Workload(
            name: "W1428", rule: "didPurchase.donations.sorted { $0.price > $1.price }.first?.sku == \"stove\"",
            closure: { data, _, _ in
                data.purchases.sorted { $0.price > $1.price }.first?.sku == "stove"
            }),
        Workload(
            name: "W1429", rule: "didRate.donations.max { $0.score < $1.score }?.landmarkID ?? 0 > 10",
            closure: { data, _, _ in
                data.ratings.max { $0.score < $1.score }?.landmarkID ?? 0 > 10
            }),
        Workload(
            name: "W1430", rule: "didPurchase.donations.max(by: { $0.quantity < $1.quantity })?.isGift == true",
            closure: { data, _, _ in
                data.purchases.max(by: { $0.quantity < $1.quantity })?.isGift == true
            }),
        Workload(
            name: "W1431", rule: "didRate.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 14) }.map(\\.score).max() ?? 0 >= 4.5",
            closure: { data, _, _ in
                data.ratings.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 14) }.map(\.score).max() ?? 0 >= 4.5
            }),
        Workload(
            name: "W1432", rule: "didPurchase.donations.filter { Date.now.timeIntervalSince($0.date) < 86400 * 30 }.reduce(0.0) { $0 + $1.price * Double($1.quantity) } > 2000",
            closure: { data, _, _ in
                data.purchases.filter { Dataset.now.timeIntervalSince($0.date) < 86400 * 30 }.reduce(0.0) { $0 + $1.price * Double($1.quantity) } > 2000
            }),
        Workload(
            name: "W1433", rule: "didViewLandmarkDetail.donations.contains { $0.landmarkName.lowercased() == \"wilbere bowl\" && $0.landmarkID > 45 }",
            closure: { data, _, _ in
                data.views.contains { $0.landmarkName.lowercased() == "wilbere bowl" && $0.landmarkID > 45 }
            }),
        Workload(
            name: "W1434", rule: "Set(didRate.donations.filter { $0.score >= 4 }.map(\\.landmarkID)).count >= 10",
            closure: { data, _, _ in
                Set(data.ratings.filter { $0.score >= 4 }.map(\.landmarkID)).count >= 10
            }),
        Workload(
            name: "W1435", rule: "Set(didPurchase.donations.map(\\.sku)).contains(\"gift-card\") && Set(didPurchase.donations.map(\\.sku)).count > 5",
            closure: { data, _, _ in
                Set(data.purchases.map(\.sku)).contains("gift-card") && Set(data.purchases.map(\.sku)).count > 5
            }),
        Workload(
            name: "W1436", rule: "didRate.donations.map(\\.score).sorted(by: >).prefix(10).reduce(0, +) / 10 > 4.5",
            closure: { data, _, _ in
                data.ratings.map(\.score).sorted(by: >).prefix(10).reduce(0, +) / 10 > 4.5
            }),
        Workload(
            name: "W1437", rule: "didPurchase.donations.map(\\.price).sorted()[didPurchase.donations.count / 2] > 100",
            closure: { data, _, _ in
                data.purchases.map(\.price).sorted()[data.purchases.count / 2] > 100
            }),
        Workload(
            name: "W1438", rule: "didRate.donations.allSatisfy { $0.comment == nil || $0.comment!.hasPrefix(\"great\") }",
            closure: { data, _, _ in
                data.ratings.allSatisfy { $0.comment == nil || $0.comment!.hasPrefix("great") }
            }),
        Workload(
            name: "W1439", rule: "didPurchase.donations.first(where: { $0.discount ?? 0 > 0.25 })?.sku.hasPrefix(\"tent\") ?? false",
            closure: { data, _, _ in
                data.purchases.first(where: { $0.discount ?? 0 > 0.25 })?.sku.hasPrefix("tent") ?? false
            }),
        Workload(
            name: "W1440", rule: "didRate.donations.filter { ($0.helpful ?? 0) > 10 }.count * 2 > didRate.donations.count",
            closure: { data, _, _ in
                data.ratings.filter { ($0.helpful ?? 0) > 10 }.count * 2 > data.ratings.count
            }),
        Workload(
            name: "W1441", rule: "didViewLandmarkDetail.donations.filter { v in didRate.donations.suffix(10).contains { $0.landmarkID == v.landmarkID } }.count > 5",
            closure: { data, _, _ in
                data.views.filter { v in data.ratings.suffix(10).contains { $0.landmarkID == v.landmarkID } }.count > 5
            }),
        Workload(
            name: "W1442", rule: "didLogin.donations.contains { l in didPurchase.donations.contains { $0.date > l.date && $0.date.timeIntervalSince(l.date) < 3600 } }",
            closure: { data, _, _ in
                data.logins.contains { l in data.purchases.contains { $0.date > l.date && $0.date.timeIntervalSince(l.date) < 3600 } }
            }),
        Workload(
            name: "W1443", rule: "didPurchase.donations.filter { $0.isGift }.count(where: { $0.price > 100 }) >= 3",
            closure: { data, _, _ in
                data.purchases.filter { $0.isGift }.count(where: { $0.price > 100 }) >= 3
            }),
        Workload(
            name: "W1444", rule: "didPurchase.donations.map { $0.price * (1 - ($0.discount ?? 0)) }.reduce(0, +) > 50000",
            closure: { data, _, _ in
                data.purchases.map { $0.price * (1 - ($0.discount ?? 0)) }.reduce(0, +) > 50000
            }),
        Workload(
            name: "W1445", rule: "didRate.donations.filter { $0.comment != nil }.map(\\.score).min() ?? 5 < 1",
            closure: { data, _, _ in
                data.ratings.filter { $0.comment != nil }.map(\.score).min() ?? 5 < 1
            }),
        Workload(
            name: "W1446", rule: "didViewLandmarkDetail.donations.map(\\.landmarkID).filter { $0 % 2 == 0 }.count > 400",
            closure: { data, _, _ in
                data.views.map(\.landmarkID).filter { $0 % 2 == 0 }.count > 400
            }),
        Workload(
            name: "W1447", rule: "didRate.donations.map { $0.score * 2 }.filter { $0 > 8 }.count >= 100",
            closure: { data, _, _ in
                data.ratings.map { $0.score * 2 }.filter { $0 > 8 }.count >= 100
            }),
        Workload(
            name: "W1448", rule: "didPurchase.donations.filter { $0.sku.contains(\"tent\") && $0.quantity >= 2 }.count > 20",
            closure: { data, _, _ in
                data.purchases.filter { $0.sku.contains("tent") && $0.quantity >= 2 }.count > 20
            }),
        Workload(
            name: "W1449", rule: "(didViewLandmarkDetail.donations.last(where: { $0.landmarkName == \"Denali\" })?.date ?? .distantPast) > Date.now.addingTimeInterval(-86400 * 7)",
            closure: { data, _, _ in
                (data.views.last(where: { $0.landmarkName == "Denali" })?.date ?? .distantPast) > Dataset.now.addingTimeInterval(-86400 * 7)
            }),
        Workload(
            name: "W1450", rule: "didRate.donations.filter { $0.score < 1 }.map(\\.landmarkID).contains(7)",
            closure: { data, _, _ in
                data.ratings.filter { $0.score < 1 }.map(\.landmarkID).contains(7)
            }),
        Workload(
            name: "W1451", rule: "didPurchase.donations.reduce(0) { $0 + ($1.isGift ? 1 : 0) } > 100",
            closure: { data, _, _ in
                data.purchases.reduce(0) { $0 + ($1.isGift ? 1 : 0) } > 100
            }),
        Workload(
            name: "W1452", rule: "didRate.donations.reduce(0.0) { max($0, $1.score * Double($1.helpful ?? 1)) } > 50",
            closure: { data, _, _ in
                data.ratings.reduce(0.0) { max($0, $1.score * Double($1.helpful ?? 1)) } > 50
            }),
        Workload(
            name: "W1453", rule: "didRate.donations.donatedWithin(.days(30)).filter { $0.score >= 4 }.count >= 10",
            closure: { data, calendar, _ in
                within(data.ratings, .day, 30, calendar).filter { $0.score >= 4 }.count >= 10
            }),
        Workload(
            name: "W1454", rule: "recentViewsW1454.count >= 3 && Set(recentViewsW1454.map(\\.landmarkID)).count >= 2",
            declarations: """
            let recentViewsW1454 = didViewLandmarkDetail.donations.donatedWithin(.week)

            """,
            closure: { data, calendar, _ in
                let recent = within(data.views, .day, 7, calendar)
                return recent.count >= 3 && Set(recent.map(\.landmarkID)).count >= 2
            }),
        Workload(
            name: "W1455", rule: "giftTotalW1455 > 1000 && giftTotalW1455 < 100000",
            declarations: """
            let giftTotalW1455 = didPurchase.donations.filter { $0.isGift }.reduce(0.0) { $0 + $1.price }

            """,
            closure: { data, _, _ in
                let total = data.purchases.filter { $0.isGift }.reduce(0.0) { $0 + $1.price }
                return total > 1000 && total < 100000
            }),
        Workload(
            name: "W1456", rule: "scoresW1456.filter { $0 > meanW1456 }.count > scoresW1456.count / 3",
            declarations: """
            let scoresW1456 = didRate.donations.map(\\.score)
            let meanW1456 = scoresW1456.reduce(0, +) / Double(max(1, scoresW1456.count))

            """,
            closure: { data, _, _ in
                let scores = data.ratings.map(\.score)
                let mean = scores.reduce(0, +) / Double(max(1, scores.count))
                return scores.filter { $0 > mean }.count > scores.count / 3
            }),
        Workload(
            name: "W1457", rule: "didPurchase.donations.map(\\.quantity).reduce(0, +) > didPurchase.donations.count * 2",
            closure: { data, _, _ in
                data.purchases.map(\.quantity).reduce(0, +) > data.purchases.count * 2
            }),
        Workload(
            name: "W1458", rule: "didRate.donations.filter { $0.helpful == nil }.count < didRate.donations.count / 2",
            closure: { data, _, _ in
                data.ratings.filter { $0.helpful == nil }.count < data.ratings.count / 2
            }),
        Workload(
            name: "W1459", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName.count }.max() ?? 0 > 10",
            closure: { data, _, _ in
                data.views.map { $0.landmarkName.count }.max() ?? 0 > 10
            }),
        Workload(
            name: "W1460", rule: "didPurchase.donations.contains { $0.coupon?.hasPrefix(\"SAVE2\") == true && $0.isGift && $0.quantity == 5 }",
            closure: { data, _, _ in
                data.purchases.contains { $0.coupon?.hasPrefix("SAVE2") == true && $0.isGift && $0.quantity == 5 }
            }),
        Workload(
            name: "W1461", rule: "didRate.donations.suffix(100).map(\\.score).reduce(0, +) / 100 > 2",
            closure: { data, _, _ in
                data.ratings.suffix(100).map(\.score).reduce(0, +) / 100 > 2
            }),
        Workload(
            name: "W1462", rule: "didPurchase.donations.prefix(100).filter { $0.discount != nil }.count > 20",
            closure: { data, _, _ in
                data.purchases.prefix(100).filter { $0.discount != nil }.count > 20
            }),
        Workload(
            name: "W1463", rule: "didRate.donations.dropFirst(500).filter { $0.score > 4 }.count > 50",
            closure: { data, _, _ in
                data.ratings.dropFirst(500).filter { $0.score > 4 }.count > 50
            }),
        Workload(
            name: "W1464", rule: "didRate.donations.sorted { $0.date > $1.date }.prefix(20).allSatisfy { $0.score > 1 }",
            closure: { data, _, _ in
                data.ratings.sorted { $0.date > $1.date }.prefix(20).allSatisfy { $0.score > 1 }
            }),
        Workload(
            name: "W1465", rule: "(didRate.donations.filter { $0.score >= 4.5 }.last?.date ?? .distantPast) > Date.now.addingTimeInterval(-86400 * 2)",
            closure: { data, _, _ in
                (data.ratings.filter { $0.score >= 4.5 }.last?.date ?? .distantPast) > Dataset.now.addingTimeInterval(-86400 * 2)
            }),
        Workload(
            name: "W1466", rule: "didPurchase.donations.filter { $0.price > 150 }.map(\\.sku).sorted().first ?? \"\" < \"m\"",
            closure: { data, _, _ in
                data.purchases.filter { $0.price > 150 }.map(\.sku).sorted().first ?? "" < "m"
            }),
        Workload(
            name: "W1467", rule: "didLogin.donations.count >= 5 && didViewLandmarkDetail.donations.filter { $0.landmarkID <= 5 }.count > 50",
            closure: { data, _, _ in
                data.logins.count >= 5 && data.views.filter { $0.landmarkID <= 5 }.count > 50
            }),
        Workload(
            name: "W1468", rule: "didRate.donations.map { Int($0.score) }.reduce(0, +) > 1500",
            closure: { data, _, _ in
                data.ratings.map { Int($0.score) }.reduce(0, +) > 1500
            }),
        Workload(
            name: "W1469", rule: "didPurchase.donations.map { Int($0.price) / 10 }.max() ?? 0 > 15",
            closure: { data, _, _ in
                data.purchases.map { Int($0.price) / 10 }.max() ?? 0 > 15
            }),
        Workload(
            name: "W1470", rule: "didRate.donations.filter { $0.comment?.count ?? 0 > 7 }.count > 50",
            closure: { data, _, _ in
                data.ratings.filter { $0.comment?.count ?? 0 > 7 }.count > 50
            }),
        Workload(
            name: "W1471", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName != \"Wilbere Bowl\" }.map(\\.landmarkID).reduce(0, +) % 7 == 3",
            closure: { data, _, _ in
                data.views.filter { $0.landmarkName != "Wilbere Bowl" }.map(\.landmarkID).reduce(0, +) % 7 == 3
            }),
        Workload(
            name: "W1472", rule: "didPurchase.donations.reduce(0.0) { $0 + ($1.isGift ? $1.price : 0) } / max(1, didPurchase.donations.reduce(0.0) { $0 + $1.price }) > 0.1",
            closure: { data, _, _ in
                data.purchases.reduce(0.0) { $0 + ($1.isGift ? $1.price : 0) } / max(1, data.purchases.reduce(0.0) { $0 + $1.price }) > 0.1
            }),
        Workload(
            name: "W1473", rule: "didRate.donations.contains { r in r.score >= 4.5 && didPurchase.donations.suffix(50).contains { $0.date > r.date && $0.price > 190 } }",
            closure: { data, _, _ in
                data.ratings.contains { r in r.score >= 4.5 && data.purchases.suffix(50).contains { $0.date > r.date && $0.price > 190 } }
            }),
        Workload(
            name: "W1474", rule: "didViewLandmarkDetail.donations.map(\\.landmarkID).max()! - didViewLandmarkDetail.donations.map(\\.landmarkID).min()! > 40",
            closure: { data, _, _ in
                data.views.map(\.landmarkID).max()! - data.views.map(\.landmarkID).min()! > 40
            }),
        Workload(
            name: "W1475", rule: "didRate.donations.filter { $0.comment?.hasPrefix(\"great 4\") ?? false }.map(\\.score).reduce(0, +) > 20",
            closure: { data, _, _ in
                data.ratings.filter { $0.comment?.hasPrefix("great 4") ?? false }.map(\.score).reduce(0, +) > 20
            }),
        Workload(
            name: "W1476", rule: "didPurchase.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 7) }.contains { $0.sku == \"bear-can\" }",
            closure: { data, _, _ in
                data.purchases.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 7) }.contains { $0.sku == "bear-can" }
            }),
        Workload(
            name: "W1477", rule: "didRate.donations.map { $0.helpful ?? 0 }.filter { $0 > 15 }.count > didRate.donations.count / 10",
            closure: { data, _, _ in
                data.ratings.map { $0.helpful ?? 0 }.filter { $0 > 15 }.count > data.ratings.count / 10
            }),
    ]

    private static let workloads44: [Workload] = [
        Workload(
            name: "W1478", rule: "didRate.donations.filter { r in didPurchase.donations.contains { $0.date > r.date && $0.date.timeIntervalSince(r.date) < 86400 } }.count > 5",
            closure: { data, _, _ in
                data.ratings.filter { r in data.purchases.contains { $0.date > r.date && $0.date.timeIntervalSince(r.date) < 86400 } }.count > 5
            }),
        Workload(
            name: "W1479", rule: "didViewLandmarkDetail.donations.filter { v in didRate.donations.contains { $0.landmarkID == v.landmarkID && $0.score >= 4.5 } }.count > 100",
            closure: { data, _, _ in
                data.views.filter { v in data.ratings.contains { $0.landmarkID == v.landmarkID && $0.score >= 4.5 } }.count > 100
            }),
        Workload(
            name: "W1480", rule: "didRate.donations.count(where: { r in didViewLandmarkDetail.donations.contains { $0.landmarkID == r.landmarkID } }) > 500",
            closure: { data, _, _ in
                data.ratings.count(where: { r in data.views.contains { $0.landmarkID == r.landmarkID } }) > 500
            }),
        Workload(
            name: "W1481", rule: "ratedW1481.filter { !viewedW1481.contains($0) }.count < 5",
            declarations: """
            let ratedW1481 = didRate.donations.map(\\.landmarkID)
            let viewedW1481 = Set(didViewLandmarkDetail.donations.map(\\.landmarkID))

            """,
            closure: { data, _, _ in
                let rated = data.ratings.map(\.landmarkID)
                let viewed = Set(data.views.map(\.landmarkID))
                return rated.filter { !viewed.contains($0) }.count < 5
            }),
        Workload(
            name: "W1482", rule: "didPurchase.donations.filter { $0.coupon?.hasSuffix(\"0\") ?? false }.map(\\.price).reduce(0, +) > 1000",
            closure: { data, _, _ in
                data.purchases.filter { $0.coupon?.hasSuffix("0") ?? false }.map(\.price).reduce(0, +) > 1000
            }),
        Workload(
            name: "W1483", rule: "didRate.donations.map { $0.comment?.count ?? 0 }.reduce(0, +) / max(1, didRate.donations.count) > 2",
            closure: { data, _, _ in
                data.ratings.map { $0.comment?.count ?? 0 }.reduce(0, +) / max(1, data.ratings.count) > 2
            }),
        Workload(
            name: "W1484", rule: "didPurchase.donations.filter { $0.discount != nil }.map { $0.price * $0.discount! }.reduce(0, +) > 2000",
            closure: { data, _, _ in
                data.purchases.filter { $0.discount != nil }.map { $0.price * $0.discount! }.reduce(0, +) > 2000
            }),
        Workload(
            name: "W1485", rule: "didViewLandmarkDetail.donations.reversed().first { $0.landmarkName.hasPrefix(\"Big\") }?.landmarkID ?? 0 > 10",
            closure: { data, _, _ in
                data.views.reversed().first { $0.landmarkName.hasPrefix("Big") }?.landmarkID ?? 0 > 10
            }),
        Workload(
            name: "W1486", rule: "didRate.donations.suffix(200).filter { $0.comment != nil }.map(\\.score).reduce(0, +) > 100",
            closure: { data, _, _ in
                data.ratings.suffix(200).filter { $0.comment != nil }.map(\.score).reduce(0, +) > 100
            }),
        Workload(
            name: "W1487", rule: "didPurchase.donations.dropLast(100).filter { $0.quantity >= 4 }.count > didPurchase.donations.suffix(100).filter { $0.quantity >= 4 }.count",
            closure: { data, _, _ in
                data.purchases.dropLast(100).filter { $0.quantity >= 4 }.count > data.purchases.suffix(100).filter { $0.quantity >= 4 }.count
            }),
        Workload(
            name: "W1488", rule: "didRate.donations.map { $0.score >= 4 ? \"good\" : \"other\" }.filter { $0 == \"good\" }.count > 100",
            closure: { data, _, _ in
                data.ratings.map { $0.score >= 4 ? "good" : "other" }.filter { $0 == "good" }.count > 100
            }),
        Workload(
            name: "W1489", rule: "didPurchase.donations.map { $0.isGift ? $0.price * 0.9 : $0.price }.reduce(0, +) > 50000",
            closure: { data, _, _ in
                data.purchases.map { $0.isGift ? $0.price * 0.9 : $0.price }.reduce(0, +) > 50000
            }),
        Workload(
            name: "W1490", rule: "didRate.donations.allSatisfy { $0.helpful == nil || $0.helpful! >= 0 }",
            closure: { data, _, _ in
                data.ratings.allSatisfy { $0.helpful == nil || $0.helpful! >= 0 }
            }),
        Workload(
            name: "W1491", rule: "didViewLandmarkDetail.donations.map(\\.landmarkID).filter { $0 > 25 }.reduce(0) { $0 + $1 } > 10000",
            closure: { data, _, _ in
                data.views.map(\.landmarkID).filter { $0 > 25 }.reduce(0) { $0 + $1 } > 10000
            }),
        Workload(
            name: "W1492", rule: "didPurchase.donations.count(where: { $0.date > Date.now.addingTimeInterval(-86400 * 14) && $0.price > 100 }) >= 3",
            closure: { data, _, _ in
                data.purchases.count(where: { $0.date > Dataset.now.addingTimeInterval(-86400 * 14) && $0.price > 100 }) >= 3
            }),
        Workload(
            name: "W1493", rule: "didRate.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 7) }.allSatisfy { $0.score >= 2 }",
            closure: { data, _, _ in
                data.ratings.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 7) }.allSatisfy { $0.score >= 2 }
            }),
        Workload(
            name: "W1494", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName.count }.reduce(0, +) > 5000",
            closure: { data, _, _ in
                data.views.map { $0.landmarkName.count }.reduce(0, +) > 5000
            }),
        Workload(
            name: "W1495", rule: "didPurchase.donations.map(\\.quantity).max() ?? 0 >= 5 && didPurchase.donations.map(\\.quantity).min() ?? 0 <= 1",
            closure: { data, _, _ in
                data.purchases.map(\.quantity).max() ?? 0 >= 5 && data.purchases.map(\.quantity).min() ?? 0 <= 1
            }),
        Workload(
            name: "W1496", rule: "didRate.donations.sorted { $0.score < $1.score }.first?.comment == nil",
            closure: { data, _, _ in
                data.ratings.sorted { $0.score < $1.score }.first?.comment == nil
            }),
        Workload(
            name: "W1497", rule: "didPurchase.donations.map(\\.price).reduce(0.0) { $0 > $1 ? $0 : $1 } > 190",
            closure: { data, _, _ in
                data.purchases.map(\.price).reduce(0.0) { $0 > $1 ? $0 : $1 } > 190
            }),
        Workload(
            name: "W1498", rule: "Set(didRate.donations.compactMap(\\.helpful)).count >= 10",
            closure: { data, _, _ in
                Set(data.ratings.compactMap(\.helpful)).count >= 10
            }),
        Workload(
            name: "W1499", rule: "didRate.donations.reduce(0) { $0 + ($1.helpful ?? 0) } > didRate.donations.count * 5",
            closure: { data, _, _ in
                data.ratings.reduce(0) { $0 + ($1.helpful ?? 0) } > data.ratings.count * 5
            }),
        Workload(
            name: "W1500", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkID == (didRate.donations.last?.landmarkID ?? 0) }.count >= 2",
            closure: { data, _, _ in
                data.views.filter { $0.landmarkID == (data.ratings.last?.landmarkID ?? 0) }.count >= 2
            }),
        Workload(
            name: "W1501", rule: "didPurchase.donations.contains { $0.sku == \"tent-4p\" && $0.isGift }",
            closure: { data, _, _ in
                data.purchases.contains { $0.sku == "tent-4p" && $0.isGift }
            }),
        Workload(
            name: "W1502", rule: "didRate.donations.map { Double($0.helpful ?? 0) * $0.score }.reduce(0, +) / Double(max(1, didRate.donations.count)) > 10",
            closure: { data, _, _ in
                data.ratings.map { Double($0.helpful ?? 0) * $0.score }.reduce(0, +) / Double(max(1, data.ratings.count)) > 10
            }),
        Workload(
            name: "W1503", rule: "recentScoresW1503.count > 5 && recentScoresW1503.reduce(0, +) / Double(recentScoresW1503.count) > 2.5",
            declarations: """
            let recentScoresW1503 = didRate.donations.donatedWithin(.days(14)).map(\\.score)

            """,
            closure: { data, calendar, _ in
                let recent = within(data.ratings, .day, 14, calendar).map(\.score)
                return recent.count > 5 && recent.reduce(0, +) / Double(recent.count) > 2.5
            }),
        Workload(
            name: "W1504", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName == \"Yosemite\" }.map(\\.date).max() ?? .distantPast > Date.now.addingTimeInterval(-86400 * 3)",
            closure: { data, _, _ in
                data.views.filter { $0.landmarkName == "Yosemite" }.map(\.date).max() ?? .distantPast > Dataset.now.addingTimeInterval(-86400 * 3)
            }),
        Workload(
            name: "W1505", rule: "didPurchase.donations.filter { $0.price < 20 }.count > didPurchase.donations.filter { $0.price > 180 }.count",
            closure: { data, _, _ in
                data.purchases.filter { $0.price < 20 }.count > data.purchases.filter { $0.price > 180 }.count
            }),
        Workload(
            name: "W1506", rule: "didRate.donations.contains { $0.comment?.contains(\"great 4\") == true && $0.score < 1 }",
            closure: { data, _, _ in
                data.ratings.contains { $0.comment?.contains("great 4") == true && $0.score < 1 }
            }),
        Workload(
            name: "W1507", rule: "didPurchase.donations.reduce(0.0) { $0 + Double($1.quantity) * ($1.isGift ? 0 : $1.price) } > 100000",
            closure: { data, _, _ in
                data.purchases.reduce(0.0) { $0 + Double($1.quantity) * ($1.isGift ? 0 : $1.price) } > 100000
            }),
        Workload(
            name: "W1508", rule: "didViewLandmarkDetail.donations.map(\\.landmarkID).sorted(by: >).prefix(10).reduce(0, +) > 400",
            closure: { data, _, _ in
                data.views.map(\.landmarkID).sorted(by: >).prefix(10).reduce(0, +) > 400
            }),
    ]

    /// Session 37: arrays that `sorted()`, slices and `+` made, then folded, filtered and mapped.
    private static let workloads45: [Workload] = [
        Workload(
            name: "W1509", rule: "didRate.donations.map(\\.score).sorted().suffix(3).reduce(0, +) / 3 >= 4.5",
            closure: { data, _, _ in
                let best: Double = data.ratings.map(\.score).sorted().suffix(3).reduce(0, +)
                return best / 3 >= 4.5
            }),
        Workload(
            name: "W1510", rule: "didPurchase.donations.map(\\.price).sorted(by: >).prefix(5).reduce(0, +) > 500",
            closure: { data, _, _ in
                let dearest: Double = data.purchases.map(\.price).sorted(by: >).prefix(5).reduce(0, +)
                return dearest > 500
            }),
        Workload(
            name: "W1511", rule: "didRate.donations.map(\\.score).sorted().filter { $0 >= 4 }.count > 100",
            closure: { data, _, _ in
                data.ratings.map(\.score).sorted().filter { $0 >= 4 }.count > 100
            }),
        Workload(
            name: "W1512", rule: "didRate.donations.compactMap(\\.helpful).sorted().last ?? 0 > 15",
            closure: { data, _, _ in
                let largest: Int = data.ratings.compactMap(\.helpful).sorted().last ?? 0
                return largest > 15
            }),
        Workload(
            name: "W1513", rule: "(didRate.donations.map(\\.landmarkID) + didViewLandmarkDetail.donations.map(\\.landmarkID)).filter { $0 == 3 }.count > 10",
            closure: { data, _, _ in
                (data.ratings.map(\.landmarkID) + data.views.map(\.landmarkID)).filter { $0 == 3 }.count > 10
            }),
        Workload(
            name: "W1514", rule: "didPurchase.donations.map(\\.quantity).sorted().reversed().prefix(3).reduce(0, +) >= 10",
            closure: { data, _, _ in
                data.purchases.map(\.quantity).sorted().reversed().prefix(3).reduce(0, +) >= 10
            }),
        Workload(
            name: "W1515", rule: "didRate.donations.map(\\.score).sorted().map { $0 * 20 }.contains { $0 >= 99 }",
            closure: { data, _, _ in
                data.ratings.map(\.score).sorted().map { $0 * 20 }.contains { $0 >= 99 }
            }),
        Workload(
            name: "W1516", rule: "didPurchase.donations.map(\\.price).sorted().dropFirst(10).allSatisfy { $0 > 1 }",
            closure: { data, _, _ in
                data.purchases.map(\.price).sorted().dropFirst(10).allSatisfy { $0 > 1 }
            }),
        Workload(
            name: "W1517", rule: "didRate.donations.suffix(50).map(\\.score).sorted().first(where: { $0 > 3 }) ?? 0 > 3.2",
            closure: { data, _, _ in
                let lowest: Double = data.ratings.suffix(50).map(\.score).sorted().first(where: { $0 > 3 }) ?? 0
                return lowest > 3.2
            }),
        Workload(
            name: "W1518", rule: "didPurchase.donations.map { $0.price * Double($0.quantity) }.sorted().suffix(10).reduce(0, +) > 2000",
            closure: { data, _, _ in
                let values: [Double] = data.purchases.map { $0.price * Double($0.quantity) }
                return values.sorted().suffix(10).reduce(0, +) > 2000
            }),
        Workload(
            name: "W1519", rule: "didRate.donations.map(\\.landmarkID).sorted().reduce(0) { max($0, $1) } > 5",
            closure: { data, _, _ in
                data.ratings.map(\.landmarkID).sorted().reduce(0) { max($0, $1) } > 5
            }),
        Workload(
            name: "W1520", rule: "didRate.donations.map(\\.score).reversed().prefix(20).reduce(0, +) / 20 > 3",
            closure: { data, _, _ in
                let recent: Double = data.ratings.map(\.score).reversed().prefix(20).reduce(0, +)
                return recent / 20 > 3
            }),
    ]

    private static let workloads46: [Workload] = [
        Workload(
            name: "W1521", rule: "(didRate.donations.map(\\.score) + [5.0]).max() ?? 0 >= 5",
            closure: { data, _, _ in
                let best: Double = (data.ratings.map(\.score) + [5.0]).max() ?? 0
                return best >= 5
            }),
        Workload(
            name: "W1522", rule: "didPurchase.donations.map { $0.discount ?? 0 }.sorted().count(where: { $0 > 0.1 }) > 50",
            closure: { data, _, _ in
                let discounts: [Double] = data.purchases.map { $0.discount ?? 0 }
                return discounts.sorted().count(where: { $0 > 0.1 }) > 50
            }),
        Workload(
            name: "W1523", rule: "didRate.donations.compactMap(\\.helpful).sorted(by: >).prefix(10).map { $0 * 2 }.reduce(0, +) > 100",
            closure: { data, _, _ in
                data.ratings.compactMap(\.helpful).sorted(by: >).prefix(10).map { $0 * 2 }.reduce(0, +) > 100
            }),
        Workload(
            name: "W1524", rule: "didViewLandmarkDetail.donations.map(\\.landmarkID).sorted().dropFirst(100).first ?? 0 > 2",
            closure: { data, _, _ in
                let id: Int = data.views.map(\.landmarkID).sorted().dropFirst(100).first ?? 0
                return id > 2
            }),
        Workload(
            name: "W1525", rule: "didPurchase.donations.filter(\\.isGift).map(\\.quantity).sorted().suffix(5).reduce(0, +) > 8",
            closure: { data, _, _ in
                data.purchases.filter(\.isGift).map(\.quantity).sorted().suffix(5).reduce(0, +) > 8
            }),
        Workload(
            name: "W1526", rule: "didRate.donations.map(\\.score).sorted().prefix(100).reduce(0.0) { $0 + $1 * $1 } > 50",
            closure: { data, _, _ in
                let squares: Double = data.ratings.map(\.score).sorted().prefix(100).reduce(0.0) { $0 + $1 * $1 }
                return squares > 50
            }),
        Workload(
            name: "W1527", rule: "didRate.donations.map(\\.score).sorted(by: >).prefix(3).allSatisfy { $0 >= 4.9 }",
            closure: { data, _, _ in
                data.ratings.map(\.score).sorted(by: >).prefix(3).allSatisfy { $0 >= 4.9 }
            }),
        Workload(
            name: "W1528", rule: "didPurchase.donations.map(\\.price).sorted().prefix(500).filter { $0 < 20 }.count > 30",
            closure: { data, _, _ in
                data.purchases.map(\.price).sorted().prefix(500).filter { $0 < 20 }.count > 30
            }),
        Workload(
            name: "W1529", rule: "didRate.donations.compactMap(\\.helpful).sorted().reduce(0) { $0 + $1 / 2 } > 100",
            closure: { data, _, _ in
                data.ratings.compactMap(\.helpful).sorted().reduce(0) { $0 + $1 / 2 } > 100
            }),
        Workload(
            name: "W1530", rule: "(didPurchase.donations.map(\\.quantity) + didPurchase.donations.map(\\.quantity)).reduce(0, +) > 100",
            closure: { data, _, _ in
                (data.purchases.map(\.quantity) + data.purchases.map(\.quantity)).reduce(0, +) > 100
            }),
        Workload(
            name: "W1531", rule: "didRate.donations.map(\\.score).sorted().reversed().map { 5 - $0 }.reduce(0, +) < 900",
            closure: { data, _, _ in
                let shortfall: Double = data.ratings.map(\.score).sorted().reversed().map { 5 - $0 }.reduce(0, +)
                return shortfall < 900
            }),
        Workload(
            name: "W1532", rule: "didViewLandmarkDetail.donations.map(\\.landmarkID).sorted().last(where: { $0 < 5 }) == 4",
            closure: { data, _, _ in
                data.views.map(\.landmarkID).sorted().last(where: { $0 < 5 }) == 4
            }),
    ]

    private static let workloads47: [Workload] = [
        Workload(
            name: "W1533", rule: "didPurchase.donations.contains { p in didViewLandmarkDetail.donations.contains { $0.date < p.date && p.date.timeIntervalSince($0.date) < 600 } }",
            closure: { data, _, _ in
                data.purchases.contains { p in data.views.contains { $0.date < p.date && p.date.timeIntervalSince($0.date) < 600 } }
            }),
        Workload(
            name: "W1534", rule: "didRate.donations.count(where: { r in didViewLandmarkDetail.donations.contains { $0.date <= r.date } }) >= 5",
            closure: { data, _, _ in
                data.ratings.count(where: { r in data.views.contains { $0.date <= r.date } }) >= 5
            }),
        Workload(
            name: "W1535", rule: "didLogin.donations.allSatisfy { l in didViewLandmarkDetail.donations.contains { $0.date > l.date && $0.date.timeIntervalSince(l.date) < 86400 } }",
            closure: { data, _, _ in
                data.logins.allSatisfy { l in data.views.contains { $0.date > l.date && $0.date.timeIntervalSince(l.date) < 86400 } }
            }),
        Workload(
            name: "W1536", rule: "didViewLandmarkDetail.donations.filter { v in !didPurchase.donations.contains { $0.date > v.date } }.count > 10",
            closure: { data, _, _ in
                data.views.filter { v in !data.purchases.contains { $0.date > v.date } }.count > 10
            }),
        Workload(
            name: "W1537", rule: "didRate.donations.filter { r in didLogin.donations.last { $0.date <= r.date } == nil }.isEmpty",
            closure: { data, _, _ in
                data.ratings.filter { r in data.logins.last { $0.date <= r.date } == nil }.isEmpty
            }),
        Workload(
            name: "W1538", rule: "didPurchase.donations.count(where: { p in didLogin.donations.contains { abs($0.date.timeIntervalSince(p.date)) < 3600 } }) > 2",
            closure: { data, _, _ in
                data.purchases.count(where: { p in data.logins.contains { abs($0.date.timeIntervalSince(p.date)) < 3600 } }) > 2
            }),
        Workload(
            name: "W1539", rule: "didRate.donations.first { r in didPurchase.donations.contains { $0.date < r.date } }?.score ?? 0 >= 4",
            closure: { data, _, _ in
                data.ratings.first { r in data.purchases.contains { $0.date < r.date } }?.score ?? 0 >= 4
            }),
        Workload(
            name: "W1540", rule: "didViewLandmarkDetail.donations.suffix(100).filter { v in didRate.donations.contains { $0.date >= v.date && $0.date.timeIntervalSince(v.date) <= 86400 } }.count >= 3",
            closure: { data, _, _ in
                data.views.suffix(100).filter { v in data.ratings.contains { $0.date >= v.date && $0.date.timeIntervalSince(v.date) <= 86400 } }.count >= 3
            }),
        Workload(
            name: "W1541", rule: "didLogin.donations.filter { l in didPurchase.donations.allSatisfy { $0.date < l.date || $0.date > l.date.addingTimeInterval(3600) } }.count > 3",
            closure: { data, _, _ in
                data.logins.filter { l in data.purchases.allSatisfy { $0.date < l.date || $0.date > l.date.addingTimeInterval(3600) } }.count > 3
            }),
        Workload(
            name: "W1542", rule: "(didRate.donations.last { r in didViewLandmarkDetail.donations.contains { $0.date < r.date && r.date.timeIntervalSince($0.date) < 7200 } }?.date ?? .distantPast) > Date.now.addingTimeInterval(-86400 * 7)",
            closure: { data, _, _ in
                (data.ratings.last { r in data.views.contains { $0.date < r.date && r.date.timeIntervalSince($0.date) < 7200 } }?.date ?? .distantPast) > Dataset.now.addingTimeInterval(-86400 * 7)
            }),
        Workload(
            name: "W1543", rule: "didViewLandmarkDetail.donations.reversed().prefix(50).contains { v in didLogin.donations.contains { $0.date <= v.date && v.date.timeIntervalSince($0.date) < 1800 } }",
            closure: { data, _, _ in
                data.views.reversed().prefix(50).contains { v in data.logins.contains { $0.date <= v.date && v.date.timeIntervalSince($0.date) < 1800 } }
            }),
        Workload(
            name: "W1544", rule: "didPurchase.donations.filter { p in didRate.donations.contains { $0.date > p.date } }.map(\\.price).reduce(0, +) > 500",
            closure: { data, _, _ in
                let total: Double = data.purchases.filter { p in data.ratings.contains { $0.date > p.date } }.map(\.price).reduce(0, +)
                return total > 500
            }),
        Workload(
            name: "W1545", rule: "didRate.donations.count(where: { r in r.score >= 4 && didLogin.donations.contains { $0.date <= r.date && r.date.timeIntervalSince($0.date) < 86400 * 2 } }) > 10",
            closure: { data, _, _ in
                data.ratings.count(where: { r in r.score >= 4 && data.logins.contains { $0.date <= r.date && r.date.timeIntervalSince($0.date) < 86400 * 2 } }) > 10
            }),
        Workload(
            name: "W1546", rule: "didViewLandmarkDetail.donations.filter { v in v.date.timeIntervalSince(didLogin.donations.last { $0.date <= v.date }?.date ?? .distantPast) < 600 }.count > 5",
            closure: { data, _, _ in
                data.views.filter { v in v.date.timeIntervalSince(data.logins.last { $0.date <= v.date }?.date ?? .distantPast) < 600 }.count > 5
            }),
        Workload(
            name: "W1547", rule: "didLogin.donations.map { l in didViewLandmarkDetail.donations.filter { $0.date >= l.date && $0.date < l.date.addingTimeInterval(86400) }.count }.max() ?? 0 >= 20",
            closure: { data, _, _ in
                (data.logins.map { l in data.views.filter { $0.date >= l.date && $0.date < l.date.addingTimeInterval(86400) }.count }.max() ?? 0) >= 20
            }),
        Workload(
            name: "W1548", rule: "didRate.donations.allSatisfy { r in didViewLandmarkDetail.donations.contains { $0.landmarkID == r.landmarkID && $0.date <= r.date } }",
            closure: { data, _, _ in
                data.ratings.allSatisfy { r in data.views.contains { $0.landmarkID == r.landmarkID && $0.date <= r.date } }
            }),
        Workload(
            name: "W1549", rule: "didRate.donations.filter { $0.score > 3 && ($0.helpful ?? 0) > 1 }.map { $0.score }.reduce(0, +) > 10",
            closure: { data, _, _ in
                data.ratings.filter { $0.score > 3 && ($0.helpful ?? 0) > 1 }.map { $0.score }.reduce(0, +) > 10
            }),
        Workload(
            name: "W1550", rule: "didRate.donations.compactMap { $0.helpful }.reduce(0, +) > 100",
            closure: { data, _, _ in
                data.ratings.compactMap { $0.helpful }.reduce(0, +) > 100
            }),
        Workload(
            name: "W1551", rule: "didRate.donations.compactMap(\\.helpful).max() ?? 0 > 3",
            closure: { data, _, _ in
                data.ratings.compactMap(\.helpful).max() ?? 0 > 3
            }),
        Workload(
            name: "W1552", rule: "Set(didRate.donations.map { $0.landmarkID % 10 }).count > 5",
            closure: { data, _, _ in
                Set(data.ratings.map { $0.landmarkID % 10 }).count > 5
            }),
        Workload(
            name: "W1553", rule: "didRate.donations.map { Int($0.score) }.reduce(0, +) > 100",
            closure: { data, _, _ in
                data.ratings.map { Int($0.score) }.reduce(0, +) > 100
            }),
        Workload(
            name: "W1554", rule: "didRate.donations.map { Int($0.score * 10) % 7 }.filter { $0 == 3 }.count > 10",
            closure: { data, _, _ in
                data.ratings.map { Int($0.score * 10) % 7 }.filter { $0 == 3 }.count > 10
            }),
        Workload(
            name: "W1555", rule: "didRate.donations.map { $0.score * $0.score }.reduce(0, +) / Double(didRate.donations.count) > 5",
            closure: { data, _, _ in
                data.ratings.map { $0.score * $0.score }.reduce(0, +) / Double(data.ratings.count) > 5
            }),
        Workload(
            name: "W1556", rule: "didPurchase.donations.filter { $0.price > 50 && !$0.isGift }.map { $0.price * Double($0.quantity) }.reduce(0, +) > 500",
            closure: { data, _, _ in
                data.purchases.filter { $0.price > 50 && !$0.isGift }.map { $0.price * Double($0.quantity) }.reduce(0, +) > 500
            }),
        Workload(
            name: "W1557", rule: "didPurchase.donations.filter { $0.coupon != nil }.map { $0.discount ?? 0 }.reduce(0, +) > 1",
            closure: { data, _, _ in
                data.purchases.filter { $0.coupon != nil }.map { $0.discount ?? 0 }.reduce(0, +) > 1
            }),
        Workload(
            name: "W1558", rule: "didPurchase.donations.contains { $0.sku == \"stove\" && $0.quantity > 4 && $0.isGift }",
            closure: { data, _, _ in
                data.purchases.contains { $0.sku == "stove" && $0.quantity > 4 && $0.isGift }
            }),
        Workload(
            name: "W1559", rule: "didRate.donations.filter { $0.comment?.lowercased().contains(\"great 1\") ?? false }.count > 3",
            closure: { data, _, _ in
                data.ratings.filter { $0.comment?.lowercased().contains("great 1") ?? false }.count > 3
            }),
        Workload(
            name: "W1560", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.count > 10 }.count > 3",
            closure: { data, _, _ in
                data.views.filter { $0.landmarkName.count > 10 }.count > 3
            }),
        Workload(
            name: "W1561", rule: "didViewLandmarkDetail.donations.reduce(0) { $0 + $1.landmarkName.count } > 1000",
            closure: { data, _, _ in
                data.views.reduce(0) { $0 + $1.landmarkName.count } > 1000
            }),
        Workload(
            name: "W1562", rule: "didRate.donations.map { $0.comment?.count ?? 0 }.reduce(0, +) > 100",
            closure: { data, _, _ in
                data.ratings.map { $0.comment?.count ?? 0 }.reduce(0, +) > 100
            }),
        Workload(
            name: "W1563", rule: "didRate.donations.reduce(0.0) { max($0, $1.score) } > 4",
            closure: { data, _, _ in
                data.ratings.reduce(0.0) { max($0, $1.score) } > 4
            }),
        Workload(
            name: "W1564", rule: "didRate.donations.sorted { $0.score < $1.score }.last!.score > 4",
            closure: { data, _, _ in
                data.ratings.sorted { $0.score < $1.score }.last!.score > 4
            }),
        Workload(
            name: "W1565", rule: "didPurchase.donations.sorted { $0.price > $1.price }.prefix(3).map(\\.price).reduce(0, +) > 300",
            closure: { data, _, _ in
                data.purchases.sorted { $0.price > $1.price }.prefix(3).map(\.price).reduce(0, +) > 300
            }),
        Workload(
            name: "W1566", rule: "didPurchase.donations.filter { $0.sku.hasPrefix(\"tent\") }.count > 10",
            closure: { data, _, _ in
                data.purchases.filter { $0.sku.hasPrefix("tent") }.count > 10
            }),
        Workload(
            name: "W1567", rule: "Set(didPurchase.donations.map(\\.sku)).count >= 5",
            closure: { data, _, _ in
                Set(data.purchases.map(\.sku)).count >= 5
            }),
        Workload(
            name: "W1568", rule: "didRate.donations.allSatisfy { $0.comment == nil || $0.comment!.count < 100 }",
            closure: { data, _, _ in
                data.ratings.allSatisfy { $0.comment == nil || $0.comment!.count < 100 }
            }),
        Workload(
            name: "W1569", rule: "didPurchase.donations.filter { $0.isGift ? $0.price > 20 : $0.price > 150 }.count >= 3",
            closure: { data, _, _ in
                data.purchases.filter { $0.isGift ? $0.price > 20 : $0.price > 150 }.count >= 3
            }),
        Workload(
            name: "W1570", rule: "didRate.donations.contains { $0.comment != nil ? $0.comment!.hasPrefix(\"great 4\") : $0.score > 4.95 }",
            closure: { data, _, _ in
                data.ratings.contains { $0.comment != nil ? $0.comment!.hasPrefix("great 4") : $0.score > 4.95 }
            }),
        Workload(
            name: "W1571", rule: "(didViewLandmarkDetail.donations.donatedWithin(.week).map(\\.landmarkID).max() ?? 0) > 40",
            closure: { data, calendar, _ in
                (within(data.views, .day, 7, calendar).map(\.landmarkID).max() ?? 0) > 40
            }),
        Workload(
            name: "W1572", rule: "(didPurchase.donations.map { $0.price * Double($0.quantity) }.max() ?? 0) > 500",
            closure: { data, _, _ in
                (data.purchases.map { $0.price * Double($0.quantity) }.max() ?? 0) > 500
            }),
        Workload(
            name: "W1573", rule: "didLogin.donations.count > 1 && didLogin.donations.last!.date.timeIntervalSince(didLogin.donations.first!.date) > 86400 * 7",
            closure: { data, _, _ in
                data.logins.count > 1 && data.logins.last!.date.timeIntervalSince(data.logins.first!.date) > 86400 * 7
            }),
        Workload(
            name: "W1574", rule: "didRate.donations.filter { $0.helpful != nil }.map { $0.helpful! }.reduce(0, +) > 50",
            closure: { data, _, _ in
                data.ratings.filter { $0.helpful != nil }.map { $0.helpful! }.reduce(0, +) > 50
            }),
        Workload(
            name: "W1575", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.lowercased().contains(\"lake\") }.count > 10",
            closure: { data, _, _ in
                data.views.filter { $0.landmarkName.lowercased().contains("lake") }.count > 10
            }),
        Workload(
            name: "W1576", rule: "didPurchase.donations.contains { $0.sku.hasSuffix(\"-w\") && $0.quantity > 4 }",
            closure: { data, _, _ in
                data.purchases.contains { $0.sku.hasSuffix("-w") && $0.quantity > 4 }
            }),
        Workload(
            name: "W1577", rule: "didRate.donations.prefix(100).allSatisfy { $0.score >= 0 }",
            closure: { data, _, _ in
                data.ratings.prefix(100).allSatisfy { $0.score >= 0 }
            }),
        Workload(
            name: "W1578", rule: "(didPurchase.donations.compactMap(\\.discount).max() ?? 0) > 0.25",
            closure: { data, _, _ in
                (data.purchases.compactMap(\.discount).max() ?? 0) > 0.25
            }),
        Workload(
            name: "W1579", rule: "Set(didPurchase.donations.filter { $0.isGift }.map(\\.sku)).count >= 3",
            closure: { data, _, _ in
                Set(data.purchases.filter { $0.isGift }.map(\.sku)).count >= 3
            }),
        Workload(
            name: "W1580", rule: "didRate.donations.sorted { $0.score > $1.score }.prefix(5).map(\\.landmarkID).contains(7)",
            closure: { data, _, _ in
                data.ratings.sorted { $0.score > $1.score }.prefix(5).map(\.landmarkID).contains(7)
            }),
        Workload(
            name: "W1581", rule: "(didViewLandmarkDetail.donations.last(where: { $0.landmarkID == 3 })?.date ?? .distantPast) > Date.now.addingTimeInterval(-86400 * 3)",
            closure: { data, _, _ in
                (data.views.last(where: { $0.landmarkID == 3 })?.date ?? .distantPast) > Dataset.now.addingTimeInterval(-86400 * 3)
            }),
        Workload(
            name: "W1582", rule: "didRate.donations.reduce(0) { $1.score >= 4 ? $0 + 1 : $0 } * 5 > didRate.donations.count",
            closure: { data, _, _ in
                data.ratings.reduce(0) { $1.score >= 4 ? $0 + 1 : $0 } * 5 > data.ratings.count
            }),
        Workload(
            name: "W1583", rule: "didPurchase.donations.filter { $0.coupon == \"SAVE10\" || $0.coupon == \"SAVE20\" }.count >= 2",
            closure: { data, _, _ in
                data.purchases.filter { $0.coupon == "SAVE10" || $0.coupon == "SAVE20" }.count >= 2
            }),
        Workload(
            name: "W1584", rule: "didRate.donations.count(where: { $0.comment?.isEmpty == false }) > 5",
            closure: { data, _, _ in
                data.ratings.count(where: { $0.comment?.isEmpty == false }) > 5
            }),
        Workload(
            name: "W1585", rule: "didViewLandmarkDetail.donations.dropFirst(10).contains { $0.landmarkName == \"Yosemite\" && $0.landmarkID > 45 }",
            closure: { data, _, _ in
                data.views.dropFirst(10).contains { $0.landmarkName == "Yosemite" && $0.landmarkID > 45 }
            }),
        Workload(
            name: "W1586", rule: "didPurchase.donations.map(\\.price).sorted().suffix(3).reduce(0, +) > 300",
            closure: { data, _, _ in
                data.purchases.map(\.price).sorted().suffix(3).reduce(0, +) > 300
            }),
        Workload(
            name: "W1587", rule: "didRate.donations.filter { Date.now.timeIntervalSince($0.date) < 86400 * 30 && $0.score > 4 }.count >= 10",
            closure: { data, _, _ in
                data.ratings.filter { Dataset.now.timeIntervalSince($0.date) < 86400 * 30 && $0.score > 4 }.count >= 10
            }),
        Workload(
            name: "W1588", rule: "didPurchase.donations.reduce(0.0) { $0 + ($1.isGift ? 0 : $1.price * Double($1.quantity)) } / Double(max(1, didPurchase.donations.count)) > 150",
            closure: { data, _, _ in
                data.purchases.reduce(0.0) { $0 + ($1.isGift ? 0 : $1.price * Double($1.quantity)) } / Double(max(1, data.purchases.count)) > 150
            }),
    ]

    // Session 44: twenty more shapes a new user would write.
    // Session 44: twenty more shapes a new user would write (in four lists, which the
    // compiler type-checks in time where one list of twenty closures is too much for it).
    private static let workloads48: [Workload] = [
        Workload(
            name: "W1589", rule: "didRate.donations.filter { $0.landmarkID == 7 }.map(\\.score).reduce(0, +) / Double(max(1, didRate.donations.filter { $0.landmarkID == 7 }.count)) >= 2.5",
            closure: { data, calendar, _ in
                data.ratings.filter { $0.landmarkID == 7 }.map(\.score).reduce(0.0, +) / Double(Swift.max(1, data.ratings.filter { $0.landmarkID == 7 }.count)) >= 2.5
            }),
        Workload(
            name: "W1590", rule: "gifts.count > 5 && giftTotal > 500",
            declarations: "let gifts = didPurchase.donations.filter { $0.isGift }\nlet giftTotal = gifts.reduce(0.0) { $0 + $1.price }\n",
            closure: { data, calendar, _ in
                giftsOverTotal(data.purchases)
            }),
        Workload(
            name: "W1591", rule: "didPurchase.donations.max(by: { $0.price < $1.price })?.sku == \"stove\"",
            closure: { data, calendar, _ in
                data.purchases.max(by: { $0.price < $1.price })?.sku == "stove"
            }),
        Workload(
            name: "W1592", rule: "didRate.donations.compactMap { $0.helpful }.filter { $0 > 10 }.count > 20",
            closure: { data, calendar, _ in
                data.ratings.compactMap { $0.helpful }.filter { $0 > 10 }.count > 20
            }),
        Workload(
            name: "W1593", rule: "didViewLandmarkDetail.donations.map { $0.landmarkName.uppercased() }.contains(\"YOSEMITE\")",
            closure: { data, calendar, _ in
                data.views.map { $0.landmarkName.uppercased() }.contains("YOSEMITE")
            }),
    ]
    private static let workloads49: [Workload] = [
        Workload(
            name: "W1594", rule: "didPurchase.donations.filter { ($0.discount ?? 0) > 0.1 }.map { $0.price * (1 - $0.discount!) }.reduce(0, +) > 1000",
            closure: { data, calendar, _ in
                data.purchases.filter { ($0.discount ?? 0) > 0.1 }.map { $0.price * (1 - $0.discount!) }.reduce(0.0, +) > 1000
            }),
        Workload(
            name: "W1595", rule: "didRate.donations.reversed().prefix(20).filter { $0.score >= 4 }.count >= 5",
            closure: { data, calendar, _ in
                data.ratings.reversed().prefix(20).filter { $0.score >= 4 }.count >= 5
            }),
        Workload(
            name: "W1596", rule: "didRate.donations.suffix(50).map(\\.score).reduce(0, +) / 50 > 2.4",
            closure: { data, calendar, _ in
                data.ratings.suffix(50).map(\.score).reduce(0.0, +) / 50 > 2.4
            }),
        Workload(
            name: "W1597", rule: "didPurchase.donations.contains { p in didRate.donations.contains { $0.date > p.date && $0.date.timeIntervalSince(p.date) < 600 && $0.score < 0.1 && p.price > 190 } }",
            closure: { data, calendar, _ in
                data.purchases.contains { p in data.ratings.contains { $0.date > p.date && $0.date.timeIntervalSince(p.date) < 600 && $0.score < 0.1 && p.price > 190 } }
            }),
        Workload(
            name: "W1598", rule: "didRate.donations.filter { $0.comment?.contains(\"great 1\") ?? false }.count > 3",
            closure: { data, calendar, _ in
                data.ratings.filter { $0.comment?.contains("great 1") ?? false }.count > 3
            }),
    ]
    private static let workloads50: [Workload] = [
        Workload(
            name: "W1599", rule: "Set(didRate.donations.filter { $0.score >= 4 }.map(\\.landmarkID)).count >= 10",
            closure: { data, calendar, _ in
                Set(data.ratings.filter { $0.score >= 4 }.map(\.landmarkID)).count >= 10
            }),
        Workload(
            name: "W1600", rule: "didPurchase.donations.map { $0.quantity }.max() ?? 0 >= 5 && didPurchase.donations.map { $0.quantity }.min() ?? 0 <= 1",
            closure: { data, calendar, _ in
                let quantities: [Int] = data.purchases.map { $0.quantity }
                return (quantities.max() ?? 0) >= 5 && (quantities.min() ?? 0) <= 1
            }),
        Workload(
            name: "W1601", rule: "didViewLandmarkDetail.donations.donatedWithin(.days(7)).map(\\.landmarkID).sorted().first ?? 0 == 1",
            closure: { data, calendar, _ in
                (within(data.views, .day, 7, calendar).map(\.landmarkID).sorted().first ?? 0) == 1
            }),
        Workload(
            name: "W1602", rule: "didRate.donations.reduce(0) { $0 + ($1.helpful ?? 0) } > 5000",
            closure: { data, calendar, _ in
                data.ratings.reduce(0) { $0 + ($1.helpful ?? 0) } > 5000
            }),
        Workload(
            name: "W1603", rule: "didPurchase.donations.filter { $0.sku == \"stove\" || $0.sku == \"lantern\" }.reduce(0) { $0 + $1.quantity } > 50",
            closure: { data, calendar, _ in
                data.purchases.filter { $0.sku == "stove" || $0.sku == "lantern" }.reduce(0) { $0 + $1.quantity } > 50
            }),
    ]
    private static let workloads51: [Workload] = [
        Workload(
            name: "W1604", rule: "didRate.donations.allSatisfy { $0.score < 5 } || didRate.donations.isEmpty",
            closure: { data, calendar, _ in
                data.ratings.allSatisfy { $0.score < 5 } || data.ratings.isEmpty
            }),
        Workload(
            name: "W1605", rule: "abs(didRate.donations.prefix(100).map(\\.score).reduce(0, +) - didRate.donations.suffix(100).map(\\.score).reduce(0, +)) < 50",
            closure: { data, calendar, _ in
                abs(Workloads.sum(data.ratings.prefix(100).map(\.score)) - Workloads.sum(data.ratings.suffix(100).map(\.score))) < 50
            }),
        Workload(
            name: "W1606", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.starts(with: \"Yo\") && Date.now.timeIntervalSince($0.date) < 86400 * 14 }.count >= 2",
            closure: { data, calendar, _ in
                data.views.filter { $0.landmarkName.starts(with: "Yo") && Dataset.now.timeIntervalSince($0.date) < 86400 * 14 }.count >= 2
            }),
        Workload(
            name: "W1607", rule: "didPurchase.donations.map { Int($0.price.rounded()) }.reduce(0, +) > 50000",
            closure: { data, calendar, _ in
                data.purchases.map { Int($0.price.rounded()) }.reduce(0, +) > 50000
            }),
        Workload(
            name: "W1608", rule: "(didRate.donations.first(where: { $0.score == 0 })?.date.timeIntervalSince(didRate.donations.first!.date) ?? 0) > 86400",
            closure: { data, calendar, _ in
                (data.ratings.first(where: { $0.score == 0 })?.date.timeIntervalSince(data.ratings.first!.date) ?? 0.0) > 86400.0
            }),
    ]

    // Session 44: shapes of composed `let`s, windows and nested closures.
    private static let workloads52: [Workload] = [
        Workload(
            name: "W1609", rule: "scoresW1609.reduce(0, +) / Double(max(1, scoresW1609.count)) > 2 && (scoresW1609.max() ?? 0) > 4.5",
            declarations: "let scoresW1609 = didRate.donations.map(\\.score)\n",
            closure: { data, calendar, _ in
                let scores: [Double] = data.ratings.map(\.score)
                let average: Double = scores.reduce(0, +) / Double(Swift.max(1, scores.count))
                return average > 2 && (scores.max() ?? 0) > 4.5
            }),
        Workload(
            name: "W1610", rule: "lastViewW1610 != nil && didRate.donations.filter { $0.landmarkID == lastViewW1610!.landmarkID }.count >= 3",
            declarations: "let lastViewW1610 = didViewLandmarkDetail.donations.last\n",
            closure: { data, calendar, _ in
                let last: LandmarkView? = data.views.last
                return last != nil && data.ratings.filter { $0.landmarkID == last!.landmarkID }.count >= 3
            }),
        Workload(
            name: "W1611", rule: "spentW1611 > 1000 && spentW1611 < 1000000",
            declarations: "let spentW1611 = didPurchase.donations.donatedWithin(.days(30)).reduce(0.0) { $0 + $1.price * Double($1.quantity) }\n",
            closure: { data, calendar, _ in
                let spent: Double = within(data.purchases, .day, 30, calendar).reduce(0.0) { $0 + $1.price * Double($1.quantity) }
                return spent > 1000 && spent < 1000000
            }),
        Workload(
            name: "W1612", rule: "namesW1612.count >= 3 && recentW1612.count >= 10",
            declarations: "let recentW1612 = didViewLandmarkDetail.donations.donatedWithin(.week)\nlet namesW1612 = Set(recentW1612.map(\\.landmarkName))\n",
            closure: { data, calendar, _ in
                let recent: [LandmarkView] = within(data.views, .weekOfYear, 1, calendar)
                let names: Set<String> = Set(recent.map(\.landmarkName))
                return names.count >= 3 && recent.count >= 10
            }),
        Workload(
            name: "W1613", rule: "didLogin.donations.donatedWithin(.days(14)).count >= 2 && didPurchase.donations.donatedWithin(.days(14)).isEmpty",
            closure: { data, calendar, _ in
                within(data.logins, .day, 14, calendar).count >= 2 && within(data.purchases, .day, 14, calendar).isEmpty
            }),
    ]

    private static let workloads53: [Workload] = [
        Workload(
            name: "W1614", rule: "didRate.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 7) }.map(\\.score).min() ?? 5 < 1",
            closure: { data, calendar, _ in
                (data.ratings.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 7) }.map(\.score).min() ?? 5) < 1
            }),
        Workload(
            name: "W1615", rule: "didPurchase.donations.filter { $0.coupon != nil }.count * 10 > didPurchase.donations.count",
            closure: { data, calendar, _ in
                data.purchases.filter { $0.coupon != nil }.count * 10 > data.purchases.count
            }),
        Workload(
            name: "W1616", rule: "didRate.donations.map { $0.score >= 4 ? 1 : 0 }.reduce(0, +) > 100",
            closure: { data, calendar, _ in
                data.ratings.map { $0.score >= 4 ? 1 : 0 }.reduce(0, +) > 100
            }),
        Workload(
            name: "W1617", rule: "didRate.donations.contains { r in r.score >= 4.8 && didPurchase.donations.contains { $0.date > r.date && $0.date.timeIntervalSince(r.date) < 3600 && $0.isGift } }",
            closure: { data, calendar, _ in
                data.ratings.contains { r in r.score >= 4.8 && data.purchases.contains { $0.date > r.date && $0.date.timeIntervalSince(r.date) < 3600 && $0.isGift } }
            }),
        Workload(
            name: "W1618", rule: "didViewLandmarkDetail.donations.suffix(10).map(\\.landmarkID).allSatisfy { $0 != 13 }",
            closure: { data, calendar, _ in
                data.views.suffix(10).map(\.landmarkID).allSatisfy { $0 != 13 }
            }),
    ]

    private static let workloads54: [Workload] = [
        Workload(
            name: "W1619", rule: "didPurchase.donations.filter { $0.isGift }.map(\\.price).max() ?? 0 > didPurchase.donations.filter { !$0.isGift }.map(\\.price).max() ?? 0",
            closure: { data, calendar, _ in
                let gifts: Double = data.purchases.filter { $0.isGift }.map(\.price).max() ?? 0
                return gifts > data.purchases.filter { !$0.isGift }.map(\.price).max() ?? 0
            }),
        Workload(
            name: "W1620", rule: "didRate.donations.filter { $0.comment?.hasPrefix(\"great\") == true }.count >= didRate.donations.count / 4",
            closure: { data, calendar, _ in
                data.ratings.filter { $0.comment?.hasPrefix("great") == true }.count >= data.ratings.count / 4
            }),
        Workload(
            name: "W1621", rule: "didViewLandmarkDetail.donations.dropLast(5).last?.landmarkID == 7",
            closure: { data, calendar, _ in
                data.views.dropLast(5).last?.landmarkID == 7
            }),
        Workload(
            name: "W1622", rule: "didRate.donations.map { Int($0.score) }.filter { $0 >= 4 }.count > didRate.donations.map { Int($0.score) }.filter { $0 <= 1 }.count",
            closure: { data, calendar, _ in
                let high: Int = data.ratings.map { Int($0.score) }.filter { $0 >= 4 }.count
                return high > data.ratings.map { Int($0.score) }.filter { $0 <= 1 }.count
            }),
        Workload(
            name: "W1623", rule: "didPurchase.donations.map { $0.price * Double($0.quantity) }.sorted(by: >).prefix(10).reduce(0, +) > 5000",
            closure: { data, calendar, _ in
                data.purchases.map { $0.price * Double($0.quantity) }.sorted(by: >).prefix(10).reduce(0, +) > 5000
            }),
    ]

    private static let workloads55: [Workload] = [
        Workload(
            name: "W1624", rule: "didRate.donations.reduce(0.0) { $0 + $1.score } / Double(max(didRate.donations.count, 1)) >= 2.5 && didRate.donations.count >= 10",
            closure: { data, calendar, _ in
                let average: Double = data.ratings.reduce(0.0) { $0 + $1.score } / Double(Swift.max(data.ratings.count, 1))
                return average >= 2.5 && data.ratings.count >= 10
            }),
        Workload(
            name: "W1625", rule: "giftShareW1625 > 0.1",
            declarations: "let giftsW1625 = didPurchase.donations.filter(\\.isGift)\nlet giftShareW1625 = Double(giftsW1625.count) / Double(max(1, didPurchase.donations.count))\n",
            closure: { data, calendar, _ in
                let gifts: [Purchase] = data.purchases.filter(\.isGift)
                let share: Double = Double(gifts.count) / Double(Swift.max(1, data.purchases.count))
                return share > 0.1
            }),
        Workload(
            name: "W1626", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.hasSuffix(\"Lake\") || $0.landmarkName.hasPrefix(\"Big\") }.count >= 5",
            closure: { data, calendar, _ in
                data.views.filter { $0.landmarkName.hasSuffix("Lake") || $0.landmarkName.hasPrefix("Big") }.count >= 5
            }),
        Workload(
            name: "W1627", rule: "didRate.donations.filter { ($0.helpful ?? 0) > 10 && $0.comment != nil }.map { $0.comment!.count + $0.helpful! }.max() ?? 0 > 20",
            closure: { data, calendar, _ in
                (data.ratings.filter { ($0.helpful ?? 0) > 10 && $0.comment != nil }.map { $0.comment!.count + $0.helpful! }.max() ?? 0) > 20
            }),
        Workload(
            name: "W1628", rule: "didLogin.donations.count >= 2 && didViewLandmarkDetail.donations.filter { $0.date > didLogin.donations[didLogin.donations.count - 2].date }.count >= 10",
            closure: { data, calendar, _ in
                data.logins.count >= 2 && data.views.filter { $0.date > data.logins[data.logins.count - 2].date }.count >= 10
            }),
    ]

    // Session 44: ranges, sets, literals of constants, Bool folds, extremes of strings.
    private static let workloads56: [Workload] = [
        Workload(
            name: "W1629", rule: "didRate.donations.map(\\.landmarkID).contains(7) && didViewLandmarkDetail.donations.map(\\.landmarkID).contains(7)",
            closure: { data, calendar, _ in
                data.ratings.map(\.landmarkID).contains(7) && data.views.map(\.landmarkID).contains(7)
            }),
        Workload(
            name: "W1630", rule: "didPurchase.donations.filter { (1...2).contains($0.quantity) && !$0.isGift }.count > 100",
            closure: { data, calendar, _ in
                data.purchases.filter { (1...2).contains($0.quantity) && !$0.isGift }.count > 100
            }),
        Workload(
            name: "W1631", rule: "didRate.donations.filter { $0.score == bestW1631 }.count >= 2",
            declarations: "let bestW1631 = didRate.donations.map(\\.score).max() ?? 0\n",
            closure: { data, calendar, _ in
                let best: Double = data.ratings.map(\.score).max() ?? 0
                return data.ratings.filter { $0.score == best }.count >= 2
            }),
        Workload(
            name: "W1632", rule: "didPurchase.donations.reduce(false) { $0 || ($1.isGift && $1.price > 190) }",
            closure: { data, calendar, _ in
                data.purchases.reduce(false) { $0 || ($1.isGift && $1.price > 190) }
            }),
        Workload(
            name: "W1633", rule: "didPurchase.donations.reduce(0.0) { $1.price > $0 ? $1.price : $0 } > 150",
            closure: { data, calendar, _ in
                data.purchases.reduce(0.0) { $1.price > $0 ? $1.price : $0 } > 150
            }),
    ]

    private static let workloads57: [Workload] = [
        Workload(
            name: "W1634", rule: "(didPurchase.donations.map(\\.sku).max() ?? \"\") >= \"tent\"",
            closure: { data, calendar, _ in
                (data.purchases.map(\.sku).max() ?? "") >= "tent"
            }),
        Workload(
            name: "W1635", rule: "didPurchase.donations.compactMap { $0.coupon }.count > didPurchase.donations.count / 10",
            closure: { data, calendar, _ in
                data.purchases.compactMap { $0.coupon }.count > data.purchases.count / 10
            }),
        Workload(
            name: "W1636", rule: "didLogin.donations.allSatisfy { l in didRate.donations.contains { $0.date > l.date } }",
            closure: { data, calendar, _ in
                data.logins.allSatisfy { l in data.ratings.contains { $0.date > l.date } }
            }),
        Workload(
            name: "W1637", rule: "didRate.donations.sorted { $0.date > $1.date }.first?.score ?? 0 >= 2",
            closure: { data, calendar, _ in
                (data.ratings.sorted { $0.date > $1.date }.first?.score ?? 0) >= 2
            }),
        Workload(
            name: "W1638", rule: "didRate.donations.map { Int(Date.now.timeIntervalSince($0.date) / 86400) }.filter { $0 <= 7 }.count >= 5",
            closure: { data, calendar, _ in
                data.ratings.map { Int(Dataset.now.timeIntervalSince($0.date) / 86400) }.filter { $0 <= 7 }.count >= 5
            }),
    ]

    private static let workloads58: [Workload] = [
        Workload(
            name: "W1639", rule: "didPurchase.donations.filter { abs($0.price - 100) < 10 }.count > 20",
            closure: { data, calendar, _ in
                data.purchases.filter { abs($0.price - 100) < 10 }.count > 20
            }),
        Workload(
            name: "W1640", rule: "didPurchase.donations.map { min($0.price, 50) }.reduce(0, +) > 10000",
            closure: { data, calendar, _ in
                data.purchases.map { Swift.min($0.price, 50) }.reduce(0, +) > 10000
            }),
        Workload(
            name: "W1641", rule: "Set(didPurchase.donations.map(\\.sku)).contains(\"stove\") && Set(didPurchase.donations.map(\\.sku)).contains(\"lantern\")",
            closure: { data, calendar, _ in
                Set(data.purchases.map(\.sku)).contains("stove") && Set(data.purchases.map(\.sku)).contains("lantern")
            }),
        Workload(
            name: "W1642", rule: "didViewLandmarkDetail.donations.filter { [\"Zion\", \"Yosemite\", \"Denali\"].contains($0.landmarkName) }.count > 50",
            closure: { data, calendar, _ in
                data.views.filter { ["Zion", "Yosemite", "Denali"].contains($0.landmarkName) }.count > 50
            }),
        Workload(
            name: "W1643", rule: "didRate.donations.dropFirst().allSatisfy { $0.score >= 0 && $0.landmarkID > 0 }",
            closure: { data, calendar, _ in
                data.ratings.dropFirst().allSatisfy { $0.score >= 0 && $0.landmarkID > 0 }
            }),
    ]

    private static let workloads59: [Workload] = [
        Workload(
            name: "W1644", rule: "(didViewLandmarkDetail.donations.last?.date ?? .distantPast) > (didRate.donations.last?.date ?? .distantPast)",
            closure: { data, calendar, _ in
                (data.views.last?.date ?? .distantPast) > (data.ratings.last?.date ?? .distantPast)
            }),
        Workload(
            name: "W1645", rule: "didRate.donations.filter { $0.comment == nil && $0.helpful == nil }.count > didRate.donations.count / 10",
            closure: { data, calendar, _ in
                data.ratings.filter { $0.comment == nil && $0.helpful == nil }.count > data.ratings.count / 10
            }),
        Workload(
            name: "W1646", rule: "didPurchase.donations.map { ($0.price * Double($0.quantity)).rounded() }.filter { $0 > 500 }.count > 3",
            closure: { data, calendar, _ in
                data.purchases.map { ($0.price * Double($0.quantity)).rounded() }.filter { $0 > 500 }.count > 3
            }),
        Workload(
            name: "W1647", rule: "didRate.donations.count(where: { $0.score > 4 }) > didRate.donations.count(where: { $0.score < 1 }) * 2",
            closure: { data, calendar, _ in
                data.ratings.count(where: { $0.score > 4 }) > data.ratings.count(where: { $0.score < 1 }) * 2
            }),
        Workload(
            name: "W1648", rule: "didViewLandmarkDetail.donations.donatedWithin(.days(3)).contains { $0.landmarkName == \"Zion\" } || didRate.donations.donatedWithin(.days(3)).contains { $0.landmarkID == 7 }",
            closure: { data, calendar, _ in
                within(data.views, .day, 3, calendar).contains { $0.landmarkName == "Zion" } || within(data.ratings, .day, 3, calendar).contains { $0.landmarkID == 7 }
            }),
    ]

    private static let workloads60: [Workload] = [
        Workload(
            name: "W1649", rule: "didRate.donations.reduce(0) { $0 + ($1.landmarkID > 25 ? $1.landmarkID : -$1.landmarkID) } > 0",
            closure: { data, calendar, _ in
                data.ratings.reduce(0) { $0 + ($1.landmarkID > 25 ? $1.landmarkID : -$1.landmarkID) } > 0
            }),
        Workload(
            name: "W1650", rule: "didRate.donations.reduce(0) { $0 > 100 ? $0 / 2 : $0 + $1.landmarkID } > 0",
            closure: { data, calendar, _ in
                data.ratings.reduce(0) { $0 > 100 ? $0 / 2 : $0 + $1.landmarkID } > 0
            }),
        Workload(
            name: "W1651", rule: "didPurchase.donations.reduce(0) { $0 + ($1.sku.hasPrefix(\"tent\") ? $1.quantity : 0) } > 5",
            closure: { data, calendar, _ in
                data.purchases.reduce(0) { $0 + ($1.sku.hasPrefix("tent") ? $1.quantity : 0) } > 5
            }),
        Workload(
            name: "W1652", rule: "didRate.donations.reduce(0) { $0 + ($1.comment?.count ?? 0) } > 100",
            closure: { data, calendar, _ in
                data.ratings.reduce(0) { $0 + ($1.comment?.count ?? 0) } > 100
            }),
        Workload(
            name: "W1653", rule: "didRate.donations.reduce(0) { ($0 + $1.landmarkID) % 97 } > 3",
            closure: { data, calendar, _ in
                data.ratings.reduce(0) { ($0 + $1.landmarkID) % 97 } > 3
            }),
    ]

    private static let workloads61: [Workload] = [
        Workload(
            name: "W1654", rule: "didRate.donations.reduce(0) { max($0, $1.helpful ?? 0) } > 15",
            closure: { data, calendar, _ in
                data.ratings.reduce(0) { max($0, $1.helpful ?? 0) } > 15
            }),
        Workload(
            name: "W1655", rule: "didViewLandmarkDetail.donations.reduce(0) { $1.landmarkID == 7 ? $0 + 1 : 0 } >= 2",
            closure: { data, calendar, _ in
                data.views.reduce(0) { $1.landmarkID == 7 ? $0 + 1 : 0 } >= 2
            }),
        Workload(
            name: "W1656", rule: "didRate.donations.reduce(0) { $1.score >= 4 ? $0 + 1 : max(0, $0 - 1) } > 3",
            closure: { data, calendar, _ in
                data.ratings.reduce(0) { $1.score >= 4 ? $0 + 1 : max(0, $0 - 1) } > 3
            }),
        Workload(
            name: "W1657", rule: "didPurchase.donations.reduce(0) { $0 + ($1.isGift ? 0 : $1.quantity) } > 100",
            closure: { data, calendar, _ in
                data.purchases.reduce(0) { $0 + ($1.isGift ? 0 : $1.quantity) } > 100
            }),
        Workload(
            name: "W1658", rule: "didViewLandmarkDetail.donations.reduce(0) { $0 + $1.landmarkName.count } > 1000",
            closure: { data, calendar, _ in
                data.views.reduce(0) { $0 + $1.landmarkName.count } > 1000
            }),
    ]

    private static let workloads62: [Workload] = [
        Workload(
            name: "W1659", rule: "didRate.donations.reduce(Int.min) { max($0, $1.landmarkID * 2 - ($1.helpful ?? 0)) } > 50",
            closure: { data, calendar, _ in
                data.ratings.reduce(Int.min) { max($0, $1.landmarkID * 2 - ($1.helpful ?? 0)) } > 50
            }),
        Workload(
            name: "W1660", rule: "didPurchase.donations.reduce(0.0) { $1.quantity > 1 ? $0 + $1.price : $0 } > 500",
            closure: { data, calendar, _ in
                data.purchases.reduce(0.0) { $1.quantity > 1 ? $0 + $1.price : $0 } > 500
            }),
        Workload(
            name: "W1661", rule: "didRate.donations.reduce(0) { $0 + ($1.helpful ?? 0) * ($1.score > 2.5 ? 1 : -1) } > 0",
            closure: { data, calendar, _ in
                data.ratings.reduce(0) { $0 + ($1.helpful ?? 0) * ($1.score > 2.5 ? 1 : -1) } > 0
            }),
        Workload(
            name: "W1662", rule: "didViewLandmarkDetail.donations.reduce(0) { abs($0 - $1.landmarkID) } < 30",
            closure: { data, calendar, _ in
                data.views.reduce(0) { abs($0 - $1.landmarkID) } < 30
            }),
        Workload(
            name: "W1663", rule: "didRate.donations.reduce(0) { $0 + ($1.comment == nil ? 1 : 2) } > 1000",
            closure: { data, calendar, _ in
                data.ratings.reduce(0) { $0 + ($1.comment == nil ? 1 : 2) } > 1000
            }),
    ]

    private static let workloads63: [Workload] = [
        Workload(
            name: "W1664", rule: "didPurchase.donations.reduce(0) { $0 + $1.quantity } / max(1, didPurchase.donations.count) >= 2",
            closure: { data, calendar, _ in
                data.purchases.reduce(0) { $0 + $1.quantity } / max(1, data.purchases.count) >= 2
            }),
        Workload(
            name: "W1665", rule: "didRate.donations.reduce(0) { $0 + $1.landmarkID * $1.landmarkID } > 100000",
            closure: { data, calendar, _ in
                data.ratings.reduce(0) { $0 + $1.landmarkID * $1.landmarkID } > 100000
            }),
        Workload(
            name: "W1666", rule: "didRate.donations.filter { $0.helpful != nil }.reduce(0) { $0 > $1.helpful! ? $0 : $1.helpful! } > 10",
            closure: { data, calendar, _ in
                data.ratings.filter { $0.helpful != nil }.reduce(0) { $0 > $1.helpful! ? $0 : $1.helpful! } > 10
            }),
        Workload(
            name: "W1667", rule: "didViewLandmarkDetail.donations.reduce(0) { $0 + ($1.landmarkName.hasSuffix(\"Bowl\") ? 1 : 0) } > 100",
            closure: { data, calendar, _ in
                data.views.reduce(0) { $0 + ($1.landmarkName.hasSuffix("Bowl") ? 1 : 0) } > 100
            }),
        Workload(
            name: "W1668", rule: "didRate.donations.reduce(0) { $1.landmarkID > $0 ? $1.landmarkID : $0 } == 50",
            closure: { data, calendar, _ in
                data.ratings.reduce(0) { $1.landmarkID > $0 ? $1.landmarkID : $0 } == 50
            }),
    ]

    private static let workloads64: [Workload] = [
        Workload(
            name: "W1669", rule: "Set(didPurchase.donations.filter { !$0.isGift }.map(\\.sku)).count >= 3",
            closure: { data, calendar, _ in
                Set(data.purchases.filter { !$0.isGift }.map(\.sku)).count >= 3
            }),
        Workload(
            name: "W1670", rule: "didRate.donations.sorted { $0.score > $1.score }.prefix(3).allSatisfy { $0.score >= 4 }",
            closure: { data, calendar, _ in
                data.ratings.sorted { $0.score > $1.score }.prefix(3).allSatisfy { $0.score >= 4 }
            }),
        Workload(
            name: "W1671", rule: "didPurchase.donations.max { $0.price < $1.price }?.isGift == true",
            closure: { data, calendar, _ in
                data.purchases.max { $0.price < $1.price }?.isGift == true
            }),
        Workload(
            name: "W1672", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).min() == \"Alps\"",
            closure: { data, calendar, _ in
                data.views.map(\.landmarkName).min() == "Alps"
            }),
        Workload(
            name: "W1673", rule: "didRate.donations.compactMap(\\.helpful).filter { $0 > 5 }.count >= 10",
            closure: { data, calendar, _ in
                data.ratings.compactMap(\.helpful).filter { $0 > 5 }.count >= 10
            }),
    ]

    private static let workloads65: [Workload] = [
        Workload(
            name: "W1674", rule: "didRate.donations.first { $0.comment?.contains(\"great\") == true }?.score ?? 0 > 2",
            closure: { data, calendar, _ in
                data.ratings.first { $0.comment?.contains("great") == true }?.score ?? 0 > 2
            }),
        Workload(
            name: "W1675", rule: "didPurchase.donations.contains { $0.coupon?.hasPrefix(\"SAVE\") == true && $0.price > 50 }",
            closure: { data, calendar, _ in
                data.purchases.contains { $0.coupon?.hasPrefix("SAVE") == true && $0.price > 50 }
            }),
        Workload(
            name: "W1676", rule: "didViewLandmarkDetail.donations.filter { Date.now.timeIntervalSince($0.date) < 86400 * 7 }.count >= 5",
            closure: { data, calendar, _ in
                data.views.filter { Dataset.now.timeIntervalSince($0.date) < 86400 * 7 }.count >= 5
            }),
        Workload(
            name: "W1677", rule: "didRate.donations.map { $0.score }.sorted().dropFirst(didRate.donations.count / 2).first ?? 0 > 2.5",
            closure: { data, calendar, _ in
                data.ratings.map { $0.score }.sorted().dropFirst(data.ratings.count / 2).first ?? 0 > 2.5
            }),
        Workload(
            name: "W1678", rule: "didPurchase.donations.reduce(0.0) { $0 + $1.price * Double($1.quantity) } / Double(max(1, didPurchase.donations.count)) > 100",
            closure: { data, calendar, _ in
                data.purchases.reduce(0.0) { $0 + $1.price * Double($1.quantity) } / Double(max(1, data.purchases.count)) > 100
            }),
    ]

    private static let workloads66: [Workload] = [
        Workload(
            name: "W1679", rule: "didRate.donations.filter { $0.score >= 4 }.map(\\.landmarkID).contains { id in didPurchase.donations.contains { $0.quantity == id } }",
            closure: { data, calendar, _ in
                data.ratings.filter { $0.score >= 4 }.map(\.landmarkID).contains { id in data.purchases.contains { $0.quantity == id } }
            }),
        Workload(
            name: "W1680", rule: "didRate.donations.filter { ($0.helpful ?? 0) > 3 && $0.comment != nil }.count * 2 > didRate.donations.count",
            closure: { data, calendar, _ in
                data.ratings.filter { ($0.helpful ?? 0) > 3 && $0.comment != nil }.count * 2 > data.ratings.count
            }),
        Workload(
            name: "W1681", rule: "didPurchase.donations.map(\\.sku).filter { $0.contains(\"tent\") }.count >= 2",
            closure: { data, calendar, _ in
                data.purchases.map(\.sku).filter { $0.contains("tent") }.count >= 2
            }),
        Workload(
            name: "W1682", rule: "(didRate.donations.map(\\.score).max() ?? 0) - (didRate.donations.map(\\.score).min() ?? 0) > 3",
            closure: { data, calendar, _ in
                (data.ratings.map(\.score).max() ?? 0) - (data.ratings.map(\.score).min() ?? 0) > 3
            }),
        Workload(
            name: "W1683", rule: "didRate.donations.suffix(20).map(\\.score).reduce(0, +) / 20 > 3",
            closure: { data, calendar, _ in
                data.ratings.suffix(20).map(\.score).reduce(0, +) / 20 > 3
            }),
    ]

    private static let workloads67: [Workload] = [
        Workload(
            name: "W1684", rule: "didPurchase.donations.filter { $0.discount != nil }.map { $0.price * (1 - $0.discount!) }.max() ?? 0 > 100",
            closure: { data, calendar, _ in
                data.purchases.filter { $0.discount != nil }.map { $0.price * (1 - $0.discount!) }.max() ?? 0 > 100
            }),
        Workload(
            name: "W1685", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.count > 6 }.map(\\.landmarkID).reduce(0, max) > 40",
            closure: { data, calendar, _ in
                data.views.filter { $0.landmarkName.count > 6 }.map(\.landmarkID).reduce(0, max) > 40
            }),
        Workload(
            name: "W1686", rule: "didViewLandmarkDetail.donations.sorted { $0.landmarkID < $1.landmarkID }.first?.landmarkName == \"Alps\"",
            closure: { data, calendar, _ in
                data.views.sorted { $0.landmarkID < $1.landmarkID }.first?.landmarkName == "Alps"
            }),
        Workload(
            name: "W1687", rule: "didRate.donations.map { Int($0.score) }.filter { $0 == 4 }.count > didRate.donations.count / 10",
            closure: { data, calendar, _ in
                data.ratings.map { Int($0.score) }.filter { $0 == 4 }.count > data.ratings.count / 10
            }),
        Workload(
            name: "W1688", rule: "didPurchase.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 30) }.map(\\.quantity).reduce(0, +) >= 20",
            closure: { data, calendar, _ in
                data.purchases.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 30) }.map(\.quantity).reduce(0, +) >= 20
            }),
    ]

    private static let workloads68: [Workload] = [
        Workload(
            name: "W1689", rule: "didPurchase.donations.reduce(0.0) { $0 > 1000 ? $0 : $0 + $1.price } > 500",
            closure: { data, calendar, _ in
                data.purchases.reduce(0.0) { $0 > 1000 ? $0 : $0 + $1.price } > 500
            }),
        Workload(
            name: "W1690", rule: "didPurchase.donations.reduce(0.0) { min($0 + $1.price * Double($1.quantity), 5000) } >= 5000",
            closure: { data, calendar, _ in
                data.purchases.reduce(0.0) { min($0 + $1.price * Double($1.quantity), 5000) } >= 5000
            }),
        Workload(
            name: "W1691", rule: "didRate.donations.reduce(0) { $0 >= 10 ? $0 - 10 : $0 + $1.landmarkID % 3 } > 5",
            closure: { data, calendar, _ in
                data.ratings.reduce(0) { $0 >= 10 ? $0 - 10 : $0 + $1.landmarkID % 3 } > 5
            }),
    ]

    /// Shapes a probe of realistic rules found in session 49 (purchases, ratings, string fields and
    /// searches of another event).
    private static let workloads69: [Workload] = [
        Workload(
            name: "W1692", rule: "didPurchase.donations.filter { $0.isGift }.map(\\.price).reduce(0, +) > 100",
            closure: { data, calendar, _ in
                data.purchases.filter { $0.isGift }.map(\.price).reduce(0, +) > 100
            }),
        Workload(
            name: "W1693", rule: "didRate.donations.filter { ($0.helpful ?? 0) > 2 }.count > 10",
            closure: { data, calendar, _ in
                data.ratings.filter { ($0.helpful ?? 0) > 2 }.count > 10
            }),
        Workload(
            name: "W1694", rule: "didPurchase.donations.contains { $0.coupon?.uppercased() == \"SAVE20\" }",
            closure: { data, calendar, _ in
                data.purchases.contains { $0.coupon?.uppercased() == "SAVE20" }
            }),
        Workload(
            name: "W1695", rule: "didRate.donations.sorted { $0.score > $1.score }.prefix(5).allSatisfy { $0.score > 4 }",
            closure: { data, calendar, _ in
                data.ratings.sorted { $0.score > $1.score }.prefix(5).allSatisfy { $0.score > 4 }
            }),
        Workload(
            name: "W1696", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).filter { $0.count > 10 }.count > 5",
            closure: { data, calendar, _ in
                data.views.map(\.landmarkName).filter { $0.count > 10 }.count > 5
            }),
        Workload(
            name: "W1697", rule: "(didPurchase.donations.compactMap(\\.discount).max() ?? 0) > 0.3",
            closure: { data, calendar, _ in
                (data.purchases.compactMap(\.discount).max() ?? 0) > 0.3
            }),
        Workload(
            name: "W1698", rule: "didPurchase.donations.first { $0.price > 150 }?.sku.hasPrefix(\"tent\") ?? false",
            closure: { data, calendar, _ in
                data.purchases.first { $0.price > 150 }?.sku.hasPrefix("tent") ?? false
            }),
        Workload(
            name: "W1699", rule: "didRate.donations.min { $0.score < $1.score }?.landmarkID == 3",
            closure: { data, calendar, _ in
                data.ratings.min { $0.score < $1.score }?.landmarkID == 3
            }),
        Workload(
            name: "W1700", rule: "didPurchase.donations.filter { !$0.isGift && $0.quantity > 2 }.count * 2 > didPurchase.donations.count",
            closure: { data, calendar, _ in
                data.purchases.filter { !$0.isGift && $0.quantity > 2 }.count * 2 > data.purchases.count
            }),
        Workload(
            name: "W1701", rule: "didRate.donations.count(where: { $0.score >= 4.5 }) > didRate.donations.count(where: { $0.score < 1 })",
            closure: { data, calendar, _ in
                data.ratings.count(where: { $0.score >= 4.5 }) > data.ratings.count(where: { $0.score < 1 })
            }),
        Workload(
            name: "W1702", rule: "didPurchase.donations.allSatisfy { $0.price > 0 && $0.sku.count > 2 }",
            closure: { data, calendar, _ in
                data.purchases.allSatisfy { $0.price > 0 && $0.sku.count > 2 }
            }),
        Workload(
            name: "W1703", rule: "didPurchase.donations.sorted(by: { $0.price > $1.price }).first?.sku == \"tent-4p\"",
            closure: { data, calendar, _ in
                data.purchases.sorted(by: { $0.price > $1.price }).first?.sku == "tent-4p"
            }),
        Workload(
            name: "W1704", rule: "didPurchase.donations.map { $0.sku.uppercased() }.contains(\"STOVE\")",
            closure: { data, calendar, _ in
                data.purchases.map { $0.sku.uppercased() }.contains("STOVE")
            }),
        Workload(
            name: "W1705", rule: "didPurchase.donations.max(by: { $0.price < $1.price })?.isGift == true",
            closure: { data, calendar, _ in
                data.purchases.max(by: { $0.price < $1.price })?.isGift == true
            }),
        Workload(
            name: "W1706", rule: "didPurchase.donations.filter { $0.sku.hasSuffix(\"p\") || $0.sku.hasPrefix(\"map\") }.count > 50",
            closure: { data, calendar, _ in
                data.purchases.filter { $0.sku.hasSuffix("p") || $0.sku.hasPrefix("map") }.count > 50
            }),
        Workload(
            name: "W1707", rule: "didRate.donations.filter { $0.comment?.contains(\"great 1\") ?? false }.count > 3",
            closure: { data, calendar, _ in
                data.ratings.filter { $0.comment?.contains("great 1") ?? false }.count > 3
            }),
        Workload(
            name: "W1708", rule: "didRate.donations.contains { r in didPurchase.donations.contains { $0.date == r.date } }",
            closure: { data, calendar, _ in
                data.ratings.contains { r in data.purchases.contains { $0.date == r.date } }
            }),
        Workload(
            name: "W1709", rule: "didPurchase.donations.contains { p in didRate.donations.contains { $0.date > p.date && $0.score >= 4.95 } }",
            closure: { data, calendar, _ in
                data.purchases.contains { p in data.ratings.contains { $0.date > p.date && $0.score >= 4.95 } }
            }),
        Workload(
            name: "W1710", rule: "(didPurchase.donations.map { p in didRate.donations.filter { $0.date < p.date }.count }.max() ?? 0) > 100",
            closure: { data, calendar, _ in
                (data.purchases.map { p in data.ratings.filter { $0.date < p.date }.count }.max() ?? 0) > 100
            }),
        Workload(
            name: "W1711", rule: "didRate.donations.map { r in didRate.donations.filter { $0.landmarkID == r.landmarkID }.map(\\.score).max() ?? 0 }.filter { $0 > 4.8 }.count > 10",
            closure: { data, calendar, _ in
                data.ratings.map { r in data.ratings.filter { $0.landmarkID == r.landmarkID }.map(\.score).max() ?? 0 }.filter { $0 > 4.8 }.count > 10
            }),
        Workload(
            name: "W1712", rule: "didRate.donations.reduce(0) { acc, r in acc + (didLogin.donations.contains { $0.date < r.date } ? 1 : 0) } > 10",
            closure: { data, calendar, _ in
                data.ratings.reduce(0) { acc, r in acc + (data.logins.contains { $0.date < r.date } ? 1 : 0) } > 10
            }),
        Workload(
            name: "W1713", rule: "didRate.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 14) }.map(\\.score).reduce(0, +) / 14 > 1",
            closure: { data, calendar, _ in
                data.ratings.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 14) }.map(\.score).reduce(0, +) / 14 > 1
            }),
        Workload(
            name: "W1714", rule: "didPurchase.donations.compactMap { $0.discount == nil ? nil : $0.discount! * 100 }.filter { $0 > 20 }.count > 10",
            closure: { data, calendar, _ in
                data.purchases.compactMap { $0.discount == nil ? nil : $0.discount! * 100 }.filter { $0 > 20 }.count > 10
            }),
        Workload(
            name: "W1715", rule: "didRate.donations.filter { r in !didViewLandmarkDetail.donations.contains { $0.landmarkID == r.landmarkID && $0.date < r.date } }.count > 0",
            closure: { data, calendar, _ in
                data.ratings.filter { r in !data.views.contains { $0.landmarkID == r.landmarkID && $0.date < r.date } }.count > 0
            }),
        // Key paths of several steps, which mean the closures they stand for (session 50).
        Workload(
            name: "W1716", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName.count).reduce(0, +) > 5000",
            closure: { data, calendar, _ in
                data.views.map(\.landmarkName.count).reduce(0, +) > 5000
            }),
        Workload(
            name: "W1717", rule: "didPurchase.donations.map(\\.sku).map(\\.count).max() ?? 0 > 6",
            closure: { data, calendar, _ in
                data.purchases.map(\.sku).map(\.count).max() ?? 0 > 6
            }),
        Workload(
            name: "W1718", rule: "didViewLandmarkDetail.donations.filter(\\.landmarkName.isEmpty).count > 3",
            closure: { data, calendar, _ in
                data.views.filter(\.landmarkName.isEmpty).count > 3
            }),
        Workload(
            name: "W1719", rule: "didRate.donations.contains(where: \\.score.isNaN)",
            closure: { data, calendar, _ in
                data.ratings.contains(where: \.score.isNaN)
            }),
        // Outer searches decided where a nested search fails (session 50).
        Workload(
            name: "W1720", rule: "didPurchase.donations.allSatisfy { p in didLogin.donations.contains { $0.date <= p.date } }",
            closure: { data, calendar, _ in
                data.purchases.allSatisfy { p in data.logins.contains { $0.date <= p.date } }
            }),
        Workload(
            name: "W1721", rule: "didPurchase.donations.contains { p in !didLogin.donations.contains { $0.date <= p.date } }",
            closure: { data, calendar, _ in
                data.purchases.contains { p in !data.logins.contains { $0.date <= p.date } }
            }),
        Workload(
            name: "W1722", rule: "didRate.donations.first { r in !didViewLandmarkDetail.donations.contains { $0.date < r.date } }?.score ?? 0 > 1",
            closure: { data, calendar, _ in
                data.ratings.first { r in !data.views.contains { $0.date < r.date } }?.score ?? 0 > 1
            }),
        // Probed in session 50: a string equality no row meets, a sum after a nil test.
        Workload(
            name: "W1723", rule: "!didPurchase.donations.contains { $0.sku == \"map\" }",
            closure: { data, calendar, _ in
                !data.purchases.contains { $0.sku == "map" }
            }),
        Workload(
            name: "W1724", rule: "didRate.donations.filter { $0.comment == nil }.map(\\.landmarkID).reduce(0, +) > 100",
            closure: { data, calendar, _ in
                data.ratings.filter { $0.comment == nil }.map(\.landmarkID).reduce(0, +) > 100
            }),
        Workload(
            name: "W1725", rule: "didRate.donations.map { $0.helpful ?? -1 }.max() ?? 0 > 15",
            closure: { data, calendar, _ in
                data.ratings.map { $0.helpful ?? -1 }.max() ?? 0 > 15
            }),
        Workload(
            name: "W1726", rule: "didRate.donations.contains { r in r.score < 2 && didViewLandmarkDetail.donations.filter { $0.landmarkID == r.landmarkID }.count > 3 }",
            closure: { data, calendar, _ in
                data.ratings.contains { r in r.score < 2 && data.views.filter { $0.landmarkID == r.landmarkID }.count > 3 }
            }),
        Workload(
            name: "W1727", rule: "(didRate.donations.map(\\.landmarkID) + didViewLandmarkDetail.donations.map(\\.landmarkID)).filter { $0 == 7 }.count > 10",
            closure: { data, calendar, _ in
                (data.ratings.map(\.landmarkID) + data.views.map(\.landmarkID)).filter { $0 == 7 }.count > 10
            }),
        Workload(
            name: "W1728", rule: "Set(didRate.donations.map(\\.landmarkID)).contains(didViewLandmarkDetail.donations.last?.landmarkID ?? 0)",
            closure: { data, calendar, _ in
                Set(data.ratings.map(\.landmarkID)).contains(data.views.last?.landmarkID ?? 0)
            }),
        // Searches of mapped values (session 50).
        Workload(
            name: "W1729", rule: "didRate.donations.map(\\.score).last { $0 < 1 } ?? 0 > 0.5",
            closure: { data, calendar, _ in
                data.ratings.map(\.score).last { $0 < 1 } ?? 0 > 0.5
            }),
        Workload(
            name: "W1730", rule: "didViewLandmarkDetail.donations.map(\\.landmarkID).first { $0 > 40 } ?? 0 > 0",
            closure: { data, calendar, _ in
                data.views.map(\.landmarkID).first { $0 > 40 } ?? 0 > 0
            }),
        // Probed in session 51: realistic rules of many kinds, each against its closure.
        Workload(
            name: "W1731", rule: "didRate.donations.map { Int($0.score) }.reduce(0, +) > 1000",
            closure: { data, calendar, _ in
                data.ratings.map { Int($0.score) }.reduce(0, +) > 1000
            }),
        Workload(
            name: "W1732", rule: "didPurchase.donations.compactMap(\\.discount).reduce(0, +) / Double(max(1, didPurchase.donations.compactMap(\\.discount).count)) > 5",
            closure: { data, calendar, _ in
                data.purchases.compactMap(\.discount).reduce(0, +) / Double(max(1, data.purchases.compactMap(\.discount).count)) > 5
            }),
        Workload(
            name: "W1733", rule: "didRate.donations.map(\\.score).sorted(by: >).prefix(10).reduce(0, +) > 40",
            closure: { data, calendar, _ in
                data.ratings.map(\.score).sorted(by: >).prefix(10).reduce(0, +) > 40
            }),
        Workload(
            name: "W1734", rule: "didPurchase.donations.reduce(\"\") { $0.count > $1.sku.count ? $0 : $1.sku }.count > 5",
            closure: { data, calendar, _ in
                data.purchases.reduce("") { $0.count > $1.sku.count ? $0 : $1.sku }.count > 5
            }),
        Workload(
            name: "W1735", rule: "didRate.donations.filter { $0.landmarkID % 2 == 0 }.map(\\.score).max() ?? 0 > 4",
            closure: { data, calendar, _ in
                data.ratings.filter { $0.landmarkID % 2 == 0 }.map(\.score).max() ?? 0 > 4
            }),
        Workload(
            name: "W1736", rule: "didRate.donations.filter { ($0.comment ?? \"\").count > 6 }.count > 50",
            closure: { data, calendar, _ in
                data.ratings.filter { ($0.comment ?? "").count > 6 }.count > 50
            }),
        Workload(
            name: "W1737", rule: "didPurchase.donations.largestSubset(groupedBy: \\.sku).map(\\.price).reduce(0, +) > 1000",
            closure: { data, calendar, _ in
                data.purchases.largestSubset(groupedBy: \.sku).map(\.price).reduce(0, +) > 1000
            }),
        Workload(
            name: "W1738", rule: "didRate.donations.filter { $0.score > 3 }.sorted { $0.score > $1.score }.first?.landmarkID ?? 0 > 0",
            closure: { data, calendar, _ in
                data.ratings.filter { $0.score > 3 }.sorted { $0.score > $1.score }.first?.landmarkID ?? 0 > 0
            }),
        Workload(
            name: "W1739", rule: "didRate.donations.map(\\.score).filter { !$0.isNaN }.min() ?? 0 >= 0",
            closure: { data, calendar, _ in
                data.ratings.map(\.score).filter { !$0.isNaN }.min() ?? 0 >= 0
            }),
        Workload(
            name: "W1740", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.count > 5 && $0.landmarkID < 25 }.count > 100",
            closure: { data, calendar, _ in
                data.views.filter { $0.landmarkName.count > 5 && $0.landmarkID < 25 }.count > 100
            }),
        Workload(
            name: "W1741", rule: "didRate.donations.filter { $0.helpful != nil }.map { $0.helpful! }.reduce(0, +) > 100",
            closure: { data, calendar, _ in
                data.ratings.filter { $0.helpful != nil }.map { $0.helpful! }.reduce(0, +) > 100
            }),
        Workload(
            name: "W1742", rule: "didRate.donations.compactMap { $0.comment?.count }.reduce(0, +) > 1000",
            closure: { data, calendar, _ in
                data.ratings.compactMap { $0.comment?.count }.reduce(0, +) > 1000
            }),
        Workload(
            name: "W1743", rule: "didPurchase.donations.map { $0.quantity * ($0.isGift ? 2 : 1) }.reduce(0, +) > 100",
            closure: { data, calendar, _ in
                data.purchases.map { $0.quantity * ($0.isGift ? 2 : 1) }.reduce(0, +) > 100
            }),
        Workload(
            name: "W1744", rule: "didPurchase.donations.filter { $0.sku.hasPrefix(\"boots\") }.count(where: { $0.isGift }) > 2",
            closure: { data, calendar, _ in
                data.purchases.filter { $0.sku.hasPrefix("boots") }.count(where: { $0.isGift }) > 2
            }),
        Workload(
            name: "W1745", rule: "didPurchase.donations.filter { !$0.isGift }.map { $0.price * Double($0.quantity) }.reduce(0, +) > 500",
            closure: { data, calendar, _ in
                data.purchases.filter { !$0.isGift }.map { $0.price * Double($0.quantity) }.reduce(0, +) > 500
            }),
        Workload(
            name: "W1746", rule: "didPurchase.donations.reduce(0.0) { $0 + ($1.discount ?? 0) } > 100",
            closure: { data, calendar, _ in
                data.purchases.reduce(0.0) { $0 + ($1.discount ?? 0) } > 100
            }),
        Workload(
            name: "W1747", rule: "didPurchase.donations.allSatisfy { $0.quantity > 0 && $0.price >= 0 }",
            closure: { data, calendar, _ in
                data.purchases.allSatisfy { $0.quantity > 0 && $0.price >= 0 }
            }),
        Workload(
            name: "W1748", rule: "didRate.donations.compactMap(\\.helpful).max() ?? 0 > 10",
            closure: { data, calendar, _ in
                data.ratings.compactMap(\.helpful).max() ?? 0 > 10
            }),
        Workload(
            name: "W1749", rule: "didPurchase.donations.sorted { $0.price > $1.price }.prefix(3).map(\\.sku).contains(\"stove\")",
            closure: { data, calendar, _ in
                data.purchases.sorted { $0.price > $1.price }.prefix(3).map(\.sku).contains("stove")
            }),
        Workload(
            name: "W1750", rule: "didPurchase.donations.sorted { $0.quantity > $1.quantity }.prefix(5).allSatisfy { $0.price > 10 }",
            closure: { data, calendar, _ in
                data.purchases.sorted { $0.quantity > $1.quantity }.prefix(5).allSatisfy { $0.price > 10 }
            }),
        Workload(
            name: "W1751", rule: "didRate.donations.compactMap(\\.comment).filter { $0.contains(\"great\") }.count > 5",
            closure: { data, calendar, _ in
                data.ratings.compactMap(\.comment).filter { $0.contains("great") }.count > 5
            }),
        Workload(
            name: "W1752", rule: "didPurchase.donations.map(\\.sku).sorted().first == \"bear-can\"",
            closure: { data, calendar, _ in
                data.purchases.map(\.sku).sorted().first == "bear-can"
            }),
        Workload(
            name: "W1753", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).filter { $0.lowercased().contains(\"lake\") }.count > 3",
            closure: { data, calendar, _ in
                data.views.map(\.landmarkName).filter { $0.lowercased().contains("lake") }.count > 3
            }),
        Workload(
            name: "W1754", rule: "didPurchase.donations.map { $0.sku.uppercased() }.contains(\"STOVE\")",
            closure: { data, calendar, _ in
                data.purchases.map { $0.sku.uppercased() }.contains("STOVE")
            }),

        Workload(
            name: "W1755", rule: "didRate.donations.map(\\.landmarkID).filter { $0 % 5 == 0 }.reduce(0, +) > 100",
            closure: { data, calendar, _ in
                data.ratings.map(\.landmarkID).filter { $0 % 5 == 0 }.reduce(0, +) > 100
            }),
        Workload(
            name: "W1756", rule: "didRate.donations.reduce(0) { $0 + ($1.helpful ?? 0) * ($1.score > 3 ? 2 : 1) } > 1000",
            closure: { data, calendar, _ in
                data.ratings.reduce(0) { $0 + ($1.helpful ?? 0) * ($1.score > 3 ? 2 : 1) } > 1000
            }),
        Workload(
            name: "W1757", rule: "didRate.donations.filter { $0.score > 4 }.map(\\.landmarkID).first ?? 0 > 0",
            closure: { data, calendar, _ in
                data.ratings.filter { $0.score > 4 }.map(\.landmarkID).first ?? 0 > 0
            }),
        Workload(
            name: "W1758", rule: "didRate.donations.reduce(0.0) { $0 + ($1.score >= 4 ? 1.0 : 0.0) } / Double(max(didRate.donations.count, 1)) > 0.2",
            closure: { data, calendar, _ in
                data.ratings.reduce(0.0) { $0 + ($1.score >= 4 ? 1.0 : 0.0) } / Double(max(data.ratings.count, 1)) > 0.2
            }),
        Workload(
            name: "W1759", rule: "didRate.donations.filter { abs($0.score - 2.5) > 2 }.count > 50",
            closure: { data, calendar, _ in
                data.ratings.filter { abs($0.score - 2.5) > 2 }.count > 50
            }),
        Workload(
            name: "W1760", rule: "didRate.donations.allSatisfy { $0.score.isFinite }",
            closure: { data, calendar, _ in
                data.ratings.allSatisfy { $0.score.isFinite }
            }),
        Workload(
            name: "W1761", rule: "didPurchase.donations.map { Int($0.price) }.filter { $0 > 100 }.count > 5",
            closure: { data, calendar, _ in
                data.purchases.map { Int($0.price) }.filter { $0 > 100 }.count > 5
            }),
        Workload(
            name: "W1762", rule: "didViewLandmarkDetail.donations.prefix(200).map(\\.landmarkName).filter { $0.count > 6 }.count > 10",
            closure: { data, calendar, _ in
                data.views.prefix(200).map(\.landmarkName).filter { $0.count > 6 }.count > 10
            }),
        Workload(
            name: "W1763", rule: "didRate.donations.filter { (3...5).contains($0.landmarkID) }.count > 10",
            closure: { data, calendar, _ in
                data.ratings.filter { (3...5).contains($0.landmarkID) }.count > 10
            }),
        Workload(
            name: "W1764", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.starts(with: \"Big\") }.count >= 2",
            closure: { data, calendar, _ in
                data.views.filter { $0.landmarkName.starts(with: "Big") }.count >= 2
            }),
        Workload(
            name: "W1765", rule: "didPurchase.donations.filter { [\"stove\", \"lantern\"].contains($0.sku) }.map(\\.price).reduce(0, +) > 200",
            closure: { data, calendar, _ in
                data.purchases.filter { ["stove", "lantern"].contains($0.sku) }.map(\.price).reduce(0, +) > 200
            }),
        Workload(
            name: "W1766", rule: "didPurchase.donations.contains { Set([\"tent-2p\", \"tent-4p\"]).contains($0.sku) && $0.isGift }",
            closure: { data, calendar, _ in
                data.purchases.contains { Set(["tent-2p", "tent-4p"]).contains($0.sku) && $0.isGift }
            }),
        Workload(
            name: "W1767", rule: "didRate.donations.compactMap { $0.helpful }.filter { $0 > 10 }.count > 20",
            closure: { data, calendar, _ in
                data.ratings.compactMap { $0.helpful }.filter { $0 > 10 }.count > 20
            }),
        Workload(
            name: "W1768", rule: "didViewLandmarkDetail.donations.map { $0.landmarkID * 2 }.max() ?? 0 > 90",
            closure: { data, calendar, _ in
                data.views.map { $0.landmarkID * 2 }.max() ?? 0 > 90
            }),
        Workload(
            name: "W1769", rule: "didPurchase.donations.reduce(0) { $0 + ($1.isGift ? $1.quantity : 0) } > 20",
            closure: { data, calendar, _ in
                data.purchases.reduce(0) { $0 + ($1.isGift ? $1.quantity : 0) } > 20
            }),
        Workload(
            name: "W1770", rule: "didPurchase.donations.filter { $0.coupon != nil }.map { $0.price * (1 - ($0.discount ?? 0)) }.reduce(0, +) > 100",
            closure: { data, calendar, _ in
                data.purchases.filter { $0.coupon != nil }.map { $0.price * (1 - ($0.discount ?? 0)) }.reduce(0, +) > 100
            }),
        Workload(
            name: "W1771", rule: "didPurchase.donations.max(by: { $0.price * Double($0.quantity) < $1.price * Double($1.quantity) })?.isGift ?? false",
            closure: { data, calendar, _ in
                data.purchases.max(by: { $0.price * Double($0.quantity) < $1.price * Double($1.quantity) })?.isGift ?? false
            }),
        Workload(
            name: "W1772", rule: "didRate.donations.filter { $0.score > 4 }.sorted { $0.date > $1.date }.first?.landmarkID ?? 0 > 0",
            closure: { data, calendar, _ in
                data.ratings.filter { $0.score > 4 }.sorted { $0.date > $1.date }.first?.landmarkID ?? 0 > 0
            }),
        Workload(
            name: "W1773", rule: "didRate.donations.contains { r in didViewLandmarkDetail.donations.contains { $0.landmarkID == r.landmarkID && $0.date < r.date } }",
            closure: { data, calendar, _ in
                data.ratings.contains { r in data.views.contains { $0.landmarkID == r.landmarkID && $0.date < r.date } }
            }),
        Workload(
            name: "W1774", rule: "didRate.donations.filter { r in didViewLandmarkDetail.donations.contains { $0.date < r.date } }.count >= 3",
            closure: { data, calendar, _ in
                data.ratings.filter { r in data.views.contains { $0.date < r.date } }.count >= 3
            }),
        Workload(
            name: "W1775", rule: "didPurchase.donations.contains { p in didLogin.donations.contains { $0.date > p.date } }",
            closure: { data, calendar, _ in
                data.purchases.contains { p in data.logins.contains { $0.date > p.date } }
            }),
        Workload(
            name: "W1776", rule: "didViewLandmarkDetail.donations.filter { v in !didRate.donations.contains { $0.landmarkID == v.landmarkID } }.count > 10",
            closure: { data, calendar, _ in
                data.views.filter { v in !data.ratings.contains { $0.landmarkID == v.landmarkID } }.count > 10
            }),
        Workload(
            name: "W1777", rule: "didRate.donations.allSatisfy { r in didViewLandmarkDetail.donations.contains { $0.landmarkID == r.landmarkID } }",
            closure: { data, calendar, _ in
                data.ratings.allSatisfy { r in data.views.contains { $0.landmarkID == r.landmarkID } }
            }),
        Workload(
            name: "W1778", rule: "didPurchase.donations.filter { p in didRate.donations.contains { $0.date > p.date && $0.score >= 4 } }.count > 5",
            closure: { data, calendar, _ in
                data.purchases.filter { p in data.ratings.contains { $0.date > p.date && $0.score >= 4 } }.count > 5
            }),
        Workload(
            name: "W1779", rule: "didLogin.donations.contains { l in didPurchase.donations.contains { $0.date >= l.date && $0.date.timeIntervalSince(l.date) < 600 } }",
            closure: { data, calendar, _ in
                data.logins.contains { l in data.purchases.contains { $0.date >= l.date && $0.date.timeIntervalSince(l.date) < 600 } }
            }),
        Workload(
            name: "W1780", rule: "didViewLandmarkDetail.donations.filter { v in didPurchase.donations.contains { $0.date > v.date } }.count >= 100",
            closure: { data, calendar, _ in
                data.views.filter { v in data.purchases.contains { $0.date > v.date } }.count >= 100
            }),
        Workload(
            name: "W1781", rule: "didRate.donations.first { r in didPurchase.donations.contains { $0.date < r.date } }?.score ?? 0 >= 3",
            closure: { data, calendar, _ in
                data.ratings.first { r in data.purchases.contains { $0.date < r.date } }?.score ?? 0 >= 3
            }),
        Workload(
            name: "W1782", rule: "didLogin.donations.filter { l in !didViewLandmarkDetail.donations.contains { $0.date > l.date && $0.date < l.date.addingTimeInterval(3600) } }.count > 5",
            closure: { data, calendar, _ in
                data.logins.filter { l in !data.views.contains { $0.date > l.date && $0.date < l.date.addingTimeInterval(3600) } }.count > 5
            }),
        Workload(
            name: "W1783", rule: "didRate.donations.count(where: { r in didViewLandmarkDetail.donations.contains { $0.landmarkID == r.landmarkID && $0.date > r.date } }) > 20",
            closure: { data, calendar, _ in
                data.ratings.count(where: { r in data.views.contains { $0.landmarkID == r.landmarkID && $0.date > r.date } }) > 20
            }),
        Workload(
            name: "W1784", rule: "didPurchase.donations.contains { p in p.isGift && didLogin.donations.contains { $0.date < p.date } }",
            closure: { data, calendar, _ in
                data.purchases.contains { p in p.isGift && data.logins.contains { $0.date < p.date } }
            }),
        Workload(
            name: "W1785", rule: "didRate.donations.filter { r in r.score >= 4 && didViewLandmarkDetail.donations.contains { $0.landmarkID == r.landmarkID } }.count > 10",
            closure: { data, calendar, _ in
                data.ratings.filter { r in r.score >= 4 && data.views.contains { $0.landmarkID == r.landmarkID } }.count > 10
            }),
        Workload(
            name: "W1786", rule: "didRate.donations.contains { r in didRate.donations.contains { $0.landmarkID == r.landmarkID && $0.score != r.score } }",
            closure: { data, calendar, _ in
                data.ratings.contains { r in data.ratings.contains { $0.landmarkID == r.landmarkID && $0.score != r.score } }
            }),
        Workload(
            name: "W1787", rule: "didViewLandmarkDetail.donations.suffix(20).allSatisfy { v in didRate.donations.contains { $0.landmarkID == v.landmarkID } }",
            closure: { data, calendar, _ in
                data.views.suffix(20).allSatisfy { v in data.ratings.contains { $0.landmarkID == v.landmarkID } }
            }),
        Workload(
            name: "W1788", rule: "didRate.donations.map { r in didViewLandmarkDetail.donations.filter { $0.landmarkID == r.landmarkID }.count }.max() ?? 0 > 30",
            closure: { data, calendar, _ in
                data.ratings.map { r in data.views.filter { $0.landmarkID == r.landmarkID }.count }.max() ?? 0 > 30
            }),
        Workload(
            name: "W1789", rule: "didRate.donations.suffix(10).contains { r in didPurchase.donations.last?.date ?? .distantPast < r.date }",
            closure: { data, calendar, _ in
                data.ratings.suffix(10).contains { r in data.purchases.last?.date ?? .distantPast < r.date }
            }),
        Workload(
            name: "W1790", rule: "didPurchase.donations.filter { $0.date > (didLogin.donations.last?.date ?? .distantPast).addingTimeInterval(-86400) }.count >= 1",
            closure: { data, calendar, _ in
                data.purchases.filter { $0.date > (data.logins.last?.date ?? .distantPast).addingTimeInterval(-86400) }.count >= 1
            }),
        Workload(
            name: "W1791", rule: "didRate.donations.donatedWithin(.days(7)).filter { r in didViewLandmarkDetail.donations.donatedWithin(.days(7)).contains { $0.landmarkID == r.landmarkID } }.count > 2",
            closure: { data, calendar, _ in
                within(data.ratings, .day, 7, calendar).filter { r in within(data.views, .day, 7, calendar).contains { $0.landmarkID == r.landmarkID } }.count > 2
            }),
        Workload(
            name: "W1792", rule: "didRate.donations.contains { $0.date.timeIntervalSince(didLogin.donations.first?.date ?? .distantPast) < 3600 }",
            closure: { data, calendar, _ in
                data.ratings.contains { $0.date.timeIntervalSince(data.logins.first?.date ?? .distantPast) < 3600 }
            }),
        Workload(
            name: "W1793", rule: "didViewLandmarkDetail.donations.filter { Date.now.timeIntervalSince($0.date) < 86400 * 14 }.map(\\.landmarkID).contains(7)",
            closure: { data, calendar, _ in
                data.views.filter { Dataset.now.timeIntervalSince($0.date) < 86400 * 14 }.map(\.landmarkID).contains(7)
            }),
        Workload(
            name: "W1794", rule: "didPurchase.donations.filter { $0.date.addingTimeInterval(86400 * 30) > Date.now }.map(\\.price).reduce(0, +) > 1000",
            closure: { data, calendar, _ in
                data.purchases.filter { $0.date.addingTimeInterval(86400 * 30) > Dataset.now }.map(\.price).reduce(0, +) > 1000
            }),
        Workload(
            name: "W1795", rule: "didRate.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 7) && $0.score < 2 }.count >= 2",
            closure: { data, calendar, _ in
                data.ratings.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 7) && $0.score < 2 }.count >= 2
            }),
        Workload(
            name: "W1796", rule: "didLogin.donations.suffix(5).map { Int(Date.now.timeIntervalSince($0.date) / 86400) }.min() ?? 99 < 2",
            closure: { data, calendar, _ in
                data.logins.suffix(5).map { Int(Dataset.now.timeIntervalSince($0.date) / 86400) }.min() ?? 99 < 2
            }),
        Workload(
            name: "W1797", rule: "didPurchase.donations.map { $0.date.timeIntervalSince(didLogin.donations.first!.date) }.filter { $0 > 0 }.count > 10",
            closure: { data, calendar, _ in
                data.purchases.map { $0.date.timeIntervalSince(data.logins.first!.date) }.filter { $0 > 0 }.count > 10
            }),
        Workload(
            name: "W1798", rule: "didViewLandmarkDetail.donations.reduce(Date.distantPast) { max($0, $1.date) } > Date.now.addingTimeInterval(-3600)",
            closure: { data, calendar, _ in
                data.views.reduce(Date.distantPast) { max($0, $1.date) } > Dataset.now.addingTimeInterval(-3600)
            }),
        Workload(
            name: "W1799", rule: "didViewLandmarkDetail.donations.max { $0.landmarkID < $1.landmarkID }?.landmarkName.hasPrefix(\"Z\") ?? false",
            closure: { data, calendar, _ in
                data.views.max { $0.landmarkID < $1.landmarkID }?.landmarkName.hasPrefix("Z") ?? false
            }),
        Workload(
            name: "W1800", rule: "didPurchase.donations.sorted { $0.date > $1.date }.first?.sku == \"stove\"",
            closure: { data, calendar, _ in
                data.purchases.sorted { $0.date > $1.date }.first?.sku == "stove"
            }),
        Workload(
            name: "W1801", rule: "didPurchase.donations.min { $0.price < $1.price }?.price ?? 0 < 5",
            closure: { data, calendar, _ in
                data.purchases.min { $0.price < $1.price }?.price ?? 0 < 5
            }),
        Workload(
            name: "W1802", rule: "didRate.donations.max { ($0.helpful ?? 0) < ($1.helpful ?? 0) }?.landmarkID == 7",
            closure: { data, calendar, _ in
                data.ratings.max { ($0.helpful ?? 0) < ($1.helpful ?? 0) }?.landmarkID == 7
            }),
        Workload(
            name: "W1803", rule: "didViewLandmarkDetail.donations.sorted { $0.landmarkName < $1.landmarkName }.first?.landmarkID ?? 0 > 3",
            closure: { data, calendar, _ in
                data.views.sorted { $0.landmarkName < $1.landmarkName }.first?.landmarkID ?? 0 > 3
            }),
        Workload(
            name: "W1804", rule: "didRate.donations.sorted { $0.score > $1.score }.prefix(5).allSatisfy { $0.score >= 4.5 }",
            closure: { data, calendar, _ in
                data.ratings.sorted { $0.score > $1.score }.prefix(5).allSatisfy { $0.score >= 4.5 }
            }),
        Workload(
            name: "W1805", rule: "didPurchase.donations.sorted { $0.price * Double($0.quantity) > $1.price * Double($1.quantity) }.prefix(3).map(\\.sku).contains(\"tent-4p\")",
            closure: { data, calendar, _ in
                data.purchases.sorted { $0.price * Double($0.quantity) > $1.price * Double($1.quantity) }.prefix(3).map(\.sku).contains("tent-4p")
            }),
        Workload(
            name: "W1806", rule: "didRate.donations.compactMap { $0.comment }.map { $0.lowercased() }.filter { $0.contains(\"great 7\") }.count > 1",
            closure: { data, calendar, _ in
                data.ratings.compactMap { $0.comment }.map { $0.lowercased() }.filter { $0.contains("great 7") }.count > 1
            }),
        Workload(
            name: "W1807", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).filter { $0.lowercased().hasPrefix(\"big\") }.count > 10",
            closure: { data, calendar, _ in
                data.views.map(\.landmarkName).filter { $0.lowercased().hasPrefix("big") }.count > 10
            }),
        Workload(
            name: "W1808", rule: "didViewLandmarkDetail.donations.contains { $0.landmarkName.lowercased() == \"zion\" && $0.landmarkID > 10 }",
            closure: { data, calendar, _ in
                data.views.contains { $0.landmarkName.lowercased() == "zion" && $0.landmarkID > 10 }
            }),
        Workload(
            name: "W1809", rule: "didPurchase.donations.filter { $0.sku.hasPrefix(\"tent\") || $0.sku.hasPrefix(\"boots\") }.count >= 20",
            closure: { data, calendar, _ in
                data.purchases.filter { $0.sku.hasPrefix("tent") || $0.sku.hasPrefix("boots") }.count >= 20
            }),
        Workload(
            name: "W1810", rule: "didPurchase.donations.compactMap(\\.coupon).contains { $0.uppercased().hasSuffix(\"10\") }",
            closure: { data, calendar, _ in
                data.purchases.compactMap(\.coupon).contains { $0.uppercased().hasSuffix("10") }
            }),
        Workload(
            name: "W1811", rule: "didRate.donations.filter { ($0.comment ?? \"\").count > 7 }.count > 10",
            closure: { data, calendar, _ in
                data.ratings.filter { ($0.comment ?? "").count > 7 }.count > 10
            }),
        Workload(
            name: "W1812", rule: "didRate.donations.compactMap(\\.comment).allSatisfy { !$0.isEmpty }",
            closure: { data, calendar, _ in
                data.ratings.compactMap(\.comment).allSatisfy { !$0.isEmpty }
            }),
        Workload(
            name: "W1813", rule: "didViewLandmarkDetail.donations.suffix(100).filter { $0.landmarkName.contains(\" \") }.count > 5",
            closure: { data, calendar, _ in
                data.views.suffix(100).filter { $0.landmarkName.contains(" ") }.count > 5
            }),
        Workload(
            name: "W1814", rule: "Set(didViewLandmarkDetail.donations.map { $0.landmarkName.lowercased() }).count >= 5",
            closure: { data, calendar, _ in
                Set(data.views.map { $0.landmarkName.lowercased() }).count >= 5
            }),
        Workload(
            name: "W1815", rule: "didRate.donations.compactMap(\\.helpful).filter { $0 > 5 }.count * 2 > didRate.donations.count",
            closure: { data, calendar, _ in
                data.ratings.compactMap(\.helpful).filter { $0 > 5 }.count * 2 > data.ratings.count
            }),
        Workload(
            name: "W1816", rule: "didRate.donations.map { $0.helpful ?? 0 }.reduce(0, +) / max(1, didRate.donations.count) > 3",
            closure: { data, calendar, _ in
                data.ratings.map { $0.helpful ?? 0 }.reduce(0, +) / max(1, data.ratings.count) > 3
            }),
        Workload(
            name: "W1817", rule: "didPurchase.donations.compactMap(\\.discount).max() ?? 0 > 0.3",
            closure: { data, calendar, _ in
                data.purchases.compactMap(\.discount).max() ?? 0 > 0.3
            }),
        Workload(
            name: "W1818", rule: "didPurchase.donations.filter { ($0.discount ?? 0) > 0.1 && $0.coupon != nil }.count >= 3",
            closure: { data, calendar, _ in
                data.purchases.filter { ($0.discount ?? 0) > 0.1 && $0.coupon != nil }.count >= 3
            }),
        Workload(
            name: "W1819", rule: "didRate.donations.last?.comment?.contains(\"great\") ?? false",
            closure: { data, calendar, _ in
                data.ratings.last?.comment?.contains("great") ?? false
            }),
        Workload(
            name: "W1820", rule: "didPurchase.donations.reduce(0.0) { $0 + ($1.discount ?? 0) * $1.price } > 50",
            closure: { data, calendar, _ in
                data.purchases.reduce(0.0) { $0 + ($1.discount ?? 0) * $1.price } > 50
            }),
        Workload(
            name: "W1821", rule: "didRate.donations.map(\\.score).sorted()[didRate.donations.count / 2] >= 2.5",
            closure: { data, calendar, _ in
                data.ratings.map(\.score).sorted()[data.ratings.count / 2] >= 2.5
            }),
        Workload(
            name: "W1822", rule: "didPurchase.donations.map(\\.quantity).reduce(0, +) > didPurchase.donations.count * 2",
            closure: { data, calendar, _ in
                data.purchases.map(\.quantity).reduce(0, +) > data.purchases.count * 2
            }),
        Workload(
            name: "W1823", rule: "didViewLandmarkDetail.donations.map(\\.landmarkID).filter { $0 % 2 == 0 }.count > didViewLandmarkDetail.donations.count / 3",
            closure: { data, calendar, _ in
                data.views.map(\.landmarkID).filter { $0 % 2 == 0 }.count > data.views.count / 3
            }),
        Workload(
            name: "W1824", rule: "didRate.donations.reduce(0.0) { max($0, $1.score) } - didRate.donations.reduce(5.0) { min($0, $1.score) } > 3",
            closure: { data, calendar, _ in
                data.ratings.reduce(0.0) { max($0, $1.score) } - data.ratings.reduce(5.0) { min($0, $1.score) } > 3
            }),
        Workload(
            name: "W1825", rule: "didPurchase.donations.map { $0.price * Double($0.quantity) * (1 - ($0.discount ?? 0)) }.max() ?? 0 > 400",
            closure: { data, calendar, _ in
                data.purchases.map { $0.price * Double($0.quantity) * (1 - ($0.discount ?? 0)) }.max() ?? 0 > 400
            }),
        Workload(
            name: "W1826", rule: "Double(didRate.donations.filter { $0.score >= 4 }.count) / Double(max(1, didRate.donations.count)) > 0.15",
            closure: { data, calendar, _ in
                Double(data.ratings.filter { $0.score >= 4 }.count) / Double(max(1, data.ratings.count)) > 0.15
            }),
        Workload(
            name: "W1827", rule: "didViewLandmarkDetail.donations.dropFirst(10).prefix(100).filter { $0.landmarkID < 10 }.count > 5",
            closure: { data, calendar, _ in
                data.views.dropFirst(10).prefix(100).filter { $0.landmarkID < 10 }.count > 5
            }),
        Workload(
            name: "W1828", rule: "didRate.donations.suffix(50).map(\\.score).reduce(0, +) / 50 > 2",
            closure: { data, calendar, _ in
                data.ratings.suffix(50).map(\.score).reduce(0, +) / 50 > 2
            }),
        Workload(
            name: "W1829", rule: "didLogin.donations.count > 5 && didPurchase.donations.isEmpty == false && didRate.donations.last?.score ?? 0 > 3",
            closure: { data, calendar, _ in
                data.logins.count > 5 && data.purchases.isEmpty == false && data.ratings.last?.score ?? 0 > 3
            }),
        Workload(
            name: "W1830", rule: "didViewLandmarkDetail.donations.filter { $0.landmarkName.hasPrefix(\"Mount\") }.map(\\.landmarkID).max() ?? 0 > 30",
            closure: { data, calendar, _ in
                data.views.filter { $0.landmarkName.hasPrefix("Mount") }.map(\.landmarkID).max() ?? 0 > 30
            }),
        Workload(
            name: "W1831", rule: "didRate.donations.compactMap { $0.comment }.filter { $0.count > 10 }.count > 20",
            closure: { data, calendar, _ in
                data.ratings.compactMap { $0.comment }.filter { $0.count > 10 }.count > 20
            }),
        Workload(
            name: "W1832", rule: "didRate.donations.compactMap(\\.helpful).filter { $0 > 5 }.reduce(0, +) > 100",
            closure: { data, calendar, _ in
                data.ratings.compactMap(\.helpful).filter { $0 > 5 }.reduce(0, +) > 100
            }),
        Workload(
            name: "W1833", rule: "didPurchase.donations.map { $0.price * Double($0.quantity) }.filter { $0 > 50 }.count > 10",
            closure: { data, calendar, _ in
                data.purchases.map { $0.price * Double($0.quantity) }.filter { $0 > 50 }.count > 10
            }),
        Workload(
            name: "W1834", rule: "didPurchase.donations.filter { $0.isGift }.map(\\.sku).contains(\"stove\")",
            closure: { data, calendar, _ in
                data.purchases.filter { $0.isGift }.map(\.sku).contains("stove")
            }),
        Workload(
            name: "W1835", rule: "Set(didPurchase.donations.map(\\.sku)).count >= 4",
            closure: { data, calendar, _ in
                Set(data.purchases.map(\.sku)).count >= 4
            }),
        Workload(
            name: "W1836", rule: "Set(didRate.donations.filter { $0.score >= 4 }.map(\\.landmarkID)).count > 10",
            closure: { data, calendar, _ in
                Set(data.ratings.filter { $0.score >= 4 }.map(\.landmarkID)).count > 10
            }),
        Workload(
            name: "W1837", rule: "Set(didViewLandmarkDetail.donations.map(\\.landmarkName)).contains(\"Zion\")",
            closure: { data, calendar, _ in
                Set(data.views.map(\.landmarkName)).contains("Zion")
            }),
        Workload(
            name: "W1838", rule: "didRate.donations.sorted { $0.score > $1.score }.prefix(5).map(\\.landmarkID).contains(7)",
            closure: { data, calendar, _ in
                data.ratings.sorted { $0.score > $1.score }.prefix(5).map(\.landmarkID).contains(7)
            }),
        Workload(
            name: "W1839", rule: "didPurchase.donations.sorted { $0.price < $1.price }.last?.quantity ?? 0 > 2",
            closure: { data, calendar, _ in
                data.purchases.sorted { $0.price < $1.price }.last?.quantity ?? 0 > 2
            }),
        Workload(
            name: "W1840", rule: "didViewLandmarkDetail.donations.map(\\.landmarkID).sorted().dropFirst(10).first ?? 0 > 3",
            closure: { data, calendar, _ in
                data.views.map(\.landmarkID).sorted().dropFirst(10).first ?? 0 > 3
            }),
        Workload(
            name: "W1841", rule: "didRate.donations.min { $0.score < $1.score }?.landmarkID ?? 0 > 5",
            closure: { data, calendar, _ in
                data.ratings.min { $0.score < $1.score }?.landmarkID ?? 0 > 5
            }),
        Workload(
            name: "W1842", rule: "didPurchase.donations.max { $0.price < $1.price }?.isGift ?? false",
            closure: { data, calendar, _ in
                data.purchases.max { $0.price < $1.price }?.isGift ?? false
            }),
        Workload(
            name: "W1843", rule: "didRate.donations.first { $0.comment?.contains(\"great\") ?? false }?.score ?? 0 >= 4",
            closure: { data, calendar, _ in
                data.ratings.first { $0.comment?.contains("great") ?? false }?.score ?? 0 >= 4
            }),
        Workload(
            name: "W1844", rule: "didRate.donations.last { $0.helpful ?? 0 > 3 }?.date ?? Date.distantPast > Date.now.addingTimeInterval(-86400 * 7)",
            closure: { data, calendar, _ in
                data.ratings.last { $0.helpful ?? 0 > 3 }?.date ?? Date.distantPast > Dataset.now.addingTimeInterval(-86400 * 7)
            }),
        Workload(
            name: "W1845", rule: "didLogin.donations.count(where: { Date.now.timeIntervalSince($0.date) < 86400 }) >= 2",
            closure: { data, calendar, _ in
                data.logins.count(where: { Dataset.now.timeIntervalSince($0.date) < 86400 }) >= 2
            }),
        Workload(
            name: "W1846", rule: "didLogin.donations.dropLast().last?.date ?? Date.distantPast < Date.now.addingTimeInterval(-86400)",
            closure: { data, calendar, _ in
                data.logins.dropLast().last?.date ?? Date.distantPast < Dataset.now.addingTimeInterval(-86400)
            }),
        Workload(
            name: "W1847", rule: "didViewLandmarkDetail.donations.suffix(20).filter { $0.landmarkID == didViewLandmarkDetail.donations.last?.landmarkID }.count >= 3",
            closure: { data, calendar, _ in
                let last = data.views.last?.landmarkID
                return data.views.suffix(20).filter { $0.landmarkID == last }.count >= 3
            }),
        Workload(
            name: "W1848", rule: "didRate.donations.filter { r in r.score < 2 && didPurchase.donations.contains { $0.date > r.date } }.count > 2",
            closure: { data, calendar, _ in
                data.ratings.filter { r in r.score < 2 && data.purchases.contains { $0.date > r.date } }.count > 2
            }),
        Workload(
            name: "W1849", rule: "didPurchase.donations.contains { ($0.discount ?? 0) > 0.5 }",
            closure: { data, calendar, _ in
                data.purchases.contains { ($0.discount ?? 0) > 0.5 }
            }),
        Workload(
            name: "W1850", rule: "didPurchase.donations.filter { $0.coupon != nil }.map { $0.price * (1 - ($0.discount ?? 0)) }.reduce(0, +) > 200",
            closure: { data, calendar, _ in
                data.purchases.filter { $0.coupon != nil }.map { $0.price * (1 - ($0.discount ?? 0)) }.reduce(0, +) > 200
            }),
        Workload(
            name: "W1851", rule: "didRate.donations.map { $0.score.rounded() }.filter { $0 == 5 }.count > 10",
            closure: { data, calendar, _ in
                data.ratings.map { $0.score.rounded() }.filter { $0 == 5 }.count > 10
            }),
        Workload(
            name: "W1852", rule: "didRate.donations.map { Int($0.score * 2) }.max() ?? 0 >= 9",
            closure: { data, calendar, _ in
                data.ratings.map { Int($0.score * 2) }.max() ?? 0 >= 9
            }),
        Workload(
            name: "W1853", rule: "didViewLandmarkDetail.donations.contains { $0.landmarkName.uppercased() == \"ZION\" }",
            closure: { data, calendar, _ in
                data.views.contains { $0.landmarkName.uppercased() == "ZION" }
            }),
        Workload(
            name: "W1854", rule: "didRate.donations.filter { ($0.comment ?? \"\").isEmpty }.count > didRate.donations.count / 2",
            closure: { data, calendar, _ in
                data.ratings.filter { ($0.comment ?? "").isEmpty }.count > data.ratings.count / 2
            }),
        Workload(
            name: "W1855", rule: "didRate.donations.reduce(0) { $0 + ($1.helpful ?? 0) } > 500",
            closure: { data, calendar, _ in
                data.ratings.reduce(0) { $0 + ($1.helpful ?? 0) } > 500
            }),
        Workload(
            name: "W1856", rule: "didRate.donations.reduce(0.0) { max($0, $1.score) } >= 5",
            closure: { data, calendar, _ in
                data.ratings.reduce(0.0) { max($0, $1.score) } >= 5
            }),
        Workload(
            name: "W1857", rule: "didPurchase.donations.reduce(0) { $0 + $1.quantity } > 50",
            closure: { data, calendar, _ in
                data.purchases.reduce(0) { $0 + $1.quantity } > 50
            }),
        Workload(
            name: "W1858", rule: "didPurchase.donations.reduce(0.0) { $0 + ($1.isGift ? $1.price : 0) } > 300",
            closure: { data, calendar, _ in
                data.purchases.reduce(0.0) { $0 + ($1.isGift ? $1.price : 0) } > 300
            }),
        Workload(
            name: "W1859", rule: "didRate.donations.prefix(100).filter { $0.score > 3 }.count > 40",
            closure: { data, calendar, _ in
                data.ratings.prefix(100).filter { $0.score > 3 }.count > 40
            }),
        Workload(
            name: "W1860", rule: "didRate.donations.suffix(100).map(\\.score).min() ?? 0 < 1.5",
            closure: { data, calendar, _ in
                data.ratings.suffix(100).map(\.score).min() ?? 0 < 1.5
            }),
        Workload(
            name: "W1861", rule: "didViewLandmarkDetail.donations.dropFirst(500).contains { $0.landmarkID == 1 }",
            closure: { data, calendar, _ in
                data.views.dropFirst(500).contains { $0.landmarkID == 1 }
            }),
        Workload(
            name: "W1862", rule: "didPurchase.donations.map(\\.quantity).sorted(by: >).prefix(3).reduce(0, +) >= 10",
            closure: { data, calendar, _ in
                data.purchases.map(\.quantity).sorted(by: >).prefix(3).reduce(0, +) >= 10
            }),
        Workload(
            name: "W1863", rule: "didRate.donations.filter { $0.landmarkID % 2 == 0 }.map(\\.score).max() ?? 0 > 4.5",
            closure: { data, calendar, _ in
                data.ratings.filter { $0.landmarkID % 2 == 0 }.map(\.score).max() ?? 0 > 4.5
            }),
        Workload(
            name: "W1864", rule: "didViewLandmarkDetail.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 2) }.map(\\.landmarkID).contains(3)",
            closure: { data, calendar, _ in
                data.views.filter { $0.date > Dataset.now.addingTimeInterval(-86400 * 2) }.map(\.landmarkID).contains(3)
            }),
        Workload(
            name: "W1865", rule: "didLogin.donations.filter { $0.date > (didPurchase.donations.last?.date ?? Date.distantPast) }.count >= 3",
            closure: { data, calendar, _ in
                data.logins.filter { $0.date > (data.purchases.last?.date ?? Date.distantPast) }.count >= 3
            }),
        Workload(
            name: "W1866", rule: "didRate.donations.isEmpty == false && didRate.donations.map(\\.score).reduce(0, +) / Double(didRate.donations.count) > 3",
            closure: { data, calendar, _ in
                data.ratings.isEmpty == false && data.ratings.map(\.score).reduce(0, +) / Double(data.ratings.count) > 3
            }),
        Workload(
            name: "W1867", rule: "didPurchase.donations.count(where: { $0.sku.hasSuffix(\"s\") }) > 5",
            closure: { data, calendar, _ in
                data.purchases.count(where: { $0.sku.hasSuffix("s") }) > 5
            }),
        Workload(
            name: "W1868", rule: "didRate.donations.map { $0.helpful ?? 0 }.sorted().last ?? 0 > 10",
            closure: { data, calendar, _ in
                data.ratings.map { $0.helpful ?? 0 }.sorted().last ?? 0 > 10
            }),
        Workload(
            name: "W1869", rule: "didRate.donations.contains { $0.score == didRate.donations.map(\\.score).max() && $0.landmarkID == 3 }",
            closure: { data, calendar, _ in
                let best = data.ratings.map(\.score).max()
                return data.ratings.contains { $0.score == best && $0.landmarkID == 3 }
            }),
        Workload(
            name: "W1870", rule: "didPurchase.donations.filter { $0.price > didPurchase.donations.map(\\.price).reduce(0, +) / Double(max(1, didPurchase.donations.count)) }.count > 10",
            closure: { data, calendar, _ in
                let average = data.purchases.map(\.price).reduce(0, +) / Double(max(1, data.purchases.count))
                return data.purchases.filter { $0.price > average }.count > 10
            }),
        Workload(
            name: "W1871", rule: "didRate.donations.filter { $0.landmarkID == 3 && $0.score == didRate.donations.map(\\.score).max() }.count > 0",
            closure: { data, calendar, _ in
                let best = data.ratings.map(\.score).max()
                return data.ratings.filter { $0.landmarkID == 3 && $0.score == best }.count > 0
            }),
        Workload(
            name: "W1872", rule: "didViewLandmarkDetail.donations.contains { $0.landmarkName.hasPrefix(\"Z\") && $0.landmarkID == didViewLandmarkDetail.donations.map(\\.landmarkID).max() }",
            closure: { data, calendar, _ in
                let highest = data.views.map(\.landmarkID).max()
                return data.views.contains { $0.landmarkName.hasPrefix("Z") && $0.landmarkID == highest }
            }),
        Workload(
            name: "W1873", rule: "didRate.donations.map { Int($0.score.rounded()) }.filter { $0 == 5 }.count > 50",
            closure: { data, calendar, _ in
                data.ratings.map { Int($0.score.rounded()) }.filter { $0 == 5 }.count > 50
            }),
        Workload(
            name: "W1874", rule: "didRate.donations.map { $0.landmarkID * 10 + Int($0.score) }.max() ?? 0 > 400",
            closure: { data, calendar, _ in
                data.ratings.map { $0.landmarkID * 10 + Int($0.score) }.max() ?? 0 > 400
            }),
        Workload(
            name: "W1875", rule: "didRate.donations.map(\\.score).filter { !$0.isNaN }.reduce(0, +) > 1000",
            closure: { data, calendar, _ in
                data.ratings.map(\.score).filter { !$0.isNaN }.reduce(0, +) > 1000
            }),
        Workload(
            name: "W1876", rule: "didRate.donations.reduce(0) { $0 + ($1.comment == nil ? 0 : 1) } > 200",
            closure: { data, calendar, _ in
                data.ratings.reduce(0) { $0 + ($1.comment == nil ? 0 : 1) } > 200
            }),
        Workload(
            name: "W1877", rule: "didRate.donations.map(\\.score).sorted(by: >).prefix(10).reduce(0, +) / 10 > 4.5",
            closure: { data, calendar, _ in
                data.ratings.map(\.score).sorted(by: >).prefix(10).reduce(0, +) / 10 > 4.5
            }),
        Workload(
            name: "W1878", rule: "didViewLandmarkDetail.donations.map(\\.landmarkName).contains { $0.hasPrefix(\"Mount\") }",
            closure: { data, calendar, _ in
                data.views.map(\.landmarkName).contains { $0.hasPrefix("Mount") }
            }),
        Workload(
            name: "W1879", rule: "didRate.donations.contains { r in r.score > 4 && namesW1879.contains(r.landmarkID) }",
            declarations: "let namesW1879 = didViewLandmarkDetail.donations.filter { $0.landmarkName.hasPrefix(\"M\") }.map(\\.landmarkID)\n",
            closure: { data, calendar, _ in
                let names = data.views.filter { $0.landmarkName.hasPrefix("M") }.map(\.landmarkID)
                return data.ratings.contains { r in r.score > 4 && names.contains(r.landmarkID) }
            }),
        Workload(
            name: "W1880", rule: "didRate.donations.filter { $0.score > 4 }.contains { r in favoritesW1880.contains(r.landmarkID) && r.comment != nil }",
            declarations: "let favoritesW1880 = didViewLandmarkDetail.donations.suffix(20).map(\\.landmarkID)\n",
            closure: { data, calendar, _ in
                let favorites = data.views.suffix(20).map(\.landmarkID)
                return data.ratings.filter { $0.score > 4 }.contains { r in favorites.contains(r.landmarkID) && r.comment != nil }
            }),




    ]

}

extension Array {
    /// TipKit's `largestSubset(groupedBy:)` written the way an app would, over any payload
    /// (as `Workloads.subset` is for views): group, then the largest group, the group seen
    /// first winning ties.
    func largestSubset<Key: Hashable>(groupedBy key: KeyPath<Element, Key>) -> [Element] {
        subset(groupedBy: key, largest: true)
    }

    /// TipKit's `smallestSubset(groupedBy:)`, the same way.
    func smallestSubset<Key: Hashable>(groupedBy key: KeyPath<Element, Key>) -> [Element] {
        subset(groupedBy: key, largest: false)
    }

    private func subset<Key: Hashable>(groupedBy key: KeyPath<Element, Key>, largest: Bool) -> [Element] {
        var order: [Key] = []
        var groups: [Key: [Element]] = [:]
        for item in self {
            let value = item[keyPath: key]
            if groups[value] == nil { order.append(value) }
            groups[value, default: []].append(item)
        }
        var best: [Element] = []
        for value in order {
            let group = groups[value]!
            if best.isEmpty || (largest ? group.count > best.count : group.count < best.count) { best = group }
        }
        return best
    }
}
