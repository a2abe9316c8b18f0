import TipRulesSyntax
import Foundation
import TipRulesSemantics

/// What fused group counts and sums computed last time, so that the next evaluation of the
/// same rule after new donations only adds what is new: a host that keeps its engine pays
/// O(1) per new donation for `largestSubset(groupedBy:).count`, `smallestSubset` and running
/// sums, instead of a rescan.
///
/// An entry is used only when it is certainly right: the same fused node of the same program,
/// the same stream object, no donation moved or removed since (`DonationStream.rewrites`), and
/// a list that only grew at its end (a group count also follows donations leaving at its
/// start). Anything else recomputes from scratch. The results, steps and errors are those of
/// a rescan: a sum goes on adding, left to right, from where it stopped.
///
/// Evaluations on several threads may share one cache: each takes an entry out while it works
/// with it and puts it back after.
package final class IncrementalCache: @unchecked Sendable {
    // `@unchecked`: `entries` is only touched while `lock` is held.
    private let lock = Lock()
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var reusedCount = 0

    package init() {}

    /// How many evaluations built on an earlier answer instead of rescanning (for tests).
    package var reuses: Int {
        lock.lock()
        defer { lock.unlock() }
        return reusedCount
    }

    /// The state of one fused operation over one stream.
    struct Entry {
        /// The fused node the entry is for, weak so the cache keeps no node tree alive (a REPL
        /// compiles one per expression) and a reused address cannot pass for it; and the
        /// stream's identity token (see `DonationStream.identity`).
        weak var node: AnyObject?
        var stream: StreamIdentity
        var rewrites: Int
        var range: Range<Int>
        var state: State
    }

    enum State {
        case groups(GroupSizes)
        case sum(initial: Value, total: Value)
    }

    func take(_ node: AnyObject) -> Entry? {
        lock.lock()
        defer { lock.unlock() }
        return entries.removeValue(forKey: ObjectIdentifier(node))
    }

    func put(_ entry: Entry, for node: AnyObject, reused: Bool) {
        lock.lock()
        defer { lock.unlock() }
        entries[ObjectIdentifier(node)] = entry
        if reused { reusedCount += 1 }
    }
}

/// How many donations each field value has, and how many values have each size, so the
/// largest and smallest group stay known as donations come and go.
package struct GroupSizes {
    private var counts: [Value: Int] = [:]
    /// Group size → how many values have a group of that size.
    private var sizes: [Int: Int] = [:]
    package private(set) var largest = 0
    package private(set) var smallest = 0

    package init() {}

    /// The sizes of groups counted already: each key with the size of its group (at least 1).
    package init(groups: some Sequence<(key: Value, size: Int)>) {
        for (key, size) in groups {
            counts[key] = size
            sizes[size, default: 0] += 1
        }
        largest = sizes.keys.max() ?? 0
        smallest = sizes.keys.min() ?? 0
    }

    package mutating func add(_ key: Value) {
        let old = counts[key, default: 0]
        if old > 0 { forget(size: old) }
        counts[key] = old + 1
        sizes[old + 1, default: 0] += 1
        largest = max(largest, old + 1)
        if old == 0 {
            smallest = 1
        } else if old == smallest && sizes[old] == nil {
            smallest = old + 1
        }
    }

    package mutating func remove(_ key: Value) {
        guard let old = counts[key] else { return }
        forget(size: old)
        if old == 1 {
            counts.removeValue(forKey: key)
        } else {
            counts[key] = old - 1
            sizes[old - 1, default: 0] += 1
        }
        if old == largest && sizes[old] == nil { largest = old - 1 }
        if old - 1 >= 1 {
            smallest = min(smallest, old - 1)
        } else if old == smallest && sizes[old] == nil {
            smallest = sizes.keys.min() ?? 0
        }
        if counts.isEmpty { largest = 0; smallest = 0 }
    }

    private mutating func forget(size: Int) {
        let remaining = sizes[size, default: 0] - 1
        sizes[size] = remaining > 0 ? remaining : nil
    }
}
