#!/usr/bin/env bash
# Runs one cargo-fuzz target with the project's seeds for a while.
#   fuzz/run.sh TARGET [SECONDS]      e.g. fuzz/run.sh docx_xml 600
# Targets: csv json template xlsx docx (the upload pipeline / template parser on raw bytes) and
# xlsx_xml docx_xml (the input becomes one XML part of an otherwise valid file), and sql_guard
# (the input as a language model's SQL through query::guard and the bounded engine).
# The corpus grows in fuzz/corpus/TARGET and crashes land in fuzz/artifacts/TARGET (both ignored).
# Reproduce a crash: cargo +nightly fuzz run TARGET fuzz/artifacts/TARGET/crash-…
# FUZZ_SANITIZER=none skips AddressSanitizer (panics, aborts, OOMs and timeouts are still caught;
# a DataFusion build under ASan does not fit a 2-core machine's session).
set -euo pipefail
target=${1:?usage: fuzz/run.sh TARGET [SECONDS]}
secs=${2:-60}
cd "$(dirname "$0")/.."
root=$(pwd)
case "$target" in
  csv) seeds=(tests/fixtures/headers tests/fixtures/bad tests/fixtures/malformed/csv) ;;
  json) seeds=(fuzz/seeds/json tests/fixtures/bad tests/fixtures/malformed/json tests/fixtures/malformed/lines) ;;
  template) seeds=(fuzz/seeds/template tests/fixtures/malformed/templates) ;;
  xlsx) seeds=(tests/fixtures/office tests/fixtures/malformed/xlsx) ;;
  docx) seeds=(tests/fixtures/office tests/fixtures/malformed/docx) ;;
  xlsx_xml) seeds=(fuzz/seeds/xlsx_xml) ;;
  docx_xml) seeds=(fuzz/seeds/docx_xml) ;;
  sql_guard) seeds=(fuzz/seeds/sql_guard) ;;
  *) echo "unknown target $target" >&2; exit 2 ;;
esac
dict=()
case "$target" in
  xlsx_xml) dict=(-dict="$root/fuzz/dicts/xlsx.dict") ;;
  docx_xml) dict=(-dict="$root/fuzz/dicts/docx.dict") ;;
esac
mkdir -p "fuzz/corpus/$target"
abs=()
for s in "${seeds[@]}"; do abs+=("$root/$s"); done
cd fuzz
exec cargo +nightly fuzz run --sanitizer "${FUZZ_SANITIZER:-address}" "$target" "$root/fuzz/corpus/$target" "${abs[@]}" -- \
  -max_total_time="$secs" -rss_limit_mb=4096 -timeout=20 "${dict[@]}"
