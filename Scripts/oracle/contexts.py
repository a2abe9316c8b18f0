# A generator for Scripts/oracle/run.py: prints one TipRules expression per line.
# typed.py's expressions placed where the context decides their type: the body of a closure
# declared `-> Double`, `-> Double?` or `-> [Double]`. Swift gives integer literals whichever
# type makes the whole expression check, so an `Int` built from literals becomes a `Double`
# there, and anything else is rejected by both (TipRules' rejections are listed by run.py;
# compile them with swiftc to see which Swift accepts).
#   python3 contexts.py SEED COUNT
import os, random, subprocess, sys

seed = sys.argv[1] if len(sys.argv) > 1 else '1'
count = int(sys.argv[2]) if len(sys.argv) > 2 else 300
typed = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'typed.py')
generated = subprocess.run([sys.executable, typed, seed, str(count)], capture_output=True, text=True, check=True).stdout
R = random.Random(int(seed))
contexts = ['[0].map {{ _ -> Double in ({}) }}[0]', '[0].map {{ _ -> Double? in ({}) }}[0]', '[0].map {{ _ -> [Double] in [({})] }}[0]']
for line in generated.split('\n')[:count]:
    if line.strip():
        print(R.choice(contexts).format(line))
