import org.jetbrains.kotlin.gradle.dsl.JvmTarget
import org.gradle.process.ExecOperations
import org.gradle.process.ExecSpec
import javax.inject.Inject

plugins {
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.android)
    alias(libs.plugins.kotlin.compose)
}

// The Rust engine: built for each ABI with cargo-ndk, and its Kotlin bindings generated from the
// built library by the workspace's own uniffi-bindgen (configured by bindings/uniffi.toml). Both
// are build output, never committed: each variant's tasks write where the Android Gradle plugin
// tells them (addGeneratedSourceDirectory, below), which also makes them run before the variant
// needs its sources.
val repoRoot: File = rootProject.projectDir.parentFile
val rustAbis = listOf("arm64-v8a", "armeabi-v7a", "x86_64")

// cargo, found here rather than on the PATH alone: Android Studio on macOS starts the Gradle
// daemon without the login shell's PATH, so ~/.cargo/bin is often missing from it. Order: the
// Gradle property `mills.cargo` (e.g. in ~/.gradle/gradle.properties), $CARGO_HOME/bin, ~/.cargo/bin,
// then the PATH. Null when none exists: the Rust tasks then stop with a message saying so.
val cargoExecutable: String? = run {
    val name = if (System.getProperty("os.name").startsWith("Windows")) "cargo.exe" else "cargo"
    val candidates = buildList<File> {
        providers.gradleProperty("mills.cargo").orNull?.let { add(File(it)) }
        providers.environmentVariable("CARGO_HOME").orNull?.let { add(File(it, "bin/$name")) }
        add(File(System.getProperty("user.home"), ".cargo/bin/$name"))
        providers.environmentVariable("PATH").orNull?.split(File.pathSeparator)?.forEach { add(File(it, name)) }
    }
    candidates.firstOrNull { it.isFile && it.canExecute() }?.absolutePath
}

// The version code Play orders uploads by: each upload needs a higher one than the last, so it
// comes from the build, not from this file: the Gradle property `mills.versionCode`
// (android.yml passes the workflow's run number). A local build without it is 1: enough to
// install and test, never what goes to Play.
val appVersionCode: Int = run {
    val given = providers.gradleProperty("mills.versionCode").orNull ?: return@run 1
    // Play's limit for versionCode
    given.toIntOrNull()?.takeIf { it in 1..2_100_000_000 }
        ?: throw GradleException("mills.versionCode must be a whole number from 1 to 2100000000, not '$given'")
}

/** A release-signing setting: the environment variable [env], else the Gradle property [property]. */
fun signingValue(env: String, property: String): String? =
    (providers.environmentVariable(env).orNull ?: providers.gradleProperty(property).orNull)?.takeIf { it.isNotBlank() }

fun missingSigning(what: String): Nothing =
    throw GradleException("a release keystore is set (MILLS_KEYSTORE_FILE or mills.keystore.file) but not its $what")

/**
 * A cargo command run from the workspace root. Task classes, not Exec tasks configured by the
 * script: their inputs are properties, so the configuration cache stores no reference to the
 * build script, and the output directory is a property the Android Gradle plugin can set.
 */
abstract class CargoTask : DefaultTask() {
    /** cargo's path; absent when it was not found (the task then says how to fix that). */
    @get:Optional
    @get:Input
    abstract val cargo: Property<String>

    @get:Internal
    abstract val workspace: DirectoryProperty

    @get:Inject
    abstract val execOperations: ExecOperations

    protected fun runCargo(configure: ExecSpec.() -> Unit) {
        val cargoPath = cargo.orNull ?: throw GradleException(
            "cargo was not found: install Rust with rustup (https://rustup.rs), or set mills.cargo=/path/to/cargo " +
                "in ~/.gradle/gradle.properties (Android Studio on macOS may not see ~/.cargo/bin on its PATH)",
        )
        execOperations.exec {
            workingDir(workspace.get().asFile)
            executable(cargoPath)
            // cargo finds cargo-ndk, and rustup's proxies find rustc, beside cargo itself
            environment("PATH", File(cargoPath).parent + File.pathSeparator + System.getenv("PATH").orEmpty())
            this.configure()
        }
    }

    /** [directory], emptied: the task's output holds only what this run writes. */
    protected fun emptied(directory: DirectoryProperty): File =
        directory.get().asFile.apply {
            deleteRecursively()
            mkdirs()
        }

    /** The host's `mills` command line with [words], built and run by cargo from the workspace. */
    protected fun runMills(vararg words: String) = runCargo {
        args(listOf("run", "--release", "--quiet", "-p", "mills-toolbox", "--bin", "mills", "--") + words)
    }
}

/** libmills_ffi.so for every ABI, into [outputDirectory]/<abi>/ (needs cargo-ndk and the NDK). */
abstract class BuildRustLibraries : CargoTask() {
    @get:Input
    abstract val abis: ListProperty<String>

    @get:InputFiles
    @get:PathSensitive(PathSensitivity.RELATIVE)
    abstract val rustSources: ConfigurableFileCollection

    /** The NDK of the module's ndkVersion, from androidComponents (resolved when the task runs). */
    @get:Internal
    abstract val ndkDirectory: DirectoryProperty

    @get:OutputDirectory
    abstract val outputDirectory: DirectoryProperty

    @TaskAction
    fun build() = runCargo {
        environment("ANDROID_NDK_HOME", ndkDirectory.get().asFile.absolutePath)
        // 16 KB pages: r28 already links this way; explicit so that an older NDK cannot undo it.
        listOf("AARCH64_LINUX_ANDROID", "ARMV7_LINUX_ANDROIDEABI", "X86_64_LINUX_ANDROID").forEach {
            environment("CARGO_TARGET_${it}_RUSTFLAGS", "-C link-arg=-Wl,-z,max-page-size=16384")
        }
        // Line tables and symbols kept in what cargo writes: the Android Gradle plugin strips the
        // packaged copies and puts the symbols in the bundle (ndk.debugSymbolLevel), so that Play
        // can symbolicate a crash in the engine. Only this build: the host's release stays lean.
        environment("CARGO_PROFILE_RELEASE_DEBUG", "line-tables-only")
        environment("CARGO_PROFILE_RELEASE_STRIP", "none")
        args(
            buildList {
                addAll(listOf("ndk", "--platform", "26"))
                abis.get().forEach { addAll(listOf("-t", it)) }
                addAll(listOf("-o", outputDirectory.get().asFile.path))
                addAll(listOf("build", "--release", "-p", "mills-ffi", "--lib"))
            },
        )
    }
}

/** The Kotlin bindings of the library in [libraries] (UniFFI library mode), into [outputDirectory]. */
abstract class GenerateKotlinBindings : CargoTask() {
    @get:InputDirectory
    @get:PathSensitive(PathSensitivity.RELATIVE)
    abstract val libraries: DirectoryProperty

    /** bindings/uniffi.toml: its options change the generated code. */
    @get:InputFile
    @get:PathSensitive(PathSensitivity.NONE)
    abstract val uniffiConfig: RegularFileProperty

    @get:OutputDirectory
    abstract val outputDirectory: DirectoryProperty

    @TaskAction
    fun generate() {
        val out = emptied(outputDirectory)
        val library = libraries.get().file("arm64-v8a/libmills_ffi.so").asFile.path
        runCargo {
            args(
                "run", "--release", "-p", "mills-ffi", "--features", "bindgen", "--bin", "uniffi-bindgen", "--",
                "generate", "--no-format", library, "--language", "kotlin", "--out-dir", out.path,
            )
        }
        // Lint does not look at generated sources: the one API above minSdk UniFFI's templates can
        // reach for (disable_java_cleaner in uniffi.toml keeps it out) stops the build here instead.
        // tests/kotlin checks the generated code for a longer list (check_bindings_api.py).
        out.walk().filter { it.extension == "kt" }.forEach { file ->
            if ("java.lang.ref.Cleaner" in file.readText()) {
                throw GradleException("$file uses java.lang.ref.Cleaner (API 33, minSdk is 26): see bindings/uniffi.toml")
            }
        }
    }
}

/**
 * The endgame tables the shipped pack is made of: the host's `mills tables build`, run by cargo
 * from this checkout, so that they come from the very engine the libraries are built from.
 * One task for every variant (building them is the costly part: about a minute of CPU).
 */
abstract class BuildEndgameTables : CargoTask() {
    @get:InputFiles
    @get:PathSensitive(PathSensitivity.RELATIVE)
    abstract val rustSources: ConfigurableFileCollection

    @get:OutputDirectory
    abstract val outputDirectory: DirectoryProperty

    @TaskAction
    fun build() {
        val out = emptied(outputDirectory)
        runMills("tables", "build", "--out", out.path)
    }
}

/**
 * The pack the app ships, [outputDirectory]/tables.pack (an asset): the tables zstd-compressed
 * by `mills tables pack` (docs/ai.md, "Tables ready at once"). The app unpacks it on first use.
 */
abstract class PackEndgameTables : CargoTask() {
    @get:InputDirectory
    @get:PathSensitive(PathSensitivity.RELATIVE)
    abstract val tables: DirectoryProperty

    /** The pack's layout is the engine's too: a change of it makes a new pack. */
    @get:InputFiles
    @get:PathSensitive(PathSensitivity.RELATIVE)
    abstract val rustSources: ConfigurableFileCollection

    @get:OutputDirectory
    abstract val outputDirectory: DirectoryProperty

    @TaskAction
    fun pack() {
        // the name MillsApplication opens the asset by
        val pack = File(emptied(outputDirectory), "tables.pack")
        runMills("tables", "pack", "--tables", tables.get().asFile.path, "--out", pack.path)
    }
}

/** The invite host of a build made without one: a name no one owns, so no link is claimed. */
val PLACEHOLDER_INVITE_HOST = "mills.example"

android {
    namespace = "app.mills.android"
    // 36: core-ktx 1.17, activity 1.12 and lifecycle 2.10 declare minCompileSdk 36
    // in their AAR metadata (checkDebugAarMetadata fails below it).
    compileSdk = 36
    // r28 links 64-bit native code with 16 KB max page size by default (Play requires 16 KB
    // alignment for apps targeting Android 15+); the Rust tasks also pass the flag explicitly.
    ndkVersion = "28.2.13676358"

    defaultConfig {
        applicationId = "app.mills"
        minSdk = 26
        // Play requires API 36 for new apps and updates from 31 August 2026; at 36 predictive
        // back is on by default (MainActivity's BackHandler is enabled only when it handles back).
        targetSdk = 36
        versionCode = appVersionCode
        versionName = "0.1.0"
        ndk { abiFilters += rustAbis }
        // the host of the mills-server's public URL whose https://HOST/join/CODE invites the app
        // opens (AndroidManifest.xml): -Pmills.inviteHost=... or MILLS_INVITE_HOST (android.yml
        // sets it from the repository variable). Only a real host is autoVerify: Android 12+
        // then fetches https://HOST/.well-known/assetlinks.json (mills-server serves it) and
        // opens the links in the app without asking; the placeholder claims nothing.
        val inviteHost = providers.gradleProperty("mills.inviteHost")
            .orElse(providers.environmentVariable("MILLS_INVITE_HOST"))
            .getOrElse("").trim().ifEmpty { PLACEHOLDER_INVITE_HOST }
        manifestPlaceholders["millsInviteHost"] = inviteHost
        manifestPlaceholders["millsInviteAutoVerify"] = (inviteHost != PLACEHOLDER_INVITE_HOST).toString()
        // the server online play uses while the Settings field is empty: -Pmills.defaultServer=...
        // (gradle.properties holds it empty: this repository's builds have none, and the app is
        // offline until a server is typed) or MILLS_DEFAULT_SERVER (android.yml sets it from the
        // repository variable). A bare host is wss:// (README, "Releasing").
        val defaultServer = providers.gradleProperty("mills.defaultServer").getOrElse("").trim()
            .ifEmpty { providers.environmentVariable("MILLS_DEFAULT_SERVER").getOrElse("").trim() }
        require(defaultServer.none { it == '"' || it == '\\' || it.isWhitespace() }) {
            "mills.defaultServer is a server address (no quotes, backslashes or spaces): $defaultServer"
        }
        buildConfigField("String", "DEFAULT_SERVER", "\"$defaultServer\"")
    }

    androidResources {
        // the app's Chinese is values-b+zh+Hans (any Simplified Chinese locale) and values-b+zh+Hant
        // (any Traditional one: Android 7+ infers Hant for zh-TW, zh-HK and zh-MO, Hans for zh and
        // zh-CN); zh-rCN, zh-rTW and zh-rHK keep the Chinese strings of AndroidX and Material,
        // which aapt2's filter does not match to the script folders
        localeFilters += listOf("en", "b+zh+Hans", "zh-rCN", "b+zh+Hant", "zh-rTW", "zh-rHK")
        // the tables pack is zstd data already: deflating it again in the APK saves nothing
        // and costs the first launch an inflate on top of the unpack
        noCompress += "pack"
    }

    // Release signing from the environment (android.yml sets it from the repository's secrets) or
    // from Gradle properties (~/.gradle/gradle.properties); without a keystore the release APK
    // and bundle are built unsigned, to be signed by whoever uploads them.
    val keystore = signingValue("MILLS_KEYSTORE_FILE", "mills.keystore.file")
    if (keystore != null) {
        signingConfigs.create("release") {
            storeFile = file(keystore)
            storePassword = signingValue("MILLS_KEYSTORE_PASSWORD", "mills.keystore.password") ?: missingSigning("password")
            keyAlias = signingValue("MILLS_KEY_ALIAS", "mills.key.alias") ?: missingSigning("key alias")
            keyPassword = signingValue("MILLS_KEY_PASSWORD", "mills.key.password") ?: missingSigning("key password")
        }
    }

    buildTypes {
        release {
            isMinifyEnabled = true
            isShrinkResources = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro")
            signingConfig = signingConfigs.findByName("release")
            // the engine's symbols go into the bundle (BUNDLE-METADATA) for Play to symbolicate
            // native crashes; the libraries packaged in the APKs stay stripped
            ndk { debugSymbolLevel = "FULL" }
        }
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }

    buildFeatures {
        compose = true
        // BuildConfig.DEFAULT_SERVER, the build's default server
        buildConfig = true
    }

    sourceSets["main"].apply {
        // screens, board and view models shared with the desktop test build (tests/compose)
        kotlin.srcDir("src/shared/kotlin")
    }
}

kotlin {
    compilerOptions {
        jvmTarget.set(JvmTarget.JVM_17)
        optIn.add("kotlin.ExperimentalUnsignedTypes")
    }
}

// every crate mills-ffi is built from: a change in any of them rebuilds the libraries
val rustSourceFiles = files(
    repoRoot.resolve("Cargo.toml"),
    repoRoot.resolve("Cargo.lock"),
    repoRoot.resolve("rust-core"),
    repoRoot.resolve("bindings"),
    repoRoot.resolve("server/protocol"), // mills-protocol: the online client's wire messages
    repoRoot.resolve("server/online"), // mills-online: the online client's room state machine
)

// The endgame tables, built once for every variant; each variant packs them into its own assets.
val endgameTables = tasks.register<BuildEndgameTables>("buildEndgameTables") {
    group = "rust"
    description = "Builds the endgame tables with the host's mills (cargo run), from this checkout."
    cargo.set(cargoExecutable)
    workspace.set(repoRoot)
    rustSources.from(rustSourceFiles)
    outputDirectory.set(layout.buildDirectory.dir("endgame-tables"))
}

// One pair of tasks per variant: addGeneratedSourceDirectory sets the task's output directory to
// a place of the variant's own, so a task shared by two variants would have them fight over it.
// The second variant's cargo build finds everything already built.
androidComponents {
    onVariants { variant ->
        val name = variant.name.replaceFirstChar { it.uppercase() }
        val rustLibraries = tasks.register<BuildRustLibraries>("buildRust$name") {
            group = "rust"
            description = "Builds the Rust engine (mills-ffi) for ${rustAbis.joinToString()} with cargo-ndk."
            cargo.set(cargoExecutable)
            workspace.set(repoRoot)
            abis.set(rustAbis)
            rustSources.from(rustSourceFiles)
            ndkDirectory.set(androidComponents.sdkComponents.ndkDirectory) // the NDK of ndkVersion
        }
        val kotlinBindings = tasks.register<GenerateKotlinBindings>("generate${name}Bindings") {
            group = "rust"
            description = "Generates the Kotlin bindings of mills-ffi with the workspace's uniffi-bindgen."
            cargo.set(cargoExecutable)
            workspace.set(repoRoot)
            libraries.set(rustLibraries.flatMap { it.outputDirectory })
            uniffiConfig.set(repoRoot.resolve("bindings/uniffi.toml"))
        }
        val tablesPack = tasks.register<PackEndgameTables>("pack${name}EndgameTables") {
            group = "rust"
            description = "Packs the endgame tables into the app's assets (tables.pack) with the host's mills."
            cargo.set(cargoExecutable)
            workspace.set(repoRoot)
            tables.set(endgameTables.flatMap { it.outputDirectory })
            rustSources.from(rustSourceFiles)
        }
        // a generated assets folder: the variant's asset merge runs the task first
        variant.sources.assets?.addGeneratedSourceDirectory(tablesPack, PackEndgameTables::outputDirectory)
        variant.sources.jniLibs?.addGeneratedSourceDirectory(rustLibraries, BuildRustLibraries::outputDirectory)
        // `java`, not `kotlin`: on AGP 8.x the Kotlin Gradle plugin compiles the variant's java
        // source directories (Kotlin files included) and never reads variant.sources.kotlin, so
        // bindings registered there would leave every uniffi.mills_ffi import unresolved
        variant.sources.java?.addGeneratedSourceDirectory(kotlinBindings, GenerateKotlinBindings::outputDirectory)
    }
}

dependencies {
    implementation(libs.androidx.core.ktx)
    implementation(libs.androidx.activity.compose)
    implementation(libs.androidx.lifecycle.viewmodel.compose)
    // the lifecycle observer in MainActivity
    implementation(libs.androidx.lifecycle.runtime.ktx)
    implementation(libs.androidx.compose.ui)
    implementation(libs.androidx.compose.foundation)
    implementation(libs.androidx.compose.material3)
    implementation(libs.androidx.compose.ui.tooling.preview)
    implementation(libs.kotlinx.coroutines.android)
    implementation(libs.jna) {
        artifact { type = "aar" }
    }
    debugImplementation(libs.androidx.compose.ui.tooling)
}
