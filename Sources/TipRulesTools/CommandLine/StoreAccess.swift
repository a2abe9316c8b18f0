import TipRules
import TipRulesRuntime
import TipRulesSemantics
import TipRulesStore
import TipRulesSyntax

import Foundation

/// Where the command line keeps donations: `--store LOCATION` (a file path for SQLite, a
/// `postgresql://` URL for PostgreSQL) and
/// `--subject ID`, with a default location in the XDG data folder.
enum StoreAccess {
    /// `$XDG_DATA_HOME/tiprules/donations.sqlite`, by default
    /// `~/.local/share/tiprules/donations.sqlite`.
    static func defaultLocation(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let data: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            data = xdg
        } else {
            data = (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSTemporaryDirectory()) + "/.local/share"
        }
        return data + "/tiprules/donations.sqlite"
    }

    /// The store the arguments name: `--store`, or the default when only `--subject` is given
    /// (or when `always`); nil when neither is given.
    static func location(_ scanned: ArgumentScanner, always: Bool = false) -> String? {
        if let store = scanned.values["--store"]?.last { return store }
        if always || scanned.values["--subject"] != nil { return defaultLocation() }
        return nil
    }

    static func subject(_ scanned: ArgumentScanner) -> String {
        scanned.values["--subject"]?.last ?? ""
    }

    /// Opens a store for a program's events; writing ones are created (with their folder).
    static func open(_ location: String, events: [EventSchema], subject: String, readOnly: Bool) -> Result<any DurableDonationStorage, Diagnostic> {
        if location.hasPrefix("postgresql://") || location.hasPrefix("postgres://") {
            do {
                return .success(try PostgresDonationStorage(url: location, events: events, subject: subject))
            } catch {
                return .failure(error)
            }
        }
        if !readOnly {
            let folder = (location as NSString).deletingLastPathComponent
            if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        } else if !FileManager.default.fileExists(atPath: location) {
            return .failure(.about(location, in: "<store>", ToolMessages.noStore(location)))
        }
        do {
            return .success(try SQLiteDonationStorage(path: location, events: events, subject: subject, readOnly: readOnly))
        } catch {
            return .failure(error)
        }
    }

    /// Adds the donations a store holds for the subject into a store in memory.
    static func read(_ location: String, subject: String, into store: inout DonationStore) -> Diagnostic? {
        switch open(location, events: store.schemas, subject: subject, readOnly: true) {
        case .failure(let problem): return problem
        case .success(let storage):
            do {
                store.merge(try storage.contents())
                return nil
            } catch {
                return error
            }
        }
    }
}

/// Messages of the command line's own (codes T01xx).
enum ToolMessages {
    static func noStore(_ location: String) -> DiagnosticMessage {
        DiagnosticMessage("T0101", "no donation store at '\(location)'; 'tiprules donate' or 'tiprules store import' creates one")
    }
}
