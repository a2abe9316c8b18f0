# Swift's compiler as an oracle: evaluates generated expressions with `tiprules eval --expr`
# and as Swift (compiled by swiftc with Foundation imported, as in a TipKit app), and prints
# every expression where the type or the value differs, Swift rejects what TipRules accepts,
# or TipRules rejects (which may be right: check those by hand).
#
#   swift build -c release --product tiprules
#   python3 Scripts/oracle/run.py GENERATOR [SEED] [COUNT]
#   e.g. python3 Scripts/oracle/run.py Scripts/oracle/scalars.py 7 300
#
# Swift's own quirks are not mismatches to fix: `-(7)` is "ambiguous" to swiftc, a few
# ternaries of literals get type `Any` or `Int32` there, a few arrays of literals `[Decimal]`
# (`([-2.75, 1e308] + [2.5].prefix(0).map { $0 }).filter { ... }`), and `.first` of a slice in
# a closure can be taken as the method `first(where:)` unapplied (typed.py seed 306). A NaN
# prints as `nan` here whatever its sign (README). An expression TipRules answers with a
# runtime error is left out (Swift traps there); one Swift traps on alone shows as `<crash>`.
import os, subprocess, sys, tempfile, atexit, shutil
from compare import compare, tiprules_answers

if len(sys.argv) < 2:
    sys.exit("usage: python3 Scripts/oracle/run.py GENERATOR [SEED] [COUNT]")
generator = sys.argv[1]
seed = sys.argv[2] if len(sys.argv) > 2 else '1'
count = sys.argv[3] if len(sys.argv) > 3 else '300'
work = tempfile.mkdtemp(prefix='tiprules-oracle-')
# (Removed at exit, whatever the outcome.)
atexit.register(shutil.rmtree, work, ignore_errors=True)
generated = subprocess.run([sys.executable, generator, seed, count], capture_output=True, text=True, check=True).stdout
expressions = list(dict.fromkeys(line for line in generated.split('\n') if line.strip()))
rules = os.path.join(work, 'context.rules')
open(rules, 'w').write('event didLogin\n')
answers = tiprules_answers([rules], expressions)
compared, mismatches, rejected = compare(expressions, answers, work)
print(f'seed {seed}: {len(expressions)} expressions, {compared} compared, {mismatches} mismatches, {rejected} rejected by TipRules')
