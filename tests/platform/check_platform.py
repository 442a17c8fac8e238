"""Asserts the decisions in the Android and iOS build files (see run.sh).

Each test names the rule it guards: what the platform's documentation requires, and what
would fail (a build step, lint, or an upload) if the file drifted. Run by tests/platform/run.sh;
the last line is `platform: N passed, M failed`.
"""

import importlib.util
import io
import json
import plistlib
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest
import zipfile
import xml.etree.ElementTree as ET
from pathlib import Path

import yaml

ROOT = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
ANDROID = ROOT / "android"
APP_GRADLE = ANDROID / "app/build.gradle.kts"
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
        # core-ktx 1.17, activity 1.12, lifecycle 2.10, the 2026.04 Compose BOM: minCompileSdk 36
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

    def test_rust_tasks_keep_no_reference_to_the_android_extension(self):
        # a doFirst that reads `android.` captures the project: no configuration cache
        body = code(APP_GRADLE)
        for action in re.findall(r"doFirst\s*\{(.*?)\n    \}", body, flags=re.S):
            self.assertNotIn("android.", action)
        self.assertIn("androidComponents.sdkComponents.ndkDirectory", body)

    def test_cargo_is_looked_for_outside_the_path(self):
        body = code(APP_GRADLE)
        self.assertIn(".cargo/bin", body)
        self.assertIn("GradleException", body)

    def test_version_catalog_keeps_agp_8_13_or_later(self):
        catalog = (ANDROID / "gradle/libs.versions.toml").read_text(encoding="utf-8")
        agp = re.search(r'^agp\s*=\s*"(\d+)\.(\d+)', catalog, flags=re.M)
        self.assertIsNotNone(agp)
        self.assertGreaterEqual((int(agp.group(1)), int(agp.group(2))), (8, 13))

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

    def test_simplified_chinese_is_one_folder_for_every_hans_locale(self):
        folders = [p.name for p in localized_value_folders()]
        self.assertEqual(folders, ["values-b+zh+Hans"])
        filters = re.search(r"localeFilters\s*\+=\s*listOf\(([^)]*)\)", code(APP_GRADLE))
        self.assertIsNotNone(filters)
        listed = re.findall(r'"([^"]+)"', filters.group(1))
        self.assertIn("b+zh+Hans", listed)  # the app's strings
        self.assertIn("zh-rCN", listed)  # AndroidX's and Material's own Chinese
        config = ET.parse(RES / "xml/locales_config.xml").getroot()
        self.assertEqual(sorted(e.get(f"{ANDROID_NS}name") for e in config), ["en", "zh-Hans"])

    def test_adaptive_icon_has_its_own_monochrome_layer(self):
        icon = ET.parse(RES / "mipmap-anydpi-v26/ic_launcher.xml").getroot()
        layers = {child.tag: child.get(f"{ANDROID_NS}drawable") for child in icon}
        self.assertEqual(layers.get("monochrome"), "@drawable/ic_launcher_monochrome")
        self.assertTrue((RES / "drawable/ic_launcher_monochrome.xml").is_file())
        self.assertNotEqual(layers.get("monochrome"), layers.get("foreground"))

    def test_manifest_uses_the_icon_and_locale_config(self):
        manifest = ET.parse(ANDROID / "app/src/main/AndroidManifest.xml").getroot()
        application = manifest.find("application")
        self.assertEqual(application.get(f"{ANDROID_NS}icon"), "@mipmap/ic_launcher")
        self.assertEqual(application.get(f"{ANDROID_NS}localeConfig"), "@xml/locales_config")


    def test_predictive_back_is_not_opted_out(self):
        manifest = ET.parse(ANDROID / "app/src/main/AndroidManifest.xml").getroot()
        for element in manifest.iter():
            self.assertNotEqual(element.get(f"{ANDROID_NS}enableOnBackInvokedCallback"), "false", element.tag)


def elf_checker():
    spec = importlib.util.spec_from_file_location("check_elf_alignment", ANDROID / "scripts/check_elf_alignment.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@unittest.skipUnless(shutil.which("cc"), "no C compiler to link test libraries")
class SixteenKbCheck(unittest.TestCase):
    """android.yml's ELF check, on APKs made of libraries linked here with 4 and 16 KB pages."""

    def setUp(self):
        self.dir = Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, self.dir)
        (self.dir / "lib.c").write_text("int mills_answer(void) { return 42; }\n")

    def library(self, page):
        out = self.dir / f"lib{page}.so"
        subprocess.run(["cc", "-shared", "-fPIC", f"-Wl,-z,max-page-size={page}", "-o", out, self.dir / "lib.c"],
                       check=True, capture_output=True)
        return out.read_bytes()

    def apk(self, libraries):
        path = self.dir / "app.apk"
        with zipfile.ZipFile(path, "w") as apk:
            for abi in ("arm64-v8a", "x86_64"):
                for name, data in libraries.items():
                    apk.writestr(f"lib/{abi}/{name}", data)
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


if __name__ == "__main__":
    suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])
    result = unittest.TextTestRunner(stream=sys.stdout, verbosity=2).run(suite)
    failed = len(result.failures) + len(result.errors)
    print(f"platform: {result.testsRun - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
