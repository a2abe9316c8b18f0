import CLibPQ

/// The system's libpq, opened the first time a PostgreSQL store connects rather than linked
/// (see `CLibPQ/shim.h`): a program that never uses PostgreSQL never loads it.
final class LibPQ: Sendable {
    /// Its functions; every field is set (`tiprules_open_libpq` fails otherwise).
    let function: TipRulesLibPQ

    private init(_ function: TipRulesLibPQ) {
        self.function = function
    }

    /// The library, opened once per process; or why it could not be.
    static let shared: Result<LibPQ, PostgresError> = {
        var table = TipRulesLibPQ()
        if let problem = tiprules_open_libpq(&table) {
            return .failure(PostgresError(message: "the PostgreSQL client library could not be loaded (\(String(cString: problem))); "
                                                   + "install libpq (Debian's libpq5)", connectionLost: false))
        }
        return .success(LibPQ(table))
    }()
}
