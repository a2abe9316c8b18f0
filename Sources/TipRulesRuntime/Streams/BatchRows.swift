/// The stream positions of a batch of rows that a column computation (`NumberColumn`,
/// `IntColumn`) reads: a buffer of positions, or, for a contiguous list, a run of consecutive
/// ones, which the computations read without a buffer of positions in between (specialised for
/// each, so that a run reads its columns as consecutive memory).
protocol BatchRows {
    var count: Int { get }
    subscript(offset: Int) -> Int { get }
    /// The first position, when the positions are consecutive (known when specialised).
    var consecutiveStart: Int? { get }
}

extension UnsafeBufferPointer<Int>: BatchRows {
    var consecutiveStart: Int? { nil }
}

/// `count` consecutive positions from `start`.
struct ConsecutiveRows: BatchRows {
    let start: Int
    let count: Int

    @inline(__always)
    subscript(offset: Int) -> Int { start &+ offset }

    var consecutiveStart: Int? { start }
}

/// A computation of one value per row, a batch of rows at a time (`IntColumn`, `NumberColumn`).
protocol BatchComputation {
    associatedtype Value
    func fill<Rows: BatchRows>(_ input: Rows, _ output: UnsafeMutablePointer<Value>)
    /// The value of every row, when it is a constant (which a loop can read without a batch of
    /// copies of it).
    var constant: Value? { get }
    /// The column the computation reads as it is, when that is all it does (which a list of
    /// consecutive rows can read in place, without copying a batch of it).
    var storedColumn: ColumnArray<Value>? { get }
    /// Room for a batch of the computation's values, its own and kept (see `KeptBuffer`), for
    /// a caller that reads a batch at a time: a computation is used by one evaluation at a
    /// time (it computes into buffers of its own), so taking it again allocates nothing.
    func batchBuffer(batch: Int) -> UnsafeMutablePointer<Value>
}

extension BatchComputation {
    /// Reads the computation's values for the rows of `input`: a stored column in place over
    /// consecutive rows, anything else computed into `buffer`.
    @inline(__always)
    func withValues<Rows: BatchRows, Result>(_ input: Rows, _ buffer: UnsafeMutablePointer<Value>,
                                             _ body: (UnsafePointer<Value>) -> Result) -> Result {
        if let start = input.consecutiveStart, let items = storedColumn {
            return items.withUnsafeBufferPointer { column in
                precondition(start >= 0 && start + input.count <= column.count, "rows past a column's end")
                return body(column.baseAddress.unsafelyUnwrapped + start)
            }
        }
        fill(input, buffer)
        return body(buffer)
    }

    /// Computes the value of every donation of a list, a batch of at most `batch` rows at a
    /// time, in order: the values of the batch from offset `done` go to `destination(done)`,
    /// and `body(done, n)` follows each batch of `n`.
    func computeBatches<Failure: Error>(of list: DonationList, batch: Int, into destination: (Int) -> UnsafeMutablePointer<Value>,
                                        _ body: (Int, Int) throws(Failure) -> Void) throws(Failure) {
        var done = 0
        switch list.positions {
        case .contiguous(let range):
            while done < range.count {
                let n = min(batch, range.count - done)
                fill(ConsecutiveRows(start: range.lowerBound + done, count: n), destination(done))
                try body(done, n)
                done += n
            }
        case .scattered(let positions):
            try positions.withUnsafeBufferPointer { (positions: UnsafeBufferPointer<Int>) throws(Failure) in
                while done < positions.count {
                    let n = min(batch, positions.count - done)
                    fill(UnsafeBufferPointer(rebasing: positions[done..<(done + n)]), destination(done))
                    try body(done, n)
                    done += n
                }
            }
        }
    }
}

/// Something done with each batch of a list's rows in turn, whatever form the rows take (see
/// `DonationList.forEachRowBatch`).
protocol RowBatchVisitor {
    mutating func visit<Rows: BatchRows>(_ rows: Rows)
}

extension DonationList {
    /// Calls the visitor with the rows of the list, at most `batch` at a time, in order:
    /// consecutive positions for a contiguous list.
    func forEachRowBatch<Visitor: RowBatchVisitor>(batch: Int, _ visitor: inout Visitor) {
        switch positions {
        case .contiguous(let range):
            var done = 0
            while done < range.count {
                let n = min(batch, range.count - done)
                visitor.visit(ConsecutiveRows(start: range.lowerBound + done, count: n))
                done += n
            }
        case .scattered(let positions):
            positions.withUnsafeBufferPointer { positions in
                var done = 0
                while done < positions.count {
                    let n = min(batch, positions.count - done)
                    visitor.visit(UnsafeBufferPointer(rebasing: positions[done..<(done + n)]))
                    done += n
                }
            }
        }
    }
}
