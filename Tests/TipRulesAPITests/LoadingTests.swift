import Foundation
import Testing
import TipRules

@Suite("Loading rules")
struct LoadingTests {
    @Test("rules load from a string, a file path and a file URL")
    func sources() throws {
        let fromString = try RuleSet(source: Host.rules)
        #expect(fromString.eventIDs == ["appOpened", "didLogin", "didViewLandmarkDetail"])
        #expect(fromString.parameterNames == ["isLoggedIn", "nickname", "tags"])
        #expect(fromString.ruleNames == ["frequentLogin", "showTip", "tagged"])
        #expect(fromString.type(of: "favouriteName") == .optional(.string))
        #expect(fromString.schema(ofEvent: "didLogin")?.limit == 5)

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("host-\(UUID().uuidString).rules")
        try Host.rules.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try RuleSet(contentsOfFile: url.path).declarationNames == fromString.declarationNames)
        #expect(try RuleSet(contentsOf: url).declarationNames == fromString.declarationNames)
    }

    @Test("rules that do not compile throw every diagnostic, located, and render like the compiler")
    func compileErrors() {
        do throws(RuleError) {
            _ = try RuleSet(source: "event didLogin\nrule r = didLogin.donation.count >= 3\nrule s = nope", name: "bad.rules")
            Issue.record("expected a RuleError")
        } catch {
            #expect(error.diagnostics.map(\.code) == ["E0302", "E0301"])
            #expect(error.diagnostics[0].location.description == "2:19")
            #expect(error.diagnostics[0].fixIts.first?.replacement == "donations")
            #expect(error.description.contains("bad.rules:2:19: error[E0302]: value of type 'Event<didLogin>' has no member 'donation'"))
            #expect(error.description.contains(" 2 | rule r = didLogin.donation.count >= 3\n"))
        }
    }

    @Test("TipKit's donationLimit: spelling means limit:")
    func donationLimit() throws {
        let engine = RuleEngine(rules: try RuleSet(source: "event opened(donationLimit: 3)"))
        #expect(try engine.event("opened").donationLimit == 3)
    }

    @Test("a missing file is an error naming it, not a crash")
    func missingFile() {
        do throws(RuleError) {
            _ = try RuleSet(contentsOfFile: "/nonexistent/tips.rules")
            Issue.record("expected a RuleError")
        } catch {
            #expect(error.diagnostics.first?.code == "A0101")
            #expect(error.diagnostics.first?.message.hasPrefix("cannot read rules from '/nonexistent/tips.rules'") == true)
        }
    }

    @Test("a payload field named 'date' is rejected: the donation's own date would hide it")
    func dateField() {
        do throws(RuleError) {
            _ = try RuleSet(source: "event visit { date: Date, place: String }")
            Issue.record("expected a RuleError")
        } catch {
            #expect(error.diagnostics.map(\.code) == ["E0355"])
            #expect(error.diagnostics.first?.location.description == "1:15")
        }
    }
}
