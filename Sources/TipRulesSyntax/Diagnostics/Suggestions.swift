/// "Did you mean" suggestions by edit distance.
package enum Suggestions {
    /// The closest candidate within max(1, length / 3) edits (Damerau–Levenshtein with
    /// adjacent transpositions), preferring case-only differences.
    package static func closest(to name: String, in candidates: [String]) -> String? {
        // Edit distance is quadratic; nobody mistypes a 65-character name into another.
        guard name.utf8.count <= 64 else { return nil }
        let target = Array(name.lowercased())
        let limit = max(1, name.count / 3)
        var best: (name: String, distance: Int)?
        let length = name.utf8.count
        for candidate in Set(candidates) where candidate != name && !candidate.isEmpty && candidate.utf8.count <= 64 {
            // Cheap reject before building character arrays (ASCII names: bytes are characters).
            if abs(candidate.utf8.count - length) > limit && candidate.utf8.count == candidate.count && length == name.count { continue }
            let distance = self.distance(target, Array(candidate.lowercased()))
            guard distance <= limit else { continue }
            if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.name) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    package static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if abs(a.count - b.count) > 8 { return abs(a.count - b.count) }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
