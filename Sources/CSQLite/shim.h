// The system's SQLite (Debian's libsqlite3-dev): TipRules links the library the machine has,
// through this module map, rather than a Swift package.
#include <sqlite3.h>
