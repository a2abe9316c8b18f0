// The system's libpq (Debian's libpq-dev), the PostgreSQL client library: linked through this
// module map rather than a Swift package.
#include <postgresql/libpq-fe.h>
