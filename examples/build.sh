#!/usr/bin/env bash
# Rebuild examples/Loop.jar from examples/Loop.java (Java 8 class files, with debug info).
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
javac --release 8 -g -d "$work" Loop.java
printf 'Manifest-Version: 1.0\nMain-Class: Loop\n' > "$work/MANIFEST.MF"
jar --create --file Loop.jar --manifest "$work/MANIFEST.MF" -C "$work" Loop.class
