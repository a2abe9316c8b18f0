import Foundation
import Testing
import TipRules

@Suite("Explaining rules")
struct ExplainAPITests {
    @Test("explain tells why a rule fails and what would make it hold, and the donations it names do")
    func whyNot() throws {
        let engine = try Host.engine()
        let didLogin = try engine.event("didLogin")
        try didLogin.donate()
        try engine.parameter("isLoggedIn", as: Bool.self).set(true)
        let explanation = try engine.explain("showTip")
        #expect(explanation.result.value == .bool(false))
        #expect(explanation.referencedDeclarations == ["frequentLogin"])
        #expect(explanation.changes == ["2 more 'didLogin' donations within the last week would make it true"])
        #expect(explanation.description.contains("needs 2 more 'didLogin' donations within the last week"))
        #expect(explanation.description == explanation.text(useColor: false))
        let json = try #require(JSONSerialization.jsonObject(with: Data(explanation.json.utf8)) as? [String: Any])
        #expect((json["explanations"] as? [[String: Any]])?.map { $0["name"] as? String } == ["showTip", "frequentLogin"])

        for _ in 0..<2 { try didLogin.donate() }
        #expect(try engine.isSatisfied("showTip"))
    }

    @Test("a runtime error is explained, not thrown; an unknown name is refused")
    func errors() throws {
        let engine = try Host.engine()
        let explanation = try engine.explain("broken")
        #expect(explanation.result.error?.code == "R0105")
        #expect(explanation.description.contains("error: index 2 is out of range for an array of 2 elements"))
        #expect(refusal { _ = try engine.explain("brokn") } == "A0102 the rules declare no 'let' or 'rule' named 'brokn'; did you mean 'broken'?")
    }
}
