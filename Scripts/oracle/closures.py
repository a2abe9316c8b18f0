# A generator for Scripts/oracle/run.py: prints one TipRules expression per line.
# Random closures: nested searches, comparators, min/max(by:), reduce with closures, compactMap-free
# string chains, optional chains, Int(d), ranges of counts.
#   python3 closures.py SEED COUNT
import random, sys
R = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
N = int(sys.argv[2]) if len(sys.argv) > 2 else 300
def il(): return R.choice(['0', '1', '2', '3', '-1', '5', '10'])
def dl(): return R.choice(['0.5', '1.5', '-2.5', '3.0', '0.1', '2.0'])
def ia(): return '[' + ', '.join(il() for _ in range(R.randint(1, 5))) + ']' if R.random() < 0.9 else '[Int]()'
def da(): return '[' + ', '.join(dl() for _ in range(R.randint(1, 5))) + ']'
def sa(): return '[' + ', '.join(R.choice(['"a"', '"bb"', '"Alps"', '""', '"é"', '"Zion"', '"10"', '"x1"']) for _ in range(R.randint(1, 4))) + ']'
forms = [
 lambda: f'{ia()}.contains {{ x in {ia()}.contains {{ $0 > x }} }}',
 lambda: f'{ia()}.filter {{ x in {ia()}.allSatisfy {{ $0 != x }} }}',
 lambda: f'{ia()}.sorted(by: >)',
 lambda: f'{ia()}.sorted {{ $0 % 3 < $1 % 3 }}',
 lambda: f'{ia()}.min {{ abs($0) < abs($1) }}',
 lambda: f'{ia()}.max(by: {{ $0 % 4 < $1 % 4 }})',
 lambda: f'{ia()}.first {{ $0 % 2 == 0 }}',
 lambda: f'{ia()}.last(where: {{ $0 > 1 }})',
 lambda: f'{sa()}.map {{ $0.count }}',
 lambda: f'{sa()}.reduce("") {{ $0.count > 3 ? $0 : $0 + $1 }}',
 lambda: f'{ia()}.reduce(0) {{ $0 > $1 ? $0 : $1 }}',
 lambda: f'{da()}.reduce(0) {{ $0 + $1 * 2 }}',
 lambda: f'{da()}.map {{ $0.rounded() }}',
 lambda: f'{da()}.filter {{ !$0.isNaN && $0 > 0 }}.count',
 lambda: f'{ia()}.map {{ $0 > 1 ? "big" : "small" }}',
 lambda: f'{ia()}.count(where: {{ $0 == {il()} }})',
 lambda: f'{ia()}.dropFirst({R.randint(0,3)}).dropLast({R.randint(0,2)})',
 lambda: f'{ia()}.reversed().first',
 lambda: f'{sa()}.first?.count',
 lambda: f'{sa()}.first?.uppercased() ?? "none"',
 lambda: f'{sa()}.last?.hasPrefix("A")',
 lambda: f'({sa()}.first ?? "").isEmpty',
 lambda: f'Set({ia()}).count',
 lambda: f'Set({sa()}).contains("a")',
 lambda: f'{ia()}.map {{ Double($0) / 4 }}.max() ?? -1',
 lambda: f'{ia()}.map {{ $0 * $0 }}.reduce(0, +) % 7',
 lambda: f'Int({dl()} * {il()})',
 lambda: f'Int(({dl()}).rounded())',
 lambda: f'{ia()}.isEmpty ? 0 : {ia()}.count',
 lambda: f'{ia()}.prefix(2).map {{ $0 + 1 }}',
 lambda: f'[{ia()}, {ia()}].map {{ $0.count }}',
 lambda: f'{ia()}.reduce([]) {{ $0 + [$1 * 2] }}',
 lambda: f'{ia()}.allSatisfy {{ $0 < 5 }} && {ia()}.contains({il()})',
 lambda: f'{sa()}.sorted().first ?? "-"',
 lambda: f'{sa()}.filter {{ $0.contains("a") }}',
 lambda: f'{sa()}.map {{ $0.lowercased() }}.sorted(by: >)',
 lambda: f'Date.distantPast.addingTimeInterval({dl()} * 86400) < Date.distantPast.addingTimeInterval({il()})',
 lambda: f'[1.5, 2.5, 3.5][{R.randint(0,2)}] * {il()}',
 lambda: f'{ia()}.map {{ x in {ia()}.filter {{ $0 < x }}.count }}',
 lambda: f'min({il()}, {il()}, {il()})',
 lambda: f'max({dl()}, {il()})',
 lambda: f'abs({il()} - {il()}) + abs({dl()})',
 # Signatures, labels, `return`, `if` expressions and functions passed by name.
 lambda: f'{ia()}.map {{ (n: Int) -> Int in n * {il()} }}',
 lambda: f'{ia()}.reduce({il()}) {{ (total: Int, n: Int) -> Int in total + n }}',
 lambda: f'{ia()}.reduce({il()}) {{ (total: Double, n) -> Double in total + Double(n) / 2 }}',
 lambda: f'{ia()}.filter {{ (_ n: Int) in n > {il()} }}',
 lambda: f'{ia()}.sorted {{ (a, b) -> Bool in a % 3 > b % 3 }}',
 lambda: f'{ia()}.map {{ n -> String in n > {il()} ? "x" : "y" }}',
 lambda: f'{ia()}.map {{ if $0 > {il()} {{ "big" }} else {{ "small" }} }}',
 lambda: f'{ia()}.contains {{ n in return n == {il()} }}',
 lambda: f'{da()}.reduce(0, +)',
 lambda: f'{ia()}.reduce({il()}, max)',
 lambda: f'{da()}.map(abs)',
 lambda: f'{ia()}.sorted(by: <)',
 lambda: f'{ia()}.compactMap {{ $0 > {il()} ? $0 * 2 : nil }}',
 lambda: f'{sa()}.map {{ (s: String) -> Int in s.count }}.reduce(0, +)',
 lambda: f'{ia()}.allSatisfy {{ (x: Int) -> Bool in x >= {il()} }}',
 lambda: f'{da()}.min {{ (a: Double, b: Double) in abs(a) < abs(b) }} ?? 0',
 lambda: f'{sa()}.reduce(0) {{ (n, s) -> Int in n + (s.isEmpty ? 1 : s.count) }}',
 lambda: f'{ia()}.first {{ (n) -> Bool in return n % 2 != 0 }} ?? -1',
]
for i in range(N): print(R.choice(forms)())
