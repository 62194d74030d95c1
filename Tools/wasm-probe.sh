#!/usr/bin/env bash
set -e
cd /work/main
swiftc -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo -Osize -parse-as-library -Xfrontend -disable-stack-protector -package-name basket $(find Sources/BasketRules -name "*.swift") "$@" -c -o /tmp/probe/probe.o -module-name BasketRules
