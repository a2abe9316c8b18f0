# A generator for Scripts/oracle/run.py: prints one TipRules expression per line.
# Strings whose answers Unicode decides: case mappings that change the length (`"ß".uppercased()`),
# titlecase and Turkish letters, ligatures, canonically equivalent spellings (`"e\u{301}"` and
# `"é"`, the Kelvin sign and "K"), flags, CR LF and NUL, counted, compared, ordered, searched
# and put in sets.
#   python3 strings.py SEED COUNT
import random, sys
R = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
N = int(sys.argv[2]) if len(sys.argv) > 2 else 300
S = ['"ß"', '"Straße"', '"ǅ"', '"İstanbul"', '"ﬁ"', '"e\\u{301}"', '"é"', '"ΣΑΣ"', '"ς"', '"🙂"', '"🇫🇷"', '"a\\u{0}b"', '""', '"Ǆ"', '"ŉ"', '"K"', '"\\u{212A}"', '"ΐ"', '"Å"', '"A\\u{30A}"', '"\\r\\n"', '"x"']
def s(): return R.choice(S)
forms = [
 lambda: f'{s()}.uppercased()', lambda: f'{s()}.lowercased()', lambda: f'{s()}.count',
 lambda: f'{s()}.uppercased().count', lambda: f'{s()}.lowercased() == {s()}.lowercased()',
 lambda: f'{s()} == {s()}', lambda: f'{s()} < {s()}', lambda: f'{s()}.hasPrefix({s()})',
 lambda: f'{s()}.hasSuffix({s()})', lambda: f'{s()}.contains({s()})', lambda: f'({s()} + {s()}).count',
 lambda: f'{s()}.starts(with: {s()})', lambda: f'Set([{s()}, {s()}, {s()}]).count',
 lambda: f'[{s()}, {s()}, {s()}].sorted()', lambda: f'[{s()}, {s()}].max() ?? ""',
 lambda: f'{s()}.isEmpty', lambda: f'({s()} + {s()}).hasPrefix({s()})', lambda: f'{s()}.uppercased().lowercased()',
 lambda: f'[{s()}, {s()}].contains({s()})', lambda: f'[{s()}, {s()}].map {{ $0.uppercased() }}.contains({s()})',
]
for i in range(N): print(R.choice(forms)())
