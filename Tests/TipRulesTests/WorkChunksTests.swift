import Foundation
import Testing
import TipRulesSyntax

@Suite("Work shared in chunks")
struct WorkChunksTests {
    @Test("every item is worked once, by one thread or the other, and results come back in chunk order",
          arguments: [(0, 4), (1, 4), (3, 4), (4, 4), (1000, 64), (1001, 64), (5000, 7)])
    func everyItemOnce(count: Int, chunkSize: Int) {
        // Each side records which thread worked a chunk; their results must still line up.
        let chunks = LargeStack.inChunks(count: count, chunkSize: chunkSize, { range in
            (range, "other")
        }, alongside: { range in
            (range, "this")
        })
        let ranges = chunks.map(\.0)
        #expect(ranges.flatMap { Array($0) } == Array(0..<count))
        #expect(ranges.allSatisfy { $0.count <= chunkSize && !$0.isEmpty })
        #expect(ranges.dropLast().allSatisfy { $0.count == chunkSize })
    }

    @Test("a thread that is slower takes fewer chunks, so neither waits on a fixed half")
    func slowerThreadTakesFewer() {
        let chunks = LargeStack.inChunks(count: 80, chunkSize: 1, { range in
            // The other thread is slow: while it works one chunk, this one works many.
            usleep(20_000)
            return (range.lowerBound, "slow")
        }, alongside: { range in
            (range.lowerBound, "fast")
        })
        #expect(chunks.map(\.0) == Array(0..<80))
        #expect(chunks.filter { $0.1 == "slow" }.count < 40)
    }
}
