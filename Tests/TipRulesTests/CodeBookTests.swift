import Foundation
import Testing
import TipRulesTools

/// `tiprules help CODE` knows every code the sources define, and every example it runs
/// produces its own code.
@Suite("Code book")
struct CodeBookTests {
    /// Every diagnostic code defined anywhere in the sources (`"E0302"`-style string literals
    /// in message definitions).
    static func definedCodes() throws -> Set<String> {
        var codes: Set<String> = []
        let pattern = try NSRegularExpression(pattern: "DiagnosticMessage\\(\"([A-Z]0[0-9]{3})\"")
        let sources = Fixture.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                codes.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        return codes
    }

    @Test("every code the sources define has an entry, and no entry is for a code that does not exist")
    func complete() throws {
        let defined = try CodeBookTests.definedCodes()
        let documented = Set(CodeBook.entries.map(\.code))
        #expect(defined.count > 140)
        #expect(defined.subtracting(documented).sorted() == [], "codes without an entry")
        #expect(documented.subtracting(defined).sorted() == [], "entries for codes nothing reports")
        #expect(documented.count == CodeBook.entries.count, "each code has one entry")
    }

    @Test("each example produces its code, and 'tiprules help CODE' shows it", arguments: CodeBook.entries.map(\.code))
    func example(code: String) throws {
        let entry = try #require(CodeBook.entry(code))
        if case .session(let text) = entry.example {
            #expect(text.contains(code), "the example session shows the code")
        } else {
            let codes = CodeHelp.diagnostics(entry.example).map(\.code)
            #expect(codes.contains(code), "example gives \(codes)")
        }
        let output = CommandLineTool().run(["help", code.lowercased()])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("\(code): \(entry.title)\n"))
        #expect(output.stdout.contains(code + "]") || output.stdout.contains("code " + code))
        #expect(!entry.explanation.isEmpty && entry.explanation.hasSuffix("."))
    }

    @Test("help codes lists every code; an unknown code is a usage error")
    func index() {
        let list = CommandLineTool().run(["help", "codes"]).stdout
        for entry in CodeBook.entries { #expect(list.contains("  \(entry.code)  \(entry.title)\n")) }
        let unknown = CommandLineTool().run(["help", "E9999"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("tiprules: error: no diagnostic code 'E9999'; 'tiprules help codes' lists them"))
    }
}
