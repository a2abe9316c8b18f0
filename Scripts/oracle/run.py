# Swift's compiler as an oracle: evaluates generated expressions with `tiprules eval --expr`
# and as Swift (compiled by swiftc with Foundation imported, as in a TipKit app), and prints
# every expression where the type or the value differs, Swift rejects what TipRules accepts,
# or TipRules rejects (which may be right: check those by hand).
#
#   swift build -c release --product tiprules
#   python3 Scripts/oracle/run.py GENERATOR [SEED] [COUNT]
#   e.g. python3 Scripts/oracle/run.py Scripts/oracle/scalars.py 7 300
#
# Swift's own quirks are not mismatches to fix: `-(7)` is "ambiguous" to swiftc, and a few
# ternaries of literals get type `Any` or `Int32` there. A trap in Swift ends its program early
# (shown as `<crash>` for the rest); TipRules reports those as runtime errors, left out here.
import os, re, subprocess, sys, tempfile

if len(sys.argv) < 2:
    sys.exit("usage: python3 Scripts/oracle/run.py GENERATOR [SEED] [COUNT]")
generator = sys.argv[1]
seed = sys.argv[2] if len(sys.argv) > 2 else '1'
count = sys.argv[3] if len(sys.argv) > 3 else '300'
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
tool = os.path.join(root, '.build', 'release', 'tiprules')
work = tempfile.mkdtemp(prefix='tiprules-oracle-')

generated = subprocess.run([sys.executable, generator, seed, count], capture_output=True, text=True, check=True).stdout
expressions = list(dict.fromkeys(line for line in generated.split('\n') if line.strip()))
rules = os.path.join(work, 'context.rules')
open(rules, 'w').write('event didLogin\n')

# TipRules: all expressions in one run; any it did not answer again one by one, for the error.
answers = {}
run = subprocess.run([tool, 'eval', rules] + [a for e in expressions for a in ('--expr', e)], capture_output=True, text=True)
for line in run.stdout.split('\n'):
    for e in expressions:
        if line.startswith(e + ': '):
            answers[e] = line[len(e) + 2:]
for e in expressions:
    if e in answers:
        continue
    one = subprocess.run([tool, 'eval', rules, '--expr', e], capture_output=True, text=True)
    answered = [line for line in one.stdout.split('\n') if line.startswith(e + ': ')]
    if answered:
        answers[e] = answered[0][len(e) + 2:]
        continue
    match = re.search(r'error(\[\w+\])?: (.*)', one.stdout + one.stderr)
    answers[e] = 'ERROR ' + (match.group(2) if match else (one.stdout + one.stderr)[:120])

# Swift: each expression bound with `let`, shown as TipRules shows values (`Type = value`).
PRELUDE = r'''import Foundation
func out(_ t: String, _ v: String) { print("\(t) = \(v)"); fflush(stdout) }
func dd<T>(_ v: T) -> String { var s = ""; debugPrint(v, terminator: "", to: &s); return s }
func nm<T>(_ t: T.Type) -> String { var n = "\(t)"; while let r = n.range(of: "Array<") { n = "[" + n[r.upperBound...].dropLast() + "]" }; return n }
func show<T>(_ v: T) { out(nm(T.self), dd(v)) }
func show(_ v: String) { out("String", dd(v)) }
func show<T>(_ v: T?) { out(nm(T.self) + "?", v.map { dd($0) } ?? "nil") }
func show<S: Sequence>(_ v: S) { out("[" + nm(S.Element.self) + "]", dd(Array(v))) }
'''
source = os.path.join(work, 'oracle.swift')
binary = os.path.join(work, 'oracle')
compared = [e for e in expressions if not answers[e].startswith('ERROR') and 'runtime error' not in answers[e]]

def build(items):
    open(source, 'w').write(PRELUDE + '\n'.join(f'do {{ let v = {e}; show(v) }}' for e in items) + '\n')
    return subprocess.run(['swiftc', '-Onone', source, '-o', binary], capture_output=True, text=True)

first_line = PRELUDE.count('\n') + 1
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
lines = subprocess.run([binary], capture_output=True, text=True).stdout.split('\n')
mismatches = 0
for index, e in enumerate(compared):
    swift = lines[index] if index < len(lines) else '<crash>'
    if swift != answers[e]:
        mismatches += 1
        print('MISMATCH', e, '\n   tiprules:', answers[e], '\n   swift:   ', swift)
errors = [e for e in expressions if e not in compared and (answers[e].startswith('ERROR') or 'runtime error' in answers[e])]
for e in errors:
    print('TIPRULES REJECTS:', e, '::', answers[e][:160])
print(f'seed {seed}: {len(expressions)} expressions, {len(compared)} compared, {mismatches} mismatches, {len(errors)} rejected by TipRules')
