#!/usr/bin/env bash
# Builds the core's portable rules (Sources/BasketRules, Sources/BasketRulesBridge) for the
# browser with Embedded Swift: Web/app/rules.wasm, which the web app loads (Web/app/rules.js)
# and the Node tests run. Uses only the toolchain's swiftc and wasm-ld, the toolchain's
# Unicode tables, and Debian's wasi-libc (malloc, strtod). Nothing is downloaded.
#
#   Tools/wasm/build.sh           # write Web/app/rules.wasm
#   Tools/wasm/build.sh --check   # exit 1 if Web/app/rules.wasm is not what the sources make
set -euo pipefail
cd "$(dirname "$0")/../.."

swiftc=$(command -v swiftc)
toolchain=$(dirname "$(dirname "$swiftc")")
tables="$toolchain/lib/swift/embedded/wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a"
libc=/usr/lib/wasm32-wasi/libc.a
builtins=$(ls /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a 2>/dev/null | sort -V | tail -1)
command -v wasm-opt >/dev/null || { echo "build.sh: wasm-opt is missing (scripts/setup installs binaryen)"; exit 1; }
for needed in "$tables" "$libc" "$builtins"; do
  [ -f "$needed" ] || { echo "build.sh: $needed is missing (scripts/setup installs wasi-libc and libclang-rt-dev-wasm32)"; exit 1; }
done
wasm_ld=$(command -v wasm-ld || echo "$toolchain/bin/wasm-ld")

# NB: a fixed folder: the object's path finds its way into the module, which must come out
# byte for byte the same each build for --check.
scratch=.build/wasm
mkdir -p "$scratch"
mapfile -t sources < <(find Sources/BasketRules Sources/BasketRulesBridge -name '*.swift' | LC_ALL=C sort)
"$swiftc" -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded \
  -enable-experimental-feature Extern -wmo -Osize -Xllvm -inline-threshold=0 \
  -Xllvm -sil-disable-pass=inline -Xllvm -sil-disable-pass=closure-specialize \
  -parse-as-library -Xfrontend -disable-stack-protector -package-name basket \
  -module-name BasketRules "${sources[@]}" Tools/wasm/Exports.swift -c -o "$scratch/rules.o"
"$wasm_ld" "$scratch/rules.o" "$tables" "$libc" "$builtins" -o "$scratch/rules.wasm" --no-entry \
  --export=basket_alloc --export=basket_free --export=basket_call --export=basket_answer \
  --strip-debug --gc-sections -z stack-size=262144
# NB: no inlining (neither LLVM's nor SIL's), no closure specialisation and wasm-opt's size
# passes (its control flow made anew, similar functions merged) keep the module within its
# budget of 600,000 bytes (752 KB without any, 654 KB with SIL's inliner): reading a typed
# line takes about 0.27 ms instead of 0.13, far under a frame. Tests/js/rules-budget.test.mjs
# holds both.
# NB: wasm-opt reads which features the module may use from its target_features section, then
# drops that section and the names.
wasm-opt -Oz --flatten --rereloop -Oz --merge-similar-functions -Oz \
  --strip-debug --strip-producers --strip-target-features "$scratch/rules.wasm" \
  -o "$scratch/rules.opt.wasm"
mv "$scratch/rules.opt.wasm" "$scratch/rules.wasm"

if [ "${1:-}" = "--check" ]; then
  if ! cmp -s "$scratch/rules.wasm" Web/app/rules.wasm; then
    echo "Web/app/rules.wasm is out of date: run Tools/wasm/build.sh (then Tools/web/embed.py)"
    exit 1
  fi
  echo "the rules' WebAssembly module is up to date"
else
  cp "$scratch/rules.wasm" Web/app/rules.wasm
  echo "wrote Web/app/rules.wasm ($(stat -c %s Web/app/rules.wasm) bytes)"
fi
