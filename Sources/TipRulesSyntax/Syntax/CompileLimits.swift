/// Bounds that keep compilation of untrusted rule text safe and quick.
public struct CompileLimits: Sendable, Hashable {
    /// The largest source accepted, in bytes.
    public var maxSourceBytes: Int = 1 << 20
    /// How deeply expressions may nest: parentheses, closures, arrays, operator chains and
    /// prefix operators all count. Every phase recurses at most this deep.
    public var maxNestingDepth: Int = 128
    /// How many diagnostics are kept; the rest are counted as "N more errors not shown".
    public var maxDiagnostics: Int = 100

    /// Limits; the defaults suit any hand-written rule file.
    public init(maxSourceBytes: Int = 1 << 20, maxNestingDepth: Int = 128, maxDiagnostics: Int = 100) {
        self.maxSourceBytes = maxSourceBytes
        self.maxNestingDepth = maxNestingDepth
        self.maxDiagnostics = maxDiagnostics
    }
}
