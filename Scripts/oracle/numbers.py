# A generator for Scripts/oracle/run.py: prints one TipRules expression per line.
# Fixed edge cases of Double printing and NaN, infinity and negative zero (the seed is ignored).
#   python3 numbers.py SEED COUNT
import random, sys
R = random.Random(int(sys.argv[1])); N = int(sys.argv[2])
vals = ['1e-5', '1e16', '1e15', '123456789012345678', '0.1 + 0.2', '1.0 / 3', '2.0 / 3 * 1e-7', '5e-324', '1.7976931348623157e308', '1e308 * 10', '-1e-7', '100000000000000000000.0', '0.000001', '0.0001', '1e-4', '123.456e5', '-0.0 * 5', '9007199254740993.0', 'Double(Int.max)', 'Double(Int.min)', '0x1p3', '1_000.5', 'Double.infinity', '-Double.infinity', 'Double.nan', '(0.1).rounded()', '(2.5).rounded()', '(-2.5).rounded()', '(0.5).rounded()', 'Int(2.9)', 'Int(-2.9)', 'Double(7) / 2', '1e22', '1e21', '1e-300 * 1e-300', '4.35', '0.3 - 0.1', '12345.678 * 100', 'Double(4611686018427387904)', '3.0e0', '1.0e-10', 'abs(-0.0)', 'min(0.0, -0.0)', 'max(-0.0, 0.0)', '[0.0, -0.0].min()!', '[-0.0, 0.0].max()!', '[0.5, Double.nan].max()!', '[Double.nan, 0.5].min()!', '[3.0, Double.nan, 1.0].sorted()', 'Set([1.5, 1.5]).count']
for v in vals: print(v)
