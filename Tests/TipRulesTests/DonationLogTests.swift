import Foundation
import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

/// Section 8: donation logs as NDJSON, and every kind of rejected line.
@Suite("Donation logs")
struct DonationLogTests {
    private let schema = """
    event ping
    event view { id: Int, name: String, rating: Double, ok: Bool, when: Date, note: String? }
    """

    private func load(_ text: String) -> (DonationStore, [String]) {
        let program = Fixture.compile(schema).program!
        var store = DonationStore(program: program)
        let issues = DonationLog.load(Array(text.utf8), fileName: "log.ndjson", into: &store)
        return (store, issues.map(\.description))
    }

    private let good = #"{"event": "view", "date": "2026-11-29T10:00:00Z", "value": {"id": 3, "name": "Alps", "rating": 4, "ok": true, "when": "2026-11-01T00:00:00.5+01:00"}}"#

    @Test("valid lines load, with optional fields null or absent and blank lines allowed")
    func valid() {
        let (store, issues) = load("""
        {"event": "ping", "date": "2026-11-29T10:00:00Z"}
        \(good)

        {"event": "view", "date": "2026-11-29T10:00:00.250-05:00", "value": {"id": -1, "name": "", "rating": 1.5e2, "ok": false, "when": "2026-11-01T00:00Z", "note": null}}
        {"event":"ping","date":"2026-11-29T10:00:00Z","value":{}}\r
        """)
        #expect(issues.isEmpty)
        #expect(store.count(of: "view") == 2)
        #expect(store.count(of: "ping") == 2)
    }

    @Test("a log in any date order loads into date order; equal dates keep line order; a later load merges in")
    func outOfOrder() throws {
        func line(_ id: Int, _ day: Int) -> String {
            #"{"event": "view", "date": "2026-11-\#(day)T10:00:00Z", "value": {"id": \#(id), "name": "n", "rating": 1, "ok": true, "when": "2026-11-01T00:00:00Z"}}"#
        }
        let program = try #require(Fixture.compile(schema).program)
        var store = DonationStore(program: program)
        let first = [line(1, 20), line(2, 12), line(3, 15), line(4, 12), line(5, 11)].joined(separator: "\n")
        #expect(DonationLog.load(Array(first.utf8), fileName: "a", into: &store).isEmpty)
        #expect(DonationLog.load(Array([line(6, 12), line(7, 25), line(8, 10)].joined(separator: "\n").utf8), fileName: "b", into: &store).isEmpty)
        let stream = try store.stream(for: try #require(store.schemas.last))
        #expect(Array(stream.dates) == stream.dates.sorted())
        #expect((0..<stream.count).map { stream.columns[0][$0] } == [8, 5, 2, 4, 6, 3, 1, 7].map { Value.int($0) })
    }

    @Test("repeated long payload strings of a log are stored once")
    func sharedStrings() throws {
        let name = "Wilbere Bowl and the Charley Lake trail"
        func line(_ day: Int) -> String {
            #"{"event": "view", "date": "2026-11-\#(day)T10:00:00Z", "value": {"id": 1, "name": "\#(name)", "rating": 1, "ok": true, "when": "2026-11-01T00:00:00Z"}}"#
        }
        let program = try #require(Fixture.compile(schema).program)
        var store = DonationStore(program: program)
        #expect(DonationLog.load(Array([line(10), line(11), line(12)].joined(separator: "\n").utf8), fileName: "a", into: &store).isEmpty)
        let stream = try store.stream(for: try #require(store.schemas.last))
        let addresses = (0..<stream.count).map { position -> UnsafeRawPointer? in
            guard case .string(var text) = stream.columns[1][position] else { return nil }
            return text.withUTF8 { UnsafeRawPointer($0.baseAddress) }
        }
        #expect(addresses.count == 3 && addresses[0] != nil)
        #expect(Set(addresses).count == 1)
    }

    @Test("each kind of bad line is rejected with its line, the column of what is wrong, and the reason", arguments: [
        ("not json", "log.ndjson:1:1: error: not valid JSON: invalid JSON value"),
        ("{\"event\": \"ping\", \"date\": \"2026-11-29T10:00:00Z\"", "log.ndjson:1:49: error: not valid JSON: expected ',' or '}' in the JSON object"),
        ("[1, 2]", "log.ndjson:1:1: error: expected a JSON object such as {\"event\": \"didLogin\", \"date\": \"2026-11-29T10:00:00Z\"}, found an array"),
        ("{\"event\": \"pong\", \"date\": \"2026-11-29T10:00:00Z\"}", "log.ndjson:1:11: error: unknown event 'pong'; did you mean 'ping'?"),
        ("{\"date\": \"2026-11-29T10:00:00Z\"}", "log.ndjson:1:1: error: missing 'event'"),
        ("{\"event\": \"ping\"}", "log.ndjson:1:1: error: missing 'date'"),
        ("{\"event\": \"ping\", \"date\": \"yesterday\"}", "log.ndjson:1:27: error: bad 'date': 'yesterday' is not an ISO 8601 date such as '2026-11-29T10:00:00Z'"),
        ("{\"event\": \"ping\", \"date\": \"2026-02-30T10:00:00Z\"}", "log.ndjson:1:27: error: bad 'date': '2026-02-30T10:00:00Z' has an invalid day 30 of month 2"),
        ("{\"event\": \"ping\", \"date\": \"2026-11-29T10:00:00Z\", \"extra\": 1}", "log.ndjson:1:51: error: unknown key 'extra'; a donation has 'event', 'date' and 'value'"),
        ("{\"event\": \"ping\", \"date\": \"2026-11-29T10:00:00Z\", \"value\": {\"x\": 1}}", "log.ndjson:1:61: error: unknown field 'x' in a donation of 'ping'"),
        ("{\"event\": \"view\", \"date\": \"2026-11-29T10:00:00Z\", \"value\": {\"id\": 1}}", "log.ndjson:1:60: error: missing field 'name' ('String') in a donation of 'view'"),
        ("{\"event\": \"view\", \"date\": \"2026-11-29T10:00:00Z\", \"value\": {\"id\": 1.0, \"name\": \"a\", \"rating\": 1, \"ok\": true, \"when\": \"2026-11-01T00:00:00Z\"}}",
         "log.ndjson:1:67: error: field 'id' of 'view' must be an integer that fits 'Int' (no fraction or exponent), found 1.0"),
        ("{\"event\": \"view\", \"date\": \"2026-11-29T10:00:00Z\", \"value\": {\"id\": 9223372036854775808, \"name\": \"a\", \"rating\": 1, \"ok\": true, \"when\": \"2026-11-01T00:00:00Z\"}}",
         "log.ndjson:1:67: error: field 'id' of 'view' must be an integer that fits 'Int' (no fraction or exponent), found 9223372036854775808"),
        ("{\"event\": \"view\", \"date\": \"2026-11-29T10:00:00Z\", \"value\": {\"id\": \"1\", \"name\": \"a\", \"rating\": 1, \"ok\": true, \"when\": \"2026-11-01T00:00:00Z\"}}",
         "log.ndjson:1:67: error: field 'id' of 'view' must be 'Int', found a string"),
        ("{\"event\": \"view\", \"date\": \"2026-11-29T10:00:00Z\", \"value\": {\"id\": 1, \"name\": \"a\", \"rating\": 1e999, \"ok\": true, \"when\": \"2026-11-01T00:00:00Z\"}}",
         "log.ndjson:1:93: error: field 'rating' of 'view' must be a finite number, found 1e999"),
        ("{\"event\": \"view\", \"date\": \"2026-11-29T10:00:00Z\", \"value\": {\"id\": 1, \"name\": \"a\", \"rating\": 1, \"ok\": 1, \"when\": \"2026-11-01T00:00:00Z\"}}",
         "log.ndjson:1:102: error: field 'ok' of 'view' must be 'Bool', found a number"),
        ("{\"event\": \"view\", \"date\": \"2026-11-29T10:00:00Z\", \"value\": {\"id\": 1, \"name\": null, \"rating\": 1, \"ok\": true, \"when\": \"2026-11-01T00:00:00Z\"}}",
         "log.ndjson:1:78: error: field 'name' of 'view' must be 'String', found null"),
        ("{\"event\": \"view\", \"date\": \"2026-11-29T10:00:00Z\", \"value\": {\"id\": 1, \"name\": \"a\", \"rating\": 1, \"ok\": true, \"when\": \"soon\"}}",
         "log.ndjson:1:116: error: field 'when' of 'view' must be an ISO 8601 date: 'soon' is not an ISO 8601 date such as '2026-11-29T10:00:00Z'"),
        ("{\"event\": \"ping\", \"event\": \"ping\", \"date\": \"2026-11-29T10:00:00Z\"}", "log.ndjson:1:19: error: not valid JSON: duplicate key \"event\" in the JSON object"),
        ("{\"event\": \"ping\", \"date\": \"2026-11-29T10:00:00Z\", \"value\": 3}", "log.ndjson:1:60: error: the payload ('value' in a log line) must be an object of payload fields, found a number"),
        ("{\"event\": 1, \"date\": \"2026-11-29T10:00:00Z\"}", "log.ndjson:1:11: error: 'event' must be a string, found a number"),
        ("{\"event\": \"ping\", \"date\": \"2026-11-29T10:00:00Z\"} x", "log.ndjson:1:51: error: not valid JSON: unexpected text after the JSON value"),
        ("{\"event\": \"ping\", \"date\": \"2026-11-29T10:00:00Z\", \"value\": {\"a\": 01}}", "log.ndjson:1:67: error: not valid JSON: numbers may not have leading zeros"),
    ])
    func rejected(line: String, expected: String) {
        let (store, issues) = load(line)
        #expect(issues == [expected])
        #expect(store.totalCount == 0)
    }

    @Test("a bad line's error underlines what is wrong in it: the key, the value or the payload", arguments: [
        (#"{"event": "pong", "date": "2026-11-29T10:00:00Z"}"#, #""pong""#),
        (#"{"event": ["ping"], "date": "2026-11-29T10:00:00Z"}"#, #"["ping"]"#),
        (#"{"date": "yesterday", "event": "ping"}"#, #""yesterday""#),
        (#"{"event": "ping", "date": "2026-11-29T10:00:00Z", "extra": {"a": 1}}"#, #""extra""#),
        (#"{"event": "view", "date": "2026-11-29T10:00:00Z", "value": {"id": 1}}"#, #"{"id": 1}"#),
        (#"{"event": "ping", "date": "2026-11-29T10:00:00Z", "value": [3]}"#, "[3]"),
        // The payload's field, not the donation's key of the same name; any order of keys.
        (#"{"value": {"id": 1, "date": 2}, "event": "view", "date": "2026-11-29T10:00:00Z"}"#, #""date""#),
        (#"{"value": {"id": 1, "name": "a", "rating": 1, "ok": true, "when": "soon"}, "event": "view", "date": "2026-11-29T10:00:00Z"}"#, #""soon""#),
        (#"{"event": "view", "date": "2026-11-29T10:00:00Z", "value": { "id" : 1.5e0 , "name": "a", "rating": 1, "ok": true, "when": "2026-11-01T00:00:00Z"}}"#, "1.5e0"),
        // What is missing has no place of its own: the line.
        (#"{"event": "view", "date": "2026-11-29T10:00:00Z"}"#, #"{"event": "view", "date": "2026-11-29T10:00:00Z"}"#),
        (#"{"event": "ping"}"#, #"{"event": "ping"}"#),
    ])
    func underlined(line: String, underlined: String) throws {
        let program = try #require(Fixture.compile(schema).program)
        var store = DonationStore(program: program)
        let first = "{\"event\": \"ping\", \"date\": \"2026-11-29T10:00:00Z\"}\n"
        let bytes = Array((first + line).utf8)
        let issues = DonationLog.load(bytes, fileName: "log.ndjson", into: &store)
        let issue = try #require(issues.first)
        #expect(issues.count == 1 && issue.location.line == 2)
        #expect(String(decoding: bytes[issue.range.start..<issue.range.end], as: UTF8.self) == underlined)
        // (Each case's text first shows up where it is meant: a payload's `"date"` before the line's.)
        let meant = try #require(line.range(of: underlined))
        #expect(issue.range.start == first.utf8.count + line.utf8.distance(from: line.startIndex, to: meant.lowerBound))
        #expect(store.totalCount == 1, "the good line is kept")
    }

    @Test("invalid UTF-8 in a line is rejected")
    func invalidUTF8() {
        let program = Fixture.compile(schema).program!
        var store = DonationStore(program: program)
        let bytes = Array(#"{"event": "view", "date": "2026-11-29T10:00:00Z", "value": {"id": 1, "name": ""#.utf8) + [0xC3, 0x28]
            + Array(#"", "rating": 1, "ok": true, "when": "2026-11-01T00:00:00Z"}}"#.utf8)
        let issues = DonationLog.load(bytes, fileName: "log.ndjson", into: &store)
        #expect(issues.map(\.description) == ["log.ndjson:1:79: error: not valid JSON: invalid UTF-8"])
    }

    @Test("every bad line is reported in one pass, and the good lines are kept")
    func allIssuesAtOnce() {
        let (store, issues) = load("""
        {"event": "ping", "date": "2026-11-29T10:00:00Z"}
        oops
        {"event": "ping", "date": "2026-11-29T10:00:00Z"}
        {"event": "nope", "date": "2026-11-29T10:00:00Z"}
        """)
        #expect(issues.map { $0.split(separator: ":").prefix(2).joined(separator: ":") } == ["log.ndjson:2", "log.ndjson:4"])
        #expect(store.count(of: "ping") == 2)
    }

    @Test("the library API rejects bad donations one by one")
    func libraryDonate() throws {
        let program = try #require(Fixture.compile(schema).program)
        var store = DonationStore(program: program)
        let when = Fixture.date("2026-11-01T00:00:00Z")
        try store.donate("ping", at: when)
        try store.donate("view", at: when, ["id": .int(1), "name": .string("a"), "rating": .double(1), "ok": .bool(true), "when": .date(0)])
        func refusal(_ event: String, _ payload: [String: Value] = [:]) -> String? {
            do { try store.donate(event, at: when, payload) } catch { return "\(error.code) \(error.message)" }
            return nil
        }
        #expect(refusal("pnig") == "D0106 unknown event 'pnig'; did you mean 'ping'?")
        #expect(refusal("view") == "D0110 missing field 'id' ('Int') in a donation of 'view'")
        #expect(refusal("view", ["id": .string("1"), "name": .string("a"), "rating": .double(1), "ok": .bool(true), "when": .date(0)])
            == "D0111 field 'id' of 'view' must be 'Int'")
        #expect(refusal("ping", ["x": .int(1)]) == "D0109 unknown field 'x' in a donation of 'ping'")
        #expect(store.totalCount == 2)
    }

    @Test("a copy of a store is not changed by later donations")
    func copyOnWrite() throws {
        let program = try #require(Fixture.compile(schema).program)
        var store = DonationStore(program: program)
        try store.donate("ping", at: Fixture.date("2026-11-01T00:00:00Z"))
        let snapshot = store
        try store.donate("ping", at: Fixture.date("2026-11-02T00:00:00Z"))
        #expect(snapshot.count(of: "ping") == 1)
        #expect(store.count(of: "ping") == 2)
    }

    @Test("a long payload string donated again through the API is stored once")
    func repeatedStringsShared() throws {
        let program = try #require(Fixture.compile(Fixture.header).program)
        let storage = InMemoryDonationStorage(events: program.events)
        let view = try #require(program.events.first { $0.id == "view" })
        // Two equal strings with storage of their own.
        let first = String(repeating: "Wilbere Bowl ", count: 3), second = String(repeating: "Wilbere Bowl ", count: 3)
        for (index, name) in [first, second, "Short", second].enumerated() {
            try storage.record(view, date: Fixture.date("2026-11-2\(index)T10:00:00Z"), payload: [.int(index), .string(name), .double(1), .null, .null])
        }
        let stream = try storage.stream(for: view)
        func address(_ position: Int) -> UnsafeRawPointer? {
            guard case .string(var text) = stream.columns[1][position] else { return nil }
            return text.withUTF8 { UnsafeRawPointer($0.baseAddress) }
        }
        #expect(address(0) != nil)
        #expect(address(1) == address(0))
        #expect(address(3) == address(0))
        #expect(stream.columns[1][2] == .string("Short"))
    }
}

@Suite("ISO 8601")
struct ISO8601Tests {
    @Test("parsing and formatting round trip", arguments: [
        ("2026-03-31T12:00:00Z", "2026-03-31T12:00:00Z"), ("2026-03-31T12:00:00.250Z", "2026-03-31T12:00:00.250Z"),
        ("2026-03-31T12:00:00.2504Z", "2026-03-31T12:00:00.250Z"), ("2026-03-31T14:00:00+02:00", "2026-03-31T12:00:00Z"),
        ("2026-03-31T07:30:00-0430", "2026-03-31T12:00:00Z"), ("2026-03-31T12:00Z", "2026-03-31T12:00:00Z"),
        ("2026-03-31T12:00:00", "2026-03-31T12:00:00Z"), ("1969-12-31T23:59:59.5Z", "1969-12-31T23:59:59.500Z"),
        ("2000-02-29T00:00:00Z", "2000-02-29T00:00:00Z"), ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z"),
    ])
    func roundTrip(input: String, output: String) throws {
        guard case .success(let seconds) = ISO8601.parse(input) else { Issue.record("did not parse"); return }
        #expect(ISO8601.format(seconds) == output)
    }

    @Test("the reference date matches Foundation's")
    func referenceDate() {
        #expect(Fixture.date("2001-01-01T00:00:00Z").timeIntervalSinceReferenceDate == 0)
        #expect(Fixture.date("1970-01-01T00:00:00Z").timeIntervalSince1970 == 0)
    }

    @Test("malformed and out-of-range dates are rejected", arguments: [
        "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T00:60:00Z", "2026-01-01T00:00:60Z",
        "2026-01-01", "2026-1-01T00:00:00Z", "2026-01-01T00:00:00ZZ", "2026-01-01T00:00:00+25:00", "", "2026-01-01T00:00:00.Z",
    ])
    func rejected(input: String) {
        guard case .failure = ISO8601.parse(input) else { Issue.record("accepted \(input)"); return }
    }
}
