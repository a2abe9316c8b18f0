# Swift's compiler as an oracle over a donation stream: makes up to 9 donations of an event
# `view { id: Int, name: String, score: Double, note: String? }` (ids that repeat, optional notes,
# equal dates), evaluates generated expressions over them with `tiprules eval` (so the optimizer's
# fused scans run) and over the same values as Swift structs, and prints every difference.
#   swift build -c release --product tiprules
#   python3 Scripts/oracle/donations.py SEED [COUNT] [MOST]
# MOST is the most donations made (9 by default); several hundred run the batch evaluator's
# columns across batches (256 rows) as well. (Past about 1,500, swiftc may run out of memory on
# the donations' array literal.)
import datetime, json, random, sys, tempfile, atexit, shutil
from compare import compare, tiprules_answers
seed = sys.argv[1] if len(sys.argv) > 1 else '1'
count = sys.argv[2] if len(sys.argv) > 2 else '200'
most = int(sys.argv[3]) if len(sys.argv) > 3 else 9
R = random.Random(int(seed) * 7919)
def il(): return R.choice(['0', '1', '2', '3', '5', '-1'])
def dl(): return R.choice(['0.5', '2.5', '3.0', '4.5', '1.0'])
def sl(): return R.choice(['"Alps"', '"Zion"', '"a"', '""', '"é"', '"Lake"', '"ß"', '"strasse"', '"k"'])
def pred(v='$0'):
    return R.choice([
        f'{v}.id {R.choice(["==", ">", "<", "!="])} {il()}',
        f'{v}.score {R.choice([">", "<=", "=="])} {dl()}',
        f'{v}.name.hasPrefix({sl()})', f'{v}.name.count > {il()}', f'({v}.note ?? "") == {sl()}',
        f'{v}.note != nil', f'{v}.note?.isEmpty == false', f'{v}.name.lowercased().contains("a")',
        f'{v}.id % 2 == 0', f'({v}.id > 1 && {v}.score < 4)', f'({v}.id == 0 || {v}.name == "Zion")',
        f'{v}.date > view.donations[0].date', f'{v}.date.timeIntervalSince(view.donations[0].date) < 86400 * 3',
        f'abs({v}.score - 2.5) < 1', f'Double({v}.id) * 1.5 > {v}.score',
        f'abs({v}.date.timeIntervalSince(view.donations[{R.randint(0, 2)}].date)) {R.choice(["<", "<=", ">", ">="])} 86400 * {R.choice(["0", "1", "3"])}',
        f'abs(view.donations.last!.date.timeIntervalSince({v}.date)) < 86400 * 2',
    ])
def compared_search():
    f = R.choice(['score', 'id', 'date'])
    search = R.choice(['contains', 'last', 'first'])
    window = R.choice(['', f'$0.date {R.choice(["<", ">", ">="])} v.date && '])
    test = f'{window}$0.{f} {R.choice(["<", "<=", ">", ">=", "==", "!="])} v.{f}{R.choice(["", " + 1"]) if f != "date" else ""}'
    found = '' if search == 'contains' else ' != nil'
    return f'view.donations.filter {{ v in view.donations.{search} {{ {test} }}{found} }}.count'
def counting_reduce():
    test = f'view.donations.contains {{ $0.date < v.date && {pred()} }}'
    body = R.choice([f'acc + ({test} ? 1 : 0)', f'({test} ? 0 : 1) + acc', f'{test} ? acc + 1 : acc', f'{test} ? acc : 1 + acc'])
    return f'view.donations.reduce({il()}) {{ acc, v in {body} }} {R.choice([">", "==", "<="])} {il()}'
def keypath(): return R.choice(['\\.name', '\\.score', '\\.id'])
def field(v='$0'): return R.choice([f'{v}.id', f'{v}.score', f'{v}.name', f'{v}.name.count', f'({v}.note ?? "-")', f'{v}.id * 2 + 1', f'{v}.score * 2'])
def note_test():
    op = R.choice(["==", "!=", "<", ">="])
    return R.choice([f'($0.note ?? {sl()}) {op} {sl()}', f'{sl()} == $0.note', f'$0.note != nil && {pred()}', pred(),
                     f'$0.note?.isEmpty == {R.choice(["false", "true"])}', f'$0.note?.hasPrefix({sl()}) {R.choice(["==", "!="])} true',
                     f'($0.note?.count ?? {il()}) {op} {il()}', f'!($0.note == nil || {pred()})', f'$0.note?.lowercased() == {sl()}'])
def note_unwrap():
    return R.choice(['map { $0.note!.count }', f'count(where: {{ $0.note!.hasPrefix({sl()}) }})', 'reduce(0) { $0 + $1.note!.count }',
                     f'contains {{ $0.note! < {sl()} }}', 'map { $0.note! + "!" }'])
def skipping_needle():
    end = R.choice(['last', 'first'])
    if R.random() < 0.5:
        ids = R.choice(['Set(view.donations.map(\\.id))', 'view.donations.map(\\.id)', 'view.donations.filter { ' + pred() + ' }.map(\\.id)'])
        return ids + '.contains(view.donations.' + end + '?.id ?? ' + il() + ')'
    names = R.choice(['view.donations.map(\\.name)', 'view.donations.compactMap(\\.note)'])
    return names + '.contains(view.donations.' + end + '?.note ?? ' + sl() + ')'
def classified_score():
    test = R.choice(['$0.score.isNaN', '!$0.score.isNaN', '$0.score.isFinite', '$0.score.isInfinite',
                     'abs($0.score) ' + R.choice(['<', '>=', '==', '!=']) + ' ' + dl()])
    return 'view.donations.' + R.choice(['contains { ' + test + ' }', 'allSatisfy { ' + test + ' }', 'count(where: { ' + test + ' })'])
forms = [
 lambda: f'view.donations.filter {{ {pred()} }}.count',
 lambda: f'view.donations.contains {{ {pred()} }}',
 lambda: f'view.donations.allSatisfy {{ {pred()} }}',
 lambda: f'view.donations.count(where: {{ {pred()} }})',
 lambda: f'view.donations.first {{ {pred()} }}?.id',
 # Ternaries of Bools as predicates, a branch unwrapping what the test checks.
 lambda: f'view.donations.{R.choice(["contains", "allSatisfy"])} {{ {pred()} ? {pred()} : {pred()} }}',
 lambda: f'view.donations.filter {{ {pred()} ? {pred()} : {pred()} }}.count',
 lambda: f'view.donations.last(where: {{ {pred()} ? {pred()} : ({pred()} ? {pred()} : {pred()}) }})?.id',
 lambda: f'view.donations.count(where: {{ $0.note == nil ? {pred()} : $0.note!.count > {il()} }})',
 lambda: f'view.donations.filter {{ $0.note != nil ? $0.note!.hasPrefix({sl()}) : {pred()} }}.map(\\.id)',
 lambda: f'view.donations.last(where: {{ {pred()} }})?.name',
 lambda: f'view.donations.map {{ {field()} }}',
 lambda: f'view.donations.filter {{ {pred()} }}.map(\\.id)',
 lambda: f'view.donations.map(\\.score).reduce(0, +)',
 lambda: f'view.donations.reduce(0) {{ $0 + $1.id }}',
 lambda: f'view.donations.reduce(0.0) {{ $0 + ($1.note == nil ? 0 : $1.score) }}',
 # `Int` folds whose step reads the accumulator (`max` or `min` beside it, a branch that keeps
 # it), and sums of ternaries whose branches may overflow on rows they are not taken for.
 lambda: f'view.donations.reduce({il()}) {{ {pred("$1")} ? $0 + {il()} : max({il()}, $0 - {R.choice(["1", "2", "$1.id"])}) }}',
 lambda: f'view.donations.reduce({il()}) {{ {R.choice(["min", "max"])}($0 * {R.choice(["2", "3", "-1"])}, {R.choice(["40", "$1.id", "-7"])}) {R.choice(["+", "-"])} $1.id }}',
 lambda: f'view.donations.reduce({il()}) {{ {pred("$1")} ? $0 : $0 * {R.choice(["2", "3"])} % {R.choice(["7", "1001", "$1.id"])} }}',
 lambda: f'view.donations.reduce(0) {{ $0 + ($1.id {R.choice(["==", ">", "<"])} {il()} ? $1.id * {R.choice(["4611686018427387904", "3"])} : -$1.id) }}',
 # `Double` folds whose ternary compares the accumulator with the row, either side, and
 # `min` or `max` of the row beside it.
 lambda: f'view.donations.reduce({dl()}) {{ $0 {R.choice(["<", "<=", ">", "!=", "=="])} {R.choice(["$1.score", dl()])} ? $0 {R.choice(["+", "-", "*"])} {dl()} : $0 + $1.score }}',
 lambda: f'view.donations.reduce(0.0) {{ {R.choice(["2.5", "$1.score"])} {R.choice(["<", ">="])} $0 ? $0 - 1 : $1.score }}',
 lambda: f'view.donations.reduce(0.0) {{ {R.choice(["min", "max"])}({R.choice(["$0 + $1.score, " + dl(), "$0 * 0.5, $1.score", "$1.score - 1, $0 + 0.5"])}) }}',
 lambda: f'view.donations.map(\\.id).max()',
 lambda: f'view.donations.map(\\.name).sorted()',
 lambda: f'view.donations.sorted {{ $0.score > $1.score }}.map(\\.id)',
 lambda: f'view.donations.sorted {{ $0.name < $1.name }}.first?.id',
 lambda: f'view.donations.min {{ $0.score < $1.score }}?.name',
 # Orders by several keys, as chains (a == b ? x : a op b, a op b || (a == b && x)) and not.
 lambda: f'view.donations.sorted {{ $0.score == $1.score ? $0.id {R.choice(["<", ">", "<=", ">="])} $1.id : $0.score {R.choice(["<", ">", "<=", ">=", "!="])} $1.score }}.map(\\.id)',
 lambda: f'view.donations.sorted {{ $0.id {R.choice(["<", ">", "<="])} $1.id || ($0.id == $1.id && $0.date {R.choice(["<", ">"])} $1.date) }}.map(\\.name)',
 lambda: f'view.donations.{R.choice(["min", "max"])} {{ ($0.id % 3) == ($1.id % 3) ? $0.score < $1.score : ($0.id % 3) < ($1.id % 3) }}?.id',
 lambda: f'view.donations.max(by: {{ $0.id < $1.id }})?.score',
 lambda: f'Set(view.donations.map(\\.id)).count',
 lambda: f'Set(view.donations.map(\\.name)).contains({sl()})',
 lambda: f'view.donations.compactMap(\\.note)',
 lambda: f'view.donations.compactMap {{ $0.note?.count }}.reduce(0, +)',
 lambda: f'view.donations.prefix({R.randint(0,4)}).map(\\.id)',
 lambda: f'view.donations.suffix({R.randint(0,4)}).filter {{ {pred()} }}.count',
 lambda: f'view.donations.dropFirst({R.randint(0,3)}).contains {{ {pred()} }}',
 lambda: f'view.donations.reversed().first {{ {pred()} }}?.id',
 lambda: f'view.donations.filter {{ {pred()} }}.isEmpty',
 lambda: f'view.donations.contains {{ d in view.donations.contains {{ $0.id == d.id && $0.date > d.date }} }}',
 # Nested searches by dates alone (swept windows): each comparison, shifted or not, negated or not.
 lambda: f'view.donations.filter {{ d in view.donations.contains {{ $0.date {R.choice(["<", "<=", ">", ">="])} d.date }} }}.count',
 lambda: f'view.donations.count(where: {{ d in view.donations.last {{ $0.date {R.choice(["<", "<=", ">", ">="])} d.date.addingTimeInterval({R.randint(-3, 3) * 3600}) }} != nil }})',
 lambda: f'view.donations.filter {{ d in view.donations.allSatisfy {{ d.date.timeIntervalSince($0.date) {R.choice(["<", "<=", ">", ">="])} {R.randint(-2, 2) * 3600} }} }}.map(\\.id)',
 lambda: f'view.donations.reversed().filter {{ d in view.donations.contains {{ $0.date > d.date && $0.date.timeIntervalSince(d.date) {R.choice(["<", "<="])} {R.randint(0, 3) * 3600} }} }}.count',
 lambda: f'view.donations.filter {{ d in view.donations.allSatisfy {{ $0.date {R.choice(["<", "<="])} d.date || $0.date {R.choice([">", ">="])} d.date.addingTimeInterval({R.randint(0, 3) * 3600}) }} }}.count',
 lambda: f'view.donations.count(where: {{ d in view.donations.contains {{ !($0.date {R.choice(["<", "<=", ">", ">="])} d.date) && $0.id != {il()} }} }})',
 lambda: f'view.donations.filter {{ d in view.donations.filter {{ $0.name == d.name }}.count > 1 }}.count',
 # Outer searches decided where a nested search fails: `allSatisfy` of one, and the searches
 # of its negation (session 50).
 lambda: f'view.donations.allSatisfy {{ d in view.donations.contains {{ $0.date {R.choice(["<", "<=", ">", ">="])} d.date }} }}',
 lambda: f'view.donations.{R.choice(["contains", "allSatisfy"])} {{ d in !view.donations.contains {{ $0.date {R.choice(["<", "<=", ">", ">="])} d.date{R.choice(["", " && " + pred()])} }} }}',
 lambda: f'view.donations.{R.choice(["first", "last"])} {{ d in !view.donations.{R.choice(["contains", "allSatisfy"])} {{ $0.date {R.choice(["<", "<=", ">", ">="])} d.date.addingTimeInterval({R.randint(-3, 3) * 3600}) }} }}?.id',
 # Searches of mapped values: the value found, the map charged for every donation.
 lambda: f'view.donations.map {{ {field()} }}.{R.choice(["first", "last"])} {{ $0 {R.choice(["==", "!=", ">", "<"])} $0 }}',
 lambda: f'view.donations.map(\\.{R.choice(["id", "score"])}).{R.choice(["first", "last"])} {{ $0 {R.choice([">", "<=", "=="])} {il()} }}',
 lambda: f'view.donations.filter {{ {pred()} }}.map(\\.name).{R.choice(["first", "last"])} {{ $0.hasPrefix({sl()}) }}',
 # Session 51: `contains` of a needle that `??` or `?.` computes (evaluated once, as Swift does);
 # a Double field classified (`isNaN`, `isFinite`, `abs(x) OP k`) in place; counting with a
 # `Double` `reduce` (exact whole numbers, and not); folds capped by a test of the accumulator.
 lambda: skipping_needle(),
 lambda: classified_score(),
 lambda: f'{R.choice(["", "1 / "])}view.donations.reduce({R.choice(["0.0", "-0.0", "2.0", "0.5"])}) {{ $0 + ({pred("$1")} ? {R.choice(["1.0", "2.0", "-1.0", "0.5"])} : {R.choice(["0.0", "-0.0", "1.0"])}) }}',
 lambda: f'view.donations.reduce({il()}) {{ $0 {R.choice([">", ">=", "==", "<"])} {R.choice(["3", "5", "-1"])} ? $0 : $0 + $1.id }}',
 lambda: f'view.donations.reduce({R.choice(["0.0", "-0.0"])}) {{ $0 {R.choice([">", "<="])} {dl()} ? $0 {R.choice(["+ $1.score", ""])} : $0 + $1.score }}',
 # Key paths of several steps, the closures they stand for.
 lambda: 'view.donations.map(\\.name.' + R.choice(['count', 'isEmpty']) + ')',
 lambda: 'view.donations.map(\\.name.count).' + R.choice(['reduce(0, +)', 'max()', 'min()', 'filter { $0 > 3 }.count']),
 lambda: 'view.donations.' + R.choice(['filter(\\.name.isEmpty).map(\\.id)', 'contains(where: \\.name.isEmpty)', 'allSatisfy(\\.name.isEmpty)',
                                      'count(where: \\.name.isEmpty)', 'first(where: \\.name.isEmpty)?.id']),
 lambda: 'view.donations.map(\\.name).' + R.choice(['map(\\.count).reduce(0, +)', 'filter(\\.isEmpty).count', 'map(\\.isEmpty)']),
 lambda: f'view.donations.map {{ {pred()} }}',
 lambda: f'(view.donations.map(\\.score).min() ?? 0) + (view.donations.map(\\.score).max() ?? 0)',
 lambda: f'view.donations.map {{ $0.score > 3 ? "hi" : "lo" }}.filter {{ $0 == "hi" }}.count',
 lambda: f'ids.filter {{ $0 > {il()} }}.count', lambda: f'scores.reduce(0, +)', lambda: f'scores.map {{ $0 * 2 }}.max()',
 lambda: f'names.filter {{ $0.hasPrefix({sl()}) }}.count', lambda: f'Set(ids).count', lambda: f'notes.count',
 lambda: f'notes.filter {{ $0.count > {il()} }}', lambda: f'kept.reduce(0, +) / Double(max(1, kept.count))',
 lambda: f'lengths.reduce(0, +)', lambda: f'ids.contains({il()})', lambda: f'scores.sorted().first', lambda: f'kept.isEmpty',
 lambda: f'scores.map {{ ($0 - meanScore) * ($0 - meanScore) }}.reduce(0, +)', lambda: f'ids.map {{ $0 * {il()} }}.filter {{ $0 > 2 }}.count',
 lambda: f'names.contains {{ $0.count > {il()} }}', lambda: f'kept.allSatisfy {{ $0 {R.choice([">", "<", "!="])} {dl()} }}',
 lambda: f'view.donations.last?.note?.uppercased() ?? "none"',
 lambda: f'view.donations.reduce("") {{ $0.count > 8 ? $0 : $0 + $1.name }}',
 lambda: f'view.donations.filter {{ {pred()} }}.map(\\.score).reduce(0, +) / Double(max(1, view.donations.count))',
 lambda: f'view.donations.map {{ Int($0.score * 10) }}.reduce(0, +) % 7',
 # Distinct counts and sets of `Int`s over a table of their range, of `Bool`s from truths;
 # conversions and rounding of a batch.
 lambda: f'Set(view.donations.map {{ $0.id * {il()} }}).count', lambda: f'Set(view.donations.map {{ Int($0.score * 2) }}).count',
 lambda: f'Set(view.donations.map {{ {pred()} }}).count', lambda: f'Set(view.donations.compactMap {{ $0.note?.count }}).count',
 lambda: f'view.donations.map {{ Int($0.score.rounded()) }}.reduce(0, +)', lambda: f'view.donations.map {{ ($0.score * 1.5 - 3).rounded() }}',
 lambda: f'view.donations.filter {{ keys.contains($0.id * 10 + {il()}) }}.count', lambda: f'keys.count',
 lambda: f'view.donations.filter {{ {pred()} }}.map {{ Int($0.score) * 3 }}.max()',
 # Division and remainder by constants of dividends below 2^32 (one multiplication) and past it.
 lambda: f'view.donations.map {{ ($0.id + 1) * 1000003 % {R.choice(["7", "97", "1000", "4294967291"])} }}.reduce(0, +)',
 lambda: f'view.donations.map {{ ($0.id + 1) * {R.choice(["3", "60000000000"])} / {R.choice(["10", "3600", "4294967291"])} }}.max()',
 # Ternaries with a nil branch: compacted, counted, summed, searched, as sets; map(f).count.
 lambda: f'view.donations.compactMap {{ {pred()} ? $0.note : nil }}', lambda: f'view.donations.compactMap {{ {pred()} ? nil : $0.note }}.count',
 lambda: f'view.donations.map {{ {pred()} ? $0.score : nil }}.compactMap {{ $0 }}.reduce(0, +)',
 lambda: f'view.donations.map {{ {pred()} ? $0.name : nil }}', lambda: f'Set(view.donations.map {{ {pred()} ? $0.id : nil }}).count',
 lambda: f'view.donations.map {{ {pred()} ? $0.date : nil }}.compactMap {{ $0 }}.max() == view.donations.last?.date',
 lambda: f'view.donations.filter {{ ({pred()} ? $0.note : nil) != nil }}.count', lambda: f'view.donations.map {{ {field()} }}.count',
 lambda: f'view.donations.compactMap {{ {pred()} ? $0.note?.count : nil }}.max()',
 # Orders by a force-unwrapped optional key; Int of date arithmetic; the ends of sorted values
 # (names equal but differently composed among them).
 lambda: f'view.donations.filter {{ $0.note != nil }}.sorted {{ $0.note! {R.choice(["<", ">", "<=", ">="])} $1.note! }}.map(\\.id)',
 lambda: f'view.donations.filter {{ $0.note != nil }}.{R.choice(["min", "max"])} {{ $0.note! < $1.note! }}?.id',
 lambda: f'view.donations.sorted {{ $1.note! > $0.note! }}.first?.id',
 lambda: f'view.donations.map {{ Int($0.date.timeIntervalSince(view.donations[0].date) / {R.choice(["3600", "86400", "7"])}) }}',
 lambda: f'view.donations.filter {{ Int(view.donations[0].date.timeIntervalSince($0.date) / 3600) % 3 == 0 }}.count',
 lambda: f'view.donations.map({keypath()}).sorted().{R.choice(["first", "last"])}',
 lambda: f'view.donations.map {{ $0.note ?? "" }}.sorted().{R.choice(["first", "last"])}',
 # Extremes by keys whose computation charges work.
 lambda: f'view.donations.{R.choice(["min", "max"])} {{ $0.name.count {R.choice(["<", "<=", ">"])} $1.name.count }}?.id',
 lambda: f'view.donations.{R.choice(["min", "max"])}(by: {{ ($0.note?.count ?? 0) < ($1.note?.count ?? 0) }})?.id',
 lambda: f'view.donations.max {{ $0.name.lowercased() < $1.name.lowercased() }}?.name',
 lambda: f'view.donations.sorted {{ $0.name.count {R.choice(["<", ">", "<="])} $1.name.count }}.map(\\.id)',
 lambda: f'view.donations.sorted {{ ($0.note?.count ?? 0) > ($1.note?.count ?? 0) }}.first?.id',
 # `Double` folds: a branch that keeps the accumulator (from -0.0 too), steps that read it.
 lambda: f'view.donations.reduce({R.choice(["0.0", "-0.0", "1.5"])}) {{ {pred("$1")} ? $0 + $1.score : $0 }}',
 lambda: f'view.donations.reduce({R.choice(["0.0", "-0.0"])}) {{ {pred("$1")} ? $0 : $0 - $1.score * {dl()} }}',
 lambda: f'view.donations.reduce({R.choice(["0.0", "-0.0", "2.0"])}) {{ $0 * 0.5 + $1.score * {dl()} }}',
 lambda: f'view.donations.reduce({R.choice(["0.0", "-0.0"])}) {{ {pred("$1")} ? $0 * 0.9 + $1.score : -$0 }}',
 lambda: f'view.donations.reduce({R.choice(["1.0", "-0.0"])}) {{ max($0 * 0.5, $1.score) - {dl()} }}',
 lambda: f'view.donations.map(\\.score).reduce({R.choice(["0.0", "-0.0"])}) {{ $1 > {dl()} ? $0 + $1 : $0 }}',
 # `Int` folds whose steps read the accumulator: runs reset by a test, tests that compare it.
 lambda: f'view.donations.reduce(0) {{ {pred("$1")} ? $0 + 1 : 0 }}',
 lambda: f'view.donations.reduce({il()}) {{ $0 > $1.id ? $0 - $1.id : $1.id - $0 }}',
 lambda: f'view.donations.reduce(1) {{ $0 * 3 % 1000003 + $1.id }}',
 lambda: f'view.donations.reduce({il()}) {{ {R.choice(["max", "min"])}($0 - 1, $1.id * 2) }}',
 lambda: f'view.donations.reduce({il()}) {{ $0 < {il()} || {pred("$1")} ? $0 + $1.name.count : $0 - 1 }}',
 # Folds that start over on some rows (folded from the last restart), and exponential averages
 # in every operand order.
 lambda: f'view.donations.reduce({R.choice(["0.0", "-0.0", "1.5"])}) {{ {pred("$1")} ? $0 + $1.score : {R.choice(["0.0", "-0.0", "$1.score"])} }}',
 lambda: f'view.donations.reduce({il()}) {{ {pred("$1")} ? {il()} : $0 {R.choice(["+", "-"])} {il()} }}',
 lambda: f'view.donations.reduce({R.choice(["0.0", "-0.0", "2.0"])}) {{ {R.choice(["0.9 * $0 + $1.score", "$1.score + $0 * 0.25", "$1.score * 0.1 + 0.9 * $0", "$0 * -1.5 + Double($1.id)"])} }}',
 # Sums whose right operand converts a column, read in the loop that adds.
 lambda: f'view.donations.reduce({R.choice(["0.0", "-0.0"])}) {{ $0 + $1.score {R.choice(["*", "-", "/", "+"])} Double($1.id{R.choice(["", " * 2"])}) }}',
 # Case changes tested against constants (the names hold non-ASCII, empty and mixed-case ones).
 lambda: f'view.donations.filter {{ $0.name.{R.choice(["lowercased", "uppercased"])}() {R.choice(["==", "!="])} {R.choice([sl(), sl().upper(), sl().lower()])} }}.count',
 lambda: f'view.donations.contains {{ $0.{R.choice(["name", "note?"])}.{R.choice(["lowercased", "uppercased"])}().{R.choice(["hasPrefix", "hasSuffix", "contains"])}({R.choice([sl(), sl().upper(), sl().lower()])}) {R.choice(["== true", "== false"])} }}',
 lambda: f'view.donations.map {{ $0.name.{R.choice(["lowercased", "uppercased"])}() }}.contains({R.choice([sl(), sl().upper(), sl().lower()])})',
 # `Int` sums whose bounds rule out overflow (added wrapping, the root operation in the adding
 # loop), from starts near the end of `Int` too (added with a check, failing where Swift traps).
 lambda: f'view.donations.reduce({R.choice([il(), "9223372036854775800", "-9223372036854775800"])}) {{ $0 + {R.choice([f"$1.id * {il()}", f"({il()} - $1.id)", f"($1.id + {il()})", f"({pred(chr(36) + chr(49))} ? $1.id * 2 : {il()})", f"({pred(chr(36) + chr(49))} ? {il()} : {il()})"])} }}',
 # `Double` sums with a branch of 0.0 or -0.0, from either zero; subtractions; squares.
 lambda: f'view.donations.reduce({R.choice(["0.0", "-0.0", "1.5"])}) {{ $0 + ({pred("$1")} ? {R.choice(["0", "-0.0", "0.0"])} : {R.choice(["$1.score", "$1.score - 2.5", "-$1.score * 0", "$1.score * Double($1.id)"])}) }}',
 lambda: f'view.donations.reduce({R.choice(["0.0", "-0.0"])}) {{ {pred("$1")} ? $0 - {R.choice(["$1.score", "$1.score * 2", "($1.score - 2.5)"])} : $0 }}',
 lambda: f'view.donations.reduce({R.choice(["0.0", "-0.0"])}) {{ $0 {R.choice(["+", "-"])} ($1.score - {dl()}) * ($1.score - {dl()}) }}',
 # Double comparisons of a batch (eight at a time) in junctions and nested ternaries.
 lambda: f'view.donations.filter {{ $0.score {R.choice(["==", "!=", "<", "<=", ">", ">="])} {dl()} && {pred()} }}.count',
 lambda: f'view.donations.reduce(0) {{ $0 + ($1.score > {dl()} ? 2 : ($1.score {R.choice(["<", ">=", "!="])} {dl()} ? 1 : 0)) }}',
 # Extremes of bounded `Int`s; a converted column with a constant read in the adding loop.
 lambda: f'view.donations.reduce({R.choice([il(), "-9223372036854775808", "9223372036854775807"])}) {{ {R.choice(["max", "min"])}($0, $1.id * {il()} {R.choice(["+", "-"])} {il()}) }}',
 lambda: f'view.donations.map {{ {il()} - $0.id * 3 }}.{R.choice(["max", "min"])}()',
 lambda: f'view.donations.reduce({R.choice(["0.0", "-0.0"])}) {{ $0 + $1.score * ({dl()} {R.choice(["-", "+", "*", "/"])} Double($1.id)) }}',
 lambda: f'view.donations.map {{ $0.score * Double($0.id) {R.choice(["*", "-"])} {dl()} }}.{R.choice(["max", "min"])}()',
 # Extremes of `Double`s found in lanes: which zero comes out (1 / x tells), from either zero.
 lambda: f'1 / view.donations.reduce({R.choice(["9.0", "-9.0", "0.0", "-0.0"])}) {{ {R.choice(["max", "min"])}($0, {R.choice([f"$1.score - {dl()}", f"{dl()} - $1.score", f"-($1.score - {dl()})"])}) }}',
 lambda: f'1 / (view.donations{R.choice(["", ".reversed()", f".filter {{ {pred()} }}"])}.map {{ {R.choice([f"$0.score - {dl()}", f"{dl()} - $0.score", f"-($0.score - {dl()})"])} }}.{R.choice(["max", "min"])}() ?? 1)',
 # Joins of a field equal to the outer row's, through the index built after a few rows; strings' extremes.
 lambda: f'view.donations.filter {{ v in view.donations{R.choice(["", ".suffix(3)", ".dropFirst(1)"])}.contains {{ $0.id == v.id {R.choice(["", "+ 1", "- 2"])}{R.choice(["", f" && {pred()}"])} }} }}.count',
 lambda: f'view.donations.count(where: {{ v in view.donations.contains {{ $0.name == v.name && $0.date > v.date }} }})',
 # Session 49: date equality as a window; a field compared with the outer row's (in a window and
 # over the whole list); a windowed rest that reads no outer row (its deciding rows found once);
 # a counting `reduce` whose test searches the list.
 lambda: f'view.donations.filter {{ v in view.donations.contains {{ $0.date == v.date{R.choice(["", ".addingTimeInterval(3600)", ".addingTimeInterval(-86400)"])}{R.choice(["", " && $0.id != v.id"])} }} }}.count',
 lambda: compared_search(),
 lambda: f'view.donations.count(where: {{ v in view.donations.contains {{ $0.date > v.date && {pred()} }} }})',
 lambda: counting_reduce(),
 lambda: f'view.donations{R.choice(["", ".dropFirst(1)", ".reversed()"])}.map(\\.name).{R.choice(["max", "min"])}()',
 # Force unwraps after a filter whose test may or may not keep out nil (`(x ?? k) op c`, `x == c`).
 lambda: f'view.donations.filter {{ {note_test()} }}.{note_unwrap()}',
]
work = tempfile.mkdtemp(prefix='tiprules-oracle-')
# (Removed at exit, whatever the outcome.)
atexit.register(shutil.rmtree, work, ignore_errors=True)
names = ["Alps", "Zion", "a", "", "é", "Lake", "Alps Lake", "zion", "e\u0301", "Straße", "STRASSE", "\u212a", "K", "İz", "ǅ"]
notes = [None, None, "", "wet", "Alps", "a"]
n = R.randint(1, most)
base = 815000000.0
ds = []
t = base
for i in range(n):
    t += R.choice([0, 3600, 86400, 86400 * 2, 7200, 86400 * 5])
    ds.append(dict(id=R.randint(-1, 5), name=R.choice(names), score=R.choice([0.5, 1.0, 2.5, 3.0, 4.5, 5.0, 2.25]), note=R.choice(notes), date=t))
def iso(sec):
    return (datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc) + datetime.timedelta(seconds=sec)).strftime('%Y-%m-%dT%H:%M:%SZ')
with open(f'{work}/log.ndjson', 'w') as f:
    for d in ds:
        v = {"id": d["id"], "name": d["name"], "score": d["score"]}
        if d["note"] is not None: v["note"] = d["note"]
        f.write(json.dumps({"event": "view", "date": iso(d["date"]), "value": v}, ensure_ascii=False) + "\n")
# `let`s over the stream that expressions read, the same in both languages (TipRules reads a
# chain over one from the donations the `let` was computed from).
lets = '''let ids = view.donations.map(\\.id)
let scores = view.donations.map(\\.score)
let names = view.donations.map(\\.name)
let notes = view.donations.compactMap(\\.note)
let kept = view.donations.filter { $0.id > 0 }.map(\\.score)
let lengths = view.donations.compactMap { $0.note?.count }
let meanScore = scores.reduce(0, +) / Double(max(1, scores.count))
let keys = Set(view.donations.map { $0.id * 10 + Int($0.score) })
'''
# (Past 1000 donations, TipKit's default limit, the event keeps them all, as the Swift array does.)
limit = f'(limit: {n})' if n > 1000 else ''
open(f'{work}/r.rules', 'w').write(f'event view{limit} {{ id: Int, name: String, score: Double, note: String? }}\n' + lets)
exprs = list(dict.fromkeys(R.choice(forms)() for _ in range(int(count))))
answers = tiprules_answers([f'{work}/r.rules', '--donations', f'{work}/log.ndjson', '--now', iso(max(t, base) + 86400)], exprs)
def sw(s): return json.dumps(s, ensure_ascii=False)
data = ',\n'.join(f'Donation(id: {d["id"]}, name: {sw(d["name"])}, score: {d["score"]}, note: {sw(d["note"]) if d["note"] is not None else "nil"}, date: Date(timeIntervalSinceReferenceDate: {d["date"]}))' for d in ds)
declarations = """struct Donation { let id: Int; let name: String; let score: Double; let note: String?; let date: Date }
struct Event { let donations: [Donation] }
let view = Event(donations: [
""" + data + '\n])\n' + lets
compared, mismatches, rejected = compare(exprs, answers, work, declarations)
print(f'seed {seed}: {n} donations, {len(exprs)} expressions, {compared} compared, {mismatches} mismatches, {rejected} rejected by TipRules')
