import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

extension FuzzTargets {
    /// The events the donations target loads its input against: every payload type, optional
    /// and not.
    package static let donationEvents = """
    event ping
    event view { id: Int, name: String, rating: Double, ok: Bool, when: Date, note: String?, score: Int?, weight: Double?, at: Date?, flag: Bool? }
    """

    private static let donationProgram = RuleCompiler().compile(SourceFile(name: "fuzz.rules", text: donationEvents)).program

    /// Loads the input as an NDJSON log, by the fast line reader and by the general one alone:
    /// both keep the same donations and report the same lines with the same places; every line
    /// that is not blank is kept or reported, and each report lies on its own line of the input.
    static func donations(_ bytes: [UInt8]) -> String? {
        guard let program = donationProgram else { return "the donations target's events do not compile" }
        var fast = DonationStore(program: program), general = DonationStore(program: program)
        let issues = DonationLog.load(bytes, fileName: "fuzz.ndjson", into: &fast)
        let generalIssues = DonationLog.load(bytes, fileName: "fuzz.ndjson", into: &general, fastLines: false)
        guard issues == generalIssues else {
            return "the fast reader reported \(issues.map(\.description)), the general one \(generalIssues.map(\.description))"
        }
        for schema in program.events {
            guard let a = try? fast.stream(for: schema), let b = try? general.stream(for: schema) else { return "a stream cannot be read" }
            guard a.dates.elementsEqual(b.dates, by: { $0.bitPattern == $1.bitPattern }) else {
                return "the readers kept different dates of '\(schema.id)'"
            }
            for field in schema.fields.indices where !(0..<a.count).allSatisfy({ a.columns[field][$0].isIdentical(to: b.columns[field][$0]) }) {
                return "the readers kept different values of '\(schema.id).\(schema.fields[field].name)'"
            }
        }
        // Lines as the loader splits them: at "\n", a "\r" before it dropped, a byte order mark
        // at the start skipped.
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let lines = bytes[start...].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let nonBlank = lines.count { line in
            let content = line.last == 0x0D ? line.dropLast() : line[...]
            return content.contains { $0 != 0x20 && $0 != 0x09 }
        }
        guard fast.totalCount + issues.count == nonBlank else {
            return "\(fast.totalCount) kept and \(issues.count) reported of \(nonBlank) lines"
        }
        for issue in issues {
            guard issue.range.start >= start, issue.range.start <= issue.range.end, issue.range.end <= bytes.count,
                  !bytes[issue.range.start..<issue.range.end].contains(UInt8(ascii: "\n")) else {
                return "a report outside its line: \(issue.description) at \(issue.range)"
            }
        }
        return nil
    }
}
