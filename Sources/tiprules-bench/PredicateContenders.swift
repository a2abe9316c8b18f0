import Foundation

/// Foundation's `#Predicate` as a third contender, for every workload whose logic it can
/// express. A predicate has no `map`, `reduce`, `sorted`, `Set`, `first(where:)`, grouping,
/// `lowercased()` or date arithmetic, so each is the same logic written with what it has: a
/// `map` folded into the test after it (`map(\.name).contains(x)` as `contains { $0.name == x }`),
/// `count(where:)` and `compactMap(f).count` as `filter(p).count`, `hasPrefix` as
/// `starts(with:)`, and a clock or window computed outside the predicate as a `Date` it captures.
/// Each is built and evaluated at every call, as a host that makes its predicate from a rule would.
enum PredicateContenders {
    typealias Contender = @Sendable (Dataset, Calendar, Bool) -> Bool

    static func contender(for workload: String) -> Contender? { all[workload] }

    private static let all: [String: Contender] = [
        "W1": { data, calendar, _ in
            let cutoff = calendar.date(byAdding: .day, value: -7, to: Dataset.now)!
            let now = Dataset.now
            return try! #Predicate<[LandmarkView]> { views in views.filter { $0.date >= cutoff && $0.date <= now }.count >= 3 }
                .evaluate(data.views)
        },
        "W2": { data, _, _ in
            try! #Predicate<[LandmarkView]> { views in views.filter { $0.landmarkName != "Wilbere Bowl" }.count > 3 }.evaluate(data.views)
        },
        "W5": { data, calendar, isLoggedIn in
            let cutoff = calendar.date(byAdding: .day, value: -3, to: Dataset.now)!
            let now = Dataset.now
            return try! #Predicate<[Login], [LandmarkView]> { logins, views in
                isLoggedIn && logins.filter { $0.date >= cutoff && $0.date <= now }.count >= 2
                    || views.contains { $0.landmarkID == 7 && $0.landmarkName.starts(with: "Al") }
                    || views.contains { $0.landmarkID > 40 }
            }.evaluate(data.logins, data.views)
        },
        "W8": { data, _, _ in
            try! #Predicate<[Rating]> { ratings in ratings.contains { $0.comment?.starts(with: "great 4") == true && $0.score > 4.8 } }
                .evaluate(data.ratings)
        },
        "W11": { data, _, _ in
            try! #Predicate<[Rating]> { ratings in ratings.allSatisfy { $0.score >= 0 && $0.landmarkID > 0 } }.evaluate(data.ratings)
        },
        "W12": { data, _, _ in
            try! #Predicate<[Rating]> { ratings in (ratings.filter { $0.score > 4.85 && $0.comment != nil }.first?.landmarkID ?? 0) > 25 }
                .evaluate(data.ratings)
        },
        "W13": { data, _, _ in
            try! #Predicate<[Rating]> { ratings in ratings.filter { $0.comment != nil }.count > 5 }.evaluate(data.ratings)
        },
        "W16": { data, _, _ in
            let cutoff = Dataset.now.addingTimeInterval(-3 * 86400)
            return try! #Predicate<[Rating]> { ratings in ratings.filter { $0.date > cutoff }.count >= 5 }.evaluate(data.ratings)
        },
        "W20": { data, _, _ in
            try! #Predicate<[Rating]> { ratings in ratings.filter { $0.comment != nil && $0.score > 3 }.count > 5 }.evaluate(data.ratings)
        },
        "W23": { data, _, _ in
            try! #Predicate<[Rating]> { ratings in ratings.contains { $0.landmarkID == 7 && $0.score > 4 } }.evaluate(data.ratings)
        },
        "W24": { data, _, _ in
            try! #Predicate<[LandmarkView]> { views in (views.last?.landmarkName.count ?? 0) > 3 }.evaluate(data.views)
        },
        "W25": { data, _, _ in
            try! #Predicate<[Rating]> { ratings in ratings.filter { $0.score * 2 + 1 > 5 }.count > ratings.count / 3 }.evaluate(data.ratings)
        },
        "W26": { data, _, _ in
            try! #Predicate<[LandmarkView]> { views in views.contains { $0.landmarkName == "Mount Fuji" } }.evaluate(data.views)
        },
        "W27": { data, _, _ in
            let cutoff = Dataset.now.addingTimeInterval(-7 * 86400)
            return try! #Predicate<[LandmarkView]> { views in views.filter { $0.date > cutoff }.count >= 3 }.evaluate(data.views)
        },
        "W28": { data, _, _ in
            try! #Predicate<[Rating]> { ratings in !ratings.filter { $0.score > 4.5 && $0.comment != nil }.isEmpty }.evaluate(data.ratings)
        },
        "W30": { data, _, _ in
            let cutoff = Dataset.now.addingTimeInterval(-3 * 86400)
            let distantPast = Date.distantPast
            return try! #Predicate<[LandmarkView]> { views in (views.filter { $0.landmarkID == 7 }.last?.date ?? distantPast) > cutoff }
                .evaluate(data.views)
        },
        "W31": { data, _, _ in
            try! #Predicate<[Rating]> { ratings in ratings.filter { $0.score > 4 && !($0.comment ?? "").isEmpty }.count > 3 }
                .evaluate(data.ratings)
        },
        "W34": { data, _, _ in
            try! #Predicate<[LandmarkView]> { views in views.filter { $0.landmarkID % 7 == 3 }.count > 20 }.evaluate(data.views)
        },
        "W40": { data, _, _ in
            let names = ["Zion", "Alps"]
            return try! #Predicate<[LandmarkView]> { views in views.filter { names.contains($0.landmarkName) }.count > 3 }.evaluate(data.views)
        },
        "W45": { data, _, _ in
            try! #Predicate<[Rating]> { ratings in ratings.allSatisfy { $0.comment == nil || $0.comment!.count > 3 } }.evaluate(data.ratings)
        },
        "W47": { data, _, _ in
            try! #Predicate<[Rating]> { ratings in ratings.filter { $0.comment?.contains("4") == true }.count > 2 }.evaluate(data.ratings)
        },
        "W49": { data, _, _ in
            try! #Predicate<[Rating]> { ratings in ratings.filter { ($0.comment?.count ?? 0) > 7 }.count > 3 }.evaluate(data.ratings)
        },
        "W51": { data, _, _ in
            try! #Predicate<[Rating]> { ratings in ratings.filter { $0.comment?.starts(with: "great 1") ?? false }.count > 5 }
                .evaluate(data.ratings)
        },
        "W54": { data, _, _ in
            try! #Predicate<[Rating]> { ratings in ratings.filter { $0.score > 4.5 }.count * 10 > ratings.count }.evaluate(data.ratings)
        },
        "W55": { data, _, _ in
            try! #Predicate<[Login], [LandmarkView]> { logins, views in logins.count >= 3 && views.count > 10 }
                .evaluate(data.logins, data.views)
        },
    ]
}
