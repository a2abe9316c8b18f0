import Foundation
import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

/// Replays every input the fuzzers kept (Fuzz/corpus/TARGET), findings that were fixed
/// included, so each past finding stays fixed.
@Suite("Fuzz corpus")
struct FuzzCorpusTests {
    @Test("the kept corpus replays through its fuzz target", arguments: FuzzTargets.names)
    func replay(target: String) throws {
        let directory = Fixture.root.appendingPathComponent("Fuzz/corpus/\(target)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(!names.isEmpty)
        for name in names {
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            let violation = FuzzTargets.violation(target, [UInt8](data))
            #expect(violation == nil, "Fuzz/corpus/\(target)/\(name): \(violation ?? "")")
        }
    }
}
