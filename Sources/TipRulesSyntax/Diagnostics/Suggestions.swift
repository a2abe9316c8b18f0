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
        // ASCII names (nearly all) are compared as bytes, with a distance that stops once it
        // must exceed `limit`: a file of 100,000 declarations offers that many candidates.
        let asciiTarget: [UInt8]? = name.utf8.allSatisfy { $0 < 0x80 } ? Array(name.utf8).map(asciiLowercase) : nil
        var rows = [Int](repeating: 0, count: 3 * 66)
        for candidate in Set(candidates) where candidate != name && !candidate.isEmpty && candidate.utf8.count <= 64 {
            var bounded: Int?
            if let asciiTarget {
                // Fewer bytes means fewer characters: too short whatever the candidate holds.
                if candidate.utf8.count + limit < length { continue }
                var text = candidate
                bounded = text.withUTF8 { bytes in
                    asciiTarget.withUnsafeBufferPointer { boundedDistance($0, bytes, limit: limit, rows: &rows) }
                }
            }
            let distance: Int
            if let bounded {
                distance = bounded
            } else {
                // Cheap reject before building character arrays (ASCII names: bytes are characters).
                if abs(candidate.utf8.count - length) > limit && candidate.utf8.count == candidate.count && length == name.count { continue }
                distance = self.distance(target, Array(candidate.lowercased()))
            }
            guard distance <= limit else { continue }
            if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.name) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// `distance` of a lowercased ASCII name and a candidate's UTF-8 bytes (compared without
    /// case) when it is at most `limit`, some value above `limit` when it is more (it stops
    /// at the first row past it), and nil when the candidate is not ASCII. `rows` is scratch
    /// space for three rows of names of up to 65 bytes.
    static func boundedDistance(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int, rows: inout [Int]) -> Int? {
        guard b.allSatisfy({ $0 < 0x80 }) else { return nil }
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        return rows.withUnsafeMutableBufferPointer { rows in
            // Rows i-2, i-1 and i, rotating through the three thirds of the buffer.
            var (previousPrevious, previous, current) = (0, 66, 132)
            for j in 0..<width { rows[previous + j] = j }
            for i in 1...a.count {
                rows[current] = i
                var minimum = i
                for j in 1..<width {
                    let cost = a[i - 1] == asciiLowercase(b[j - 1]) ? 0 : 1
                    var value = min(rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == asciiLowercase(b[j - 2]), a[i - 2] == asciiLowercase(b[j - 1]) {
                        value = min(value, rows[previousPrevious + j - 2] + 1)
                    }
                    rows[current + j] = value
                    minimum = min(minimum, value)
                }
                // A row's cells come from the row above, their own row, or (a transposition)
                // two rows above plus one; and a row's minimum is at most one more than the
                // row above's. So once a row's minimum exceeds `limit`, every later one does.
                if minimum > limit { return limit + 1 }
                (previousPrevious, previous, current) = (previous, current, previousPrevious)
            }
            return rows[previous + b.count]
        }
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
