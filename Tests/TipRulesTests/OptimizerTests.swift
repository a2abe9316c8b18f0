import Foundation
import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

/// The optimizer's fused operations compute exactly what the unfused built-ins compute.
@Suite("Optimizer")
struct OptimizerTests {
    static let rules = """
    event view { id: Int, name: String, rating: Double, note: String?, seen: Bool, when: Date, bonus: Int?, weight: Double?, due: Date?, tag: String? }
    event empty { id: Int, name: String, rating: Double, note: String?, seen: Bool, when: Date, bonus: Int?, weight: Double?, due: Date?, tag: String? }
    parameter threshold: Int = 3
    parameter wanted: String = "Alps"
    let lastDay = view.donations.last?.date ?? Date.distantPast
    let missing = empty.donations.first!.id
    let busy = view.donations.filter { $0.id > 1 }
    let broken = view.donations.filter { 10 / $0.id > 1 }
    let seenIDs = Set(view.donations.filter { $0.seen }.map(\\.id))
    let firstIDs = view.donations.prefix(5).map(\\.id)
    let someNames = ["Alps", "e\u{301}te\u{301}"] + [wanted]
    let allRatings = Set(view.donations.map(\\.rating))
    let noIDs = Set(empty.donations.map(\\.id))
    let brokenIDs = Set(view.donations.map { 10 / $0.id })
    """

    /// A store with varied donations, including two NaN ratings and a -0.0 (possible through the
    /// library API).
    static func store(_ program: CompiledProgram, count: Int = 60) throws -> DonationStore {
        var store = DonationStore(program: program)
        // One name longer than 64 bytes, so that `contains` charges steps for its search.
        let names = ["Alps", "Alpine Lake", "Wilbere Bowl", "e\u{301}te\u{301}", "Zion", "",
                     "The long and winding road that leads to the lake beyond the alpine meadows of the valley"]
        for index in 0..<count {
            let rating: Double = index == 17 || index == 41 ? .nan : index == 23 ? -0.0 : Double((index * 7) % 11) / 2
            var payload: [String: Value] = [
                "id": .int((index * 13) % 9 - 2), "name": .string(names[(index * 5) % names.count]), "rating": .double(rating),
                "seen": .bool(index % 3 == 0), "when": .date(Double(index) * 1000),
            ]
            // One note long enough that counting it charges steps.
            if index % 4 == 1 {
                payload["note"] = .string(index == 13 ? "dry and dusty, with a long wind from the hills" : index % 8 == 1 ? "wet" : index % 3 == 2 ? "" : "dry")
            }
            // Optional numbers: nil on some rows, -0.0 and NaN among the weights.
            if index % 3 != 2 { payload["bonus"] = .int((index * 37) % 11 - 5) }
            if index % 4 != 3 { payload["due"] = .date(Double(index) * 86_400 + (index % 2 == 0 ? -1e6 : 1e6)) }
            // A second optional string, so that a test of one is never taken for a test of the other.
            if index % 5 == 2 { payload["tag"] = .string(index % 10 == 2 ? "" : "t") }
            if index % 5 != 4 { payload["weight"] = .double(index == 30 ? .nan : index % 7 == 0 ? -0.0 : Double(index % 9) / 4) }
            try store.donate("view", at: Fixture.date("2026-10-01T00:00:00Z").addingTimeInterval(Double(index) * 86_400), payload)
        }
        return store
    }

    static let sources = [
        "view.donations", "view.donations.donatedWithin(.days(20))", "view.donations.reversed()",
        "view.donations.filter { $0.id != 0 }.dropFirst(3)", "empty.donations", "view.donations.map { $0 }",
    ]

    static let predicates = [
        "$0.id == 3", "$0.id != 3", "$0.id < 2", "$0.id <= 2", "$0.id > 4", "$0.id >= 4", "3 < $0.id", "$0.id == threshold",
        "$0.name == \"Alps\"", "$0.name != \"Alps\"", "$0.name == wanted", "$0.name == \"ete\\u{301}te\\u{301}\"",
        "$0.name.hasPrefix(\"Al\")", "$0.name.hasSuffix(\"e\")", "$0.name.contains(\"l\")", "$0.name.starts(with: \"\")",
        "$0.name.contains(\"the lake\")", "$0.seen && $0.name.contains(\"valley of\")", "$0.note?.contains(\"wet and windy\") == false",
        "$0.name.hasPrefix(\"e\")", "$0.seen", "!$0.seen", "$0.note == nil", "$0.note == \"wet\"", "$0.note != \"dry\"",
        "$0.rating > 2.5", "$0.rating == 2.5", "$0.rating != $0.rating", "$0.when < Date.now", "$0.date > Date.now.addingTimeInterval(-86400 * 10)",
        "$0.id > 0 && $0.name.hasPrefix(\"A\")", "$0.id == 1 || $0.seen", "$0.rating >= 0 && $0.id != 3", "!($0.id > 0 && $0.rating < 3)", "_ in true", "_ in false",
        // Optional chains ending in a string test, against each literal they may meet.
        "$0.note?.hasPrefix(\"w\") == true", "$0.note?.hasPrefix(\"w\") == false", "$0.note?.contains(\"r\") != true",
        "$0.note?.hasSuffix(\"y\") != false", "nil == $0.note?.hasSuffix(\"y\")", "true == $0.note?.starts(with: \"d\")",
        "$0.note != nil && $0.rating > 3", "$0.note == wanted", "$0.name < \"B\"", "\"Zion\" <= $0.name", "$0.seen != true",
        // Double arithmetic (never traps) and date arithmetic, with NaN, infinities and -0.0.
        "$0.rating * 2 + 1 > 5", "-$0.rating < -2", "$0.rating / 0 > 1", "0 / $0.rating == 0", "$0.rating - $0.rating != 0",
        "2.5 >= $0.rating", "Double(threshold) < $0.rating", "Date.now.timeIntervalSince($0.date) < 86400 * 20",
        "$0.when.timeIntervalSince($0.date) > -1e9", "$0.date + 86400 * 5 > Date.now", "$0.date - 60 < $0.when",
        "_ in Date.now.addingTimeInterval(-5) < Date.now", "_ in Date.now.timeIntervalSince(Date.now) == 0",
        // Date conjuncts, which narrow a scan to a window of the stream by binary search.
        "$0.date >= Date.now.addingTimeInterval(-86400 * 20) && $0.id > 0", "$0.date < Date.now.addingTimeInterval(-86400 * 30)",
        "Date.now.addingTimeInterval(-86400 * 40) <= $0.date && $0.date <= Date.now.addingTimeInterval(-86400 * 35)",
        "$0.date == Date.now.addingTimeInterval(-86400 * 10)", "$0.date != Date.now.addingTimeInterval(-86400 * 10)",
        "$0.date == lastDay.addingTimeInterval(-86400 * 3) || $0.id == 5", "$0.date == lastDay.addingTimeInterval(.nan) && $0.id != 3",
        "!($0.date != lastDay) && $0.seen", "$0.date.addingTimeInterval(86400 * 4) == lastDay",
        // Date functions scaled by a constant (days rather than seconds), by a negative one (the
        // order reversed), and by zero or an infinity (no window: every date one value, or NaN).
        "Date.now.timeIntervalSince($0.date) / 86400 < 20", "$0.date.timeIntervalSince(lastDay) * -2 >= 86400 * 10",
        "$0.date.timeIntervalSince(Date.now) / 3600 > -240 && $0.id > 0", "abs($0.date.timeIntervalSince(lastDay) / 86400) <= 5",
        "$0.date.timeIntervalSince(lastDay) / -86400 < 7", "2 * $0.date.timeIntervalSince(lastDay) > -86400 * 30",
        "Date.now.timeIntervalSince($0.date) * 0 < 1", "$0.date.timeIntervalSince(lastDay) * Double.infinity < 0",
        "$0.date.timeIntervalSince(lastDay) / 86400 == -3",
        "$0.date > Date.now.addingTimeInterval(-86400 * 1000)", "$0.date > Date.now && $0.seen", "$0.rating > 1 && $0.date <= Date.now",
        "$0.date.timeIntervalSince(Date.now) > -86400 * 5", "$0.date.timeIntervalSinceNow > -86400 * 4", "86400 * 3 >= Date.now.timeIntervalSince($0.date) && !$0.seen",
        "-$0.date.timeIntervalSince(Date.now) >= 86400 * 12 && $0.id != 1", "$0.date.timeIntervalSince(Date.now) <= -86400 * 30.5",
        "$0.date > Date.now.addingTimeInterval(0.0 / 0.0)", "$0.date <= Date.now.addingTimeInterval(-0.0 / 0.0) && $0.id > 0",
        // Date conjuncts and string searches, whose steps count only the rows they search.
        "$0.date > Date.now.addingTimeInterval(-86400 * 25) && $0.name.contains(\"l\")",
        "$0.name.contains(\"l\") && $0.date > Date.now.addingTimeInterval(-86400 * 25)",
        "$0.date > Date.now.addingTimeInterval(-86400 * 40) && $0.name.count > 3 && $0.date < Date.now.addingTimeInterval(-86400 * 10)",
        "$0.date > Date.now.addingTimeInterval(-86400 * 40) && [\"Zion\", \"Alps\"].contains($0.name) && $0.id > 0",
        // Complemented date comparisons (windows on the other side of the same edge, a NaN
        // bound included) and `!(a || b)` as `!a && !b`.
        "!($0.date < Date.now.addingTimeInterval(-86400 * 10))", "!($0.date <= Date.now.addingTimeInterval(0.0 / 0.0)) && $0.id > 0",
        "$0.date.addingTimeInterval($0.rating) >= Date.now.addingTimeInterval(-86400 * 20)", "$0.date >= lastDay.addingTimeInterval(.nan * $0.rating)",
        "(Date.now.addingTimeInterval(0.0 / 0.0)...Date.now).contains($0.date) && $0.id > 1", "max($0.date, lastDay.addingTimeInterval(.nan)) == $0.date",
        "!($0.date > Date.now.addingTimeInterval(-86400 * 40) || $0.id == 2)",
        "!(Date.now.timeIntervalSince($0.date) >= 86400 * 20 || $0.name.contains(\"l\"))",
        // Int arithmetic, scanned when it cannot fail on any row of the list and otherwise left
        // to the calls it stands for: ids run from -2 to 6, so dividing by one divides by zero,
        // and the large factors overflow on some rows (or, `threshold * 2^62`, on none).
        "$0.id * 2 > 3", "$0.id + threshold == 4", "$0.id - 1 < 0 && $0.rating > 1", "$0.id % 3 == 1", "$0.id / 2 == 1",
        "-7 % $0.id == 1", "10 / $0.id > 1", "$0.id * 9223372036854775807 > 0", "9223372036854775807 - $0.id > 0", "$0.id * 1000000000000 > 3",
        "threshold * 4611686018427387904 > $0.id", "(9223372036854775807 - 1) + 1 > $0.id", "$0.seen || $0.id * 4611686018427387904 == 0",
        "$0.id * $0.id - $0.id > threshold * 2", "(-9223372036854775807 - 1) / $0.id < 0", "$0.id > 100 && 1 / ($0.id - $0.id) == 0",
        // `isEmpty` and `??`, on fields that may be empty or nil.
        "$0.name.isEmpty", "!$0.name.isEmpty", "$0.note?.isEmpty == true", "$0.note?.isEmpty == false", "$0.note?.isEmpty != true",
        "nil == $0.note?.isEmpty", "($0.note ?? \"\").isEmpty", "($0.note ?? \"dry\") == \"dry\"", "($0.note ?? wanted).hasPrefix(\"A\")",
        "($0.note ?? $0.name) < \"E\"", "$0.note ?? \"wet\" != \"wet\"",
        // A string test guarded by its nil test, negated, or beside another test.
        "$0.note == nil || !$0.note!.isEmpty", "$0.note != nil && $0.note!.hasPrefix(\"d\")", "$0.note == nil || $0.note!.hasSuffix(\"y\")",
        "!($0.note ?? \"x\").isEmpty", "nil != $0.note && !$0.note!.hasSuffix(\"t\")", "!($0.note == nil || $0.note!.isEmpty)",
        "$0.seen && !$0.name.hasPrefix(\"A\")", "!$0.name.hasSuffix(\"s\") || $0.id > 3", "$0.note == nil || $0.name.isEmpty",
        "!$0.name.isEmpty && $0.note?.hasPrefix(\"w\") != true",
        "$0.note == nil || ($0.tag ?? \"x\").hasPrefix(\"t\")", "$0.tag != nil && !($0.note ?? \"\").isEmpty",
        // `count` of strings (the long name charges steps for it) and of optional ones.
        "$0.name.count > 4", "$0.name.count == 4 || $0.id > 2", "($0.note?.count ?? 0) > 2", "($0.note?.count ?? threshold) == 3",
        "$0.note?.count == 3", "$0.note?.count != nil && $0.seen", "$0.id > 0 && $0.name.count > 80",
        // Lists of constants (each element one step of `contains`), with canonical equivalence and NaN.
        "[\"Zion\", \"Alps\"].contains($0.name)", "$0.seen && [\"\u{E9}t\u{E9}\", \"x\"].contains($0.name)", "![1, 2, 3].contains($0.id)",
        "[2.5, -0.0, 4.5].contains($0.rating) || $0.id == 5", "[true].contains($0.seen)",
        "[3.0, 0.0].contains($0.rating)", "[\"e\u{301}te\u{301}\"].contains($0.name)", "[1, 2, 3, 4, 5, 6, 7, 8, 9].contains($0.id)",
        "![\"Zion\", \"Alps\"].contains($0.name) || $0.id > 4",
        "[1, 3].contains($0.bonus ?? 0)", "[1, -5, 0].contains($0.bonus ?? 0)", "![\"wet\", \"\"].contains($0.note ?? \"\")",
        "[\"dry\", \"wet\"].contains($0.note ?? \"x\") && $0.id > 0",
        // Alternatives of an `Int` field: all in `0..<64` (a mask, its ends included), and not
        // (a negative id, one past the mask), each as a list and as `||`.
        "[0, 6, 63].contains($0.id)", "$0.id == 63 || $0.id == 4 || $0.id == 1", "![-2, 3, 70].contains($0.id)",
        "$0.id == 64 || $0.id == 5 || $0.id == 0", "$0.id == -1 || $0.id == 0 || $0.id == 6",
        // Sets and arrays the closure computes without its parameter, looked up per row: a set
        // (free), an array (a step per element), canonical equivalence, NaN and -0.0, an empty
        // set, one that fails, one reached behind `&&` or `||`, one built on every row, and sets
        // of constants (made on every row, charging a step per element, duplicates included).
        "seenIDs.contains($0.id)", "!firstIDs.contains($0.id) && $0.seen", "someNames.contains($0.name)",
        "allRatings.contains($0.rating)", "noIDs.contains($0.id)", "brokenIDs.contains($0.id)", "$0.id > 100 && brokenIDs.contains($0.id)",
        "$0.seen || firstIDs.contains($0.id)", "[threshold, 5].contains($0.id)", "Set([wanted, \"Zion\"]).contains($0.name)",
        "_ in seenIDs.contains(7)", "Set([\"Zion\", \"Alps\"]).contains($0.name)", "!Set([1, 2, 2, 3]).contains($0.id) && $0.seen",
        // Force unwraps guarded by a nil test, which Swift evaluates only where the value is there.
        "$0.note == nil || $0.note!.count > 2", "$0.note != nil && $0.note!.hasPrefix(\"w\")", "nil == $0.note || $0.note! < \"e\"",
        "$0.seen || $0.note == nil || $0.note!.isEmpty", "$0.note != nil && $0.id > 0 && $0.note!.contains(\"r\")",
        "($0.note == nil ? 0 : $0.note!.count) > 1", "$0.note != nil && $0.note!.count == $0.id", "$0.note == nil || $0.note! != wanted",
        "($0.note ?? \"dry\").count > 2", "($0.note ?? wanted).count == 4",
        // Ranges: of constants (as two comparisons), and of bounds the same for every row (read
        // through the range, hoisted), one of which Swift refuses (`threshold...2`), so the scan
        // gives way to the calls, which fail on the first row they test (none of an empty list).
        "(1...3).contains($0.id)", "(0..<2).contains($0.id * 2)", "(2.0..<3.5).contains($0.rating)", "!(-0.0...0.0).contains($0.rating)",
        "(1.0...1.0).contains($0.weight ?? 1) || $0.id == 2", "(Date.now.addingTimeInterval(-86400 * 20)...Date.now).contains($0.date)",
        "!(threshold...5).contains($0.id) && $0.seen", "(lastDay.addingTimeInterval(-86400 * 5)..<lastDay).contains($0.date)",
        "$0.seen && (threshold...2).contains($0.id)", "(2..<2).contains($0.id)",
        // Lists of constants indexed per row: within range on every row (proven), or not (ids
        // run from -2 to 6), where the scan gives way and the calls fail, or do not where `&&`
        // guards the index; and remainders, whose magnitude is below the divisor's.
        "[\"a\", \"b\"][abs($0.id) % 2] == \"b\"", "[2.5, -0.0, 4.5][($0.id + 2) % 3] < $0.rating", "[true, false][abs($0.id % 2)]",
        "[10, 20, 30][abs($0.id % 3)] > 15", "[3, 1, 4][$0.id % 3] > 2", "[1, 2, 3][$0.id] == 2", "$0.id >= 0 && [1, 2, 3, 4, 5, 6, 7][$0.id] > 3",
        "$0.id % 3 * 4611686018427387904 > 0", "$0.id % 2 * 4611686018427387904 >= 0", "$0.id % -3 * 3074457345618258602 < 0",
        // Optional numbers read in place: under `??`, against a number, and unwrapped where tested.
        "($0.bonus ?? 0) > 2", "($0.bonus ?? threshold) == 3", "$0.bonus == 3", "$0.bonus != -5", "4 == $0.bonus", "$0.bonus == threshold",
        "($0.weight ?? 1.5) > 1", "($0.weight ?? -0.0) == 0", "$0.weight == 0.0", "$0.weight != 0.5", "($0.weight ?? 0.0 / 0.0) < 1",
        "$0.bonus != nil && $0.bonus! > 0", "$0.weight == nil || $0.weight! >= 1", "($0.bonus ?? $0.id) * 2 > 3",
        "($0.bonus ?? 0) + $0.id > threshold", "$0.rating > ($0.weight ?? $0.rating)",
        // Nil guards read as one test (nil taken as a number that passes, or fails, the test),
        // also where no such number exists.
        "nil == $0.bonus || 2 <= $0.bonus!", "$0.bonus != nil && $0.bonus! != threshold", "$0.bonus == nil || $0.bonus! == -5",
        "$0.bonus == nil || $0.bonus! > 9223372036854775807", "$0.bonus != nil && $0.bonus! >= -9223372036854775807 - 1",
        "$0.weight == nil || $0.weight! < 0.0 / 0.0", "$0.weight != nil && $0.weight! != 0.0 / 0.0", "$0.weight == nil || $0.weight! <= -0.0",
        // Optional dates.
        "$0.due == nil", "($0.due ?? Date.now) > Date.now.addingTimeInterval(-86400 * 30)", "$0.due != nil && $0.due! < $0.date",
        // Subexpressions that read no closure parameter, evaluated once per scan: free, a `let`
        // evaluated the first time (on every row, or behind `&&`), one that fails, and one whose
        // string search charges steps at every evaluation.
        "$0.date > (empty.donations.last?.date ?? Date.distantPast)", "$0.date >= (view.donations.last?.date ?? Date.now) || $0.id > 3",
        "$0.date < lastDay || $0.seen", "$0.id > 100 && $0.date > lastDay", "$0.id == missing", "$0.id != view.donations.count % 5",
        "wanted.contains(\"lp\") == $0.seen", "$0.name.hasPrefix(wanted + \"\")",
        // A `let` first evaluated behind `&&` or `||`: charged (and kept) when a row reaches it.
        "$0.id == 3 && $0.date > lastDay", "$0.id != 3 || $0.date < lastDay", "$0.seen && missing > 0", "$0.id > 100 && missing > 0",
        // `isNaN`, `isInfinite` and `isFinite` as comparisons (NaN ratings and weights, a division by a zero rating).
        "$0.rating.isNaN", "!$0.rating.isNaN && $0.rating > 1", "$0.rating.isFinite", "(1 / $0.rating).isInfinite",
        "($0.weight ?? 0.0 / 0.0).isNaN", "!(($0.weight ?? 1) * 2).isFinite || $0.seen", "lastDay.timeIntervalSince($0.date).isNaN",
        // An optional string's `count` against a number or nil, without `??`.
        "$0.note?.count != 3", "3 == $0.note?.count", "$0.note?.count == threshold", "$0.note?.count == nil", "nil != $0.note?.count",
        // Alternatives of one field (one loop over its column), and ones that are not.
        "$0.id == 3 || $0.id == 5", "1 == $0.id || $0.id == threshold || $0.id == -2", "$0.name == \"Zion\" || wanted == $0.name || $0.name == \"\"",
        "$0.id == 3 || $0.rating == 2.5", "$0.id == 3 || $0.id != 5", "!($0.id == 0 || $0.id == 4)", "$0.note == \"wet\" || $0.note == \"dry\"",
        // Case changes, charged a step per byte (the long name), also of a parameter on every row.
        "$0.name.lowercased() == \"alps\"", "$0.name.uppercased().hasPrefix(\"AL\")", "$0.name.lowercased().contains(\"the lake\")",
        "($0.note ?? \"\").uppercased() == \"WET\"", "wanted.lowercased() == $0.name.lowercased()", "$0.id > 2 && $0.name.uppercased().count > 80",
        // Case changes tested against a constant without mapping ASCII texts (a non-ASCII name and
        // needle, an empty needle, needles of eight bytes and more, a nil note).
        "$0.note?.lowercased() != \"wet\"", "\"ALPS\" == $0.name.uppercased()", "$0.name.lowercased().hasSuffix(\"lake\")",
        "$0.name.uppercased().contains(\"\")", "$0.name.lowercased() == \"e\\u{301}te\\u{301}\"", "$0.name.uppercased().hasPrefix(\"THE LONG AND\")",
        "$0.note?.uppercased().contains(\"WIND\") == true", "$0.name.uppercased().hasSuffix(\"E\\u{301}\")", "$0.name.lowercased() != \"alpine lake\"",
        // `min()` and `max()` of array literals made per row, charged a step per element (one
        // overflowing on some rows, so the scan gives way).
        "[$0.id, 3].max()! > 4", "[$0.rating, 2.5, $0.weight ?? 1].min()! < 2", "[$0.id * 4611686018427387904, 1].max()! > 0",
        "[$0.date, lastDay].max()! > lastDay", "([$0.id, threshold].min() ?? 9) == 2",
        // `contains` of array literals made per row (NaN ratings equal nothing, -0.0 equals 0.0).
        "[$0.id, 3].contains(threshold)", "[$0.name, wanted, \"Alps\"].contains(\"Alps\")", "[$0.rating, 2.5].contains($0.rating * 2)",
        "[$0.date, lastDay].contains(lastDay) && $0.id > 1", "![0.0, 4.5].contains($0.rating)",
        // `Int` arithmetic on an optional string's count under `??` (bounded by its bytes).
        "($0.note?.count ?? 0) + ($0.bonus ?? 0) > 3", "($0.note?.count ?? -9223372036854775807) - 2 < 0",
    ]

    /// What `map` closures compute from each donation, and tests of the results.
    static let mappings: [(String, [String])] = [
        ("$0.rating * 2 + 1", ["$0 > 5", "$0 != $0", "$0 <= 1"]),
        ("$0.id", ["$0 > 2", "$0 == threshold"]),
        ("$0.name", ["$0.hasPrefix(\"Al\")", "$0 == wanted", "$0.contains(\"the lake\")"]),
        ("$0.note", ["$0 == nil", "$0 == \"wet\"", "$0?.hasPrefix(\"w\") == true"]),
        ("$0.date", ["$0 > Date.now.addingTimeInterval(-86400 * 10)", "Date.now.timeIntervalSince($0) < 86400 * 20"]),
        ("$0.seen", ["$0", "!$0"]),
        ("Date.now.timeIntervalSince($0.date)", ["$0 < 3 * 86400"]),
        ("_ in 2.5", ["$0 > 2"]),
        ("$0.id * 3 - 1", ["$0 > 5", "$0 % 2 == 0"]),
        ("$0.id * 9223372036854775807", ["$0 > 0"]),
        // The test does not read what `map` computed, which the unfused `map` computes all the
        // same: the test is not fused with it, as it can fail; the `map` is, on its own, once
        // its `Int` arithmetic is proven safe.
        ("$0.id + 1", ["_ in true"]),
        ("$0.note ?? \"\"", ["!$0.isEmpty", "$0.isEmpty", "$0 == \"wet\"", "$0.hasPrefix(\"d\")"]),
        ("$0.note ?? wanted", ["$0 == wanted", "$0.contains(\"l\")"]),
        // Tests as `Bool` values.
        ("$0.rating > 2", ["$0", "!$0", "$0 == false"]),
        ("$0.id > 2 && !$0.seen", ["$0", "!$0 || $0"]),
        ("$0.note?.hasPrefix(\"w\") == true", ["$0"]),
        ("$0.name.contains(\"l\")", ["$0", "!$0"]),
        ("$0.rating.isNaN", ["!$0"]),
        ("$0.name.lowercased()", ["$0.hasPrefix(\"al\")", "$0 == \"zion\""]),
        // Membership in a set and an array computed once (the array's charging a step an element).
        ("seenIDs.contains($0.id)", ["$0"]),
        ("firstIDs.contains($0.id) ? 1 : 0", ["$0 > 0"]),
        // `max()` keeps the first of equal values, `max(x, y)` the second: 1 / -0.0 tells.
        ("[$0.rating, -0.0].max()!", ["1 / $0 > 0", "$0 > 2"]), ("[-0.0, $0.rating, 0.0].max()!", ["1 / $0 > 0"]),
        ("[$0.rating * 2, 3.0].min()!", ["1 / $0 < 0"]),
    ]

    /// Expressions that the optimizer fuses, each to be compared with its unfused evaluation.
    static let expressions: [String] = {
        var result: [String] = []
        for source in sources {
            for predicate in predicates {
                result.append("\(source).filter { \(predicate) }.map(\\.id)")
                result.append("\(source).count(where: { \(predicate) })")
                result.append("\(source).contains(where: { \(predicate) })")
                result.append("\(source).allSatisfy { \(predicate) }")
                result.append("\(source).first(where: { \(predicate) })?.id")
                result.append("\(source).last(where: { \(predicate) })?.rating")
            }
            for (op, k) in [(">=", -1), (">=", 0), (">", 0), ("==", 4), ("!=", 4), ("<", 3), ("<=", 12), (">", 9223372036854775807)] {
                result.append("\(source).filter { $0.id > 0 }.count \(op) \(k)")
                result.append("\(k) \(op) \(source).filter { $0.name.hasPrefix(\"Al\") }.count")
            }
            // Closures nested in another closure, reading its parameter.
            for inner in ["$0.date > outer.date && $0.date.timeIntervalSince(outer.date) < 86400 * 3", "$0.id == outer.id",
                          "$0.name.hasPrefix(outer.name) && $0.note == outer.note", "$0.rating > outer.rating * 2 || outer.seen",
                          "$0.when < outer.when.addingTimeInterval(-1000)"] {
                result.append("\(source).filter { outer in \(source).contains { \(inner) } }.count")
                result.append("\(source).map { outer in \(source).count { \(inner) } }")
                result.append("\(source).first { outer in \(source).allSatisfy { \(inner) } }?.id")
            }
            for field in ["id", "rating", "name", "when", "date"] {
                result.append("\(source).map(\\.\(field)).max()")
                result.append("\(source).map(\\.\(field)).min()")
            }
            // `map(\.field).contains(value)`, with values present, absent, NaN and nil.
            for (field, value) in [("id", "3"), ("id", "99"), ("id", "threshold"), ("name", "\"Alps\""), ("name", "wanted"),
                                   ("name", "\"ete\\u{301}te\\u{301}\""), ("rating", "2.5"), ("rating", "Double.nan"),
                                   ("note", "\"wet\""), ("note", "nil"), ("seen", "true"), ("date", "Date.now")] {
                result.append("\(source).map(\\.\(field)).contains(\(value))")
            }
            // Tests of what `map` computes from each donation (a closure or a key path), and
            // counts of `filter`, `map(f).filter` and `compactMap`.
            for (mapping, tests) in OptimizerTests.mappings {
                for test in tests {
                    result.append("\(source).map { \(mapping) }.filter { \(test) }.count")
                    result.append("\(source).map { \(mapping) }.filter { \(test) }.isEmpty")
                    result.append("\(source).map { \(mapping) }.count(where: { \(test) })")
                    result.append("\(source).map { \(mapping) }.contains(where: { \(test) })")
                    result.append("\(source).map { \(mapping) }.allSatisfy { \(test) }")
                }
            }
            for (keyPath, test) in [("id", "$0 > 2"), ("note", "$0 != nil"), ("date", "$0 < Date.now"), ("name", "$0.contains(\"l\")")] {
                result.append("\(source).map(\\.\(keyPath)).contains(where: { \(test) })")
                result.append("\(source).map(\\.\(keyPath)).filter { \(test) }.count >= 3")
            }
            // (Mappings that charge work too: case changes, charged a step per byte on every
            // donation, the long name's among them; a needle no name has, and a `String?`'s.)
            for (mapping, value) in [("$0.rating * 2", "5.0"), ("$0.id", "threshold"), ("$0.note", "\"wet\""), ("$0.name", "wanted"),
                                     ("$0.name.lowercased()", "\"alps\""), ("$0.name.uppercased()", "\"NOWHERE\""),
                                     ("$0.note?.uppercased()", "\"WET\""), ("$0.name.count", "4")] {
                result.append("\(source).map { \(mapping) }.contains(\(value))")
            }
            // Counting with `reduce` in a ternary, and optional string tests under `??`.
            for text in ["reduce(0) { $1.seen ? $0 + 1 : $0 }", "reduce(threshold) { $1.id > 2 ? $0 : $0 + $1.id * 2 }",
                         "reduce(9223372036854775806) { $1.rating > 4 ? $0 + 1 : $0 }", "filter { $0.note?.hasPrefix(\"w\") ?? false }.count",
                         "filter { $0.note?.contains(\"r\") ?? true }.map(\\.id)",
                         // Subtractions from the accumulator, as sums of what each row takes
                         // away: the same partial sums, and overflows (of `0 - Int.min` too).
                         "reduce(0) { $1.seen ? $0 + 1 : $0 - 1 }", "reduce(threshold) { $1.id > 2 ? $0 - $1.id : $0 }",
                         "reduce(0) { $1.rating > 2 ? $1.id + $0 : $0 - 3 }", "reduce(100) { $0 - $1.id * 2 }",
                         "reduce(-9223372036854775807) { $0 - $1.id }", "reduce(9223372036854775800) { $0 + $1.id }",
                         "reduce(-9223372036854775805) { $0 + $1.id }", "map(\\.id).reduce(9223372036854775801, +)", "reduce(3) { $0 + $1.id * 2 }", "reduce(9223372036854775000) { $0 + $1.id }",
                         // Forty-six -2s (all of `view.donations`) from 91 above `Int.min`: the last
                         // addition overflows, and only that one.
                         "reduce(-9223372036854775717) { $0 + min($1.id, -2) }", "map { min($0.id, -2) }.reduce(-9223372036854775717, +)",
                         "reduce(9223372036854775790) { $0 + $1.id * 2 }", "reduce(9223372036854775806) { $1.seen ? $0 - -1 : $0 }",
                         "reduce(0) { $1.id > 5 ? $0 - (-9223372036854775807 - 1) : $0 }",
                         // A branch that unwraps what the test shows is not nil.
                         "reduce(0) { $1.bonus == nil ? $0 : $0 + $1.bonus! }", "reduce(0) { $1.bonus != nil ? $1.bonus! + $0 : $0 - 1 }",
                         "reduce(5) { $1.bonus == nil || $1.id > 2 ? $0 : $0 - $1.bonus! }", "reduce(0.5) { $1.weight != nil ? $0 + $1.weight! : $0 - 1 }",
                         "reduce(0.0) { $1.seen ? $0 + $1.rating : $0 - 1 }", "reduce(0.0) { $0 - $1.rating }",
                         "reduce(-0.0) { $1.seen ? $0 - $1.rating : $1.rating + $0 }", "reduce(-0.0) { $0 - $1.rating * 0 }",
                         // A `Double` branch that keeps the accumulator: -0.0 kept where nothing
                         // (or only -0.0) is added, NaN kept once added.
                         "reduce(-0.0) { $1.seen ? $0 + $1.rating : $0 }", "reduce(-0.0) { $1.id > 100 ? $0 - 1 : $0 }",
                         "reduce(-0.0) { $1.seen ? $0 : $0 + $1.rating * 0 }", "reduce(-0.0) { $1.rating == 0 ? $0 - $1.rating : $0 }",
                         "reduce(0.5) { $1.weight == nil ? $0 : $0 + $1.weight! }", "reduce(0.0) { $1.rating != $1.rating ? $0 + $1.rating : $0 }",
                         // Folds whose `Int` arithmetic is on the row alone, proven or checked (and
                         // overflowing on some rows).
                         "reduce(0) { max($0, $1.id * 2) }", "reduce(0) { min($0, $1.id * 4611686018427387904) }",
                         "reduce(threshold) { $0 > $1.id * 3 ? $0 : $1.id * 3 }", "reduce(0.0) { max($0, Double($1.id * 2)) }",
                         "reduce(0) { max($0, abs($1.id - 3)) }", "reduce(0) { $1.id * 2 > 5 ? max($0, $1.id) : $0 }",
                         "reduce(0) { $1.id * 4611686018427387904 > 5 ? max($0, $1.id) : $0 }",
                         // Dates, which a NaN start or row makes compare as `Date` does (see `DateOrder`).
                         "reduce(Date.distantPast) { max($0, $1.date) }", "reduce(Date.distantPast.addingTimeInterval(.nan)) { max($0, $1.date) }",
                         "reduce(Date.now.addingTimeInterval(.nan)) { max($1.date, $0) }",
                         "reduce(Date.distantPast) { max($0, $1.date.addingTimeInterval($1.rating)) }",
                         "reduce(Date.distantFuture.addingTimeInterval(.nan)) { min($0, $1.when) }",
                         "reduce(Date.now.addingTimeInterval(.nan)) { $1.date >= $0 ? $1.date : $0 }",
                         "filter { $0.seen }.map(\\.id).reduce(0) { max($0, $1 * 3) }", "reduce(false) { $0 || $1.id * 2 == 4 }",
                         // Sums of nested ternaries of constants, counted per constant (and
                         // overflowing from a start near the end of `Int`, or with `Int.min`).
                         "reduce(0) { $0 + ($1.rating > 4 ? 2 : ($1.rating > 2 ? 1 : 0)) }",
                         "reduce(threshold) { $0 + ($1.seen ? -3 : ($1.id > 2 ? 0 : ($1.note == nil ? 7 : 1))) }",
                         "reduce(5) { $0 + ($1.rating != $1.rating ? 1 : ($1.name.hasPrefix(\"Al\") ? 4 : 0)) }",
                         "reduce(9223372036854775806) { $0 + ($1.seen ? 1 : ($1.id > 2 ? 0 : 1)) }",
                         "reduce(0) { $0 - ($1.seen ? 1 : ($1.id > 2 ? -9223372036854775807 - 1 : 0)) }"] {
                result.append("\(source).\(text)")
            }
            for predicate in ["$0.id > 4", "$0.name.hasPrefix(\"Al\")", "$0.name.contains(\"the lake\")", "$0.note == nil", "$0.rating != $0.rating"] {
                result.append("\(source).filter { \(predicate) }.isEmpty")
                result.append("\(source).filter { \(predicate) }.first?.id")
                result.append("\(source).filter { \(predicate) }.last?.rating")
            }
            for mapping in ["$0.note", "$0.id", "\\.note", "\\.name", "$0.id * 2"] {
                let call = mapping.hasPrefix("\\") ? "compactMap(\(mapping))" : "compactMap { \(mapping) }"
                result.append("\(source).\(call).count")
                result.append("\(source).\(call).isEmpty")
                result.append("\(source).\(call).count > 3")
            }
            for field in ["id", "rating", "date"] {
                result.append("\(source).map { $0.\(field) }.max()")
                result.append("\(source).map { d in d.\(field) }.min()")
            }
            // Distinct counts, NaN ratings (each one distinct) and nil notes included.
            for field in ["id", "name", "rating", "note", "seen", "date", "when"] {
                result.append("Set(\(source).map(\\.\(field))).count")
            }
            result.append("Set(\(source).map { $0.id }).count >= 3")
            // Distinct values of a chain that ends in a `filter` or `compactMap`.
            for chain in ["compactMap(\\.bonus).filter { $0 > 0 }", "map(\\.name).filter { $0.count > 3 }", "map(\\.note).filter { $0 != nil }",
                          "compactMap { $0.weight }.filter { $0 < 2 }", "map { $0.rating * 2 }.compactMap { $0 > 3 ? $0 : nil }"] {
                result.append("Set(\(source).\(chain)).count")
            }
            // Distinct values of `compactMap`: nils left out, `Set` charging the rest.
            for mapping in ["(\\.note)", " { $0.note }", " { $0.note ?? $0.name }", " { $0.rating * 2 }", " { $0.id * 9223372036854775807 }"] {
                result.append("Set(\(source).compactMap\(mapping)).count")
            }
            result.append("\(source).map { $0.rating }.reduce(0, +)")
            // Sums of `compactMap`: the values that are not nil, in order (the sign of a zero sum
            // and an overflow included), `reduce` charging its closure for those only.
            for text in ["compactMap(\\.bonus).reduce(0, +)", "compactMap { $0.bonus }.reduce(threshold) { $0 + $1 }",
                         "compactMap(\\.bonus).reduce(9223372036854775804, +)", "compactMap(\\.weight).reduce(0, +)",
                         "compactMap(\\.weight).reduce(-0.0, +)", "compactMap { $0.weight }.reduce(-0.0) { $0 + $1 }",
                         "compactMap { $0.id }.reduce(0, +)", "compactMap { $0.bonus ?? threshold }.reduce(0, +)",
                         // Global functions passed by name (`{ max($0, $1) }`): folds.
                         "compactMap(\\.weight).reduce(-0.0, max)", "map(\\.id).reduce(Int.max, min)", "map(\\.rating).map(abs).reduce(0, +)"] {
                result.append("\(source).\(text)")
            }
            // Extremes and distinct counts of optional numbers (nil, NaN and -0.0 among them).
            for text in ["compactMap(\\.bonus).max()", "compactMap(\\.bonus).min()", "compactMap { $0.weight }.max()", "compactMap(\\.weight).min()",
                         "compactMap(\\.note).max()", "compactMap { $0.bonus }.max() ?? threshold", "filter { $0.id > 2 }.compactMap(\\.weight).min()",
                         "compactMap(\\.due).max()", "compactMap(\\.due).count", "map { $0.due ?? $0.date }.min()"] {
                result.append("\(source).\(text)")
            }
            for text in ["Set(\(source).compactMap(\\.bonus)).count", "Set(\(source).compactMap(\\.weight)).count",
                         "Set(\(source).map(\\.bonus)).count", "Set(\(source).map(\\.weight)).count", "Set(\(source).map(\\.due)).count",
                         "Set(\(source).compactMap(\\.due)).count"] {
                result.append(text)
            }
            // `Int` mappings computed a batch at a time: sums, folds, keys (overflow and `Int(d)` of
            // NaN give way to the calls).
            for text in ["reduce(0) { max($0, $1.bonus ?? 0) }", "reduce(threshold) { min($0, $1.bonus ?? $0) }", "reduce(0) { $0 + ($1.bonus ?? 0) * 3 }",
                         "map { abs($0.id - 3) }.reduce(0, +)", "map { Int($0.rating * 2) }.reduce(0, +)", "map { max($0.id, $0.bonus ?? -9) }.reduce(5, +)",
                         "map { $0.id % 4 + ($0.bonus ?? 1) }.max()", "map { ($0.bonus ?? 0) * 4611686018427387904 }.reduce(0, +)",
                         "map { min($0.id / 2, threshold) }.sorted()", "reduce(9223372036854775800) { $0 + ($1.bonus ?? 1) }",
                         "reduce(0) { $0 + ($1.bonus ?? 0) }", "reduce(9223372036854775806) { $0 + ($1.bonus ?? 0) }",
                         // Failures whose wrapped results would sum without overflow: the sum
                         // must still fail where the closure does.
                         "map { $0.id * 4611686018427387904 * 4 }.reduce(0, +)", "reduce(0) { $0 + $1.id * 4611686018427387904 * 4 }",
                         "map { 10 / ($0.id - $0.id) }.reduce(0, +)", "map { 7 % ($0.id * 0) }.reduce(0, +)",
                         "map { abs($0.id * 0 - 9223372036854775807 - 1) + 1 }.reduce(0, +)"] {
                result.append("\(source).\(text)")
            }
            result.append("Set(\(source).map { ($0.bonus ?? 0) / 2 }).count")
            // Distinct `Int`s counted over a bitmap of their range (see `DistinctInts`): next to
            // `Int.max` and `Int.min`, spread too wide for one (hashed instead), and further
            // apart than `Int.max`; nils counted.
            for mapping in ["map { 9223372036854775800 + abs($0.id) }", "map { -9223372036854775807 - 1 + abs($0.id) }",
                            "map { $0.id * 1000000000000000000 }", "map { $0.id > 2 ? 9223372036854775807 : -9223372036854775807 - 1 }",
                            "map { $0.bonus ?? $0.id * 1000 }"] {
                result.append("Set(\(source).\(mapping)).count")
            }
            // Hoisted subexpressions in mappings and folds.
            for text in ["map { $0.id + view.donations.count }.reduce(0, +)", "reduce(0.0) { max($0, $1.rating + Double(empty.donations.count)) }",
                         "map { $0.date.timeIntervalSince(lastDay) }.max()", "reduce(0) { $1.date < lastDay ? $0 + 1 : $0 }",
                         "map { $0.id * missing }.reduce(0, +)"] {
                result.append("\(source).\(text)")
            }
            // Force unwraps after a `filter` whose nil tests guard them (and ones they do not).
            for text in ["filter { $0.bonus != nil }.map { $0.bonus! }.reduce(0, +)", "filter { $0.note != nil && $0.id > 0 }.map { $0.note!.count }.max()",
                         "filter { $0.weight != nil }.map { $0.weight! * 2 }.filter { $0 > 1 }.count", "filter { $0.note == nil }.map { $0.note! }.count",
                         "filter { $0.bonus != nil || $0.id > 2 }.map { $0.bonus! }.count"] {
                result.append("\(source).\(text)")
            }
            // `Double` mappings of optional numbers and of `Int`s computed a batch at a time.
            for text in ["map { $0.rating * Double($0.bonus ?? 1) }.reduce(0, +)", "map { ($0.weight ?? -0.0) * 2 }.reduce(0.5, +)",
                         "filter { ($0.weight ?? 1) > $0.rating }.count", "map { Double($0.id * 3 + ($0.bonus ?? 0)) }.max()",
                         "reduce(0.0) { max($0, $1.weight ?? 0.0 / 0.0) }", "map { Double($0.id * 4611686018427387904) }.reduce(0, +)",
                         // Summed with the column read in the adding loop (session 51).
                         "reduce(-0.0) { $0 + ($1.weight ?? -0.0) }", "map { $0.weight ?? 0.0 / 0.0 }.reduce(0, +)",
                         "map { Double($0.bonus ?? 2) }.reduce(0.5, +)", "reduce(0.0) { $0 + Double($1.id) }", "reduce(1.5) { $0 - ($1.weight ?? 1) }"] {
                result.append("\(source).\(text)")
            }
            // Exactly one value kept is equal (the first two donations' bonuses are -5 and -1).
            result.append("\(source).prefix(2).compactMap(\\.bonus).contains(-1)")
            // Tests of the values `compactMap` keeps, charged for those only (string searches too);
            // `Int` arithmetic that overflows on a value gives way to the calls.
            for text in ["compactMap(\\.bonus).filter { $0 > 0 }.count", "compactMap { $0.bonus }.count(where: { $0 % 2 == 0 })",
                         "compactMap(\\.weight).filter { $0 > 0.5 }.isEmpty", "compactMap(\\.note).filter { $0.contains(\"e\") }.count",
                         "compactMap(\\.note).count(where: { $0.hasPrefix(\"w\") })", "compactMap(\\.bonus).filter { $0 * 4611686018427387904 > 0 }.count",
                         "compactMap(\\.weight).filter { $0 != $0 }.count", "compactMap(\\.bonus).filter { _ in true }.isEmpty",
                         "compactMap(\\.bonus).filter { $0 == threshold || $0 < -4 }.count", "compactMap(\\.bonus).contains(3)",
                         "compactMap(\\.note).contains(\"wet\")", "compactMap(\\.weight).contains(0.0)", "compactMap { $0.bonus }.contains(threshold)",
                         "compactMap(\\.bonus).contains(99)", "compactMap(\\.note).contains(wanted)"] {
                result.append("\(source).\(text)")
            }
            // Orders of scalars comparing the elements themselves (NaN and equal values included).
            for text in ["map(\\.rating).sorted(by: >)", "map(\\.id).sorted(by: <=)", "map(\\.name).sorted { $1 < $0 }", "map(\\.rating).min(by: >)",
                         "map(\\.rating).max { $0 < $1 }", "map(\\.date).sorted(by: >).first", "compactMap(\\.weight).sorted(by: >=)",
                         "map(\\.id).max(by: >=)", "map { $0.rating * 2 }.sorted { a, b in b > a }.prefix(3)", "compactMap(\\.note).min(by: >)",
                         "map(\\.rating).sorted()", "map(\\.date).sorted().last", "map(\\.name).sorted()", "map { $0.id * 3 }.sorted(by: >=)",
                         "map(\\.when).min(by: <)", "map { $0.id * 9223372036854775807 }.sorted()", "map(\\.name).max(by: >)",
                         // One end of a sort (NaN ratings sort where `<` leaves them; names with combining marks).
                         "map(\\.rating).sorted().first", "map(\\.rating).sorted().last", "map(\\.id).sorted().first", "map(\\.name).sorted().last",
                         "map { $0.id * 9223372036854775807 }.sorted().first", "map(\\.date).sorted().first", "map { $0.name.count }.sorted().last",
                         "filter { $0.seen }.map(\\.id).sorted().last", "map { $0.rating * 2 }.sorted().first"] {
                result.append("\(source).\(text)")
            }
            // Mappings whose steps depend on each row (`count` of a string, `contains` of a list),
            // metered where every donation's is computed once (sums, extremes, sets, `map`), and
            // not fused where a test would compute it a different number of times.
            for text in ["map { $0.name.count }.max()", "map { $0.name.count }.reduce(0, +)", "reduce(0) { $0 + $1.name.count }",
                         "compactMap { $0.note?.count }.reduce(0, +)", "compactMap { $0.note?.count }.max()", "map { ($0.note ?? \"\").count }.min()",
                         "map { $0.name.count }.sorted()", "map { [\"Zion\", \"Alps\"].contains($0.name) ? 1 : 0 }.reduce(0, +)",
                         "map { $0.note?.count }", "map { $0.name.count * 2 }.max()", "map { $0.name.count }.contains { $0 > 5 }",
                         "map { $0.name.count }.filter { $0 > 3 && $0 < 10 }.count", "reduce(threshold) { $0 + ($1.note?.count ?? 1) }"] {
                result.append("\(source).\(text)")
            }
            // Tests as `Bool` values, consumed otherwise.
            for text in ["map { $0.rating > 2 }.contains(true)", "Set(\(source).map { $0.id > 2 || $0.seen }).count",
                         "map { $0.name.hasPrefix(\"A\") }.reduce(false) { $0 || $1 }", "map { $0.rating.isNaN }.allSatisfy { !$0 }",
                         "map { $0.id == threshold }.filter { $0 }.count", "map { !$0.seen }.first", "map { $0.note == nil }.last"] {
                result.append(text.hasPrefix("Set") ? text : "\(source).\(text)")
            }
            result.append("Set(\(source).map { $0.name.count }).count")
            result.append("Set(\(source).compactMap { $0.note?.count }).count")
            result.append("\(source).map { $0.id }.reduce(Int.max - 3) { $0 + $1 }")
            result.append("\(source).filter { outer in \(source).map { $0.rating * 2 }.contains { $0 > outer.rating } }.count")
            // Scans reading an enclosing closure's parameter that is no donation.
            result.append("[1, 2, 3].map { k in \(source).filter { $0.id == k }.count }")
            result.append("[0.5, 2.5].map { r in \(source).count { $0.rating > r } }")
            result.append("[true, false].map { b in \(source).filter { $0.seen == b }.count }")
            result.append("[\"Alps\", \"Zion\"].map { n in \(source).contains { $0.name == n } }")
            result.append("[1, 2].map { k in \(source).filter { $0.id * k > 3 }.count }")
            result.append("[2, Int.max].map { k in \(source).count { $0.id * k > 3 } }")
            result.append("\(source).filter { outer in \(source).contains { $0.id * 2 == outer.id + 1 } }.count")
            for field in ["id", "name", "note", "seen", "rating", "bonus"] {
                result.append("\(source).largestSubset(groupedBy: \\.\(field)).count")
                result.append("\(source).smallestSubset(groupedBy: \\.\(field)).count")
            }
            // Sums in both forms, from literals and from values that overflow on the way (the
            // NaN rating makes Double sums NaN; ids are negative too).
            for (initial, field) in [("0", "id"), ("0", "rating"), ("0.1", "rating"), ("threshold", "id"), ("Int.max - 3", "id"), ("Int.min + 1", "id")] {
                result.append("\(source).reduce(\(initial)) { $0 + $1.\(field) }")
                result.append("\(source).reduce(\(initial)) { acc, d in acc + d.\(field) }")
                result.append("\(source).map(\\.\(field)).reduce(\(initial), +)")
                result.append("\(source).map(\\.\(field)).reduce(\(initial)) { $0 + $1 }")
            }
            // Sums of what a closure computes from each donation: arithmetic that may overflow in
            // the mapping (the sum gives way to the calls) or in the sum, and a closure that reads
            // the accumulator twice (a fold, its arithmetic checking itself).
            for sum in ["reduce(0) { $0 + $1.id * 2 }", "reduce(0.5) { $0 + $1.rating * 2 }", "map { $0.id * 3 - 1 }.reduce(0) { $0 + $1 }",
                        "map { $0.id * 9223372036854775807 }.reduce(0, +)", "reduce(0) { $0 + $1.id * threshold }",
                        "reduce(9223372036854775800) { $0 + $1.id * 2 }", "map { $0.rating * 2 }.reduce(0, +)",
                        "reduce(0.0) { $0 + Date.now.timeIntervalSince($1.date) }", "reduce(0) { acc, d in acc + d.id % 4 }",
                        "reduce(1) { $0 + $0 * $1.id }", "map { $0.seen ? $0.id : -$0.id }.reduce(0, +)",
                        "map { -($0.id * 4611686018427387904 * 2) }.reduce(0, +)", "filter { -$0.id > -3 }.count", "map { [$0.rating, 2.5].min()! }.reduce(0, +)", "map { [$0.id, 2].max()! }.reduce(0, +)"] {
                result.append("\(source).\(sum)")
            }
            // Ternaries, `abs`, `min`, `max`, `rounded()` and conversions in row expressions
            // (NaN ratings, -0.0, ids from -2 to 6; `Int(d)` traps on NaN, so it gives way where
            // the list has one).
            for computed in ["map { $0.id > 2 ? $0.rating : -1 }.max()", "filter { ($0.note == nil ? 0 : 1) + $0.id > 3 }.count",
                             "reduce(0) { $0 + ($1.seen ? 1 : 0) }", "reduce(9223372036854775800) { $0 + ($1.note == nil ? 2 : -1) }",
                             "reduce(-5) { $0 + ($1.id > 2 ? -3 : 7) }", "map { max(abs($0.rating - 2.5), Double($0.id)).rounded() }.reduce(0.25, +)", "map { abs($0.rating - 2.5) }.reduce(0, +)",
                             "filter { abs($0.id) > 1 }.count", "map { abs($0.id * 4611686018427387904) }.max()",
                             "filter { max($0.id, threshold) == 3 }.count", "map { min($0.rating, 2.0) }.min()",
                             "map { max($0.date, Date.now.addingTimeInterval(-86400 * 20)) }.max()", "filter { $0.rating.rounded() == 2 }.count",
                             "map { Double($0.id) * $0.rating }.reduce(0, +)", "map { Int($0.rating) }.max()",
                             "filter { $0.id > 0 && Int($0.rating) > 1 }.count", "map { Int($0.rating * 1e300) }.min()",
                             "filter { ($0.seen ? $0.name : \"Alps\").hasPrefix(\"A\") }.count"] {
                result.append("\(source).\(computed)")
            }
            // Sums that count (`$0 + (p ? 1 : 0)`) compared with a constant, which count only as
            // far as the comparison needs (over the whole stream, with every count it can have);
            // and initial values too large (the second overflows), or a constant that the initial
            // value cannot be taken from, for which the sum is kept.
            for (sum, comparisons) in [("reduce(0) { $0 + ($1.seen ? 1 : 0) }", ["> 1", "< 21"]), ("reduce(3) { $1.id > 2 ? $0 + 1 : $0 }", ["== 5", ">= 29"]),
                                       ("map { $0.note == nil ? 0 : 1 }.reduce(-2, +)", [">= 0", "<= 13"]), ("reduce(0) { $1.rating > 2 ? $0 : $0 + 1 }", ["< 2", "> 28"]),
                                       ("reduce(0) { $0 + ($1.name.hasPrefix(\"Al\") ? 0 : 1) }", ["!= 3"]), ("reduce(1) { $0 + ($1.seen ? 1 : 0) }", ["<= 1"]),
                                       ("reduce(0) { $0 + ($1.note == nil ? 0 : 1) }", ["> 3", "== 15"]),
                                       ("filter { $0.id > 0 }.reduce(0) { $0 + ($1.seen ? 1 : 0) }", ["> 0"]),
                                       ("reduce(-9223372036854775807) { $0 + ($1.seen ? 1 : 0) }", ["> -9223372036854775806"]),
                                       ("reduce(9223372036854775800) { $0 + ($1.seen ? 1 : 0) }", ["> 5"]),
                                       ("reduce(2) { $0 + ($1.seen ? 1 : 0) }", ["> -9223372036854775807"]),
                                       // Tests that search another list, for each row.
                                       ("reduce(0) { acc, r in acc + (view.donations.contains { $0.date < r.date } ? 1 : 0) }", ["> 10", "== 0"]),
                                       ("reduce(3) { acc, r in busy.contains { $0.id == r.id } ? acc : acc + 1 }", [">= 20", "< 4"]),
                                       ("reduce(0) { acc, r in (view.donations.allSatisfy { $0.rating <= r.rating } ? 0 : 1) + acc }", ["== 50", "> 3"]),
                                       ("reduce(0) { acc, r in view.donations.contains { $0.id == r.id && $0.date > r.date } ? 1 + acc : acc }", ["> 2"]),
                                       ("reduce(0) { acc, r in acc + (broken.contains { $0.date > r.date } ? 1 : 0) }", ["> 2"])] {
                for comparison in comparisons {
                    result.append("\(source).\(sum) \(comparison)")
                    result.append("2 \(comparison.prefix(while: { $0 != " " })) \(source).\(sum)")
                }
                if source == "view.donations" {
                    result += (-3...62).map { "\(source).\(sum) == \($0)" }
                }
            }
            // Folds: the accumulator read by the step (`max`, `min`, `||`, a ternary), over the
            // donations, what `map` made of them, and those of its results a `filter` keeps; and a
            // fold not fused (of a `String` accumulator).
            for fold in ["reduce(0.0) { max($0, $1.rating) }", "reduce(100.0) { min($0, $1.rating * 2) }", "reduce(0) { max($0, $1.id) }",
                         "reduce(Date.distantPast) { max($0, $1.date) }", "reduce(false) { $0 || $1.rating > 4 }",
                         "reduce(true) { $0 && $1.id < 6 }", "reduce(0.0) { $1.seen ? $0 + $1.rating : $0 }", "map(\\.rating).reduce(0.0) { max($0, $1) }",
                         "map(\\.rating).filter { $0 > 2 }.reduce(0, +)", "map { $0.rating * 2 }.filter { $0 != $0 || $0 < 3 }.reduce(0.5) { $0 + $1 }",
                         "map(\\.id).filter { $0 > 1 }.reduce(0) { max($0, $1) }", "map(\\.id).filter { $0 % 2 == 0 }.reduce(7) { min($0, $1) }",
                         "reduce(1) { $0 * 2 + $1.id }", "reduce(\"\") { $0 + $1.name }",
                         // Which of two equal zeros a running extreme keeps is Swift's.
                         "reduce(-0.0) { min($0, $1.rating) }", "reduce(0.0) { max($0, $1.rating * 0) }",
                         // `Int` arithmetic on the accumulator, checking itself as the fold goes:
                         // overflowing, dividing by zero, `abs(Int.min)`, `Int(d)` of NaN or of a
                         // value past `Int`, an index outside a list of constants (ids -2 to 6).
                         "reduce(0) { $0 > $1.id ? $0 - $1.id : $1.id - $0 }", "map(\\.id).reduce(1) { $0 * 3 + $1 }",
                         "reduce(1) { $0 * 3 + $1.id }", "reduce(100) { $0 / ($1.id - 3) }", "reduce(1000) { $1.id == 3 ? $0 : $0 / ($1.id - 3) }",
                         "reduce(5) { $0 % ($1.id + 3) + $1.id }", "reduce(-9223372036854775807 - 1) { abs($0) + $1.id }",
                         "reduce(0) { abs($0 - $1.id * 2) }", "reduce(1.0e300) { Double(Int($0 / 2) + $1.id) }",
                         "reduce(0) { abs($0 - $1.id) > 3 ? $0 / 2 : $0 + $1.id }", "reduce(-9223372036854775807) { abs($0 - 1) - $1.id }",
                         "reduce(2.5) { Double(Int($0 * 1.5)) + $1.rating }", "filter { $0.seen }.map(\\.id).reduce(0) { $0 * 2 - $1 }",
                         "reduce(0) { [3, 1, 4][$0 % 3] + $1.id }", "reduce(7) { $1.seen ? [3, 1, 4][$0 % 3] : $0 - $1.id }",
                         // The same passed from step to step as a machine value: runs reset by a
                         // row test, tests that compare the accumulator (by `&&`, `||`, `!`), `min`
                         // and `max` of it, overflows beside a constant and a column.
                         "reduce(0) { $1.seen ? $0 + 1 : 0 }", "reduce(0) { $1.rating > 2 ? 0 : $0 + 2 }",
                         "reduce(3) { $0 < $1.id && $1.seen ? $0 + $1.id : $0 - 1 }", "reduce(0) { !($0 >= 4 || $1.id == 2) ? $0 + 1 : $0 }",
                         "reduce(0) { max($0 - 1, $1.id) }", "reduce(10) { min($0 * 2, $1.id + 7) }", "reduce(1) { $0 * 4611686018427387904 + $1.id }",
                         "reduce(2) { $0 * $1.id % 1000003 }", "reduce(9223372036854775000) { 100 + $0 - $1.id }", "reduce(5) { $1.id - $0 / 2 }",
                         "reduce(1) { $0 == $1.id ? 7 : $0 }", "reduce(0) { $0 != $1.bonus ? $0 + 1 : $0 }",
                         // Runs that start over, folded from the last row that restarts: bounded
                         // `Int` runs, one that overflows at once, tests and restarts that can fail
                         // (on rows before the last restart too), `Double` and `Date` runs.
                         "reduce(-3) { $1.id > 4 ? $0 - 2 : -1 }", "reduce(0) { $1.id * 2 > 6 ? 0 : $0 + 1 }",
                         "reduce(9223372036854775807) { $1.seen ? $0 + 1 : 5 }", "reduce(0) { 10 / $1.id > 1 ? $0 + 1 : 0 }",
                         "reduce(0.0) { $1.seen ? $0 + $1.rating : 0 }", "reduce(1.5) { $1.id < 0 ? -0.0 : $0 * 2 + Double($1.id) }",
                         "reduce(0.0) { $1.id == 3 ? Double($1.id * 4611686018427387904) : $0 + 1 }",
                         "reduce(Date.distantPast) { $1.seen ? $1.date : $0.addingTimeInterval(60) }",
                         // `Double` arithmetic on the accumulator, with a column or a constant (NaN
                         // ratings, -0.0).
                         "reduce(1.0) { $0 * 0.5 + $1.rating }", "reduce(2.0) { $1.rating - $0 / 3 }", "reduce(-0.0) { 2 * $0 - $1.rating }",
                         "reduce(0.0) { $1.rating * $0 + 1 }", "reduce(1.0) { $0 - 1 + $1.rating }",
                         // The same passed from step to step as a machine value: negated, in both
                         // branches of a ternary, under `min` and `max` beside a row value, divided
                         // by (to infinity and NaN), a date moved, over what `map` and `filter` kept.
                         "reduce(1.0) { -($0 * 0.5) + $1.rating }", "reduce(0.0) { $1.seen ? $0 * 0.9 + $1.rating * 0.1 : $0 - 0.5 }",
                         "reduce(1.0) { max($0 * 0.5, $1.rating) }", "reduce(-0.0) { min($0 - 1, $1.rating * 2) + $0 }",
                         "reduce(1.0) { $1.rating / $0 }", "reduce(Date.distantPast) { $0.addingTimeInterval($1.rating) }",
                         "reduce(0.0) { ($1.weight ?? 1) * $0 + Double($1.id) }", "map(\\.rating).filter { $0 > 2 }.reduce(0.5) { $0 * 0.5 + $1 }",
                         "map { $0.rating * 2 }.reduce(-0.0) { $1 - $0 }", "reduce(4.0) { 10 / $0 - $1.rating }",
                         "reduce(-0.0) { abs($0 - Double($1.id) * 1.5) }", "reduce(0.5) { ($0 * 1.5 - $1.rating).rounded() }",
                         "reduce(-2.5) { abs($0 - Double($1.id)).rounded() - 0.5 }",
                         // The accumulator scaled by a factor the same for every row, plus a row's
                         // term, folded over the terms computed a batch at a time: each operand order,
                         // a parameter's factor, -0.0 and NaN factors and starts, NaN weights.
                         // (The ids, unlike the ratings, hold no NaN, which would end every fold as NaN.)
                         "reduce(-0.0) { 0.9 * $0 + Double($1.id) * 0.1 }", "reduce(2.0) { Double($1.id) + $0 * -0.5 }",
                         "reduce(0.0) { Double($1.id) + 0.75 * $0 }", "reduce(1.0) { $0 * 0.5 + Double($1.bonus ?? 3) }",
                         "reduce(1.0) { $0 * Double(threshold) + ($1.weight ?? 0.0 / 0.0) }", "reduce(-0.0) { 0.9 * $0 + $1.rating * 0.1 }",
                         "reduce(0.0 / 0.0) { $0 * -0.0 + Double($1.id) }", "map(\\.rating).reduce(1.0) { $0 * 0.5 + $1 }",
                         "reduce(3.0) { $0 * (0.0 / 0.0) + Double($1.id) }",
                         // Steps that charge work (a string's `count`, twice in the second), metered row by row.
                         "reduce(0) { max($0, $1.name.count) }", "reduce(0) { $0 > $1.name.count ? $0 : $1.name.count }",
                         "map(\\.name).reduce(5) { min($0, $1.count) }", "reduce(0.0) { $0 + Double(($1.note ?? \"\").count) * $1.rating }",
                         // Running extremes written as ternaries (NaN ratings and -0.0 decide which is kept).
                         "reduce(0.0) { $0 > $1.rating ? $0 : $1.rating }", "reduce(10.0) { $1.rating * 2 < $0 ? $1.rating * 2 : $0 }",
                         "reduce(-0.0) { $0 >= $1.rating ? $1.rating : $0 }", "reduce(0) { $0 < $1.id ? $1.id : $0 }",
                         "reduce(threshold) { $1.bonus ?? 0 <= $0 ? $0 : $1.bonus ?? 0 }", "reduce(Date.distantPast) { $0 < $1.date ? $1.date : $0 }",
                         "reduce(0.5) { $0 == $1.rating ? $0 : $1.rating }", "reduce(-0.0) { $1.rating != $0 ? $1.rating : $0 }",
                         "reduce(0.0) { $1.rating <= $0 ? $0 : $1.rating }", "reduce(3.0) { $1.rating > $0 ? $0 : $1.rating }",
                         "reduce(1.0) { $0 <= $1.rating ? $1.rating : $0 }", "reduce(2.0) { $0 < $1.rating ? $0 : $1.rating }",
                         // Both branches the same: the accumulator throughout, or the last row's.
                         "reduce(2.5) { $0 > $1.rating ? $0 : $0 }", "reduce(2.5) { $1.rating < $0 ? $1.rating : $1.rating }",
                         // A date field read in place (the donation date is not a field).
                         "reduce(Date.distantPast) { max($0, $1.when) }", "reduce(Date.now) { $0 < $1.when ? $0 : $1.when }"] {
                result.append("\(source).\(fold)")
            }
            // Chains of `map`, `filter` and `compactMap` over what earlier calls computed, each
            // `filter` and `compactMap` a narrowing of the donations, ended by every consumer:
            // NaN ratings and -0.0, nils, overflows that must surface (`* 4611686018427387904`),
            // string searches in a narrowing, and closures that do not read their parameter.
            let numericChains = ["compactMap(\\.bonus).filter { $0 > -2 }", "compactMap { $0.bonus }.filter { $0 > 0 }.map { $0 * 3 }",
                                 "map { $0.rating * 2 }.filter { $0 > 1 }", "map(\\.id).filter { $0 != 0 }.map { $0 * 4611686018427387904 }",
                                 "map { $0.bonus ?? threshold }.filter { $0 % 2 == 0 }.map { $0 - 1 }", "filter { $0.seen }.map(\\.rating).filter { $0 >= 1 }",
                                 "compactMap(\\.weight).filter { $0 < 1.5 }.map { -$0 }", "map(\\.id).filter { _ in threshold > 2 }.filter { $0 < 5 }",
                                 "compactMap { $0.note?.count }.filter { $0 > 2 }", "map { $0.id * 3 }.compactMap { $0 > 0 ? $0 : nil }.filter { $0 > 1 }",
                                 "compactMap(\\.bonus).compactMap { $0 == 1 ? nil : $0 }",
                                 // Arithmetic a narrowing cannot prove safe that never fails: the chain runs unfused.
                                 "map { $0.id > 100 ? $0.id * 4611686018427387904 : $0.id }.filter { $0 >= 0 }"]
            for chain in numericChains {
                for consumer in ["count", "isEmpty", "reduce(0, +)", "max()", "min()", "contains(where: { $0 > 1 })", "allSatisfy { $0 > -1 }",
                                 "count(where: { $0 < 3 })", "contains(2)", "sorted()", "sorted(by: >).first", "reduce(0) { $0 + $1 }",
                                 "reduce(0) { max($0, $1) }", "filter { $0 != 3 }.count", "map { $0 + 1 }.max()", "first", "last",
                                 "suffix(2)", "dropFirst(2).first"] {
                    result.append("\(source).\(chain).\(consumer)")
                }
            }
            // Slices and reversals of what a chain computed, then any consumer: the chain's
            // `map`s charged for every donation, their overflows raised wherever they fall
            // (`* 4611686018427387904` on a dropped donation too), a negative count reported,
            // NaN ratings and -0.0 among the values kept.
            let slicedChains = ["map(\\.rating).dropFirst(3)", "map { $0.id * 2 }.suffix(4)", "map(\\.id).reversed()", "map(\\.rating).reversed().prefix(5)",
                                "map { $0.rating * 2 }.dropLast()", "map(\\.id).dropFirst()", "map { $0.id * 4611686018427387904 }.dropFirst(50)", "map { $0.id * 4611686018427387904 }.prefix(1)",
                                "map(\\.id).dropFirst(threshold - 9)", "map(\\.rating).filter { $0 > 1 }.dropFirst(2)", "compactMap(\\.bonus).suffix(3)",
                                "map(\\.id).dropFirst(2).map { $0 * 3 }", "map(\\.rating).reversed().dropLast(2)", "map(\\.id).prefix(threshold).reversed()",
                                "map { $0.id + 1 }.suffix(50).filter { $0 != 2 }", "compactMap(\\.weight).reversed().suffix(2)", "map(\\.when).dropFirst(1).map { $0.timeIntervalSince(lastDay) }"]
            for chain in slicedChains {
                for consumer in ["reduce(0, +)", "max()", "min()", "filter { $0 > 1 }.count", "contains(where: { $0 > 2 })", "allSatisfy { $0 > -1 }",
                                 "first", "last", "sorted()", "map { $0 + 1 }.reduce(0) { $0 + $1 }", "count", "isEmpty", "dropFirst(2).first",
                                 "reversed().first", "contains(2)", "prefix(3)"] {
                    result.append("\(source).\(chain).\(consumer)")
                }
            }
            // The first or last of what a chain computed (the `map` still goes through every
            // donation: an overflow anywhere surfaces), and counts of what a slice kept.
            for end in ["map(\\.note).first", "map { $0.id * 4611686018427387904 }.first", "map(\\.rating).last", "compactMap(\\.bonus).first",
                        "map(\\.name).last", "filter { $0.seen }.map(\\.when).first", "map(\\.id).filter { $0 > 100 }.first",
                        "map(\\.rating).reversed().first", "map { $0.id + threshold }.last", "map(\\.id).dropFirst(3).count",
                        "compactMap(\\.note).suffix(4).isEmpty", "map(\\.rating).reversed().count", "map { $0.id * 4611686018427387904 }.prefix(1).count",
                        "map(\\.id).dropFirst(threshold - 9).isEmpty"] {
                result.append("\(source).\(end)")
            }
            for chain in ["map(\\.name).dropFirst(2)", "map(\\.name).reversed()", "compactMap(\\.note).suffix(5)", "map { $0.note ?? \"\" }.dropLast()"] {
                for consumer in ["count", "contains(\"Zion\")", "first", "sorted().first", "filter { $0 != \"wet\" }.count"] {
                    result.append("\(source).\(chain).\(consumer)")
                }
            }
            for chain in ["compactMap(\\.note).filter { $0.contains(\"e\") }", "map(\\.name).filter { !$0.hasPrefix(\"A\") }"] {
                for consumer in ["count", "isEmpty", "sorted().first", "contains(where: { $0 == wanted })", "filter { $0 != \"wet\" }.count",
                                 "contains(\"Zion\")"] {
                    result.append("\(source).\(chain).\(consumer)")
                }
            }
            for consumer in ["count", "isEmpty", "sorted().first", "contains(where: { $0 > lastDay })", "max()", "sorted(by: >).first"] {
                result.append("\(source).compactMap(\\.due).filter { $0 > Date.now.addingTimeInterval(-86400 * 40) }.\(consumer)")
            }
            // Distinct counts and extremes of what a closure computes (NaN ratings, -0.0, nil notes).
            for computed in ["Set(\(source).map { $0.id / 3 }).count", "Set(\(source).map { $0.rating * 2 }).count",
                             "Set(\(source).map { $0.note ?? \"\" }).count", "Set(\(source).map { $0.id * 9223372036854775807 }).count",
                             "\(source).map { $0.rating * 2 }.max()", "\(source).map { -$0.rating }.min()", "\(source).map { $0.id % 4 }.max()",
                             "\(source).map { $0.id * 9223372036854775807 }.min()", "\(source).map { $0.rating - $0.rating }.max()",
                             "\(source).map { $0.date.addingTimeInterval(60) }.max()", "\(source).map { $0.note ?? \"\" }.max()"] {
                result.append(computed)
            }
            // Orders by a key of each donation (NaN ratings, equal ids and names included), and
            // one whose sides compare different things (not fused).
            for order in ["sorted { $0.rating < $1.rating }.map(\\.id)", "sorted { $0.id > $1.id }.map(\\.rating)",
                          "sorted { $0.name < $1.name }.map(\\.id)", "sorted { $0.date > $1.date }.first?.id",
                          "sorted { a, b in a.rating >= b.rating }.prefix(3).map(\\.id)", "sorted { ($0.note ?? \"\") < ($1.note ?? \"\") }.map(\\.id)",
                          "sorted { $0.id * 3 <= $1.id * 3 }.map(\\.id)", "min { $0.rating < $1.rating }?.id", "max { $0.rating < $1.rating }?.id",
                          "max { $0.id < $1.id }?.rating", "min { $0.name > $1.name }?.id", "min { $0.rating <= $1.rating }?.id",
                          "max { $0.id * 9223372036854775807 < $1.id * 9223372036854775807 }?.id", "max { _, _ in threshold > 2 }?.id",
                          "sorted { $0.rating < $1.when.timeIntervalSince($0.when) }.map(\\.id)",
                          "max { $0.name <= $1.name }?.id", "sorted { $0.name >= $1.name }.map(\\.id)", "min { $0.name < $1.name }?.id",
                          // Extremes of numbers by each operator: the first or the last of equal
                          // ones (equal ids, 0.0 and -0.0), NaN ratings never chosen.
                          "min { $0.rating > $1.rating }?.id", "max { $0.rating >= $1.rating }?.id", "max { $0.rating <= $1.rating }?.id",
                          "min { $0.rating >= $1.rating }?.id", "max { $0.rating > $1.rating }?.id", "min { $0.id <= $1.id }?.rating",
                          "max { $0.id >= $1.id }?.name", "min { $0.id > $1.id }?.name", "max { $0.date < $1.date }?.id",
                          "min { $0.when >= $1.when }?.id", "max { $0.id == $1.id }?.rating"] {
                result.append("\(source).\(order)")
            }
        }
        // Extremes over lists whose first rating is NaN (kept, as nothing comes before it or
        // after it) or whose first is the extreme.
        for order in ["min { $0.rating < $1.rating }?.id", "max { $0.rating < $1.rating }?.id", "min { $0.rating >= $1.rating }?.id",
                      "max { $0.rating <= $1.rating }?.id", "min { $0.when < $1.when }?.id", "max { $0.id <= $1.id }?.id"] {
            result += ["view.donations.dropFirst(17).\(order)", "view.donations.dropFirst(41).prefix(3).\(order)",
                       "view.donations.prefix(1).\(order)", "view.donations.prefix(2).\(order)"]
        }
        // Sums of a computed `Double` and a value the same for every row, either side of each
        // operator (-0.0, a division by a zero rating; over all ratings, whose NaNs make NaN, and
        // over a contiguous and a scattered list without them).
        let sums = ["reduce(0.0) { $0 + $1.rating * 2 }", "reduce(-0.0) { $0 + (0.5 - $1.rating) }", "reduce(0.0) { $0 + $1.rating / 3 }",
                    "reduce(1.0) { $0 + 3 / $1.rating }", "map { $0.rating + 1.5 }.reduce(0, +)", "map { Double(threshold) * $0.rating }.reduce(-0.0, +)",
                    "map { $0.rating - Double(threshold) }.reduce(0, +)", "filter { $0.seen }.reduce(0.0) { $0 + $1.rating * -1 }",
                    // An operand read in the loop that adds: an `Int` column converted, an
                    // optional one with a fallback, an optional `Double` with one.
                    "reduce(0.0) { $0 + Double($1.id) * Double($1.bonus ?? 1) }", "reduce(0.5) { $0 + (Double($1.id * 2) - Double($1.id)) }",
                    "map { Double($0.id) / Double($0.bonus ?? -1) }.reduce(-0.0, +)", "reduce(1.0) { $0 + Double($1.id) * ($1.weight ?? 2) }"]
            .flatMap { ["view.donations.\($0)", "view.donations.prefix(15).\($0)", "view.donations.filter { $0.rating < 100 }.\($0)"] }
        // A `let` a filter's rows never reach, read again after it (charged there, as unfused).
        // Distances in time at the top level, and the same test of a non-date (not rewritten).
        result += ["view.donations.filter { abs(Date.now.timeIntervalSince($0.date)) <= 86400 * 3 }.count",
                   "view.donations.contains { 86400 > abs($0.date.addingTimeInterval(-86400 * 5).timeIntervalSince(Date.now)) }",
                   "view.donations.count(where: { abs($0.date.timeIntervalSince($0.when)) > 86400 })",
                   "view.donations.filter { abs($0.rating - 3) < 1 }.count"]
        // A ternary of constants compared with a constant: its test, the test negated, or the
        // answer of both (strings compared by canonical equivalence), except where the test
        // reads a `let` that fails.
        result += ["view.donations.map { $0.rating > 2 ? \"hi\" : \"lo\" }.filter { $0 == \"hi\" }.count",
                   "view.donations.filter { ($0.seen ? 1 : 0) > 0 }.map(\\.id)",
                   "view.donations.filter { 0.5 >= ($0.id > 3 ? 1.0 : -0.0) }.map(\\.id)",
                   "view.donations.count(where: { ($0.id > 2 ? \"e\u{301}\" : \"\u{e9}\") == \"\u{e9}\" })",
                   "view.donations.contains { ($0.note != nil ? 3 : 4) < 2 }",
                   "view.donations.filter { (missing > $0.id ? 1 : 1) == 1 }.count"]
        // `Int` arithmetic on the count of a string, bounded by its UTF-8 bytes (and overflowing
        // where it can).
        result += ["view.donations.map { $0.name.count + $0.id }.max()",
                   "view.donations.map { ($0.note ?? \"\").count * 2 + ($0.bonus ?? 0) }.min()",
                   "view.donations.filter { $0.name.count - $0.id > 3 }.map(\\.id)",
                   "view.donations.map { $0.name.count + 9223372036854775807 }.max()",
                   "view.donations.map { ($0.note ?? wanted).count - 1 }.max()"]
        return result + joins + sums + nested + found + ["view.donations.filter { $0.id > 100 && $0.date > lastDay }.count + (lastDay > Date.distantPast ? 1 : 0)",
                                 "view.donations.filter { $0.id == 3 && $0.date > lastDay }.count + (lastDay > Date.distantPast ? 1 : 0)",
                                 "view.donations.filter { $0.id > 100 && missing > 0 }.count + missing"]
    }()

    /// Scans nested in a closure over another list that look for a field equal to the other
    /// list's element, answered from an index of the list (see `JoinPlan`): every consumer, a
    /// conjunction with a test of the row alone (reading a parameter, the clock), `String`
    /// keys, a window of the list, a key no donation has, a list filtered first (not indexed).
    static let joins = [
        "view.donations.map { outer in view.donations.contains { $0.id == outer.id } }",
        "view.donations.map { outer in view.donations.first { outer.id == $0.id && $0.rating > 2 }?.rating }",
        "view.donations.map { outer in view.donations.last { $0.name == outer.name && $0.date < Date.now.addingTimeInterval(-86400 * 10) }?.id }",
        "view.donations.map { outer in view.donations.count { $0.id == outer.id && $0.seen } }",
        "view.donations.filter { outer in view.donations.filter { $0.id == outer.id }.count > 2 }.count",
        "view.donations.map { outer in view.donations.donatedWithin(.days(20)).contains { $0.id == outer.id && $0.id > threshold } }",
        "[1, 2, 3, 99, -2].map { k in view.donations.first { $0.id == k }?.name }",
        "[\"Zion\", \"Nowhere\"].map { k in view.donations.last(where: { $0.name == k })?.id }",
        "view.donations.map { outer in view.donations.filter { $0.seen }.contains { $0.id == outer.id } }",
        "view.donations.map { outer in view.donations.allSatisfy { $0.id == outer.id } }",
        // Ordered comparisons with the other list's element (see `ComparisonPlan`).
        "view.donations.map { outer in view.donations.first { $0.rating > outer.rating && $0.id != 2 }?.id }",
        "view.donations.map { outer in view.donations.last { $0.id < outer.id }?.rating }",
        "view.donations.map(\\.id).filter { id in view.donations.contains { $0.id > id + 3 } }.count",
        "view.donations.map { outer in view.donations.reversed().contains { $0.when >= outer.due ?? Date.distantFuture } }",
        // Against an optional of the outer row (nil on some rows): compared as optionals are.
        "view.donations.map { outer in view.donations.contains { $0.rating == outer.weight } }",
        "view.donations.map { outer in view.donations.first { $0.id != outer.bonus && $0.date > outer.date }?.id }",
    ]

    /// Scans nested in the closure of another scan and tested as part of its predicate (see
    /// `NestedScan`): every consumer of the outer scan, the nested scan alone, behind `&&` and
    /// `||`, negated and twice; `contains` and `allSatisfy` inside; date conditions (windows,
    /// which `allSatisfy` fails before and after), equality joins (`Int`, `String`, optional
    /// keys, with a rest), string searches that charge steps, parameters and the clock; other
    /// lists empty, cut by a window, reversed (scattered), or a `let` (evaluated the first time
    /// a row reaches it, or failing).
    static let nested: [String] = {
        let inners = [
            "contains { $0.date > outer.date && $0.date.timeIntervalSince(outer.date) < 86400 * 3 }",
            "contains { $0.date > outer.date.addingTimeInterval(86400 * 2) && $0.id == 3 }",
            "allSatisfy { $0.date > outer.date.addingTimeInterval(-86400 * 5) }", "allSatisfy { $0.date <= outer.date && $0.id != 4 }",
            "contains { $0.id == outer.id }", "contains { outer.id == $0.id && $0.rating > 2 }", "contains { $0.name == outer.name }",
            "contains { $0.note == outer.note && $0.id > 0 }", "allSatisfy { $0.id != outer.id }",
            "contains { $0.name.contains(\"l\") && $0.id == outer.id }", "contains { $0.rating > outer.rating * 2 }",
            "contains { $0.id == threshold && $0.date < outer.date }", "allSatisfy { $0.date < Date.now && $0.rating >= outer.rating }",
            "contains { $0.date.timeIntervalSince(outer.when) > 0 && $0.name.count > 80 }",
            // Distances in time: `abs` of a date difference as two date conditions.
            "contains { abs($0.date.timeIntervalSince(outer.date)) < 86400 * 2 && $0.id != outer.id }",
            "allSatisfy { abs(outer.date.timeIntervalSince($0.date)) >= 3600 }",
            "contains { abs(outer.date.timeIntervalSince($0.date)) < 86400 * 3 && $0.id > outer.id }",
            "contains { abs(outer.date.addingTimeInterval(-86400).timeIntervalSince($0.date)) <= 86400 }",
            // An equality join in a window, with a rest that reads no outer row.
            "contains { $0.name == outer.name && $0.date < outer.date && $0.rating > 1 }",
            // Complemented comparisons, and `allSatisfy` of `||`, decided where the negation
            // holds first: `!(a || b)` as `!a && !b`, a string search after them, `!` twice.
            "allSatisfy { $0.date <= outer.date || $0.date.addingTimeInterval(-86400 * 2) >= outer.date }",
            "allSatisfy { $0.date < outer.date || $0.date > outer.date.addingTimeInterval(86400) }",
            "allSatisfy { $0.date < outer.date || $0.name.contains(\"l\") }",
            "contains { !($0.date < outer.date) && $0.id != 3 }",
            "contains { !($0.date <= outer.date || $0.date.timeIntervalSince(outer.date) > 86400 * 3) }",
            "allSatisfy { !(!($0.date >= outer.date)) || $0.id == 2 }",
            // Equal dates, a window that starts and ends at the same instant: the outer row's
            // own, the next day's, never (a NaN bound, on the rows whose rating is NaN) and as
            // `!(!=)`; `allSatisfy` of `!=`, decided at the one row where it fails.
            "contains { $0.date == outer.date && $0.id != 3 }", "contains { $0.date.addingTimeInterval(86400) == outer.date }",
            "contains { $0.date == outer.date.addingTimeInterval(outer.rating * 0) }",
            "allSatisfy { $0.date != outer.date.addingTimeInterval(86400 * 2) }", "contains { !(outer.date != $0.date) && $0.seen }",
            // A field compared with a value of the outer row (computed once per outer row and
            // compared in a loop), in a window and not, either way round, `Int`, `Double` (NaN
            // and -0.0 among the ratings) and `Date` fields, with a rest and without.
            "contains { $0.date > outer.date && $0.rating > outer.rating + 1 }", "contains { $0.id > outer.id && $0.seen }",
            "contains { outer.when <= $0.when && $0.date < outer.date }", "contains { $0.rating == outer.rating }",
            "contains { $0.rating != outer.rating && $0.date >= outer.date.addingTimeInterval(-86400 * 3) }",
            "contains { outer.rating * 2 < $0.rating }",
            "contains { $0.date.timeIntervalSince(outer.date) / 86400 > 2 && $0.id == 3 }",
            "allSatisfy { outer.date.timeIntervalSince($0.date) / -3600 < 48 }",
        ]
        let lists = ["view.donations", "empty.donations", "view.donations.donatedWithin(.days(20))", "view.donations.reversed()",
                     "busy", "broken"]
        var result: [String] = []
        for (index, inner) in inners.enumerated() {
            for list in lists {
                // Each inner scan over each list, in turn with one outer consumer and test.
                result.append(outerScan(index + lists.firstIndex(of: list)!, testing: "\(list).\(inner)"))
            }
            result.append("view.donations.last { outer in view.donations.\(inner) }?.id")
            result.append("view.donations.filter { outer in view.donations.\(inner) }.isEmpty")
        }
        result.append("view.donations.filter { outer in busy.contains { $0.id == outer.id } && view.donations.allSatisfy { $0.date >= outer.date.addingTimeInterval(-1e9) } }.count")
        result.append("view.donations.filter { outer in outer.id > 100 && busy.contains { $0.id == outer.id } }.count + busy.count")
        // Windows of outer rows out of date order (each edge moves back, or jumps), and every
        // function of the date with one step, negated or not.
        for outer in ["view.donations.reversed()", "view.donations.sorted { $0.rating < $1.rating }", "view.donations.map(\\.when).map { w in view.donations.first { $0.when == w }! }"] {
            result.append("\(outer).filter { outer in view.donations.contains { $0.date > outer.date && $0.date.timeIntervalSince(outer.date) < 86400 * 3 } }.count")
            result.append("\(outer).filter { outer in view.donations.allSatisfy { abs($0.date.timeIntervalSince(outer.date)) >= 86400 } }.count")
        }
        for condition in ["-$0.date.timeIntervalSince(outer.date) > 3600", "-(outer.date.timeIntervalSince($0.date)) <= -86400",
                          "-($0.date.addingTimeInterval(86400).timeIntervalSince(outer.when)) < 0",
                          "outer.date.addingTimeInterval(-86400 * 2).timeIntervalSince($0.date) >= 0 && $0.date.addingTimeInterval(3600) < outer.when",
                          "outer.when.timeIntervalSince($0.date) > 0 && -(outer.date.timeIntervalSince($0.date)) < 86400 * 4",
                          // Each comparison on each side, equal at the outer row itself (a swept
                          // window's eight searches), and a window the second condition empties.
                          "$0.date < outer.date", "$0.date <= outer.date", "$0.date > outer.date", "$0.date >= outer.date",
                          "outer.date.timeIntervalSince($0.date) < 0", "outer.date.timeIntervalSince($0.date) <= 0",
                          "outer.date.timeIntervalSince($0.date) > 0", "outer.date.timeIntervalSince($0.date) >= 0",
                          "$0.date > outer.date && $0.date.addingTimeInterval(86400) < outer.date",
                          // A condition on each side: a search read from one end sweeps that
                          // end's edge and tests the other at the row found there, `last` the
                          // other way about.
                          "$0.date < outer.date && $0.date.timeIntervalSince(outer.date) > -86400 * 2",
                          "$0.date <= outer.date && outer.date.timeIntervalSince($0.date) < 1800"] {
            result.append("view.donations.filter { outer in view.donations.contains { \(condition) } }.count")
            // An outer search, whose first row is searched by itself before the others.
            result.append("view.donations.contains { outer in view.donations.contains { \(condition) } }")
            result.append("view.donations.count(where: { outer in view.donations.last { \(condition) } != nil })")
            result.append("view.donations.filter { outer in view.donations.allSatisfy { \(condition) } }.map(\\.id)")
            // The row found, read for each outer row by itself (a swept window's single search).
            result.append("view.donations.filter { outer in (view.donations.last { \(condition) }?.date ?? Date.distantPast) >= outer.date }.map(\\.id)")
        }
        // Outer rows a `map` made of each donation, a field or its date: read from the donation.
        for list in lists {
            result.append("view.donations.map(\\.id).filter { id in \(list).contains { $0.id == id } }.count")
            result.append("view.donations.map(\\.date).filter { d in \(list).contains { $0.date > d && $0.date.timeIntervalSince(d) < 86400 * 3 } }.count")
            result.append("view.donations.map { $0.name }.contains { n in \(list).allSatisfy { $0.name != n } }")
            result.append("view.donations.map(\\.note).filter { n in \(list).contains { $0.note == n && $0.id > 0 } }.count")
            result.append("view.donations.map(\\.rating).count(where: { r in \(list).contains { $0.rating > r * 2 } })")
        }
        return result
    }()

    /// `first(where:)` and `last(where:)` of another list nested in the closure of a scan, their
    /// row's date or field read through an optional chain (see `RowFunction.nestedFind`), or
    /// the row tested against nil (`RowPredicate.exists`): every
    /// consumer of the outer scan; windows (with a rest, and a string search that charges
    /// steps), equality joins (`Int`, `String`, optional keys) found from either end; fields of
    /// every kind, optional ones flattened; a parameter in the search; the other lists of
    /// `nested`, and a `filter` ahead of `last` (through all its rows first). A search of a
    /// list filtered by a closure of its own is not nested (the list is no hoisted value), but
    /// must agree all the same.
    static let found: [String] = {
        let tests = [
            ("last { $0.date < outer.date }?.date", "outer.date.timeIntervalSince(FOUND ?? Date.distantPast) > 86400"),
            ("first { $0.date > outer.date }?.date", "FOUND != nil"),
            ("last { $0.date < outer.date && $0.id == 3 }?.rating", "(FOUND ?? 0) > 1"),
            ("first { $0.id == outer.id && $0.date > outer.date }?.name", "(FOUND ?? \"\").hasPrefix(\"A\")"),
            ("first { $0.id == outer.id }?.date", "FOUND == outer.date"),
            ("last { $0.name == outer.name }?.id", "(FOUND ?? -1) > outer.id"),
            ("last { $0.note == outer.note && $0.rating > 1 }?.bonus", "(FOUND ?? 0) >= 1"),
            ("first { $0.name.contains(\"l\") && $0.date > outer.date }?.weight", "(FOUND ?? 0.5) < 2"),
            ("last { $0.date.timeIntervalSince(outer.date) < 0 && $0.id == threshold }?.due", "FOUND == nil"),
            ("first { $0.rating > outer.rating }?.seen", "FOUND == true"),
            ("last { $0.id == outer.id }?.note", "FOUND != nil"),
            ("filter { $0.seen }.last { $0.date < outer.date }?.id", "(FOUND ?? 0) == 2"),
            ("filter { $0.date < outer.date }.last?.rating", "(FOUND ?? 9) < outer.rating"),
            ("last { $0.date <= outer.date && $0.rating > 2 }", "FOUND != nil"),
            ("first { $0.id == outer.id && $0.seen }", "nil == FOUND"),
            ("last { outer.id == $0.id && $0.date < outer.date.addingTimeInterval(-86400) }?.rating", "(FOUND ?? 0) > 2"),
        ]
        let lists = ["view.donations", "empty.donations", "view.donations.donatedWithin(.days(20))", "view.donations.reversed()",
                     "busy", "broken"]
        var result: [String] = []
        for (index, (search, test)) in tests.enumerated() {
            for (offset, list) in lists.enumerated() {
                result.append(outerScan(index + offset, testing: "(" + test.replacingOccurrences(of: "FOUND", with: "\(list).\(search)") + ")"))
            }
        }
        return result
    }()

    /// A scan over `view` whose closure tests `test` of its row `outer`: one of eight consumers
    /// (`filter`, `count(where:)`, `contains`, `first`, a count compared, `allSatisfy`), chosen
    /// by `variant`, with `test` alone, negated, or behind `&&` or `||` (a column test first).
    private static func outerScan(_ variant: Int, testing test: String) -> String {
        switch variant % 8 {
        case 0: return "view.donations.filter { outer in \(test) }.map(\\.id)"
        case 1: return "view.donations.count(where: { outer in outer.id > 2 && \(test) })"
        case 2: return "view.donations.contains { outer in !\(test) }"
        case 3: return "view.donations.first { outer in outer.seen || \(test) }?.id"
        case 4: return "view.donations.filter { outer in \(test) && outer.rating > 1 }.count >= 3"
        // A column test ahead of the nested one: a search skips the rows the column fails.
        case 5: return "view.donations.first { outer in outer.id >= 2 && \(test) }?.id"
        case 6: return "view.donations.contains { outer in outer.rating > 1 && \(test) }"
        default: return "view.donations.allSatisfy { outer in \(test) }"
        }
    }

    /// Whether a fused scan of the expression tests a nested scan (see `NestedScan`).
    private static func testsNestedScan(_ expression: TypedExpression) -> Bool {
        switch expression.node {
        case .fused(.scan(_, let predicate, _), _, _), .fused(.countCompare(_, let predicate?, _, _), _, _):
            if predicate.nestsScan { return true }
        default: break
        }
        var found = false
        forEachChild(of: expression) { if testsNestedScan($0) { found = true } }
        return found
    }

    static func containsFused(_ expression: TypedExpression) -> Bool {
        if case .fused = expression.node { return true }
        var found = false
        forEachChild(of: expression) { if containsFused($0) { found = true } }
        return found
    }

    @Test("fused and unfused evaluation agree on every expression")
    func equivalence() throws {
        let optimized = try #require(RuleCompiler().compile(SourceFile(name: "o", text: OptimizerTests.rules)).program)
        let plain = try #require(RuleCompiler(optimizes: false).compile(SourceFile(name: "o", text: OptimizerTests.rules)).program)
        let store = try OptimizerTests.store(optimized)
        let plainStore = try OptimizerTests.store(plain)
        let options = EvaluationOptions(now: Fixture.date("2026-11-15T00:00:00Z"))
        for text in OptimizerTests.expressions {
            let source = SourceFile(name: "<expr>", text: text)
            let fast = RuleCompiler().compileExpression(source, in: optimized)
            let slow = RuleCompiler(optimizes: false).compileExpression(source, in: plain)
            guard let fastExpression = fast.expression, let slowExpression = slow.expression else {
                Issue.record("does not compile: \(text) \(fast.diagnostics.map(\.message))")
                continue
            }
            // Closures over the enclosing closure's parameter fuse too, and a `map` of a row
            // mapping fuses on its own when what follows does not (`map(\.rating)` before a
            // `contains(Double.nan)`, whose static member keeps `contains` unfused). Not fused: a
            // fold of `String`s, and a `compactMap` whose `Int` arithmetic nothing reads. (A fold
            // with `Int` arithmetic on its accumulator fuses since session 22, checking itself. An
            // order whose sides compare different things, even nothing of either, fuses since
            // session 12: its predicate is tested on each pair.) A source with a fused filter of its
            // own (`dropFirst(3)`) is fused whatever follows.
            // Nor a test `isNaN` reads its operand twice for, of what is evaluated once per scan
            // (the `map(\.id)` after its `filter` still is).
            let unfusable = text.contains("reduce(\"\")")
                || text.contains("{ lastDay.timeIntervalSince($0.date).isNaN }") && !text.hasSuffix(".map(\\.id)")
                || text.contains("compactMap { $0.id * 2 }")
                // Chains not fused: a narrowing by what charges work per element (the count of a
                // string; a sort of the values they make still is). (A `compactMap` to a literal
                // nil, `{ c ? nil : x }`, fuses since session 11: the donations `c` fails for.)
                || text.contains("compactMap { $0.note?.count }.filter") && !text.contains("sorted(by: >)")
            let fusable = !unfusable || text.contains("dropFirst(3)")
            #expect(OptimizerTests.containsFused(fastExpression.body) == fusable, "\(text)")
            // Every nested scan is tested as a row test.
            if OptimizerTests.nested.contains(text) || OptimizerTests.found.contains(text) && !text.contains("filter { $0.seen }.last {") {
                #expect(OptimizerTests.testsNestedScan(fastExpression.body), "\(text)")
            }
            #expect(!OptimizerTests.containsFused(slowExpression.body))
            let slowOutcome = OptimizerTests.outcome(plain, plainStore, slowExpression, options)
            #expect(OptimizerTests.outcome(optimized, store, fastExpression, options) == slowOutcome, "\(text)")
            // With too few steps both stop with the same error at the same place.
            for budget in [slowOutcome.steps - 1, slowOutcome.steps / 2, 3] where budget > 0 {
                var tight = options
                tight.stepBudget = budget
                tight.totalStepBudget = budget
                #expect(OptimizerTests.outcome(optimized, store, fastExpression, tight) == OptimizerTests.outcome(plain, plainStore, slowExpression, tight),
                        "\(text) with \(budget) steps")
            }
        }
    }

    /// An expression's value or error (with its place) and the steps it took.
    static func outcome(_ program: CompiledProgram, _ store: DonationStore, _ expression: CompiledExpression,
                        _ options: EvaluationOptions) -> Outcome {
        var evaluation = Evaluation(program: program, donations: store, options: options)
        let result = evaluation.evaluate(expression)
        switch result.outcome {
        case .success(let value):
            return Outcome(text: "\(result.type) = " + ValueFormatter.text(value, result.type), steps: evaluation.stepsTaken)
        case .failure(let error):
            return Outcome(text: "error at \(error.range): \(error.message)", steps: evaluation.stepsTaken)
        }
    }

    struct Outcome: Equatable, CustomStringConvertible {
        var text: String
        var steps: Int
        var description: String { "\(text) in \(steps) steps" }
    }

    /// A `view` stream of many donations (up to 5000 kept), in the optimized and the unoptimized
    /// program, with the clock in 2029: the long-list tests' setup.
    struct LongList {
        let optimized: CompiledProgram, plain: CompiledProgram
        let store: DonationStore, plainStore: DonationStore
        let options = EvaluationOptions(now: Fixture.date("2029-06-01T00:00:00Z"))

        /// With `declarations`, more declarations after `OptimizerTests.rules`'.
        init(count: Int, declarations: String = "") throws {
            let rules = OptimizerTests.rules.replacingOccurrences(of: "event view {", with: "event view(limit: 5000) {") + "\n" + declarations
            optimized = try #require(RuleCompiler().compile(SourceFile(name: "o", text: rules)).program)
            plain = try #require(RuleCompiler(optimizes: false).compile(SourceFile(name: "o", text: rules)).program)
            store = try OptimizerTests.store(optimized, count: count)
            plainStore = try OptimizerTests.store(plain, count: count)
        }

        /// Expects `text` to have a fused node when optimized, and the same outcome both ways.
        func expectAgreement(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            let (fused, fast, slow) = try outcomes(text)
            #expect(fused, "\(text)", sourceLocation: sourceLocation)
            #expect(fast == slow, "\(text)", sourceLocation: sourceLocation)
            try expectAgreementPastNaN(text, slow, sourceLocation: sourceLocation)
        }

        /// Where `text` gives NaN (as a sum over the NaN ratings of rows 17 and 41 does), which
        /// wrong arithmetic would give too: the same outcome both ways over the rows after them.
        func expectAgreementPastNaN(_ text: String, _ slow: Outcome,
                                    sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            guard slow.text.contains("nan"), text.contains("view.donations") else { return }
            let past = text.replacingOccurrences(of: "view.donations", with: "view.donations.dropFirst(42)")
            let (_, fast, slow) = try outcomes(past)
            #expect(fast == slow, "\(past)", sourceLocation: sourceLocation)
        }

        /// `expectAgreementUnderBudgets` of `form` called on each of `sources` (`source.form`).
        func expectAgreementUnderBudgets(_ form: String, over sources: [String],
                                         sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            for source in sources { try expectAgreementUnderBudgets("\(source).\(form)", sourceLocation: sourceLocation) }
        }

        /// `expectAgreement`; with too few steps both stop with the same error at the same place,
        /// and with exactly the steps the evaluation takes both end as without a budget (an
        /// operation that charged ahead for work it did not do would run out there).
        /// (With `fusedInDeclarations`, the fused nodes are those of declarations `text` reads;
        /// without `requiresFusion`, the optimized form need not fuse anything.)
        func expectAgreementUnderBudgets(_ text: String, fusedInDeclarations: Bool = false, requiresFusion: Bool = true,
                                         sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            let (fused, fast, slow) = try outcomes(text)
            #expect((fused || fusedInDeclarations || !requiresFusion) && fast == slow, "\(text)", sourceLocation: sourceLocation)
            try expectAgreementPastNaN(text, slow, sourceLocation: sourceLocation)
            let source = SourceFile(name: "<expr>", text: text)
            let optimizedExpression = try #require(RuleCompiler().compileExpression(source, in: optimized).expression)
            let plainExpression = try #require(RuleCompiler(optimizes: false).compileExpression(source, in: plain).expression)
            for budget in [slow.steps, slow.steps - 1, slow.steps / 2, 1000] where budget > 0 {
                var tight = options
                tight.stepBudget = budget
                tight.totalStepBudget = budget
                #expect(OptimizerTests.outcome(optimized, store, optimizedExpression, tight)
                        == OptimizerTests.outcome(plain, plainStore, plainExpression, tight), "\(text) with \(budget) steps",
                        sourceLocation: sourceLocation)
            }
        }

        /// An expression compiled both ways: whether the optimized form has a fused node, and the
        /// two outcomes.
        func outcomes(_ text: String) throws -> (fused: Bool, fast: Outcome, slow: Outcome) {
            let source = SourceFile(name: "<expr>", text: text)
            let fast = try #require(RuleCompiler().compileExpression(source, in: optimized).expression, "\(text)")
            let slow = try #require(RuleCompiler(optimizes: false).compileExpression(source, in: plain).expression, "\(text)")
            return (OptimizerTests.containsFused(fast.body), OptimizerTests.outcome(optimized, store, fast, options),
                    OptimizerTests.outcome(plain, plainStore, slow, options))
        }
    }

    @Test("fused scans agree with closures over lists longer than a batch, forwards and backwards")
    func longLists() throws {
        // Spread over 900 days so windows cut the list at different places.
        let list = try LongList(count: 900)
        var checked = 0
        for source in ["view.donations", "view.donations.reversed()", "view.donations.filter { $0.id != 0 }", "view.donations.donatedWithin(.days(400))"] {
            for predicate in ["$0.id == 3", "$0.rating > 2.5 && $0.id > 0", "$0.seen || $0.rating * 2 < 1", "!($0.id > 0 && $0.note == nil)",
                              "Date.now.timeIntervalSince($0.date) > 86400 * 300", "$0.id == 999", "$0.id > -100",
                              "abs($0.date.timeIntervalSince(Date.now.addingTimeInterval(-86400 * 450))) < 86400 * 20"] {
                for form in ["filter { \(predicate) }.map(\\.id)", "count(where: { \(predicate) })", "contains(where: { \(predicate) })",
                             "allSatisfy { \(predicate) }", "first(where: { \(predicate) })?.id", "last(where: { \(predicate) })?.id",
                             "filter { \(predicate) }.count >= 300"] {
                    try list.expectAgreement("\(source).\(form)")
                    checked += 1
                }
            }
        }
        #expect(checked == 224)
    }

    @Test("distinct Ints counted over a bitmap of their range, or hashed where it is too wide, and distinct Bools agree with closures over long lists")
    func distinctIntsOverLongLists() throws {
        let list = try LongList(count: 900)
        // Ranges a bitmap covers (ids, ids spread a thousand apart, near `Int.max` and `Int.min`)
        // and ones it does not (a hundred thousand apart for 900 values, and the whole of `Int`);
        // optional fields with their nils counted and left out; computed and stored values.
        let mappings = ["map(\\.id)", "map { $0.id * 1000 }", "map { $0.id * 100000 }", "map(\\.bonus)", "compactMap(\\.bonus)",
                        "map { Int($0.rating * 2) }", "map { 9223372036854775807 - abs($0.id) }", "map { -9223372036854775807 - 1 + abs($0.id) }",
                        "map { $0.id > 2 ? 9223372036854775807 : -9223372036854775807 - 1 }", "compactMap { $0.id > 0 ? $0.id * 3 : nil }",
                        // One of two constants a row, counted from the test's truths: `Bool`s (both,
                        // only false, only true, NaN's), strings, equal constants, zeros of both
                        // signs, nil left out, and NaN (each a value of its own).
                        "map { $0.rating > 2.5 }", "map { $0.id > 100 }", "map { $0.id > -100 || $0.seen }", "map { $0.rating != $0.rating }",
                        "map { $0.rating >= 4 ? \"good\" : \"bad\" }", "map { $0.id > 2 ? 7 : 7 }", "map { $0.seen ? 0.0 : -0.0 }",
                        "compactMap { $0.seen ? \"s\" : nil }", "map { $0.seen ? 2.5 : 0.0 / 0.0 }", "map { $0.seen ? 2.5 : Double.nan }",
                        "map { $0.id > 0 ? Double.nan : Double.nan }"]
        for source in ["view.donations", "view.donations.filter { $0.id != 2 }", "view.donations.reversed()", "empty.donations"] {
            for mapping in mappings {
                try list.expectAgreementUnderBudgets("Set(\(source).\(mapping)).count")
            }
        }
    }

    @Test("sets of Ints a let makes, and searches of them row by row, agree with closures over long lists, however the Ints spread")
    func intSetsOverLongLists() throws {
        // Many values close together (a bitmap of their range), the same spread a billion apart
        // (a hashed set), a few (searched in turn), and none.
        let list = try LongList(count: 900, declarations: """
            let closeIDs = Set(view.donations.map { $0.id * 7 + ($0.bonus ?? 0) })
            let farIDs = Set(view.donations.map { ($0.id * 7 + ($0.bonus ?? 0)) * 1000000007 })
            let fewIDs = Set(view.donations.filter { $0.seen }.map(\\.id))
            let noneIDs = Set(empty.donations.map(\\.id))
            """)
        // Each with what it was made of, so that every member, the least and the greatest among
        // them, is looked for.
        for (set, member) in [("closeIDs", "$0.id * 7 + ($0.bonus ?? 0)"), ("farIDs", "($0.id * 7 + ($0.bonus ?? 0)) * 1000000007"),
                              ("fewIDs", "$0.id"), ("noneIDs", "$0.id")] {
            try list.expectAgreementUnderBudgets("\(set).count", fusedInDeclarations: true)
            for test in ["\(set).contains($0.id * 5)", "!\(set).contains($0.id * 1000000007 + 3)", "\(set).contains(($0.bonus ?? 9) * 7)",
                         "\(set).contains(\(member))", "\(set).contains(\(member) + 1)"] {
                try list.expectAgreementUnderBudgets("view.donations.filter { \(test) }.count")
                try list.expectAgreementUnderBudgets("view.donations.reversed().first { \(test) }?.id")
            }
        }
    }

    /// Keys laid out for `DenseIntKeys`: a few values, values next to `Int.max` and `Int.min`,
    /// values spread too wide for a table of their range, and `Int.min` with `Int.max`.
    @Test("distinct counts and group sizes of Int keys agree with closures however the keys spread", arguments: [
        "small", "nearMax", "nearMin", "wide", "extremes",
    ])
    func denseIntKeys(layout: String) throws {
        let rules = "event e(limit: 5000) { i: Int, k: Int, o: Int? }\n"
        let optimized = try #require(RuleCompiler().compile(SourceFile(name: "d", text: rules)).program)
        let plain = try #require(RuleCompiler(optimizes: false).compile(SourceFile(name: "d", text: rules)).program)
        func key(_ index: Int) -> Int {
            switch layout {
            case "small": return index * 7 % 13 - 4
            case "nearMax": return Int.max - index * 5 % 11
            case "nearMin": return Int.min + index * 5 % 11
            case "wide": return (index * 7919 % 1000) * 1_000_003
            default: return index % 3 == 0 ? Int.max : index % 3 == 1 ? Int.min : 0
            }
        }
        var store = DonationStore(program: optimized), plainStore = DonationStore(program: plain)
        for index in 0..<700 {
            var payload: [String: Value] = ["i": .int(index), "k": .int(key(index))]
            // Nils on some rows, and groups of different sizes among the others.
            if index % 4 != 0 { payload["o"] = .int(key(index * index % 97)) }
            let date = Fixture.date("2026-10-01T00:00:00Z").addingTimeInterval(Double(index) * 60)
            try store.donate("e", at: date, payload)
            try plainStore.donate("e", at: date, payload)
        }
        let options = EvaluationOptions(now: Fixture.date("2027-01-01T00:00:00Z"))
        var checked = 0
        for source in ["e.donations", "e.donations.filter { $0.o != nil }", "e.donations.prefix(9)", "e.donations.filter { $0.k == 1 }"] {
            for form in ["Set(\(source).map(\\.k)).count", "Set(\(source).map(\\.o)).count", "Set(\(source).compactMap(\\.o)).count",
                         "\(source).largestSubset(groupedBy: \\.k).count", "\(source).smallestSubset(groupedBy: \\.k).count",
                         "\(source).largestSubset(groupedBy: \\.o).count", "\(source).smallestSubset(groupedBy: \\.o).count"] {
                let text = SourceFile(name: "<expr>", text: form)
                let fast = try #require(RuleCompiler().compileExpression(text, in: optimized).expression, "\(form)")
                let slow = try #require(RuleCompiler(optimizes: false).compileExpression(text, in: plain).expression, "\(form)")
                #expect(OptimizerTests.containsFused(fast.body), "\(form)")
                #expect(OptimizerTests.outcome(optimized, store, fast, options) == OptimizerTests.outcome(plain, plainStore, slow, options),
                        "\(form) over \(layout) keys")
                checked += 1
            }
        }
        #expect(checked == 28)
        // The groups themselves, against grouping as an app would (see `referenceSubset`).
        let rows = (0..<700).map { (k: key($0), o: $0 % 4 != 0 ? key($0 * $0 % 97) : nil) }
        for (source, kept) in [("e.donations", Array(0..<700)), ("e.donations.prefix(9)", Array(0..<9)),
                               ("e.donations.filter { $0.o != nil }", (0..<700).filter { $0 % 4 != 0 })] {
            for largest in [true, false] {
                let call = largest ? "largestSubset" : "smallestSubset"
                for (field, keys) in [("k", kept.map { Optional(rows[$0].k) }), ("o", kept.map { rows[$0].o })] {
                    let text = SourceFile(name: "<expr>", text: "\(source).\(call)(groupedBy: \\.\(field)).map(\\.i)")
                    let expression = try #require(RuleCompiler().compileExpression(text, in: optimized).expression)
                    let expected = OptimizerTests.referenceSubset(keys, largest: largest).map { kept[$0] }
                    #expect(OptimizerTests.outcome(optimized, store, expression, options).text == "[Int] = \(expected)",
                            "\(text.text) over \(layout) keys")
                }
            }
        }
    }

    /// TipKit's `largestSubset`/`smallestSubset` of keys, as an app groups them: the offsets of
    /// the largest (or smallest) group, the group whose first key comes first on a tie (NaN
    /// keys, equal to nothing, each a group of their own).
    static func referenceSubset<Key: Hashable>(_ keys: [Key], largest: Bool) -> [Int] {
        var groupOf: [Key: Int] = [:]
        var groups: [[Int]] = []
        for (offset, key) in keys.enumerated() {
            if let group = groupOf[key] {
                groups[group].append(offset)
            } else {
                groupOf[key] = groups.count
                groups.append([offset])
            }
        }
        var best = 0
        for group in groups.indices.dropFirst() where largest ? groups[group].count > groups[best].count : groups[group].count < groups[best].count {
            best = group
        }
        return groups.isEmpty ? [] : groups[best]
    }

    @Test("largest and smallest subsets by a Double or String field, NaN keys each a group of their own, are the groups an app would pick")
    func subsetsByHashedKeys() throws {
        let program = try #require(RuleCompiler().compile(SourceFile(name: "o", text: OptimizerTests.rules)).program)
        let store = try OptimizerTests.store(program)
        let options = EvaluationOptions(now: Fixture.date("2029-06-01T00:00:00Z"))
        // What `store` donates: NaN ratings at 17 and 41, -0.0 (one group with 0.0) at 23; names
        // in turn, a decomposed one among them.
        let ratings: [Double] = (0..<60).map { index in
            if index == 17 || index == 41 { return .nan }
            return index == 23 ? -0.0 : Double((index * 7) % 11) / 2
        }
        let names = ["Alps", "Alpine Lake", "Wilbere Bowl", "e\u{301}te\u{301}", "Zion", "",
                     "The long and winding road that leads to the lake beyond the alpine meadows of the valley"]
        let keyed = (0..<60).map { names[($0 * 5) % names.count] }
        for largest in [true, false] {
            for (field, expected) in [("rating", OptimizerTests.referenceSubset(ratings, largest: largest)),
                                      ("name", OptimizerTests.referenceSubset(keyed, largest: largest))] {
                let call = "\(largest ? "largest" : "smallest")Subset(groupedBy: \\.\(field))"
                let text = SourceFile(name: "<expr>", text: "view.donations.\(call).map { $0.date.timeIntervalSince(view.donations[0].date) / 86400 }")
                let expression = try #require(RuleCompiler().compileExpression(text, in: program).expression)
                let days = expected.map { "\(Double($0))" }.joined(separator: ", ")
                #expect(OptimizerTests.outcome(program, store, expression, options).text == "[Double] = [\(days)]", "\(text.text)")
            }
        }
    }

    @Test("chains of three or more tests by && or ||, computed for the rows earlier tests leave open, agree with closures over long lists")
    func junctionsOverLongLists() throws {
        let list = try LongList(count: 900)
        var checked = 0
        // A selective first test (so the rest are computed for few rows), an unselective one
        // (computed for all), nil tests, computed operands, optional fields, a string test run
        // row by row, and junctions nested in each other and under `!`.
        for predicate in ["$0.id == 3 && $0.note != nil && $0.bonus != nil", "$0.seen && $0.weight != nil && $0.tag == nil && $0.rating > 1",
                          "$0.id > -5 && $0.bonus == nil && $0.due != nil", "$0.id != 3 || $0.note == nil || $0.weight == nil",
                          "$0.id == 6 || $0.rating > 4.5 || ($0.bonus ?? 0) * 3 > 10 || $0.tag != nil",
                          "($0.id == 1 && $0.seen && $0.note != nil) || ($0.id == 2 && $0.weight != nil && $0.bonus != nil)",
                          "!($0.seen && $0.due != nil && $0.rating * 2 < 5)", "$0.id == 0 && ($0.bonus == nil || $0.weight == nil || $0.tag == nil)",
                          "$0.id * 2 > 9 && $0.rating > 1 && $0.note != nil && $0.name.hasPrefix(\"A\")",
                          "$0.seen && $0.id > 0 && (($0.bonus ?? 1) > 0) && $0.due == nil",
                          // Computed operands against constants, on either side.
                          "1.5 < $0.rating * 2 && $0.id > 0 && $0.note != nil", "abs($0.rating - 2) <= 1 || 3 > ($0.bonus ?? 0) * 2"] {
            for form in ["count(where: { \(predicate) })", "contains(where: { \(predicate) })", "allSatisfy { \(predicate) }",
                         "first(where: { \(predicate) })?.id", "last(where: { \(predicate) })?.id", "filter { \(predicate) }.map(\\.id)",
                         "reduce(0) { sum, d in sum + (\(predicate.replacingOccurrences(of: "$0.", with: "d.")) ? 2 : 1) }", "filter { \(predicate) }.count > 100"] {
                for source in ["view.donations", "view.donations.filter { $0.id != 4 }"] {
                    try list.expectAgreement("\(source).\(form)")
                    checked += 1
                }
            }
        }
        #expect(checked == 192)
    }

    @Test("distinct strings computed per row are counted as strings, agreeing with closures over long lists and budgets")
    func distinctComputedStrings() throws {
        let list = try LongList(count: 300)
        // Coalesced, converted (charged per byte), joined and chosen strings; canonically
        // equivalent spellings ("été" composed and decomposed) one string, as in Swift.
        for mapping in ["$0.note ?? \"\"", "$0.name.lowercased()", "$0.name.uppercased()", "$0.name + \"!\"", "$0.id > 2 ? $0.name : \"x\"",
                        "($0.note ?? \"-\") + $0.name", "$0.id == 1 ? \"\\u{E9}t\\u{E9}\" : $0.name"] {
            try list.expectAgreementUnderBudgets("Set(view.donations.map { \(mapping) }).count")
            try list.expectAgreementUnderBudgets("Set(view.donations.filter { $0.id != 4 }.map { \(mapping) }).count > 3")
        }
    }

    @Test("groups and distinct counts of string fields, optional or not, agree with closures over long lists")
    func stringGroupsOverLongLists() throws {
        let list = try LongList(count: 300)
        for form in ["Set(SOURCE.map(\\.name)).count", "Set(SOURCE.map(\\.note)).count", "Set(SOURCE.compactMap(\\.note)).count",
                     "Set(SOURCE.map(\\.tag)).count", "SOURCE.largestSubset(groupedBy: \\.name).count",
                     "SOURCE.smallestSubset(groupedBy: \\.name).count", "SOURCE.largestSubset(groupedBy: \\.note).count",
                     "SOURCE.smallestSubset(groupedBy: \\.tag).count"] {
            for source in ["view.donations", "view.donations.filter { $0.id != 4 }", "view.donations.prefix(7)"] {
                try list.expectAgreement(form.replacingOccurrences(of: "SOURCE", with: source))
            }
        }
    }

    @Test("optional strings compared with a string, nil equal to none, agree with closures over long lists")
    func optionalStringEqualityOverLongLists() throws {
        let list = try LongList(count: 300)
        // Short, empty and long constants, on either side, alone and joined with other tests.
        for predicate in ["$0.note == \"wet\"", "$0.note != \"wet\"", "\"dry\" == $0.note", "\"dry\" != $0.note", "$0.note == \"\"",
                          "$0.note != \"dry and dusty, with a long wind from the hills\"", "$0.note == \"dry and dusty, with a long wind from the hills\"",
                          "$0.note == \"we\" + \"t\"", "$0.note == \"wet\" || $0.tag == \"t\"", "$0.note != \"wet\" && $0.id > 0"] {
            for form in ["count(where: { \(predicate) })", "contains(where: { \(predicate) })", "allSatisfy { \(predicate) }",
                         "first(where: { \(predicate) })?.id", "last(where: { \(predicate) })?.id", "filter { \(predicate) }.map(\\.id)",
                         "filter { \(predicate) }.count > 100"] {
                for source in ["view.donations", "view.donations.filter { $0.id != 4 }"] {
                    try list.expectAgreement("\(source).\(form)")
                }
            }
        }
    }

    @Test("force unwraps that a filter's test proves safe fuse with what follows it, and those it does not trap as the closure does")
    func unwrapsProvenByComparisons() throws {
        let list = try LongList(count: 300)
        // `(x ?? k) op c` where `k op c` fails keeps no nil; so does `x == c`. The whole chain
        // is then one fused node.
        let proven = ["view.donations.filter { ($0.bonus ?? 0) > 2 }.map { $0.bonus! }.reduce(0, +)",
                      "view.donations.filter { 0.5 < ($0.weight ?? 0) }.map { $0.weight! * 2 }.reduce(0, +)",
                      "view.donations.filter { ($0.bonus ?? 0) != 0 }.map { $0.bonus! }.max()",
                      "view.donations.filter { $0.seen && ($0.bonus ?? 0) >= 3 }.map { $0.bonus! * 3 }.reduce(0, +)",
                      "view.donations.filter { $0.tag == \"t\" }.map { $0.tag!.count }.reduce(0, +)",
                      "view.donations.filter { \"t\" == $0.tag }.map { $0.tag! }.count",
                      "view.donations.map { ($0.bonus ?? 0) <= 2 ? -1 : $0.bonus! }.reduce(0, +)",
                      "view.donations.map { ($0.weight ?? 0) > 0.5 ? $0.weight! : 0 }.reduce(0, +)",
                      // Optional chains, whose test fails on nil, and tests under `!`.
                      "view.donations.filter { $0.note?.isEmpty == false }.map { $0.note!.count }.reduce(0, +)",
                      "view.donations.filter { $0.note?.hasPrefix(\"w\") == true }.map { $0.note!.count }.reduce(0, +)",
                      "view.donations.filter { ($0.note?.count ?? 0) > 2 }.map { $0.note!.count }.reduce(0, +)",
                      "view.donations.filter { $0.note?.lowercased() == \"wet\" }.map { $0.note!.count }.reduce(0, +)",
                      "view.donations.filter { !($0.tag == nil || $0.seen) }.map { $0.tag!.count }.reduce(0, +)",
                      // The predicates of scans over a filter, unwrapped as a map after it is.
                      "view.donations.filter { $0.bonus != nil }.count(where: { $0.bonus! > 2 })",
                      "view.donations.filter { ($0.weight ?? 0) > 0.2 }.contains { $0.weight! > 0.9 }",
                      "view.donations.filter { $0.note != nil && $0.seen }.allSatisfy { $0.note!.count < 9 }",
                      "view.donations.filter { $0.tag == \"t\" }.filter { $0.tag!.hasPrefix(\"t\") }.count",
                      "view.donations.filter { $0.due != nil }.count(where: { $0.due! < $0.when })",
                      // And folds over a filter.
                      "view.donations.filter { $0.bonus != nil }.reduce(0) { $0 + $1.bonus! }",
                      "view.donations.filter { ($0.weight ?? 0) > 0.2 }.reduce(0.0) { $0 + $1.weight! * 2 }",
                      "view.donations.filter { $0.note != nil }.reduce(false) { $0 || $1.note!.isEmpty }"]
        for text in proven {
            try list.expectAgreementUnderBudgets(text)
            let expression = try #require(RuleCompiler().compileExpression(SourceFile(name: "<expr>", text: text), in: list.optimized).expression)
            if case .fused = expression.body.node {} else { Issue.record("\(text) is not one fused node") }
        }
        // A nil passes each of these tests, so its `x!` traps, in both evaluations alike.
        for text in ["view.donations.filter { ($0.bonus ?? 5) > 2 }.map { $0.bonus! }.reduce(0, +)",
                     "view.donations.filter { ($0.bonus ?? 0) == 0 }.map { $0.bonus! }.count",
                     "view.donations.filter { $0.tag != \"t\" }.map { $0.tag!.count }.reduce(0, +)",
                     "view.donations.filter { ($0.weight ?? 1) >= 1 || $0.seen }.map { $0.weight! }.count",
                     "view.donations.map { ($0.bonus ?? 9) < 2 ? -1 : $0.bonus! }.reduce(0, +)",
                     "view.donations.filter { $0.bonus == nil || $0.seen }.count(where: { $0.bonus! > 2 })",
                     "view.donations.filter { $0.note != nil }.contains { $0.tag!.isEmpty }",
                     "view.donations.filter { $0.bonus == nil }.reduce(0) { $0 + $1.bonus! }",
                     "view.donations.filter { $0.note?.isEmpty != false }.map { $0.note!.count }.reduce(0, +)",
                     "view.donations.filter { !($0.note?.hasPrefix(\"w\") == true) }.map { $0.note!.count }.reduce(0, +)",
                     "view.donations.filter { ($0.note?.count ?? 5) > 2 }.map { $0.note!.count }.reduce(0, +)",
                     "view.donations.filter { !($0.tag == nil && $0.seen) }.map { $0.tag!.count }.reduce(0, +)"] {
            try list.expectAgreementUnderBudgets(text, requiresFusion: false)
            let (_, _, slow) = try list.outcomes(text)
            #expect(slow.text.contains("nil"), "\(text): \(slow.text)")
        }
    }

    @Test("ternaries of Bools as predicates, filtered as && and ||, agree with closures over long lists and budgets")
    func chosenPredicatesOverLongLists() throws {
        let list = try LongList(count: 300)
        // Branches that force-unwrap what the test checks, charge work (a string's count, a
        // string search) or compute `Int`s; ternaries nested in a branch and under `!`; a test
        // that is a string prefix; and a test that searches a string, which stays a choice row
        // by row (tested twice, it would be charged twice).
        for predicate in ["$0.note == nil ? $0.rating > 3 : $0.note!.count > 4", "$0.bonus != nil ? $0.bonus! * 2 > 5 : $0.seen",
                          "$0.id > 3 ? $0.name.contains(\"e\") : $0.rating < 2",
                          "$0.seen ? ($0.weight == nil ? $0.id == 1 : $0.weight! > 0.5) : $0.tag != nil",
                          "!($0.tag == nil ? $0.id % 2 == 0 : $0.tag!.isEmpty)", "$0.name.hasPrefix(\"A\") ? $0.id > 2 : $0.rating < 1",
                          "$0.name.contains(\"l\") ? $0.id > 2 : $0.rating > 1", "$0.due != nil ? $0.due! < $0.when : ($0.bonus ?? 0) > 1"] {
            for form in ["count(where: { \(predicate) })", "contains(where: { \(predicate) })", "allSatisfy { \(predicate) }",
                         "first(where: { \(predicate) })?.id", "last(where: { \(predicate) })?.id", "filter { \(predicate) }.map(\\.id)"] {
                try list.expectAgreementUnderBudgets(form, over: ["view.donations", "view.donations.filter { $0.id != 4 }"])
            }
        }
    }

    @Test("array literals made per row, their min, max and contains charged with the closure's steps, agree with closures over long lists and budgets",
          arguments: [
              "map { [$0.rating, 2.5].min()! }.reduce(0, +)", "map { [$0.id, 2].max()! }.reduce(0, +)",
              "map { [$0.rating, 1.0, $0.weight ?? 0].max()! }.max() ?? 0", "filter { [$0.id, 3].max()! > 4 }.count",
              "count(where: { [$0.rating, 1.0].min()! > 0.5 && $0.id > 0 })", "filter { [$0.id, 7].contains(3) }.count",
              "contains { [$0.id, 3].contains(999) }", "first { [$0.id, $0.bonus ?? 0].contains(5) }?.id",
              "filter { ![$0.id, 3].contains(4) }.count", "filter { $0.id > 0 && [$0.id, 2].max()! > 3 }.count",
              "filter { 4 < [$0.id, 3].max()! }.count", "allSatisfy { [$0.rating, 9.0].min()! != 2.5 || $0.seen }",
              // Int arithmetic in an element keeps its charge where the built-in makes it.
              "filter { [$0.id * 4611686018427387904, 1].max()! > 0 }.count", "map { [$0.id + 9223372036854775806, 0].min()! }.reduce(0, +)",
          ])
    func rowLiterals(form: String) throws {
        try LongList(count: 900).expectAgreementUnderBudgets(form, over: ["view.donations", "view.donations.filter { $0.id != 4 }"])
    }

    @Test("the values a chain keeps, as a whole expression (a let's value), are made from the columns as the calls make them",
          arguments: [
              "compactMap(\\.note)", "compactMap { $0.bonus }", "compactMap(\\.weight)", "map(\\.rating).filter { $0 > 2.5 }",
              "map { $0.id * 2 }.filter { $0 > 4 }", "filter { $0.seen }.compactMap(\\.note)", "compactMap(\\.tag).filter { !$0.isEmpty }",
              "compactMap { $0.seen ? $0.name : nil }", "map(\\.due).compactMap { $0 }", "compactMap { $0.bonus }.filter { $0 % 2 == 0 }",
          ])
    func valuesKept(chain: String) throws {
        try LongList(count: 900).expectAgreementUnderBudgets(chain, over: ["view.donations", "view.donations.donatedWithin(.days(400))"])
    }

    @Test("operands computed a batch at a time (ternaries, Int division, conversions) agree with closures over long lists",
          arguments: [
              // `Double` arithmetic of a constant and a computed operand, the constant first.
              "view.donations.reduce(0.0) { $0 + (1 - $1.rating) / (2 - ($1.weight ?? 0)) }",
              "view.donations.filter { 10 / ($0.rating + 1) > 3 }.count", "view.donations.map { 5 - $0.rating * 2 }.reduce(0, +)",
              "view.donations.filter { 3 * ($0.weight ?? 1) + 1 < 2.5 }.map(\\.id)", "view.donations.filter { 4 - $0.rating * 2 > 1 }.count",
              "view.donations.reduce(0.0) { $0 + (5 - $1.rating) }", "view.donations.reduce(0.0) { $0 + (5 - Double($1.id)) }",
              "view.donations.filter { $0.rating == $0.rating }.reduce(0.0) { $0 + (5 - $1.rating) / 2 }",
              // And of `Int`s: in order, failing where the closure's arithmetic fails.
              "view.donations.filter { 10 - $0.id * 2 > 3 }.count", "view.donations.map { 100 / ($0.id + 3) }.reduce(0, +)",
              "view.donations.reduce(0) { $0 + 7 % ($1.id + 3) }", "view.donations.map { 9223372036854775807 - $0.id * 2 }.max()",
              "view.donations.filter { $0.id > 0 }.map { 9223372036854775807 - $0.id * 2 }.max()",
              // `min` and `max` with a constant on either side: which of two equal values (0.0 and
              // -0.0), or of a NaN and a number, comes out is the argument order's.
              "view.donations.filter { 1 / max(0.0, $0.rating) < 0 }.count", "view.donations.filter { 1 / min($0.rating, -0.0) > 0 }.count",
              "view.donations.reduce(0.0) { $0 + min($1.rating, 3) }", "view.donations.reduce(0.0) { $0 + max(1, $1.rating * 2) }",
              "view.donations.map { max($0.id, 2) * 3 }.reduce(0, +)", "view.donations.filter { min(4, $0.bonus ?? 9) > 1 }.count",
              // Ternaries: constant branches, chosen by a computed test (NaN ratings take `false`).
              "view.donations.reduce(0) { $0 + ($1.rating > 4 ? 2 : ($1.rating > 2 ? 1 : 0)) }",
              "view.donations.reduce(0.0) { $0 + (($1.bonus ?? 0) > 0 && $1.rating < 3 ? 1.5 : 0.25) }",
              "view.donations.reduce(0.0) { $0 + ($1.id > 0 || !($1.rating <= 1) ? $1.rating : -$1.rating * 2) }",
              "view.donations.map { $0.id % 3 == 0 ? $0.id : -1 }.max()",
              "view.donations.map { $0.seen ? 1.5 : $0.rating }.min()",
              // A branch that would fail on the rows it is not taken for, and one that fails where it is.
              "view.donations.reduce(0) { $0 + ($1.id != 0 ? 100 / $1.id : 0) }",
              "view.donations.reduce(0) { $0 + ($1.id >= 0 ? 100 / $1.id : 0) }",
              "view.donations.reduce(0) { $0 + ($1.id != 0 ? 100 % $1.id : 7) }",
              // Branches computed for every row and chosen without a branch: one that overflows
              // only on rows it is not taken for (the sum gives way, and the calls add what Swift
              // does), one that overflows where it is, and one that never does.
              "view.donations.reduce(0) { $0 + ($1.id == 0 ? $1.id * 4611686018427387904 : -$1.id) }",
              "view.donations.reduce(0) { $0 + ($1.id > 4 ? $1.id * 4611686018427387904 : 1) }",
              "view.donations.reduce(0) { $0 + ($1.id > 2 ? $1.id : -$1.id) }",
              // `Int` division and remainder by constants, negative values and values past 2^53.
              "view.donations.filter { $0.id % 3 == 1 }.count", "view.donations.filter { $0.id % -3 == -1 }.count",
              "view.donations.filter { $0.id / 2 == -1 }.count", "view.donations.filter { ($0.id * 7) % 4 != 0 }.map(\\.id)",
              "view.donations.filter { $0.id * 4_000_000_000_000_001 % 7 == 1 }.count",
              "view.donations.map { $0.id * 4_000_000_000_000_001 / 3 }.max()",
              "view.donations.map { $0.id * 4_000_000_000_000_001 % 1_000_000_007 }.reduce(0, +)",
              "view.donations.filter { $0.id % (threshold - 3) == 1 }.count", "view.donations.map { $0.id / -1 }.reduce(0, +)",
              // Batches of dividends in 0..<2^32, divided by one multiplication, and one that
              // reaches 2^32 (divided as before).
              "view.donations.filter { $0.id >= 0 }.map { $0.id % 3 }.reduce(0, +)", "view.donations.filter { $0.id >= 0 }.map { $0.id * 1000003 / 7 }.reduce(0, +)",
              "view.donations.filter { $0.id > 0 }.map { ($0.id * 858993459) % 1000 }.max()", "view.donations.filter { $0.id >= 0 }.map { $0.id * 4294967295 % 10 }.reduce(0, +)",
              "view.donations.map { ($0.id + 3) * 1234567891 % 1000 }.reduce(0, +)", "view.donations.map { ($0.id + 3) * 100000000007 / 97 }.reduce(0, +)",
              // (Dividends past 2^32 that the reciprocal would get wrong for this divisor.)
              "view.donations.map { ($0.id + 3) * 60000000000 % 4294967291 }.reduce(0, +)",
              // Conversions that fail on NaN ratings, and that succeed where those are left out.
              "view.donations.map { Int($0.rating * 10) }.reduce(0, +)",
              "view.donations.filter { $0.rating >= 0 }.map { Int($0.rating * 10) }.reduce(0, +)",
              "view.donations.reduce(0) { $0 + Int($1.rating >= 0 ? $1.rating * 3 : 1) }",
              // Conversions and rounding of a batch without branches (`BranchFreeDouble`): halves
              // of both signs, and batches with a value at 2^52 or past it (converted as before).
              "view.donations.filter { $0.rating >= 0 }.map { Int($0.rating * 2.5 - 6) }.reduce(0, +)",
              "view.donations.filter { $0.rating >= 0 }.map { Int(($0.rating - 2.5).rounded()) }.reduce(0, +)",
              "view.donations.filter { $0.rating >= 0 }.map { Int($0.rating * 1000000000000000) }.reduce(0, +)",
              "view.donations.map { ($0.rating * 3 - 7.5).rounded() }.reduce(0, +)",
              "view.donations.filter { $0.rating >= 0 }.map { Int(($0.rating * 1000000000000000 - 2251799813685248.5).rounded()) }.max()",
              // `Bool` folds that a search decides (NaN ratings fail `>= 0`).
              "view.donations.reduce(true) { $0 && $1.rating >= 0 }", "view.donations.reduce(true) { $0 && $1.id > -3 }",
              "view.donations.reduce(false) { $0 || $1.id == 6 }", "view.donations.reduce(false) { $1.id == 9 || $0 }",
              "view.donations.reduce(threshold > 5) { $0 || $1.seen && $1.rating > 4 }",
              "view.donations.reduce(true) { $1.rating >= 0 && $0 }", "view.donations.reduce(false) { $0 && $1.seen }",
              // A set of what a map computes, asked whether it holds a value: -0.0 equals 0.0, NaN nothing.
              "Set(view.donations.map(\\.id)).contains(3)", "Set(view.donations.map(\\.id)).contains(threshold * 100)",
              "Set(view.donations.map { $0.rating * 2 }).contains(0.0)", "Set(view.donations.map(\\.rating)).contains(Double.nan)",
              "Set(view.donations.map(\\.name)).contains(\"e\\u{301}te\\u{301}\")", "Set(view.donations.map(\\.note)).contains(\"wet\")",
              "Set(view.donations.map { $0.id * 3 }).contains(-6)", "Set(view.donations.map(\\.bonus)).contains(nil)",
              "Set(view.donations.map(\\.id)).contains(view.donations.count - 57)",
              // Extremes of computed `Int`s: checked as computed (the first overflows on some rows).
              "view.donations.map { $0.id * 2305843009213693952 }.max()", "view.donations.map { ($0.bonus ?? 0) + $0.id }.min()",
              "view.donations.filter { $0.id > 0 }.map { $0.id * 3 - 1 }.max()", "view.donations.map { $0.seen ? $0.id : 0 - $0.id }.min()",
              // Slices of what a map makes: the function computed for the elements kept, charged for all.
              "view.donations.map { $0.rating }.reversed().prefix(5).reduce(0, +)", "view.donations.map(\\.rating).suffix(10).reduce(0, +)",
              "view.donations.map(\\.id).prefix(threshold)", "view.donations.map(\\.name).dropFirst(895)", "view.donations.map(\\.note).dropLast(897)",
              "view.donations.map { $0.id * 2 }.reversed().suffix(4)", "view.donations.map(\\.when).reversed().dropFirst(898)",
              "view.donations.map(\\.bonus).reversed().dropLast(threshold * 299)", "view.donations.map(\\.id).prefix(threshold - 4)",
              "view.donations.map(\\.id).suffix(100_000)", "empty.donations.map(\\.id).suffix(3)", "empty.donations.map(\\.id).prefix(-1)",
              "view.donations.filter { $0.seen }.map { $0.id * 4_000_000_000_000_000_001 }.suffix(2)",
              "view.donations.filter { $0.seen }.map { $0.rating > 2 ? $0.name : \"low\" }.prefix(3)",
              // Searches and counts of computed comparisons over consecutive rows, in growing blocks.
              "view.donations.contains { $0.id * 7 % 5 == 4 }", "view.donations.allSatisfy { $0.id % 9 != 7 }",
              "view.donations.first(where: { $0.id / 2 == 3 })?.name", "view.donations.last(where: { $0.id * 3 == 12 })?.id",
              "view.donations.count(where: { $0.id % 4 == 1 })", "view.donations.dropFirst(500).contains { $0.id * 2 == 999 }",
              // Ternaries chosen by a nil test; running extremes of `Int`s written as folds.
              "view.donations.reduce(0.0) { $0 + ($1.bonus == nil ? 0 : $1.rating) }", "view.donations.reduce(0.0) { $0 + ($1.weight != nil ? 1 : 0.5) }",
              "view.donations.reduce(0) { $0 + (nil == $1.due ? $1.id : 2) }", "view.donations.reduce(0.0) { $0 + ($1.bonus == nil || $1.id > 2 ? $1.rating : 1) }",
              "view.donations.reduce(0) { $0 > $1.id ? $0 : $1.id }", "view.donations.reduce(100) { $1.id >= $0 ? $0 : $1.id }",
              "view.donations.reduce(7) { $0 == $1.id ? $0 : $1.id }", "view.donations.reduce(7) { $0 != $1.id ? $0 : $1.id }",
              // Steps of `Int` folds with `max` or `min` of a constant or a column beside the
              // accumulator, and a branch that keeps it; one that overflows, one that does not.
              "view.donations.reduce(0) { $1.seen ? $0 + 1 : max(0, $0 - 2) }", "view.donations.reduce(5) { min($0 * 2, 40) - $1.id }",
              "view.donations.reduce(0) { max(3, $0 - $1.id) }", "view.donations.reduce(9) { min($0, $1.id) + max($1.id, 1) }",
              "view.donations.reduce(1) { $1.seen ? $0 * 3 % 1000 : $0 }", "view.donations.reduce(1) { $1.seen ? $0 : $0 * 2 % 1001 }",
              "view.donations.reduce(1) { $1.seen ? $0 * 4611686018427387904 : $0 }", "view.donations.reduce(2) { $1.id > 4 ? $0 : max($0 * 3, 0) }",
              // `Double` and `Date` folds whose ternary compares the accumulator with the row (NaN
              // ratings on rows 17 and 41), and `max` or `min` of the row beside it, either side.
              "view.donations.reduce(0.0) { $0 > 20 ? $0 : $0 + $1.rating }", "view.donations.reduce(0.0) { $1.rating < $0 ? $0 : $1.rating }",
              "view.donations.reduce(1.0) { $0 != $1.rating ? $0 + 1 : $0 }", "view.donations.reduce(0.0) { 10 < $0 ? $0 - 3 : $0 + $1.rating }",
              "view.donations.reduce(0.0) { $0 <= $1.rating * 2 ? $1.rating : $0 - 1 }",
              "view.donations.reduce(0.0) { min($0 + $1.rating, 30) }", "view.donations.reduce(0.0) { max(1, $0 * 0.5 + $1.rating) }",
              "view.donations.reduce(0.0) { min($1.rating, $0 + 1) }", "view.donations.reduce(-0.0) { $1.seen ? max($0, 0.0) : min(-0.0, $0) }",
              "view.donations.reduce(Date.distantPast) { $0 >= $1.when ? $0 : $1.when }",
              "view.donations.reduce(Date.distantFuture) { $1.when.addingTimeInterval(60) == $0 ? $0 : min($0, $1.when) }",
              // Running selections of ratings from a -0.0 on, among 0.0s: which zero the step keeps
              // on equal values is the closure's.
              "view.donations.dropFirst(23).filter { $0.rating == 0 }.reduce(1.0) { $0 < $1.rating ? $0 : $1.rating }",
              "view.donations.dropFirst(23).filter { $0.rating == 0 }.reduce(-1.0) { $1.rating < $0 ? $0 : $1.rating }",
              "view.donations.reduce(Int.max) { min($0, $1.id) }", "view.donations.reduce(Int.min) { max($0, $1.bonus ?? -9) }",
              // `compactMap { c ? x : nil }`: x only where c holds (the division never meets 0).
              "view.donations.compactMap { $0.id > 2 ? $0.name : nil }.count", "view.donations.compactMap { $0.seen ? nil : $0.rating }.reduce(0, +)",
              "view.donations.compactMap { $0.bonus != nil ? $0.bonus! * 2 : nil }.max()", "view.donations.compactMap { $0.id != 0 ? 100 / $0.id : nil }.reduce(0, +)",
              "view.donations.map(\\.id).compactMap { $0 > 1 ? $0 * 3 : nil }.contains(12)", "view.donations.compactMap { $0.note == nil ? nil : $0.note! }.count",
              // Ternaries and counts chosen by a `Bool` field, read as its column, either way round.
              "view.donations.reduce(0) { $0 + ($1.seen ? $1.id : 0) }", "view.donations.reduce(0.0) { $0 + ($1.seen == false ? $1.rating : 1) }",
              "view.donations.map { !$0.seen ? 2 : 1 }.reduce(0, +)", "view.donations.map { true != $0.seen ? $0.id : -1 }.max()",
              "view.donations.filter { $0.seen && $0.id > 2 }.count", "view.donations.filter { false == $0.seen || $0.rating > 4 }.count",
              "view.donations.count(where: \\.seen)",
          ])
    func batchedOperands(text: String) throws {
        try OptimizerTests.expectFusedAgreement(text)
    }

    @Test("Int sums whose values' bounds rule out overflow add wrapping, the last operation in the adding loop, and agree with closures; others fail as they do",
          arguments: [
              // Bounded: one operation of a column and a constant, either side, or of two columns.
              "view.donations.reduce(0) { $0 + $1.id * 3 }", "view.donations.reduce(5) { $0 + (7 - $1.id) }",
              "view.donations.reduce(0) { $0 + ($1.id - 4) }", "view.donations.map { 2 * $0.id }.reduce(-3, +)",
              "view.donations.reduce(0) { $0 + $1.id * ($1.bonus ?? 2) }", "view.donations.reduce(0) { $0 + ($1.bonus ?? 0) - $1.id }",
              // Ternaries chosen by a Bool column (either way round) or a computed test, over
              // consecutive rows and rows a filter or a reversal leaves.
              "view.donations.reduce(0) { $0 + ($1.seen ? $1.id * 2 : $1.bonus ?? -1) }",
              "view.donations.reduce(0) { $0 + (!$1.seen ? 5 : $1.id) }", "view.donations.reduce(0) { $0 + ($1.seen == false ? $1.id : 0) }",
              "view.donations.reduce(0) { $0 + ($1.seen ? 4 : -3) }", "view.donations.reduce(0) { $0 + ($1.rating > 2 ? $1.id : 9) }",
              "view.donations.filter { $0.id > 0 }.reduce(0) { $0 + ($1.seen ? $1.id : 3) }",
              "view.donations.reversed().reduce(0) { $0 + ($1.seen ? 0 : $1.id * 5) }",
              "view.donations.donatedWithin(.days(300)).reduce(0) { $0 + ($1.seen ? $1.id : 0) }",
              // Not bounded tightly enough: a start near the end of `Int`, a factor whose product
              // can overflow, a sum of 900 large values; these add with a check and fail (or not)
              // where the closure does.
              "view.donations.reduce(9223372036854775000) { $0 + ($1.seen ? $1.id : 0) }",
              "view.donations.reduce(-9223372036854775000) { $0 + ($1.id - 6) }",
              "view.donations.reduce(0) { $0 + $1.id * 4611686018427387904 }",
              "view.donations.reduce(0) { $0 + $1.id * 20000000000000000 }",
              "view.donations.filter { $0.id > 3 }.reduce(0) { $0 + ($1.seen ? $1.id * 2000000000000000000 : 1) }",
              // Extremes of bounded values, the root operation in the loop that compares; and of
              // values that can overflow (computed with their checks, giving way where one fails).
              "view.donations.reduce(0) { max($0, $1.id * 3) }", "view.donations.reduce(100) { min($0, 7 - $1.id) }",
              "view.donations.reduce(-9223372036854775808) { max($0, $1.id - 9) }", "view.donations.map { $0.id * 2 + 1 }.max()",
              "view.donations.map { ($0.bonus ?? 0) * 4 }.min()", "view.donations.filter { $0.seen }.map { $0.id - 9 }.max()",
              "view.donations.reversed().map { 5 * $0.id }.min()", "empty.donations.map { $0.id * 2 }.max()",
              "view.donations.map { $0.id * 4611686018427387904 }.min()", "view.donations.reduce(0) { max($0, $1.id * 4611686018427387904) }",
          ])
    func boundedIntSums(text: String) throws {
        try OptimizerTests.expectFusedAgreement(text)
    }

    @Test("optional numbers with a fallback the test answers as it answers 0 are tested on their bytes alone; others by their tags",
          arguments: [
              "view.donations.allSatisfy { $0.bonus == nil || $0.bonus! < 2 }", "view.donations.count(where: { $0.bonus == nil || $0.bonus! < 2 })",
              "view.donations.count(where: { $0.bonus == nil || $0.bonus! > 0 })", "view.donations.count(where: { $0.bonus != nil && $0.bonus! < 3 })",
              "view.donations.filter { ($0.bonus ?? 7) != 0 }.map(\\.id)", "view.donations.contains { ($0.bonus ?? -9) >= 0 && $0.id > 5 }",
              "view.donations.first(where: { ($0.bonus ?? 1) > 4 })?.id", "view.donations.last(where: { ($0.bonus ?? -3) < -4 })?.id",
              "view.donations.count(where: { ($0.weight ?? -1) < 0.5 })", "view.donations.count(where: { ($0.weight ?? 3) > 1 })",
              "view.donations.allSatisfy { $0.weight == nil || $0.weight! <= 2 }", "view.donations.count(where: { ($0.weight ?? -0.0) == 0 })",
              "view.donations.count(where: { ($0.due ?? Date.distantPast) < Date.now })",
          ])
    func optionalNumberTests(text: String) throws {
        try OptimizerTests.expectFusedAgreement(text)
    }

    @Test("Double sums skip a branch of 0.0 only while the sum cannot be -0.0, and add negated operations in the adding loop, to the bit",
          arguments: [
              // Branches of 0.0 over ratings of 0.0 and -0.0 (the filter) from starts of either sign:
              // from -0.0, every row's addition counts until the sum leaves -0.0.
              "view.donations.filter { $0.rating == 0 }.reduce(-0.0) { $0 + ($1.seen ? 0 : $1.rating) }",
              "view.donations.filter { $0.rating == 0 }.reduce(-0.0) { $0 + ($1.seen ? $1.rating : 0.0) }",
              "view.donations.filter { $0.rating == 0 }.reduce(0.0) { $0 + ($1.seen ? 0 : $1.rating) }",
              "view.donations.dropFirst(23).filter { $0.rating == 0 }.reduce(-0.0) { $0 + ($1.id > 0 ? -0.0 : 0.0) }",
              // (Where the rows not skipped add -0.0 alone: only the 0.0s keep the sum from -0.0.)
              "view.donations.reduce(-0.0) { $0 + ($1.seen ? 0 : -abs(Double($1.id)) * 0) }",
              "view.donations.filter { $0.seen || $0.rating == 0 && 1 / $0.rating < 0 }.reduce(-0.0) { $0 + ($1.seen ? 0 : $1.rating) }",
              "view.donations.reduce(0.0) { $0 + ($1.bonus == nil ? 0 : $1.rating * 2) }",
              "view.donations.reduce(1.5) { $0 + ($1.note != nil ? ($1.weight ?? 1) * 3 : 0) }",
              "view.donations.reduce(-0.0) { $0 + ($1.seen ? 0 : $1.rating - 1) }",
              // Negations at the root, alone and chosen by a test; subtractions from the sum.
              "view.donations.reduce(0.0) { $0 - $1.rating * 2 }", "view.donations.reduce(-0.0) { $0 - $1.rating }",
              "view.donations.filter { $0.rating == 0 }.reduce(-0.0) { $0 - $1.rating * 3 }",
              "view.donations.reduce(0.0) { $1.seen ? $0 - $1.rating * ($1.weight ?? 0) : $0 }",
              "view.donations.reduce(10.0) { $1.note == nil ? $0 : $0 - ($1.weight ?? 2) / 4 }",
              "view.donations.reduce(0.0) { $0 + -($1.rating - 2) }", "view.donations.reduce(0.0) { $0 + -(-$1.rating * 2) }",
              // The same operand on both sides, computed once a batch (NaN and -0.0 as the closure's).
              "view.donations.reduce(0.0) { $0 + ($1.rating - 2.5) * ($1.rating - 2.5) }",
              "view.donations.filter { ($0.rating - 1) * ($0.rating - 1) > 2 }.count",
              "view.donations.map { ($0.weight ?? 1) / ($0.weight ?? 1) }.reduce(0, +)",
              "view.donations.reduce(0.0) { $0 + ($1.rating * 2 - $1.rating * 2) }",
              "view.donations.reduce(0.0) { $0 + ($1.seen ? -0.0 : ($1.rating - 3) * ($1.rating - 3)) }",
              // A converted or coalesced column, alone or with a constant either side, read in the
              // loop that adds or combines (weights hold NaN and -0.0; bonuses nil).
              "view.donations.reduce(0.0) { $0 + $1.rating * Double($1.id) * (1 - ($1.weight ?? 0)) }",
              "view.donations.reduce(-0.0) { $0 + $1.rating * (($1.weight ?? 0) - 1) }",
              "view.donations.reduce(0.0) { $0 + $1.rating / (2 / Double($1.bonus ?? 1)) }",
              "view.donations.reduce(0.0) { $0 - $1.rating * (Double($1.id) * 0.5) }",
              "view.donations.reduce(0.0) { $0 + $1.rating * (3 + Double($1.bonus ?? -3)) }",
              "view.donations.filter { $0.rating * (1 - ($0.weight ?? 0)) > 1 }.count",
              "view.donations.map { $0.rating * Double($0.id) }.max()", "view.donations.map { $0.rating - Double($0.bonus ?? 2) / 4 }.min()",
              // A test of one column (a Bool, or whether an optional is nil) read in the adding
              // loop, over consecutive rows and rows a filter leaves.
              "view.donations.reduce(0.0) { $1.note == nil ? $0 : $0 + $1.rating }",
              "view.donations.reduce(-0.0) { $0 + ($1.note != nil ? $1.rating : 0) }",
              "view.donations.reduce(0.0) { $0 + ($1.bonus == nil ? 0 : Double($1.id)) }",
              "view.donations.reduce(0.0) { $1.weight != nil ? $0 : $0 + Double($1.bonus ?? 2) }",
              "view.donations.reduce(0.0) { $0 + ($1.seen ? $1.rating : -0.0) }", "view.donations.reduce(-0.0) { $0 + (!$1.seen ? 0.0 : $1.rating) }",
              "view.donations.dropFirst(7).reduce(0.0) { $0 + ($1.due == nil ? $1.rating : 0) }",
              "view.donations.filter { $0.id > 0 }.reduce(0.0) { $0 + ($1.note == nil ? 0 : $1.rating) }",
              "view.donations.reduce(0.0) { $0 + ($1.note == nil ? 0 : $1.rating * 0.1) }",
              "view.donations.reduce(-0.0) { $1.seen ? $0 + ($1.rating - 2) : $0 }",
              "view.donations.reduce(0.0) { $0 + ($1.bonus != nil ? $1.rating * $1.rating : 0) }",
              "view.donations.reduce(0.0) { $1.tag == nil ? $0 : $0 - 3 / $1.rating }",
              // A converted or coalesced left operand read in the adding loop beside a right one
              // computed in a pass; past the NaN ratings of rows 17 and 41 (which make any sum NaN) but one.
              "view.donations.dropFirst(42).reduce(0.0) { $0 + Double($1.id) * ($1.seen ? 0 : $1.rating) }",
              "view.donations.dropFirst(42).reduce(-0.0) { $0 + (($1.weight ?? 1) - $1.rating * 2) }",
              "view.donations.dropFirst(42).reduce(0.0) { $0 + Double($1.bonus ?? 0) / ($1.seen ? $1.rating : 2) }",
              "view.donations.dropFirst(42).reduce(0.0) { $0 + (1 - ($1.weight ?? 0)) * ($1.rating - 1) }",
              "view.donations.dropFirst(42).reduce(0.0) { $0 + (Double($1.id) - ($1.note == nil ? $1.rating : -0.0)) }",
              "view.donations.dropFirst(42).reduce(0.0) { $0 + (Double($1.id) + $1.rating * 3) }",
              "view.donations.reduce(0.0) { $0 + Double($1.id) * ($1.seen ? 0 : $1.rating) }",
          ])
    func doubleSumBranches(text: String) throws {
        try OptimizerTests.expectFusedAgreement(text)
    }

    @Test("largest and smallest Doubles, dates and strings, computed in lanes or in place, keep the zero and skip the NaN the closure's order does",
          arguments: [
              // 1 / x tells 0.0 from -0.0. Ratings hold 0.0 from the first row, -0.0 at row 23, and NaN at rows 17 and 41.
              "1 / view.donations.map(\\.rating).min()!", "1 / view.donations.map(\\.rating).max()!",
              "1 / view.donations.map { -$0.rating }.max()!", "1 / view.donations.map { -$0.rating }.min()!",
              "1 / view.donations.dropFirst(20).map(\\.rating).min()!", "1 / view.donations.reversed().map(\\.rating).min()!",
              "1 / view.donations.filter { $0.id > 0 }.map(\\.rating).min()!", "1 / view.donations.compactMap(\\.weight).min()!",
              "1 / view.donations.map { $0.rating * 2 }.min()!", "1 / view.donations.map { $0.seen ? $0.rating : 1 }.min()!",
              // Swift's max keeps the last of equal values, min the first; a NaN start stays.
              "1 / view.donations.reduce(9.0) { min($0, $1.rating) }", "1 / view.donations.reduce(-9.0) { max($0, -$1.rating) }",
              "1 / view.donations.reduce(0.0) { max($0, -$1.rating) }", "1 / view.donations.reduce(-0.0) { max($0, -$1.rating) }",
              "1 / view.donations.reduce(-0.0) { min($0, $1.rating) }", "1 / view.donations.reduce(0.0) { min($0, $1.rating) }",
              "1 / view.donations.reduce(-9.0) { max($0, $1.rating - 5) }", "1 / view.donations.reduce(9.0) { min($0, $1.rating * 3) }",
              // Rows with id 0 hold -0.0 (row 23) before 0.0 (row 77); rows 22 and 23 hold 0.0 and -0.0.
              "1 / view.donations.filter { $0.id == 0 }.map { $0.rating * 2 }.min()!", "1 / view.donations.filter { $0.id == 0 }.map(\\.rating).min()!",
              "view.donations.filter { $0.seen }.map(\\.rating).max()!", "view.donations.filter { !$0.seen }.map(\\.when).min()!",
              "1 / view.donations.filter { $0.id == 0 }.map { -$0.rating * 2 }.max()!",
              "1 / view.donations.dropFirst(22).prefix(11).reduce(-9.0) { max($0, -$1.rating) }",
              "1 / view.donations.dropFirst(22).prefix(11).reduce(9.0) { min($0, $1.rating * 2) }",
              "view.donations.reduce(Double.nan) { max($0, $1.rating) }.isNaN", "view.donations.reduce(0.5) { max($0, $1.rating) }",
              "view.donations.map(\\.when).max()! > view.donations.map(\\.when).min()!",
              // Strings, compared in place as Swift compares them (\u{301} decomposed, the empty string).
              "view.donations.map(\\.name).max()", "view.donations.map(\\.name).min()", "view.donations.dropFirst(3).map(\\.name).min()",
              "view.donations.reversed().map(\\.name).max()", "view.donations.filter { $0.id > 0 }.map(\\.name).max()",
              "view.donations.map { $0.when.addingTimeInterval(-$0.rating) }.min()!.timeIntervalSince(view.donations.map(\\.when).max()!)",
          ])
    func doubleExtremes(text: String) throws {
        try OptimizerTests.expectFusedAgreement(text)
    }

    @Test("Int conversions of date arithmetic are proven in range only where every corner of its bounds is, and otherwise fail as Swift does",
          arguments: [
              // The 900 rows are 70 to 974 days before the clock: times 2e11 (or divided by 5e-12)
              // the late ones overflow, and the largest corner is the product of the largest values.
              "view.donations.map { Int(Date.now.timeIntervalSince($0.date) * 2e11) }.max()",
              "view.donations.map { Int(Date.now.timeIntervalSince($0.date) * -2e11) }.min()",
              "view.donations.map { Int(Date.now.timeIntervalSince($0.date) / 5e-12) }.max()",
              "Set(view.donations.map { Int(Date.now.timeIntervalSince($0.date) * 2e11) }).count",
              "Set(view.donations.map { Int(-2e11 * Date.now.timeIntervalSince($0.date)) }).count",
              "Set(view.donations.map { Int(Date.now.timeIntervalSince($0.date) * -2e11) }).count",
              // In range: proven, and the same values.
              "Set(view.donations.map { Int(Date.now.timeIntervalSince($0.date) / 86400) }).count",
              "view.donations.map { Int(Date.now.timeIntervalSince($0.date) * -1e9) }.min()",
              // Invariant arithmetic bounded through its parts: a clock moved back, and a part
              // whose intermediate value is infinite (no bounds: the rows are converted first).
              "view.donations.filter { Int(Date.now.addingTimeInterval(-86400).timeIntervalSince($0.date) / 3600) % 24 == 0 }.count",
              "Set(view.donations.map { Int(Date.now.timeIntervalSince($0.date) / 86400 + 1 / (1e308 * 10)) }).count",
              // A conversion of what reads a fold's accumulator, which nothing bounds before the fold.
              "view.donations.reduce(0) { Int(Double($0) / 2) + $1.id }",
          ])
    func intConversionBounds(text: String) throws {
        try OptimizerTests.expectFusedAgreement(text)
    }

    @Test("Int conversions of a Double field are proven from the bounds its column keeps, and from the rows where those are too wide",
          arguments: [
              // Every value written is small: proven from the column's bounds, without a pass.
              ("1.5, 2.25, -3.75, 4.0, -0.0", "s.donations.map { Int($0.value * 10) }.filter { $0 % 7 == 0 }.count"),
              ("1.5, 2.25, -3.75, 4.0, -0.0", "s.donations.filter { Int($0.value / 0.25) % 3 == 0 }.count"),
              // A value too large for an `Int` was written, but is not in the list: the rows prove it.
              ("1e300, 1.5, 2.25, -3.75", "s.donations.dropFirst().map { Int($0.value * 10) }.filter { $0 % 3 == 0 }.count"),
              // ... and in the list: the conversion fails where Swift's does.
              ("1.5, -1e300, 2.25", "s.donations.map { Int($0.value * 10) }.filter { $0 % 3 == 0 }.count"),
              ("1.5, 2.25, 1e18", "s.donations.filter { Int($0.value * 10) % 3 == 0 }.count"),
          ])
    func doubleFieldConversionBounds(values: String, text: String) throws {
        let rules = "event s { value: Double }\n"
        let optimized = try #require(RuleCompiler().compile(SourceFile(name: "o", text: rules)).program)
        let plain = try #require(RuleCompiler(optimizes: false).compile(SourceFile(name: "o", text: rules)).program)
        let log = values.split(separator: ",").enumerated().map { index, value in
            #"{"event": "s", "date": "2026-11-0\#(index + 1)T00:00:00Z", "value": {"value": \#(value.trimmingCharacters(in: .whitespaces))}}"#
        }.joined(separator: "\n")
        var (store, plainStore) = (DonationStore(program: optimized), DonationStore(program: plain))
        #expect(DonationLog.load(Array(log.utf8), fileName: "s.ndjson", into: &store).isEmpty)
        #expect(DonationLog.load(Array(log.utf8), fileName: "s.ndjson", into: &plainStore).isEmpty)
        let source = SourceFile(name: "<expr>", text: text)
        let fast = try #require(RuleCompiler().compileExpression(source, in: optimized).expression, "\(text)")
        let slow = try #require(RuleCompiler(optimizes: false).compileExpression(source, in: plain).expression, "\(text)")
        let options = EvaluationOptions(now: Fixture.date("2026-11-15T00:00:00Z"))
        #expect(OptimizerTests.outcome(optimized, store, fast, options) == OptimizerTests.outcome(plain, plainStore, slow, options), "\(text)")
    }

    @Test("map(f).compactMap { $0 } fuses as compactMap(f) does, charging the identity's step per element, also where f charges work",
          arguments: [
              "view.donations.map { $0.note?.count }.compactMap { $0 }.reduce(0, +)", "view.donations.map(\\.bonus).compactMap { $0 }.max()",
              "view.donations.map { $0.weight }.compactMap { $0 }.min()", "Set(view.donations.map { $0.note?.uppercased() }.compactMap { $0 }).count",
              "view.donations.map(\\.bonus).compactMap { $0 }.filter { $0 > 2 }.count", "view.donations.map { $0.note?.lowercased() }.compactMap { $0 }.count",
              "view.donations.map { $0.bonus }.compactMap { b in b }.reduce(0) { $0 + $1 }", "view.donations.compactMap { $0.note?.uppercased() }.count",
              "view.donations.map(\\.weight).compactMap { $0 }.contains(2.5)",
          ])
    func compactMappedIdentity(text: String) throws {
        try OptimizerTests.expectFusedAgreement(text)
    }

    @Test("key paths of several steps fuse as the closures they stand for, charging a step per step of the path, over lists forwards, backwards and windowed",
          arguments: [
              "map(\\.name.count).reduce(0, +)", "map(\\.name).map(\\.count).max()", "filter(\\.name.isEmpty).count",
              "contains(where: \\.name.isEmpty)", "allSatisfy(\\.name.isEmpty)", "map(\\.name).filter(\\.isEmpty).count",
              "map(\\.name.count).filter { $0 > 4 }.count", "first(where: \\.name.isEmpty)?.id", "last(where: \\.rating.isNaN)?.id",
              "count(where: \\.rating.isNaN)", "filter(\\.rating.isFinite).map(\\.rating).reduce(0, +)", "map(\\.name.count).min()",
              "map(\\.name.count).sorted().last", "map(\\.name.isEmpty).filter { $0 }.count", "compactMap(\\.note).map(\\.count).reduce(0, +)",
              "map(\\.name.count).contains(4)", "map(\\.rating.isNaN).contains(true)", "map(\\.name).map(\\.isEmpty).allSatisfy { !$0 }",
          ])
    func longKeyPaths(form: String) throws {
        let list = try LongList(count: 900)
        try list.expectAgreementUnderBudgets(form, over: ["view.donations", "view.donations.reversed()", "view.donations.donatedWithin(.days(200))"])
    }

    @Test("compactMap { c ? x : nil } of an optional x fuses: the donations c holds for whose x is not nil, and x unwrapped",
          arguments: [
              "view.donations.compactMap { $0.id > 2 ? $0.bonus : nil }.count", "view.donations.compactMap { $0.seen ? nil : $0.weight }.reduce(0, +)",
              "view.donations.compactMap { $0.rating > 2 ? $0.note : nil }.count", "view.donations.compactMap { $0.id % 2 == 0 ? $0.due : nil }.max()",
              "view.donations.compactMap { $0.bonus != nil ? $0.bonus : nil }.reduce(0, +)", "Set(view.donations.compactMap { $0.seen ? $0.tag : nil }).count",
              "view.donations.compactMap { $0.id > 1 ? $0.bonus : nil }.filter { $0 > 2 }.count",
              "view.donations.map(\\.bonus).compactMap { $0 == 1 ? nil : $0 }.count",
              "view.donations.compactMap { $0.id != 0 ? $0.weight : nil }.contains(2.5)",
              // Int arithmetic in the condition: proven safe, or the calls run and fail as written.
              "view.donations.compactMap { 100 / $0.id > 20 ? $0.bonus : nil }.count",
              "view.donations.compactMap { $0.id * 4_000_000_000_000_000_001 > 0 ? $0.bonus : nil }.count",
          ])
    func conditionalOptionalValues(text: String) throws {
        try OptimizerTests.expectFusedAgreement(text)
    }

    @Test("a ternary with a nil branch is a row operand: mapped, compared, coalesced, compacted, counted as Swift does",
          arguments: [
              "view.donations.map { $0.seen ? $0.rating : nil }.compactMap { $0 }.count", "view.donations.map { $0.id > 2 ? \"big\" : nil }.count",
              "view.donations.map { $0.id > 2 ? nil : $0.name }.compactMap { $0 }.filter { $0.hasPrefix(\"n\") }.count",
              "view.donations.map { $0.seen ? $0.bonus : nil }.compactMap { $0 }.reduce(0, +)",
              "view.donations.map { $0.id % 3 == 0 ? $0.due : nil }.compactMap { $0 }.max()",
              "view.donations.filter { ($0.seen ? $0.weight : nil) == nil }.count",
              "view.donations.filter { ($0.id > 1 ? $0.bonus : nil) ?? 0 > 2 }.count",
              "view.donations.map { ($0.seen ? $0.rating : nil) ?? -1 }.reduce(0, +)",
              "Set(view.donations.map { $0.seen ? $0.tag : nil }).count",
              "view.donations.contains { ($0.id > 4 ? $0.note : nil) == \"n3\" }",
              "view.donations.map { $0.id > 0 ? 100 / $0.id : nil }.compactMap { $0 }.count",
              // Typed by the branch that is not nil: dates (a field, the row's date, moved), numbers, strings, ints.
              "view.donations.map { $0.seen ? $0.when : nil }.compactMap { $0 }.max()", "Set(view.donations.map { $0.seen ? $0.when : nil }).count",
              "view.donations.map { $0.id > 2 ? $0.date.addingTimeInterval(60) : nil }.compactMap { $0 }.min()",
              "view.donations.map { $0.id > 2 ? nil : $0.rating * 2 }.compactMap { $0 }.reduce(0, +)",
              "view.donations.compactMap { $0.id > 2 ? $0.when : nil }.last", "view.donations.map { $0.seen ? 2.5 : nil }.compactMap { $0 }.count",
              "view.donations.map { $0.seen ? $0.name.lowercased() : nil }.compactMap { $0 }.filter { $0.hasPrefix(\"n1\") }.count",
              "view.donations.filter { ($0.seen ? $0.id : nil) == 3 }.count", "view.donations.filter { ($0.seen ? nil : $0.note) != nil }.count",
              "view.donations.filter { 3 != ($0.seen ? nil : $0.bonus) }.count", "view.donations.filter { ($0.id > 2 ? $0.rating : nil) == 2.5 }.count",
              "view.donations.filter { ($0.id > 2 ? $0.weight : nil) != 1.5 }.count", "view.donations.contains { ($0.seen ? $0.rating : nil) == Double.nan }",
              "view.donations.map { $0.seen ? $0.seen : nil }.compactMap { $0 }.count",
              // Coalesced: `c ? x : k`, typed, or left as written where `k` is not a constant.
              "view.donations.map { ($0.id > 1 ? nil : $0.bonus) ?? 7 }.reduce(0, +)", "view.donations.filter { (!$0.seen ? $0.note : nil) ?? \"x\" == \"x\" }.count",
              "view.donations.map { ($0.id > 2 ? $0.when : nil) ?? $0.date }.max()", "view.donations.map { ($0.seen ? $0.rating * 2 : nil) ?? 0.5 }.min()",
              "view.donations.filter { ($0.seen ? $0.weight : nil) ?? 1 > 0.5 }.count", "view.donations.map { ($0.seen ? $0.tag : nil) ?? $0.name }.filter { $0.hasPrefix(\"t\") }.count",
              // Strings chosen per row, compared and searched as strings.
              "view.donations.filter { ($0.seen ? $0.name : \"none\") == \"none\" }.count",
              "view.donations.map { $0.id > 2 ? $0.name : ($0.note ?? \"-\") }.filter { $0.hasPrefix(\"n\") }.count",
          ])
    func optionalTernaries(text: String) throws {
        try OptimizerTests.expectFusedAgreement(text)
    }

    @Test("max() and min() of a computed Int, Double or Date mapping, a batch at a time, pick what Sequence.max() and min() pick",
          arguments: [
              "view.donations.map { $0.seen ? $0.rating : 0 }.max()", "view.donations.map { $0.rating * 2 }.min()",
              "view.donations.map { $0.when.addingTimeInterval(60) }.max()", "view.donations.map { $0.date.addingTimeInterval(-$0.rating) }.min()",
              "view.donations.map { $0.id > 2 ? $0.rating : -0.0 }.max()", "view.donations.map { $0.id > 2 ? -0.0 : 0.0 }.min()",
              "view.donations.map { $0.rating - $0.rating }.max()", "view.donations.filter { $0.seen }.map { $0.rating / 2 }.min()",
              "view.donations.map { $0.when.timeIntervalSince($0.date) }.max()", "empty.donations.map { $0.rating * 2 }.max()",
              "view.donations.map { ($0.weight ?? 1) * 3 }.max()", "view.donations.map { $0.seen ? $0.when : $0.date }.min()",
              // Which of equal zeros is kept shows in the text; a date stays a date when compared.
              "view.donations.map { $0.id > 2 ? -0.0 : 0.0 }.max()", "view.donations.map { $0.id > 2 ? 0.0 : -0.0 }.min()",
              "(view.donations.map { $0.when.addingTimeInterval(60) }.max() ?? Date.distantPast) > view.donations[3].date",
              // `Int`s, also where the arithmetic fails and the calls run instead.
              "view.donations.map { $0.id / 2 }.min()", "view.donations.map { $0.seen ? $0.id * 3 : -$0.id }.max()",
              "view.donations.map { $0.id * 4_000_000_000_000_000_001 }.max()", "view.donations.map { 100 / $0.id }.min()",
          ])
    func batchedNumberExtremes(text: String) throws {
        // (Evaluated again under budgets: a later evaluation reads the computation kept.)
        try LongList(count: 900).expectAgreementUnderBudgets(text)
    }

    @Test("orders that force-unwrap an optional key on both sides compare the keys unwrapped, and stop as the closures do where one is nil",
          arguments: [
              "view.donations.filter { $0.bonus != nil }.sorted { $0.bonus! > $1.bonus! }.map(\\.id)",
              "view.donations.filter { $0.weight != nil }.min { $0.weight! < $1.weight! }?.id",
              "view.donations.filter { $0.weight != nil }.sorted { $1.weight! <= $0.weight! }.map(\\.id)",
              "view.donations.filter { $0.due != nil }.max(by: { $1.due! > $0.due! })?.id",
              "view.donations.filter { $0.tag != nil }.sorted { $0.tag! >= $1.tag! }.map(\\.id)",
              // A nil key: an error where the comparisons reach it, none where there are none.
              "view.donations.sorted { $0.bonus! < $1.bonus! }.map(\\.id)",
              "view.donations.filter { $0.id > 0 }.max { $0.bonus! < $1.bonus! }?.id",
              "view.donations.dropFirst(2).prefix(1).sorted { $0.bonus! < $1.bonus! }.map(\\.id)",
              "view.donations.reversed().min { $0.due! < $1.due! }?.id",
          ])
    func unwrappedKeyOrders(text: String) throws {
        try LongList(count: 900).expectAgreementUnderBudgets(text)
    }

    @Test("Int conversions of date arithmetic are proven from the dates at the list's ends, and give way where one would fail",
          arguments: [
              "view.donations.filter { Int(Date.now.timeIntervalSince($0.date) / 86400) < 1000 }.count",
              "view.donations.map { Int($0.date.timeIntervalSince(Date.now) / 3600) }.filter { $0 > -20000 }.count",
              "view.donations.sorted { $0.rating < $1.rating }.filter { Int(Date.now.timeIntervalSince($0.date) / 86400) % 7 == 0 }.count",
              "view.donations.dropFirst(10).prefix(5).filter { Int($0.date.timeIntervalSince(Date.now) * 1e9) < -3 }.count",
              "view.donations.filter { Int(86400 * 400 / Date.now.timeIntervalSince($0.date)) == 1 }.count",
              "view.donations.contains { Int(-$0.date.timeIntervalSince(Date.now) / 86400) == 900 }",
              "view.donations.filter { Int(Date.now.timeIntervalSince($0.when) - 1) > 0 }.count",
              // Beyond Int's range, and a quotient by a divisor that may be zero: as the closures fail.
              "view.donations.filter { Int($0.date.timeIntervalSince(Date.distantPast) * 1e10) > 0 }.count",
              "view.donations.filter { Int(1 / $0.date.timeIntervalSince(view.donations[5].date)) > 0 }.count",
          ])
    func datesConvertedToInt(text: String) throws {
        try LongList(count: 900).expectAgreementUnderBudgets(text)
    }

    @Test("sorted().first and .last of values are found in one pass: the first of the least, the last of the greatest, as the stable sort leaves them",
          arguments: [
              // 0.0 and -0.0 among the least ratings; NaN (sorted as the algorithm places it) in the third.
              "view.donations.filter { !$0.rating.isNaN }.map(\\.rating).sorted().first",
              "view.donations.dropFirst(23).filter { !$0.rating.isNaN }.map(\\.rating).sorted().first",
              "view.donations.map(\\.rating).sorted().last",
              "view.donations.map { $0.rating * 0 }.filter { $0 == 0 }.sorted().last",
              // Equal strings, composed and decomposed.
              "view.donations.map { $0.seen ? \"\\u{E9}\" : \"e\\u{301}\" }.sorted().last",
              "view.donations.map { $0.seen ? \"\\u{E9}\" : \"e\\u{301}\" }.sorted().first",
              "view.donations.dropFirst().map { $0.seen ? \"\\u{E9}\" : \"e\\u{301}\" }.sorted().first",
              "view.donations.map(\\.name).sorted().last", "view.donations.map { $0.id * 2 }.sorted().first", "empty.donations.map(\\.name).sorted().last",
          ])
    func sortedEnds(text: String) throws {
        let (fused, fast, slow) = try LongList(count: 900).outcomes(text)
        #expect(fused, "\(text)")
        // (Compared as bytes: `String`'s `==` would take the two forms of é for one.)
        #expect(Array(fast.text.utf8) == Array(slow.text.utf8) && fast.steps == slow.steps, "\(fast) against \(slow)")
    }

    @Test("orders by a key whose computation charges work compute each key once and charge each comparison both donations' work",
          arguments: [
              "view.donations.sorted { $0.name.count < $1.name.count }.map(\\.id)",
              "view.donations.sorted { ($0.note?.count ?? 0) > ($1.note?.count ?? 0) }.first?.id",
              "view.donations.filter { $0.seen }.sorted { $0.name.lowercased() <= $1.name.lowercased() }.map(\\.id)",
              "view.donations.max { $0.name.count < $1.name.count }?.id",
              "view.donations.min { ($0.note?.count ?? 0) <= ($1.note?.count ?? 0) }?.id",
              "view.donations.max(by: { $1.name.lowercased() > $0.name.lowercased() })?.id",
              "view.donations.filter { $0.seen }.min { $0.name.count > $1.name.count }?.rating",
              "view.donations.reversed().max { $0.name.uppercased() <= $1.name.uppercased() }?.id",
              "view.donations.prefix(1).max { $0.name.count < $1.name.count }?.id",
              "empty.donations.max { $0.name.count < $1.name.count }?.id",
          ])
    func workedOrders(text: String) throws {
        try LongList(count: 900).expectAgreementUnderBudgets(text)
    }

    @Test("distances in time to a value a scan evaluates once are searched in the window they allow, and agree with the closures",
          arguments: [
              "view.donations.filter { abs($0.date.timeIntervalSince(view.donations.last!.date)) < 86400 * 30 }.count",
              "view.donations.contains { abs($0.date.timeIntervalSince(view.donations[400].date)) <= 3600 }",
              "view.donations.filter { abs(view.donations[10].date.timeIntervalSince($0.date)) > 86400 * 800 }.count",
              "view.donations.contains { $0.id > 3 && abs($0.date.timeIntervalSince(view.donations[3].date)) > 86400 * 100 }",
              "view.donations.allSatisfy { abs($0.date.timeIntervalSince(lastSeen)) < 86400 * 1000 }",
              "view.donations.filter { abs($0.date.timeIntervalSince(lastSeen)) < 86400 * 10 }.count",
              "view.donations.filter { $0.seen || abs($0.date.timeIntervalSince(lastSeen)) < 86400 * 10 }.count",
              // Nothing to compare with: as the closures fail (or not, over no donations).
              "view.donations.contains { abs($0.date.timeIntervalSince(empty.donations.last!.date)) < 600 }",
              "empty.donations.contains { abs($0.date.timeIntervalSince(empty.donations.last!.date)) < 600 }",
          ])
    func hoistedDistances(text: String) throws {
        try LongList(count: 900, declarations: "let lastSeen = view.donations.last?.date ?? Date.now\n").expectAgreementUnderBudgets(text)
    }

    @Test("map(f).count and isEmpty count the donations, charging f's steps, where f can neither fail nor charge work",
          arguments: [
              "view.donations.map { $0.rating > 2 }.count", "view.donations.map(\\.name).count", "view.donations.map { $0.seen ? \"a\" : nil }.count",
              "view.donations.map(\\.id).isEmpty", "empty.donations.map(\\.id).isEmpty", "empty.donations.map { $0.rating * 2 }.count",
              "view.donations.filter { $0.seen }.map { $0.when.addingTimeInterval(60) }.count",
          ])
    func mappedCounts(text: String) throws {
        try OptimizerTests.expectFusedAgreement(text)
    }

    @Test("map(f).count agrees with the calls where f can fail, charges work, or reads what can fail once per scan",
          arguments: [
              "view.donations.map { $0.id * 4_000_000_000_000_000_001 }.count", "view.donations.map { 10 / $0.id }.count",
              "view.donations.map { $0.name.lowercased() }.count", "view.donations.map { $0.rating + Double(10 / (threshold - 3)) }.count",
          ])
    func mappedCountsThatCompute(text: String) throws {
        let (_, fast, slow) = try LongList(count: 900).outcomes(text)
        #expect(fast == slow, "\(text)")
    }

    @Test("isEmpty of a compactMap that charges work charges it for every element, as the compactMap does")
    func emptinessOfMeteredCompactMaps() throws {
        let list = try LongList(count: 900)
        for text in ["view.donations.compactMap { $0.note?.uppercased() }.isEmpty", "view.donations.map { $0.note?.count }.compactMap { $0 }.isEmpty",
                     "view.donations.compactMap { $0.note?.lowercased() }.count > 3"] {
            let (_, fast, slow) = try list.outcomes(text)
            #expect(fast == slow, "\(text)")
        }
    }

    @Test("a key path to a Bool field given as a predicate scans as its closure does, charging a step per application",
          arguments: [
              "view.donations.filter(\\.seen).map(\\.id)", "view.donations.count(where: \\.seen)", "view.donations.contains(where: \\.seen)",
              "view.donations.allSatisfy(\\.seen)", "view.donations.first(where: \\.seen)?.id", "view.donations.last(where: \\.seen)?.id",
              "view.donations.reversed().first(where: \\.seen)?.name", "view.donations.filter(\\.seen).count",
              "view.donations.dropFirst(3).filter(\\.seen).count >= 300", "empty.donations.allSatisfy(\\.seen)",
          ])
    func keyPathPredicates(text: String) throws {
        try OptimizerTests.expectFusedAgreement(text)
    }

    @Test("closures of one operation on their parameters, applied directly over arrays the general evaluator made, agree with the tree walk",
          arguments: [
              // Folds: `Int` sums, products and quotients that overflow or divide by zero part way.
              "view.donations.map(\\.id).sorted().reduce(0, +)", "(view.donations.map(\\.id) + []).reduce(0) { $0 - $1 }",
              "view.donations.map(\\.id).sorted().reduce(Int.max - 3000) { $0 + $1 }", "(view.donations.map(\\.id) + []).reduce(1, *)",
              "view.donations.map(\\.id).sorted(by: >).reduce(100_000) { $0 / $1 }", "(view.donations.map(\\.id) + []).reduce(7) { $1 % $0 }",
              "view.donations.map(\\.id).sorted().reduce(3) { $1 - $0 }", "(view.donations.map(\\.id) + []).reduce(5) { $1 * 2 }",
              // `Double` folds over NaN and -0.0, in the order the array has.
              "(view.donations.map(\\.rating) + []).reduce(0, +)", "view.donations.map(\\.rating).sorted().reduce(1.0) { $0 * $1 }",
              "(view.donations.map(\\.rating) + []).reduce(-0.0) { $0 - $1 }", "view.donations.map(\\.rating).sorted().reduce(1e300) { $0 / $1 }",
              // Predicates: comparisons with constants on either side, `Int`, `Double` and `Date`.
              "view.donations.map(\\.rating).sorted().filter { $0 > 2.5 }.count", "(view.donations.map(\\.rating) + []).contains { 3 < $0 }",
              "view.donations.map(\\.id).sorted().allSatisfy { $0 != 4 }", "(view.donations.map(\\.rating) + []).first(where: { $0 >= 2 })",
              "(view.donations.map(\\.id) + []).count(where: { $0 == 1 })", "(view.donations.map(\\.rating) + []).last(where: { $0 <= 0 })",
              "(view.donations.map(\\.when) + []).filter { $0 < $0 }.count", "view.donations.map(\\.id).sorted().filter { 2 >= $0 }.count",
              // `min` and `max` of two, which of equal zeros or of a NaN they keep being Swift's.
              "(view.donations.map(\\.rating) + []).reduce(0.0) { max($0, $1) }", "view.donations.map(\\.rating).sorted().reduce(-0.0) { min($1, $0) }",
              "(view.donations.map(\\.rating) + []).reduce(-0.0, max)", "view.donations.map(\\.id).sorted().reduce(Int.max, min)",
              "(view.donations.map(\\.rating) + []).map { min($0, 2.5) }", "(view.donations.map(\\.id) + []).map { max(1, $0) }.reduce(0, +)",
              // Maps, also failing ones.
              "(view.donations.map(\\.id) + []).map { $0 * 3 }", "view.donations.map(\\.id).sorted().map { 100 / $0 }",
              "(view.donations.map(\\.rating) + []).map { 2.5 * $0 }.max()", "(view.donations.map(\\.id) + []).map { $0 - 1 }.reduce(0, +)",
              // Over slices and joined arrays.
              "view.donations.map(\\.id).sorted().dropFirst(3).dropLast(2).reduce(0, +)", "(firstIDs + firstIDs).reduce(0) { $0 + $1 }",
              "view.donations.map(\\.id).sorted().first(where: { 2 == $0 })", "(firstIDs + []).filter { $0 > 0 }",
              // Folds whose operands are not `$0 op $1`: swapped, or a constant.
              "(view.donations.map(\\.rating) + []).reduce(2.0) { $1 / $0 }", "view.donations.map(\\.rating).sorted().reduce(0.0) { $1 - 1.5 }",
              "view.donations.map(\\.id).sorted().reduce(0) { 3 * $1 }", "(view.donations.map(\\.id) + []).reduce(Int.min + 2000) { $1 + $0 }",
              // An operand that is an operation of its own: values, and traps at its range, left first.
              "(view.donations.map(\\.rating) + []).reduce(0.0) { $0 + $1 * $1 }", "view.donations.map(\\.id).sorted().reduce(0) { $0 + 100 / $1 }",
              "(view.donations.map(\\.id) + []).map { 100 / $0 - 7 % $0 }", "(view.donations.map(\\.id) + []).map { $0 * 2 + 1 }.reduce(0, +)",
              "(view.donations.map(\\.rating) + []).filter { $0 * 2 > 5 }.count", "(view.donations.map(\\.id) + []).contains { 12 / $0 == 3 }",
              "(view.donations.map(\\.id) + []).reduce(Int.max - 9) { $0 + $1 * 2 }", "view.donations.map(\\.rating).sorted().reduce(0.0) { max($0, $1 - 1) }",
              "(view.donations.map(\\.id) + []).allSatisfy { $0 - 1 < 6 }", "(view.donations.map(\\.id) + []).count(where: { $0 % 2 == 0 })",
              // An overflow early in a fold longer than the budget: the trap, not the budget, ends it.
              "(view.donations.map(\\.id) + []).reduce(Int.max - 20) { $0 + $1 }",
              "(view.donations.map(\\.rating) + []).reduce(0.5) { max($1, $0) }", "(view.donations.map(\\.id) + []).reduce(9) { min($1, 4) }",
          ])
    func directClosures(text: String) throws {
        let list = try LongList(count: 900)
        let source = SourceFile(name: "<expr>", text: text)
        let fast = try #require(RuleCompiler().compileExpression(source, in: list.optimized).expression, "\(text)")
        #expect(OptimizerTests.appliesDirectly(fast.body), "\(text)")
        // Also with budgets that run out part way: a fold charges its applications at once only
        // when the budget covers them all.
        try list.expectAgreementUnderBudgets(text, requiresFusion: false)
    }

    private static func appliesDirectly(_ expression: TypedExpression) -> Bool {
        if case .closure(let closure) = expression.node, closure.appliesDirectly { return true }
        var found = false
        forEachChild(of: expression) { if appliesDirectly($0) { found = true } }
        return found
    }

    /// Expects the expression to fuse and to give, over a list longer than a batch, the same
    /// outcome (value or error, and steps) as without the optimizer.
    static func expectFusedAgreement(_ text: String) throws {
        let list = try LongList(count: 900)
        let (fused, fast, slow) = try list.outcomes(text)
        #expect(fused, "\(text)")
        #expect(fast == slow, "\(text)")
        try list.expectAgreementPastNaN(text, slow)
    }

    /// The optimizer has a `#Rule` body read its subject where it read its parameter (see
    /// `Optimizer.subjectInlined`); the block must still charge, find and fail as written.
    @Test("#Rule blocks read their subject in place, and agree with the blocks as written in values, errors and steps", arguments: [
        "#Rule(view) { $0.donations.filter { $0.id > 0 }.count > 3 }",
        "#Rule(view) { $0.donations.count > 100 || $0.donations.contains { $0.name == wanted } }",
        "#Rule(empty) { $0.donations.isEmpty } && #Rule($threshold) { $0 == 3 }",
        "#Rule($threshold) { $0 > 2 && view.donations.count(where: { $0.id == threshold }) > 1 }",
        "#Rule($wanted) { w in view.donations.contains { $0.name == w } }",
        "#Rule(view) { e in view.donations.allSatisfy { _ in e.donations.count > 0 } }",
        "#Rule(view) { $0.donations.donatedWithin(.days(20)).count >= 3 }",
        "#Rule(view) { _ in threshold > 2 }",
        // Errors, at their places: a division by zero (ids run from -2 to 6), a nil unwrapped.
        "#Rule(view) { $0.donations.map { 10 / $0.id }.count > 0 }",
        "#Rule(empty) { $0.donations.first!.id > 0 }",
    ])
    func ruleBlocks(text: String) throws {
        let optimized = try #require(RuleCompiler().compile(SourceFile(name: "o", text: OptimizerTests.rules)).program)
        let plain = try #require(RuleCompiler(optimizes: false).compile(SourceFile(name: "o", text: OptimizerTests.rules)).program)
        let (store, plainStore) = (try OptimizerTests.store(optimized), try OptimizerTests.store(plain))
        let source = SourceFile(name: "<expr>", text: text)
        let fast = try #require(RuleCompiler().compileExpression(source, in: optimized).expression, "\(text)")
        let slow = try #require(RuleCompiler(optimizes: false).compileExpression(source, in: plain).expression, "\(text)")
        let options = EvaluationOptions(now: Fixture.date("2026-11-15T00:00:00Z"))
        let slowOutcome = OptimizerTests.outcome(plain, plainStore, slow, options)
        #expect(OptimizerTests.outcome(optimized, store, fast, options) == slowOutcome)
        for budget in [slowOutcome.steps - 1, slowOutcome.steps / 2, 3, 2, 1] where budget > 0 {
            var tight = options
            tight.stepBudget = budget
            tight.totalStepBudget = budget
            #expect(OptimizerTests.outcome(optimized, store, fast, tight) == OptimizerTests.outcome(plain, plainStore, slow, tight),
                    "with \(budget) steps")
        }
    }

    @Test("orders by predicates of two donations, sums of what a chain computes, and strings computed per row agree with closures",
          arguments: [
              // Several keys, in the usual forms (NaN ratings are neither greater, less nor equal).
              "view.donations.sorted { $0.rating == $1.rating ? $0.id < $1.id : $0.rating > $1.rating }.map(\\.id)",
              "view.donations.sorted { $0.rating > $1.rating || ($0.rating == $1.rating && $0.name < $1.name) }.map(\\.id)",
              "view.donations.sorted { $0.id != $1.id ? $0.id > $1.id : $0.when < $1.when }.map(\\.name)",
              "view.donations.sorted { $0.due == $1.due ? $0.id < $1.id : ($0.due ?? Date.distantPast) > ($1.due ?? Date.distantPast) }.map(\\.id)",
              "view.donations.min { $0.seen == $1.seen ? $0.rating < $1.rating : !$0.seen }?.id",
              "view.donations.max { $0.rating < $1.rating && $0.id != $1.id }?.id",
              "view.donations.sorted { $1.rating < $0.rating }.map(\\.id)", "view.donations.max { $1.name > $0.name }?.id",
              // Chains of machine keys (see `KeyComparisons.chain`): three links, defaulted keys,
              // operators that hold on equal keys, both orders of `||` and `&&`, `!=` deciding.
              "view.donations.sorted { ($0.bonus ?? 0) == ($1.bonus ?? 0) ? ($0.rating == $1.rating ? $0.when > $1.when : $0.rating < $1.rating) : ($0.bonus ?? 0) < ($1.bonus ?? 0) }.map(\\.id)",
              "view.donations.sorted { $0.rating == $1.rating ? $0.id <= $1.id : $0.rating >= $1.rating }.map(\\.id)",
              "view.donations.sorted { $0.rating <= $1.rating || ($0.rating == $1.rating && $0.id < $1.id) }.map(\\.id)",
              "view.donations.sorted { ($0.when == $1.when && $0.id > $1.id) || $0.when < $1.when }.map(\\.id)",
              "view.donations.sorted { $0.rating < $1.rating || ($0.id > $1.id && $0.rating == $1.rating) }.map(\\.id)",
              "view.donations.min { ($0.bonus ?? 0) == ($1.bonus ?? 0) ? $0.rating > $1.rating : ($0.bonus ?? 0) < ($1.bonus ?? 0) }?.id",
              "view.donations.max { $0.rating != $1.rating ? $0.rating < $1.rating : $0.id != $1.id }?.id",
              "view.donations.sorted { $0.rating == $1.rating ? $0.rating == $1.rating : $0.rating != $1.rating }.map(\\.id)",
              "view.donations.sorted { ($0.bonus ?? -1) == ($1.bonus ?? -1) ? $0.rating > $1.rating : ($0.bonus ?? -1) > ($1.bonus ?? -1) }.map(\\.id)",
              // Strings equal to constants (see `StringEquality`): short ASCII names decided on
              // their bits, a precomposed constant equal to the decomposed name it is equivalent to.
              "view.donations.filter { $0.name == \"\u{E9}t\u{E9}\" }.count", "view.donations.filter { $0.name != \"Alps\" }.count",
              "view.donations.filter { $0.name == \"Zion\" || $0.name == \"\u{E9}t\u{E9}\" }.count",
              "view.donations.contains { $0.name == \"Zion\" && $0.seen }", "view.donations.filter { $0.note == \"wet\" }.count",
              "view.donations.filter { [\"Alps\", \"\u{E9}t\u{E9}\"].contains($0.name) }.count",
              "view.donations.first { $0.name != \"Alps\" && $0.name != \"Zion\" }?.id",
              "view.donations.filter { v in view.donations.contains { $0.when < v.when && $0.name == \"\u{E9}t\u{E9}\" } }.count",
              "view.donations.filter { v in view.donations.contains { $0.when > v.when && $0.name != \"Zion\" } }.count",
              // Orders that compare different things of the two, even inconsistently.
              "view.donations.sorted { $0.rating > $1.rating + 1 }.map(\\.id)", "view.donations.sorted { a, _ in a.id < threshold }.map(\\.id)",
              "view.donations.sorted { ($0.bonus ?? 0) < ($1.bonus ?? 0) || ($0.bonus ?? 0) == ($1.bonus ?? 0) && $0.name > $1.name }.map(\\.id)",
              "view.donations.sorted { ($0.due ?? Date.distantPast) > ($1.due ?? $1.when) }.map(\\.id)",
              // An enclosing row's optional date against a date computed per row, in a nested scan.
              "view.donations.filter { v in view.donations.contains { ($0.due ?? $0.when) > (v.due ?? Date.distantPast) } }.count",
              // The first of a reversal found from the end; another list's optional compared with a field.
              "view.donations.reversed().first(where: { $0.id == 3 })?.name", "view.donations.reversed().last { $0.rating > 2 }?.id",
              "view.donations.donatedWithin(.days(20)).reversed().first { $0.seen && $0.id > 100 }?.id",
              "view.donations.reversed().first?.name", "view.donations.filter { $0.seen }.reversed().last?.id", "empty.donations.reversed().first?.id",
              "view.donations.reversed().contains { $0.id == 3 }", "view.donations.donatedWithin(.days(20)).reversed().contains { $0.seen && $0.id > 100 }",
              "view.donations.filter { v in view.donations.reversed().contains { $0.id == v.id && $0.rating > v.rating } }.count",
              "empty.donations.reversed().contains { $0.seen }",
              "view.donations.contains { r in empty.donations.last?.id == r.id }", "view.donations.contains { r in view.donations.last?.id == r.id && r.seen }",
              "view.donations.filter { $0.bonus == $0.id }.count",
              // `{ $0 + f($1) }` after a `map` or a chain, and the overflow it reports.
              "view.donations.map { $0.note ?? \"\" }.reduce(0) { $0 + $1.count }", "view.donations.map(\\.rating).reduce(0.0) { $0 + $1 * 2 }",
              "view.donations.map(\\.id).reduce(0) { $0 + $1 % 3 }", "view.donations.filter { $0.seen }.map(\\.id).reduce(0) { $0 + $1 * $1 }",
              "view.donations.map(\\.id).reduce(Int.max - 500) { $0 + $1 * 2 }", "view.donations.map(\\.id).reduce(0) { $0 + 100 / $1 }",
              // Division by a constant cannot fail, so a ternary of it blends its branches.
              "view.donations.map { $0.seen ? $0.id % 3 : $0.id / -4 }.max()", "view.donations.reduce(0) { $0 + ($1.rating > 2 ? $1.id % 5 : 1) }",
              // Strings computed per row: `??` with a string, `?.lowercased()`, tests of both.
              "view.donations.map { ($0.note ?? \"\").isEmpty ? 0.0 : $0.rating }.reduce(0, +)",
              "view.donations.map { $0.note?.uppercased() ?? \"\" }.filter { $0.hasPrefix(\"D\") }.count",
              "view.donations.filter { $0.note?.lowercased() == \"wet\" }.count", "view.donations.filter { ($0.note ?? \"dry\").contains(\"y\") }.count",
              "view.donations.filter { ($0.note ?? wanted) < \"e\" }.count", "view.donations.map { ($0.note ?? $0.name).count }.max()",
              "view.donations.filter { [\"wet\", \"dry\"].contains($0.note ?? \"\") }.count",
              "view.donations.count { ($0.note?.lowercased() ?? \"x\").hasSuffix(\"t\") }",
              // Tests and counts at the end of an optional chain through case conversions.
              "view.donations.filter { $0.note?.lowercased().hasPrefix(\"w\") == true }.count",
              "view.donations.filter { $0.note?.uppercased().lowercased().contains(\"e\") ?? false }.count",
              "view.donations.filter { $0.note?.lowercased().isEmpty == false }.count",
              "view.donations.filter { $0.note?.uppercased().hasSuffix(\"T\") == nil }.count",
              // (A search long enough to charge steps on the longest note.)
              "view.donations.filter { $0.note?.contains(\"dusty\") == false }.count",
              "view.donations.map { $0.note?.lowercased().count ?? 0 }.max()",
              // Strings joined per row, charged by their bytes as `+` charges.
              "view.donations.map { $0.name + \"!\" }.filter { $0.count > 6 }.count",
              "view.donations.filter { ($0.name + ($0.note ?? \"\")).hasSuffix(\"y\") }.count",
              "view.donations.map { $0.name + \"-\" + ($0.note ?? \"?\") }.filter { $0.contains(\"e-\") }.count",
              "view.donations.contains { $0.name + $0.name == \"ZionZion\" }", "view.donations.map { $0.name + wanted }.max()",
          ])
    func ordersSumsAndStrings(text: String) throws {
        try OptimizerTests.expectFusedAgreement(text)
    }

    @Test("running extremes of an Int field agree with closures over lists of every length up to 9", arguments: 0..<10)
    func intExtremesOfShortLists(length: Int) throws {
        // (Kept four at a time, then the rest one by one: every remainder, and none.)
        for fold in ["reduce(Int.min) { max($0, $1.id) }", "reduce(Int.max) { min($0, $1.id) }",
                     "reduce(0) { $0 > $1.id ? $0 : $1.id }", "reduce(100) { $1.id >= $0 ? $0 : $1.id }"] {
            try OptimizerTests.expectFusedAgreement("view.donations.prefix(\(length)).\(fold)")
        }
    }

    @Test("a search compared with nil at the end of an optional chain charges its steps, as the closure does",
          arguments: [
              "view.donations.filter { $0.note?.contains(\"dusty\") == nil }.count",
              "view.donations.filter { $0.note?.lowercased().contains(\"dusty\") != nil }.count",
          ])
    func searchesComparedWithNil(text: String) throws {
        let (_, fast, slow) = try LongList(count: 900).outcomes(text)
        #expect(fast == slow, "\(text)")
    }

    @Test("counts of what a map that charges work per element made charge that work for every element, as the map does",
          arguments: [
              "view.donations.map { $0.name.lowercased() }.filter { $0.hasPrefix(\"a\") }.count",
              "view.donations.map { $0.note?.uppercased() ?? \"\" }.filter { $0.contains(\"Y\") }.count",
              "view.donations.map { $0.name.uppercased() }.filter { $0.count > 4 }.count",
              "view.donations.map { $0.name.lowercased() }.filter { $0.hasPrefix(\"a\") || $0.isEmpty }.count",
              "view.donations.map { $0.name.lowercased() }.filter { $0.hasPrefix(\"a\") }.isEmpty",
              "view.donations.map { $0.name.lowercased() }.filter { _ in threshold > 2 }.count",
              "view.donations.map { $0.name.lowercased() }.filter { $0 == $0.uppercased() }.count",
          ])
    func countsOfMeteredMaps(text: String) throws {
        let (_, fast, slow) = try LongList(count: 900).outcomes(text)
        #expect(fast == slow, "\(text)")
    }

    @Test("a value looked for whose evaluation skips a part charges what it evaluates, as without the optimizer",
          arguments: ["Set(view.donations.map(\\.id)).contains(threshold > 2 ? 3 : 4)", "view.donations.map(\\.id).contains(threshold > 2 ? 3 : 4)",
                      "view.donations.compactMap(\\.bonus).contains(threshold > 2 ? 3 : 4)",
                      "Set(view.donations.map(\\.name)).contains(view.donations.first?.name ?? \"?\")",
                      "view.donations.map(\\.name).contains(view.donations.first?.name ?? \"?\")",
                      "view.donations.compactMap(\\.note).contains(view.donations.first?.name ?? \"?\")",
                      "view.donations.map(\\.seen).contains(threshold > 2 && view.donations.isEmpty)",
                      "Set(view.donations.map(\\.id)).contains(view.donations.first?.bonus ?? threshold)"])
    func needlesThatSkipParts(text: String) throws {
        let (_, fast, slow) = try LongList(count: 900).outcomes(text)
        #expect(fast == slow, "\(text)")
    }

    @Test("a first match found at every position of a long list, by filters searched in growing blocks")
    func firstMatchAtEveryPosition() throws {
        let list = try LongList(count: 600)
        let now = list.options.now.timeIntervalSinceReferenceDate
        // `when` is 1000 s apart from row to row, so the computed test holds from row `start` on
        // (a filter with no search of its own, which the default searches in blocks); names
        // starting "Alp" come every few rows, tested row by row.
        for start in 0..<600 {
            let computed = "Date.now.timeIntervalSince($0.when) < \(now - Double(start) * 1000 + 500)"
            for test in [computed, "\(computed) && $0.name.hasPrefix(\"Alp\")"] {
                for form in ["first(where: { \(test) })?.when", "contains(where: { \(test) })", "allSatisfy { !(\(test)) }"] {
                    let text = "view.donations.\(form)"
                    let (_, fast, slow) = try list.outcomes(text)
                    #expect(fast == slow, "\(text)")
                }
            }
        }
    }

    @Test("first(where:) and last(where:) of a mapped chain find the donation by the value the chain computed, charging the map for every donation and the test as far as it decides",
          arguments: [
              "map(\\.rating).first { $0 > 2 }", "map(\\.id).last { $0 == 3 }", "map { $0.id * 2 }.first { $0 > 6 }",
              "map(\\.name).first { $0.hasPrefix(\"A\") }", "map(\\.name).last(where: \\.isEmpty)", "map { 10 / $0.id }.first { $0 > 1 }",
              "filter { $0.seen }.map(\\.rating).last { $0 < 2 }", "map(\\.when).first { $0 > lastDay.addingTimeInterval(-86400 * 30) }",
              "map { $0.rating * 2 }.last { $0.isNaN }", "map { $0.bonus ?? -1 }.first { $0 > 3 }", "map(\\.id).first { $0 > 100 }",
              "map(\\.name).first { $0.contains(\"l\") }",
          ])
    func mappedSearches(form: String) throws {
        let list = try LongList(count: 900)
        try list.expectAgreementUnderBudgets(form, over: ["view.donations", "view.donations.reversed()", "view.donations.donatedWithin(.days(200))", "empty.donations"])
        // The search is the fused one (a `map` fused alone, then searched, would agree too).
        let expression = try #require(RuleCompiler().compileExpression(SourceFile(name: "<expr>", text: "view.donations.\(form)"), in: list.optimized).expression)
        #expect(OptimizerTests.containsMappedFind(expression.body), "\(form)")
    }

    /// Whether the expression has a fused search of mapped values (see `FusedOperation.mappedFind`).
    static func containsMappedFind(_ expression: TypedExpression) -> Bool {
        if case .fused(.mappedFind, _, _) = expression.node { return true }
        var found = false
        forEachChild(of: expression) { if containsMappedFind($0) { found = true } }
        return found
    }

    @Test("Double sums of two whole constants chosen by a test are counted where every addition is exact, to the bit and the sign of zero; others add row by row",
          arguments: [
              "reduce(0.0) { $0 + ($1.seen ? 1.0 : 0.0) }", "map { $0.rating > 2 ? 1.0 : 0.0 }.reduce(0, +)", "reduce(0.0) { $1.seen ? $0 + 2 : $0 }",
              "reduce(-3.0) { $0 + ($1.id > 1 ? 1.0 : -1.0) }", "reduce(0.0) { $0 + ($1.rating.isNaN ? 1.0 : 0.0) }",
              "reduce(-0.0) { $0 + ($1.seen ? 1.0 : 0.0) }", "reduce(-0.0) { $0 + ($1.id > 100 ? 1.0 : -0.0) }",
              "reduce(2.5) { $0 + ($1.seen ? 1.0 : 0.0) }", "reduce(0.0) { $0 + ($1.seen ? 0.1 : 0.0) }",
              "reduce(9007199254740990.0) { $0 + ($1.seen ? 1.0 : 0.0) }", "reduce(4503599627370000.0) { $0 + ($1.seen ? 1.0 : 3.0) }",
              "reduce(0.0) { $0 + ($1.seen ? Double.infinity : 0.0) }",
          ])
    func countedDoubleSums(text: String) throws {
        let list = try LongList(count: 900)
        try list.expectAgreementUnderBudgets(text, over: ["view.donations", "view.donations.filter { $0.id != 0 }", "view.donations.reversed()", "empty.donations"])
        // The sign of a zero sum, which `1 / x` shows.
        try list.expectAgreementUnderBudgets("1 / view.donations.\(text)", requiresFusion: false)
    }

    @Test("folds whose step gives the accumulator back once a test of it alone holds (a cap) stop there, charging every row, and agree with closures",
          arguments: [
              "reduce(0.0) { $0 > 40 ? $0 : $0 + $1.rating }", "reduce(0) { $0 >= 25 ? $0 : $0 + $1.id }", "reduce(0) { 30 <= $0 ? $0 : $0 + $1.id + 2 }",
              "reduce(0.0) { $0 < 1000 ? $0 + $1.rating : $0 }", "reduce(threshold) { $0 == 7 ? $0 : $0 + ($1.seen ? 1 : 0) }", "reduce(0) { $0 != 5 ? $0 + ($1.seen ? 1 : 0) : $0 }",
              "reduce(0.0) { $0 > 9.5 ? $0 : $0 * 2 + $1.rating }", "reduce(1.0) { $0.isNaN ? $0 : $0 + $1.rating }",
              "reduce(0) { $0 > 10 ? $0 : $0 + 4611686018427387904 * $1.id }", "reduce(Date.distantPast) { $0 > lastDay ? $0 : $1.date }",
              "reduce(0) { $0 > 1000000 ? $0 : $0 + $1.id }", "reduce(-0.0) { $0 <= -1 ? $0 : $0 - ($1.weight ?? 0) }",
          ])
    func absorbingFolds(text: String) throws {
        let list = try LongList(count: 900)
        try list.expectAgreementUnderBudgets(text, over: ["view.donations", "view.donations.filter { $0.id != 0 }", "view.donations.reversed()", "empty.donations"])
    }

    @Test("isNaN, isFinite, isInfinite and abs(x) OP k of a Double column, read in place, agree with closures over long lists of NaNs, infinities and zeros")
    func classifiedDoubles() throws {
        let rules = "event m(limit: 5000) { x: Double, y: Double }"
        let optimized = try #require(RuleCompiler().compile(SourceFile(name: "m", text: rules)).program)
        let plain = try #require(RuleCompiler(optimizes: false).compile(SourceFile(name: "m", text: rules)).program)
        // NaNs, infinities and zeros in and past the rows a search tests one at a time, and in
        // blocks of 64; `y` has none of them, so that tests of it pass or fail on every row.
        let special: [Int: Double] = [5: .nan, 40: .infinity, 41: -0.0, 200: .nan, 600: -.infinity, 777: .nan, 899: .infinity]
        func store(_ program: CompiledProgram) throws -> DonationStore {
            var store = DonationStore(program: program)
            for index in 0..<900 {
                let x = special[index] ?? Double((index * 7) % 13) / 2 - 3
                try store.donate("m", at: Fixture.date("2026-01-01T00:00:00Z").addingTimeInterval(Double(index) * 3600),
                                 ["x": .double(x), "y": .double(Double(index % 5))])
            }
            return store
        }
        let (fastStore, slowStore) = (try store(optimized), try store(plain))
        let options = EvaluationOptions(now: Fixture.date("2026-03-01T00:00:00Z"))
        var checked = 0
        for source in ["m.donations", "m.donations.reversed()", "m.donations.donatedWithin(.days(20))", "m.donations.filter { $0.y != 1 }"] {
            for predicate in ["$0.x.isNaN", "!$0.x.isNaN", "$0.x.isFinite", "!$0.x.isFinite", "$0.x.isInfinite", "$0.y.isFinite", "$0.y.isNaN",
                              "abs($0.x) > 2.5", "abs($0.x) <= 0", "abs($0.x) != 3", "$0.x.isNaN || $0.x > 2", "$0.x.isFinite && $0.x < -2",
                              "abs($0.y) >= 4"] {
                for form in ["count(where: { \(predicate) })", "contains(where: { \(predicate) })", "allSatisfy { \(predicate) }",
                             "first(where: { \(predicate) })?.x", "last(where: { \(predicate) })?.y", "filter { \(predicate) }.map(\\.y)"] {
                    let text = "\(source).\(form)"
                    let source = SourceFile(name: "<expr>", text: text)
                    let fast = try #require(RuleCompiler().compileExpression(source, in: optimized).expression, "\(text)")
                    let slow = try #require(RuleCompiler(optimizes: false).compileExpression(source, in: plain).expression, "\(text)")
                    #expect(OptimizerTests.containsFused(fast.body), "\(text)")
                    #expect(OptimizerTests.outcome(optimized, fastStore, fast, options) == OptimizerTests.outcome(plain, slowStore, slow, options), "\(text)")
                    checked += 1
                }
            }
        }
        #expect(checked == 312)
    }

    @Test("contains of a needle that skips a part of itself (??, ?., ?:, &&) evaluates it once as the calls do, charging the nodes it visits, over no donations too",
          arguments: [
              "Set(SOURCE.map(\\.id)).contains(NEEDLE)", "SOURCE.map(\\.id).contains(NEEDLE)", "SOURCE.compactMap(\\.bonus).contains(NEEDLE)",
              "SOURCE.map { $0.id * 2 }.contains(NEEDLE)",
          ])
    func argumentsThatSkipParts(form: String) throws {
        let list = try LongList(count: 900, declarations: "let firstBonus = view.donations.first?.bonus\n")
        let needles = ["view.donations.last?.id ?? 0", "empty.donations.first?.id ?? threshold", "view.donations[5].bonus ?? -1",
                       "threshold > 2 ? 7 : missing", "threshold > 5 ? missing : 4", "firstBonus ?? threshold", "(view.donations.last?.id ?? 0) + 1",
                       "lastDay > Date.distantPast ? threshold : 2", "empty.donations.last?.bonus ?? missing"]
        for source in ["view.donations", "empty.donations", "view.donations.filter { $0.seen }", "view.donations.reversed()"] {
            for needle in needles {
                let text = form.replacingOccurrences(of: "SOURCE", with: source).replacingOccurrences(of: "NEEDLE", with: needle)
                try list.expectAgreementUnderBudgets(text, requiresFusion: false)
                let expression = try #require(RuleCompiler().compileExpression(SourceFile(name: "<expr>", text: text), in: list.optimized).expression)
                #expect(OptimizerTests.hoistsArgument(expression.body), "\(text)")
            }
        }
        // A Bool needle of `&&`, and one read inside an outer closure (its nodes charged by that closure).
        try list.expectAgreementUnderBudgets("view.donations.map(\\.seen).contains(threshold > 1 && (view.donations.last?.seen ?? false))")
        try list.expectAgreementUnderBudgets("view.donations.filter { _ in view.donations.prefix(4).map(\\.id).contains(view.donations.last?.id ?? 1) }.count")
    }

    /// Whether the expression has a fused node with a hoisted argument (see `HoistedExpression.isArgument`).
    static func hoistsArgument(_ expression: TypedExpression) -> Bool {
        if case .fused(let operation, _, _) = expression.node, operation.kernel.hoistedUses.contains(where: \.hoisted.isArgument) { return true }
        var found = false
        forEachChild(of: expression) { if hoistsArgument($0) { found = true } }
        return found
    }

    @Test("outer searches that stop at a row its nested search fails (allSatisfy, and contains, first and last of its negation) search the outer rows in chunks, charging and stopping as the closures do",
          arguments: [
              "allSatisfy { outer in view.donations.contains { $0.date <= outer.date } }",
              "allSatisfy { outer in view.donations.contains { $0.date > outer.date } }",
              "allSatisfy { outer in view.donations.contains { $0.date >= outer.date.addingTimeInterval(-86400 * 5) && $0.id == outer.id } }",
              "allSatisfy { outer in !view.donations.contains { $0.date > outer.date.addingTimeInterval(86400 * 800) } }",
              "contains { outer in !view.donations.contains { $0.date < outer.date } }",
              "contains { outer in !view.donations.contains { $0.date > outer.date.addingTimeInterval(86400 * 30) } }",
              "contains { outer in outer.rating > 2 && !view.donations.contains { $0.date > outer.date && $0.seen } }",
              "first { outer in !view.donations.allSatisfy { $0.date < outer.date.addingTimeInterval(86400 * 400) } }?.id",
              "filter { outer in !view.donations.contains { $0.date > outer.date && $0.seen } }.count",
              "last { outer in !view.donations.contains { $0.date < outer.date && $0.id == 3 } }?.id",
              "count(where: { outer in !view.donations.allSatisfy { $0.date != outer.date } })",
          ])
    func outerSearchesOfNestedSearches(form: String) throws {
        let list = try LongList(count: 900)
        try list.expectAgreementUnderBudgets(form, over: ["view.donations", "view.donations.donatedWithin(.days(300))", "view.donations.dropFirst(7)"])
    }

    @Test("nested scans keep one binding per outer value, and agree with closures as the donations and the clock change")
    func nestedBindings() throws {
        let optimized = try #require(RuleCompiler().compile(SourceFile(name: "o", text: OptimizerTests.rules)).program)
        let plain = try #require(RuleCompiler(optimizes: false).compile(SourceFile(name: "o", text: OptimizerTests.rules)).program)
        var store = try OptimizerTests.store(optimized)
        var plainStore = try OptimizerTests.store(plain)
        let texts = [
            "view.donations.map { outer in view.donations.count { $0.date > outer.date && $0.date.timeIntervalSince(outer.date) < 86400 * 4 } }",
            "view.donations.filter { outer in view.donations.contains { $0.id == outer.id + 1 && $0.date < outer.date } }.map(\\.id)",
            "view.donations.map { outer in view.donations.filter { Date.now.timeIntervalSince($0.date) > outer.rating * 86400 }.count >= 3 }",
            // Scans nested in a scan's predicate, whose bindings are kept for the same other list.
            "view.donations.filter { outer in view.donations.contains { $0.id == outer.id && $0.date > outer.date } }.map(\\.id)",
            "view.donations.filter { outer in view.donations.contains { $0.date > outer.date && $0.date.timeIntervalSince(outer.date) < 86400 * 4 } }.count",
            "view.donations.count { outer in view.donations.contains { $0.name == outer.name && $0.date < Date.now.addingTimeInterval(-86400 * 30) } }",
            "view.donations.filter { outer in empty.donations.contains { $0.id == outer.id } }.map(\\.id)",
            "view.donations.filter { outer in empty.donations.allSatisfy { $0.date > outer.date } }.count",
            // Sums whose columns are kept between evaluations: bound to the clock, to an outer
            // element, to the donations.
            "view.donations.reduce(0.0) { $0 + $1.rating * (Date.now.timeIntervalSince($1.date) > 86400 * 20 ? 1 : 2) }",
            "view.donations.map { outer in view.donations.reduce(0.0) { $0 + ($1.rating > outer.rating ? $1.rating : 0.5) } }",
            "view.donations.reduce(0.0) { $0 + Double($1.bonus ?? threshold) * $1.rating }",
            "view.donations.reduce(0) { $0 + $1.id % 3 }", "view.donations.reduce(0) { $0 + 100 / ($1.id + 3) }",
            "view.donations.reduce(0) { $0 + 100 / $1.id }", "view.donations.reduce(0) { $0 + ($1.rating > 2 ? 2 : ($1.seen ? 1 : 0)) }",
        ] + OptimizerTests.joins
        let expressions = try texts.map { text in
            let source = SourceFile(name: "<expr>", text: text)
            return (try #require(RuleCompiler().compileExpression(source, in: optimized).expression, "\(text)"),
                    try #require(RuleCompiler(optimizes: false).compileExpression(source, in: plain).expression, "\(text)"))
        }
        // The same compiled expressions again and again, so their fused nodes find the bindings
        // of earlier evaluations; between rounds the clock moves and donations arrive, late ones too.
        for round in 0..<4 {
            let options = EvaluationOptions(now: Fixture.date("2026-11-15T00:00:00Z").addingTimeInterval(Double(round % 2) * 86_400 * 3))
            for (index, (fast, slow)) in expressions.enumerated() {
                for _ in 0..<2 {
                    #expect(OptimizerTests.outcome(optimized, store, fast, options) == OptimizerTests.outcome(plain, plainStore, slow, options),
                            "\(texts[index]) in round \(round)")
                }
            }
            let date = Fixture.date("2026-10-01T00:00:00Z").addingTimeInterval(Double(round) * 86_400 * (round == 2 ? 3 : 50))
            let payload: [String: Value] = ["id": .int(round), "name": .string("Zion"), "rating": .double(1.5), "seen": .bool(true), "when": .date(0)]
            if round != 1 {
                try store.donate("view", at: date, payload)
                try plainStore.donate("view", at: date, payload)
            }
            // Another stream, which only the nested scans over it read (alone in round 1).
            // (Dated before every clock of the test, so that each one changes what rules see.)
            let early = Fixture.date("2026-10-01T00:00:00Z").addingTimeInterval(Double(round) * 86_400)
            try store.donate("empty", at: early, payload)
            try plainStore.donate("empty", at: early, payload)
        }
    }

    /// `x.reversed().prefix(n)` keeps only the last `n` elements, reversed, without reversing the
    /// rest: a traced evaluation (whose nodes are wrapped, so it reverses everything first) gives
    /// the same values, errors and steps.
    @Test("reversed().prefix(n) agrees with reversing everything first, in values, errors and steps")
    func reversedPrefix() throws {
        var declarations: [String] = []
        for list in ["view.donations", "view.donations.filter { $0.id > 0 }", "view.donations.map(\\.rating)", "view.donations.map(\\.name)",
                     "empty.donations", "[3, 1, 2]", "view.donations.filter { $0.id > 0 }.reversed()"] {
            for n in ["0", "1", "3", "1000", "threshold - 4", "view.donations.count"] {
                declarations.append("let r\(declarations.count) = \(list).reversed().prefix(\(n)).count")
                declarations.append("let r\(declarations.count) = \(list).reversed().prefix(\(n))")
            }
        }
        let program = try #require(RuleCompiler().compile(SourceFile(name: "r", text: OptimizerTests.rules + "\n" + declarations.joined(separator: "\n"))).program)
        let store = try OptimizerTests.store(program)
        let options = EvaluationOptions(now: Fixture.date("2026-11-15T00:00:00Z"))
        let first = program.declarationIndex("r0")!
        for index in first..<program.declarations.count {
            var plain = Evaluation(program: program, donations: store, options: options)
            var traced = Evaluation(program: program, donations: store, options: options, tracer: Tracer())
            let (a, b) = (plain.evaluate(declarationAt: index), traced.evaluate(declarationAt: index))
            #expect(a.outcome.map { ValueFormatter.text($0, a.type) } == b.outcome.map { ValueFormatter.text($0, b.type) },
                    "\(declarations[index - first])")
            #expect(plain.stepsTaken == traced.stepsTaken, "\(declarations[index - first])")
        }
    }

    /// The test rules with `d0`, `d1`, ... declared as the texts (after `prelude`), compiled with
    /// and without the optimizer, and the index of `d0`.
    static func programs(declaring texts: [String], after prelude: String = "") throws -> (CompiledProgram, CompiledProgram, Int) {
        let declarations = prelude + "\n" + texts.enumerated().map { "let d\($0.offset) = \($0.element)" }.joined(separator: "\n")
        let optimized = try #require(RuleCompiler().compile(SourceFile(name: "o", text: OptimizerTests.rules + "\n" + declarations)).program)
        let plain = try #require(RuleCompiler(optimizes: false).compile(SourceFile(name: "o", text: OptimizerTests.rules + "\n" + declarations)).program)
        return (optimized, plain, try #require(optimized.declarationIndex("d0")))
    }

    /// Declarations, whose node trees every evaluation of a program shares, keep their fused
    /// nodes' bindings from one evaluation to the next (`BoundFilterCache`): what they keep
    /// must never outlive what it was bound to, as the donations of either stream and the
    /// clock change between evaluations.
    @Test("bindings kept from one evaluation to the next agree with closures as donations and the clock change")
    func bindingsAcrossEvaluations() throws {
        let texts = [
            "view.donations.filter { outer in empty.donations.contains { $0.id == outer.id } }.map(\\.id)",
            "view.donations.filter { outer in empty.donations.allSatisfy { $0.date > outer.date } }.count",
            "view.donations.count { outer in outer.id > 0 && empty.donations.contains { $0.date > outer.date && $0.name == outer.name } }",
            "view.donations.filter { outer in view.donations.contains { $0.id == outer.id + 1 && $0.date < outer.date } }.map(\\.id)",
            "view.donations.map { outer in empty.donations.count { $0.id == outer.id } }",
            "view.donations.filter { $0.date > (empty.donations.last?.date ?? Date.distantPast) }.count",
            "view.donations.filter { Date.now.timeIntervalSince($0.date) < 86400 * 30 && $0.id == threshold }.map(\\.id)",
            // Another list of the same stream, which the parameter changes.
            "view.donations.filter { outer in near.contains { $0.id == outer.id + 1 } }.map(\\.id)",
            "view.donations.count { outer in near.allSatisfy { $0.date != outer.date } }",
            // A `Bool` fold's test, bound and kept as a scan's filter is: with the parameter, the
            // clock, and over a list that changes with the parameter.
            "view.donations.reduce(true) { $0 && $1.id < threshold + 5 }",
            "view.donations.reduce(false) { $0 || $1.date > Date.now.addingTimeInterval(-86400 * 40) }",
            "near.reduce(true) { $0 && $1.rating >= 0 }",
        ]
        let (optimized, plain, first) = try OptimizerTests.programs(declaring: texts, after: "let near = view.donations.filter { $0.id > threshold }")
        var store = try OptimizerTests.store(optimized)
        var plainStore = try OptimizerTests.store(plain)
        for round in 0..<6 {
            let options = EvaluationOptions(now: Fixture.date("2026-11-15T00:00:00Z").addingTimeInterval(Double(round / 2) * 86_400 * 3))
            for index in first..<optimized.declarations.count {
                for _ in 0..<2 {
                    _ = try OptimizerTests.expectSameOutcome(index, (optimized, store), (plain, plainStore), options, threshold: round % 3,
                                                             "\(texts[index - first]) in round \(round)")
                }
            }
            // One stream or the other gets a donation (dated before every clock of the test).
            let date = Fixture.date("2026-10-01T00:00:00Z").addingTimeInterval(Double(round) * 86_400)
            let payload: [String: Value] = ["id": .int(round % 4), "name": .string("Zion"), "rating": .double(1.5), "seen": .bool(true), "when": .date(0)]
            let event = round % 3 == 1 ? "view" : "empty"
            try store.donate(event, at: date, payload)
            try plainStore.donate(event, at: date, payload)
        }
    }

    /// Evaluates the declaration at `index` with and without the optimizer, the parameter
    /// `threshold` set, and expects the same outcome in the same steps: the optimized
    /// evaluation's fallbacks, and whether the outcome is an error.
    static func expectSameOutcome(_ index: Int, _ fast: (CompiledProgram, DonationStore), _ slow: (CompiledProgram, DonationStore),
                                  _ options: EvaluationOptions, threshold: Int, _ label: String,
                                  sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> (fallbacks: Int, fails: Bool) {
        var optimized = Evaluation(program: fast.0, donations: fast.1, options: options)
        var plain = Evaluation(program: slow.0, donations: slow.1, options: options)
        try optimized.setParameter("threshold", .int(threshold))
        try plain.setParameter("threshold", .int(threshold))
        let (a, b) = (optimized.evaluate(declarationAt: index), plain.evaluate(declarationAt: index))
        #expect(a.outcome.map { ValueFormatter.text($0, a.type) } == b.outcome.map { ValueFormatter.text($0, b.type) }, "\(label)",
                sourceLocation: sourceLocation)
        #expect(optimized.stepsTaken == plain.stepsTaken, "\(label)", sourceLocation: sourceLocation)
        if case .failure = b.outcome { return (optimized.fusedFallbacks, true) }
        return (optimized.fusedFallbacks, false)
    }

    /// A fold that goes row by row keeps its step's binding from one evaluation to the next
    /// (`BoundFoldCache`), with the proof of its `Int` arithmetic for the same rows: neither may
    /// outlive the donations, parameters and outer rows it was made for, and a failure noted in
    /// one fold must not stop the next.
    @Test("fold bindings kept from one evaluation to the next agree with closures as donations, parameters and outer rows change")
    func foldBindingsAcrossEvaluations() throws {
        let texts = [
            "view.donations.reduce(0) { $0 > threshold * 10 ? $0 / 2 : $0 + $1.id }",
            "view.donations.reduce(0) { $1.id == threshold ? $0 + 1 : 0 }",
            "view.donations.reduce(0.0) { $1.id > threshold ? $0 + $1.rating : 0 }",
            "view.donations.reduce(0.0) { $0 > Double(threshold) * 5 ? $0 : $0 + abs($1.rating) }",
            "view.donations.reduce(Date.distantPast) { $1.id == threshold ? $1.date : $0 }",
            "view.donations.reduce(false) { $0 != ($1.id > threshold) }",
            // A restart whose test's arithmetic overflows on some rows: proven safe, or not, for
            // the rows the parameter takes.
            "view.donations.prefix(threshold + 1).reduce(0) { $1.id * 3074457345618258602 > 0 ? $0 + 1 : 0 }",
            "view.donations.prefix(threshold + 1).reduce(0) { $0 == 1 ? $0 : $1.id * 3074457345618258602 }",
            // Arithmetic on the accumulator that overflows over some lists and not others.
            "view.donations.prefix(threshold * 30 + 10).reduce(1) { $0 * 3 + $1.id }",
            // A step that reads the outer row: another binding for each.
            "view.donations.map { outer in view.donations.reduce(0) { $1.id > outer.id ? $0 + 1 : max(0, $0 - 1) } }",
            "near.reduce(0) { $0 >= 10 ? $0 - 10 : $0 + $1.id % 3 }",
        ]
        let (optimized, plain, first) = try OptimizerTests.programs(declaring: texts, after: "let near = view.donations.filter { $0.id > threshold }")
        var store = try OptimizerTests.store(optimized)
        var plainStore = try OptimizerTests.store(plain)
        var failed = 0
        for round in 0..<9 {
            let options = EvaluationOptions(now: Fixture.date("2026-12-15T00:00:00Z"))
            for index in first..<optimized.declarations.count {
                for _ in 0..<2 {
                    let label = "\(texts[index - first]) in round \(round)"
                    let (fallbacks, fails) = try OptimizerTests.expectSameOutcome(index, (optimized, store), (plain, plainStore), options,
                                                                                  threshold: round % 3, label)
                    if fails {
                        failed += 1
                    } else {
                        // (A fold that succeeds never gives way: a failure noted before is forgotten.)
                        #expect(fallbacks == 0, "\(label)")
                    }
                }
            }
            // A donation every third round, in date order or before the last (which moves rows),
            // after a round whose overflowing folds succeed: the next two fail, and the one
            // after them, with nothing changed but the parameter, succeeds again.
            guard round % 3 == 0 else { continue }
            let date = round == 3 ? Fixture.date("2026-10-20T12:00:00Z") : Fixture.date("2026-12-10T00:00:00Z").addingTimeInterval(Double(round) * 3600)
            let payload: [String: Value] = ["id": .int(round % 4), "name": .string("Zion"), "rating": .double(1.5), "seen": .bool(true), "when": .date(0)]
            try store.donate("view", at: date, payload)
            try plainStore.donate("view", at: date, payload)
        }
        // The overflowing folds failed in some rounds and not in others.
        #expect(failed > 0 && failed < 9 * 2 * 3)
    }

    /// A binding keeps the date windows it worked out in a table by the values of the date
    /// conditions (`DateWindowCache`): a clock that moves at every evaluation, and comes back,
    /// finds the window of its own values, never another's, however many the table has seen.
    @Test("date windows kept between evaluations are those of the clock asked, as the clock moves and comes back")
    func windowsAcrossClocks() throws {
        let texts = [
            "view.donations.filter { Date.now.timeIntervalSince($0.date) < 86400 * 30 }.count",
            "view.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 7) && $0.id > 0 }.map(\\.id)",
            "view.donations.contains { $0.date < Date.now.addingTimeInterval(-86400 * 20) && $0.name == \"Zion\" }",
            "view.donations.filter { $0.date >= Date.now.addingTimeInterval(-86400 * 20) && $0.date < Date.now.addingTimeInterval(-86400 * 10) }.count",
        ]
        let (optimized, plain, first) = try OptimizerTests.programs(declaring: texts)
        let store = try OptimizerTests.store(optimized)
        let plainStore = try OptimizerTests.store(plain)
        // 150 clocks ten hours apart, after the last donation (so every evaluation sees the same
        // list, and the windows are kept in one table), visited in a scattered order and each
        // several times: more than the table's slots, so windows replace one another in it.
        for round in 0..<450 {
            let day = Double((round * 37) % 150) * 10 / 24
            let options = EvaluationOptions(now: Fixture.date("2026-11-30T00:00:00Z").addingTimeInterval(day * 86_400))
            for index in first..<optimized.declarations.count {
                var fast = Evaluation(program: optimized, donations: store, options: options)
                var slow = Evaluation(program: plain, donations: plainStore, options: options)
                let (a, b) = (fast.evaluate(declarationAt: index), slow.evaluate(declarationAt: index))
                #expect(a.outcome.map { ValueFormatter.text($0, a.type) } == b.outcome.map { ValueFormatter.text($0, b.type) },
                        "\(texts[index - first]) on day \(day)")
                #expect(fast.stepsTaken == slow.stepsTaken, "\(texts[index - first]) on day \(day)")
            }
        }
    }

    /// A kept binding of a nested scan is found again only for the same other list: the same
    /// stream object at the same positions (`Value.isIdentical`, which the binding's key uses).
    @Test("donation lists are identical only as the same stream at the same positions")
    func identicalDonationLists() throws {
        let program = try #require(RuleCompiler().compile(SourceFile(name: "o", text: OptimizerTests.rules)).program)
        let store = try OptimizerTests.store(program)
        let other = try OptimizerTests.store(program)
        func list(_ text: String, in store: DonationStore) throws -> Value {
            let expression = try #require(RuleCompiler().compileExpression(SourceFile(name: "<expr>", text: text), in: program).expression)
            var evaluation = Evaluation(program: program, donations: store, options: EvaluationOptions(now: Fixture.date("2026-11-15T00:00:00Z")))
            return try evaluation.evaluate(expression).outcome.get()
        }
        let scattered = try list("view.donations.filter { $0.id > 0 }", in: store)
        #expect(scattered.isIdentical(to: try list("view.donations.filter { $0.id > 0 }", in: store)))
        #expect(!scattered.isIdentical(to: try list("view.donations.filter { $0.id > 1 }", in: store)))
        let contiguous = try list("view.donations.prefix(5)", in: store)
        #expect(contiguous.isIdentical(to: try list("view.donations.prefix(5)", in: store)))
        #expect(!contiguous.isIdentical(to: try list("view.donations.dropFirst(1).prefix(5)", in: store)))
        #expect(!contiguous.isIdentical(to: try list("view.donations.prefix(5)", in: other)))
    }

    /// The first declaration's value or error and the steps it took, over `Fixture.log`, with
    /// `budget` steps.
    private func firstDeclaration(_ program: CompiledProgram, budget: Int) -> String {
        var store = DonationStore(program: program)
        _ = DonationLog.load(Array(Fixture.log.utf8), fileName: "log.ndjson", into: &store)
        var evaluation = Evaluation(program: program, donations: store,
                                    options: EvaluationOptions(now: Fixture.date(Fixture.now), stepBudget: budget, totalStepBudget: budget))
        let result = evaluation.evaluate(declarationAt: 0)
        return "\(result.outcome) in \(evaluation.stepsTaken) steps"
    }

    /// A rule whose fused scan reads a declaration evaluated on the way: when the budget runs
    /// out, the unfused calls that run instead evaluate (and charge) the declaration again.
    @Test("a fused scan over a declaration not yet evaluated takes the unfused steps and errors under every budget")
    func fusedOverDeclarationUnderEveryBudget() throws {
        let text = Fixture.header + """

        rule r = recent.filter { $0.rating > 1 }.count > 1
        let recent = view.donations.filter { $0.id > 0 }.map { $0 }.filter { $0.rating < 100 }
        """
        let optimized = try #require(RuleCompiler().compile(SourceFile(name: "r.rules", text: text)).program)
        let plain = try #require(RuleCompiler(optimizes: false).compile(SourceFile(name: "r.rules", text: text)).program)
        for budget in 1...120 {
            #expect(firstDeclaration(optimized, budget: budget) == firstDeclaration(plain, budget: budget), "budget \(budget)")
        }
        #expect(firstDeclaration(plain, budget: 120).hasPrefix("success"))
    }

    /// Each fused filter of a chain keeps the calls it stands for, which hold the rest of the
    /// chain again: they are compiled only when an error needs them, or a chain of 40 would
    /// make 2^40 nodes.
    @Test("a chain of 40 fused filters evaluates as its unfused form does, also when the budget runs out")
    func longFusedChain() throws {
        let chain = "view.donations" + (0..<40).map { ".filter { $0.id > \($0 % 3) - 3 }" }.joined() + ".count"
        let text = Fixture.header + "\nlet r = \(chain)\n"
        let optimized = try #require(RuleCompiler().compile(SourceFile(name: "c.rules", text: text)).program)
        let plain = try #require(RuleCompiler(optimizes: false).compile(SourceFile(name: "c.rules", text: text)).program)
        for budget in [1_000_000, 500, 100, 10] {
            #expect(firstDeclaration(optimized, budget: budget) == firstDeclaration(plain, budget: budget), "budget \(budget)")
        }
        #expect(firstDeclaration(plain, budget: 1_000_000).hasPrefix("success(TipRulesRuntime.Value.int(4))"))
    }

    /// Here every scan gives way to its calls (`$0.id - 2` may be 0 on these rows, so the
    /// division could fail, though the `&&` never lets it): each level runs its calls once, with no fused form retried
    /// inside them, where retrying would take 2^40 scans.
    @Test("a chain of 40 filters whose scans all give way evaluates as its unfused form does")
    func longChainOfGivingWay() throws {
        let chain = "view.donations" + (0..<40).map { ".filter { $0.id != 2 && 10 / ($0.id - 2) > \($0 % 3) - 30 }" }.joined() + ".count"
        let text = Fixture.header + "\nlet r = \(chain)\n"
        let optimized = try #require(RuleCompiler().compile(SourceFile(name: "c.rules", text: text)).program)
        let plain = try #require(RuleCompiler(optimizes: false).compile(SourceFile(name: "c.rules", text: text)).program)
        for budget in [1_000_000, 500, 10] {
            #expect(firstDeclaration(optimized, budget: budget) == firstDeclaration(plain, budget: budget), "budget \(budget)")
        }
    }

    /// A scan proves its `Int` arithmetic safe first from what each column's buffer holds
    /// (every value written to it, `ColumnArray.writtenBounds`), then, when that is too wide,
    /// from the list's own rows. A value donated late, out of date order, is inserted into the
    /// buffer, and counts: arithmetic that overflows on it fails as the closure does, and a
    /// list that leaves it out is still scanned, agreeing with the unfused calls either way.
    @Test("Int arithmetic proven from a column's written values, with a late donation inserted, agrees with the unfused calls", arguments: [
        "e.donations.filter { $0.id * 8 > 3 }.count", "e.donations.suffix(10).filter { $0.id * 8 > 3 }.count",
        "e.donations.map { ($0.tag ?? 0) * 8 }.max()", "e.donations.suffix(10).map { ($0.tag ?? 0) * 8 }.max()",
        "e.donations.filter { $0.name.count * 100000000000000000 > 0 }.count",
        "e.donations.suffix(10).filter { $0.name.count * 100000000000000000 > 0 }.count",
        "e.donations.map { $0.id + 1 }.reduce(0, +)", "e.donations.filter { [1, 2, 3][$0.id % 3] > 1 }.count",
        "e.donations.contains { ($0.tag ?? -1) * 4 == 12 }",
    ])
    func writtenBounds(text: String) throws {
        let rules = "event e { id: Int, tag: Int?, name: String }"
        let optimized = try #require(RuleCompiler().compile(SourceFile(name: "b", text: rules)).program)
        let plain = try #require(RuleCompiler(optimizes: false).compile(SourceFile(name: "b", text: rules)).program)
        func store(_ program: CompiledProgram) throws -> DonationStore {
            var store = DonationStore(program: program)
            let start = Fixture.date("2026-10-01T00:00:00Z")
            for index in 0..<40 {
                try store.donate("e", at: start.addingTimeInterval(Double(index) * 86_400),
                                 ["id": .int(index % 7), "tag": index % 3 == 0 ? .null : .int(index), "name": .string("n\(index)")])
            }
            // Dated among the first, donated last: inserted before the end of each column.
            try store.donate("e", at: start.addingTimeInterval(86_400 * 1.5),
                             ["id": .int(Int.max / 4), "tag": .int(Int.max / 4), "name": .string(String(repeating: "x", count: 200))])
            return store
        }
        let (fastStore, slowStore) = (try store(optimized), try store(plain))
        let options = EvaluationOptions(now: Fixture.date("2026-11-15T00:00:00Z"))
        let source = SourceFile(name: "<expr>", text: text)
        let fast = try #require(RuleCompiler().compileExpression(source, in: optimized).expression, "\(text)")
        let slow = try #require(RuleCompiler(optimizes: false).compileExpression(source, in: plain).expression, "\(text)")
        #expect(OptimizerTests.containsFused(fast.body), "\(text)")
        #expect(OptimizerTests.outcome(optimized, fastStore, fast, options) == OptimizerTests.outcome(plain, slowStore, slow, options), "\(text)")
    }

    /// `Int` arithmetic and a list of constants indexed per row are fused, and the scan gives
    /// way to the unfused calls when a row could make them fail; other operations that can fail
    /// are not fused. (`Int.max` reads no closure parameter: it is hoisted, and the product with
    /// it fused as any other.)
    @Test("closures that can fail still surface their errors", arguments: [
        ("view.donations.filter { 10 / $0.id > 1 }.count > 0", true), ("view.donations.filter { $0.note! == \"wet\" }.count >= 1", false),
        ("view.donations.contains { [1][$0.id] == 1 }", true), ("view.donations.filter { $0.id + 9223372036854775807 > 0 }.count > 2", true),
        ("view.donations.contains { $0.id * 9223372036854775807 < 0 }", true), ("view.donations.contains { $0.id * Int.max < 0 }", true),
        ("view.donations.first { _ in threshold * 9223372036854775807 > 0 }?.id", true),
        // One donation, whose product overflows where the sum of the wrapped product would not.
        ("view.donations.filter { $0.id == 5 }.prefix(1).map { $0.id * 2305843009213693952 }.reduce(0, +)", true),
        ("view.donations.filter { $0.id == 5 }.prefix(1).reduce(0) { $0 + $1.id * 2305843009213693952 }", true),
        ("view.donations.filter { $0.id == 5 }.prefix(1).count(where: { $0.id * 2305843009213693952 < 0 })", true),
        // Force unwraps that no nil test guards: the other polarity, another field, the wrong side.
        ("view.donations.filter { $0.note != nil || $0.note!.count > 2 }.count", false),
        ("view.donations.filter { $0.note == nil && $0.note!.isEmpty }.count", false),
        ("view.donations.contains { $0.name.isEmpty || $0.note!.isEmpty }", false),
        ("view.donations.contains { $0.note!.isEmpty || $0.note == nil }", false),
        ("view.donations.filter { $0.note == nil ? $0.note!.isEmpty : true }.count", false),
        // Ranges Swift refuses to make: of constants (not fused), and of a NaN bound (read through
        // the range, which fails, so the scan gives way).
        ("view.donations.contains { (3...1).contains($0.id) }", false), ("view.donations.filter { (3.0..<2.5).contains($0.rating) }.count", false),
        ("view.donations.contains { (Double.nan...1.0).contains($0.rating) }", true),
    ])
    func failingClosures(text: String, fused: Bool) throws {
        let program = try #require(Fixture.compile(OptimizerTests.rules).program)
        let compiled = try #require(RuleCompiler().compileExpression(SourceFile(name: "<expr>", text: text), in: program).expression)
        #expect(OptimizerTests.containsFused(compiled.body) == fused, "\(text)")
        var evaluation = Evaluation(program: program, donations: try OptimizerTests.store(program))
        if case .success(let v) = evaluation.evaluate(compiled).outcome { Issue.record("expected a runtime error from \(text), got \(v)") }
    }
}
