import Foundation
import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

/// Section 10: the `tiprules` command line, run in-process.
@Suite("Command line")
struct CommandLineTests {
    /// A scratch directory with the given files; returns its path.
    private func files(_ contents: [String: String]) throws -> String {
        let directory = URL(fileURLWithPath: try Scratch.folder("cli"))
        for (name, text) in contents {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return directory.path
    }

    private func run(_ arguments: [String]) -> CommandOutput {
        CommandLineTool().run(arguments)
    }

    private let rules = """
    event didLogin
    event view { id: Int, name: String }
    parameter flag: Bool = true
    rule frequentLogin = didLogin.donations.donatedWithin(.week).count >= 2
    let names = view.donations.map(\\.name)
    let ratio = Double(view.donations.count) / 0
    let boom = [1][view.donations.count]
    let last = view.donations.last
    """

    private let log = """
    {"event": "didLogin", "date": "2026-11-28T10:00:00Z"}
    {"event": "didLogin", "date": "2026-11-29T10:00:00Z"}
    {"event": "view", "date": "2026-11-29T10:00:00Z", "value": {"id": 1, "name": "Alps"}}
    """

    @Test("eval prints every declaration in file order; a runtime error is output, exit 0")
    func evalText() throws {
        let dir = try files(["a.rules": rules, "log.ndjson": log])
        let output = run(["eval", "\(dir)/a.rules", "--donations", "\(dir)/log.ndjson", "--now", "2026-11-30T12:00:00Z"])
        #expect(output.status == 0)
        #expect(output.stdout == """
        frequentLogin: Bool = true
        names: [String] = ["Alps"]
        ratio: Double = inf
        boom: Int = error: index 1 is out of range for an array of 1 element (\(dir)/a.rules:7:12)
        last: Donation<view>? = Donation(date: 2026-11-29T10:00:00Z, id: 1, name: "Alps")

        """)
        #expect(output.stderr == """
        \(dir)/a.rules:7:12: error[R0105]: index 1 is out of range for an array of 1 element
         7 | let boom = [1][view.donations.count]
           |            ^~~~~~~~~~~~~~~~~~~~~~~~~

        """)
    }

    @Test("eval --json prints one object per line, as section 10 specifies")
    func evalJSON() throws {
        let dir = try files(["a.rules": rules, "log.ndjson": log])
        let output = run(["eval", "\(dir)/a.rules", "--donations=\(dir)/log.ndjson", "--now=2026-11-30T12:00:00Z", "--json"])
        #expect(output.status == 0)
        #expect(output.stdout == """
        {"name": "frequentLogin", "type": "Bool", "value": true}
        {"name": "names", "type": "[String]", "value": ["Alps"]}
        {"name": "ratio", "type": "Double", "value": "inf"}
        {"name": "boom", "type": "Int", "error": {"file": "\(dir)/a.rules", "line": 7, "column": 12, "endLine": 7, "endColumn": 37, "severity": "error", "code": "R0105", "message": "index 1 is out of range for an array of 1 element"}}
        {"name": "last", "type": "Donation<view>?", "value": {"date": "2026-11-29T10:00:00Z", "value": {"id": 1, "name": "Alps"}}}

        """)
    }

    @Test("eval --json puts compile errors, rejected donation lines and the diagnostic cap on stdout as JSON too")
    func evalJSONDiagnostics() throws {
        let dir = try files(["bad.rules": "event e\nlet a = nope\n", "good.rules": "event e\nlet n = e.donations.count\n",
                             "log.ndjson": "{\"event\": \"e\"}\n", "many.rules": (1...120).map { "let v\($0) = nope\($0)" }.joined(separator: "\n")])
        let compile = run(["eval", "\(dir)/bad.rules", "--json"])
        #expect(compile.status == 1)
        #expect(compile.stdout == "{\"file\": \"\(dir)/bad.rules\", \"line\": 2, \"column\": 9, \"endLine\": 2, \"endColumn\": 13, \"severity\": \"error\", \"code\": \"E0301\", \"message\": \"cannot find 'nope' in scope\"}\n")
        #expect(compile.stderr.contains("error[E0301]"))
        let rejected = run(["eval", "\(dir)/good.rules", "--donations", "\(dir)/log.ndjson", "--json"])
        #expect(rejected.status == 1)
        #expect(rejected.stdout == "{\"file\": \"\(dir)/log.ndjson\", \"line\": 1, \"column\": 1, \"endLine\": 1, \"endColumn\": 15, \"severity\": \"error\", \"code\": \"D0105\", \"message\": \"missing 'date'\"}\n")
        for command in ["check", "eval"] {
            let capped = run([command, "\(dir)/many.rules", "--json"]).stdout.split(separator: "\n")
            #expect(capped.count == 101)
            #expect(capped.last == "{\"severity\": \"note\", \"suppressed\": 20, \"message\": \"20 more errors not shown\"}")
        }
    }

    @Test("eval NAME... selects declarations, in the order given")
    func evalNames() throws {
        let dir = try files(["a.rules": rules])
        let output = run(["eval", "\(dir)/a.rules", "names", "frequentLogin", "--now", "2026-11-30T12:00:00Z"])
        #expect(output.stdout == "names: [String] = []\nfrequentLogin: Bool = false\n")
    }

    @Test("eval --expr evaluates in the file's context")
    func evalExpression() throws {
        let dir = try files(["a.rules": rules, "log.ndjson": log])
        let output = run(["eval", "\(dir)/a.rules", "--donations", "\(dir)/log.ndjson", "--now", "2026-11-30T12:00:00Z", "--json",
                          "--expr", "names.count + 1", "--expr", "Date.now.addingTimeInterval(0.25)"])
        #expect(output.stdout == """
        {"expr": "names.count + 1", "type": "Int", "value": 2}
        {"expr": "Date.now.addingTimeInterval(0.25)", "type": "Date", "value": "2026-11-30T12:00:00.250Z"}

        """)
        let bad = run(["eval", "\(dir)/a.rules", "--expr", "nams.count"])
        #expect(bad.status == 1)
        #expect(bad.stderr.hasPrefix("<expr>:1:1: error[E0301]: cannot find 'nams' in scope"))
    }

    @Test("--parameter sets parameters from JSON values or bare words")
    func parameters() throws {
        let rules = [
            "parameter flag: Bool = false", "parameter level: Int = 1", "parameter name: String? = nil", "parameter tags: [String] = []",
            "let summary = flag && level > 2 && name == \"Ann\" && tags.contains(\"x\")",
        ]
        let dir = try files(["p.rules": rules.joined(separator: "\n")])
        let output = run(["eval", "\(dir)/p.rules", "--parameter", "flag=true", "--parameter=level=3", "--parameter", "name=Ann",
                          "--parameter", "tags=[\"x\", \"y\"]"])
        #expect(output.stdout == "summary: Bool = true\n")
        #expect(run(["eval", "\(dir)/p.rules", "--parameter", "name=null"]).stdout == "summary: Bool = false\n")
        let wrong = run(["eval", "\(dir)/p.rules", "--parameter", "level=2.5"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.hasPrefix("tiprules: error: parameter 'level' must be an integer that fits 'Int' (no fraction or exponent), found 2.5"))
        #expect(run(["eval", "\(dir)/p.rules", "--parameter", "levl=2"]).stderr.hasPrefix("tiprules: error: no parameter named 'levl'; did you mean 'level'?"))
        #expect(run(["eval", "\(dir)/p.rules", "--parameter", "level"]).stderr.hasPrefix("tiprules: error: --parameter needs NAME=VALUE"))
    }

    @Test("JSON values: sets sorted, nil as null, doubles as Swift writes them, time ranges in source form")
    func jsonValues() throws {
        let dir = try files(["a.rules": """
        let s = Set([3, 1, 2])
        let n: Int? = nil
        """.replacingOccurrences(of: "let n: Int? = nil", with: "let n = [1, nil][1]") + """

        let d = [0.1 + 0.2, 1e16, -0.0, 0.0 / 0]
        let t = [TimeRange.days(3), .week]
        let text = "a\\"b\\n"
        """])
        let output = run(["eval", "\(dir)/a.rules", "--json"])
        #expect(output.stdout == """
        {"name": "s", "type": "Set<Int>", "value": [1, 2, 3]}
        {"name": "n", "type": "Int?", "value": null}
        {"name": "d", "type": "[Double]", "value": [0.30000000000000004, 1e+16, -0.0, "nan"]}
        {"name": "t", "type": "[TimeRange]", "value": [".days(3)", ".week"]}
        {"name": "text", "type": "String", "value": "a\\"b\\n"}

        """)
    }

    @Test("check: exit 0 when clean, 1 with errors, every file's errors reported")
    func check() throws {
        let dir = try files(["good.rules": rules, "bad.rules": "rule r = nope\nlet x = 1 +", "warn.rules": "let x = 1e999"])
        #expect(run(["check", "\(dir)/good.rules"]) == CommandOutput(status: 0, stdout: "", stderr: ""))
        let warned = run(["check", "\(dir)/warn.rules"])
        #expect(warned.status == 0)
        #expect(warned.stderr.contains("warning[W0301]: '1e999' overflows to infinity in 'Double'"))
        let bad = run(["check", "\(dir)/good.rules", "\(dir)/bad.rules"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("\(dir)/bad.rules:1:10: error[E0301]: cannot find 'nope' in scope"))
        #expect(bad.stderr.contains("\(dir)/bad.rules:2:12: error[E0201]: expected an expression, found end of file"))
        #expect(bad.stderr.hasSuffix("2 errors, 0 warnings\n"))
        let json = run(["check", "--json", "\(dir)/bad.rules"])
        #expect(json.stdout.split(separator: "\n").first == """
        {"file": "\(dir)/bad.rules", "line": 1, "column": 10, "endLine": 1, "endColumn": 14, "severity": "error", "code": "E0301", "message": "cannot find 'nope' in scope"}
        """)
    }

    @Test("check --json keeps every part of a diagnostic: the full range, notes, and fix-its with their ranges")
    func checkJSONIsComplete() throws {
        let dir = try files(["n.rules": "parameter isLoggedIn: Bool = false\nrule r = isLogedIn\n"])
        let json = run(["check", "--json", "\(dir)/n.rules"])
        #expect(json.status == 1)
        #expect(json.stdout == """
        {"file": "\(dir)/n.rules", "line": 2, "column": 10, "endLine": 2, "endColumn": 19, "severity": "error", "code": "E0301", \
        "message": "cannot find 'isLogedIn' in scope", "notes": [{"message": "'isLoggedIn' declared here", "file": "\(dir)/n.rules", \
        "line": 1, "column": 11, "endLine": 1, "endColumn": 21}], "fixIts": [{"message": "did you mean 'isLoggedIn'?", \
        "line": 2, "column": 10, "endLine": 2, "endColumn": 19, "replacement": "isLoggedIn"}]}

        """)
    }

    @Test("the CLI takes rule files of several megabytes by default, and --max-source-size sets the limit")
    func sourceSizeLimit() throws {
        let rule = "rule r%d = didLogin.donations.donatedWithin(.week).count >= 3\n"
        let big = "event didLogin\n" + (0..<40_000).map { String(format: rule, $0) }.joined()
        #expect(big.utf8.count > 2 << 20)
        let dir = try files(["big.rules": big])
        #expect(run(["check", "\(dir)/big.rules"]).status == 0)
        let limited = run(["check", "--max-source-size", "1M", "\(dir)/big.rules"])
        #expect(limited.status == 1)
        #expect(limited.stderr.contains("more than the limit of 1048576"))
        let bad = run(["check", "--max-source-size", "lots", "\(dir)/big.rules"])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("tiprules: error: bad --max-source-size 'lots'"))
    }

    @Test("rejected donation lines: all reported, nothing evaluated, exit 1")
    func rejectedDonations() throws {
        let dir = try files(["a.rules": rules, "bad.ndjson": log + "\nnot json\n{\"event\": \"nope\", \"date\": \"2026-11-29T10:00:00Z\"}\n"])
        let output = run(["eval", "\(dir)/a.rules", "--donations", "\(dir)/bad.ndjson"])
        #expect(output.status == 1)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr == """
        \(dir)/bad.ndjson:4:1: error[D0101]: not valid JSON: invalid JSON value
         4 | not json
           | ^
        \(dir)/bad.ndjson:5:11: error[D0106]: unknown event 'nope'
         5 | {"event": "nope", "date": "2026-11-29T10:00:00Z"}
           |           ^~~~~~
        2 rejected donation lines; nothing was evaluated

        """)
    }

    @Test("compile errors stop eval with exit 1")
    func compileErrorsInEval() throws {
        let dir = try files(["a.rules": "rule r = 1"])
        let output = run(["eval", "\(dir)/a.rules"])
        #expect(output.status == 1)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("a rule must be 'Bool'"))
    }

    @Test("usage errors exit 2 with a pointer to the help", arguments: [
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["chek", "x"], "unknown command 'chek'; did you mean 'check'?"),
        (["check"], "no rule file given"),
        (["eval"], "no rule file given"),
        (["check", "/nonexistent/x.rules"], "no such file '/nonexistent/x.rules'"),
        (["eval", "RULES", "--now", "tomorrow"], "bad --now: 'tomorrow' is not a date; give an ISO 8601 date and time ('2026-11-30T09:00:00Z'), a date alone ('2026-11-30', midnight in the time zone) or Unix seconds ('@1764504000')"),
        (["eval", "RULES", "--now", "2026-02-30"], "bad --now: '2026-02-30' is not a day of the calendar"),
        (["eval", "RULES", "--now", "@soon"], "bad --now: '@soon' is not a number of Unix seconds, as in '@1764504000'"),
        (["eval", "RULES", "--time-zone", "Mars/Olympus"], "unknown time zone 'Mars/Olympus'; use an identifier such as 'Europe/Paris' or 'UTC', or an offset such as '+02:00'"),
        (["eval", "RULES", "--time-zone", "+19:00"], "time zone offset '+19:00' is more than 18 hours from UTC"),
        (["eval", "-", "--donations", "-"], "standard input ('-') can be read only once, but 2 of the rule file and donation logs name it; save all but one to a file"),
        (["repl", "--donations", "-"], "the REPL reads its input from standard input, so '-' cannot name a rule file or donation log; give a file"),
        (["eval", "RULES", "--frobnicate"], "unknown option '--frobnicate'"),
        (["eval", "RULES", "--jsn"], "unknown option '--jsn'; did you mean '--json'?"),
        (["eval", "RULES", "--now"], "option '--now' needs a value"),
        (["eval", "RULES", "nope"], "no 'let' or 'rule' named 'nope' in RULES"),
        (["eval", "RULES", "frequentLogn"], "no 'let' or 'rule' named 'frequentLogn' in RULES; did you mean 'frequentLogin'?"),
        (["eval", "RULES", "names", "--expr", "1"], "give either names or --expr, not both"),
        (["eval", "RULES", "--donations", "/nonexistent.ndjson"], "no such file '/nonexistent.ndjson'"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let dir = try files(["a.rules": rules])
        let resolved = arguments.map { $0 == "RULES" ? "\(dir)/a.rules" : $0 }
        let output = run(resolved)
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        let expected = message.replacingOccurrences(of: "RULES", with: "\(dir)/a.rules")
        #expect(output.stderr.hasPrefix("tiprules: error: \(expected)\nsee 'tiprules"))
    }

    @Test("--now takes a date alone (midnight in --time-zone) and Unix seconds; --time-zone takes fixed offsets", arguments: [
        (["--now", "2026-11-30"], "2026-11-30T00:00:00Z"),
        (["--now", "2026-11-30", "--time-zone", "+02:00"], "2026-11-29T22:00:00Z"),
        (["--now", "2026-11-30", "--time-zone", "-0530"], "2026-11-30T05:30:00Z"),
        (["--now", "2026-07-01", "--time-zone", "America/New_York"], "2026-07-01T04:00:00Z"),
        (["--now", "@1764504000"], "2025-11-30T12:00:00Z"),
        (["--now", "@-1.5"], "1969-12-31T23:59:58.500Z"),
        (["--now", "2026-11-30T10:00:00+01:00", "--time-zone", "+05"], "2026-11-30T09:00:00Z"),
    ])
    func clockForms(arguments: [String], expected: String) throws {
        let dir = try files(["a.rules": "let now = Date.now"])
        let output = run(["eval", "\(dir)/a.rules"] + arguments)
        #expect(output.stderr == "")
        #expect(output.stdout == "now: Date = \(expected)\n")
    }

    @Test("--expr evaluates despite an unrelated broken declaration, whose errors become warnings; one that needs it is the error")
    func exprDespiteBrokenDeclaration() throws {
        let dir = try files(["a.rules": "event e\nlet bad = nope\nlet usesBad = bad + 1\nrule worse = usesBad > 2 && q\nlet fine = 2\nrule ok = fine > 1\n"])
        let unrelated = run(["eval", "\(dir)/a.rules", "--expr", "fine * 2", "--expr", "ok"])
        #expect(unrelated.status == 0)
        #expect(unrelated.stdout == "fine * 2: Int = 4\nok: Bool = true\n")
        #expect(unrelated.stderr.contains("a.rules:2:11: warning[E0301]: cannot find 'nope' in scope"))
        #expect(unrelated.stderr.contains("a.rules:4:29: warning[E0301]: cannot find 'q' in scope"))
        #expect(unrelated.stderr.contains("left out 'bad', 'usesBad', 'worse'"))
        #expect(!unrelated.stderr.contains(": error:"))

        let dependent = run(["eval", "\(dir)/a.rules", "--expr", "fine", "--expr", "usesBad"])
        #expect(dependent.status == 1)
        #expect(dependent.stdout.isEmpty)
        #expect(dependent.stderr.contains("a.rules:2:11: error[E0301]: cannot find 'nope' in scope"))
        #expect(dependent.stderr.contains("<expr 2>:1:1: error[E0361]: 'usesBad' cannot be used, since its declaration (or one it uses) has errors; fix them first"))

        // Without --expr, a broken file still evaluates nothing.
        let whole = run(["eval", "\(dir)/a.rules"])
        #expect(whole.status == 1)
        #expect(whole.stdout.isEmpty)
    }

    @Test("a parameter itself prints as its value, in text and JSON")
    func parameterValue() throws {
        let dir = try files(["a.rules": "parameter on: Bool = false\nlet p = $on\nlet ps = [$on]"])
        #expect(run(["eval", "\(dir)/a.rules", "--parameter", "on=true"]).stdout == "p: Parameter<Bool> = true\nps: [Parameter<Bool>] = [true]\n")
        #expect(run(["eval", "\(dir)/a.rules", "--expr", "$on", "--json"]).stdout == "{\"expr\": \"$on\", \"type\": \"Parameter<Bool>\", \"value\": false}\n")
    }

    @Test("--help for the tool and each command goes to stdout with exit 0", arguments: [
        ["--help"], ["-h"], ["help"], ["help", "check"], ["help", "eval"], ["check", "--help"], ["eval", "--help"], ["eval", "-h"],
        ["help", "repl"], ["help", "explain"], ["help", "donate"], ["help", "store"], ["explain", "--help"], ["donate", "--help"],
        ["store", "--help"], ["repl", "--help"],
    ])
    func help(arguments: [String]) {
        let output = run(arguments)
        #expect(output.status == 0)
        #expect(output.stdout.contains("USAGE:"))
        #expect(output.stderr.isEmpty)
    }

    @Test("the executable forwards arguments, output and exit status")
    func executable() throws {
        #expect(FileManager.default.isExecutableFile(atPath: tiprulesExecutable), "swift test builds tiprules beside the tests")
        let dir = try files(["a.rules": "rule r = true", "bad.rules": "rule r = 1"])
        for (arguments, status) in [(["eval", "\(dir)/a.rules"], Int32(0)), (["check", "\(dir)/bad.rules"], 1), (["eval"], 2)] {
            let result = try runChild(tiprulesExecutable, arguments)
            #expect(result.status == status)
            if status == 0 { #expect(result.stdout == "r: Bool = true\n") }
        }
    }

    /// libpq and the twenty libraries it needs took about 9 ms of every start when linked; it
    /// is opened when a PostgreSQL store connects (which `PostgresStoreTests` run).
    @Test("the executable starts without the PostgreSQL client library")
    func startsWithoutLibPQ() throws {
        let libraries = try runChild("/usr/bin/ldd", [tiprulesExecutable])
        #expect(libraries.status == 0)
        #expect(libraries.stdout.contains("libswiftCore"), "ldd lists what the executable loads at start")
        #expect(!libraries.stdout.contains("libpq"))
    }

    @Test("--color always colours diagnostics, never and NO_COLOR's auto do not, anything else is a usage error", arguments: ["check", "eval"])
    func color(command: String) throws {
        let directory = try files(["bad.rules": "rule r = nope\n"])
        let path = directory + "/bad.rules"
        let always = run([command, "--color", "always", path])
        #expect(always.stderr.contains("\u{1B}[1;31merror[E0301]:"))
        let never = CommandLineTool(useColor: true).run([command, "--color=never", path])
        #expect(!never.stderr.contains("\u{1B}["))
        #expect(never.stderr.contains("error[E0301]: cannot find 'nope' in scope"))
        let auto = CommandLineTool(useColor: true).run([command, "--color", "auto", path])
        #expect(auto.stderr.contains("\u{1B}["))
        let bad = run([command, "--color", "sometimes", path])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("bad --color 'sometimes'; use auto, always or never"))
    }

    @Test("help knows the repl command")
    func replHelp() {
        #expect(run(["help", "repl"]).stdout.hasPrefix("tiprules repl: "))
        #expect(run(["repl", "--help"]).stdout == run(["help", "repl"]).stdout)
        #expect(run(["--help"]).stdout.contains("tiprules repl [FILE...]"))
        #expect(run(["rpl"]).stderr.contains("did you mean 'repl'?"))
        for command in ["eval", "repl", "explain", "donate", "store"] {
            let help = run([command, "--help"]).stdout
            #expect(help.contains("--store LOCATION") && help.contains("--subject ID"), "\(command) --help names the store options")
        }
    }
}
