#!/usr/bin/env bash
# actionlint on every GitHub Actions workflow in .github/workflows: syntax, expressions, the
# inputs of well-known actions, runner labels, and (through shellcheck) the `run:` scripts.
#
#   tests/actionlint/run.sh        last line: `actionlint: N passed, M failed`
#
# Installs actionlint with `go install` into tests/.tools/go and shellcheck from PyPI into
# tests/.tools/shellcheck (tests/lib.sh) when missing.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=tests/lib.sh
source "$root/tests/lib.sh"
cd "$root" || exit 1

actionlint="$(ensure_actionlint)" || {
  echo "actionlint: could not build actionlint $ACTIONLINT_VERSION"
  echo "actionlint: 0 passed, 1 failed"
  exit 1
}
shellcheck="$(ensure_shellcheck)" || {
  echo "actionlint: could not install shellcheck"
  echo "actionlint: 0 passed, 1 failed"
  exit 1
}

passed=0
failed=0
workflows=(.github/workflows/*.yml .github/workflows/*.yaml)
for workflow in "${workflows[@]}"; do
  [[ -f "$workflow" ]] || continue
  # -pyflakes= : no workflow runs inline Python through `shell: python`
  if out="$("$actionlint" -no-color -shellcheck "$shellcheck" -pyflakes= "$workflow" 2>&1)"; then
    echo "ok   $workflow"
    passed=$((passed + 1))
  else
    echo "FAIL $workflow"
    while IFS= read -r line; do echo "     $line"; done <<<"$out"
    failed=$((failed + 1))
  fi
done
if ((passed + failed == 0)); then
  echo "FAIL no workflow in .github/workflows"
  failed=1
fi

echo "actionlint: $passed passed, $failed failed"
((failed == 0))
