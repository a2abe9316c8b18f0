# A generator for Scripts/oracle/run.py: prints one TipRules expression per line.
# Random Int, Double, Bool and String expressions built from literals: negative and hex literals,
# `-0`, mixed Int and Double operands, ternaries, abs/min/max, arrays reduced to scalars.
#   python3 scalars.py SEED COUNT
import random, sys
R = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
N = int(sys.argv[2]) if len(sys.argv) > 2 else 300

def int_lit():
    c = R.random()
    if c < 0.5: return str(R.randint(0, 20))
    if c < 0.6: return '-' + str(R.randint(0, 9))
    if c < 0.7: return '0x' + format(R.randint(0, 255), 'X')
    if c < 0.8: return '1_000'
    if c < 0.9: return '-0'
    return str(R.randint(100, 100000))

def dbl_lit():
    c = R.random()
    if c < 0.3: return f'{R.randint(0, 20)}.{R.randint(0, 99)}'
    if c < 0.45: return f'-{R.randint(0, 9)}.{R.randint(0, 9)}'
    if c < 0.55: return '-0.0'
    if c < 0.65: return f'{R.randint(1, 9)}e{R.randint(-3, 3)}'
    if c < 0.75: return '0.1'
    if c < 0.85: return '1.5'
    return f'{R.randint(0, 5)}.5'

def gen(t, d):
    if d <= 0:
        if t == 'Int': return int_lit()
        if t == 'Double': return dbl_lit() if R.random() < 0.7 else int_lit()
        if t == 'Bool': return R.choice(['true', 'false'])
        if t == 'String': return R.choice(['"a"', '"Alps"', '""', '"é"', '"ab c"', '"ZION"'])
    c = R.random()
    if t == 'Int':
        opts = [
            lambda: f'({gen("Int", d-1)} {R.choice(["+", "-", "*"])} {gen("Int", d-1)})',
            lambda: f'({gen("Int", d-1)} {R.choice(["/", "%"])} {R.choice(["3", "-2", "7", "5"])})',
            lambda: f'abs({gen("Int", d-1)})',
            lambda: f'{R.choice(["min", "max"])}({gen("Int", d-1)}, {gen("Int", d-1)})',
            lambda: f'({gen("Bool", d-1)} ? {gen("Int", d-1)} : {gen("Int", d-1)})',
            lambda: f'{gen("String", d-1)}.count',
            lambda: f'[{gen("Int", d-1)}, {gen("Int", d-1)}, {gen("Int", d-1)}].reduce(0, +)',
            lambda: f'[{gen("Int", d-1)}, {gen("Int", d-1)}].filter {{ $0 > {int_lit()} }}.count',
            lambda: f'([{gen("Int", d-1)}, {gen("Int", d-1)}].max() ?? {int_lit()})',
            lambda: f'-({gen("Int", d-1)})',
        ]
    elif t == 'Double':
        opts = [
            lambda: f'({gen("Double", d-1)} {R.choice(["+", "-", "*", "/"])} {gen("Double", d-1)})',
            lambda: f'abs({gen("Double", d-1)})',
            lambda: f'{R.choice(["min", "max"])}({gen("Double", d-1)}, {gen("Double", d-1)})',
            lambda: f'({gen("Bool", d-1)} ? {gen("Double", d-1)} : {gen("Double", d-1)})',
            lambda: f'Double({gen("Int", d-1)})',
            lambda: f'({gen("Double", d-1)}).rounded()',
            lambda: f'[{gen("Double", d-1)}, {gen("Double", d-1)}].reduce(0, +)',
            lambda: f'[{gen("Double", d-1)}, {gen("Double", d-1)}, {gen("Double", d-1)}].sorted()[1]',
            lambda: f'([{gen("Double", d-1)}, {gen("Double", d-1)}].min() ?? 0)',
            lambda: f'-({gen("Double", d-1)})',
            lambda: f'{gen("Double", d-1)} * {int_lit()}',
        ]
    elif t == 'Bool':
        opts = [
            lambda: f'({gen("Int", d-1)} {R.choice(["<", "<=", ">", ">=", "==", "!="])} {gen("Int", d-1)})',
            lambda: f'({gen("Double", d-1)} {R.choice(["<", "<=", ">", ">=", "==", "!="])} {gen("Double", d-1)})',
            lambda: f'({gen("Bool", d-1)} {R.choice(["&&", "||"])} {gen("Bool", d-1)})',
            lambda: f'!{gen("Bool", d-1)}',
            lambda: f'{gen("String", d-1)}.hasPrefix({gen("String", 0)})',
            lambda: f'({gen("String", d-1)} {R.choice(["<", "==", ">"])} {gen("String", d-1)})',
            lambda: f'({gen("Double", d-1)}).isNaN',
            lambda: f'[{gen("Int", d-1)}, {gen("Int", d-1)}].contains({int_lit()})',
            lambda: f'{gen("String", d-1)}.contains({gen("String", 0)})',
        ]
    else:
        opts = [
            lambda: f'({gen("String", d-1)} + {gen("String", d-1)})',
            lambda: f'{gen("String", d-1)}.uppercased()',
            lambda: f'{gen("String", d-1)}.lowercased()',
            lambda: f'({gen("Bool", d-1)} ? {gen("String", d-1)} : {gen("String", d-1)})',
            lambda: f'[{gen("String", d-1)}, {gen("String", d-1)}].sorted()[0]',
            lambda: f'[{gen("String", d-1)}, {gen("String", d-1)}].reduce("", +)',
        ]
    return R.choice(opts)()

exprs = []
for i in range(N):
    t = R.choice(['Int', 'Double', 'Double', 'Bool', 'String'])
    exprs.append(gen(t, R.randint(1, 3)))
for e in exprs: print(e)
