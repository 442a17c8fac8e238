"""Asserts the decisions in the Android and iOS build files (see run.sh).

Each test names the rule it guards: what the platform's documentation requires, and what
would fail (a build step, lint, or an upload) if the file drifted. Run by tests/platform/run.sh;
the last line is `platform: N passed, M failed`.
"""

import importlib.util
import io
import json
import os
import plistlib
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import tomllib
import unittest
import zipfile
import xml.etree.ElementTree as ET
from pathlib import Path

import yaml

ROOT = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
ANDROID = ROOT / "android"
APP_GRADLE = ANDROID / "app/build.gradle.kts"
MANIFEST = ANDROID / "app/src/main/AndroidManifest.xml"
MAIN_KOTLIN = ANDROID / "app/src/main/kotlin/app/mills/android"
SHARED_KOTLIN = ANDROID / "app/src/shared/kotlin/app/mills"
RES = ANDROID / "app/src/main/res"
IOS_APP = ROOT / "ios/App"
PROJECT = IOS_APP / "project.yml"
WORKFLOWS = ROOT / ".github/workflows"
ANDROID_NS = "{http://schemas.android.com/apk/res/android}"


def code(path):
    """A Kotlin/Gradle file without its comments (a commented-out line decides nothing)."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def gradle_value(name):
    values = re.findall(rf"\b{name}\s*=\s*([^\n]+)", code(APP_GRADLE))
    if len(values) != 1:
        raise AssertionError(f"{name} is set {len(values)} times in {APP_GRADLE}, not once")
    return values[0].strip().strip('"')


def path_crates(crate, seen=None):
    """The workspace folders (relative to ROOT) of `crate` and every path dependency it pulls in."""
    seen = set() if seen is None else seen
    folder = crate.resolve().relative_to(ROOT).as_posix()
    if folder in seen:
        return seen
    seen.add(folder)
    manifest = tomllib.loads((crate / "Cargo.toml").read_text(encoding="utf-8"))
    for table in ("dependencies", "build-dependencies"):
        for spec in manifest.get(table, {}).values():
            if isinstance(spec, dict) and "path" in spec:
                path_crates(crate / spec["path"], seen)
    return seen


# What opens a network connection (a socket, a name lookup, an HTTP or WebSocket client), in
# the languages of the app's code. A match in code that ships needs android.permission.INTERNET.
NETWORK_CALLS = {
    ".rs": re.compile(r"\b(?:TcpStream::connect\w*|UdpSocket::bind|to_socket_addrs|lookup_host"
                      r"|tungstenite::connect|reqwest::|ureq::|hyper::client)"),
    ".kt": re.compile(r"\b(?:java\.net\.(?:Socket|URL|HttpURLConnection|InetAddress|DatagramSocket)\b"
                      r"|openConnection\(|okhttp3\.|io\.ktor\.client|Socket\(\s*\w)"),
}
NETWORK_CALLS[".java"] = NETWORK_CALLS[".kt"]
NETWORK_CALLS[".kts"] = NETWORK_CALLS[".kt"]


def shipped_source(path):
    """The code of `path` that goes into the app: no comments, no test files or test modules."""
    parts = path.parts
    if "tests" in parts or "test" in parts or "androidTest" in parts or "benches" in parts:
        return ""
    if path.suffix == ".rs":
        if path.stem.endswith("_tests") or path.stem == "test_support":
            return ""
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        text = re.sub(r"//[^\n]*", "", text)
        # a crate's unit tests are its last item, `#[cfg(test)] mod tests`
        return text.split("#[cfg(test)]", 1)[0]
    return code(path)


def network_calls(folders):
    """`file:line: text` for each place the code under `folders` opens a network connection."""
    found = []
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            pattern = NETWORK_CALLS.get(path.suffix)
            if pattern is None or not path.is_file() or "build" in path.relative_to(folder).parts:
                continue
            for number, line in enumerate(shipped_source(path).splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}:{number}: {line.strip()}")
    return found


def app_code_folders():
    """Everything the app is built from: its Kotlin and Gradle files, and every crate of mills-ffi."""
    return [ANDROID] + [ROOT / crate for crate in sorted(path_crates(ROOT / "bindings"))]


def manifest_permissions():
    return {e.get(f"{ANDROID_NS}name") for e in ET.parse(MANIFEST).getroot().findall("uses-permission")}


def function_body(kotlin, name):
    """The body of the Kotlin function `name` (braces balanced; comments already removed)."""
    start = re.search(rf"\bfun {name}\([^)]*\)[^{{=]*\{{", kotlin)
    if start is None:
        raise AssertionError(f"no function {name}")
    depth, i = 1, start.end()
    while depth:
        depth += {"{": 1, "}": -1}.get(kotlin[i], 0)
        i += 1
    return kotlin[start.end():i - 1]


def strings_of(folder):
    tree = ET.parse(folder / "strings.xml")
    return {s.get("name"): s for s in tree.getroot().iter("string")}


def localized_value_folders():
    return sorted(p for p in RES.glob("values-*") if (p / "strings.xml").is_file())


def project():
    return yaml.safe_load(PROJECT.read_text(encoding="utf-8"))


def png_header(path):
    """(width, height, bit depth, colour type) from a PNG's IHDR."""
    data = path.read_bytes()[:26]
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise AssertionError(f"{path} is not a PNG")
    return struct.unpack(">IIBB", data[16:26])


class Android(unittest.TestCase):
    def test_compile_sdk_is_36(self):
        # core-ktx 1.17, activity 1.12, lifecycle 2.10: minCompileSdk 36
        self.assertEqual(gradle_value("compileSdk"), "36")

    def test_target_sdk_is_36(self):
        # Google Play: target API 36 for new apps and updates from 31 August 2026
        self.assertEqual(gradle_value("targetSdk"), "36")

    def test_ndk_is_r28_or_later(self):
        # r28 links 64-bit libraries with 16 KB max page size by default
        version = gradle_value("ndkVersion")
        self.assertGreaterEqual(int(version.split(".")[0]), 28, version)

    def test_rust_is_linked_for_16_kb_pages(self):
        self.assertIn("max-page-size=16384", code(APP_GRADLE))

    def test_rust_tasks_keep_no_reference_to_the_build_script(self):
        # a doFirst/doLast written in the script captures the script object: no configuration
        # cache; the Rust tasks are task classes whose inputs are properties
        body = code(APP_GRADLE)
        self.assertNotRegex(body, r"\bdo(First|Last)\s*\{")
        self.assertIn("abstract class BuildRustLibraries", body)
        self.assertIn("abstract class GenerateKotlinBindings", body)
        self.assertIn("androidComponents.sdkComponents.ndkDirectory", body)

    def test_generated_sources_are_registered_with_the_variant_api(self):
        # addGeneratedSourceDirectory: AGP knows the folders are generated and runs their tasks first.
        # The bindings go to the variant's java sources: with AGP 8.x and the separate
        # org.jetbrains.kotlin.android plugin, Kotlin compiles the java source directories only,
        # so bindings under variant.sources.kotlin would leave every uniffi.mills_ffi import
        # unresolved in compileDebugKotlin (as sqldelight and KSP found on AGP 8).
        body = code(APP_GRADLE)
        self.assertIn("variant.sources.java?.addGeneratedSourceDirectory(kotlinBindings, GenerateKotlinBindings::outputDirectory)", body)
        self.assertNotRegex(body, r"variant\.sources\.kotlin\b")
        self.assertIn("variant.sources.jniLibs?.addGeneratedSourceDirectory(rustLibraries, BuildRustLibraries::outputDirectory)", body)
        self.assertNotRegex(body, r"kotlin\.srcDir\([^)]*uniffi")
        self.assertNotIn("preBuild", body)

    def test_version_code_comes_from_the_build(self):
        # Play refuses an upload whose versionCode is not above the last one: a number written in
        # the file would be the same for every build CI makes
        self.assertNotRegex(gradle_value("versionCode"), r"^\d+$", "versionCode is a constant")
        body = code(APP_GRADLE)
        self.assertIn(f"versionCode = {gradle_value('versionCode')}", body)
        self.assertIn('providers.gradleProperty("mills.versionCode")', body)
        workflow = (WORKFLOWS / "android.yml").read_text(encoding="utf-8")
        self.assertIn("-Pmills.versionCode=${{ github.run_number }}", workflow)

    def test_rust_task_inputs_cover_every_crate_mills_ffi_is_built_from(self):
        # a crate left out of the task's inputs is one whose change Gradle does not rebuild
        crates = path_crates(ROOT / "bindings")
        self.assertIn("server/protocol", crates)  # the online client's wire messages
        self.assertIn("server/online", crates)  # the online client's room state machine
        inputs = re.search(r"val rustSourceFiles = files\((.*?)\n\)", code(APP_GRADLE), flags=re.S)
        self.assertIsNotNone(inputs, "no rustSourceFiles")
        listed = re.findall(r'repoRoot\.resolve\("([^"]+)"\)', inputs.group(1))
        for crate in crates:
            self.assertTrue(any(crate == p or crate.startswith(p + "/") for p in listed),
                            f"{crate} is not an input of the Rust tasks: {listed}")
        for manifest in ("Cargo.toml", "Cargo.lock"):
            self.assertIn(manifest, listed)

    def test_release_keeps_native_debug_symbols(self):
        # Play symbolicates native crashes from the bundle's debug symbols
        body = code(APP_GRADLE)
        release = re.search(r"release\s*\{(.*?)\n        \}", body, flags=re.S).group(1)
        self.assertRegex(release, r'ndk\s*\{\s*debugSymbolLevel\s*=\s*"(FULL|SYMBOL_TABLE)"\s*\}')
        # and cargo keeps what there is to extract in the libraries it writes
        self.assertIn('environment("CARGO_PROFILE_RELEASE_STRIP", "none")', body)

    def test_release_is_signed_only_when_a_keystore_is_given(self):
        body = code(APP_GRADLE)
        for name in ("MILLS_KEYSTORE_FILE", "MILLS_KEYSTORE_PASSWORD", "MILLS_KEY_ALIAS", "MILLS_KEY_PASSWORD"):
            self.assertIn(f'"{name}"', body)
        self.assertRegex(body, r"if \(keystore != null\)\s*\{\s*signingConfigs\.create\(\"release\"\)")
        self.assertIn('signingConfig = signingConfigs.findByName("release")', body)

    def test_cargo_is_looked_for_outside_the_path(self):
        body = code(APP_GRADLE)
        self.assertIn(".cargo/bin", body)
        self.assertIn("GradleException", body)

    def test_version_catalog_keeps_agp_8_13_or_later(self):
        catalog = (ANDROID / "gradle/libs.versions.toml").read_text(encoding="utf-8")
        agp = re.search(r'^agp\s*=\s*"(\d+)\.(\d+)', catalog, flags=re.M)
        self.assertIsNotNone(agp)
        self.assertGreaterEqual((int(agp.group(1)), int(agp.group(2))), (8, 13))

    def test_the_desktop_builds_read_the_apps_versions(self):
        # tests/compose and tests/kotlin compile with the app's Kotlin, Compose and Lifecycle,
        # read from the version catalog: a version written a second time would drift from it
        catalog = tomllib.loads((ANDROID / "gradle/libs.versions.toml").read_text(encoding="utf-8"))
        versions = catalog["versions"]
        for name in ("kotlin", "compose", "lifecycle", "material3"):
            self.assertRegex(versions.get(name, ""), r"^\d+\.\d+\.\d+$", name)
        # Compose by its version, not a BOM (whose mapping only Google Maven holds)
        modules = {lib["module"]: lib.get("version", {}) for lib in catalog["libraries"].values()}
        self.assertFalse(any(m.endswith(":compose-bom") for m in modules), "a Compose BOM")
        for module in ("androidx.compose.ui:ui", "androidx.compose.foundation:foundation"):
            self.assertEqual(modules[module], {"ref": "compose"}, module)
        lib_sh = (ROOT / "tests/lib.sh").read_text(encoding="utf-8")
        self.assertTrue('KOTLIN_VERSION="$(catalog_version kotlin)"' in lib_sh,
                        "tests/lib.sh does not take kotlinc's version from the catalog")
        pom = ET.parse(ROOT / "tests/compose/deps/pom.xml").getroot()
        ns = "{http://maven.apache.org/POM/4.0.0}"
        defined = {p.tag.removeprefix(ns) for p in pom.find(f"{ns}properties")}
        for given in ("kotlin.version", "compose.version", "lifecycle.version"):
            self.assertNotIn(given, defined, f"deps/pom.xml writes {given} a second time")
        compose = (ROOT / "tests/compose/run.sh").read_text(encoding="utf-8")
        for name in ("compose", "lifecycle", "material3"):
            self.assertTrue(f"catalog_version {name}" in compose, f"tests/compose/run.sh does not read {name}")

    def test_gradle_wrapper_is_8_14(self):
        wrapper = (ANDROID / "gradle/wrapper/gradle-wrapper.properties").read_text(encoding="utf-8")
        self.assertRegex(wrapper, r"gradle-8\.14(\.\d+)?-bin\.zip")

    def test_no_untranslatable_string_in_a_localized_folder(self):
        # lint ExtraTranslation, fatal in lintVitalRelease (assembleRelease)
        base = strings_of(RES / "values")
        untranslatable = {n for n, e in base.items() if e.get("translatable") == "false"}
        folders = localized_value_folders()
        self.assertTrue(folders, "no localized strings")
        for folder in folders:
            strings = strings_of(folder)
            marked = sorted(n for n, e in strings.items() if e.get("translatable") is not None)
            self.assertEqual(marked, [], f"{folder.name}: translatable attribute")
            self.assertEqual(sorted(untranslatable & strings.keys()), [], f"{folder.name}: translates untranslatable")
            self.assertEqual(sorted(strings.keys() - base.keys()), [], f"{folder.name}: strings not in values/")

    def test_each_chinese_script_is_one_folder_for_all_its_locales(self):
        # Android 7+ matches a resource locale by script, inferring it when absent (zh, zh-CN,
        # zh-SG: Hans; zh-TW, zh-HK, zh-MO: Hant): one folder per script serves every region,
        # and a region folder (values-zh-rTW) would only be a second copy to keep in step.
        folders = [p.name for p in localized_value_folders()]
        self.assertEqual(sorted(folders), ["values-b+zh+Hans", "values-b+zh+Hant"])
        filters = re.search(r"localeFilters\s*\+=\s*listOf\(([^)]*)\)", code(APP_GRADLE))
        self.assertIsNotNone(filters)
        listed = re.findall(r'"([^"]+)"', filters.group(1))
        self.assertIn("b+zh+Hans", listed)  # the app's strings
        self.assertIn("b+zh+Hant", listed)
        # AndroidX's and Material's own Chinese, in region folders that aapt2's filter does not
        # match to the script ones
        for region in ("zh-rCN", "zh-rTW", "zh-rHK"):
            self.assertIn(region, listed)
        config = ET.parse(RES / "xml/locales_config.xml").getroot()
        self.assertEqual(
            sorted(e.get(f"{ANDROID_NS}name") for e in config), ["en", "zh-Hans", "zh-Hant"]
        )
        # each folder asks the engine for the rules text of its own script
        for script in ("Hans", "Hant"):
            rules_locale = strings_of(RES / f"values-b+zh+{script}")["rules_locale"]
            self.assertEqual(rules_locale.text, f"zh-{script}")

    def test_every_localized_folder_has_every_translatable_string(self):
        base = strings_of(RES / "values")
        wanted = {n for n, e in base.items() if e.get("translatable") != "false"}
        for folder in localized_value_folders():
            missing = sorted(wanted - strings_of(folder).keys())
            self.assertEqual(missing, [], f"{folder.name} lacks these strings")

    def test_adaptive_icon_has_its_own_monochrome_layer(self):
        icon = ET.parse(RES / "mipmap-anydpi/ic_launcher.xml").getroot()
        layers = {child.tag: child.get(f"{ANDROID_NS}drawable") for child in icon}
        self.assertEqual(layers.get("monochrome"), "@drawable/ic_launcher_monochrome")
        self.assertTrue((RES / "drawable/ic_launcher_monochrome.xml").is_file())
        self.assertNotEqual(layers.get("monochrome"), layers.get("foreground"))

    def test_manifest_uses_the_icon_and_locale_config(self):
        manifest = ET.parse(ANDROID / "app/src/main/AndroidManifest.xml").getroot()
        application = manifest.find("application")
        self.assertEqual(application.get(f"{ANDROID_NS}icon"), "@mipmap/ic_launcher")
        self.assertEqual(application.get(f"{ANDROID_NS}localeConfig"), "@xml/locales_config")


    def test_code_that_connects_has_the_internet_permission(self):
        # Without INTERNET the platform refuses the socket and the name lookup (EACCES) and the
        # engine's online client retries forever; no desktop test can see a permission.
        calls = network_calls(app_code_folders())
        # the engine's online client is known to connect: if the scan misses it, the scan is broken
        self.assertTrue(any(c.startswith("bindings/src/online/") for c in calls), calls)
        if calls:
            self.assertIn("android.permission.INTERNET", manifest_permissions(),
                          "the app opens network connections without android.permission.INTERNET:\n"
                          + "\n".join(calls))

    def test_the_network_scan_sees_shipped_code_only(self):
        with tempfile.TemporaryDirectory() as folder:
            folder = Path(folder)
            (folder / "src").mkdir()
            (folder / "src/client.rs").write_text(
                "// TcpStream::connect in a comment decides nothing\n"
                "fn open() { let s = TcpStream::connect_timeout(&addr, t); }\n"
                "#[cfg(test)]\nmod tests { fn f() { TcpStream::connect(\"x\"); } }\n", encoding="utf-8")
            (folder / "src/room_tests.rs").write_text("fn t() { TcpStream::connect(\"x\"); }\n", encoding="utf-8")
            (folder / "src/Fetch.kt").write_text(
                "/* java.net.URL */\nval c = java.net.URL(address).openConnection()\n", encoding="utf-8")
            (folder / "tests").mkdir()
            (folder / "tests/online.rs").write_text("fn t() { TcpStream::connect(\"x\"); }\n", encoding="utf-8")
            calls = network_calls([folder])
            self.assertEqual([c.split(": ", 1)[0].rsplit("/", 1)[-1] for c in calls], ["Fetch.kt:2", "client.rs:2"], calls)

    def test_predictive_back_is_opted_in(self):
        # predictive back: the app's callback (MainActivity's BackHandler) with the system's animations
        manifest = ET.parse(MANIFEST).getroot()
        self.assertEqual(manifest.find("application").get(f"{ANDROID_NS}enableOnBackInvokedCallback"), "true")
        for element in manifest.iter():
            self.assertNotEqual(element.get(f"{ANDROID_NS}enableOnBackInvokedCallback"), "false", element.tag)
        activity = code(MAIN_KOTLIN / "MainActivity.kt")
        self.assertIn("BackHandler(enabled = backDispatcher.canHandle) { backDispatcher.handle() }", activity)

    def test_a_configuration_change_never_hides_the_app(self):
        # A rotation, a dark-mode switch or a language change stops the activity and makes it
        # again: the app is not hidden, and an online room must keep its connection (the
        # server's clock runs on). Every stop goes through AppVisibility with the activity's
        # isChangingConfigurations (tests/compose: OnlineLifecycleTest drives it on a real server),
        # and nothing in the Android shell tells a view model "background" by itself.
        activity = code(MAIN_KOTLIN / "MainActivity.kt")
        self.assertIn("val visibility = AppVisibility(appViewModels)", activity)
        self.assertRegex(activity, r"override fun onStart\(owner: LifecycleOwner\) = visibility\.started\(\)")
        self.assertRegex(activity, r"override fun onStop\(owner: LifecycleOwner\) = visibility\.stopped\(isChangingConfigurations\)")
        for source in MAIN_KOTLIN.rglob("*.kt"):
            text = code(source)
            self.assertNotRegex(text, r"\.setForeground\(", source)
            for stop in re.finditer(r"fun onStop\([^)]*\)[^\n]*", text):
                self.assertIn("isChangingConfigurations", stop.group(0), source)
        visibility = code(SHARED_KOTLIN / "ui/AppVisibility.kt")
        self.assertRegex(function_body(visibility, "stopped"), r"if \(!changingConfigurations\) tell\(false\)")

    def test_backup_keeps_the_endgame_tables_out(self):
        # allowBackup with rules for Android 11 and earlier (fullBackupContent) and 12 and later
        # (dataExtractionRules, both cloud backup and device transfer), each excluding the tables
        application = ET.parse(MANIFEST).getroot().find("application")
        if application.get(f"{ANDROID_NS}allowBackup") == "false":
            return
        full = application.get(f"{ANDROID_NS}fullBackupContent")
        extraction = application.get(f"{ANDROID_NS}dataExtractionRules")
        self.assertIsNotNone(full, "allowBackup without fullBackupContent rules")
        self.assertIsNotNone(extraction, "allowBackup without dataExtractionRules")

        def excludes_tables(element):
            return any(e.get("domain") == "file" and e.get("path", "").rstrip("/") == "tables"
                       for e in element.findall("exclude"))

        rules = ET.parse(RES / f"xml/{full.removeprefix('@xml/')}.xml").getroot()
        self.assertEqual(rules.tag, "full-backup-content")
        self.assertTrue(excludes_tables(rules), "backup rules back the tables up")
        extraction_rules = ET.parse(RES / f"xml/{extraction.removeprefix('@xml/')}.xml").getroot()
        self.assertEqual(extraction_rules.tag, "data-extraction-rules")
        for section in ("cloud-backup", "device-transfer"):
            element = extraction_rules.find(section)
            self.assertIsNotNone(element, section)
            self.assertTrue(excludes_tables(element), f"{section} takes the tables")
        # and the tables are made where no backup looks
        self.assertIn('File(noBackupDirectory, "tables")', code(SHARED_KOTLIN / "data/AppFiles.kt"))
        self.assertIn("noBackupFilesDir = noBackupFilesDir", code(MAIN_KOTLIN / "MillsApplication.kt"))

    def test_the_tables_pack_is_made_from_this_checkout_and_merged_into_the_assets(self):
        # docs/ai.md, "Tables ready at once": the host's mills, run by cargo from the workspace
        # the libraries are built from, builds the tables and packs them; each variant's pack
        # is a generated assets folder, so mergeAssets (debug and release alike) runs it first
        body = code(APP_GRADLE)
        self.assertIn("abstract class BuildEndgameTables : CargoTask()", body)
        self.assertIn("abstract class PackEndgameTables : CargoTask()", body)
        self.assertIn('args(listOf("run", "--release", "--quiet", "-p", "mills-toolbox", "--bin", "mills", "--") + words)', body)
        self.assertIn('runMills("tables", "build", "--out", out.path)', body)
        self.assertIn('runMills("tables", "pack", "--tables", tables.get().asFile.path, "--out", pack.path)', body)
        self.assertIn('val pack = File(emptied(outputDirectory), "tables.pack")', body)
        self.assertIn("variant.sources.assets?.addGeneratedSourceDirectory(tablesPack, PackEndgameTables::outputDirectory)", body)
        self.assertIn("tables.set(endgameTables.flatMap { it.outputDirectory })", body)
        # a change of the engine makes new tables and a new pack
        for task in ("BuildEndgameTables", "PackEndgameTables"):
            register = re.search(rf"register<{task}>\((.*?)\n\s*\}}", body, flags=re.S)
            self.assertIsNotNone(register, f"{task} is not registered")
            self.assertIn("rustSources.from(rustSourceFiles)", register.group(1), task)
        # zstd data stored as it is: deflate would gain nothing and cost the first launch
        self.assertRegex(body, r'androidResources\s*\{[^}]*noCompress \+= "pack"')
        # the subcommand and flags the tasks use are the command line's own
        cli = (ROOT / "rust-core/toolbox/src/bin/mills/tables.rs").read_text(encoding="utf-8")
        for word in ('Some("build")', 'Some("pack")', '"--out"', '"--tables"'):
            self.assertIn(word, cli)
        # and the app opens the asset by the name the task writes
        application = code(MAIN_KOTLIN / "MillsApplication.kt")
        self.assertIn('private const val TABLES_PACK = "tables.pack"', application)
        self.assertIn("assets.open(TABLES_PACK)", application)

    def test_no_resource_folder_repeats_min_sdk(self):
        # lint ObsoleteSdkInt: a -vNN qualifier at or below minSdk is always true
        min_sdk = int(gradle_value("minSdk"))
        for folder in RES.iterdir():
            version = re.search(r"-v(\d+)$", folder.name)
            self.assertFalse(version and int(version.group(1)) <= min_sdk, folder.name)

    def test_no_deprecated_system_bar_colours(self):
        # statusBarColor and navigationBarColor are deprecated from API 35 (edge to edge)
        for themes in RES.glob("values*/themes.xml"):
            text = themes.read_text(encoding="utf-8")
            self.assertNotIn("android:statusBarColor", text, themes)
            self.assertNotIn("android:navigationBarColor", text, themes)
        self.assertNotIn("statusBarColor", code(MAIN_KOTLIN / "MainActivity.kt"))

    def test_system_bar_icons_follow_the_apps_theme(self):
        activity = code(MAIN_KOTLIN / "MainActivity.kt")
        self.assertIn("onDarkThemeChanged = ::applyAppTheme", activity)
        self.assertRegex(function_body(activity, "applyAppTheme"), r"\bapplySystemBarStyle\(dark\)")
        self.assertRegex(activity, r"statusBarStyle = SystemBarStyle\.auto\([^)]*\)\s*\{\s*dark\s*\}")

    def test_window_background_follows_the_apps_theme(self):
        # What shows before Compose's first frame is the window: from the resources first (the
        # system's night mode picks values/ or values-night/), then from the activity. A dark app
        # on a light system would flash the light window at every start.
        for folder in ("values", "values-night"):
            theme = ET.parse(RES / folder / "themes.xml").getroot().find("style[@name='Theme.Mills']")
            items = {i.get("name"): i.text for i in theme.findall("item")}
            self.assertEqual(items.get("android:windowBackground"), "@color/background", folder)
        activity = code(MAIN_KOTLIN / "MainActivity.kt")
        apply = function_body(activity, "applyAppTheme")
        # the colour the shared theme draws the screens on (tests/compose: WindowThemeTest)
        self.assertIn("window.setBackgroundDrawable(ColorDrawable(windowBackground(dark).toArgb()))", apply)
        # before the first frame, with the setting as it stands, and again on every change
        on_create = function_body(activity, "onCreate")
        first = on_create.find("applyAppTheme(appIsDark(settingsViewModel.uiState.value.theme")
        self.assertGreaterEqual(first, 0, "onCreate does not set the window's theme")
        self.assertLess(first, on_create.find("setContent"), "the window's theme is set after the content")
        # Android 12+: the starting window, drawn before any code runs, in the app's night mode
        self.assertIn("StartingWindowTheme.remember(this, settingsViewModel.uiState.value.theme)", apply)
        starting = code(MAIN_KOTLIN / "StartingWindowTheme.kt")
        self.assertIn("Build.VERSION.SDK_INT < Build.VERSION_CODES.S) return", starting)  # API 31
        for mode, night in (("Light", "MODE_NIGHT_NO"), ("Dark", "MODE_NIGHT_YES"), ("System", "MODE_NIGHT_AUTO")):
            self.assertRegex(starting, rf"ThemeMode\.{mode} -> UiModeManager\.{night}\b")
        self.assertIn("setApplicationNightMode(", starting)

    def test_incoming_records(self):
        record = code(MAIN_KOTLIN / "IncomingRecord.kt")
        # styled shared text is a CharSequence, not a String
        self.assertIn("getCharSequenceExtra(Intent.EXTRA_TEXT)", record)
        self.assertNotIn("getStringExtra(Intent.EXTRA_TEXT)", record)
        # content: only, and not again when reopened from Recents
        self.assertIn("uri.scheme != ContentResolver.SCHEME_CONTENT", record)
        self.assertIn("FLAG_ACTIVITY_LAUNCHED_FROM_HISTORY == 0", record)
        activity = code(MAIN_KOTLIN / "MainActivity.kt")
        # read in a view model (survives a rotation), unreadable said on screen
        self.assertNotIn("lifecycleScope.launch", activity)
        self.assertIn("RecordReader(application) { text -> models.openRecordFile(text) }", activity)
        manifest = ET.parse(MANIFEST).getroot()
        main = manifest.find("application/activity")
        self.assertEqual(main.get(f"{ANDROID_NS}launchMode"), "singleTask")
        view = [f for f in main.findall("intent-filter")
                if f.find("action").get(f"{ANDROID_NS}name") == "android.intent.action.VIEW"]
        self.assertEqual([d.get(f"{ANDROID_NS}scheme") for d in view[0].findall("data") if d.get(f"{ANDROID_NS}scheme")],
                         ["content"])

    def test_sounds_are_written_off_the_main_thread_and_atomically(self):
        player = code(MAIN_KOTLIN / "SoundPoolPlayer.kt")
        self.assertIn("withContext(Dispatchers.IO)", player)
        self.assertIn("StandardCopyOption.ATOMIC_MOVE", player)
        self.assertNotRegex(player, r"file\.writeBytes")


def script_module(name):
    spec = importlib.util.spec_from_file_location(name, ANDROID / f"scripts/{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class GeneratedBindings(unittest.TestCase):
    """UniFFI's Kotlin stays within minSdk: lint skips generated sources, so nothing else would see it."""

    # what UniFFI 0.32 generates without disable_java_cleaner (its JVM cleaner template)
    JVM_CLEANER = (
        "private class JavaLangRefCleaner : UniffiCleaner {\n"
        "    val cleaner = java.lang.ref.Cleaner.create()\n"
        "}\n"
    )
    JNA_CLEANER = (
        "// java.lang.ref.Cleaner is API 33\n"
        "private class UniffiJnaCleaner : UniffiCleaner {\n"
        "    private val cleaner = com.sun.jna.internal.Cleaner.getCleaner()\n"
        "}\n"
    )

    def setUp(self):
        self.dir = Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, self.dir)
        self.checker = script_module("check_bindings_api")

    def findings(self, text):
        (self.dir / "uniffi/mills_ffi").mkdir(parents=True, exist_ok=True)
        (self.dir / "uniffi/mills_ffi/mills_ffi.kt").write_text(text)
        return self.checker.findings([self.dir], self.checker.min_sdk())

    def test_uniffi_toml_keeps_the_java_cleaner_out(self):
        config = tomllib.loads((ROOT / "bindings/uniffi.toml").read_text(encoding="utf-8"))
        self.assertIs(config["bindings"]["kotlin"]["disable_java_cleaner"], True)

    def test_checker_reads_min_sdk_from_the_app(self):
        self.assertEqual(self.checker.min_sdk(), int(gradle_value("minSdk")))

    def test_a_binding_with_the_java_cleaner_fails(self):
        found = self.findings(self.JVM_CLEANER)
        self.assertEqual(len(found), 1, found)
        self.assertIn("java.lang.ref.Cleaner needs API 33", found[0])
        self.assertIn("mills_ffi.kt:2:", found[0])

    def test_a_binding_with_the_jna_cleaner_passes(self):
        self.assertEqual(self.findings(self.JNA_CLEANER), [])

    def test_no_kotlin_at_all_fails(self):
        self.assertEqual(len(self.checker.findings([self.dir], 26)), 1)

    def test_every_kotlin_generation_path_checks_or_uses_the_config(self):
        # the Gradle task refuses the cleaner itself, tests/kotlin runs the checker, and every
        # path runs uniffi-bindgen from the workspace, where it finds bindings/uniffi.toml
        gradle = code(APP_GRADLE)
        self.assertIn('"java.lang.ref.Cleaner" in file.readText()', gradle)
        self.assertIn('uniffiConfig.set(repoRoot.resolve("bindings/uniffi.toml"))', gradle)
        self.assertIn("workingDir(workspace.get().asFile)", gradle)
        kotlin_run = (ROOT / "tests/kotlin/run.sh").read_text(encoding="utf-8")
        self.assertIn("check_bindings_api.py", kotlin_run)
        generate = (ROOT / "bindings/scripts/generate.sh").read_text(encoding="utf-8")
        self.assertRegex(generate, r'cd "\$root"\n"\$target_dir/debug/uniffi-bindgen" generate')
        compose_run = (ROOT / "tests/compose/run.sh").read_text(encoding="utf-8")
        self.assertIn("bindings/scripts/generate.sh kotlin", compose_run)

    def test_bindings_generated_by_the_other_suites_pass(self):
        # tests/kotlin and tests/compose run before this suite in tests/run.sh
        target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
        generated = [d for d in (target / "ffi-tests/kotlin/generated", ROOT / "build/compose/generated") if d.is_dir()]
        if not generated:
            self.skipTest("no generated bindings here (tests/kotlin or tests/compose not run)")
        for directory in generated:
            self.assertEqual(self.checker.findings([directory], self.checker.min_sdk()), [], directory)


class GradleWrapper(unittest.TestCase):
    """The wrapper is made, not committed: its jar comes from no package registry."""

    SCRIPT = ANDROID / "scripts/make-gradle-wrapper.sh"

    def test_the_readme_says_how_the_wrapper_is_made(self):
        readme = (ROOT / "README.md").read_text(encoding="utf-8")
        for said in ("android/scripts/make-gradle-wrapper.sh", "./gradlew :app:assembleDebug", "./gradlew :app:bundleRelease"):
            self.assertTrue(said in readme, f"README.md does not say {said}")
        self.assertTrue(self.SCRIPT.is_file() and self.SCRIPT.stat().st_mode & 0o111, "script missing or not executable")

    def test_the_made_files_are_not_committed(self):
        ignored = (ANDROID / ".gitignore").read_text(encoding="utf-8").splitlines()
        for made in ("/gradlew", "/gradlew.bat", "/gradle/wrapper/gradle-wrapper.jar"):
            self.assertIn(made, ignored)
            self.assertFalse((ANDROID / made.lstrip("/")).exists() and self.tracked(made), made)

    def tracked(self, made):
        result = subprocess.run(["git", "-C", ROOT, "ls-files", "--error-unmatch", f"android{made}"],
                                capture_output=True)
        return result.returncode == 0

    def test_the_script_makes_the_pinned_version_with_any_gradle(self):
        # a stand-in for gradle that writes what `gradle wrapper` writes, and says how it was called
        work = Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, work)
        android = work / "android"
        shutil.copytree(ANDROID / "scripts", android / "scripts")
        (android / "gradle/wrapper").mkdir(parents=True)
        properties = (ANDROID / "gradle/wrapper/gradle-wrapper.properties").read_text(encoding="utf-8")
        (android / "gradle/wrapper/gradle-wrapper.properties").write_text(properties)
        bin_dir = work / "bin"
        bin_dir.mkdir()
        fake = bin_dir / "gradle"
        fake.write_text(
            "#!/bin/sh\n"
            'if [ "$1" = --version ]; then echo "Gradle 9.9.9"; exit 0; fi\n'
            f'echo "$PWD $*" >>"{work}/calls"\n'
            "mkdir -p gradle/wrapper && echo jar >gradle/wrapper/gradle-wrapper.jar && "
            "echo sh >gradlew && echo bat >gradlew.bat\n"
        )
        fake.chmod(0o755)
        env = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}")
        result = subprocess.run([android / "scripts/make-gradle-wrapper.sh"], env=env, capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stderr)
        version = re.search(r"gradle-([\d.]+)-bin\.zip", properties).group(1)
        calls = (work / "calls").read_text()
        self.assertIn(f"wrapper --gradle-version {version} --distribution-type bin", calls)
        self.assertFalse(calls.startswith(str(android)), "ran in the Android build (needs its SDK)")
        self.assertEqual((android / "gradle/wrapper/gradle-wrapper.jar").read_text(), "jar\n")
        self.assertTrue(os.access(android / "gradlew", os.X_OK))
        self.assertEqual((android / "gradle/wrapper/gradle-wrapper.properties").read_text(), properties)

    def test_the_script_says_what_is_missing_without_gradle(self):
        env = dict(os.environ, PATH="/nonexistent")
        result = subprocess.run(["/bin/bash", self.SCRIPT], env=env, capture_output=True, text=True)
        self.assertEqual(result.returncode, 2)
        self.assertIn("no gradle on the PATH", result.stderr)


def elf_checker():
    spec = importlib.util.spec_from_file_location("check_elf_alignment", ANDROID / "scripts/check_elf_alignment.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@unittest.skipUnless(shutil.which("cc"), "no C compiler to link test libraries")
class SixteenKbCheck(unittest.TestCase):
    """android.yml's 16 KB check, on APKs and bundles made of libraries linked here with 4 and 16 KB pages."""

    def setUp(self):
        self.dir = Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, self.dir)
        (self.dir / "lib.c").write_text("int mills_answer(void) { return 42; }\n")

    def library(self, page):
        out = self.dir / f"lib{page}.so"
        subprocess.run(["cc", "-shared", "-fPIC", f"-Wl,-z,max-page-size={page}", "-o", out, self.dir / "lib.c"],
                       check=True, capture_output=True)
        return out.read_bytes()

    def apk(self, libraries, name="app.apk", libs="lib"):
        path = self.dir / name
        with zipfile.ZipFile(path, "w") as apk:
            for abi in ("arm64-v8a", "x86_64"):
                for lib, data in libraries.items():
                    apk.writestr(f"{libs}/{abi}/{lib}", data)
        return path

    def bundle(self, libraries, libs="base/lib"):
        """An Android App Bundle's layout: the base module's native libraries under base/lib."""
        path = self.apk(libraries, name="app.aab", libs=libs)
        with zipfile.ZipFile(path, "a") as aab:
            aab.writestr("BundleConfig.pb", b"")
            aab.writestr("base/manifest/AndroidManifest.xml", b"")
        return path

    def failures(self, libraries):
        return elf_checker().check(self.apk(libraries), out=io.StringIO())

    def test_16_kb_libraries_pass(self):
        lib = self.library(16384)
        self.assertEqual(self.failures({"libmills_ffi.so": lib, "libjnidispatch.so": lib}), [])

    def test_a_4_kb_library_fails(self):
        failures = self.failures({"libmills_ffi.so": self.library(4096), "libjnidispatch.so": self.library(16384)})
        self.assertEqual(len(failures), 2, failures)  # one per 64-bit ABI
        self.assertTrue(all("libmills_ffi.so" in f and "4096" in f for f in failures), failures)

    def test_a_missing_library_fails(self):
        failures = self.failures({"libmills_ffi.so": self.library(16384)})
        self.assertEqual(failures, ["lib/arm64-v8a/libjnidispatch.so: not in the APK",
                                    "lib/x86_64/libjnidispatch.so: not in the APK"])

    def run_script(self, path):
        # the shell script as android.yml runs it; a bundle needs no zipalign
        return subprocess.run([ANDROID / "scripts/check-16kb-alignment.sh", path], capture_output=True, text=True)

    def test_a_16_kb_bundle_passes(self):
        lib = self.library(16384)
        result = self.run_script(self.bundle({"libmills_ffi.so": lib, "libjnidispatch.so": lib}))
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("ok   base/lib/arm64-v8a/libmills_ffi.so", result.stdout)
        self.assertIn("16 KB page-size ready", result.stdout)

    def test_a_bundle_with_a_4_kb_library_fails(self):
        result = self.run_script(self.bundle({"libmills_ffi.so": self.library(4096), "libjnidispatch.so": self.library(16384)}))
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("FAIL base/lib/x86_64/libmills_ffi.so: a LOAD segment is aligned to 4096 bytes", result.stdout)

    def test_a_bundle_without_its_libraries_under_base_fails(self):
        lib = self.library(16384)
        failures = elf_checker().check(self.bundle({"libmills_ffi.so": lib, "libjnidispatch.so": lib}, libs="lib"),
                                       out=io.StringIO())
        self.assertEqual(len(failures), 4, failures)
        self.assertTrue(all(f.startswith("base/lib/") and f.endswith("not in the bundle") for f in failures), failures)


def catalog_text(localization):
    """A String Catalog entry's text in one language, as Android's single string says it
    (`%d turns`): the plain text, or the plural's `other` form, with each substitution
    (`%#@turns@`) written out in its `other` form."""
    if "variations" in localization:
        return localization["variations"]["plural"]["other"]["stringUnit"]["value"]
    text = localization["stringUnit"]["value"]
    for name, sub in localization.get("substitutions", {}).items():
        other = sub["variations"]["plural"]["other"]["stringUnit"]["value"]
        text = text.replace(f"%#@{name}@", other.replace("%arg", "%" + sub.get("formatSpecifier", "d")))
    return text


class Ios(unittest.TestCase):
    def setUp(self):
        self.spec = project()
        self.app = self.spec["targets"]["Mills"]

    def test_needs_xcode_26(self):
        # App Store Connect: apps built with Xcode 26 and the iOS 26 SDK from 28 April 2026
        version = str(self.spec["options"]["xcodeVersion"])
        self.assertGreaterEqual(int(version.split(".")[0]), 26, version)
        readme = (ROOT / "README.md").read_text(encoding="utf-8")
        self.assertTrue("Xcode 26" in readme, "README.md does not say Xcode 26")
        self.assertIsNone(re.search(r"Xcode 1[56](\.\d)? or later", readme), "README.md still claims an older Xcode")

    def test_concurrency_is_checked_completely(self):
        settings = self.spec["settings"]["base"]
        self.assertEqual(settings["SWIFT_STRICT_CONCURRENCY"], "complete")

    def test_version_keys_come_from_the_build_settings(self):
        properties = self.app["info"]["properties"]
        self.assertEqual(properties["CFBundleShortVersionString"], "$(MARKETING_VERSION)")
        self.assertEqual(properties["CFBundleVersion"], "$(CURRENT_PROJECT_VERSION)")
        settings = self.spec["settings"]["base"]
        self.assertRegex(str(settings["MARKETING_VERSION"]), r"^\d+\.\d+\.\d+$")
        self.assertRegex(str(settings["CURRENT_PROJECT_VERSION"]), r"^\d+$")

    def test_the_bundle_lists_every_language_of_the_string_catalog(self):
        # CFBundleLocalizations is what iOS matches the user's languages against: a language
        # missing here is never chosen, however complete the catalog is
        catalog = json.loads((IOS_APP / "Mills/Localization/Localizable.xcstrings").read_text(encoding="utf-8"))
        languages = {lang for entry in catalog["strings"].values() for lang in entry["localizations"]}
        listed = self.app["info"]["properties"]["CFBundleLocalizations"]
        self.assertEqual(sorted(listed), sorted(languages))
        self.assertEqual(sorted(listed), ["en", "zh-Hans", "zh-Hant"])

    def test_both_apps_say_the_same_in_every_language(self):
        # The catalog's keys are the Android names plus the argument kinds
        # (`prompt_pin_more %lld`); the texts differ only in how arguments are written.
        catalog = json.loads((IOS_APP / "Mills/Localization/Localizable.xcstrings").read_text(encoding="utf-8"))
        folders = {"en": "values", "zh-Hans": "values-b+zh+Hans", "zh-Hant": "values-b+zh+Hant"}
        argument = re.compile(r"%(?:\d+\$)?(?:@|lld|d|s)")
        for language, folder in folders.items():
            android = {name: "".join(e.itertext()) for name, e in strings_of(RES / folder).items()}
            differ = []
            for key, entry in catalog["strings"].items():
                name = key.split(" ")[0]
                if name not in android:
                    continue
                ios = catalog_text(entry["localizations"][language])
                text = android[name].strip('"').replace("\\'", "'").replace('\\"', '"')
                if argument.sub("%", text) != argument.sub("%", ios):
                    differ.append(f"{name}: {text!r} / {ios!r}")
            self.assertEqual(differ, [], f"{language}: Android and iOS differ")

    def test_privacy_manifest_declares_the_required_reasons(self):
        manifest = plistlib.loads((IOS_APP / "Mills/Resources/PrivacyInfo.xcprivacy").read_bytes())
        self.assertIs(manifest["NSPrivacyTracking"], False)
        reasons = {e["NSPrivacyAccessedAPIType"]: e["NSPrivacyAccessedAPITypeReasons"]
                   for e in manifest["NSPrivacyAccessedAPITypes"]}
        self.assertEqual(reasons.get("NSPrivacyAccessedAPICategoryUserDefaults"), ["CA92.1"])  # @AppStorage
        self.assertEqual(reasons.get("NSPrivacyAccessedAPICategoryFileTimestamp"), ["C617.1"])  # the engine's fstat
        self.assertEqual(reasons.get("NSPrivacyAccessedAPICategorySystemBootTime"), ["35F9.1"])  # Instant

    def test_privacy_manifest_is_a_resource_of_the_app(self):
        # XcodeGen gives .xcprivacy files no build phase unless told
        sources = self.app["sources"]
        listed = [s for s in sources if isinstance(s, dict) and s.get("path", "").endswith("PrivacyInfo.xcprivacy")]
        self.assertEqual(len(listed), 1, sources)
        self.assertEqual(listed[0].get("buildPhase"), "resources")
        self.assertTrue((IOS_APP / listed[0]["path"]).is_file())
        folder = next(s for s in sources if isinstance(s, dict) and s.get("path") == "Mills")
        self.assertIn("Resources/PrivacyInfo.xcprivacy", folder.get("excludes", []))

    def test_app_icon_is_one_opaque_1024_pixel_image(self):
        self.assertEqual(self.app["settings"]["base"]["ASSETCATALOG_COMPILER_APPICON_NAME"], "AppIcon")
        iconset = IOS_APP / "Mills/Resources/Assets.xcassets/AppIcon.appiconset"
        images = json.loads((iconset / "Contents.json").read_text(encoding="utf-8"))["images"]
        universal = [i for i in images if i.get("idiom") == "universal" and i.get("platform") == "ios"]
        self.assertEqual(len(universal), 1, images)
        self.assertEqual(universal[0]["size"], "1024x1024")
        width, height, depth, colour = png_header(iconset / universal[0]["filename"])
        self.assertEqual((width, height), (1024, 1024))
        self.assertEqual(depth, 8)
        self.assertEqual(colour, 2, "colour type 2 (RGB): App Store Connect refuses an icon with alpha")

    def test_the_tables_pack_is_made_before_the_app_and_copied_into_its_bundle(self):
        # the EndgameTablesPack target runs ios/scripts/pack-tables.sh (cargo reads the whole
        # workspace: the user script sandbox is off for that target only); the app depends on
        # it and copies its declared output into the bundle with a sandboxed phase
        pack_target = self.spec["aggregateTargets"]["EndgameTablesPack"]
        self.assertEqual(pack_target["settings"]["base"]["ENABLE_USER_SCRIPT_SANDBOXING"], False)
        self.assertNotIn("ENABLE_USER_SCRIPT_SANDBOXING", self.app["settings"]["base"])
        self.assertEqual(self.spec["settings"]["base"]["ENABLE_USER_SCRIPT_SANDBOXING"], True)
        [make] = pack_target["buildScripts"]
        self.assertEqual(make["script"], '"$SRCROOT/../scripts/pack-tables.sh" "$SCRIPT_OUTPUT_FILE_0"')
        self.assertEqual(make["outputFiles"], ["$(SRCROOT)/../build/tables.pack"])
        self.assertIs(make["basedOnDependencyAnalysis"], False)  # the script asks cargo each build
        self.assertIn({"target": "EndgameTablesPack"}, self.app["dependencies"])
        [copy] = self.app["postCompileScripts"]
        self.assertEqual(copy["inputFiles"], make["outputFiles"])
        self.assertEqual(copy["outputFiles"], ["$(TARGET_BUILD_DIR)/$(UNLOCALIZED_RESOURCES_FOLDER_PATH)/tables.pack"])
        self.assertEqual(copy["script"], 'cp "$SCRIPT_INPUT_FILE_0" "$SCRIPT_OUTPUT_FILE_0"')
        script = ROOT / "ios/scripts/pack-tables.sh"
        self.assertTrue(os.access(script, os.X_OK), f"{script} is not executable")
        text = script.read_text(encoding="utf-8")
        self.assertIn('cargo" build --release --quiet -p mills-toolbox --bin mills', text)
        self.assertIn('"$mills" tables build --out "$work/tables"', text)
        self.assertIn('"$mills" tables pack --tables "$work/tables" --out "$out.partial"', text)
        self.assertIn("-u SDKROOT", text)  # a host build, whatever SDK Xcode builds the app for
        # the app looks for it where the phase puts it, and the bundle check looks for it too
        tables = (IOS_APP / "Mills/Model/EndgameTables.swift").read_text(encoding="utf-8")
        self.assertIn('Bundle.main.url(forResource: "tables", withExtension: "pack")', tables)
        self.assertIn("pack: EndgameTables.shippedPack", (IOS_APP / "Mills/Model/AppModel.swift").read_text(encoding="utf-8"))
        self.assertIn('pack="$app/tables.pack"', (ROOT / "ios/scripts/check-app-bundle.sh").read_text(encoding="utf-8"))

    def test_tests_do_not_link_a_second_engine(self):
        tests = self.spec["targets"]["MillsTests"]
        packages = [d for d in tests["dependencies"] if "package" in d]
        self.assertTrue(all(d.get("link") is False for d in packages), packages)
        self.assertIn("BUNDLE_LOADER", tests["settings"]["base"])

    def test_deployment_target_agrees_everywhere(self):
        target = str(self.spec["options"]["deploymentTarget"]["iOS"])
        package = (ROOT / "ios/MillsCore/Package.swift").read_text(encoding="utf-8")
        self.assertIn(f".iOS(.v{target.split('.')[0]})", package)
        script = (ROOT / "ios/scripts/build-xcframework.sh").read_text(encoding="utf-8")
        self.assertIn(f'IPHONEOS_DEPLOYMENT_TARGET:-{target}', script)


class Workflows(unittest.TestCase):
    def load(self, name):
        path = WORKFLOWS / name
        self.assertTrue(path.is_file(), f"no {path}")
        workflow = yaml.safe_load(path.read_text(encoding="utf-8"))
        # YAML reads the key `on` as True
        return workflow, workflow.get("on", workflow.get(True))

    def steps(self, workflow):
        return [s for job in workflow["jobs"].values() for s in job.get("steps", [])]

    def test_every_action_is_pinned_by_version(self):
        for path in sorted(WORKFLOWS.glob("*.yml")):
            workflow, _ = self.load(path.name)
            for step in self.steps(workflow):
                if "uses" in step:
                    self.assertRegex(step["uses"], r"@(v\d+(\.\d+)*|[0-9a-f]{40})$", f"{path.name}: {step['uses']}")

    def run_text(self, workflow):
        return "\n".join(str(s.get("run", "")) for s in self.steps(workflow))

    def test_ci_runs_the_local_suite(self):
        workflow, _ = self.load("ci.yml")
        self.assertIn(".ci/run", self.run_text(workflow))

    def test_android_builds_lints_tests_and_checks_16_kb(self):
        workflow, on = self.load("android.yml")
        text = self.run_text(workflow)
        for task in (":app:assembleDebug", ":app:lintDebug", ":app:testDebugUnitTest", ":app:assembleRelease"):
            self.assertIn(task, text)
        self.assertIn("check-16kb-alignment.sh", text)
        self.assertIn("platforms;android-36", text)
        self.assertIn(gradle_value("ndkVersion"), json.dumps(workflow))
        self.assertTrue(any("upload-artifact" in s.get("uses", "") for s in self.steps(workflow)))
        paths = on["pull_request"]["paths"]
        self.assertIn("android/**", paths)
        self.assertFalse(any(p.startswith("ios/") for p in paths), paths)
        # a change in any crate the app's library is built from runs the Android build
        for crate in sorted(path_crates(ROOT / "bindings")):
            self.assertIn(f"{crate}/**", paths)
        for manifest in ("Cargo.toml", "Cargo.lock"):
            self.assertIn(manifest, paths)
        self.assertEqual(on["push"]["paths"], paths)

    def test_android_pins_cargo_ndk(self):
        # an unpinned `cargo install` takes whatever was released last, into a release build
        workflow, _ = self.load("android.yml")
        install = re.search(r"cargo install cargo-ndk([^\n]*)", self.run_text(workflow))
        self.assertIsNotNone(install, "cargo-ndk is not installed")
        version = re.search(r'--version\s+"?([^"\s]+)"?', install.group(1))
        self.assertIsNotNone(version, f"cargo-ndk is not pinned: {install.group(0)}")
        pinned = workflow["env"].get(version.group(1).strip("${}"), version.group(1))
        self.assertRegex(str(pinned), r"^\d+\.\d+\.\d+$")
        self.assertIn("--locked", install.group(1))

    def test_android_builds_checks_and_keeps_the_bundle_for_play(self):
        workflow, _ = self.load("android.yml")
        text = self.run_text(workflow)
        self.assertRegex(text, r"\./gradlew [^\n]*:app:bundleRelease", "no bundleRelease")
        bundle = "android/app/build/outputs/bundle/release/app-release.aab"
        self.assertIn(f"check-16kb-alignment.sh {bundle}", text)
        uploads = [s for s in self.steps(workflow) if "upload-artifact" in s.get("uses", "")]
        self.assertTrue(any(s["with"]["path"].strip() == bundle for s in uploads), "the bundle is not kept")
        self.assertIn("BUNDLE-METADATA/com.android.tools.build.debugsymbols/arm64-v8a/libmills_ffi.so", text)

    def test_android_signs_with_the_repository_secrets_when_given(self):
        workflow, _ = self.load("android.yml")
        dumped = json.dumps(workflow)
        for secret in ("ANDROID_KEYSTORE_BASE64", "ANDROID_KEYSTORE_PASSWORD", "ANDROID_KEY_ALIAS", "ANDROID_KEY_PASSWORD"):
            self.assertIn(f"secrets.{secret}", dumped)
        text = self.run_text(workflow)
        self.assertIn('if [[ -z "$KEYSTORE_BASE64" ]]', text)  # no key: unsigned, not a failure
        self.assertIn("base64 --decode", text)
        self.assertIn('MILLS_KEYSTORE_FILE=$keystore', text)
        readme = (ROOT / "README.md").read_text(encoding="utf-8")
        for secret in ("ANDROID_KEYSTORE_BASE64", "ANDROID_KEYSTORE_PASSWORD", "ANDROID_KEY_ALIAS", "ANDROID_KEY_PASSWORD"):
            self.assertTrue(secret in readme, f"README.md does not name the secret {secret}")

    def test_android_uses_the_wrapper_made_as_the_readme_says(self):
        workflow, _ = self.load("android.yml")
        steps = self.steps(workflow)
        runs = [str(s.get("run", "")) for s in steps]
        make = next(i for i, r in enumerate(runs) if "android/scripts/make-gradle-wrapper.sh" in r)
        build = next(i for i, r in enumerate(runs) if ":app:assembleDebug" in r)
        self.assertLess(make, build)
        self.assertTrue(runs[build].startswith("./gradlew "), runs[build])
        self.assertNotRegex("\n".join(runs), r"(^|\s)gradle\s+--", "a bare gradle, not the wrapper")
        setup = next(s for s in steps if "setup-gradle" in s.get("uses", ""))
        self.assertEqual(setup["with"]["gradle-version"], "${{ env.GRADLE_VERSION }}")
        wrapper = (ANDROID / "gradle/wrapper/gradle-wrapper.properties").read_text(encoding="utf-8")
        self.assertIn(f"gradle-{workflow['env']['GRADLE_VERSION']}-bin.zip", wrapper)

    def test_ios_builds_and_tests_on_macos_with_xcode_26(self):
        workflow, on = self.load("ios.yml")
        job = next(iter(workflow["jobs"].values()))
        self.assertTrue(job["runs-on"].startswith("macos"))
        xcode = next(s for s in self.steps(workflow) if "setup-xcode" in s.get("uses", ""))
        self.assertEqual(str(xcode["with"]["xcode-version"]).split(".")[0], "26")
        # the SDK check reads the same Xcode version from the project spec
        script = (ROOT / "ios/scripts/check-app-bundle.sh").read_text(encoding="utf-8")
        self.assertIn("DTPlatformVersion", script)
        self.assertIn("xcodeVersion", script)
        text = self.run_text(workflow)
        for command in ("build-xcframework.sh", "xcodegen generate", "xcodebuild build", "xcodebuild test",
                        "check-app-bundle.sh"):
            self.assertIn(command, text)
        self.assertTrue(any(s.get("working-directory") == "ios/MillsCore" for s in self.steps(workflow)))
        paths = on["pull_request"]["paths"]
        self.assertIn("ios/**", paths)
        self.assertFalse(any(p.startswith("android/") for p in paths), paths)


class InviteLinksAndPrivacy(unittest.TestCase):
    """Invite links that open the apps, cleartext only to loopback, the privacy
    manifest's collected data and the export-compliance answer."""

    def https_invite_filter(self):
        activity = ET.parse(MANIFEST).getroot().find("application/activity")
        for intent in activity.findall("intent-filter"):
            schemes = [d.get(f"{ANDROID_NS}scheme") for d in intent.findall("data")]
            if "https" in schemes:
                return intent
        raise AssertionError("no https intent filter")

    def test_android_verifies_invite_links_only_for_a_real_host(self):
        # autoVerify: Android 12+ opens verified links in the app (assetlinks.json); the
        # placeholder host must claim nothing, so the flag comes from the same setting
        intent = self.https_invite_filter()
        self.assertEqual(intent.get(f"{ANDROID_NS}autoVerify"), "${millsInviteAutoVerify}")
        hosts = [d.get(f"{ANDROID_NS}host") for d in intent.findall("data") if d.get(f"{ANDROID_NS}host")]
        self.assertEqual(hosts, ["${millsInviteHost}"])
        body = code(APP_GRADLE)
        self.assertIn('manifestPlaceholders["millsInviteAutoVerify"] = (inviteHost != PLACEHOLDER_INVITE_HOST).toString()', body)
        self.assertIn('providers.environmentVariable("MILLS_INVITE_HOST")', body)

    def test_android_release_takes_the_invite_host_and_default_server_from_repository_variables(self):
        workflow = yaml.safe_load((WORKFLOWS / "android.yml").read_text(encoding="utf-8"))
        steps = next(iter(workflow["jobs"].values()))["steps"]
        build = next(s for s in steps if ":app:bundleRelease" in str(s.get("run", "")))
        for variable in ("MILLS_INVITE_HOST", "MILLS_DEFAULT_SERVER"):
            self.assertEqual(build["env"][variable], f"${{{{ vars.{variable} }}}}")

    def test_android_permits_cleartext_to_loopback_only(self):
        application = ET.parse(MANIFEST).getroot().find("application")
        self.assertEqual(application.get(f"{ANDROID_NS}networkSecurityConfig"), "@xml/network_security_config")
        self.assertNotEqual(application.get(f"{ANDROID_NS}usesCleartextTraffic"), "true")
        config = ET.parse(RES / "xml/network_security_config.xml").getroot()
        self.assertEqual(config.find("base-config").get("cleartextTrafficPermitted"), "false")
        permitted = []
        for domain_config in config.findall("domain-config"):
            if domain_config.get("cleartextTrafficPermitted") == "true":
                permitted += [(d.text, d.get("includeSubdomains")) for d in domain_config.findall("domain")]
        self.assertEqual(sorted(permitted), [("127.0.0.1", "false"), ("localhost", "false")])

    def test_android_default_server_is_a_gradle_property_empty_in_the_repository(self):
        # a release names its server (README, step 8); this repository's builds name none, so
        # nothing connects until a player types a server
        properties = {}
        for line in (ANDROID / "gradle.properties").read_text(encoding="utf-8").splitlines():
            if "=" in line and not line.lstrip().startswith("#"):
                key, value = line.split("=", 1)
                properties[key.strip()] = value.strip()
        self.assertIn("mills.defaultServer", properties)
        self.assertEqual(properties["mills.defaultServer"], "")
        body = code(APP_GRADLE)
        self.assertIn('providers.gradleProperty("mills.defaultServer")', body)
        self.assertIn('providers.environmentVariable("MILLS_DEFAULT_SERVER")', body)
        self.assertIn('buildConfigField("String", "DEFAULT_SERVER", "\\"$defaultServer\\"")', body)
        self.assertRegex(body, r"buildFeatures\s*\{[^}]*buildConfig\s*=\s*true")
        # the app hands it to the shared code, where the engine chooses between it and Settings
        application = code(MAIN_KOTLIN / "MillsApplication.kt")
        self.assertIn("defaultServer = BuildConfig.DEFAULT_SERVER", application)
        repository = code(SHARED_KOTLIN / "data/OnlineRepository.kt")
        self.assertIn("chooseServerAddress(settings.current.serverAddress, defaultServer)", repository)

    def test_ios_default_server_is_a_build_setting_empty_in_the_repository(self):
        app = project()["targets"]["Mills"]
        self.assertEqual(app["settings"]["base"]["MILLS_DEFAULT_SERVER"], "")
        self.assertEqual(app["info"]["properties"]["MillsDefaultServer"], "$(MILLS_DEFAULT_SERVER)")
        build_settings = (IOS_APP / "Mills/Model/BuildSettings.swift").read_text(encoding="utf-8")
        self.assertIn('object(forInfoDictionaryKey: "MillsDefaultServer")', build_settings)
        online = (IOS_APP / "Mills/Online/OnlineSettings.swift").read_text(encoding="utf-8")
        self.assertIn("var buildDefault: String = BuildSettings.defaultServer", online)
        self.assertIn("chooseServerAddress(setting: server, buildDefault: buildDefault)", online)

    def test_ios_claims_the_invite_host_as_an_associated_domain(self):
        app = project()["targets"]["Mills"]
        domains = app["entitlements"]["properties"]["com.apple.developer.associated-domains"]
        self.assertEqual(domains, ["applinks:$(MILLS_INVITE_HOST)"])
        self.assertTrue(app["settings"]["base"]["MILLS_INVITE_HOST"])

    def test_privacy_manifest_declares_what_play_a_friend_sends(self):
        manifest = plistlib.loads((IOS_APP / "Mills/Resources/PrivacyInfo.xcprivacy").read_bytes())
        self.assertIs(manifest["NSPrivacyTracking"], False)
        self.assertEqual(manifest["NSPrivacyTrackingDomains"], [])
        collected = {e["NSPrivacyCollectedDataType"]: e for e in manifest["NSPrivacyCollectedDataTypes"]}
        self.assertEqual(sorted(collected), ["NSPrivacyCollectedDataTypeGameplayContent",
                                             "NSPrivacyCollectedDataTypeUserID"])
        for entry in collected.values():
            self.assertIs(entry["NSPrivacyCollectedDataTypeLinked"], False)
            self.assertIs(entry["NSPrivacyCollectedDataTypeTracking"], False)
            self.assertEqual(entry["NSPrivacyCollectedDataTypePurposes"],
                             ["NSPrivacyCollectedDataTypePurposeAppFunctionality"])
        # docs/privacy.md is the one source of the store answers: it names the same types
        privacy = (ROOT / "docs/privacy.md").read_text(encoding="utf-8")
        for label in ("Gameplay Content", "User ID", "Other actions", "Device or other IDs", "Name"):
            self.assertIn(label, privacy)

    def test_export_compliance_is_answered_for_the_apps_own_tls(self):
        # the engine links rustls: standard encryption in addition to the OS's, not exempt
        properties = project()["targets"]["Mills"]["info"]["properties"]
        self.assertIs(properties["ITSAppUsesNonExemptEncryption"], True)
        cargo = (ROOT / "bindings/Cargo.toml").read_text(encoding="utf-8")
        self.assertIn("rustls", cargo)
        ios_doc = (ROOT / "docs/ios.md").read_text(encoding="utf-8")
        self.assertIn("ITSAppUsesNonExemptEncryption", ios_doc)
        self.assertIn("rustls", ios_doc)


class NetworkTrust(unittest.TestCase):
    """What the apps may reach and whom they trust: the one permission online play needs,
    no exception to Apple's transport security, and the test certificate authority of the
    app suites kept out of every app build."""

    # What the apps' builds are made from and by (the tests' folders are not in it).
    APP_BUILD_FILES = ["android/app/build.gradle.kts", "android/build.gradle.kts",
                       "android/settings.gradle.kts", "android/gradle/libs.versions.toml",
                       "ios/App/project.yml", ".github/workflows/android.yml",
                       ".github/workflows/ios.yml"]
    APP_BUILD_FOLDERS = ["ios/scripts", "ios/App/Mills", "android/app/src/main",
                         "android/app/src/shared"]

    def app_build_texts(self):
        paths = [ROOT / f for f in self.APP_BUILD_FILES]
        for folder in self.APP_BUILD_FOLDERS:
            paths += sorted(p for p in (ROOT / folder).rglob("*") if p.is_file())
        for path in paths:
            if path.is_file():
                yield path.relative_to(ROOT).as_posix(), path.read_bytes().decode("utf-8", "replace")

    def test_android_asks_for_the_internet_permission_and_nothing_else(self):
        # online play needs INTERNET (a normal permission, granted at install); everything
        # else (network state, notifications, storage...) the app does without
        root = ET.parse(MANIFEST).getroot()
        self.assertEqual(manifest_permissions(), {"android.permission.INTERNET"})
        for tag in ("uses-permission-sdk-23", "permission"):
            self.assertEqual(root.findall(tag), [], tag)

    def test_ios_makes_no_exception_to_app_transport_security(self):
        # the engine's own sockets do not go through ATS; nothing the app loads with Apple's
        # networking may be cleartext either
        properties = project()["targets"]["Mills"]["info"]["properties"]
        self.assertNotIn("NSAppTransportSecurity", properties)

    def test_ios_claims_no_entitlement_but_the_invite_links(self):
        entitlements = project()["targets"]["Mills"]["entitlements"]["properties"]
        self.assertEqual(sorted(entitlements), ["com.apple.developer.associated-domains"])

    def test_the_test_certificate_authority_never_reaches_an_app_build(self):
        # the feature is off by default, and no app build file names it or its variable
        bindings = tomllib.loads((ROOT / "bindings/Cargo.toml").read_text(encoding="utf-8"))
        self.assertIn("test-ca", bindings["features"])
        self.assertNotIn("test-ca", bindings["features"]["default"])
        for feature, enables in bindings["features"].items():
            self.assertNotIn("test-ca", enables, feature)
        named = [path for path, text in self.app_build_texts()
                 if "test-ca" in text or "MILLS_TEST_ROOT_CERT" in text]
        self.assertEqual(named, [])
        # the Gradle build and the iOS device builds build mills-ffi alone, with no features
        gradle = code(APP_GRADLE)
        self.assertNotIn("--features mills-ffi", gradle)
        ios_build = (ROOT / "ios/scripts/build-xcframework.sh").read_text(encoding="utf-8")
        self.assertRegex(ios_build, r'cargo build [^\n]*-p "\$CRATE" --lib --target')
        # the variable is read only where the feature is compiled in
        source = (ROOT / "bindings/src/online/test_root.rs").read_text(encoding="utf-8")
        reads = source.index("std::env::var_os(VARIABLE)")
        self.assertIn('#[cfg(feature = "test-ca")]', source[:reads].rsplit("\n\n", 1)[-1])
        online = [p for p in (ROOT / "bindings/src").rglob("*.rs") if "MILLS_TEST_ROOT_CERT" in p.read_text(encoding="utf-8")]
        self.assertEqual([p.relative_to(ROOT).as_posix() for p in online], ["bindings/src/online/test_root.rs"])


if __name__ == "__main__":
    suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])
    result = unittest.TextTestRunner(stream=sys.stdout, verbosity=2).run(suite)
    failed = len(result.failures) + len(result.errors)
    print(f"platform: {result.testsRun - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
