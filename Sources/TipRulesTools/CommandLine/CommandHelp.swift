import TipRules
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// The `--help` texts.
enum CommandHelp {
    static let version = "0.1.0"

    static let tool = """
    tiprules: check and evaluate TipKit-style eligibility rules

    USAGE:
      tiprules check FILE...                 parse and type-check rule files
      tiprules eval FILE [options] [NAME...] evaluate lets and rules over donation logs
      tiprules explain FILE NAME [options]   why a let or rule has its value, what would change it
      tiprules donate FILE EVENT [JSON]      record a donation in a store
      tiprules store import|export ...       move donations between NDJSON logs and a store
      tiprules repl [FILE...] [options]      an interactive session: rules, donations, time
      tiprules help [COMMAND]                show help for a command
      tiprules help CODE                     explain a diagnostic code, as E0302, with an example
      tiprules help codes                    list every diagnostic code

    OPTIONS:
      -h, --help     show this help
      --version      show the version

    EXIT STATUS:
      0  everything asked for was checked or evaluated (runtime errors of rules are output)
      1  compile errors, or rejected donation input
      2  a usage error (unknown option, missing file, bad --now)

    Run 'tiprules COMMAND --help' for the options of a command.

    """

    static let check = """
    tiprules check: parse and type-check rule files

    USAGE:
      tiprules check [--json] [--color WHEN] [--max-source-size BYTES] FILE...

    Every syntax, name and type error of every file is printed to stderr as
    FILE:LINE:COL: error: message, with the source line and a caret under the problem.
    Use '-' as FILE to read standard input.

    OPTIONS:
      --json       print each diagnostic as one JSON object per line on stdout
      --color WHEN colour diagnostics: auto (on a terminal without NO_COLOR; the
                   default), always or never
      --max-source-size BYTES
                   the largest rule file accepted, such as 8M (default 64M)
      -h, --help   show this help

    EXIT STATUS:
      0 when no file has errors (warnings allowed), 1 otherwise, 2 on a usage error

    """

    static let eval = """
    tiprules eval: evaluate lets and rules over donation logs

    USAGE:
      tiprules eval FILE [--donations LOG]... [--store LOCATION] [--subject ID] [--now DATE]
                    [--time-zone TZ] [--parameter NAME=VALUE]... [--json] [NAME...]
      tiprules eval FILE [--donations LOG]... [options] --expr 'EXPR'

    Evaluates the named lets and rules (all of them, in file order, when none are named),
    or with --expr one expression in the file's context. Text output is
    'name: Type = value'; a rule whose evaluation fails shows its error and the command
    still succeeds.

    OPTIONS:
      --donations LOG   an NDJSON donation log; repeat for several logs (read in order)
      --store LOCATION  also read donations from a store: a SQLite file or a postgresql://
                        URL (read-only here; 'tiprules donate' writes)
      --subject ID      whose donations to read from the store (default: the implicit
                        subject; with no --store, the default store)
      --now DATE        the evaluation clock, ISO 8601 such as 2026-11-29T10:00:00Z
                        (default: the current time; a date without offset is UTC)
      --time-zone TZ    the time zone for calendar windows, such as Europe/Paris (default: UTC)
      --parameter NAME=VALUE
                        set a parameter instead of its default; VALUE as JSON (true, 3,
                        "Ann", null, ["a"]) or a bare word for a string; repeatable
      --expr EXPR       evaluate this expression instead of declarations; repeatable
      --max-source-size BYTES
                        the largest rule file accepted, such as 8M (default 64M)
      --json            print one JSON object per result on stdout
      --color WHEN      colour diagnostics: auto (the default), always or never
      -h, --help        show this help

    EXIT STATUS:
      0 when everything asked for was evaluated, 1 on compile errors or rejected donation
      lines (every bad line is reported and nothing is evaluated), 2 on a usage error

    """

    static let repl = """
    tiprules repl: an interactive session with rules, donations and a clock

    USAGE:
      tiprules repl [FILE...] [--donations LOG]... [--store LOCATION] [--subject ID]
                    [--now DATE] [--time-zone TZ] [--parameter NAME=VALUE]... [--json]
                    [--color WHEN]

    Type an expression to see its value and type, or a declaration (event, parameter,
    let, rule) to add it; declaring a name again replaces it. An unfinished line (an open
    bracket, a trailing operator) continues on the next; an empty line or Ctrl-C abandons
    it. Commands start with ':' (':help' lists them); a unique prefix is enough.

    On a terminal, lines are edited with libedit when it is installed: arrow keys, Ctrl-R
    to search the history, Tab to complete. The history is kept in
    $XDG_STATE_HOME/tiprules/history (default ~/.local/state/tiprules/history).

    OPTIONS:
      FILE              rule files to load at the start (':reload' reads them again)
      --donations LOG   an NDJSON donation log to start with; repeatable
      --store LOCATION  also read donations from a store: a SQLite file or a postgresql://
                        URL (read-only here; 'tiprules donate' writes)
      --subject ID      whose donations to read from the store (default: the implicit
                        subject; with no --store, the default store)
      --now DATE        the clock at the start, ISO 8601 (default: the current time)
      --time-zone TZ    the time zone for calendar windows (default: UTC)
      --parameter NAME=VALUE
                        set a parameter, as ':set' does; repeatable
      --json            answer every line read with one JSON object on stdout (no
                        banner, no prompt), for programs that drive the REPL
      --color WHEN      colour diagnostics: auto (the default), always or never
      --max-source-size BYTES
                        the largest rule file accepted, such as 8M (default 64M)
      -h, --help        show this help

    EXIT STATUS:
      0 at the end of the session; with input that is not a terminal, 1 when any input
      had an error; 1 when a FILE or LOG has errors; 2 on a usage error

    """

    static let explain = """
    tiprules explain: why a let or rule has its value, and what would change it

    USAGE:
      tiprules explain FILE NAME [--donations LOG]... [--store LOCATION] [--subject ID]
                       [--now DATE] [--time-zone TZ] [--parameter NAME=VALUE]... [--json]
                       [--color WHEN]

    Evaluates NAME and shows every subexpression under its source with its value:
    branches not evaluated are marked, streams show their count at each stage and a
    window its start, closures a summary over their elements, and each let or rule read
    is explained after it. Then come the changes that would change the answer (more
    donations, a later clock, another parameter value), each checked by making the change
    and evaluating again.

    OPTIONS:
      --donations LOG   an NDJSON donation log; repeatable
      --store LOCATION  also read donations from a store: a SQLite file or a postgresql://
                        URL (read-only here; 'tiprules donate' writes)
      --subject ID      whose donations to read from the store (default: the implicit
                        subject; with no --store, the default store)
      --now DATE        the evaluation clock, ISO 8601 (default: the current time)
      --time-zone TZ    the time zone for calendar windows (default: UTC)
      --parameter NAME=VALUE
                        set a parameter (VALUE as JSON, or a bare word for a string)
      --json            print the explanation as one JSON object
      --color WHEN      colour the text: auto (the default), always or never
      --max-source-size BYTES
                        the largest rule file accepted, such as 8M (default 64M)
      -h, --help        show this help

    EXIT STATUS:
      0 when NAME was explained (a runtime error is part of the explanation), 1 on compile
      errors or rejected donation lines, 2 on a usage error

    """

    static let donate = """
    tiprules donate: record a donation in a durable store

    USAGE:
      tiprules donate FILE EVENT [JSON] [--at DATE] [--subject ID] [--store LOCATION]

    Checks the payload against EVENT's declaration in FILE, writes the donation and prints
    what was stored. JSON is the payload object, as in a donation log's "value"; leave it
    out for an event without payload.

    OPTIONS:
      --at DATE         the donation's date, ISO 8601 (default: now)
      --subject ID      whose donation it is: a user or device id (default: the implicit
                        subject)
      --store LOCATION  a SQLite file or a postgresql:// URL (default: the SQLite file
                        $XDG_DATA_HOME/tiprules/donations.sqlite,
                        by default ~/.local/share/tiprules/donations.sqlite); created
                        with its folder when missing
      -h, --help        show this help

    EXIT STATUS:
      0 when the donation was stored, 1 when the rules, the payload or the store refused it,
      2 on a usage error

    """

    static let store = """
    tiprules store: move donations between NDJSON logs and a durable store

    USAGE:
      tiprules store import FILE LOG... [--subject ID] [--store LOCATION]
      tiprules store export [--subject ID] [--store LOCATION]

    'import' checks every line of the logs against FILE's declarations, then writes them
    all (a log with a bad line writes nothing). 'export' prints a subject's donations as
    an NDJSON log, oldest first, which 'import' and '--donations' read back exactly.

    OPTIONS:
      --subject ID      whose donations (default: the implicit subject)
      --store LOCATION  a SQLite file or a postgresql:// URL (default:
                        $XDG_DATA_HOME/tiprules/donations.sqlite)
      -h, --help        show this help

    """
}
