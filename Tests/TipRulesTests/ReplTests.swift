import Foundation
import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

/// Replays a REPL transcript: its first line `# tiprules repl ARGUMENTS` starts the session,
/// its lines after a prompt are typed, and the result is the transcript the session makes.
enum ReplTranscript {
    static let prompts = [ReplDriver.prompt, ReplDriver.continuationPrompt]

    /// A reader that types a transcript's inputs and records them after their prompts.
    struct Recorder: LineReader {
        var inputs: [String]
        var log: (String) -> Void

        mutating func readLine(prompt: String) -> LineInput {
            guard !inputs.isEmpty else { return .end }
            let line = inputs.removeFirst()
            log(prompt + line + "\n")
            return line == "^C" ? .interrupted : .line(line)
        }
    }

    /// `withBanner` replays a README session: its first line is `$ swift run tiprules repl
    /// ARGUMENTS`, and the banner follows it.
    static func replay(_ transcript: String, withBanner: Bool = false) throws -> String {
        let lines = transcript.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.first, "an empty transcript")
        let command = withBanner ? "$ swift run tiprules repl" : "# tiprules repl"
        #expect(header.hasPrefix(command), "a transcript starts with '\(command) ARGUMENTS'")
        let arguments = header.dropFirst(command.count).split(separator: " ").map(String.init)
        var tool = CommandLineTool()
        tool.workingDirectory = Fixture.root.path
        guard case .run(var driver, let banner) = ReplCommand(tool: tool).prepare(arguments, interactive: true) else {
            Issue.record("the REPL did not start with \(arguments)")
            return ""
        }
        let inputs = lines.compactMap { line in prompts.first { line.hasPrefix($0) }.map { String(line.dropFirst($0.count)) } }
        var output = header + "\n" + (withBanner ? banner : "")
        var recorder = Recorder(inputs: inputs) { output += $0 }
        _ = driver.run(&recorder) { text, _ in output += text }
        return output
    }
}

@Suite("REPL")
struct ReplTests {
    @Test("the README's REPL session is a real one")
    func readmeSession() throws {
        let readme = try Fixture.read("README.md")
        let start = try #require(readme.range(of: "```repl-session\n"), "the README has no REPL session")
        let end = try #require(readme[start.upperBound...].range(of: "\n```"))
        let session = String(readme[start.upperBound..<end.lowerBound])
        #expect(try ReplTranscript.replay(session, withBanner: true).trimmingCharacters(in: .newlines) == session)
    }

    @Test("the README's --json example is what the REPL answers")
    func readmeJSON() throws {
        let readme = try Fixture.read("README.md")
        let marker = "$ printf 'frequentLogin\\n:now\\n' | swift run tiprules repl Examples/landmarks/landmarks.rules --json --now 2026-11-29T10:00:00Z\n"
        let start = try #require(readme.range(of: marker), "the README has no --json example")
        let end = try #require(readme[start.upperBound...].range(of: "```"))
        var tool = CommandLineTool(readStandardInput: { Array("frequentLogin\n:now\n".utf8) })
        tool.workingDirectory = Fixture.root.path
        let output = tool.run(["repl", "Examples/landmarks/landmarks.rules", "--json", "--now", "2026-11-29T10:00:00Z"])
        #expect(output.stdout == String(readme[start.upperBound..<end.lowerBound]))
    }

    static let transcripts: [String] = {
        let folder = Fixture.root.appendingPathComponent("Tests/Transcripts")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".transcript") }.sorted()
    }()

    @Test("there are transcripts to replay")
    func transcriptCount() {
        #expect(ReplTests.transcripts.count >= 4)
    }

    @Test("every transcript replays to exactly itself", arguments: transcripts)
    func transcript(name: String) throws {
        let path = "Tests/Transcripts/\(name)"
        let expected = try Fixture.read(path)
        let actual = try ReplTranscript.replay(expected)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try actual.write(to: Fixture.root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        #expect(actual.trimmingCharacters(in: .whitespacesAndNewlines) == expected.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// The REPL driven the ways programs and pipes drive it.
@Suite("REPL in pipes and JSON")
struct ReplMachineTests {
    private func run(_ arguments: [String], input: String) -> CommandOutput {
        var tool = CommandLineTool(readStandardInput: { Array(input.utf8) })
        tool.workingDirectory = Fixture.root.path
        return tool.run(["repl"] + arguments)
    }

    private let landmarks = ["Examples/landmarks/landmarks.rules", "--donations", "Examples/landmarks/donations.ndjson", "--now", "2026-11-29T10:00:00Z"]

    @Test("piped input gets no banner and no prompt, and exit status 0 when every line was fine")
    func pipedClean() {
        let output = run(landmarks, input: "frequentLogin\nlet x = 2\nx + 1\n")
        #expect(output.stdout == "Bool = true\nlet x: Int = 2\nInt = 3\n")
        #expect(output.stderr == "")
        #expect(output.status == 0)
    }

    @Test("a file's warnings are printed once, when the session starts, and not again at each declaration")
    func startupWarnings() throws {
        let path = try temporaryFolder() + "/noisy.rules"
        try "event didLogin\nrule often = (didLogin.donations.count ?? 0) >= 3\n".write(toFile: path, atomically: true, encoding: .utf8)
        let output = run([path, "--now", "2026-11-29T10:00:00Z"], input: "let x = 2\nrule r = x > 1\nlet x = 3\noften\n")
        #expect(output.stdout == "let x: Int = 2\nrule r: Bool = true\nlet x: Int = 3\nBool = false\n")
        #expect(output.stderr.hasPrefix(path + ":2:15: warning[W0303]: left side of nil coalescing operator '??'"))
        #expect(output.stderr.components(separatedBy: "warning[W0303]").count == 2, "the warning is printed once")
        #expect(output.stderr.contains("note: let 'x' replaces the earlier declaration"))
        #expect(output.status == 0)
    }

    @Test("piped input with an error line exits 1, and the lines after it still run")
    func pipedError() {
        let output = run(landmarks, input: "nope\n1 + 1\n")
        #expect(output.stdout == "Int = 2\n")
        #expect(output.stderr.contains("<repl>:1:1: error[E0301]: cannot find 'nope' in scope"))
        #expect(output.status == 1)
    }

    @Test("input that ends inside an entry is answered with what is missing")
    func unfinishedAtEnd() {
        let output = run(landmarks, input: "let x = [1,\n")
        #expect(output.stderr.contains("error[E0201]: expected"))
        #expect(output.status == 1)
    }

    @Test("a rule file with errors stops the REPL before it starts")
    func badFile() throws {
        let folder = try temporaryFolder()
        let path = folder + "/bad.rules"
        try "rule r = nope\n".write(toFile: path, atomically: true, encoding: .utf8)
        let output = run([path], input: "1\n")
        #expect(output.status == 1)
        #expect(output.stderr.contains("bad.rules:1:10: error[E0301]: cannot find 'nope' in scope"))
        #expect(output.stdout == "")
    }

    @Test("usage errors exit 2", arguments: [["--colour", "never"], ["--color", "sometimes"], ["--now", "later"], ["--time-zone", "Mars/Olympus"]])
    func usage(arguments: [String]) {
        let output = run(arguments, input: "")
        #expect(output.status == 2)
        #expect(output.stderr.contains("see 'tiprules repl --help'"))
    }

    @Test("--json answers every line read with one JSON object")
    func json() throws {
        let input = """
        frequentLogin
        let x = [1,
        2]
        nope
        :events

        1 +

        didLogin.donations[40]
        :now 2026-12-01T00:00:00Z
        """
        let output = run(landmarks + ["--json"], input: input + "\n")
        #expect(output.stderr == "")
        let objects = try output.stdout.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["kind"] as? String } == ["value", "incomplete", "declaration", "error", "command", "empty", "incomplete", "abandoned", "value", "command"])
        #expect(objects[0]["type"] as? String == "Bool")
        #expect(objects[0]["value"] as? Bool == true)
        #expect(objects[0]["input"] as? String == "frequentLogin")
        let declarations = try #require(objects[2]["declarations"] as? [[String: Any]])
        #expect(declarations.first?["name"] as? String == "x")
        #expect(declarations.first?["type"] as? String == "[Int]")
        #expect(declarations.first?["value"] as? [Int] == [1, 2])
        let diagnostics = try #require(objects[3]["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["code"] as? String == "E0301")
        #expect(diagnostics.first?["file"] as? String == "<repl>")
        #expect(diagnostics.first?["column"] as? Int == 1)
        let events = try #require(objects[4]["events"] as? [[String: Any]])
        #expect(events.map { $0["event"] as? String } == ["landmarksAppDidOpen", "didLogin", "didViewLandmarkDetail"])
        #expect(events[1]["count"] as? Int == 4)
        // A runtime error is a value answer with a located error diagnostic and no value.
        #expect(objects[8]["value"] == nil)
        let runtime = try #require(objects[8]["diagnostics"] as? [[String: Any]])
        #expect((runtime.first?["code"] as? String)?.hasPrefix("R01") == true)
        #expect(objects[9]["now"] as? String == "2026-12-01T00:00:00Z")
        #expect(output.status == 1)
    }

    @Test(":save writes the session's donations as a log that reads back exactly")
    func saveRoundTrip() throws {
        let folder = try temporaryFolder()
        let path = folder + "/saved.ndjson"
        let input = """
        :donate didViewLandmarkDetail {"landmarkID": 3, "landmarkName": "Tab\\tand \\"quote\\""} at 2026-11-29T09:00:00.123456Z
        :donate didLogin at 2026-11-29T09:30:00.5Z
        :save \(path)
        """
        let output = run(landmarks, input: input + "\n")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("saved 21 donations to \(path)"))
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved.contains(#""landmarkName": "Tab\tand \"quote\"""#))
        #expect(saved.contains("2026-11-29T09:00:00.123456Z"))

        // Saved and original donations are the same donations.
        let program = try #require(Fixture.compile(try Fixture.read("Examples/landmarks/landmarks.rules")).program)
        var original = DonationStore(program: program)
        _ = DonationLog.load(Array(try Fixture.read("Examples/landmarks/donations.ndjson").utf8), fileName: "log", into: &original)
        var reread = DonationStore(program: program)
        #expect(DonationLog.load(Array(saved.utf8), fileName: path, into: &reread).isEmpty)
        #expect(reread.totalCount == original.totalCount + 2)
        let resaved = run([landmarks[0], "--donations", path, "--now", "2026-11-29T10:00:00Z"], input: ":save \(path).2\n")
        #expect(resaved.status == 0)
        #expect(try String(contentsOfFile: path + ".2", encoding: .utf8) == saved)
    }

    @Test(":save to a folder that does not exist is an error, and nothing is lost")
    func saveFails() {
        let output = run(landmarks, input: ":save /no/such/folder/x.ndjson\n:events\n")
        #expect(output.status == 1)
        #expect(output.stderr.contains("error[I0109]: cannot write '/no/such/folder/x.ndjson'"))
        #expect(output.stdout.contains("didLogin: 4 donations"))
    }

    @Test(":reload reads the files again, keeps donations and typed declarations")
    func reload() throws {
        let folder = try temporaryFolder()
        let path = folder + "/app.rules"
        try "event opened\nrule r = opened.donations.count >= 2\n".write(toFile: path, atomically: true, encoding: .utf8)
        var tool = CommandLineTool()
        tool.workingDirectory = Fixture.root.path
        guard case .run(var driver, _) = ReplCommand(tool: tool).prepare([path, "--now", "2026-11-29T10:00:00Z"], interactive: false) else {
            Issue.record("the REPL did not start")
            return
        }
        #expect(driver.session.answer(":donate opened").failed == false)
        #expect(driver.session.answer(":donate opened").failed == false)
        #expect(driver.session.answer("let mine = 1").failed == false)
        #expect(driver.session.answer("r").text == "Bool = true\n")
        try "event opened\nrule r = opened.donations.count >= 3\nlet extra = mine + 1\n".write(toFile: path, atomically: true, encoding: .utf8)
        let reloaded = driver.session.answer(":rel")
        #expect(reloaded.text == "reloaded \(path): 1 event, 2 lets, 1 rule\n")
        #expect(driver.session.answer("r").text == "Bool = false\n")
        #expect(driver.session.answer("extra").text == "Int = 2\n")
        #expect(driver.session.answer("opened.donations.count").text == "Int = 2\n")

        // A file that no longer checks is refused, and the session keeps what it had.
        try "event opened\nrule r = opened.donations.cont\n".write(toFile: path, atomically: true, encoding: .utf8)
        let refused = driver.session.answer(":reload")
        #expect(refused.kind == .error)
        #expect(refused.diagnostics.first?.file.name == path)
        #expect(driver.session.answer("extra").text == "Int = 2\n")
    }

    @Test("an event with donations cannot lose them to a redeclaration, nor to a reload")
    func donationsAreKept() throws {
        let folder = try temporaryFolder()
        let path = folder + "/app.rules"
        try "event opened { n: Int }\n".write(toFile: path, atomically: true, encoding: .utf8)
        let input = ":donate opened {\"n\": 1}\nevent opened { n: Double }\nevent opened { n: Int, extra: String? }\n:events\n"
        let output = run([path, "--now", "2026-11-29T10:00:00Z"], input: input)
        #expect(output.stderr.contains("error[I0111]: the session holds 1 donation of 'opened', whose payload field 'n' is 'Int', and the new declaration makes it 'Double'"))
        #expect(output.stderr.contains("error[I0111]: the session holds 1 donation of 'opened', whose payload has no field 'extra'"))
        #expect(output.stdout.contains("opened: 1 donation"))
    }

    private func temporaryFolder() throws -> String {
        let path = try Scratch.folder("repl")
        return path
    }
}

@Suite("REPL input and completion")
struct ReplInputTests {
    @Test("unfinished input continues on the next line", arguments: [
        ("let x = [1,", true), ("rule r = #Rule(e) {", true), ("a &&", true), ("a ||", true), ("f(", true),
        ("xs.", true), ("let x =", true), ("c ? 1 :", true), ("{ x in", true), ("1 +", true),
        ("1 + 2", false), ("x!", false), ("(1))", false), ("", false), (":type (", false), ("let x = 3 // (", false),
        ("\"(\"", false),
    ])
    func unfinished(text: String, expected: Bool) {
        #expect(InputShape.isUnfinished(text) == expected)
    }

    private func completer(pending: [String] = []) throws -> ReplCompleter {
        var tool = CommandLineTool()
        tool.workingDirectory = Fixture.root.path
        guard case .run(let driver, _) = ReplCommand(tool: tool).prepare(["Examples/landmarks/landmarks.rules"], interactive: false) else {
            throw CompletionSetupFailed()
        }
        return ReplCompleter(session: driver.session, pending: pending)
    }

    struct CompletionSetupFailed: Error {}

    @Test("completion knows types, names and commands", arguments: [
        ("didLogin.donations.", "count"),
        ("didLogin.donations.don", "donatedWithin"),
        ("didLogin.", "donations"),
        ("didViewLandmarkDetail.donations.filter { $0.land", "landmarkName"),
        ("#Rule(didViewLandmarkDetail) { $0.donations.first?.", "landmarkID"),
        ("didLogin.donations.donatedWithin(.", "week"),
        ("rule r = didViewLandmarkDetail.donations.map { $0.", "landmarkName"),
        ("favouriteName?.", "count"),
        ("didLogin.donations.last!.date.timeIntervalSinceN", "timeIntervalSinceNow"),
        ("frequ", "frequentLogin"),
        ("didView", "didViewLandmarkDetail"),
        ("$isLo", "$isLoggedIn"),
        (":ev", ":events"),
        (":donate didV", "didViewLandmarkDetail"),
        (":type didLogin.donations.las", "last"),
        (":set isL", "isLoggedIn"),
        (":explain freq", "frequentLogin"),
        (":load Examples/landm", "Examples/landmarks/"),
    ])
    func completes(line: String, expected: String) throws {
        let completion = try completer().complete(line)
        #expect(completion.candidates.contains(expected), "\(completion.candidates)")
        let word = String(decoding: Array(line.utf8)[completion.start...], as: UTF8.self)
        #expect(completion.candidates.allSatisfy { $0.hasPrefix(word) }, "candidates must extend '\(word)'")
    }

    @Test("member completion offers only the receiver's members")
    func onlyMembers() throws {
        let candidates = try completer().complete("didLogin.donations.donatedWithin(.week).count.").candidates
        #expect(!candidates.contains("donatedWithin"))
        #expect(try completer().complete("opensThisWeek.").candidates.allSatisfy { !$0.hasPrefix("landmark") })
    }

    @Test("the lines before an unfinished entry give completion its context")
    func multiLineContext() throws {
        let completion = try completer(pending: ["didViewLandmarkDetail.donations.filter {"]).complete("  $0.landmarkN")
        #expect(completion.candidates == ["landmarkName"])
    }
}
