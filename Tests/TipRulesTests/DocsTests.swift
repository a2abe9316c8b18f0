import Foundation
import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

/// Keeps Grammar/, Examples/ and README.md true to the implementation.
@Suite("Docs stay true")
struct DocsTests {
    /// `name = body ;` productions of an EBNF text, comments removed, whitespace normalised.
    private func productions(_ text: String) -> [(String, String)] {
        var cleaned = ""
        var rest = Substring(text)
        while let open = rest.range(of: "(*") {
            cleaned += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "*)") else { break }
            rest = rest[close.upperBound...]
        }
        cleaned += rest
        var result: [(String, String)] = []
        for statement in cleaned.components(separatedBy: " ;") {
            let parts = statement.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = parts[0].trimmingCharacters(in: .whitespacesAndNewlines)
            let body = parts[1].split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !name.isEmpty { result.append((name, body)) }
        }
        return result
    }

    private func grammar() throws -> [String: String] {
        Dictionary(try productions(Fixture.read("Grammar/TipRules.ebnf")), uniquingKeysWith: { first, _ in first })
    }

    /// The `/// grammar:` lines of the parser sources.
    private func parserProductions() throws -> [(String, String)] {
        let directory = Fixture.root.appendingPathComponent("Sources/TipRulesSyntax/Syntax")
        var found: [(String, String)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasPrefix("Parser") {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard let marker = line.range(of: "/// grammar: ") else { continue }
                found += productions(String(line[marker.upperBound...]))
            }
        }
        return found
    }

    @Test("every parser production is in Grammar/ with the same text, and has its method")
    func parserMatchesGrammar() throws {
        let grammar = try grammar()
        let parser = try parserProductions()
        #expect(parser.count >= 20)
        for (name, body) in parser {
            #expect(grammar[name] == body, "production '\(name)' differs between the parser and Grammar/TipRules.ebnf")
        }
        let sources = try ["Parser.swift", "Parser+Expressions.swift"].map {
            try Fixture.read("Sources/TipRulesSyntax/Syntax/" + $0)
        }.joined()
        for (name, _) in parser {
            #expect(sources.contains("func \(name)("), "no parser method for production '\(name)'")
        }
    }

    @Test("every syntactic production of Grammar/ is implemented by the parser")
    func grammarMatchesParser() throws {
        let parserNames = Set(try parserProductions().map(\.0))
        // Lexical productions, each with the piece of the lexer that implements it.
        let lexical: [String: String] = [
            "binaryOperator": "case binaryOperator", "prefixOperator": "case prefixOperator", "postfixOperator": "case postfixOperator",
            "keyword": "enum Keyword", "identifier": "func scanIdentifier(", "identifierHead": "func isIdentifierHead(",
            "identifierBody": "func isIdentifierBody(", "dollarIdentifier": "func scanDollarIdentifier(",
            "hashIdentifier": "func scanHashIdentifier(", "integerLiteral": "case integerLiteral", "decimalDigits": "func scanDigits(",
            "floatLiteral": "case floatLiteral", "stringLiteral": "func scanString(", "escape": "func scanEscape(",
            "lineComment": "case UInt8(ascii: \"/\") where peek(1) == UInt8(ascii: \"/\")", "blockComment": "func skipBlockComment(",
        ]
        for name in try grammar().keys where lexical[name] == nil {
            #expect(parserNames.contains(name), "Grammar/ production '\(name)' has no parser method")
        }
        let lexer = try Fixture.read("Sources/TipRulesSyntax/Syntax/Lexer.swift") + Fixture.read("Sources/TipRulesSyntax/Syntax/Token.swift")
        for (name, implementation) in lexical {
            #expect(try grammar()[name] != nil, "lexical production '\(name)' is missing from Grammar/")
            #expect(lexer.contains(implementation), "lexical production '\(name)' is not implemented by the lexer")
        }
    }

    private func alternatives(_ body: String?) -> Set<String> {
        Set((body ?? "").components(separatedBy: " | ").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) })
    }

    @Test("operators and keywords in Grammar/ match the implementation's tables")
    func operatorsAndKeywords() throws {
        let grammar = try grammar()
        #expect(alternatives(grammar["binaryOperator"]) == Set(OperatorTable.binary.keys))
        #expect(alternatives(grammar["prefixOperator"]) == OperatorTable.prefix)
        #expect(alternatives(grammar["postfixOperator"]) == OperatorTable.postfix)
        #expect(alternatives(grammar["keyword"]) == Set(Keyword.allCases.map(\.rawValue)))
        #expect(alternatives(grammar["localName"]) == Set(["identifier"] + Keyword.allCases.filter(\.isContextual).map(\.rawValue)))
        // The precedence table in the grammar's comment lists each operator with its group.
        let text = try Fixture.read("Grammar/TipRules.ebnf")
        let names: [PrecedenceGroup: String] = [
            .multiplicative: "multiplicative", .additive: "additive", .range: "range", .nilCoalescing: "nil-coalescing",
            .comparison: "comparison", .conjunction: "conjunction", .disjunction: "disjunction",
        ]
        for (op, group) in OperatorTable.binary {
            let row = text.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(names[group]! + " ") }
            #expect(row?.split(separator: " ").contains(Substring(op)) == true, "'\(op)' is not in the '\(names[group]!)' row")
        }
    }

    /// Example directories: each has a .rules file, a donation log and expected outputs.
    static let examples: [String] = {
        let directory = Fixture.root.appendingPathComponent("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: directory.appendingPathComponent("\($0)/expected.txt").path) }.sorted()
    }()

    @Test("there are at least three examples")
    func exampleCount() {
        #expect(DocsTests.examples.count >= 3)
        #expect(DocsTests.examples.contains("landmarks"))
    }

    @Test("every example checks cleanly and evaluates to exactly its expected output", arguments: examples)
    func example(name: String) throws {
        let directory = "Examples/\(name)"
        let expected = try Fixture.read("\(directory)/expected.txt")
        let header = try #require(expected.split(separator: "\n").first)
        #expect(header.hasPrefix("# tiprules eval "))
        let arguments = header.dropFirst("# tiprules ".count).split(separator: " ").map { argument -> String in
            let path = Fixture.root.appendingPathComponent("\(directory)/\(argument)").path
            return FileManager.default.fileExists(atPath: path) ? path : String(argument)
        }
        let rulesPath = try #require(arguments.first { $0.hasSuffix(".rules") })
        let tool = CommandLineTool()
        #expect(tool.run(["check", rulesPath]) == CommandOutput(status: 0, stdout: "", stderr: ""))
        let text = tool.run(arguments)
        #expect(text.status == 0)
        #expect(text.stdout == expected.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n"))
        let json = tool.run(arguments + ["--json"])
        #expect(json.stdout == (try Fixture.read("\(directory)/expected.json")))
    }

    @Test("the Landmarks example holds TipKit's documented rules")
    func landmarksRules() throws {
        let text = try Fixture.read("Examples/landmarks/landmarks.rules")
        for rule in [
            "didLogin.donations.donatedWithin(.week).count >= 3",
            "$0.donations.filter { $0.landmarkName != \"Wilbere Bowl\" }.count > 3",
            "didViewLandmarkDetail.donations.largestSubset(groupedBy: \\.landmarkID).count >= 5",
            "didViewLandmarkDetail.donations.donatedWithin(.month).smallestSubset(groupedBy: \\.landmarkID).count >= 2",
        ] {
            #expect(text.contains(rule))
        }
    }

    /// Fenced code blocks of README.md marked `rules` (whole files) or `rules-expr` (one
    /// expression per line, checked against the Landmarks example).
    private func readmeBlocks(_ marker: String) throws -> [String] {
        let lines = try Fixture.read("README.md").split(separator: "\n", omittingEmptySubsequences: false)
        var blocks: [String] = []
        var current: [Substring]?
        for line in lines {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```" + marker {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test("every rules snippet in the README compiles")
    func readmeSnippets() throws {
        let files = try readmeBlocks("rules")
        #expect(files.count >= 2)
        for (index, text) in files.enumerated() {
            let compilation = Fixture.compile(text, name: "README block \(index + 1)")
            #expect(compilation.diagnostics.filter { $0.severity == .error }.isEmpty, "\(compilation.diagnostics)")
        }
        let landmarks = try #require(Fixture.compile(try Fixture.read("Examples/landmarks/landmarks.rules")).program)
        for block in try readmeBlocks("rules-expr") {
            for line in block.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                let compiled = RuleCompiler().compileExpression(SourceFile(name: "README", text: String(line)), in: landmarks)
                #expect(compiled.expression != nil, "README expression does not compile: \(line) \(compiled.diagnostics)")
            }
        }
    }

    @Test("the README's check example shows the real diagnostics for its file")
    func readmeCheckOutput() throws {
        let file = try #require(try readmeBlocks("rules-invalid").first)
        let shown = try #require(try readmeBlocks("check-output").first)
        let compilation = Fixture.compile(file + "\n", name: "app.rules")
        let errors = compilation.diagnostics.filter { $0.severity == .error }.count
        let rendered = DiagnosticRenderer().render(compilation.diagnostics) + "\(errors) errors, 0 warnings"
        #expect("$ swift run tiprules check app.rules\n" + rendered == shown)
    }

    @Test("the README's rejected log line is what loading that line reports")
    func readmeLogError() throws {
        let shown = try #require(try readmeBlocks("log-error").first)
        let line = try #require(shown.split(separator: "\n").dropFirst().first?.split(separator: "| ", maxSplits: 1).last)
        let program = try #require(Fixture.compile(try Fixture.read("Examples/landmarks/landmarks.rules")).program)
        var store = DonationStore(program: program)
        let issues = DonationLog.load(Array(line.utf8), fileName: "donations.ndjson", into: &store)
        #expect(issues.count == 1)
        #expect(DiagnosticRenderer().render(issues).trimmingCharacters(in: .newlines) == shown)
    }

    @Test("README shows real output of the commands it shows")
    func readmeOutput() throws {
        let readme = try Fixture.read("README.md")
        let expected = try Fixture.read("Examples/landmarks/expected.txt").split(separator: "\n").dropFirst()
        for line in expected {
            #expect(readme.contains(line), "README does not show the output line '\(line)'")
        }
        #expect(readme.contains("swift test"))
    }
}
