# A generator for Scripts/oracle/run.py: prints one TipRules expression per line.
# Random expressions over arrays and optionals of Int, Double, String and Bool: sorted,
# reversed, prefix/suffix, filter, map, reduce, first/last/min/max, ??, Set, dates from distantPast.
#   python3 collections.py SEED COUNT
import random, sys
R = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
N = int(sys.argv[2]) if len(sys.argv) > 2 else 300
def il(): return R.choice([str(R.randint(0, 9)), str(R.randint(0, 9)), '-' + str(R.randint(1, 9)), str(R.randint(10, 99))])
def dl(): return R.choice([f'{R.randint(0, 9)}.{R.randint(0, 9)}', f'-{R.randint(0, 9)}.5', '0.1', '2.0', '1e2'])
def sl(): return R.choice(['"a"', '"b"', '"Alps"', '"alps"', '""', '"é"', '"e\\u{301}"', '"Zion"', '"a b"'])
def arr(t, d):
    n = R.randint(0, 4)
    if n == 0: return f'[{t}]()'
    return '[' + ', '.join(g(t, d - 1) for _ in range(n)) + ']'
def g(t, d):
    if d <= 0:
        if t == 'Int': return il()
        if t == 'Double': return dl()
        if t == 'Bool': return R.choice(['true', 'false'])
        if t == 'String': return sl()
        if t.startswith('['): return arr(t[1:-1], 0) if R.random() < 0.7 else f'[{g(t[1:-1], 0)}]'
        if t.endswith('?'): return R.choice([f'{arr(t[:-1], 1)}.first', f'{arr(t[:-1], 1)}.last'])
    b = t
    if t == 'Int':
        o = [lambda: f'({g("Int", d-1)} {R.choice(["+", "-", "*"])} {g("Int", d-1)})',
             lambda: f'{g("[Int]", d-1)}.count', lambda: f'{g("String", d-1)}.count',
             lambda: f'{g("[Int]", d-1)}.reduce({il()}, +)', lambda: f'{g("[Int]", d-1)}.reduce(0) {{ $0 + $1 * {il()} }}',
             lambda: f'({g("Int?", d-1)} ?? {il()})', lambda: f'{g("[String]", d-1)}.filter {{ $0.count > 1 }}.count',
             lambda: f'{g("[Int]", d-1)}.count(where: {{ $0 > {il()} }})', lambda: f'abs({g("Int", d-1)})',
             lambda: f'({g("Bool", d-1)} ? {g("Int", d-1)} : {g("Int", d-1)})', lambda: f'{R.choice(["min", "max"])}({g("Int", d-1)}, {g("Int", d-1)})']
    elif t == 'Double':
        o = [lambda: f'({g("Double", d-1)} {R.choice(["+", "-", "*", "/"])} {g("Double", d-1)})',
             lambda: f'{g("[Double]", d-1)}.reduce(0, +)', lambda: f'({g("Double?", d-1)} ?? {dl()})',
             lambda: f'Double({g("Int", d-1)})', lambda: f'{g("[Double]", d-1)}.reduce(0.0) {{ max($0, $1) }}',
             lambda: f'({g("Double", d-1)}).rounded()', lambda: f'{g("[Int]", d-1)}.map {{ Double($0) / 2 }}.reduce(0, +)',
             lambda: f'Date.distantPast.addingTimeInterval({g("Double", d-1)}).timeIntervalSince(Date.distantPast)']
    elif t == 'Bool':
        o = [lambda: f'({g("Int", d-1)} {R.choice(["<", ">=", "==", "!="])} {g("Int", d-1)})',
             lambda: f'({g("Double", d-1)} {R.choice(["<", ">", "==", "!="])} {g("Double", d-1)})',
             lambda: f'({g("String", d-1)} {R.choice(["<", "==", ">"])} {g("String", d-1)})',
             lambda: f'{g("[Int]", d-1)}.contains({il()})', lambda: f'{g("[Int]", d-1)}.contains {{ $0 > {il()} }}',
             lambda: f'{g("[String]", d-1)}.allSatisfy {{ $0.hasPrefix({sl()}) }}', lambda: f'{g("[Double]", d-1)}.isEmpty',
             lambda: f'({g("Int?", d-1)} == nil)', lambda: f'({g("String?", d-1)} == {sl()})',
             lambda: f'Set({g("[Int]", d-1)}).contains({il()})', lambda: f'{g("String", d-1)}.hasSuffix({sl()})',
             lambda: f'({g("Bool", d-1)} {R.choice(["&&", "||"])} {g("Bool", d-1)})',
             lambda: f'({g("Double?", d-1)} ?? 0).isNaN', lambda: f'{g("[Bool]", d-1)}.contains(true)']
    elif t == 'String':
        o = [lambda: f'({g("String", d-1)} + {g("String", d-1)})', lambda: f'({g("String?", d-1)} ?? {sl()})',
             lambda: f'{g("[String]", d-1)}.reduce("", +)', lambda: f'{g("String", d-1)}.lowercased()',
             lambda: f'({g("[String]", d-1)}.min() ?? {sl()})', lambda: f'{g("[String]", d-1)}.sorted().reduce("") {{ $0 + $1 }}']
    elif t.startswith('['):
        e = t[1:-1]
        o = [lambda: f'{g(t, d-1)}.sorted()' if e != 'Bool' else arr(e, d-1), lambda: f'{g(t, d-1)}.reversed()',
             lambda: f'{g(t, d-1)}.prefix({R.randint(0, 3)})', lambda: f'{g(t, d-1)}.dropFirst()', lambda: f'{g(t, d-1)}.suffix({R.randint(0, 3)})',
             lambda: f'{g(t, d-1)}.filter {{ $0 {R.choice(["<", ">", "!="])} {g(e, 0)} }}' if e != 'Bool' else f'{g(t, d-1)}.filter {{ !$0 }}',
             lambda: (f'{g("[Int]", d-1)}.map {{ $0 * 2 }}' if e == 'Int' else f'{g("[Int]", d-1)}.map {{ Double($0) * 1.5 }}' if e == 'Double' else f'{g("[String]", d-1)}.map {{ $0.uppercased() }}' if e == 'String' else f'{g("[Int]", d-1)}.map {{ $0 > 2 }}'),
             lambda: f'({g(t, d-1)} + {g(t, d-1)})', lambda: f'{g(t, d-1)}.sorted {{ $0 > $1 }}' if e != 'Bool' else arr(e, d-1),
             lambda: arr(e, d-1)]
    else:
        e = t[:-1]
        o = [lambda: f'{g("["+e+"]", d-1)}.first', lambda: f'{g("["+e+"]", d-1)}.last', lambda: f'{g("["+e+"]", d-1)}.max()' if e != 'Bool' else f'{g("["+e+"]", d-1)}.first',
             lambda: f'{g("["+e+"]", d-1)}.first {{ $0 != {g(e, 0)} }}', lambda: f'{g("["+e+"]", d-1)}.last {{ $0 != {g(e, 0)} }}',
             lambda: f'{g("["+e+"]", d-1)}.min()' if e != 'Bool' else f'{g("["+e+"]", d-1)}.last']
    return R.choice(o)()
for i in range(N):
    t = R.choice(['Int', 'Double', 'Bool', 'String', '[Int]', '[Double]', '[String]', 'Int?', 'Double?', 'String?'])
    print(g(t, R.randint(1, 3)))
