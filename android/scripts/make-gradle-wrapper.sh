#!/usr/bin/env bash
# Creates the Gradle wrapper of android/ (gradlew, gradlew.bat, gradle/wrapper/gradle-wrapper.jar)
# with a Gradle installed on this machine, for the version pinned in
# android/gradle/wrapper/gradle-wrapper.properties. The wrapper's jar is a binary that no package
# registry serves, so it is made here by Gradle itself rather than committed; the files it
# writes are ignored by git (android/.gitignore). android.yml runs this same script.
#
#   android/scripts/make-gradle-wrapper.sh        (needs `gradle` on the PATH, any recent version)
#
# The wrapper task runs in an empty temporary build, so that neither the Android SDK nor the
# pinned Gradle version is needed to make it; the committed properties file stays as it is.
set -euo pipefail

android="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
properties="$android/gradle/wrapper/gradle-wrapper.properties"
command -v gradle >/dev/null || {
  echo "error: no gradle on the PATH: install Gradle (SDKMAN!, Homebrew, or the zip from gradle.org)," >&2
  echo "       or open android/ in Android Studio, which reads $properties itself" >&2
  exit 2
}
version="$(sed -n 's#^distributionUrl=.*/gradle-\([0-9][0-9.]*\)-bin\.zip$#\1#p' "$properties")"
[[ -n "$version" ]] || { echo "error: no Gradle version in $properties" >&2; exit 2; }

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
touch "$scratch/settings.gradle"
echo "== gradle wrapper --gradle-version $version (with $(gradle --version 2>/dev/null | sed -n 's/^Gradle //p'))"
(cd "$scratch" && gradle --quiet --no-daemon wrapper --gradle-version "$version" --distribution-type bin)

for file in gradlew gradlew.bat gradle/wrapper/gradle-wrapper.jar; do
  [[ -f "$scratch/$file" ]] || { echo "error: gradle wrapper wrote no $file" >&2; exit 1; }
done
cp "$scratch/gradlew" "$scratch/gradlew.bat" "$android/"
cp "$scratch/gradle/wrapper/gradle-wrapper.jar" "$android/gradle/wrapper/"
chmod +x "$android/gradlew"
echo "ok: android/gradlew runs Gradle $version (from $properties)"
