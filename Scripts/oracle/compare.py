# What run.py and donations.py share: asking `tiprules eval --expr` for each expression's
# `Type = value`, and the same expressions compiled by swiftc (Foundation imported) and shown
# the way TipRules shows values, then compared line by line.
import os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOL = os.path.join(ROOT, '.build', 'release', 'tiprules')

# Shows a Swift value as TipRules prints it: `Type = value`, arrays as `[T]`, optionals as `T?`.
SHOW = r'''import Foundation
func out(_ t: String, _ v: String) { print("\(t) = \(v)"); fflush(stdout) }
func dd<T>(_ v: T) -> String { var s = ""; debugPrint(v, terminator: "", to: &s); return s }
func nm<T>(_ t: T.Type) -> String { var n = "\(t)"; while let r = n.range(of: "Array<") { n = "[" + n[r.upperBound...].dropLast() + "]" }; return n }
func show<T>(_ v: T) { out(nm(T.self), dd(v)) }
func show(_ v: String) { out("String", dd(v)) }
func show<T>(_ v: T?) { out(nm(T.self) + "?", v.map { dd($0) } ?? "nil") }
func show<S: Sequence>(_ v: S) { out("[" + nm(S.Element.self) + "]", dd(Array(v))) }
func show<T>(_ v: [T?]) { out("[" + nm(T.self) + "?]", "[" + v.map { $0.map { dd($0) } ?? "nil" }.joined(separator: ", ") + "]") }
'''


def tiprules_answers(eval_arguments, expressions):
    """Each expression's `Type = value` from `tiprules eval`, or `ERROR message`: all in one run,
    then any it did not answer one by one (one compile error stops a run)."""
    answers = {}
    run = subprocess.run([TOOL, 'eval'] + eval_arguments + [a for e in expressions for a in ('--expr', e)],
                         capture_output=True, text=True)
    for line in run.stdout.split('\n'):
        for e in expressions:
            if line.startswith(e + ': '):
                answers[e] = line[len(e) + 2:]
    for e in expressions:
        if e in answers:
            continue
        one = subprocess.run([TOOL, 'eval'] + eval_arguments + ['--expr', e], capture_output=True, text=True)
        answered = [line for line in one.stdout.split('\n') if line.startswith(e + ': ')]
        if answered:
            answers[e] = answered[0][len(e) + 2:]
            continue
        match = re.search(r'error(\[\w+\])?: (.*)', one.stdout + one.stderr)
        answers[e] = 'ERROR ' + (match.group(2) if match else (one.stdout + one.stderr)[:120])
    return answers


def runtime_error(answer):
    """Whether TipRules answered with a runtime error (`Int = error: ...`), where Swift traps."""
    return 'runtime error' in answer or ' = error: ' in answer


def compare(expressions, answers, work, declarations=''):
    """Compiles the expressions TipRules answered as Swift (after `declarations`), prints what
    Swift rejects and every difference; returns (compared, mismatches, rejected by TipRules)."""
    prelude = SHOW + declarations
    source, binary = os.path.join(work, 'oracle.swift'), os.path.join(work, 'oracle')
    compared = [e for e in expressions if not answers[e].startswith('ERROR') and not runtime_error(answers[e])]

    # One case per expression, run by index: a trap in Swift ends only the run it is in, and the
    # rest run again without it.
    def build(items):
        cases = ''.join(f'case {i}: let v = {e}; show(v)\n' for i, e in enumerate(items))
        open(source, 'w').write(prelude + 'func run(_ k: Int) {\nswitch k {\n' + cases + 'default: break\n}\n}\n'
                                + 'for k in CommandLine.arguments.dropFirst() { run(Int(k)!) }\n')
        return subprocess.run(['swiftc', '-Onone', source, '-o', binary], capture_output=True, text=True)

    first_line = prelude.count('\n') + 3
    compiled = build(compared)
    if compiled.returncode != 0:
        rejected = set()
        for match in re.finditer(r'oracle\.swift:(\d+):\d+: error: (.*)', compiled.stderr):
            index = int(match.group(1)) - first_line
            if 0 <= index < len(compared) and index not in rejected:
                rejected.add(index)
                if 'unable to type-check' not in match.group(2):
                    print('SWIFT REJECTS:', compared[index], '::', match.group(2), '::', answers[compared[index]])
        compared = [e for i, e in enumerate(compared) if i not in rejected]
        compiled = build(compared)
        if compiled.returncode != 0:
            sys.exit('swiftc still fails:\n' + compiled.stderr[:3000])
    swift_lines = {}
    pending = list(range(len(compared)))
    while pending:
        run = subprocess.run([binary] + [str(i) for i in pending], capture_output=True, text=True)
        printed = [line for line in run.stdout.split('\n') if line]
        swift_lines.update(zip(pending, printed))
        if run.returncode == 0 or len(printed) >= len(pending):
            break
        swift_lines[pending[len(printed)]] = '<crash>'
        pending = pending[len(printed) + 1:]
    mismatches = 0
    for index, e in enumerate(compared):
        swift = swift_lines.get(index, '<crash>')
        if swift != answers[e]:
            mismatches += 1
            print('MISMATCH', e, '\n   tiprules:', answers[e], '\n   swift:   ', swift)
    errors = [e for e in expressions if e not in compared and (answers[e].startswith('ERROR') or runtime_error(answers[e]))]
    for e in errors:
        print('TIPRULES REJECTS:', e, '::', answers[e][:160])
    return len(compared), mismatches, len(errors)
