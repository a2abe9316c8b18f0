extension Bool {
    /// 1 if true, 0 if false, as the byte the `Bool` is: a loop that adds these up compiles to
    /// no branch (LLVM turns `flag ? 1 : 0` in a counting loop into a branch per element,
    /// which also keeps it from being vectorised).
    @inline(__always)
    var bit: Int { Int(unsafeBitCast(self, to: UInt8.self)) }
}
