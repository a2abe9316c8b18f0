# A generator for Scripts/oracle/run.py: prints one TipRules expression per line.
# Dates built from Date.distantPast and Date.distantFuture (the clock differs between the two
# runs): moved by seconds (`addingTimeInterval`, `+`, `-`, huge, negative, fractional, infinite
# and NaN amounts), chosen by `min`, `max`, ternaries and sorted arrays, then compared, measured
# with `timeIntervalSince`, tested against ranges and counted in sets. Some are written as
# implicit members (`.distantPast`, `.now`) where another operand, branch or argument says
# whose members they are (`.distantPast < d`, `c ? .distantFuture : d`, `max(d, .distantPast)`).
#   python3 dates.py SEED COUNT
import random, sys
R = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
N = int(sys.argv[2]) if len(sys.argv) > 2 else 300
def seconds(): return R.choice(['0', '1', '-1', '0.5', '86400', '-86400', '3.25e9', '63113904000', '-63113904000', '1e300', 'Double.infinity', '-Double.infinity', 'Double.nan', '0.001', '-0.0'])
def base(): return R.choice(['Date.distantPast', 'Date.distantFuture'])
def implicit(): return R.choice(['.distantPast', '.distantFuture', '.distantPast.addingTimeInterval(Double.nan)',
                                 '.distantFuture.addingTimeInterval(-86400)'])
def date(depth=0):
    if depth > 1: return base()
    return R.choice([
        lambda: base(),
        lambda: f'{date(depth + 1)}.addingTimeInterval({seconds()})',
        lambda: f'({date(depth + 1)} + {seconds()})',
        lambda: f'({date(depth + 1)} - {seconds()})',
        lambda: f'max({date(depth + 1)}, {date(depth + 1)})',
        lambda: f'min({date(depth + 1)}, {date(depth + 1)})',
        lambda: f'({date(depth + 1)} < {date(depth + 1)} ? {date(depth + 1)} : {date(depth + 1)})',
        lambda: f'[{date(depth + 1)}, {date(depth + 1)}].max()!',
        lambda: f'[{date(depth + 1)}, {date(depth + 1)}, {date(depth + 1)}].sorted().first!',
    ])()
forms = [
    lambda: f'{date()}.timeIntervalSince({date()})',
    lambda: f'{date()} {R.choice(["<", "<=", ">", ">=", "==", "!="])} {date()}',
    lambda: f'{date()}.timeIntervalSince({date()}) / 86400',
    lambda: f'({date()}{R.choice(["...", "..<"])}{date()}).contains({date()})',
    lambda: f'[{date()}, {date()}].contains({date()})',
    lambda: f'Set([{date()}, {date()}, {date()}]).count',
    lambda: f'[{date()}, {date()}, {date()}].filter {{ $0 > {date()} }}.count',
    lambda: f'[{date()}, {date()}].map {{ $0.timeIntervalSince({base()}) }}',
    lambda: f'{date()}.timeIntervalSince({date()}).isNaN',
    lambda: f'Int({date()}.timeIntervalSince({base()}) / 1e9)',
    lambda: f'{implicit()} {R.choice(["<", "<=", ">", ">=", "==", "!="])} {date()}',
    lambda: f'{date()} {R.choice(["<", "<=", ">=", "=="])} {implicit()}',
    lambda: f'({date()} < {date()} ? {implicit()} : {date()}).timeIntervalSince({base()})',
    lambda: f'{R.choice(["max", "min"])}({date()}, {implicit()}).timeIntervalSince({base()})',
    lambda: f'({implicit()}{R.choice(["...", "..<"])}{date()}).contains({date()})',
]
for i in range(N): print(R.choice(forms)())
