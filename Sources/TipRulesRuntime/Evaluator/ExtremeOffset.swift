/// The offset `min(by:)` or `max(by:)` chooses among machine keys compared by `<`, `<=`, `>` or
/// `>=`, found without Swift's loop-carried choice at every element.
///
/// Swift's loop replaces its result with an element that comes before it (`min`), or when the
/// result comes before the element (`max`). With one of these operators that chooses an extreme
/// value: the first offset holding it for `<` and `>` (equal keys never replace), the last for
/// `<=` and `>=` (they always do). A NaN key compares false with everything, so it is never
/// chosen and never replaces, unless it is the first key, which then stays chosen. So the
/// extreme value is found first, in four independent running choices (no element waits for the
/// one before it), then the offset holding it, searched from the end it is chosen from. The
/// comparisons charged are Swift's, one per element after the first.
enum ExtremeOffset {
    /// The offset chosen, for a non-empty buffer: of the largest key or the smallest, and the
    /// last of equal ones or the first.
    @inline(__always)
    static func find<Key: Comparable>(_ keys: UnsafeBufferPointer<Key>, largest: Bool, last: Bool) -> Int {
        precondition(!keys.isEmpty, "min or max of no keys")
        let first = keys[0]
        // (Only a NaN differs from itself.)
        if first != first { return 0 }
        let extreme = largest ? running(keys) { $0 > $1 } : running(keys) { $0 < $1 }
        if last {
            var offset = keys.count - 1
            while keys[offset] != extreme { offset -= 1 }
            return offset
        }
        var offset = 0
        while keys[offset] != extreme { offset += 1 }
        return offset
    }

    /// The key no other comes before, by `before`, skipping NaNs: four choices of every fourth
    /// key, then the four together.
    @inline(__always)
    private static func running<Key: Comparable>(_ keys: UnsafeBufferPointer<Key>, _ before: (Key, Key) -> Bool) -> Key {
        let count = keys.count
        var a = keys[0], b = a, c = a, d = a
        var offset = 1
        while offset + 4 <= count {
            let w = keys[offset], x = keys[offset + 1], y = keys[offset + 2], z = keys[offset + 3]
            a = before(w, a) ? w : a
            b = before(x, b) ? x : b
            c = before(y, c) ? y : c
            d = before(z, d) ? z : d
            offset += 4
        }
        while offset < count {
            let w = keys[offset]
            a = before(w, a) ? w : a
            offset += 1
        }
        a = before(b, a) ? b : a
        c = before(d, c) ? d : c
        return before(c, a) ? c : a
    }
}
