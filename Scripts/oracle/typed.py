# A generator for Scripts/oracle/run.py: prints one TipRules expression per line.
# Typed random expressions nested up to four deep: closures with named parameters inside
# closures, reduce with a closure of two, integer literals that Swift types as Double, implicit
# members (`.infinity`, `.nan`), optionals made from arrays, Int/Double edge values.
#   python3 typed.py SEED COUNT
import random, sys

# Types: 'Int', 'Double', 'Bool', 'String', ('arr', T), ('opt', T)
INT, DBL, BOOL, STR = 'Int', 'Double', 'Bool', 'String'
SCALARS = [INT, DBL, BOOL, STR]
R = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
names = iter(f'v{i}' for i in range(10**6))

def arr(t): return ('arr', t)
def opt(t): return ('opt', t)

def lit(t):
    if t == INT:
        return R.choice(['0', '1', '2', '3', '7', '10', '-1', '-4', '42', '100', '1_000', '0x1F', '9223372036854775807', '-9223372036854775808', '4611686018427387904'])
    if t == DBL:
        return R.choice(['0.0', '1.5', '-0.0', '2.5', '0.1', '3', '1e3', '-2.75', '1e308', '0.5', '100.25', '7', '1e-3', '.infinity', '.nan', '-1'])
    if t == BOOL:
        return R.choice(['true', 'false'])
    if t == STR:
        return R.choice(['"a"', '"abc"', '""', '"Zion"', '"zion park"', '"ÉTÉ"', '"é"', '"e\\u{301}"', '"Straße"', '"x1"', '"hello world"', '"🙂"'])
    raise Exception(t)

def fix_lit(s, t):
    # A leaf `.infinity` or `.nan` stays implicit only where an array or reduce gives it a type.
    if s in ('.infinity', '.nan'): return 'Double' + s
    return s

def gen(t, d, env):
    """An expression of type t, depth budget d, env: list of (name, type)."""
    vars_ = [n for n, ty in env if ty == t]
    if d <= 0 or R.random() < 0.15:
        if vars_ and R.random() < 0.6: return R.choice(vars_)
        if isinstance(t, tuple):
            if t[0] == 'arr':
                k = R.randint(0, 3)
                if k == 0: return f'[{lit(t[1]) if t[1] in SCALARS else "nil"}].prefix(0).map {{ $0 }}' if t[1] in SCALARS else '[]'
                return '[' + ', '.join(gen(t[1], 0, env) for _ in range(k)) + ']'
            if t[0] == 'opt':
                return R.choice([f'[{gen(t[1], 0, env)}].first', f'[{gen(t[1], 0, env)}].prefix(0).first'])
        return fix_lit(lit(t), t)
    c = choices(t)
    f = R.choice(c)
    return f(d - 1, env)

def closure(params, body_type, d, env):
    ns = [next(names) for _ in params]
    body = gen(body_type, d, env + list(zip(ns, params)))
    return '{ ' + ', '.join(ns) + ' in ' + body + ' }'

def elem_types():
    return [INT, DBL, STR, BOOL]

def p(s): return '(' + s + ')'

def negated(s): return '-' + (p(s) if s.startswith('-') else s)

def choices(t):
    cs = []
    if t == INT:
        for op in ['+', '-', '*', '/', '%']:
            cs.append(lambda d, e, op=op: p(gen(INT, d, e) + f' {op} ' + gen(INT, d, e)))
        cs += [
            lambda d, e: p(negated(gen(INT, d, e))),
            lambda d, e: f'abs({gen(INT, d, e)})',
            lambda d, e: f'min({gen(INT, d, e)}, {gen(INT, d, e)})',
            lambda d, e: f'max({gen(INT, d, e)}, {gen(INT, d, e)})',
            lambda d, e: gen(arr(R.choice(elem_types())), d, e) + '.count',
            lambda d, e: gen(STR, d, e) + '.count',
            lambda d, e: gen(arr(INT), d, e) + '.reduce(0, +)',
            lambda d, e: gen(arr(INT), d, e) + f'.reduce({gen(INT, 0, e)}) ' + closure([INT, INT], INT, d, e),
            lambda d, e: p(gen(arr(INT), d, e) + f'.min() ?? {gen(INT, 0, e)}'),
            lambda d, e: p(gen(arr(INT), d, e) + f'.max() ?? {gen(INT, 0, e)}'),
            lambda d, e: p(gen(opt(INT), d, e) + f' ?? {gen(INT, d, e)}'),
            lambda d, e: p(f'{gen(BOOL, d, e)} ? {gen(INT, d, e)} : {gen(INT, d, e)}'),
            lambda d, e: f'Int({gen(DBL, d, e)})',
            lambda d, e: (lambda et: gen(arr(et), d, e) + '.filter ' + closure([et], BOOL, d, e) + '.count')(R.choice(elem_types())),
            lambda d, e: (lambda et: gen(arr(et), d, e) + '.count(where: ' + closure([et], BOOL, d, e) + ')')(R.choice(elem_types())),
            lambda d, e: f'Set({gen(arr(R.choice([INT, STR])), d, e)}).count',
            lambda d, e: gen(arr(INT), d, e) + f'[{gen(INT, 0, e)}]',
        ]
    elif t == DBL:
        for op in ['+', '-', '*', '/']:
            cs.append(lambda d, e, op=op: p(gen(DBL, d, e) + f' {op} ' + gen(DBL, d, e)))
        cs += [
            lambda d, e: p(negated(gen(DBL, d, e))),
            lambda d, e: f'abs({gen(DBL, d, e)})',
            lambda d, e: f'min({gen(DBL, d, e)}, {gen(DBL, d, e)})',
            lambda d, e: f'max({gen(DBL, d, e)}, {gen(DBL, d, e)})',
            lambda d, e: f'Double({gen(INT, d, e)})',
            lambda d, e: gen(DBL, d, e) + '.rounded()',
            lambda d, e: gen(arr(DBL), d, e) + '.reduce(0, +)',
            lambda d, e: gen(arr(DBL), d, e) + f'.reduce({gen(DBL, 0, e)}) ' + closure([DBL, DBL], DBL, d, e),
            lambda d, e: gen(arr(INT), d, e) + f'.reduce({lit(DBL)}) ' + closure([DBL, INT], DBL, d, e),
            lambda d, e: p(gen(arr(DBL), d, e) + f'.min() ?? {gen(DBL, 0, e)}'),
            lambda d, e: p(gen(arr(DBL), d, e) + f'.max() ?? {gen(DBL, 0, e)}'),
            lambda d, e: p(gen(opt(DBL), d, e) + f' ?? {gen(DBL, d, e)}'),
            lambda d, e: p(f'{gen(BOOL, d, e)} ? {gen(DBL, d, e)} : {gen(DBL, d, e)}'),
        ]
    elif t == BOOL:
        for ty in [INT, DBL, STR]:
            for op in ['<', '<=', '==', '!=', '>', '>=']:
                cs.append(lambda d, e, op=op, ty=ty: p(gen(ty, d, e) + f' {op} ' + gen(ty, d, e)))
        cs += [
            lambda d, e: p(gen(BOOL, d, e) + ' && ' + gen(BOOL, d, e)),
            lambda d, e: p(gen(BOOL, d, e) + ' || ' + gen(BOOL, d, e)),
            lambda d, e: '!' + p(gen(BOOL, d, e)),
            lambda d, e: (lambda et: gen(arr(et), d, e) + f'.contains({gen(et, d, e)})')(R.choice([INT, DBL, STR])),
            lambda d, e: (lambda et: gen(arr(et), d, e) + '.contains ' + closure([et], BOOL, d, e))(R.choice(elem_types())),
            lambda d, e: (lambda et: gen(arr(et), d, e) + '.allSatisfy ' + closure([et], BOOL, d, e))(R.choice(elem_types())),
            lambda d, e: gen(arr(R.choice(elem_types())), d, e) + '.isEmpty',
            lambda d, e: gen(STR, d, e) + f'.hasPrefix({gen(STR, d, e)})',
            lambda d, e: gen(STR, d, e) + f'.hasSuffix({gen(STR, d, e)})',
            lambda d, e: gen(STR, d, e) + f'.contains({gen(STR, d, e)})',
            lambda d, e: gen(STR, d, e) + '.isEmpty',
            lambda d, e: gen(DBL, d, e) + '.isNaN',
            lambda d, e: p(gen(opt(R.choice([INT, DBL, STR])), d, e) + ' == nil'),
            lambda d, e: p(gen(opt(INT), d, e) + ' == ' + gen(INT, d, e)),
            lambda d, e: p(gen(arr(INT), d, e) + ' == ' + gen(arr(INT), d, e)),
            lambda d, e: f'Set({gen(arr(INT), d, e)}).contains({gen(INT, d, e)})',
            lambda d, e: f'({gen(INT, 0, e)}...{gen(INT, 0, e)}).contains({gen(INT, d, e)})',
        ]
    elif t == STR:
        cs += [
            lambda d, e: p(gen(STR, d, e) + ' + ' + gen(STR, d, e)),
            lambda d, e: gen(STR, d, e) + '.lowercased()',
            lambda d, e: gen(STR, d, e) + '.uppercased()',
            lambda d, e: p(f'{gen(BOOL, d, e)} ? {gen(STR, d, e)} : {gen(STR, d, e)}'),
            lambda d, e: p(gen(opt(STR), d, e) + f' ?? {gen(STR, d, e)}'),
            lambda d, e: p(gen(arr(STR), d, e) + f'.min() ?? {gen(STR, 0, e)}'),
            lambda d, e: gen(arr(STR), d, e) + f'.reduce({gen(STR, 0, e)}) ' + closure([STR, STR], STR, d, e),
        ]
    elif t[0] == 'arr':
        et = t[1]
        cs += [
            lambda d, e: '[' + ', '.join(gen(et, d, e) for _ in range(R.randint(1, 3))) + ']',
            lambda d, e: gen(t, d, e) + '.filter ' + closure([et], BOOL, d, e),
            lambda d, e: (lambda st: gen(arr(st), d, e) + '.map ' + closure([st], et, d, e))(R.choice(elem_types())),
            lambda d, e: p(gen(t, d, e) + ' + ' + gen(t, d, e)),
        ]
        if et in (INT, DBL, STR):
            cs += [lambda d, e: gen(t, d, e) + '.sorted()', lambda d, e: gen(t, d, e) + '.sorted(by: >)']
        cs += [lambda d, e: gen(t, d, e) + '.sorted ' + closure([et, et], BOOL, d, e)] if et in (INT, STR) else []
        if et in SCALARS:
            cs += [
                lambda d, e: (lambda st: gen(arr(st), d, e) + '.compactMap ' + closure([st], opt(et), d, e))(R.choice(elem_types())),
            ]
    elif t[0] == 'opt':
        et = t[1]
        cs += [
            lambda d, e: gen(arr(et), d, e) + '.first',
            lambda d, e: gen(arr(et), d, e) + '.last',
            lambda d, e: gen(arr(et), d, e) + '.first ' + closure([et], BOOL, d, e),
            lambda d, e: gen(arr(et), d, e) + '.last(where: ' + closure([et], BOOL, d, e) + ')',
            lambda d, e: p(f'{gen(BOOL, d, e)} ? {gen(et, d, e)} : nil'),
        ]
        if et in (INT, DBL, STR):
            cs += [lambda d, e: gen(arr(et), d, e) + '.max()', lambda d, e: gen(arr(et), d, e) + '.min()']
    return cs

N = int(sys.argv[2]) if len(sys.argv) > 2 else 300
out = []
for i in range(N):
    t = R.choice([INT, INT, DBL, DBL, BOOL, BOOL, STR, arr(INT), arr(DBL), arr(STR), opt(INT), opt(STR)])
    out.append(gen(t, R.randint(1, 4), []))
for i, e in enumerate(out):
    print(e)
