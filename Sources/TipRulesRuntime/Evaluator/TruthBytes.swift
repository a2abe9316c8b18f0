/// A batch of truths (`Bool`s, one byte each, 0 or 1) read eight at a time as the bytes of
/// one word: a count of them in a few instructions per word, and the offsets of those that
/// are one way listed by walking the set bits of a mask, so a list that keeps few of a
/// batch's rows costs little more per row than reading its truths.
enum TruthBytes {
    private static let ones: UInt64 = 0x0101_0101_0101_0101

    /// How many of `count` truths are `value`.
    @inline(never)
    static func count(_ truths: UnsafePointer<Bool>, _ count: Int, equalTo value: Bool) -> Int {
        let raw = UnsafeRawPointer(truths)
        var trues = 0, offset = 0
        while offset &+ 8 <= count {
            // The bytes are 0 or 1, so their sum (at most 8) is the top byte of the product.
            trues &+= Int(truncatingIfNeeded: (raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) &* ones) &>> 56)
            offset &+= 8
        }
        while offset < count {
            trues &+= truths[offset].bit
            offset &+= 1
        }
        return value ? trues : count &- trues
    }

    /// The offset of the first of `count` truths that is `value`, or nil when none is.
    @inline(__always)
    static func first(_ truths: UnsafePointer<Bool>, _ count: Int, equalTo value: Bool) -> Int? {
        let raw = UnsafeRawPointer(truths)
        let flip = value ? 0 : ones
        var offset = 0
        while offset &+ 8 <= count {
            // (Little-endian: the first byte is the word's lowest.)
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) ^ flip
            if word != 0 { return offset &+ word.trailingZeroBitCount &>> 3 }
            offset &+= 8
        }
        while offset < count {
            if truths[offset] == value { return offset }
            offset &+= 1
        }
        return nil
    }

    /// Writes the offsets of the truths that are `value`, in order, to `offsets`, and their
    /// rows of `input` to `rows`; returns how many.
    @inline(never)
    static func list<Rows: BatchRows>(_ truths: UnsafePointer<Bool>, equalTo value: Bool, _ input: Rows,
                                      offsets: UnsafeMutablePointer<Int>, rows: UnsafeMutablePointer<Int>) -> Int {
        let count = input.count
        let raw = UnsafeRawPointer(truths)
        let flip = value ? 0 : ones
        var listed = 0, offset = 0
        while offset &+ 8 <= count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) ^ flip
            // Each byte's low bit moved to bit 56 + its index, then the eight bits shifted down.
            var mask = (word &* 0x0102_0408_1020_4080) &>> 56
            while mask != 0 {
                let found = offset &+ mask.trailingZeroBitCount
                offsets[listed] = found
                rows[listed] = input[found]
                listed &+= 1
                mask &= mask &- 1
            }
            offset &+= 8
        }
        while offset < count {
            offsets[listed] = offset
            rows[listed] = input[offset]
            listed &+= (truths[offset] == value).bit
            offset &+= 1
        }
        return listed
    }
}
