// The system's libpq (Debian's libpq-dev), the PostgreSQL client library. Its header gives the
// types; the library itself is opened on first use (`tiprules_open_libpq`) rather than linked:
// linked, it and the twenty libraries it needs (Kerberos, LDAP, TLS) were loaded at every start
// of every program built on TipRules, about 9 ms each time, whether it used PostgreSQL or not.
#include <postgresql/libpq-fe.h>
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>

/// The libpq functions TipRules calls, as `tiprules_open_libpq` found them. (`__typeof__`
/// names each function's type without referring to the function itself.)
typedef struct TipRulesLibPQ {
    __typeof__(&PQconnectdb) connectdb;
    __typeof__(&PQstatus) status;
    __typeof__(&PQfinish) finish;
    __typeof__(&PQsetNoticeProcessor) setNoticeProcessor;
    __typeof__(&PQerrorMessage) errorMessage;
    __typeof__(&PQreset) reset;
    __typeof__(&PQexec) exec;
    __typeof__(&PQexecParams) execParams;
    __typeof__(&PQclear) clear;
    __typeof__(&PQresultStatus) resultStatus;
    __typeof__(&PQresultErrorMessage) resultErrorMessage;
    __typeof__(&PQnfields) nfields;
    __typeof__(&PQntuples) ntuples;
    __typeof__(&PQgetisnull) getisnull;
    __typeof__(&PQgetlength) getlength;
    __typeof__(&PQgetvalue) getvalue;
} TipRulesLibPQ;

/// Opens libpq and sets every field of `table`. Returns NULL when it did, or else what went
/// wrong (the dynamic loader's message, or the function the library lacks).
/// The library stays open for the rest of the process. Its usual names on Linux, then macOS;
/// when none opens, the loader's message for the first (which says why a library that is there
/// did not load, such as a dependency missing). Called once (see `LibPQ.shared`).
static inline const char *tiprules_open_libpq(TipRulesLibPQ *table) {
    static const char *const names[] = {"libpq.so.5", "libpq.so", "libpq.5.dylib", "libpq.dylib"};
    static char firstProblem[512];
    void *library = NULL;
    for (size_t index = 0; index < sizeof names / sizeof names[0] && library == NULL; index++) {
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
        if (library == NULL && index == 0) {
            const char *problem = dlerror();
            snprintf(firstProblem, sizeof firstProblem, "%s", problem != NULL ? problem : "libpq.so.5 cannot be opened");
        }
    }
    if (library == NULL) return firstProblem;
#define TIPRULES_LIBPQ_FUNCTION(field, name) \
    if ((table->field = (__typeof__(table->field))dlsym(library, #name)) == NULL) return "libpq has no " #name;
    TIPRULES_LIBPQ_FUNCTION(connectdb, PQconnectdb)
    TIPRULES_LIBPQ_FUNCTION(status, PQstatus)
    TIPRULES_LIBPQ_FUNCTION(finish, PQfinish)
    TIPRULES_LIBPQ_FUNCTION(setNoticeProcessor, PQsetNoticeProcessor)
    TIPRULES_LIBPQ_FUNCTION(errorMessage, PQerrorMessage)
    TIPRULES_LIBPQ_FUNCTION(reset, PQreset)
    TIPRULES_LIBPQ_FUNCTION(exec, PQexec)
    TIPRULES_LIBPQ_FUNCTION(execParams, PQexecParams)
    TIPRULES_LIBPQ_FUNCTION(clear, PQclear)
    TIPRULES_LIBPQ_FUNCTION(resultStatus, PQresultStatus)
    TIPRULES_LIBPQ_FUNCTION(resultErrorMessage, PQresultErrorMessage)
    TIPRULES_LIBPQ_FUNCTION(nfields, PQnfields)
    TIPRULES_LIBPQ_FUNCTION(ntuples, PQntuples)
    TIPRULES_LIBPQ_FUNCTION(getisnull, PQgetisnull)
    TIPRULES_LIBPQ_FUNCTION(getlength, PQgetlength)
    TIPRULES_LIBPQ_FUNCTION(getvalue, PQgetvalue)
#undef TIPRULES_LIBPQ_FUNCTION
    return NULL;
}
