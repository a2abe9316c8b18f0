import TipRulesSemantics

/// Arrays of numbers, dates and `Bool`s whose storage Swift frees without destroying each
/// element.
///
/// `Value` has cases that hold references, so freeing a `[Value]` calls `Value`'s destroy for
/// every element, which switches on its case: in `(xs.map(\.score) + ys.map(\.score)).reduce(0, +)`
/// that was more than half the time (W765), and a fifth of `map(\.score).sorted()`'s (W685). An
/// array made here is an ordinary `[Value]`, its elements written and read as `Value`s, over
/// the storage of an array of `Bits` of `Value`'s size: a type without references, which Swift
/// frees at once. Its values hold no reference, so not destroying them loses nothing.
///
/// What keeps that true: an array gets such storage only when it has elements and each is an
/// `.int`, `.double`, `.bool`, `.date`, `.event` or `.parameter` (checked as it is made; not
/// `.null`, which `[String?]` holds too). Its static type is then one whose values all hold no
/// reference (`[Double]`, `[Int?]`), and the evaluator writes no new value into an array it did
/// not just make (it may reorder one in place: `reverse()`). Values handed to embedders, whose
/// code may write anything into an array it owns, get ordinary storage first
/// (`Value.withOrdinaryStorage`).
package enum PlainArrays {
    /// `Value`'s bytes, for storage: the same size, stride and alignment, without references.
    private struct Bits {
        var a: UInt64 = 0, b: UInt64 = 0, c: UInt64 = 0, d: UInt64 = 0
    }

    /// Whether `Bits` lays out as `Value` does in this build (else arrays keep ordinary storage).
    private static let fits = MemoryLayout<Bits>.stride == MemoryLayout<Value>.stride
        && MemoryLayout<Bits>.alignment == MemoryLayout<Value>.alignment
        && MemoryLayout<Bits>.size >= MemoryLayout<Value>.size

    /// The class of such storage, to tell it apart (`isPlain`).
    private static let storageClass = ObjectIdentifier(type(of: storage(of: [Bits](repeating: Bits(), count: 1))))

    private static func storage<T>(of array: [T]) -> AnyObject {
        unsafeBitCast(array, to: AnyObject.self)
    }

    /// An array of up to `capacity` values, the first as many as `initialize` writes and counts
    /// in its second argument (also when it throws, after which the array is not returned), in
    /// storage freed without destroying them where each is a number, a date or a `Bool` (see the
    /// type's comment); otherwise in ordinary storage. With `knownPlain`, the values are known
    /// to be such (copies of elements of arrays with plain storage, or made as numbers), and no
    /// element is looked at.
    @inline(__always)
    static func make<E: Error>(capacity: Int, knownPlain: Bool = false,
                               _ initialize: (UnsafeMutablePointer<Value>, inout Int) throws(E) -> Void) throws(E) -> [Value] {
        guard fits, capacity > 0 else {
            return try ordinary(capacity: capacity, initialize)
        }
        var failure: E?
        var allPlain = true
        let bits = [Bits](capacity: capacity) { start, initialized in
            let values = UnsafeMutableRawPointer(start).bindMemory(to: Value.self, capacity: capacity)
            do throws(E) { try initialize(values, &initialized) } catch { failure = error }
            allPlain = initialized > 0 && (knownPlain || UnsafeBufferPointer(start: values, count: initialized).allSatisfy(\.isPlainScalar))
        }
        if !allPlain {
            // Moved to ordinary storage, this storage then freed holding nothing.
            let moved = bits.withUnsafeBufferPointer { buffer in
                let values = UnsafeMutableRawPointer(mutating: buffer.baseAddress.unsafelyUnwrapped).assumingMemoryBound(to: Value.self)
                return ordinary(capacity: buffer.count) { target, count in
                    target.moveInitialize(from: values, count: buffer.count)
                    count = buffer.count
                }
            }
            if let failure { throw failure }
            return moved
        }
        if let failure { throw failure }
        return unsafeBitCast(bits, to: [Value].self)
    }

    /// `make` for elements of a static type: in ordinary storage at once where no value of the
    /// type is a number, a date or a `Bool` (strings, arrays, donations), rather than written
    /// into plain storage and then moved.
    @inline(__always)
    static func make<E: Error>(capacity: Int, of element: RuleType,
                               _ initialize: (UnsafeMutablePointer<Value>, inout Int) throws(E) -> Void) throws(E) -> [Value] {
        switch element {
        case .int, .double, .bool, .date, .optional(.int), .optional(.double), .optional(.bool), .optional(.date):
            return try make(capacity: capacity, initialize)
        default:
            return try ordinary(capacity: capacity, initialize)
        }
    }

    /// `make` in ordinary storage.
    @inline(__always)
    private static func ordinary<E: Error>(capacity: Int, _ initialize: (UnsafeMutablePointer<Value>, inout Int) throws(E) -> Void) throws(E) -> [Value] {
        try [Value](capacity: capacity, writing: initialize)
    }

    /// Whether an array has the storage `make` gives numbers, dates and `Bool`s.
    package static func isPlain(_ items: [Value]) -> Bool {
        fits && !items.isEmpty && ObjectIdentifier(type(of: storage(of: items))) == storageClass
    }
}

extension Value {
    /// Whether the value is a number, a date, a `Bool`, an event or a parameter: what an array
    /// with plain storage holds (see `PlainArrays`).
    @inline(__always)
    var isPlainScalar: Bool {
        switch self {
        case .int, .double, .bool, .date, .event, .parameter: return true
        default: return false
        }
    }

    /// The value with every array in it in ordinary storage (see `PlainArrays`): what an
    /// embedder is given, free to write anything into an array it owns.
    package var withOrdinaryStorage: Value {
        switch self {
        case .array(let items):
            if PlainArrays.isPlain(items) { return .array(items.map { $0 }) }
            guard items.contains(where: \.mayHoldPlainArray) else { return self }
            return .array(items.map(\.withOrdinaryStorage))
        case .set(let items):
            guard items.contains(where: \.mayHoldPlainArray) else { return self }
            return .set(Set(items.map(\.withOrdinaryStorage)))
        case .some(let wrapped):
            return wrapped.mayHoldPlainArray ? .some(wrapped.withOrdinaryStorage) : self
        default:
            return self
        }
    }

    /// Whether the value is or holds an array (which may have plain storage).
    private var mayHoldPlainArray: Bool {
        switch self {
        case .array, .set: return true
        case .some(let wrapped): return wrapped.mayHoldPlainArray
        default: return false
        }
    }
}
