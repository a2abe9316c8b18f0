import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

import Foundation

/// What the command line needs of a durable store, SQLite or PostgreSQL: batched writes, the
/// subject's donations as one value, and every donation for export.
package protocol DurableDonationStorage: DonationStorage {
    func record(_ donations: [(event: EventSchema, date: Date, payload: [Value])]) throws(Diagnostic)
    func contents() throws(Diagnostic) -> DonationStore
    func allDonations() throws(Diagnostic) -> [(subject: String, event: String, date: Double, payload: String)]
}

extension SQLiteDonationStorage: DurableDonationStorage {}
extension PostgresDonationStorage: DurableDonationStorage {}
